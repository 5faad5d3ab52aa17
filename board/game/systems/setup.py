"""What each rule system offers a player setting up: troop types, bases, tables, buildings.

Data the editors and File ▸ New read (board/view/editors, board/view/new_dialog.py). Each
system declares its own in its folder (``systems/<system>/setup.py``, a
:class:`~board.game.systems.protocol.SystemSetup` its facts carry); the tables here are read
from the facts' registry when asked, so that nothing outside the folders names a system and a
system registered later is offered too.

>>> TROOP_TYPES[RuleSystem.EPIC40K][-1].value, DEFAULT_MODELS[RuleSystem.WARHAMMER_FANTASY]
('war_engine', 10)
>>> sorted(s.value for s in RANKED)
['warhammer_fantasy']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from typing import TypeVar

from board.document.model import Base, RuleSystem, Table, TroopType
from board.game.systems.facts import FACTS
from board.game.systems.protocol import BuildingNumbers, SystemSetup

__all__ = ["TROOP_TYPES", "BASE_SIZES", "troop_types", "base_sizes", "RANKED",
           "COMMAND_GROUP_SYSTEMS", "DEFAULT_MODELS", "TABLE_PRESETS", "BUILDING_NUMBERS",
           "DATASHEET_SYSTEMS", "BuildingNumbers", "setup_for"]

T = TypeVar("T")

class _PerSystem(Mapping[RuleSystem, T]):
    """One field of each system's setup, read from the facts' registry when asked.

    Nothing is copied at import: a system registered later (a fifth system's folder, added to
    ``FACTS``) is offered like the others.
    """

    def __init__(self, field: Callable[[SystemSetup], T]) -> None:
        self._field = field

    def __getitem__(self, system: RuleSystem) -> T:
        return self._field(setup_for(system))

    def __iter__(self) -> Iterator[RuleSystem]:
        return iter(list(FACTS))

    def __len__(self) -> int:
        return len(FACTS)


class _Where(AbstractSet[RuleSystem]):
    """The systems whose setup says yes, read from the facts' registry when asked."""

    def __init__(self, members: Callable[[], Iterable[RuleSystem]]) -> None:
        self._members = members

    def __contains__(self, member: object) -> bool:
        return member in set(self._members())

    def __iter__(self) -> Iterator[RuleSystem]:
        return iter(dict.fromkeys(self._members()))

    def __len__(self) -> int:
        return len(dict.fromkeys(self._members()))


#: The troop types each system's rules tell apart, the commonest first.
TROOP_TYPES: Mapping[RuleSystem, tuple[TroopType, ...]] = _PerSystem(lambda x: x.troop_types)
#: The base sizes players of each system use most, offered as presets (any size may be typed).
BASE_SIZES: Mapping[RuleSystem, tuple[Base, ...]] = _PerSystem(lambda x: x.base_sizes)
#: Systems whose units are drawn up in ranks (the others stand in a loose group).
RANKED: AbstractSet[RuleSystem] = _Where(lambda: (s for s in FACTS if setup_for(s).ranked))
#: Systems whose units have a command group (champion, standard bearer, musician).
COMMAND_GROUP_SYSTEMS: AbstractSet[RuleSystem] = _Where(
    lambda: (s for s in FACTS if setup_for(s).command_group))
#: How many models a new unit starts with.
DEFAULT_MODELS: Mapping[RuleSystem, int] = _PerSystem(lambda x: x.default_models)
#: The table sizes each system's players use, inches (Epic's given in whole centimetres).
TABLE_PRESETS: Mapping[RuleSystem, tuple[Table, ...]] = _PerSystem(lambda x: x.tables)
#: Which numbers a building of each system has.
BUILDING_NUMBERS: Mapping[RuleSystem, BuildingNumbers] = _PerSystem(
    lambda x: x.building_numbers)
#: The systems a building drawn under a system is written for (40K's serve the Heresy too).
DATASHEET_SYSTEMS: Mapping[RuleSystem, tuple[str, ...]] = _PerSystem(
    lambda x: x.datasheet_systems)


def setup_for(system: RuleSystem) -> SystemSetup:
    """All that ``system`` offers a player setting up (``KeyError``: no system registered)."""
    return FACTS[system].setups[system]


def troop_types(system: RuleSystem) -> tuple[TroopType, ...]:
    """The troop types ``system`` offers."""
    return TROOP_TYPES[system]


def base_sizes(system: RuleSystem) -> tuple[Base, ...]:
    """The common base sizes of ``system``."""
    return BASE_SIZES[system]
