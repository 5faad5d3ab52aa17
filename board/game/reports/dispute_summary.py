r"""The written summary that goes with an exported view: what is drawn, and the kept facts.

An exported picture settles a dispute only if the numbers are written beside it. The
summary has three parts:

- what the tools on the board show now (each overlay gives a title and its lines: a ruler's
  distance, a within verdict per model, the rays' visible fractions and cover);
- the kept measurements (annotations) re-measured now, with their verdicts;
- the deployment map and the models out of zone.

>>> from board.document.model import Scenario
>>> lines = summary_lines(Scenario(name="Empty"), {}, [("Ruler", ["a to b: 6.02\""])])
>>> print("\n".join(lines))
Empty (wh40k, distances in inches)
<BLANKLINE>
On the board
  Ruler
    a to b: 6.02"
<BLANKLINE>
Kept measurements
  (none)
<BLANKLINE>
Deployment: Dawn of War (); 0 models out of zone
  (none)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from board.check import CheckError, check_report
from board.document.datasheet import Datasheet
from board.document.model import Scenario

__all__ = ["OverlayNote", "summary_lines"]

#: What one overlay on the board says: a title and its lines.
OverlayNote = tuple[str, Sequence[str]]


def _section(title: str, lines: Sequence[str]) -> list[str]:
    return [title, *(f"  {line}" for line in lines or ["(none)"]), ""]


def _overlay_lines(notes: Sequence[OverlayNote]) -> list[str]:
    lines: list[str] = []
    for title, said in notes:
        lines.append(title)
        lines += [f"  {line}" for line in said]
    return lines


def summary_lines(scenario: Scenario, library: Mapping[str, Datasheet],
                  overlays: Sequence[OverlayNote]) -> list[str]:
    """Return the summary as lines (no trailing blank line).

    ``library`` must hold the datasheets of the scenario's pieces (its custom ones too).
    When the kept facts cannot be worked out the summary says why instead of them.
    """
    unit = "centimetres" if scenario.rule_system.uses_cm else "inches"
    out = [f"{scenario.name} ({scenario.rule_system.value}, distances in {unit})", ""]
    out += _section("On the board", _overlay_lines(overlays))
    try:
        report = check_report(scenario, library)
    except CheckError as error:
        return [*out, f"Kept facts cannot be worked out: {error}"]
    measured: list[str] = []
    for m in report["measurements"]:
        measured += [m["text"], *(f"  {line}" for line in m.get("lines", ()))]
    out += _section("Kept measurements", measured)
    deploy = report["deployment"]
    sides = deploy.get("side_names", {})
    zones = ", ".join(f"{sides.get(side, side)} {zone}" for side, zone in deploy["zones"].items())
    out += _section(f"Deployment: {deploy['map']} ({zones}); {deploy['models_out']} models "
                    "out of zone", [u["text"] for u in deploy["units"] if u["out"]])
    return out[:-1]
