"""``battleboard check FILE [--json]``: the facts of a saved scenario, without a window.

Prints every kept measurement (``ruler`` and ``within`` annotations) with its numbers and
verdict, the void-shield coverage of every unit, the models out of their side's deployment
zone, and each building's state (``docs/check.md``). ``--json`` prints the same as one JSON
object. A file that cannot be read, or whose measurements, deployment option or building
state cannot be used, prints the reason on stderr and exits with status 2. Never imports Qt.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from board.document.datasheet import Datasheet
from board.document.errors import MAX_MESSAGE, ScenarioError, clip, one_line
from board.document.io import default_library, load_scenario
from board.document.model import Scenario
from board.game.reports.report import Report, ReportError, Source, build_report

__all__ = ["main", "check_report", "report_lines", "CheckError"]

#: Exit status for a file that cannot be checked.
BAD_FILE = 2
#: The most model-to-target measurements one report may make: a kept ``within`` measures each
#: model of its unit, a kept ruler each pair of parts (a unit to a unit: every model to every
#: model). A real game keeps a few dozen measurements of units of at most a few dozen models
#: (a few thousand); this bound keeps ``check`` to a few seconds on any file.
MAX_MEASURED = 50_000

#: A fact that cannot be worked out (the report's error, under the name check always used).
CheckError = ReportError


def _parts(target: object, models: Mapping[str, int]) -> int:
    """How many parts a kept measurement's target has (a unit: its models; else 1)."""
    if isinstance(target, dict) and target.get("type") == "unit":
        return models.get(str(target.get("id")), 1)
    return 1


def measured_count(scenario: Scenario) -> int:
    """How many model-to-target measurements the kept measurements ask for (see MAX_MEASURED)."""
    models = {u.id: len(u.models) for u in scenario.units}
    total = 0
    for annotation in scenario.annotations:
        data = annotation.data
        if annotation.kind == "within":
            total += models.get(str(data.get("unit")), 1)
        elif annotation.kind == "ruler":
            total += _parts(data.get("from"), models) * _parts(data.get("to"), models)
    return total


def check_measured(scenario: Scenario) -> None:
    """Refuse a file whose kept measurements ask for more than :data:`MAX_MEASURED`."""
    measured = measured_count(scenario)
    if measured > MAX_MEASURED:
        raise CheckError(f"the kept measurements ask for {measured:,} model-to-target "
                         f"measurements; check makes at most {MAX_MEASURED:,}")


def check_report(scenario: Scenario, library: Mapping[str, Datasheet],
                 source: Source | None = None) -> dict[str, Any]:
    """Work out every fact ``battleboard check`` prints, as plain JSON values.

    The JSON form of :func:`board.game.reports.report.build_report`; its ``text`` member holds the
    lines ``battleboard check`` prints.
    """
    check_measured(scenario)
    return build_report(scenario, library, source=source).to_dict()


def report_lines(report: Report | Mapping[str, Any]) -> list[str]:
    """The report as text, a section each (for a :func:`check_report` dict, its ``text``)."""
    if isinstance(report, Report):
        return report.lines()
    return list(report["text"])


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="battleboard check",
        description="Print the measurements, void-shield coverage, deployment and buildings "
                    "of a saved scenario.")
    parser.add_argument("file", type=Path, help="the scenario file")
    parser.add_argument("--json", action="store_true", help="print the facts as JSON")
    return parser.parse_args(argv)


def _refuse(text: str) -> int:
    """Print the one line of a refusal on stderr; return the exit status for a bad file."""
    print(f"battleboard check: {clip(one_line(text), MAX_MESSAGE)}", file=sys.stderr)
    return BAD_FILE


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``battleboard check``; return the exit status (2 for a bad file).

    Every refusal is one line on stderr and status 2, never a traceback; ``--json`` prints
    strict JSON (a number that is not finite is refused rather than printed as ``Infinity``).
    """
    args = _parse(argv)
    try:
        library = default_library()
        scenario = load_scenario(args.file, library)
        report = check_report(scenario, library, Source.of_file(args.file))
        if args.json:
            text = json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False)
        else:
            text = "\n".join(report_lines(report)).rstrip()
    except ScenarioError as error:  # its message names the file
        return _refuse(str(error))
    except CheckError as error:
        return _refuse(f"{args.file}: {error}")
    except ValueError as error:
        return _refuse(f"{args.file}: the report cannot be written as strict JSON ({error})")
    except Exception as error:  # a bug: still one line, never a traceback
        return _refuse(f"{args.file}: cannot check this file ({type(error).__name__}: {error})")
    try:
        print(text)
    except (OSError, UnicodeError) as error:
        return _refuse(f"cannot print the report ({error})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
