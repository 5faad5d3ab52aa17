"""The objective markers on the table: which pieces they are, their names and links.

A marker is a terrain piece whose datasheet is tagged ``objective`` (the shipped 40 mm
``objective_marker``, which any rule system may place from the palette). A layout names its
markers and links them (``options["objectives"]``: piece id → ``{"name", "group"}``):
markers of one group are one objective. A marker without an entry is an objective of its
own, "Objective N" in table order.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from board.document.datasheet import Datasheet
from board.document.model import Scenario
from board.game.core.world import World
from geometry import Circle

__all__ = ["OBJECTIVE_TAG", "MARKER_MM", "Objective", "objectives_of", "any_marker"]

#: The datasheet tag of an objective marker.
OBJECTIVE_TAG = "objective"
#: The shipped marker's diameter (the rulebooks' recommended 40 mm round marker).
MARKER_MM = 40.0


@dataclass(frozen=True)
class Objective:
    """One objective: its name and its markers (``piece id`` → the marker's circle)."""

    name: str
    markers: tuple[tuple[str, Circle], ...]


def _radius(world: World, piece_id: str) -> float:
    piece = world.pieces[piece_id]
    if piece.sheet.id == "objective_marker":
        return MARKER_MM / 25.4 / 2.0
    c = piece.footprint.centroid
    return max(math.dist((c.x, c.y), p) for p in piece.footprint.exterior.coords)


def objectives_of(scenario: Scenario, world: World) -> tuple[Objective, ...]:
    """Every objective on the table, in the order of their first marker."""
    named = scenario.options.get("objectives")
    named = named if isinstance(named, Mapping) else {}
    groups: dict[str, tuple[str, list[tuple[str, Circle]]]] = {}
    count = 0
    for piece in scenario.terrain:
        shapes = world.pieces.get(piece.id)
        if shapes is None or OBJECTIVE_TAG not in shapes.sheet.tags:
            continue
        raw = named.get(piece.id)
        entry: Mapping[str, object] = raw if isinstance(raw, Mapping) else {}
        group = str(entry.get("group") or piece.id)
        if group not in groups:
            count += 1
            groups[group] = (str(entry.get("name") or f"Objective {count}"), [])
        groups[group][1].append((piece.id, Circle(piece.x, piece.y, _radius(world, piece.id))))
    return tuple(Objective(name, tuple(marks)) for name, marks in groups.values())


def any_marker(scenario: Scenario, library: Mapping[str, Datasheet]) -> bool:
    """Whether a piece on the table is an objective marker, asked of the datasheets alone.

    The pieces :func:`objectives_of` finds, without building the table's geometry: the
    scenario's own datasheets first, then ``library``'s (as the world looks them up).

    >>> from board.document.io import default_library
    >>> from board.document.model import TerrainPiece
    >>> marker = TerrainPiece("obj", "objective_marker", 30.0, 22.0)
    >>> library = default_library()
    >>> any_marker(Scenario(terrain=[marker]), library), any_marker(Scenario(), library)
    (True, False)
    """
    custom = {sheet.id: sheet for sheet in scenario.custom_datasheets}
    for piece in scenario.terrain:
        sheet = custom.get(piece.datasheet)
        if sheet is None:
            sheet = library.get(piece.datasheet)
        if sheet is not None and OBJECTIVE_TAG in sheet.tags:
            return True
    return False
