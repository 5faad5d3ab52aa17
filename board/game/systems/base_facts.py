"""What most rule systems answer alike about sight: one copy, shared by the systems' facts.

A system's facts class (``board/game/systems/<system>/facts.py``) takes these answers as its
own methods (``model_height = shared.model_height``) and writes the ones its rules change:
Warhammer Fantasy sees buildings by their Line of Sight value and models by theirs, and adds a
note about a garrison's hard cover. They are plain functions, not a base class, so that a
system's game class stays its facts and its building reader and nothing else
(``tests/game/test_systems.py``).

>>> from board.game.systems.wh40k.facts import Wh40kFacts
>>> Wh40kFacts.model_height is model_height
True
"""

from __future__ import annotations

from typing import Any

from board.document.datasheet import Datasheet
from board.document.model import Scenario, Unit
from board.game.systems.heights import height_in_inches

__all__ = ["building_sight_height", "model_height", "sight_notes"]


def building_sight_height(self: Any, sheet: Datasheet) -> float:
    """The datasheet's height, inches."""
    return sheet.height


def model_height(self: Any, unit: Unit) -> float:
    """``stats["height"]`` or the troop type's default, inches (:func:`height_in_inches`)."""
    return height_in_inches(unit)


def sight_notes(self: Any, scenario: Scenario, piece_id: str) -> tuple[str, ...]:
    """Nothing to add: cover comes from how much of each model is hidden, if at all."""
    return ()
