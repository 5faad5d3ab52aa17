"""What each rule system offers a player setting up: troop types, bases, tables, buildings.

Data the editors and File ▸ New read (board/view/editors, board/view/new_dialog.py), kept
here with the systems so that nothing outside their folders asks which system it plays.
"""

from __future__ import annotations

from enum import StrEnum

from board.document.model import TABLE_SIZES, Base, RuleSystem, Table, TroopType

__all__ = ["TROOP_TYPES", "BASE_SIZES", "troop_types", "base_sizes", "RANKED",
           "COMMAND_GROUP_SYSTEMS", "DEFAULT_MODELS", "TABLE_PRESETS", "BUILDING_NUMBERS",
           "DATASHEET_SYSTEMS", "BuildingNumbers"]

T = TroopType
_W40 = (T.INFANTRY, T.JUMP_INFANTRY, T.JET_PACK_INFANTRY, T.INDEPENDENT_CHARACTER, T.BIKES,
        T.JETBIKES, T.VEHICLE, T.SKIMMER, T.WALKER, T.MONSTROUS_CREATURE)
#: The troop types each system's rules tell apart, the commonest first.
TROOP_TYPES: dict[RuleSystem, tuple[TroopType, ...]] = {
    RuleSystem.WH40K: _W40,
    RuleSystem.HORUS_HERESY: _W40,
    RuleSystem.EPIC40K: (T.INFANTRY, T.VEHICLE, T.SKIMMER, T.WALKER, T.WAR_ENGINE),
    RuleSystem.WARHAMMER_FANTASY: (T.INFANTRY, T.CHARACTER, T.CAVALRY, T.MONSTROUS_INFANTRY,
                                   T.MONSTROUS_CAVALRY, T.WAR_BEAST, T.SWARM, T.CHARIOT,
                                   T.MONSTER, T.WAR_MACHINE),
}

_W40_BASES = (Base.round_mm(25), Base.round_mm(28.5), Base.round_mm(32), Base.round_mm(40),
              Base.round_mm(50), Base.round_mm(60), Base.round_mm(90), Base.round_mm(130),
              Base.oval_mm(60, 35), Base.oval_mm(75, 42), Base.oval_mm(90, 52),
              Base.oval_mm(105, 70), Base.oval_mm(120, 92), Base.oval_mm(170, 109),
              Base.hull_in(4.5, 3.0), Base.hull_in(5.0, 3.5), Base.hull_in(6.5, 4.0))
#: The base sizes players of each system use most, offered as presets (any size may be typed).
BASE_SIZES: dict[RuleSystem, tuple[Base, ...]] = {
    RuleSystem.WH40K: _W40_BASES,
    RuleSystem.HORUS_HERESY: _W40_BASES,
    # Epic 40,000 stands: 40 mm wide × 20 mm deep; characters on round 20/25 mm; hulls.
    RuleSystem.EPIC40K: (Base.rectangle_mm(20, 40), Base.round_mm(20), Base.round_mm(25),
                         Base.square_mm(20), Base.hull_in(1.0, 0.5), Base.hull_in(1.25, 0.75),
                         Base.round_mm(40), Base.round_mm(60)),
    # Warhammer Fantasy: square infantry, rectangles deep × wide (cavalry 50 deep, 25 wide).
    RuleSystem.WARHAMMER_FANTASY: (Base.square_mm(20), Base.square_mm(25), Base.square_mm(40),
                                   Base.square_mm(50), Base.rectangle_mm(50, 25),
                                   Base.rectangle_mm(60, 40), Base.rectangle_mm(75, 50),
                                   Base.rectangle_mm(100, 50), Base.round_mm(25)),
}

#: Systems whose units are drawn up in ranks (the others stand in a loose group).
RANKED = frozenset({RuleSystem.WARHAMMER_FANTASY})


#: Systems whose units have a command group (champion, standard bearer, musician).
COMMAND_GROUP_SYSTEMS = frozenset({RuleSystem.WARHAMMER_FANTASY})

#: How many models a new unit starts with.
DEFAULT_MODELS: dict[RuleSystem, int] = {
    RuleSystem.WH40K: 5, RuleSystem.HORUS_HERESY: 5, RuleSystem.EPIC40K: 4,
    RuleSystem.WARHAMMER_FANTASY: 10}

_CM = 2.54


def _cm(width: float, height: float) -> Table:
    return Table(width / _CM, height / _CM)


#: The table sizes each system's players use, inches (Epic's given in whole centimetres).
TABLE_PRESETS: dict[RuleSystem, tuple[Table, ...]] = {
    RuleSystem.WH40K: (*TABLE_SIZES[:1], Table(60.0, 44.0), *TABLE_SIZES[1:]),
    RuleSystem.HORUS_HERESY: (Table(72.0, 48.0), Table(48.0, 48.0), Table(96.0, 48.0)),
    RuleSystem.EPIC40K: (_cm(180, 120), _cm(120, 120), _cm(240, 120), _cm(150, 90)),
    RuleSystem.WARHAMMER_FANTASY: (Table(72.0, 48.0), Table(48.0, 48.0), Table(96.0, 48.0)),
}


class BuildingNumbers(StrEnum):
    """Which numbers a building of the system has (the building editor asks for them)."""

    ARMOUR = "armour"  # 40K, HH: armour per facing, hull points, capacity, height
    EPIC = "epic"  # Epic 40,000: damage capacity, assault factor, armour (kill roll)
    FLOORS = "floors"  # Warhammer Fantasy: floors and capacity


BUILDING_NUMBERS: dict[RuleSystem, BuildingNumbers] = {
    RuleSystem.WH40K: BuildingNumbers.ARMOUR, RuleSystem.HORUS_HERESY: BuildingNumbers.ARMOUR,
    RuleSystem.EPIC40K: BuildingNumbers.EPIC,
    RuleSystem.WARHAMMER_FANTASY: BuildingNumbers.FLOORS}

#: The systems a building drawn under a system is written for (40K's serve the Heresy too).
DATASHEET_SYSTEMS: dict[RuleSystem, tuple[str, ...]] = {
    RuleSystem.WH40K: ("wh40k", "horus_heresy"), RuleSystem.HORUS_HERESY: ("wh40k",
                                                                          "horus_heresy"),
    RuleSystem.EPIC40K: ("epic40k",), RuleSystem.WARHAMMER_FANTASY: ("warhammer_fantasy",)}


def troop_types(system: RuleSystem) -> tuple[TroopType, ...]:
    """The troop types ``system`` offers."""
    return TROOP_TYPES[system]


def base_sizes(system: RuleSystem) -> tuple[Base, ...]:
    """The common base sizes of ``system``."""
    return BASE_SIZES[system]
