"""What a layout's preview shows, Qt-free: the table, the zones, each piece, each objective.

The dialog's painter (``board.view.layouts.preview``) only draws these polygons and points;
they are the built scenario's own (so the preview is the table the player will get).
"""

from __future__ import annotations

from dataclasses import dataclass

from board.document.datasheet import TerrainKind
from board.document.model import Scenario
from board.game.core.deploy import DeploymentError, deployment_for
from board.game.layouts.build import OBJECTIVE_SHEET
from geometry.footprints import place_points

__all__ = ["LayoutPreview", "preview_of"]

XY = tuple[float, float]


@dataclass(frozen=True)
class LayoutPreview:
    """A layout in plain numbers: ``areas``, ``ruins`` and ``solid`` pieces, zones, markers."""

    width: float
    height: float
    zones: tuple[tuple[str, tuple[XY, ...]], ...]  # (side id, corners)
    areas: tuple[tuple[XY, ...], ...]
    ruins: tuple[tuple[XY, ...], ...]
    solid: tuple[tuple[XY, ...], ...]
    objectives: tuple[XY, ...]


def _zones(scenario: Scenario) -> tuple[tuple[str, tuple[XY, ...]], ...]:
    try:
        plan = deployment_for(scenario)
    except DeploymentError:
        return ()
    found = []
    for side, name in plan.zones.items():
        zone = plan.zone(name)
        if hasattr(zone, "exterior"):
            found.append((side, tuple((float(x), float(y)) for x, y in zone.exterior.coords)))
    return tuple(found)


def preview_of(scenario: Scenario) -> LayoutPreview:
    """The preview of a scenario built from a layout (any scenario, in fact)."""
    sheets = {s.id: s for s in scenario.custom_datasheets}
    kinds: dict[str, list[tuple[XY, ...]]] = {"area": [], "ruins": [], "solid": []}
    marks = []
    for piece in scenario.terrain:
        if piece.datasheet == OBJECTIVE_SHEET:
            marks.append((piece.x, piece.y))
            continue
        sheet = sheets.get(piece.datasheet)
        if sheet is None or len(sheet.footprint) < 3:
            continue
        corners = tuple(place_points(sheet.footprint, piece.x, piece.y, piece.rotation))
        key = {TerrainKind.AREA: "area", TerrainKind.RUINS: "ruins"}.get(sheet.kind, "solid")
        kinds[key].append(corners)
    return LayoutPreview(scenario.table.width, scenario.table.height, _zones(scenario),
                         tuple(kinds["area"]), tuple(kinds["ruins"]), tuple(kinds["solid"]),
                         tuple(marks))
