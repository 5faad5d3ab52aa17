"""What each rule system offers a player setting up: troop types, bases, tables, buildings.

Data the editors and File ▸ New read (board/view/editors, board/view/new_dialog.py). Each
system declares its own in its folder (``systems/<system>/setup.py``, a
:class:`~board.game.systems.protocol.SystemSetup` its facts carry); the tables here are read
from the facts' registry, so that nothing outside the folders names a system.

>>> TROOP_TYPES[RuleSystem.EPIC40K][-1].value, DEFAULT_MODELS[RuleSystem.WARHAMMER_FANTASY]
('war_engine', 10)
>>> sorted(s.value for s in RANKED)
['warhammer_fantasy']
"""

from __future__ import annotations

from board.document.model import Base, RuleSystem, Table, TroopType
from board.game.systems.facts import FACTS
from board.game.systems.protocol import BuildingNumbers, SystemSetup

__all__ = ["TROOP_TYPES", "BASE_SIZES", "troop_types", "base_sizes", "RANKED",
           "COMMAND_GROUP_SYSTEMS", "DEFAULT_MODELS", "TABLE_PRESETS", "BUILDING_NUMBERS",
           "DATASHEET_SYSTEMS", "FLOORED_SYSTEMS", "BuildingNumbers", "setup_for"]

_SETUPS: dict[RuleSystem, SystemSetup] = {
    system: facts.setups[system] for system, facts in FACTS.items()}

#: The troop types each system's rules tell apart, the commonest first.
TROOP_TYPES: dict[RuleSystem, tuple[TroopType, ...]] = {
    s: x.troop_types for s, x in _SETUPS.items()}
#: The base sizes players of each system use most, offered as presets (any size may be typed).
BASE_SIZES: dict[RuleSystem, tuple[Base, ...]] = {s: x.base_sizes for s, x in _SETUPS.items()}
#: Systems whose units are drawn up in ranks (the others stand in a loose group).
RANKED = frozenset(s for s, x in _SETUPS.items() if x.ranked)
#: Systems whose units have a command group (champion, standard bearer, musician).
COMMAND_GROUP_SYSTEMS = frozenset(s for s, x in _SETUPS.items() if x.command_group)
#: How many models a new unit starts with.
DEFAULT_MODELS: dict[RuleSystem, int] = {s: x.default_models for s, x in _SETUPS.items()}
#: The table sizes each system's players use, inches (Epic's given in whole centimetres).
TABLE_PRESETS: dict[RuleSystem, tuple[Table, ...]] = {s: x.tables for s, x in _SETUPS.items()}
#: Which numbers a building of each system has.
BUILDING_NUMBERS: dict[RuleSystem, BuildingNumbers] = {
    s: x.building_numbers for s, x in _SETUPS.items()}
#: The systems a building drawn under a system is written for (40K's serve the Heresy too).
DATASHEET_SYSTEMS: dict[RuleSystem, tuple[str, ...]] = {
    s: x.datasheet_systems for s, x in _SETUPS.items()}

#: The datasheet systems whose buildings are counted in floors (a building's label names them).
FLOORED_SYSTEMS = frozenset(name for x in _SETUPS.values()
                            if x.building_numbers is BuildingNumbers.FLOORS
                            for name in x.datasheet_systems)


def setup_for(system: RuleSystem) -> SystemSetup:
    """All that ``system`` offers a player setting up."""
    return _SETUPS[system]


def troop_types(system: RuleSystem) -> tuple[TroopType, ...]:
    """The troop types ``system`` offers."""
    return TROOP_TYPES[system]


def base_sizes(system: RuleSystem) -> tuple[Base, ...]:
    """The common base sizes of ``system``."""
    return BASE_SIZES[system]
