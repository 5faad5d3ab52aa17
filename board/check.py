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
from board.game.core.buildings import BuildingStateError
from board.game.core.deploy import deployment_for, models_out_of_zone
from board.game.core.names import Namer
from board.game.core.units import display_unit
from board.game.core.world import WorldCache
from board.game.measuring.annotations import evaluate
from board.game.reports.summary import summarise_all
from board.game.systems.wh40k.coverage import void_shield_coverage

__all__ = ["main", "check_report", "report_lines", "CheckError"]

#: Exit status for a file that cannot be checked.
BAD_FILE = 2


class CheckError(ValueError):
    """The scenario was read but a fact cannot be worked out (the message says which)."""


def check_report(scenario: Scenario, library: Mapping[str, Datasheet]) -> dict[str, Any]:
    """Work out every fact ``battleboard check`` prints, as plain JSON values."""
    world = WorldCache(library).world_for(scenario)
    try:
        plan = deployment_for(scenario)
        names = Namer.for_world(world, scenario)
        kept = [evaluate(a, world, plan.zone, names) for a in scenario.annotations]
        buildings = summarise_all(scenario, library)
    except (ValueError, KeyError, BuildingStateError) as error:
        raise CheckError(str(error.args[0]) if error.args else str(error)) from None
    deployed = models_out_of_zone(world, plan)
    others = [{"id": a.id, "kind": a.kind} for a, r in zip(scenario.annotations, kept,
                                                           strict=True) if r is None]
    return {
        "scenario": scenario.name, "rule_system": scenario.rule_system.value,
        "unit": display_unit(scenario.rule_system),
        "measurements": [r for r in kept if r is not None],
        "other_annotations": others,
        "void_shields": [c.to_dict() | {"text": c.explain(names)}
                         for c in void_shield_coverage(world)],
        "deployment": {
            "map": plan.map.name, "zones": plan.zones,
            "side_names": {s.id: s.name for s in scenario.sides},
            "models_out": sum(len(u.out_of_zone) for u in deployed),
            "units": [u.to_dict() | {"text": u.explain(names)} for u in deployed],
        },
        "buildings": [b.to_dict() | {"lines": b.lines()} for b in buildings],
    }


def _section(title: str, lines: Sequence[str]) -> list[str]:
    return [title, *(f"  {line}" for line in lines or ["(none)"]), ""]


def report_lines(report: Mapping[str, Any]) -> list[str]:
    """The report as text, a section each."""
    unit = {"in": "inches", "cm": "centimetres"}[report["unit"]]
    out = [f"{report['scenario']} ({report['rule_system']}, distances in {unit})", ""]
    measured = []
    for m in report["measurements"]:
        measured.append(m["text"])
        measured.extend(f"  {line}" for line in m.get("lines", ()))
    measured.extend(f"{a['id']}: {a['kind']} (no verdict)" for a in report["other_annotations"])
    out += _section("Kept measurements", measured)
    out += _section("Void-shield coverage", [c["text"] for c in report["void_shields"]])
    deploy = report["deployment"]
    sides = deploy.get("side_names", {})
    zones = ", ".join(f"{sides.get(side, side)} {zone}" for side, zone in deploy["zones"].items())
    out += _section(f"Deployment: {deploy['map']} ({zones}); {deploy['models_out']} models "
                    "out of zone", [u["text"] for u in deploy["units"]])
    building_lines: list[str] = []
    for b in report["buildings"]:
        building_lines += [b["lines"][0], *(f"  {line}" for line in b["lines"][1:])]
    out += _section("Buildings", building_lines)
    return out


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
        report = check_report(scenario, library)
    except ScenarioError as error:  # its message names the file
        print(f"battleboard check: {error}", file=sys.stderr)
        return BAD_FILE
    except CheckError as error:
        print(f"battleboard check: {args.file}: {error}", file=sys.stderr)
        return BAD_FILE
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print("\n".join(report_lines(report)).rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
