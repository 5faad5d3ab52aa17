"""Epic 40,000: what a player setting up is offered (stands, tables in whole centimetres)."""

from __future__ import annotations

from board.document.model import Base, RuleSystem, Table, TroopType
from board.game.systems.epic.description import EPIC40K
from board.game.systems.protocol import BuildingNumbers, SystemSetup

__all__ = ["SETUPS"]

T = TroopType
_CM = 2.54


def _cm(width: float, height: float) -> Table:
    return Table(width / _CM, height / _CM)


#: Epic 40,000 stands: 40 mm wide × 20 mm deep; characters on round 20/25 mm; hulls.
SETUPS: dict[RuleSystem, SystemSetup] = {EPIC40K: SystemSetup(
    troop_types=(T.INFANTRY, T.VEHICLE, T.SKIMMER, T.WALKER, T.WAR_ENGINE),
    base_sizes=(Base.rectangle_mm(20, 40), Base.round_mm(20), Base.round_mm(25),
                Base.square_mm(20), Base.hull_in(1.0, 0.5), Base.hull_in(1.25, 0.75),
                Base.round_mm(40), Base.round_mm(60)),
    ranked=False, command_group=False, default_models=4,
    tables=(_cm(180, 120), _cm(120, 120), _cm(240, 120), _cm(150, 90)),
    building_numbers=BuildingNumbers.EPIC, datasheet_systems=(EPIC40K,))}
