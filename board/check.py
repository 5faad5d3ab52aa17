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
#: The most model-to-target measurements one report may make: a kept ``within`` measures each
#: model of its unit, a kept ruler each pair of parts (a unit to a unit: every model to every
#: model). A real game keeps a few dozen measurements of units of at most a few dozen models
#: (a few thousand); this bound keeps ``check`` to a few seconds on any file.
MAX_MEASURED = 50_000


class CheckError(ValueError):
    """The scenario was read but a fact cannot be worked out (the message says which)."""


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


def check_report(scenario: Scenario, library: Mapping[str, Datasheet]) -> dict[str, Any]:
    """Work out every fact ``battleboard check`` prints, as plain JSON values."""
    measured = measured_count(scenario)
    if measured > MAX_MEASURED:
        raise CheckError(f"the kept measurements ask for {measured:,} model-to-target "
                         f"measurements; check makes at most {MAX_MEASURED:,}")
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
        report = check_report(scenario, library)
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
