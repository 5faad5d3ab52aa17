"""Seed 003's Horus Heresy Building Damage Table: every row, every modifier, both ends."""

from __future__ import annotations

import pytest

from rules.dice import FixedDice
from rules.wh40k import (
    HORUS_HERESY_DAMAGE_TABLE,
    Affected,
    Attack,
    BuildingCondition,
    DamageResult,
    Surroundings,
    can_disembark,
    can_embark,
    damage_table_for,
    horus_heresy_table,
    resolve_hit,
    shooting_restriction,
)
from tests.rules.wh40k_samples import RED, bastion, clock, occupy, plain_building, squad

R = DamageResult
PEN = 6
HH = HORUS_HERESY_DAMAGE_TABLE


def hit(building, faces, ap=None, surroundings=None, table=HH, spare=0):
    dice = FixedDice(faces)
    out = resolve_hit(building, Attack(10, ap, "test gun"), "front", dice, clock(), table,
                      surroundings)
    assert len(dice.unused) == spare, f"dice left unrolled: {dice.unused}"
    return out


def test_rows_as_in_the_seed():
    assert [r.result for r in HH.rows] == [R.BUILDING_SHAKEN, R.STRUCTURAL_TREMOR,
                                           R.WEAPON_DESTROYED, R.CATASTROPHIC_BREACH,
                                           R.TOTAL_COLLAPSE]
    assert [r.label for r in HH.rows] == ["≤3", "4", "5", "6", "7+"]
    assert damage_table_for("horus_heresy") is HH
    assert not any(r.effect.armour_loss or r.effect.armour_loss_d3 for r in HH.rows)


@pytest.mark.parametrize(
    ("face", "ap", "bulwark", "total", "result"),
    [
        (1, None, True, 0, R.BUILDING_SHAKEN),  # bottom end
        (1, None, False, 1, R.BUILDING_SHAKEN),
        (2, None, False, 2, R.BUILDING_SHAKEN),
        (3, None, False, 3, R.BUILDING_SHAKEN),
        (4, None, False, 4, R.STRUCTURAL_TREMOR),
        (5, None, False, 5, R.WEAPON_DESTROYED),  # no weapons: becomes Catastrophic Breach
        (6, None, False, 6, R.CATASTROPHIC_BREACH),
        (6, 2, False, 7, R.TOTAL_COLLAPSE),
        (6, 1, False, 8, R.TOTAL_COLLAPSE),  # top end
        (5, 2, True, 5, R.WEAPON_DESTROYED),
        (4, 1, True, 5, R.WEAPON_DESTROYED),
        (3, 2, False, 4, R.STRUCTURAL_TREMOR),
    ],
)
def test_damage_roll_lands_on_row(face, ap, bulwark, total, result):
    building = plain_building(armour=12, mighty_bulwark=bulwark)
    out = hit(building, [PEN, face], ap=ap)
    assert out.damage.total == total and out.damage.result is result
    applied = out.applied[0]
    if result is R.WEAPON_DESTROYED:
        assert applied.result is R.CATASTROPHIC_BREACH and applied.fallback_from is result
    else:
        assert applied.result is result


def test_modifiers_are_configurable():
    table = horus_heresy_table(ap_modifiers={}, bulwark_modifier=0)
    out = hit(plain_building(armour=12), [PEN, 6], ap=1, table=table)
    assert out.damage.total == 6 and out.results == [R.CATASTROPHIC_BREACH]


def test_building_shaken_snaps_building_occupants_and_battlements():
    building = bastion()
    occupy(building, squad())
    building.state.on_battlements = ["scouts"]
    out = hit(building, [PEN, 2])
    affected = {e.affected for e in out.applied[0].effects}
    assert affected == set(Affected)
    for who, unit in ((Affected.OCCUPANTS, "tactical"), (Affected.BATTLEMENTS, "scouts"),
                      (Affected.EMPLACED_WEAPONS, None)):
        assert shooting_restriction(building, who, unit).reason.startswith("snap shots only")
    until = out.applied[0].effects[0].until
    assert (until.player, until.game_turn) == (RED, 3)


def test_structural_tremor_adds_d6_hits():
    building = bastion()
    occupy(building, squad())
    out = hit(building, [PEN, 4, 5])
    assert out.applied[0].hits[0].hits == 5
    assert len(out.applied[0].effects) == 2  # occupants and weapons; nobody on the battlements


def test_weapon_destroyed_is_the_controllers_choice():
    building = bastion()
    chosen = Surroundings(choose_weapon=lambda left: left[-1])
    out = hit(building, [PEN, 5], surroundings=chosen)
    assert out.applied[0].weapon_lost.weapon_id == "icarus"
    assert out.applied[0].weapon_lost.roll is None


def test_weapon_destroyed_without_a_choice_says_who_must_choose():
    with pytest.raises(ValueError, match="controlling player must choose one of"):
        hit(bastion(), [PEN, 5])


def test_spent_one_shot_weapons_do_not_count():
    building = bastion()
    building.state.destroyed_weapons = ["hb-front", "hb-right", "hb-rear", "hb-left"]
    building.state.spent_weapons = ["icarus"]
    out = hit(building, [PEN, 5])
    assert out.applied[0].result is R.CATASTROPHIC_BREACH
    assert out.applied[0].fallback_from is R.WEAPON_DESTROYED


def test_catastrophic_breach_bars_shooting_and_getting_in_or_out():
    building = bastion()
    inside = squad()
    occupy(building, inside)
    out = hit(building, [PEN, 6, 3, 3])
    assert out.applied[0].hits[0].hits == 6
    assert not shooting_restriction(building, Affected.OCCUPANTS, "tactical")
    assert not shooting_restriction(building, Affected.EMPLACED_WEAPONS)
    refusal = can_disembark(building, "tactical")
    assert not refusal and "Catastrophic Breach" in refusal.reason
    building.state.occupants = []
    assert "Catastrophic Breach" in can_embark(building, [squad("other")], 0).reason


def test_forced_disembark_overrides_the_exit_ban():
    building = bastion()
    inside = squad(models=3)
    occupy(building, inside)
    surroundings = Surroundings(units={"tactical": inside})
    hit(building, [PEN, 6, 1, 1], surroundings=surroundings)
    out = hit(building, [PEN, 6, 1, 1, 1, 1, 2, 3], ap=1, surroundings=surroundings)
    applied = out.applied[0]
    assert applied.result is R.TOTAL_COLLAPSE
    assert applied.exits[0].placed == inside.models and applied.exits[0].pinning.passed
    assert building.state.condition is BuildingCondition.RUINS_OR_CRATER


def test_total_collapse_hits_battlements_2d6_and_moves_them_off():
    building = bastion()
    top = squad("scouts", models=2)
    building.state.on_battlements = ["scouts"]
    surroundings = Surroundings(units={"scouts": top},
                                move_off_battlements=lambda u, m: m == "scouts-2")
    out = hit(building, [PEN, 6, 4, 4, 1, 2], ap=2, surroundings=surroundings)
    applied = out.applied[0]
    assert applied.hits[0].hits == 8 and applied.hits[0].where == "on the battlements"
    assert applied.exits[0].removed == ("scouts-1",) and applied.exits[0].placed == ("scouts-2",)
    assert building.state.on_battlements == []


def test_last_hull_point_penetrated_is_total_collapse_without_a_roll():
    building = plain_building(armour=12, hull_points=1)
    out = hit(building, [PEN])
    assert out.damage is None and out.results == [R.TOTAL_COLLAPSE]
    assert "hull points reduced to 0" in out.applied[0].cause
