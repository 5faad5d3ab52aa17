"""Facings: which side of a hull or building an attacker stands in, and its armour.

The two diagonals through the corners of the hull (or of the building's local bounding box)
cut the surroundings into four arcs: ``front``, ``right``, ``rear`` and ``left``. The arc is
decided by the attacker's position (a model's base centre, a weapon's mount). An attacker
exactly on a diagonal is given the front or rear arc, never a side. Local frames follow the
document: the front faces −y at rotation 0, rotation is clockwise.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from shapely.geometry import LineString, Polygon

from geometry.footprints import place_points

__all__ = [
    "FACINGS",
    "facing_in_box",
    "hull_facing",
    "building_facing",
    "facing_edge",
    "armour_value",
]

FACINGS = ("front", "right", "rear", "left")

XY = tuple[float, float]


def _to_local(point: XY, x: float, y: float, rotation: float) -> XY:
    """Express a table point in the local frame placed at ``(x, y)`` turned by ``rotation``."""
    rad = math.radians(rotation)
    dx, dy = point[0] - x, point[1] - y
    return (dx * math.cos(rad) + dy * math.sin(rad), -dx * math.sin(rad) + dy * math.cos(rad))


def facing_in_box(local: XY, box: tuple[float, float, float, float]) -> str:
    """Name the arc a local point lies in, for a local box ``(minx, miny, maxx, maxy)``.

    Examples
    --------
    >>> box = (-2.0, -1.0, 2.0, 1.0)  # 4 wide, 2 deep: the front is the long top side
    >>> facing_in_box((0, -5), box), facing_in_box((5, 0), box), facing_in_box((0, 5), box)
    ('front', 'right', 'rear')
    >>> facing_in_box((-3, 0.5), box)
    'left'
    >>> facing_in_box((4, -2), box)  # exactly on the diagonal through a front corner
    'front'
    """
    minx, miny, maxx, maxy = box
    cx, cy = (minx + maxx) / 2.0, (miny + maxy) / 2.0
    half_w, half_d = (maxx - minx) / 2.0, (maxy - miny) / 2.0
    across, ahead = local[0] - cx, -(local[1] - cy)
    if abs(ahead) * half_w >= abs(across) * half_d - 1e-12:
        return "front" if ahead >= 0 else "rear"
    return "right" if across > 0 else "left"


def hull_facing(attacker: XY, x: float, y: float, length: float, width: float,
                facing: float) -> str:
    """Name the facing of a rectangular hull (``length`` along ``facing``) that is attacked.

    Examples
    --------
    >>> hull_facing((10, 0), 10, 10, 4, 2, 0)
    'front'
    >>> hull_facing((20, 10), 10, 10, 4, 2, 0)
    'right'
    >>> hull_facing((20, 10), 10, 10, 4, 2, 90)  # turned to face right
    'front'
    """
    local = _to_local(attacker, x, y, facing)
    return facing_in_box(local, (-width / 2.0, -length / 2.0, width / 2.0, length / 2.0))


def _local_box(footprint: Sequence[XY]) -> tuple[float, float, float, float]:
    """Return the local bounding box of a datasheet footprint."""
    xs, ys = [p[0] for p in footprint], [p[1] for p in footprint]
    return (min(xs), min(ys), max(xs), max(ys))


def building_facing(attacker: XY, footprint: Sequence[XY] | Polygon, x: float, y: float,
                    rotation: float) -> str:
    """Name the facing of a placed building that is attacked.

    ``footprint`` is the datasheet's local footprint (corners around the building's origin),
    or the placed footprint as a Shapely ``Polygon`` (taken back to the local frame with
    ``x``, ``y``, ``rotation``). Placed corners given as a plain list are refused by name.

    Examples
    --------
    >>> square = [(-2, -2), (2, -2), (2, 2), (-2, 2)]
    >>> [building_facing(p, square, 10, 10, 0) for p in [(10, 0), (20, 10), (10, 20), (0, 10)]]
    ['front', 'right', 'rear', 'left']
    >>> building_facing((10, 0), square, 10, 10, 180)  # turned round: we now see its rear
    'rear'
    >>> from geometry.footprints import place_footprint
    >>> building_facing((10, 0), place_footprint(square, 10, 10, 180), 10, 10, 180)
    'rear'
    >>> building_facing((10, 0), [(8, 8), (12, 8), (12, 12), (8, 12)], 10, 10, 0)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the footprint's corners surround (10, 10), not the origin: they look placed; ...
    """
    return facing_in_box(_to_local(attacker, x, y, rotation),
                         _local_box(_local_footprint(footprint, x, y, rotation)))


def _local_footprint(footprint: Sequence[XY] | Polygon, x: float, y: float,
                     rotation: float) -> list[XY]:
    """The footprint's local corners: a placed Polygon taken back, a list checked."""
    if isinstance(footprint, Polygon):
        return [_to_local((px, py), x, y, rotation) for px, py in footprint.exterior.coords]
    corners = [(float(px), float(py)) for px, py in footprint]
    if not corners:
        raise ValueError("a building footprint needs corners, got none")
    minx, miny, maxx, maxy = _local_box(corners)
    around_origin = minx <= 0 <= maxx and miny <= 0 <= maxy
    around_placed = minx <= x <= maxx and miny <= y <= maxy
    if around_placed and not around_origin and (x, y) != (0.0, 0.0):
        raise ValueError(f"the footprint's corners surround ({x:g}, {y:g}), not the origin: "
                         "they look placed; pass the datasheet's local footprint or the "
                         "placed Polygon")
    return corners


def facing_edge(footprint: Sequence[XY], x: float, y: float, rotation: float,
                facing: str) -> LineString:
    """Return the side of the building's local box for ``facing``, placed on the table.

    Use it as the target of :func:`geometry.sight.visible_fraction` to see how much of a
    facing is hidden.

    Examples
    --------
    >>> square = [(-2, -2), (2, -2), (2, 2), (-2, 2)]
    >>> list(facing_edge(square, 10, 10, 0, "front").coords)
    [(8.0, 8.0), (12.0, 8.0)]
    >>> facing_edge(square, 0, 0, 0, "top")
    Traceback (most recent call last):
    ...
    ValueError: unknown facing 'top'; expected front, right, rear or left
    """
    minx, miny, maxx, maxy = _local_box(footprint)
    corners = {
        "front": [(minx, miny), (maxx, miny)],
        "right": [(maxx, miny), (maxx, maxy)],
        "rear": [(maxx, maxy), (minx, maxy)],
        "left": [(minx, maxy), (minx, miny)],
    }
    if facing not in corners:
        raise ValueError(f"unknown facing {facing!r}; expected front, right, rear or left")
    return LineString(place_points(corners[facing], x, y, rotation))


def armour_value(armour: Mapping[str, int] | int, facing: str) -> int:
    """Return the Armour Value for ``facing``; a single listed value serves every facing.

    Examples
    --------
    >>> armour_value(14, "rear")
    14
    >>> armour_value({"front": 14, "right": 13, "rear": 10, "left": 13}, "rear")
    10
    >>> armour_value({"front": 14}, "rear")
    Traceback (most recent call last):
    ...
    KeyError: "no Armour Value for the rear facing; listed: ['front']"
    """
    if isinstance(armour, int):
        return armour
    if facing not in armour:
        raise KeyError(f"no Armour Value for the {facing} facing; listed: {sorted(armour)}")
    return armour[facing]
