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
from board.document.errors import ScenarioError
from board.document.io import default_library, load_scenario
from board.document.model import Scenario
from board.game.reports.report import Report, ReportError, Source, build_report

__all__ = ["main", "check_report", "report_lines", "CheckError"]

#: Exit status for a file that cannot be checked.
BAD_FILE = 2

#: A fact that cannot be worked out (the report's error, under the name check always used).
CheckError = ReportError


def check_report(scenario: Scenario, library: Mapping[str, Datasheet],
                 source: Source | None = None) -> dict[str, Any]:
    """Work out every fact ``battleboard check`` prints, as plain JSON values.

    The JSON form of :func:`board.game.reports.report.build_report`; its ``text`` member holds the
    lines ``battleboard check`` prints.
    """
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``battleboard check``; return the exit status (2 for a bad file)."""
    args = _parse(argv)
    try:
        library = default_library()
        scenario = load_scenario(args.file, library)
        report = build_report(scenario, library, source=Source.of_file(args.file))
    except ScenarioError as error:  # its message names the file
        print(f"battleboard check: {error}", file=sys.stderr)
        return BAD_FILE
    except CheckError as error:
        print(f"battleboard check: {args.file}: {error}", file=sys.stderr)
        return BAD_FILE
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
    else:
        print("\n".join(report.lines()).rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
