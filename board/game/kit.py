"""What the view takes of geometry and rules, handed on by the bridge (no Qt).

The view imports only :mod:`board.game` and :mod:`board.document` (an import-linter contract):
the shapes it draws, the dice its dialogs roll, the decisions they show, and the few rules
values a dialog names come through here, so a change in geometry or rules reaches the view
only through the bridge.
"""

from __future__ import annotations

from geometry import Circle, DistanceRule, PlacementVerdict, Shape, ground_reach, reach_area
from geometry.sight import Ray
from rules.decision import Decision
from rules.dice import Dice
from rules.warhammer_fantasy import AssaultStep, Reaction
from rules.words import counted, possessive, says

__all__ = [
    "Circle",
    "DistanceRule",
    "Shape",
    "Ray",
    "PlacementVerdict",
    "reach_area",
    "ground_reach",
    "Decision",
    "Dice",
    "AssaultStep",
    "Reaction",
    "counted",
    "possessive",
    "says",
]
