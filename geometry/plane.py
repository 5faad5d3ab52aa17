"""The table's plane in plain Python: its units, the one rotation, a distance's text.

What a program needs of geometry before it measures anything (reading datasheets, drawing a
board, writing a distance) without numpy or Shapely: :mod:`geometry.footprints` and
:mod:`geometry.measure` hand these same names on, so ``from geometry import format_distance``
and ``from geometry.measure import format_distance`` are one function.

>>> rotate_point((0.0, -1.0), 180.0)[1], format_distance(6.001, limit=6)
(1.0, '6.001"')
"""

from __future__ import annotations

import math

__all__ = ["MM_PER_INCH", "CM_PER_INCH", "EPSILON", "rotate_point", "to_cm",
           "format_distance"]

MM_PER_INCH = 25.4
CM_PER_INCH = 2.54

#: Floating-point allowance for "within" comparisons, inches. Far below any real miss.
EPSILON = 1e-9


def rotate_point(point: tuple[float, float], rotation: float) -> tuple[float, float]:
    """Turn ``point`` about the origin by ``rotation`` degrees clockwise on screen (y down).

    The one rotation of the program: pieces, their points and the document's outlines all
    turn by it.

    >>> [round(v, 9) + 0.0 for v in rotate_point((0.0, -1.0), 90.0)]
    [1.0, 0.0]
    """
    a = math.radians(rotation)
    c, s = math.cos(a), math.sin(a)
    px, py = point
    return (px * c - py * s, px * s + py * c)


def to_cm(inches: float) -> float:
    """Convert inches to centimetres (Epic 40,000 measures in cm).

    Examples
    --------
    >>> to_cm(1.0)
    2.54
    """
    return inches * CM_PER_INCH


def format_distance(inches: float, limit: float | None = None, unit: str = "in") -> str:
    """Format a distance with two decimals, never showing a miss as a hit.

    If ``limit`` is given and ``inches`` is beyond it, more decimals are shown until the
    text differs from the limit: 6.001 against a limit of 6 prints ``6.001"``, not ``6.00"``.
    ``unit`` is ``"in"`` or ``"cm"`` (the value is converted for cm).

    Examples
    --------
    >>> format_distance(4.74015748)
    '4.74"'
    >>> format_distance(6.001, limit=6)
    '6.001"'
    >>> format_distance(6.0000004, limit=6)
    '6.0000004"'
    >>> format_distance(2.0, unit="cm")
    '5.08 cm'
    """
    factor, suffix = (CM_PER_INCH, " cm") if unit == "cm" else (1.0, '"')
    value = inches * factor
    bound = None if limit is None else limit * factor
    for decimals in range(2, 10):
        text = f"{value:.{decimals}f}"
        if bound is None or inches <= limit + EPSILON or float(text) > bound:  # type: ignore[operator]
            return text + suffix
    return f"{value!r}{suffix}"
