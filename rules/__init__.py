"""The game rules of each system: pure Python, no Qt, no Shapely.

Facts in (numbers, flags, ids), decisions and outcomes out, each with its reason and every roll.
"""

from rules import epic40k, odds, warhammer_fantasy, wh40k
from rules.decision import Decision
from rules.dice import Dice, DiceExhausted, FixedDice, Roll

__all__ = [
    "Decision",
    "Dice",
    "DiceExhausted",
    "FixedDice",
    "Roll",
    "epic40k",
    "odds",
    "warhammer_fantasy",
    "wh40k",
]
