"""Real army lists' bases, and importing a 2,000-point list to a painted board (not a test).

Part 1, the bases: over the real army lists (public parsers' test data, found as
tests/game/real_rosters.py says), the share of units of the board's four systems whose every
model stands on a sourced base (a datasheet, a cited row, the player's own; never a guess or
an unverified row), per system and in all; beside it in the same run, the same lists with the
datasheet source switched off (the shipped table alone), and, with ``--before DIR`` (a checkout
of an older battleboard, e.g. ``git worktree add /tmp/before 5b984ef``), that code's share on
the same files, read by its own reader.

Part 2, the import:
The real main window (every feature installed, offscreen) on the demo table (its buildings, no
units), deployed on Hammer and Anvil. The list is a
40K 7th-edition Space Marine army written as BattleScribe writes a ``.ros`` (the shapes of
``tests/game/roster_samples.py``): 2 Captains, 13 Tactical Squads of 10, 5 Devastator
Squads of 5, 4 Terminator Squads of 5, 5 Bike Squads of 3, 5 Dreadnoughts and 3 Rhinos -
200 models in 37 units, 2,000 points. The import is timed from the file on disk to the board
painted with the army deployed: reading, mapping, deploying, the one undo step pushed, the
repaint.

Beside it, in the same run, the baseline: the same 37 units added one by one as the unit
editor does (one ``AddUnitCommand`` each, the board repainted after each: the window's own
work when a player types them in), and the number of editor actions a player makes to type
them: per unit, open *Add unit*, its name, troop type, base, model count, each stat the list
gave, OK, and one drag into the deployment zone. Run from the repository root:

    python benchmarks/army_import_bench.py [--runs 5] [--before DIR] [--rosters DIR]

The first import of a run loads the 40K datasheets (``wh40kdc``, about 0.4 s): it is printed on
its own line, as a player's first import of a session pays it.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.game import roster_samples as rs  # noqa: E402


def army() -> dict:
    """The 2,000-point list (points per unit chosen to add up to 2,000)."""
    units = [rs.sel("Captain", "model", 1, [rs.profile(
        "Captain", "Unit", Unit_Type="Infantry (Character)", WS="6", BS="5", S="4", T="4",
        W="3", I="5", A="3", Ld="10", Save="3+")], pts=90, categories=["HQ"]) for _ in range(2)]
    for _ in range(13):
        units.append(rs.sel("Tactical Squad", "unit", 1, children=[
            rs.sel("Space Marine Sergeant", "model", 1, [rs._marine("Space Marine Sergeant")]),
            rs.sel("Space Marine", "model", 9, [rs._marine("Space Marine")])], pts=70,
            categories=["Troops"]))
    for _ in range(5):
        units.append(rs.sel("Devastator Squad", "unit", 1, children=[
            rs.sel("Devastator Marine", "model", 5, [rs._marine("Devastator Marine")])],
            pts=60, categories=["Heavy Support"]))
    for _ in range(4):
        units.append(rs.sel("Terminator Squad", "unit", 1, children=[
            rs.sel("Terminator", "model", 5, [rs.profile(
                "Terminator", "Unit", Unit_Type="Infantry", WS="4", BS="4", S="4", T="4",
                W="1", I="4", A="2", Ld="9", Save="2+")])], pts=40, categories=["Elites"]))
    for _ in range(5):
        units.append(rs.sel("Bike Squad", "unit", 1, children=[
            rs.sel("Space Marine Biker", "model", 3, [rs._marine("Space Marine Biker",
                                                                  t="Bike")])],
            pts=20, categories=["Fast Attack"]))
    for _ in range(5):
        units.append(rs.sel("Dreadnought", "model", 1, [rs.profile(
            "Dreadnought", "Walker", WS="4", BS="4", S="6", Front="12", Side="12", Rear="10",
            I="4", A="2", HP="3", Type="Walker")], pts=20, categories=["Elites"]))
    for _ in range(3):
        units.append(rs.sel("Rhino", "model", 1, [rs.profile(
            "Rhino", "Vehicle", BS="4", Front="11", Side="11", Rear="10", HP="3",
            Type="Tank, Transport")], pts=20, categories=["Dedicated Transport"]))
    return rs.roster("Ultramarines 2000", "Warhammer 40,000 7th Edition",
                     [rs.force("Combined Arms Detachment", "Space Marines", units)], 2000)


def editor_actions(plan: object) -> int:
    """What typing the list in takes: per unit, the form's fields, OK and a drag."""
    total = 0
    for unit in plan.units:  # type: ignore[attr-defined]
        stats = [k for k in unit.stats if k != "roster"]
        total += 1 + 1 + 1 + 1 + 1 + len(stats) + 1 + 1
    return total


#: The share counted by a battleboard's own code: run as ``python -c`` with that code first on the
#: path. A unit counts when every model's base is neither a guess nor an unverified row.
SHARE = r"""
import json, sys
from pathlib import Path
from board.document.roster import read_roster_file
from board.document.roster.bases import BaseLibrary
from board.document.model import RuleSystem
from board.game.army import mapping
folder, off = Path(sys.argv[1]), sys.argv[2] == "off"
if off:
    mapping.datasheet_source = lambda system: None
try:
    from board.game.army.game_system import list_system
except ImportError:  # older code: the system by the same words the newer code reads
    import re
    def list_system(name):
        low = name.lower()
        for system, pattern in (("horus_heresy", r"horus heresy|30,?000"), ("epic40k", r"epic"),
                                ("warhammer_fantasy", r"fantasy|old world"),
                                ("wh40k", r"^(?!.*kill ?team).*(40,?000|40k)")):
            if re.search(pattern, low):
                return RuleSystem(system), ""
        return None, ""
library, _ = BaseLibrary.load(Path(sys.argv[3]))
counts = {}
for path in sorted(folder.iterdir()):
    if path.suffix not in (".ros", ".rosz", ".json") or path.name == "SOURCES.json":
        continue
    try:
        roster = read_roster_file(path)
    except Exception:
        continue
    system, edition = list_system(roster.game_system)
    if system is None:
        continue
    for unit in roster.units:
        try:
            plan = mapping.map_unit(system, unit, library, edition)
        except TypeError:
            plan = mapping.map_unit(system, unit, library)
        if plan.count <= 0:
            continue
        good = all(m.choice.origin != "guess" and "unverified" not in m.choice.source
                   for m in plan.models) or plan.base_override is not None
        sure = good and all(m.choice.sure for m in plan.models)
        seen, ok, checked = counts.get(str(system), (0, 0, 0))
        counts[str(system)] = (seen + 1, ok + int(good), checked + int(sure))
print(json.dumps(counts))
"""


def shares(code: Path, folder: Path, off: bool = False) -> dict[str, tuple[int, int, int]]:
    """Per system, (units placed, on a sourced base, on a sourced base its source gives by
    name: "sure"), as ``code``'s battleboard counts them."""
    none = Path(tempfile.mkdtemp()) / "none.json"
    done = subprocess.run([sys.executable, "-c", SHARE, str(folder), "off" if off else "on",
                           str(none)], capture_output=True, text=True, cwd=code,
                          env={**os.environ, "PYTHONPATH": str(code)}, check=True)
    return {k: tuple(v) for k, v in json.loads(done.stdout).items()}  # type: ignore[misc]


def _share_line(label: str, counts: dict[str, tuple[int, int, int]]) -> str:
    seen = sum(v[0] for v in counts.values())
    ok = sum(v[1] for v in counts.values())
    sure = sum(v[2] for v in counts.values())
    parts = ", ".join(f"{k} {v[1]}/{v[0]}" for k, v in sorted(counts.items()))
    return (f"  {label:<38} {ok:>4} of {seen:<4} units  {100 * ok / max(seen, 1):5.1f} %  "
            f"({parts}); every base sure: {sure} ({100 * sure / max(seen, 1):.1f} %)")


def bases_part(args: argparse.Namespace) -> None:
    """Part 1: the share of units on a sourced base, now, without the datasheets, before."""
    from tests.game.real_rosters import MISSING, REAL

    folder = Path(args.rosters) if args.rosters else REAL
    if folder is None:
        print(f"bases: skipped, {MISSING}")
        return
    files = [p for p in folder.iterdir() if p.suffix in (".ros", ".rosz", ".json")]
    print(f"bases: the real army lists in {folder} ({len(files) - 1} files; units of "
          f"the board's four systems whose every model stands on a sourced base)")
    print(_share_line("now (wh40kdc + the cited table)", shares(ROOT, folder)))
    print(_share_line("now, the datasheet source off", shares(ROOT, folder, off=True)))
    if args.before:
        print(_share_line(f"before ({args.before})", shares(Path(args.before), folder)))
    print("  target: >= 95 % on a sourced base")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", help="a checkout of older code to count its share too")
    parser.add_argument("--rosters", help="the real lists' folder (default: as the tests find it)")
    parser.add_argument("--part", choices=("bases", "import", "both"), default="both")
    args = parser.parse_args()
    if args.part in ("bases", "both"):
        bases_part(args)
    if args.part in ("import", "both"):
        import_part(args)


def import_part(args: argparse.Namespace) -> None:
    """Part 2: the 2,000-point list to a painted board, beside typing it in."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["BATTLEBOARD_BASES"] = str(Path(tempfile.mkdtemp()) / "bases.json")
    from PySide6.QtWidgets import QApplication

    from benchmarks.board_bench import PaintCounter, _until_painted
    from board.document.datasheets import load_library
    from board.document.io import load_scenario
    from board.document.roster import read_roster_file
    from board.document.roster.bases import BaseLibrary
    from board.game.army.plan import import_change, plan_import
    from board.view.commands import AddUnitCommand, ApplyChangeCommand
    from board.view.window import MainWindow

    app = QApplication.instance() or QApplication([])
    path = Path(tempfile.mkdtemp()) / "Ultramarines 2000.ros"
    path.write_text(rs.to_ros(army()), encoding="utf-8")
    library = load_library()
    window = MainWindow(library)
    window.files.ask_save_changes = lambda: None  # type: ignore[method-assign, assignment, return-value]
    scenario = load_scenario(ROOT / "resources" / "scenarios" / "demo.json", library)
    scenario.units.clear()  # the demo's terrain; the army comes from the list
    # Hammer and Anvil's 24" zones: 200 models in 37 units with an inch between units and half
    # an inch between bases need some 1,100 square inches, more than Dawn of War's 72 x 12.
    scenario.options["deployment"] = "hammer_and_anvil"
    side = scenario.sides[0].id
    window.resize(1400, 900)
    window.show()
    counter = PaintCounter(window.view.viewport())
    imports, baselines = [], []
    models = units = actions = 0
    for _ in range(args.runs):
        window.show_scenario(copy.deepcopy(scenario))
        app.processEvents()
        window.view.fit_table()
        _until_painted(app, counter, -1, 0.5)
        before = counter.paints
        t0 = time.perf_counter()
        roster = read_roster_file(path)
        bases, _ = BaseLibrary.load()
        plan = plan_import(window.document.scenario, roster, side, bases)
        change = import_change(window.document, window.scene.world(), plan)
        window.undo_stack.push(ApplyChangeCommand(window.document, change, "Import"))
        window.view.viewport().update()
        _until_painted(app, counter, before, 5.0)
        imports.append(time.perf_counter() - t0)
        added = [u for u in window.document.scenario.units if u.id in change.units]
        models, units, actions = sum(len(u.models) for u in added), len(added), \
            editor_actions(plan)
        # the baseline: the same units, one editor command each, painted after each
        window.undo_stack.undo()
        _until_painted(app, counter, counter.paints, 0.5)
        t0 = time.perf_counter()
        for unit in added:
            before = counter.paints
            window.undo_stack.push(AddUnitCommand(window.document, copy.deepcopy(unit)))
            window.view.viewport().update()
            _until_painted(app, counter, before, 5.0)
        baselines.append(time.perf_counter() - t0)
    print(f"army list: {path.name}, {units} units, {models} models, 2,000 points, side {side} "
          f"of the demo table, its terrain and no units, Hammer and Anvil ({args.runs} runs)")
    print(f"  first import (loads the 40K datasheets, wh40kdc): {imports[0] * 1000:7.1f} ms; "
          f"target <= 1000 ms")
    later = imports[1:] or imports
    print(f"  import, file to painted board:   median {statistics.median(later) * 1000:7.1f} "
          f"ms  (min {min(later) * 1000:.1f}, max {max(later) * 1000:.1f}); target <= 1000 ms")
    print(f"  baseline, {units} units added one by one as the unit editor does, each painted: "
          f"median {statistics.median(baselines) * 1000:.1f} ms")
    print(f"  editor actions the import replaces: {actions} ({actions / units:.1f} a unit: "
          f"add unit, name, troop type, base, count, each stat, OK, a drag into the zone)")
    window.close()


if __name__ == "__main__":
    main()
