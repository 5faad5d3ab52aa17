"""The game rules of each system: pure Python, no Qt, no Shapely.

Facts in (numbers, flags, ids), decisions and outcomes out, each with its reason and every roll.
"""

from rules.dice import DiceExhausted, Dice, FixedDice, Roll

__all__ = ["Dice", "DiceExhausted", "FixedDice", "Roll"]
