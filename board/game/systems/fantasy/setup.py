"""Warhammer Fantasy: what a player setting up is offered (ranked units, command groups)."""

from __future__ import annotations

from board.document.model import Base, RuleSystem, Table, TroopType
from board.game.systems.fantasy.description import WARHAMMER_FANTASY
from board.game.systems.protocol import BuildingNumbers, SystemSetup

__all__ = ["SETUPS"]

T = TroopType

#: Square infantry, rectangles deep × wide (cavalry 50 deep, 25 wide).
SETUPS: dict[RuleSystem, SystemSetup] = {WARHAMMER_FANTASY: SystemSetup(
    troop_types=(T.INFANTRY, T.CHARACTER, T.CAVALRY, T.MONSTROUS_INFANTRY, T.MONSTROUS_CAVALRY,
                 T.WAR_BEAST, T.SWARM, T.CHARIOT, T.MONSTER, T.WAR_MACHINE),
    base_sizes=(Base.square_mm(20), Base.square_mm(25), Base.square_mm(40), Base.square_mm(50),
                Base.rectangle_mm(50, 25), Base.rectangle_mm(60, 40), Base.rectangle_mm(75, 50),
                Base.rectangle_mm(100, 50), Base.round_mm(25)),
    ranked=True, command_group=True, default_models=10,
    tables=(Table(72.0, 48.0), Table(48.0, 48.0), Table(96.0, 48.0)),
    building_numbers=BuildingNumbers.FLOORS, datasheet_systems=(WARHAMMER_FANTASY,))}
