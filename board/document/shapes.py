"""The few shape facts the document checks when it reads a file, and the placement transform.

Coordinates are inches; angles are degrees clockwise on screen (y runs down the table), so
turning the up vector ``(0, -1)`` by 90° gives ``(1, 0)``.

Each check first asks whether the answer is certain in plain Python: a datasheet's outline of
a few corners whose edges clearly keep apart, a door clearly on its wall, parts whose boxes
do not overlap. Only a sign that rounding cannot flip counts (:func:`orientation`), so a
"yes" here is the answer Shapely gives too. Anything else (a crossing, a doubtful corner, a
polygon of many vertices, a refusal and its numbers) is measured by Shapely as before
(:mod:`board.document.shapes_shapely`, imported then). Reading the shipped datasheets and the
demo so needs neither Shapely nor numpy: the launch does without them (``docs/paint.md``).

>>> check_simple_polygon([(0, 0), (2, 0), (2, 2), (0, 2)], "footprint")
>>> check_simple_polygon([(0, 0), (2, 2), (2, 0), (0, 2)], "footprint")
Traceback (most recent call last):
...
board.document.errors.ScenarioError: footprint: the polygon is not simple: its edges cross at (1, 1)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from types import ModuleType

from board.document.tolerances import OVERLAP_TOLERANCE
from geometry.plane import rotate_point

__all__ = [
    "check_simple_polygon",
    "check_near_outline",
    "check_within",
    "check_no_overlap",
    "rotate_point",
    "place_point",
    "orientation",
    "surely_simple",
]

Pt = tuple[float, float]

#: The most corners (or parts) answered in plain Python; more go to Shapely's indexes.
PLAIN_MOST = 64
#: Coordinates answered in plain Python are at most this far from the origin, inches.
PLAIN_REACH = 1e4
#: A polygon answered in plain Python has at least this area (square inches): far above
#: :data:`~board.document.tolerances.NO_AREA` even after rounding.
PLAIN_AREA = 1e-3
#: How far inside a tolerance a plain distance must be to be taken, inches (rounding is
#: some 1e-12 at :data:`PLAIN_REACH`).
PLAIN_MARGIN = 1e-7
#: The relative error an orientation's sign must stand clear of (rounding is below 1e-15).
_SURE = 1e-9


def _shapely() -> ModuleType:
    """The Shapely checks (Shapely and numpy imported at the first doubtful case)."""
    from board.document import shapes_shapely

    return shapes_shapely


def orientation(a: Pt, b: Pt, c: Pt) -> int:
    """``1`` if ``a, b, c`` turn one way, ``-1`` the other, ``0`` if rounding could decide.

    The sign of the cross product, taken only when it stands clear of every rounding error
    of its computation (Shewchuk's bound is some 3e-16 of the terms' size; this asks 1e-9).

    >>> orientation((0, 0), (1, 0), (0, 1)), orientation((0, 0), (1, 0), (2, 0))
    (1, 0)
    >>> orientation((0, 0), (1, 0), (2, 1e-12))  # a slight turn, surely one way
    1
    >>> orientation((0.1, 0.03), (0.3, 0.09), (0.2, 0.06))  # one line; rounded, -8.7e-19
    0
    """
    left = (a[0] - c[0]) * (b[1] - c[1])
    right = (a[1] - c[1]) * (b[0] - c[0])
    det = left - right
    if abs(det) > _SURE * (abs(left) + abs(right)):
        return 1 if det > 0 else -1
    return 0


def _apart(p1: Pt, p2: Pt, q1: Pt, q2: Pt) -> bool:
    """Whether the segments ``p1p2`` and ``q1q2`` surely share no point."""
    if (max(p1[0], p2[0]) < min(q1[0], q2[0]) or max(q1[0], q2[0]) < min(p1[0], p2[0])
            or max(p1[1], p2[1]) < min(q1[1], q2[1]) or max(q1[1], q2[1]) < min(p1[1], p2[1])):
        return True
    side = orientation(p1, p2, q1)
    if side != 0 and side == orientation(p1, p2, q2):
        return True
    side = orientation(q1, q2, p1)
    return side != 0 and side == orientation(q1, q2, p2)


def _plain(points: Sequence[Pt], most: int = PLAIN_MOST) -> bool:
    """Whether ``points`` are few and finite and near enough to be answered in plain Python."""
    return len(points) <= most and all(
        isinstance(v, int | float) and abs(v) <= PLAIN_REACH for p in points for v in p[:2])


def surely_simple(points: Sequence[Pt]) -> bool:
    """Whether the outline through ``points`` is surely a simple polygon of clear area.

    ``False`` means "not sure", not "not simple": the caller then asks Shapely. Sure takes a
    few corners (:data:`PLAIN_MOST`) within :data:`PLAIN_REACH`, an area of at least
    :data:`PLAIN_AREA`, each corner turning clearly (no doubling back, no repeated point) and
    every two edges not side by side clearly apart.

    >>> surely_simple([(0, 0), (4, 0), (4, 2), (2, 2), (2, 4), (0, 4)])
    True
    >>> surely_simple([(0, 0), (2, 0), (4, 0), (4, 2)])  # a straight corner: Shapely decides
    False
    """
    n = len(points)
    if n < 3 or not _plain(points):
        return False
    area2 = 0.0
    for k in range(n):
        (x1, y1), (x2, y2) = points[k - 1][:2], points[k][:2]
        area2 += x1 * y2 - x2 * y1
    if not abs(area2) / 2.0 >= PLAIN_AREA:
        return False
    edges = [(points[k - 1], points[k]) for k in range(n)]  # edge k ends at corner k
    for k in range(n):
        if orientation(points[k - 2], points[k - 1], points[k]) == 0:
            return False
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue  # the first and last edges meet at the first corner
            if not _apart(*edges[i], *edges[j]):
                return False
    return True


def check_simple_polygon(points: Sequence[Pt], where: str) -> None:
    """Refuse an outline that is not a simple polygon of positive area.

    Parameters
    ----------
    points
        The vertices, in order, not repeating the first at the end.
    where
        The JSON location named in the error.
    """
    if not surely_simple(points):
        _shapely().check_simple_polygon(points, where)


def _to_segment(p: Pt, a: Pt, b: Pt) -> float:
    """The distance from ``p`` to the segment ``ab``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0.0 else ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2
    t = min(1.0, max(0.0, t))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


def _to_walls(point: Pt, outline: Sequence[Pt]) -> float:
    return min(_to_segment(point, outline[k - 1], outline[k]) for k in range(len(outline)))


def _inside(point: Pt, outline: Sequence[Pt]) -> bool:
    """Whether ``point`` is inside ``outline`` (even-odd; for a point clear of the walls)."""
    x, y = point
    inside = False
    for k in range(len(outline)):
        (x1, y1), (x2, y2) = outline[k - 1][:2], outline[k][:2]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def check_near_outline(point: Pt, outline: Sequence[Pt], tolerance: float, where: str) -> None:
    """Refuse a door or firing slit more than ``tolerance`` inches from the outline."""
    if _plain([point, *outline], PLAIN_MOST + 1) and len(outline) >= 3 \
            and _to_walls(point, outline) <= tolerance - PLAIN_MARGIN:
        return
    _shapely().check_near_outline(point, outline, tolerance, where)


def check_within(point: Pt, outline: Sequence[Pt], tolerance: float, where: str) -> None:
    """Refuse a point more than ``tolerance`` inches outside the footprint."""
    if _plain([point, *outline], PLAIN_MOST + 1) and len(outline) >= 3:
        walls = _to_walls(point, outline)
        if walls <= tolerance - PLAIN_MARGIN or (
                walls > PLAIN_MARGIN and surely_simple(outline) and _inside(point, outline)):
            return
    _shapely().check_within(point, outline, tolerance, where)


def _box(points: Sequence[Pt]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _boxes_share(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
                 ) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def check_no_overlap(outlines: Mapping[str, Sequence[Pt]], where: str) -> None:
    """Refuse two outlines (by name) that overlap; touching along an edge is fine.

    Outlines whose boxes share less than half :data:`OVERLAP_TOLERANCE` surely overlap by
    less (parts side by side); any other pair, or many parts, are measured by Shapely (only
    the pairs whose boxes meet, through its index).
    """
    names = list(outlines)
    if len(names) <= PLAIN_MOST and all(_plain(outlines[n]) and outlines[n] for n in names):
        boxes = [_box(outlines[n]) for n in names]
        if all(_boxes_share(boxes[i], boxes[j]) < OVERLAP_TOLERANCE / 2
               for i in range(len(boxes)) for j in range(i + 1, len(boxes))):
            return
    _shapely().check_no_overlap(outlines, where)


def place_point(point: Pt, x: float, y: float, rotation: float) -> Pt:
    """Map a point of a datasheet's local frame to the table for a piece at ``(x, y)``.

    >>> place_point((1.0, 0.0), 10.0, 5.0, 180.0)
    (9.0, 5.0)
    """
    rx, ry = rotate_point(point, rotation)
    return (round(x + rx, 12), round(y + ry, 12))
