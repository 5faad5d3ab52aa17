"""How a rule system reads an army list's profiles: characteristic names and troop types.

Data the army-list import reads (``board.game.army``). Each system's folder declares its own
(``<system>/roster.py``, ``ROSTER``, a :class:`RosterReading`), found through the folder's
entry in :data:`board.game.systems.FOLDERS`, so that nothing outside the folders asks which
system it plays. The names are BSData's (BattleScribe data) profile characteristics.

>>> roster_reading(RuleSystem.HORUS_HERESY).characteristics["t"]
'toughness'
>>> roster_reading(RuleSystem.EPIC40K).leadership_roll
False
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from board.document.model import RuleSystem, TroopType
from board.game.systems import part_of

if TYPE_CHECKING:
    from board.game.systems.datasheets import DatasheetSource

__all__ = ["RosterReading", "roster_reading"]


@dataclass(frozen=True)
class RosterReading:
    """How one system's army lists are read.

    ``characteristics``: a characteristic's name (lower case) → the stat key it fills;
    ``troop_words``: words (all of them, whole) in a unit's type, profile type or categories →
    its troop type, the first match wins; ``not_the_same``: characteristics its lists share a
    name with but mean something else (kept as notes); ``leadership_roll``: its lists write
    Leadership as a roll (``6+``, 40K 10th edition), read as ``14 - roll`` (2D6 >= 6 is
    2D6 <= 8, the same odds); ``first_word``: an abbreviated ``Type`` (its first word) → troop
    type; ``game_systems``: (system name, pattern) pairs, the pattern (a regular expression,
    searched in the lower-cased name) telling a list's game system (``gameSystemName``) as one of
    the folder's systems, the first that matches wins; ``editions``: (pattern, label) pairs for
    editions a list names in words (an ordinal such as ``7th`` or a year such as ``2022`` is
    read without one); ``datasheets``: system name → the loader of a
    :class:`~board.game.systems.datasheets.DatasheetSource` asked for bases and sizes before
    the shipped table (run at the first import that needs it).
    """

    characteristics: dict[str, str]
    troop_words: tuple[tuple[tuple[str, ...], TroopType], ...]
    not_the_same: dict[str, str] = field(default_factory=dict)
    leadership_roll: bool = False
    first_word: dict[str, TroopType] = field(default_factory=dict)
    game_systems: tuple[tuple[str, str], ...] = ()
    editions: tuple[tuple[str, str], ...] = ()
    datasheets: dict[str, Callable[[], DatasheetSource | None]] = field(default_factory=dict)


def roster_reading(system: RuleSystem) -> RosterReading:
    """How ``system``'s army lists are read (its folder's ``roster.py``)."""
    reading: RosterReading = part_of(system, "roster").ROSTER
    return reading
