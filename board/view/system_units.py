"""Positions and sizes in the scenario's own unit: centimetres for Epic 40,000, else inches.

>>> xy_text(18.0, 12.0, uses_cm=False)
'x 18.00 in, y 12.00 in'
>>> xy_text(18.0, 12.0, uses_cm=True)
'x 45.7 cm, y 30.5 cm'
>>> table_text(70.86614173228347, 47.24409448818898, uses_cm=True)
'180 × 120 cm'
"""

from __future__ import annotations

__all__ = ["CM_PER_INCH", "xy_text", "table_text", "length_text"]

CM_PER_INCH = 2.54


def xy_text(x: float, y: float, *, uses_cm: bool) -> str:
    """A table position (inches in) as the players of the system read it."""
    if uses_cm:
        return f"x {x * CM_PER_INCH:.1f} cm, y {y * CM_PER_INCH:.1f} cm"
    return f"x {x:.2f} in, y {y:.2f} in"


def length_text(inches: float, *, uses_cm: bool) -> str:
    """A length (inches in) in the system's unit."""
    return f"{inches * CM_PER_INCH:g} cm" if uses_cm else f"{inches:g} in"


def table_text(width: float, height: float, *, uses_cm: bool) -> str:
    """A table size (inches in): ``72 × 48 in`` or ``180 × 120 cm``."""
    if uses_cm:
        return f"{round(width * CM_PER_INCH, 1):g} × {round(height * CM_PER_INCH, 1):g} cm"
    return f"{width:g} × {height:g} in"
