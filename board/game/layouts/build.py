"""A scenario from a published layout: the table, the zones, every piece and every objective.

Every piece the dataset places becomes one of ours, in its resolver's order and with its id
(:mod:`board.game.layouts.pieces`, :mod:`board.game.layouts.sheets`); every objective marker
(``objective.position``, else the piece's centroid) a 40 mm ``objective_marker`` piece, the
markers of linked pieces (``link_group``) one objective. The scenario names the layout and
its credit in ``options["layout"]``, carries the pattern's zones in
``options["deployment"]`` (read by ``board.game.core.deploy``), the objectives' names and
links in ``options["objectives"]`` and the dataset's edition in ``options["edition"]``: all
of it plain JSON in our file, which opens and stays editable without ``wh40kdc``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from board.document.datasheet import Datasheet
from board.document.model import RuleSystem, Scenario, Side, Table, TerrainPiece
from board.game.layouts.catalogue import CREDIT, LayoutCatalogue, LayoutEntry
from board.game.layouts.pieces import placed_pieces
from board.game.layouts.placing import footprint_points
from board.game.layouts.sheets import piece_for, sheet_for

__all__ = ["OBJECTIVE_SHEET", "scenario_from_layout", "zone_polygons", "objective_markers"]

#: The shipped datasheet of an objective marker (40 mm).
OBJECTIVE_SHEET = "objective_marker"
_ROLES = {"center": "centre", "home": "home", "expansion": "expansion"}
Raw = Mapping[str, Any]


def zone_polygons(pattern: Raw) -> dict[str, list[list[float]]]:
    """Each zone of a deployment pattern, by its player, as corners on the board."""
    zones: dict[str, list[list[float]]] = {}
    for zone in pattern.get("zones") or []:
        dx, dy = float(zone["position"]["x"]), float(zone["position"]["y"])
        name = str(zone.get("player") or zone.get("name") or f"zone-{len(zones) + 1}")
        zones[name] = [[x + dx, y + dy] for x, y in footprint_points(zone["shape"])]
    return zones


def objective_markers(layout: Raw) -> list[tuple[str, float, float, str, str]]:
    """Every marker: ``(id, x, y, objective name, link group)``; linked markers share a name."""
    groups: dict[str, list[Raw]] = {}
    for piece in layout.get("pieces") or []:
        if piece.get("is_objective") or piece.get("objective_role"):
            groups.setdefault(str(piece.get("link_group") or piece.get("id")), []).append(piece)
    order = sorted(groups, key=lambda g: ["center", "home", "expansion", None].index(
        groups[g][0].get("objective_role") if groups[g][0].get("objective_role") in _ROLES
        else None))
    marks: list[tuple[str, float, float, str, str]] = []
    for number, group in enumerate(order, start=1):
        role = _ROLES.get(groups[group][0].get("objective_role") or "", "")
        name = f"Objective {number}" + (f" ({role})" if role else "")
        for piece in groups[group]:
            at = (piece.get("objective") or {}).get("position") or piece["position"]
            marks.append((f"objective-{len(marks) + 1}", float(at["x"]), float(at["y"]),
                          name, group))
    return marks


def _terrain(catalogue: LayoutCatalogue, layout: LayoutEntry) -> tuple[
        list[TerrainPiece], list[Datasheet]]:
    sheets: dict[str, Datasheet] = {}
    pieces = []
    for placed in placed_pieces(layout.raw, catalogue.templates):
        if not placed.terrain:
            continue
        sheet = sheet_for(placed, layout.id)
        sheets.setdefault(sheet.id, sheet)
        pieces.append(piece_for(placed, sheet))
    return pieces, list(sheets.values())


def scenario_from_layout(catalogue: LayoutCatalogue, layout_id: str,
                         sides: Sequence[Side]) -> Scenario:
    """The scenario of ``layout_id``: sides take the pattern's zones in its order."""
    layout = catalogue.layout(layout_id)
    pattern = catalogue.pattern(layout.pattern_id)
    pieces, sheets = _terrain(catalogue, layout)
    marks = objective_markers(layout.raw)
    pieces += [TerrainPiece(mid, OBJECTIVE_SHEET, x, y) for mid, x, y, _, _ in marks]
    polygons = zone_polygons(pattern.raw)
    options: dict[str, Any] = {
        "layout": {"id": layout.id, "name": layout.name, "pattern": pattern.name,
                   "matchup": layout.matchup, "source": "40kdc-data", "credit": CREDIT},
        "edition": layout.edition or "10th",
        "deployment": {"map": pattern.id, "name": pattern.name, "polygons": polygons,
                       "zones": dict(zip([s.id for s in sides], polygons, strict=False))},
        "objectives": {mid: {"name": name, "group": group} for mid, _, _, name, group in marks},
    }
    return Scenario(name=f"{layout.name} ({pattern.name})",
                    table=Table(layout.width, layout.height), rule_system=RuleSystem.WH40K,
                    options=options, sides=list(sides), terrain=pieces, custom_datasheets=sheets)
