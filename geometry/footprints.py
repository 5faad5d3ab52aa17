"""Footprints: bases, hulls and building footprints placed on the table.

All lengths are inches unless a name says ``_mm``. The table origin is the top-left corner,
x to the right, y down; angles are degrees clockwise on screen, and a facing or rotation of 0
points up the table (−y). A local frame (a datasheet's, a hull's) is placed on the table by
rotating it clockwise about its origin by ``rotation`` and moving the origin to ``(x, y)``.

Round bases stay :class:`Circle` objects (centre and radius) so that distances to them are
exact; :meth:`Circle.polygon` builds a polygon only where one is needed (drawing, unions), with
enough segments that it departs from the true circle by less than ``tolerance`` inches.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from geometry.ellipse import Ellipse, remember_ellipse
from geometry.plane import CM_PER_INCH, MM_PER_INCH, rotate_point

__all__ = [
    "MM_PER_INCH",
    "CM_PER_INCH",
    "POLYGON_TOLERANCE",
    "Circle",
    "RoundBases",
    "Shape",
    "quad_segs_for",
    "round_base",
    "oval_base",
    "hull",
    "rectangular_base",
    "place",
    "place_footprint",
    "place_points",
    "rotate_point",
    "model_footprint",
    "as_geometry",
    "named_models",
]

#: Largest gap, inches, allowed between a polygonised curve and the true curve.
POLYGON_TOLERANCE = 0.0005

LocalPoint = tuple[float, float]


def quad_segs_for(radius: float, tolerance: float = POLYGON_TOLERANCE) -> int:
    """Segments per quarter circle so a polygon departs from the arc by < ``tolerance``.

    Parameters
    ----------
    radius : float
        Radius of the arc, inches.
    tolerance : float
        Largest allowed sagitta (chord-to-arc gap), inches.

    Examples
    --------
    >>> quad_segs_for(0.63)
    20
    >>> quad_segs_for(12.0)
    87
    >>> quad_segs_for(0.0)
    1
    """
    if radius <= tolerance:
        return 1
    half_angle = math.acos(1.0 - tolerance / radius)
    return max(1, math.ceil(math.pi / (4.0 * half_angle)))


@dataclass(frozen=True, slots=True)
class Circle:
    """A round base or a round marker: centre ``(x, y)`` and ``radius``, inches.

    Examples
    --------
    >>> c = Circle(1.0, 2.0, 0.5)
    >>> c.centre
    (1.0, 2.0)
    >>> abs(c.polygon().area - math.pi * 0.25) < 0.002
    True
    """

    x: float
    y: float
    radius: float

    def __post_init__(self) -> None:
        if not self.radius >= 0.0:
            raise ValueError(f"a circle needs a radius >= 0 inches, got {self.radius!r}")

    @property
    def centre(self) -> tuple[float, float]:
        """The centre ``(x, y)``, inches."""
        return (self.x, self.y)

    def polygon(self, tolerance: float = POLYGON_TOLERANCE) -> Polygon:
        """Return the circle as a polygon whose edges are within ``tolerance`` inches of the arc."""
        segs = quad_segs_for(self.radius, tolerance)
        return Point(self.x, self.y).buffer(self.radius, quad_segs=segs)


#: Anything the measuring functions accept: an exact circle or any Shapely geometry.
Shape = Circle | BaseGeometry


class RoundBases(Sequence[Circle]):
    """Round bases given as an (n, 3) array of centre x, y and radius: a sequence of circles.

    Vectorised code reads :attr:`xyr` directly; a :class:`Circle` is only made for a base
    asked for one by one.

    Examples
    --------
    >>> bases = RoundBases([[0.0, 1.0, 0.5], [3.0, 4.0, 0.5]])
    >>> len(bases), bases[1]
    (2, Circle(x=3.0, y=4.0, radius=0.5))
    """

    def __init__(self, xyr: object) -> None:
        self.xyr = np.asarray(xyr, dtype=np.float64).reshape(-1, 3)

    def __len__(self) -> int:
        return len(self.xyr)

    def __getitem__(self, i):  # type: ignore[no-untyped-def, override]
        """The base (or bases, for a slice) at ``i``."""
        if isinstance(i, slice):
            return RoundBases(self.xyr[i])
        x, y, r = self.xyr[i].tolist()
        return Circle(x, y, r)


def as_geometry(shape: Shape) -> BaseGeometry:
    """Return a Shapely geometry for ``shape`` (circles become fine polygons).

    Examples
    --------
    >>> as_geometry(Circle(0, 0, 1)).geom_type
    'Polygon'
    >>> as_geometry(Point(1, 1)).geom_type
    'Point'
    """
    return shape.polygon() if isinstance(shape, Circle) else shape


def round_base(x: float, y: float, diameter_mm: float) -> Circle:
    """Build a round base of ``diameter_mm`` millimetres centred at ``(x, y)`` inches.

    Examples
    --------
    >>> round_base(10, 10, 32)
    Circle(x=10.0, y=10.0, radius=0.6299212598425197)
    >>> round_base(0, 0, -5)
    Traceback (most recent call last):
    ...
    ValueError: a base needs a diameter > 0 mm, got -5
    """
    if not diameter_mm > 0:
        raise ValueError(f"a base needs a diameter > 0 mm, got {diameter_mm!r}")
    return Circle(float(x), float(y), diameter_mm / MM_PER_INCH / 2.0)


def place(geometry: BaseGeometry, x: float, y: float, rotation: float) -> BaseGeometry:
    """Place a geometry given in a local frame: rotate clockwise about the origin, then move.

    Examples
    --------
    >>> place(Point(0, -1), 10, 10, 90).coords[0]
    (11.0, 10.0)
    """
    turned = affinity.rotate(geometry, rotation, origin=(0.0, 0.0)) if rotation else geometry
    return affinity.translate(turned, x, y)


def place_points(
    points: Iterable[LocalPoint], x: float, y: float, rotation: float
) -> list[tuple[float, float]]:
    """Place local points (access points, fire points, weapon mounts) on the table.

    Rotation is clockwise on screen with y down, so the local front (0, −1) turned by 90°
    points right (+x).

    Examples
    --------
    >>> place_points([(0, -1), (1, 0)], 10, 10, 90)
    [(11.0, 10.0), (10.0, 11.0)]
    >>> place_points([], 0, 0, 0)
    []
    """
    placed = []
    for point in points:
        rx, ry = rotate_point(point, rotation)
        placed.append((_clean(x + rx), _clean(y + ry)))
    return placed


def _clean(value: float) -> float:
    """Snap values within 1e-12 of an integer (rotation noise) to the integer."""
    nearest = round(value)
    return float(nearest) if abs(value - nearest) < 1e-12 else value


def place_footprint(
    points: Sequence[LocalPoint], x: float, y: float, rotation: float
) -> Polygon:
    """Place a datasheet footprint (local inches) at ``(x, y)`` turned by ``rotation``.

    Examples
    --------
    >>> square = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
    >>> place_footprint(square, 5, 5, 0).bounds
    (4.0, 4.0, 6.0, 6.0)
    >>> place_footprint([(0, 0), (1, 0)], 0, 0, 0)
    Traceback (most recent call last):
    ...
    ValueError: a footprint needs at least 3 corners, got 2
    """
    if len(points) < 3:
        raise ValueError(f"a footprint needs at least 3 corners, got {len(points)}")
    polygon = Polygon(place_points(points, x, y, rotation))
    if not polygon.is_valid:
        reason = shapely.is_valid_reason(polygon)
        raise ValueError(f"footprint corners {list(points)} do not make a simple polygon: {reason}")
    if polygon.area <= 0.0:
        raise ValueError(f"a footprint must enclose an area, got corners {list(points)}")
    return polygon


def hull(x: float, y: float, length: float, width: float, facing: float) -> Polygon:
    """Build a rectangular vehicle hull, ``length`` along ``facing`` × ``width``, inches.

    Examples
    --------
    >>> hull(10, 10, 4, 2, 0).bounds
    (9.0, 8.0, 11.0, 12.0)
    >>> hull(10, 10, 4, 2, 90).bounds
    (8.0, 9.0, 12.0, 11.0)
    """
    _check_size(length, width, "in")
    half_l, half_w = length / 2.0, width / 2.0
    corners = [(-half_w, -half_l), (half_w, -half_l), (half_w, half_l), (-half_w, half_l)]
    return Polygon(place_points(corners, x, y, facing))


def oval_base(
    x: float, y: float, length_mm: float, width_mm: float, facing: float,
    tolerance: float = POLYGON_TOLERANCE,
) -> Polygon:
    """Build an oval base ``length_mm`` (along ``facing``) × ``width_mm`` centred at ``(x, y)``.

    The ellipse is a polygon whose vertices lie on it and whose edges stay within
    ``tolerance`` inches of it (for drawing, unions and sight). The exact ellipse is kept
    beside it (:func:`geometry.ellipse.ellipse_of`), and distances, "within" and "wholly
    within" measure that, not the polygon.

    Examples
    --------
    >>> oval = oval_base(10, 10, 60, 35, 0)
    >>> [round(v, 3) for v in oval.bounds]
    [9.311, 8.819, 10.689, 11.181]
    """
    _check_size(length_mm, width_mm, "mm")
    half_l = length_mm / MM_PER_INCH / 2.0
    half_w = width_mm / MM_PER_INCH / 2.0
    segs = quad_segs_for(max(half_l, half_w) ** 2 / min(half_l, half_w), tolerance)
    unit = Point(0.0, 0.0).buffer(1.0, quad_segs=segs)
    local = affinity.scale(unit, half_w, half_l, origin=(0.0, 0.0))
    placed = place(local, x, y, facing)
    assert isinstance(placed, Polygon)
    remember_ellipse(placed, Ellipse(float(x), float(y), half_l, half_w, float(facing)))
    return placed


def rectangular_base(x: float, y: float, length_mm: float, width_mm: float,
                     facing: float = 0.0) -> Polygon:
    """Build a square or rectangular base, ``length_mm`` along ``facing`` × ``width_mm``.

    Warhammer Fantasy rank-and-file (20×20, 25×25 mm) and cavalry (25×50 mm), Epic stands.

    Examples
    --------
    >>> [round(v, 4) for v in rectangular_base(10, 10, 50.8, 25.4, 0).bounds]
    [9.5, 9.0, 10.5, 11.0]
    """
    _check_size(length_mm, width_mm, "mm")
    return hull(x, y, length_mm / MM_PER_INCH, width_mm / MM_PER_INCH, facing)


def _check_size(length: float, width: float, unit: str) -> None:
    """Refuse a zero or negative size with the numbers given."""
    if not (length > 0 and width > 0):
        raise ValueError(f"a base or hull needs length and width > 0 {unit}, got {length}×{width}")


def model_footprint(
    shape: str, length: float, width: float, x: float, y: float, facing: float = 0.0
) -> Shape:
    """Build a model's footprint from the document's base fields.

    ``shape`` is ``round``, ``oval``, ``hull``, ``square`` or ``rectangular`` (``rect``).
    ``length``/``width`` are millimetres for round, oval, square and rectangular bases, inches
    for hulls, as the document stores them.

    Examples
    --------
    >>> model_footprint("round", 25, 25, 1, 1)
    Circle(x=1.0, y=1.0, radius=0.4921259842519685)
    >>> model_footprint("hull", 4, 2, 10, 10).area
    8.0
    >>> round(model_footprint("square", 25.4, 25.4, 0, 0).area, 9)
    1.0
    >>> model_footprint("star", 1, 1, 0, 0)
    Traceback (most recent call last):
    ...
    ValueError: unknown base shape 'star'; expected round, oval, hull, square or rectangular
    """
    if shape == "round":
        return round_base(x, y, length)
    if shape == "oval":
        return oval_base(x, y, length, width, facing)
    if shape == "hull":
        return hull(x, y, length, width, facing)
    if shape in ("square", "rectangular", "rect", "rectangle"):
        return rectangular_base(x, y, length, width, facing)
    raise ValueError(f"unknown base shape {shape!r}; expected round, oval, hull, square or "
                     "rectangular")


def named_models(models: object, what: str = "models") -> list[tuple[str, Shape]]:
    """Models as ``(model_id, base)`` pairs, checked: a clear error names the first bad item.

    Examples
    --------
    >>> named_models([("a", Circle(0, 0, 0.5))])[0][0]
    'a'
    >>> named_models([Circle(0, 0, 0.5)])
    Traceback (most recent call last):
    ...
    TypeError: models must be (model_id, base) pairs; item 1 is a Circle
    """
    found = list(models)  # type: ignore[call-overload]
    for k, item in enumerate(found):
        if not (isinstance(item, tuple) and len(item) == 2
                and isinstance(item[1], (Circle, BaseGeometry))):
            shown = repr(item) if isinstance(item, tuple) else f"a {type(item).__name__}"
            raise TypeError(f"{what} must be (model_id, base) pairs; item {k + 1} is {shown}")
    return found
