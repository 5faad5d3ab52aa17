"""Who may storm a building from where it stands: measured, in the system's unit, by name."""

from __future__ import annotations

from board.document.model import Base, Model, RuleSystem, TerrainPiece, TroopType, Unit
from board.game.assault_reach import assault_candidates
from board.game.core.world import WorldCache
from tests.game import samples

BASE = Base.round_mm(25.4)  # radius 0.5"


def one(unit_id: str, side: str, x: float, y: float, **stats: object) -> Unit:
    return Unit(unit_id, unit_id.title(), side, TroopType.INFANTRY,
                [Model(f"{unit_id}.m-1", BASE, x, y)], stats=dict(stats))


def candidates(system: RuleSystem, sheet: str, *units: Unit, held_by: str | None = None):
    piece = TerrainPiece("b", sheet, 30.0, 24.0, claimed_by=held_by)
    sc = samples.scenario(system, [piece], list(units))
    world = WorldCache(samples.library()).world_for(sc)
    return {c.unit_id: c for c in assault_candidates(sc, world, "b")}


def test_40k_base_contact_to_the_thousandth() -> None:
    # The bastion spans x 27 to 33: a base of radius 0.5 at x = 33.6 is 0.100" away.
    found = candidates(RuleSystem.WH40K, "imperial_bastion", one("near", "blue", 33.6, 24.0),
                       one("far", "blue", 33.601, 24.0), one("own", "red", 33.55, 24.0),
                       held_by="red")
    assert set(found) == {"near", "far"}  # the holder's own side is no candidate
    assert found["near"].allowed and "0.10\" away, in base contact" in found["near"].text
    assert not found["far"].allowed
    assert found["far"].reason.startswith("0.101\" from the building")  # never shown as 0.10


def test_fantasy_charge_reach_is_movement_plus_twelve_and_a_missing_movement_is_named() -> None:
    # The 1-floor building spans x 28 to 32; a base of radius 0.5 at x = 48.5 is 16" away.
    found = candidates(RuleSystem.WARHAMMER_FANTASY, "whfb_building_1_floor",
                       one("reach", "blue", 48.5, 24.0, movement=4),
                       one("short", "blue", 48.5, 24.0, movement=3.5),
                       one("still", "blue", 40.0, 24.0))
    assert found["reach"].allowed and "Movement 4\" + 2D6: 16\"" in found["reach"].text
    assert not found["short"].allowed and "16.00\" from the building" in found["short"].reason
    assert "Still has no Movement in its stats: enter it in Units ▸ Edit Unit" \
        in found["still"].reason


def test_epic_contact_is_measured_in_cm() -> None:
    found = candidates(RuleSystem.EPIC40K, "epic40k_medium_building",
                       one("touch", "blue", 30.0, 24.0 + 1.7605 + 0.5 + 0.3),
                       one("gap", "blue", 30.0, 24.0 - 1.7605 - 0.5 - 0.5))
    assert found["touch"].allowed and found["touch"].figure == "0.76 cm"
    assert not found["gap"].allowed and found["gap"].figure == "1.27 cm"
    assert "in base contact (within 1 cm)" in found["gap"].reason
