"""What the unit editor offers each rule system: troop types and the common base sizes."""

from __future__ import annotations

from board.document.model import Base, RuleSystem, TroopType

__all__ = ["TROOP_TYPES", "BASE_SIZES", "troop_types", "base_sizes", "RANKED"]

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


def troop_types(system: RuleSystem) -> tuple[TroopType, ...]:
    """The troop types ``system`` offers."""
    return TROOP_TYPES[system]


def base_sizes(system: RuleSystem) -> tuple[Base, ...]:
    """The common base sizes of ``system``."""
    return BASE_SIZES[system]
