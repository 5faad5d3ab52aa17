"""How a rule system reads a distance and a line of sight across heights: the names alone.

Plain enumerations, with no numpy and no Shapely, so that a system's facts can name them
before the board's first paint (the geometry that applies them, :mod:`geometry.heights` and
:mod:`geometry.picture`, is loaded when a tool first asks).

>>> DistanceRule("straight").label, SightRule.TRUE_LINE.value
('the straight line', 'true_line')
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["DistanceRule", "SightRule"]


class DistanceRule(StrEnum):
    """How a distance between things at different heights is read."""

    HORIZONTAL = "horizontal"
    STRAIGHT = "straight"
    ACROSS_THEN_UP = "across_then_up"

    @property
    def label(self) -> str:
        """The rule as a player names it."""
        return {"horizontal": "horizontal only", "straight": "the straight line",
                "across_then_up": "across then up"}[self.value]


class SightRule(StrEnum):
    """How a blocker's height is compared with the observer's and the target's."""

    TRUE_LINE = "true_line"
    LOS_VALUES = "los_values"
