"""Whether an imported unit's base or troop type is still a guess, and how the board names it.

Light on purpose (the document's model only): the scene asks it for every unit it draws,
before the board's first paint.

>>> from board.document.model import TroopType, Unit
>>> unit = Unit("u", "Steam Tank", "red", TroopType.INFANTRY, stats={"roster": {"guessed": True}})
>>> board_name(unit, "Red")
'Steam Tank (Red) · base or troop type guessed: confirm by importing the list again'
"""

from __future__ import annotations

from board.document.model import Unit

__all__ = ["GUESS_NOTE", "base_guessed", "board_name"]

#: What a unit whose base or troop type is a guess shows on the board until confirmed.
GUESS_NOTE = "base or troop type guessed: confirm by importing the list again"


def base_guessed(unit: Unit) -> bool:
    """Whether ``unit`` was imported with a guessed base or troop type not yet confirmed."""
    info = unit.stats.get("roster")
    return isinstance(info, dict) and info.get("guessed") is True


def board_name(unit: Unit, side_name: str) -> str:
    """The name the board shows on a model: ``Squad (Red)``, with the guess note if any."""
    name = f"{unit.name} ({side_name})"
    return f"{name} · {GUESS_NOTE}" if base_guessed(unit) else name
