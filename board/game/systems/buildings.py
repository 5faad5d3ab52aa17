"""The lower tier's registry of building readers: what a rules object is, per system (no Qt).

:func:`board.game.core.buildings.building_rules` asks :func:`reader_for` to read a piece, and
:func:`reader_of` which system a rules object belongs to, to write it back. Each folder
registered in :data:`board.game.systems.FOLDERS` gives its reader (``building.py``'s
``READER``).

>>> reader_for(RuleSystem.EPIC40K).building_type.__name__
'BuildingState'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from board.document.model import RuleSystem
from board.game.systems import part_of
from board.game.systems.fantasy.building import FantasyBuilding
from board.game.systems.protocol import BuildingReader
from rules import epic40k, wh40k

__all__ = ["BuildingRules", "READERS", "reader_for", "reader_of"]

#: A building's rules object, whichever the rule system (for the type checker: at run time a
#: reader's ``building_type`` is whatever its folder says).
BuildingRules = wh40k.Building | epic40k.BuildingState | FantasyBuilding


def reader_for(system: RuleSystem) -> BuildingReader:
    """The building reader of ``system`` (every registered :class:`RuleSystem` has one)."""
    reader: BuildingReader = part_of(system, "building").READER
    return reader


def reader_of(rules_object: BuildingRules) -> BuildingReader:
    """The reader of the rule system a building's rules object belongs to.

    Two systems whose buildings are the same rules type (a copy of a folder) share the first
    registered one's reader: the same code.
    """
    return next(r for r in READERS.values() if isinstance(rules_object, r.building_type))


class _Readers(Mapping[RuleSystem, BuildingReader]):
    """Every registered system's building reader."""

    def __getitem__(self, system: RuleSystem) -> BuildingReader:
        return reader_for(system)

    def __iter__(self) -> Iterator[RuleSystem]:
        return iter(RuleSystem)

    def __len__(self) -> int:
        return len(RuleSystem)


#: Each registered rule system's building reader.
READERS: Mapping[RuleSystem, BuildingReader] = _Readers()
