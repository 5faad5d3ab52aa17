"""Small scenarios for the pure board.game tests (no Qt)."""

from __future__ import annotations

from board.document.io import default_library
from board.document.model import (
    Base,
    Model,
    RuleSystem,
    Scenario,
    Side,
    TerrainPiece,
    TroopType,
    Unit,
)

RED, BLUE = "red", "blue"


def library():
    return default_library()


def sides() -> list[Side]:
    return [Side(RED, "Red", "#ff0000"), Side(BLUE, "Blue", "#0000ff")]


def round_unit(unit_id: str, side: str, centres: list[tuple[float, float]], mm: float = 32.0,
               troop: TroopType = TroopType.INFANTRY) -> Unit:
    models = [Model(f"{unit_id}-{k + 1}", Base.round_mm(mm), x, y) for k, (x, y) in
              enumerate(centres)]
    return Unit(unit_id, unit_id, side, troop, models)


def scenario(system: RuleSystem = RuleSystem.WH40K, terrain: list[TerrainPiece] | None = None,
             units: list[Unit] | None = None) -> Scenario:
    return Scenario(name="sample", rule_system=system, sides=sides(), terrain=terrain or [],
                    units=units or [])
