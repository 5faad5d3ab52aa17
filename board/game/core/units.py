"""Inches or centimetres: the one place the board chooses a distance's unit and converts.

Geometry computes in inches; an Epic 40,000 scenario shows and takes centimetres
(:attr:`board.document.model.RuleSystem.uses_cm`). Shown numbers have two decimals and
never round a miss into a hit (:func:`geometry.format_distance`).

>>> display_unit(RuleSystem.EPIC40K), display_unit(RuleSystem.WH40K)
('cm', 'in')
>>> to_inches(15.24, "cm"), from_inches(6.0, "cm")
(6.0, 15.24)
"""

from __future__ import annotations

from board.document.model import RuleSystem
from geometry import CM_PER_INCH, format_distance

__all__ = ["CM_PER_INCH", "display_unit", "to_inches", "from_inches", "excess_text",
           "distance_text"]


def display_unit(system: RuleSystem) -> str:
    """``"cm"`` for Epic 40,000, else ``"in"``."""
    return "cm" if system.uses_cm else "in"


def to_inches(value: float, unit: str) -> float:
    """Convert a distance given in ``unit`` (``"in"`` or ``"cm"``) to inches."""
    if unit not in ("in", "cm"):
        raise ValueError(f"unknown distance unit {unit!r}; use 'in' or 'cm'")
    return value / CM_PER_INCH if unit == "cm" else value


def from_inches(inches: float, unit: str) -> float:
    """A distance in inches given in ``unit`` (``"in"`` or ``"cm"``)."""
    if unit not in ("in", "cm"):
        raise ValueError(f"unknown distance unit {unit!r}; use 'in' or 'cm'")
    return inches * CM_PER_INCH if unit == "cm" else inches


def excess_text(excess: float, unit: str = "in") -> str:
    """Show by how much something misses, never as ``0.00``.

    Examples
    --------
    >>> excess_text(0.001), excess_text(0.4), excess_text(0.5, "cm")
    ('0.001"', '0.40"', '1.27 cm')
    """
    return format_distance(excess, 0.0, unit)


def distance_text(inches: float, limit: float | None = None, unit: str = "in") -> str:
    """A distance as the board shows it (:func:`geometry.format_distance`), for the view.

    >>> distance_text(2.0), distance_text(1.0, unit="cm")
    ('2.00"', '2.54 cm')
    """
    return format_distance(inches, limit, unit)
