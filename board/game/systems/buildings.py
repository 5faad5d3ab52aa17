"""The lower tier's registry of building readers: what a rules object is, per system (no Qt).

:func:`board.game.core.buildings.building_rules` asks :func:`reader_for` to read a piece, and
:func:`reader_of` which system a rules object belongs to, to write it back.

>>> reader_for(RuleSystem.EPIC40K).building_type.__name__
'BuildingState'
"""

from __future__ import annotations

from board.document.model import RuleSystem
from board.game.systems.epic.building import EpicBuildings
from board.game.systems.fantasy.building import FantasyBuilding, FantasyBuildings
from board.game.systems.protocol import BuildingReader
from board.game.systems.wh40k.building import Wh40kBuildings
from rules import epic40k, wh40k

__all__ = ["BuildingRules", "READERS", "reader_for", "reader_of"]

#: A building's rules object, whichever the rule system.
BuildingRules = wh40k.Building | epic40k.BuildingState | FantasyBuilding

_READERS: tuple[tuple[tuple[RuleSystem, ...], BuildingReader], ...] = (
    ((RuleSystem.WH40K, RuleSystem.HORUS_HERESY), Wh40kBuildings()),
    ((RuleSystem.EPIC40K,), EpicBuildings()),
    ((RuleSystem.WARHAMMER_FANTASY,), FantasyBuildings()),
)
#: Each rule system's reader, once.
READERS: dict[RuleSystem, BuildingReader] = {
    system: reader for systems, reader in _READERS for system in systems}


def reader_for(system: RuleSystem) -> BuildingReader:
    """The building reader of ``system`` (every :class:`RuleSystem` has one)."""
    return READERS[system]


def reader_of(rules_object: BuildingRules) -> BuildingReader:
    """The reader of the rule system a building's rules object belongs to."""
    return next(r for r in READERS.values() if isinstance(rules_object, r.building_type))
