"""Warhammer 40,000 and the Horus Heresy: what a player setting up is offered."""

from __future__ import annotations

from board.document.model import TABLE_SIZES, Base, RuleSystem, Table, TroopType
from board.game.systems.protocol import BuildingNumbers, SystemSetup
from board.game.systems.wh40k.description import HORUS_HERESY, WH40K

__all__ = ["SETUPS"]

T = TroopType
_TROOPS = (T.INFANTRY, T.JUMP_INFANTRY, T.JET_PACK_INFANTRY, T.INDEPENDENT_CHARACTER, T.BIKES,
           T.JETBIKES, T.VEHICLE, T.SKIMMER, T.WALKER, T.MONSTROUS_CREATURE)
_BASES = (Base.round_mm(25), Base.round_mm(28.5), Base.round_mm(32), Base.round_mm(40),
          Base.round_mm(50), Base.round_mm(60), Base.round_mm(90), Base.round_mm(130),
          Base.oval_mm(60, 35), Base.oval_mm(75, 42), Base.oval_mm(90, 52),
          Base.oval_mm(105, 70), Base.oval_mm(120, 92), Base.oval_mm(170, 109),
          Base.hull_in(4.5, 3.0), Base.hull_in(5.0, 3.5), Base.hull_in(6.5, 4.0))
_SHEETS = (WH40K, HORUS_HERESY)  # a building drawn for either serves both


def _setup(tables: tuple[Table, ...]) -> SystemSetup:
    return SystemSetup(_TROOPS, _BASES, ranked=False, command_group=False, default_models=5,
                       tables=tables, building_numbers=BuildingNumbers.ARMOUR,
                       datasheet_systems=_SHEETS)


#: Each of the two systems this folder plays: the Heresy's usual tables differ.
SETUPS: dict[RuleSystem, SystemSetup] = {
    WH40K: _setup((*TABLE_SIZES[:1], Table(60.0, 44.0), *TABLE_SIZES[1:])),
    HORUS_HERESY: _setup((Table(72.0, 48.0), Table(48.0, 48.0), Table(96.0, 48.0))),
}
