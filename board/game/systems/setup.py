"""What each rule system offers a player setting up: troop types, bases, tables, buildings.

Data the editors and File ▸ New read (board/view/editors, board/view/new_dialog.py). Each
system declares its own in its folder (``systems/<system>/setup.py``, a
:class:`~board.game.systems.protocol.SystemSetup` its facts carry); the tables here are read
from the facts' registry when asked, so that nothing outside the folders names a system and a
folder registered later is in them.

>>> TROOP_TYPES[RuleSystem.EPIC40K][-1].value, DEFAULT_MODELS[RuleSystem.WARHAMMER_FANTASY]
('war_engine', 10)
>>> sorted(s.value for s in RANKED)
['warhammer_fantasy']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from typing import TypeVar

from board.document.model import Base, RuleSystem, Table, TroopType
from board.game.systems.facts import FACTS, facts_for
from board.game.systems.protocol import BuildingNumbers, SystemSetup

__all__ = ["TROOP_TYPES", "BASE_SIZES", "troop_types", "base_sizes", "RANKED",
           "COMMAND_GROUP_SYSTEMS", "DEFAULT_MODELS", "TABLE_PRESETS", "BUILDING_NUMBERS",
           "DATASHEET_SYSTEMS", "BuildingNumbers", "setup_for"]

V = TypeVar("V")


class _BySystem(Mapping[RuleSystem, V]):
    """One fact of every registered system's setup, read when asked.

    A folder registered later (a test's throwaway system) is in it.
    """

    def __init__(self, fact: Callable[[SystemSetup], V]) -> None:
        self._fact = fact

    def __getitem__(self, system: RuleSystem) -> V:
        return self._fact(setup_for(system))

    def __iter__(self) -> Iterator[RuleSystem]:
        return iter(RuleSystem)

    def __len__(self) -> int:
        return len(RuleSystem)


class _Systems(AbstractSet[RuleSystem]):
    """The registered systems whose setup says yes to ``fact``."""

    def __init__(self, fact: Callable[[SystemSetup], bool]) -> None:
        self._fact = fact

    def __contains__(self, system: object) -> bool:
        return system in FACTS and self._fact(setup_for(system))  # type: ignore[arg-type]

    def __iter__(self) -> Iterator[RuleSystem]:
        return (s for s in RuleSystem if self._fact(setup_for(s)))

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: The troop types each system's rules tell apart, the commonest first.
TROOP_TYPES: Mapping[RuleSystem, tuple[TroopType, ...]] = _BySystem(lambda x: x.troop_types)
#: The base sizes players of each system use most, offered as presets (any size may be typed).
BASE_SIZES: Mapping[RuleSystem, tuple[Base, ...]] = _BySystem(lambda x: x.base_sizes)
#: Systems whose units are drawn up in ranks (the others stand in a loose group).
RANKED: AbstractSet[RuleSystem] = _Systems(lambda x: x.ranked)
#: Systems whose units have a command group (champion, standard bearer, musician).
COMMAND_GROUP_SYSTEMS: AbstractSet[RuleSystem] = _Systems(lambda x: x.command_group)
#: How many models a new unit starts with.
DEFAULT_MODELS: Mapping[RuleSystem, int] = _BySystem(lambda x: x.default_models)
#: The table sizes each system's players use, inches (Epic's given in whole centimetres).
TABLE_PRESETS: Mapping[RuleSystem, tuple[Table, ...]] = _BySystem(lambda x: x.tables)
#: Which numbers a building of each system has.
BUILDING_NUMBERS: Mapping[RuleSystem, BuildingNumbers] = _BySystem(lambda x: x.building_numbers)
#: The systems a building drawn under a system is written for (40K's serve the Heresy too).
DATASHEET_SYSTEMS: Mapping[RuleSystem, tuple[str, ...]] = _BySystem(
    lambda x: x.datasheet_systems)


def setup_for(system: RuleSystem) -> SystemSetup:
    """All that ``system`` offers a player setting up."""
    return facts_for(system).setups[system]


def troop_types(system: RuleSystem) -> tuple[TroopType, ...]:
    """The troop types ``system`` offers."""
    return TROOP_TYPES[system]


def base_sizes(system: RuleSystem) -> tuple[Base, ...]:
    """The common base sizes of ``system``."""
    return BASE_SIZES[system]
