"""``battleboard import-list ROSTER SCENARIO.json --side SIDE [--out FILE]``: bring an army.

Reads a BattleScribe (``.ros``, ``.rosz``) or New Recruit (JSON) list, maps every unit onto
the scenario's rule system (troop type, bases from the library and the player's corrections,
stats), deploys it in the side's zone and writes the scenario (to ``--out``, else back to
``SCENARIO.json``). Prints what each unit became and every entry it could not map, with why
(``docs/army-lists.md``). ``--dry-run`` prints without writing. A list made for another
game system than the scenario's is refused unless ``--any-system``; a different list onto a
side that holds an imported army is added beside it unless ``--replace``. A list or scenario
that cannot be used prints one line on stderr, exits with status 2 and writes nothing. Never
imports Qt.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from board.document.edits import ScenarioDocument
from board.document.errors import MAX_MESSAGE, ScenarioError, clip, one_line
from board.document.io import default_library, load_scenario, save_scenario
from board.document.roster import read_roster_file
from board.document.roster.bases import BaseLibrary
from board.game.army.plan import ImportError_, WrongSystem, import_change, plan_import
from board.game.army.report import plan_lines
from board.game.core.world import WorldCache

__all__ = ["main", "BAD_INPUT"]

#: Exit status for a list or scenario that cannot be used.
BAD_INPUT = 2


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="battleboard import-list",
        description="Import a BattleScribe (.ros, .rosz) or New Recruit (JSON) army list into "
                    "a scenario, deployed in the side's zone.")
    parser.add_argument("roster", type=Path, help="the army list (.ros, .rosz or .json)")
    parser.add_argument("scenario", type=Path, help="the scenario file")
    parser.add_argument("--side", required=True, help="the id of the side the army is for")
    parser.add_argument("--out", type=Path, help="write here (default: the scenario file)")
    parser.add_argument("--dry-run", action="store_true", help="print the plan, write nothing")
    parser.add_argument("--any-system", action="store_true",
                        help="import a list made for another game system than the scenario's")
    parser.add_argument("--replace", action="store_true",
                        help="take the side's other imported armies off the board (by default "
                             "a different list is added beside them)")
    return parser.parse_args(argv)


def _refuse(text: str) -> int:
    print(f"battleboard import-list: {clip(one_line(text), MAX_MESSAGE)}", file=sys.stderr)
    return BAD_INPUT


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``battleboard import-list``; return the exit status (2 for bad input)."""
    args = _parse(argv)
    try:
        roster = read_roster_file(args.roster)
        library = default_library()
        scenario = load_scenario(args.scenario, library)
        bases, problem = BaseLibrary.load()
        if problem:
            print(f"battleboard import-list: {problem}", file=sys.stderr)
        plan = plan_import(scenario, roster, args.side, bases, any_system=args.any_system,
                           replace=args.replace)
        document = ScenarioDocument(scenario)
        world = WorldCache(library).world_for(scenario)
        change = import_change(document, world, plan)
        lines = plan_lines(plan)
        if not args.dry_run:
            document.apply_change(change)
            out = args.out or args.scenario
            save_scenario(document.scenario, out)
            lines.append(f"written to {out}")
    except ScenarioError as error:  # names the file
        return _refuse(str(error))
    except WrongSystem as error:
        return _refuse(f"{args.roster}: {error} (--any-system imports it all the same)")
    except ImportError_ as error:
        return _refuse(f"{args.roster}: {error}")
    except Exception as error:  # a bug: still one line, never a traceback
        return _refuse(f"{args.roster}: cannot import this list ({type(error).__name__}: "
                       f"{error})")
    try:
        print("\n".join(lines))
    except (OSError, UnicodeError) as error:  # a closed pipe, a terminal that cannot show it
        return _refuse(f"cannot print the plan ({error})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
