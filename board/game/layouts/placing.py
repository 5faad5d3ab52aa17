"""Where each piece of a layout goes: the dataset's placement rule, as our pieces take it.

The dataset places a piece by its footprint's area centroid: ``board = position + R(rotation)
· M(mirror) · (v − centroid)`` (clockwise rotation, y down; ``horizontal`` mirror negates
local x, ``vertical`` negates local y), and a feature composed on an area (or parented to one)
is placed in the area's centroid frame and carried through the area's placement. Our
``TerrainPiece`` places a datasheet's local footprint by ``x, y, rotation`` the same way
(``geometry.footprints.place_footprint``), so a piece here becomes: a datasheet whose local
footprint is the template's footprint about its centroid (negated in x when the piece's net
orientation is mirrored), placed at its centroid, turned by its net rotation.

An orientation is ``(rotation, flipped)``: first negate x if ``flipped``, then turn
clockwise by ``rotation`` degrees. A vertical mirror is a horizontal one turned 180°.

>>> compose(orientation(90, "none"), orientation(270, "none"))
(0.0, False)
>>> compose(orientation(30, "horizontal"), orientation(90, "none"))  # H·R(90) = R(-90)·H
(300.0, True)
>>> orientation(0, "vertical")
(180.0, True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["Orientation", "orientation", "compose", "turn", "footprint_points", "centroid",
           "local_footprint"]

Orientation = tuple[float, bool]
XY = tuple[float, float]

_MIRRORS: dict[str, Orientation] = {"none": (0.0, False), "horizontal": (0.0, True),
                                    "vertical": (180.0, True)}


def orientation(rotation: float | None, mirror: str | None) -> Orientation:
    """A placement's orientation: mirror first, then the clockwise ``rotation``."""
    try:
        flip = _MIRRORS[mirror or "none"]
    except KeyError:
        raise ValueError(f"unknown mirror {mirror!r}; mirrors: {', '.join(_MIRRORS)}") from None
    return compose((float(rotation or 0.0) % 360.0, False), flip)


def compose(outer: Orientation, inner: Orientation) -> Orientation:
    """``outer`` after ``inner``: a feature's orientation carried by its area's."""
    turn_outer, flip_outer = outer
    turn_inner, flip_inner = inner
    net = turn_outer - turn_inner if flip_outer else turn_outer + turn_inner
    return (net % 360.0, flip_outer != flip_inner)


def turn(o: Orientation, v: XY) -> XY:
    """The vector ``v`` oriented by ``o`` (no translation)."""
    x, y = (-v[0], v[1]) if o[1] else v
    r = math.radians(o[0])
    c, s = math.cos(r), math.sin(r)
    return (c * x - s * y, s * x + c * y)


def footprint_points(fp: Mapping[str, Any]) -> list[XY]:
    """A dataset footprint's corners in its own local frame (rectangle, triangle, polygon)."""
    kind = fp.get("type")
    if kind == "rectangle":
        w, h = float(fp["width"]), float(fp["height"])
        return [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    if kind == "right-triangle":
        w, h = float(fp["width"]), float(fp["height"])
        return [(0.0, 0.0), (w, 0.0), (0.0, h)]
    if kind == "polygon":
        return [(float(p["x"]), float(p["y"])) for p in fp["points"]]
    raise ValueError(f"unknown footprint type {kind!r}")


def centroid(points: Sequence[XY]) -> XY:
    """The polygon's area centroid (the dataset's anchor; the corners' mean if it has no area).

    >>> centroid([(0, 0), (4, 0), (4, 2), (0, 2)])
    (2.0, 1.0)
    """
    twice, cx, cy = 0.0, 0.0, 0.0
    for (ax, ay), (bx, by) in zip(points, [*points[1:], points[0]], strict=True):
        cross = ax * by - bx * ay
        twice += cross
        cx += (ax + bx) * cross
        cy += (ay + by) * cross
    if twice == 0.0:
        return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
    return (cx / (3.0 * twice), cy / (3.0 * twice))


def local_footprint(fp: Mapping[str, Any], flipped: bool) -> tuple[XY, ...]:
    """The footprint about its centroid, x negated if ``flipped``: a datasheet's footprint.

    A corner repeated at once (some outlines close on their first corner) is written once:
    our polygons are simple.

    >>> local_footprint({"type": "polygon", "points": [
    ...     {"x": 0, "y": 0}, {"x": 2, "y": 0}, {"x": 2, "y": 2}, {"x": 0, "y": 0}]}, False)
    ((-1.333333333, -0.666666667), (0.666666667, -0.666666667), (0.666666667, 1.333333333))
    """
    points = footprint_points(fp)
    cx, cy = centroid(points)
    sign = -1.0 if flipped else 1.0
    placed = [(round(sign * (x - cx), 9) + 0.0, round(y - cy, 9) + 0.0) for x, y in points]
    kept = [p for k, p in enumerate(placed) if k == 0 or p != placed[k - 1]]
    return tuple(kept[:-1] if len(kept) > 1 and kept[-1] == kept[0] else kept)
