"""Seed 000's Building Damage Table: every row with fixed dice, every modifier, both ends."""

from __future__ import annotations

import pytest

from rules.dice import FixedDice
from rules.wh40k import (
    WH40K_DAMAGE_TABLE,
    Affected,
    Attack,
    BuildingCondition,
    DamageResult,
    Placement,
    Surroundings,
    damage_table_for,
    disembark_distance,
    resolve_hit,
)
from tests.rules.wh40k_samples import BLUE, RED, bastion, clock, occupy, plain_building, squad

R = DamageResult
PEN = 6  # a penetration face that always penetrates armour 14 at Strength 9 or more


def hit(building, faces, ap=None, strength=10, surroundings=None, facing="front", spare=0):
    dice = FixedDice(faces)
    out = resolve_hit(building, Attack(strength, ap, "test gun"), facing, dice, clock(),
                      WH40K_DAMAGE_TABLE, surroundings)
    assert len(dice.unused) == spare, f"dice left unrolled: {dice.unused}"
    assert [r.faces for r in out.rolls] == [r.faces for r in dice.rolls]
    return out


# -- the table as data ---------------------------------------------------------------------------

def test_rows_cover_every_total_in_seed_order():
    names = [row.result for row in WH40K_DAMAGE_TABLE.rows]
    assert names == [R.BREACH, R.TREMOR, R.PARTIAL_COLLAPSE, R.STRUCTURAL_COLLAPSE,
                     R.CATASTROPHIC_BREACH, R.TOTAL_COLLAPSE, R.DETONATION]
    assert [row.label for row in WH40K_DAMAGE_TABLE.rows] == ["≤1", "2", "3", "4", "5", "6", "7+"]
    for total in range(-3, 12):
        assert sum(row.covers(total) for row in WH40K_DAMAGE_TABLE.rows) == 1


@pytest.mark.parametrize(
    ("ap", "bulwark", "expected"),
    [(None, False, []), (3, False, []), (2, False, [1]), (1, False, [2]),
     (None, True, [-1]), (2, True, [1, -1]), (1, True, [2, -1])],
)
def test_every_modifier(ap, bulwark, expected):
    mods = WH40K_DAMAGE_TABLE.modifiers(ap, bulwark)
    assert [m.value for m in mods] == expected
    assert all(m.reason for m in mods)


@pytest.mark.parametrize(
    ("face", "ap", "bulwark", "total", "result"),
    [
        (1, None, True, 0, R.BREACH),  # the bottom end: a 1 with Mighty Bulwark
        (1, None, False, 1, R.BREACH),
        (2, None, False, 2, R.TREMOR),
        (3, None, False, 3, R.PARTIAL_COLLAPSE),
        (4, None, False, 4, R.STRUCTURAL_COLLAPSE),
        (5, None, False, 5, R.CATASTROPHIC_BREACH),
        (6, None, False, 6, R.TOTAL_COLLAPSE),
        (6, 2, False, 7, R.DETONATION),
        (6, 1, False, 8, R.DETONATION),  # the top end: a 6 with AP1
        (5, 1, True, 6, R.TOTAL_COLLAPSE),
        (1, 1, True, 2, R.TREMOR),
        (2, 2, True, 2, R.TREMOR),
        (4, 2, False, 5, R.CATASTROPHIC_BREACH),
        (3, 1, False, 5, R.CATASTROPHIC_BREACH),
        (2, 3, True, 1, R.BREACH),
    ],
)
def test_damage_roll_lands_on_row(face, ap, bulwark, total, result):
    building = plain_building(armour=12, mighty_bulwark=bulwark)
    spare = 0 if result is R.CATASTROPHIC_BREACH else 1
    out = hit(building, [PEN, face, 2], ap=ap, spare=spare)  # 2: the D3 of a Catastrophic Breach
    assert out.damage.total == total
    assert out.damage.result is result
    assert out.results == [result]


# -- each row's effects --------------------------------------------------------------------------

def test_breach_lowers_every_facing_by_one_and_accumulates():
    building = bastion()
    hit(building, [PEN, 1])
    assert [building.armour(f) for f in ("front", "right", "rear", "left")] == [13] * 4
    hit(building, [PEN, 1])
    assert building.armour("rear") == 12
    assert building.hull_points == 2


def test_tremor_binds_the_occupants_until_the_end_of_their_next_turn():
    building = bastion()
    occupy(building, squad())
    out = hit(building, [PEN, 2])
    kinds = sorted(e.kind for e in out.applied[0].effects)
    assert kinds == ["exit_limit", "snap_shots"]
    until = out.applied[0].effects[0].until
    assert (until.player, until.game_turn) == (RED, 3)  # blue's turn 2 → red's turn 3
    assert disembark_distance(building, "tactical") == 3.0
    building.end_turn(clock(BLUE, 2).now)
    assert disembark_distance(building, "tactical") == 3.0
    building.end_turn(clock(RED, 3).now)
    assert disembark_distance(building, "tactical") == 6.0
    assert building.state.effects == []


def test_tremor_on_an_empty_building_does_nothing_more():
    building = bastion()
    out = hit(building, [PEN, 2])
    assert out.applied[0].effects == [] and building.state.effects == []


def test_partial_collapse_hits_occupants_d6_and_snaps_the_guns():
    building = bastion()
    occupy(building, squad())
    out = hit(building, [PEN, 3, 4])
    applied = out.applied[0]
    assert applied.hits[0].hits == 4 and applied.hits[0].strength == 6
    assert applied.hits[0].ap is None and applied.hits[0].ignores_cover
    assert [e.affected for e in applied.effects] == [Affected.EMPLACED_WEAPONS]
    assert building.state.destroyed_weapons == []


def test_structural_collapse_hits_2d6_destroys_a_random_weapon():
    building = bastion()
    occupy(building, squad())
    out = hit(building, [PEN, 4, 3, 5, 5])  # 2D6 hits = 8; weapon die 5 of 5 → icarus
    applied = out.applied[0]
    assert applied.hits[0].hits == 8
    assert applied.weapon_lost.weapon_id == "icarus"
    assert applied.weapon_lost.roll.sides == 5
    assert building.state.destroyed_weapons == ["icarus"]
    assert any(e.affected is Affected.EMPLACED_WEAPONS and e.kind == "snap_shots"
               for e in building.state.effects)


def test_catastrophic_breach_d3_armour_and_a_weapon():
    building = bastion()
    out = hit(building, [PEN, 5, 5, 1])  # D3 from a 5 = 3; weapon die 1 → hb-front
    applied = out.applied[0]
    assert applied.armour_loss == 3 and applied.armour_roll.faces == (5,)
    assert building.armour("left") == 11
    assert building.state.destroyed_weapons == ["hb-front"]


def test_catastrophic_breach_on_a_weaponless_building_rolls_no_weapon_die():
    building = plain_building(armour=12)
    out = hit(building, [PEN, 5, 1])
    assert out.applied[0].weapon_lost is None and out.applied[0].armour_loss == 1
    assert building.armour("front") == 11


def test_total_collapse_occupants_forced_out_battlements_become_ruins():
    building = bastion()
    occupy(building, squad(models=5))
    top = squad("scouts", RED, models=3, leadership=7)
    building.state.on_battlements = ["scouts"]
    surroundings = Surroundings(units={"tactical": squad(models=5), "scouts": top})
    # pen, table 6; occupants 2D6 (3, 4); battlements D6 (2); Pinning 2D6 occupants (3, 4)
    # then Pinning battlements (6, 3) against Ld7
    out = hit(building, [PEN, 6, 3, 4, 2, 3, 4, 6, 3], surroundings=surroundings)
    applied = out.applied[0]
    assert applied.result is R.TOTAL_COLLAPSE
    assert [h.hits for h in applied.hits] == [7, 2]
    assert building.state.condition is BuildingCondition.COLLAPSED
    assert building.destroyed and building.state.claimed_by is None
    assert len(building.state.destroyed_weapons) == 5
    assert building.state.battlements_ruined
    assert building.state.occupants == [] and building.state.on_battlements == ["scouts"]
    inside, battlements = applied.exits
    assert len(inside.placed) == 5 and inside.pinning.passed  # 7 vs Ld8
    assert battlements.pinning.roll.total == 9 and not battlements.pinning.passed


def test_detonation_removes_unplaceable_models_and_clears_the_battlements():
    building = bastion()
    inside = squad(models=4)
    occupy(building, inside)
    top = squad("scouts", RED, models=2)
    building.state.on_battlements = ["scouts"]

    def place(unit_id, model_id):
        return Placement.NONE if model_id == "tactical-4" else Placement.EMERGENCY

    surroundings = Surroundings(
        units={"tactical": inside, "scouts": top}, place_model=place,
        move_off_battlements=lambda unit_id, model_id: model_id == "scouts-1",
        casualties=lambda hits: ("tactical-1",) if "tactical" in hits.unit_ids else (),
    )
    # pen, 6 + AP1 = 8; 4D6 occupants; 2D6 battlements; Pinning occupants; Pinning battlements
    out = hit(building, [PEN, 6, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4], ap=1, surroundings=surroundings)
    applied = out.applied[0]
    assert applied.result is R.DETONATION
    assert [h.hits for h in applied.hits] == [4, 4]
    assert building.state.condition is BuildingCondition.CRATER
    occupants, battlements = applied.exits
    assert occupants.emergency == ("tactical-2", "tactical-3")
    assert occupants.removed == ("tactical-4",)
    assert occupants.pinning.passed  # 6 ≤ Ld8
    assert battlements.placed == ("scouts-1",) and battlements.removed == ("scouts-2",)
    assert battlements.pinning.roll.total == 8
    assert building.state.on_battlements == []


def test_forced_out_unit_with_no_survivors_takes_no_pinning_test():
    building = bastion()
    inside = squad(models=2)
    occupy(building, inside)
    surroundings = Surroundings(units={"tactical": inside},
                                place_model=lambda u, m: Placement.NONE)
    out = hit(building, [PEN, 6, 1, 1], surroundings=surroundings)
    exit_ = out.applied[0].exits[0]
    assert exit_.removed == ("tactical-1", "tactical-2") and exit_.pinning is None


def test_system_names_pick_the_table():
    assert damage_table_for("wh40k") is WH40K_DAMAGE_TABLE
    with pytest.raises(ValueError, match="epic40k"):
        damage_table_for("epic40k")


def test_descriptions_are_our_own_short_words():
    for row in WH40K_DAMAGE_TABLE.rows:
        assert 20 < len(row.description) < 400


def test_units_forced_out_by_the_door_may_still_charge_unless_pinned():
    building = bastion()
    inside = squad(models=2)
    occupy(building, inside)
    surroundings = Surroundings(units={"tactical": inside})
    out = hit(building, [PEN, 6, 1, 1, 3, 3], surroundings=surroundings)
    assert out.applied[0].exits[0].may_charge  # Pinning 6 vs Ld8: passed
    building = bastion()
    occupy(building, inside)
    out = hit(building, [PEN, 6, 1, 1, 6, 6], surroundings=surroundings)
    assert not out.applied[0].exits[0].may_charge
    building = bastion()
    occupy(building, inside)
    emergency = Surroundings(units={"tactical": inside},
                             place_model=lambda u, m: Placement.EMERGENCY)
    out = hit(building, [PEN, 6, 1, 1, 3, 3], surroundings=emergency)
    assert not out.applied[0].exits[0].may_charge
