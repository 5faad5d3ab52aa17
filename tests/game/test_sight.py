"""Line of sight between known positions: visible fractions, cover, facings and armour."""

from __future__ import annotations

import pytest

from board.document.model import Base, Model, RuleSystem, TerrainPiece, TroopType, Unit
from board.game.core.shooters import Shooter, ShooterError, ShooterKind, model_height
from board.game.core.targets import ModelTarget, PieceTarget, UnitTarget
from board.game.core.world import WorldCache
from board.game.sight import SightError, line_of_sight
from tests.game.samples import BLUE, RED, library, round_unit, scenario

# The bastion stands at (24, 24): a 6 x 6 in footprint from (21, 21) to (27, 27), 8 in high.
EYE = (24.0, 10.0)
# The line from EYE past the bastion's corner (27, 21) reaches y = 38 at x = 24 + 3 * 28 / 11.
HALF_HIDDEN_X = 24.0 + 3.0 * 28.0 / 11.0


def board(targets, terrain=True, system=RuleSystem.WH40K, shooter=(EYE,)):
    pieces = [TerrainPiece("bastion", "imperial_bastion", 24.0, 24.0)] if terrain else []
    units = [round_unit("red", RED, list(shooter)), round_unit("blue", BLUE, targets, mm=25)]
    found = scenario(system, pieces, units)
    return found, WorldCache(library()).world_for(found)


def look(found, world, shooter, target):
    return line_of_sight(found, library(), world, shooter, target)


def test_a_model_straight_behind_the_bastion_is_out_of_sight():
    found, world = board([(24.0, 38.0)])
    reading = look(found, world, Shooter(ShooterKind.MODEL, "red-1"), ModelTarget("blue-1"))
    assert reading.models[0].visible == 0.0
    assert not reading.in_sight
    assert all(ray.blocked for ray in reading.rays) and len(reading.rays) == 16
    assert "no line of sight" in reading.lines()[0]
    assert "out of sight" in reading.lines()[1]


def test_a_model_half_behind_the_corner_is_half_visible_and_in_cover():
    found, world = board([(HALF_HIDDEN_X, 38.0)])
    reading = look(found, world, Shooter(ShooterKind.MODEL, "red-1"), ModelTarget("blue-1"))
    sight = reading.models[0]
    assert sight.visible == pytest.approx(0.5, abs=1e-3)
    assert sight.cover is True
    assert sum(r.blocked for r in sight.rays) == 8
    assert "50% visible" in sight.describe() and "cover" in sight.describe()


def test_a_model_in_the_open_has_no_cover():
    found, world = board([(40.0, 10.0)])
    reading = look(found, world, Shooter(ShooterKind.MODEL, "red-1"), ModelTarget("blue-1"))
    assert reading.models[0].visible == 1.0 and reading.models[0].cover is False
    assert "in the open" in reading.lines()[1]


def test_no_terrain_sees_everything():
    found, world = board([(24.0, 38.0)], terrain=False)
    reading = look(found, world, Shooter(ShooterKind.MODEL, "red-1"), ModelTarget("blue-1"))
    assert reading.models[0].visible == 1.0


def test_a_unit_target_reports_each_model_and_firers_count_separately():
    found, world = board([(24.0, 38.0), (40.0, 24.0)], shooter=[EYE, (40.0, 10.0)])
    reading = look(found, world, Shooter(ShooterKind.UNIT, "red"), UnitTarget("blue"))
    hidden, seen = reading.models
    assert (hidden.model_id, hidden.visible, hidden.seen_by) == ("blue-1", 1.0, 1)
    assert hidden.cover is False  # the one firer who sees it sees all of it
    assert (seen.visible, seen.seen_by, seen.firers) == (1.0, 2, 2)
    assert "seen by 1 of 2" in hidden.describe()


@pytest.mark.parametrize(
    ("eye", "facing"),
    [((24.0, 10.0), "front"), ((40.0, 24.0), "right"), ((24.0, 40.0), "rear"),
     ((8.0, 24.0), "left")],
)
def test_the_facing_of_the_bastion_comes_from_where_the_firer_stands(eye, facing):
    found, world = board([(60.0, 40.0)], shooter=[eye])
    reading = look(found, world, Shooter(ShooterKind.MODEL, "red-1"), PieceTarget("bastion"))
    (sight,) = reading.facings
    assert (sight.facing, sight.armour, sight.visible) == (facing, 14, 1.0)
    assert f"{facing} facing, AV 14 – 100% of it visible" in sight.describe()


def test_armour_lost_shows_in_the_facing_readout():
    found, world = board([(60.0, 40.0)])
    found.terrain[0].state = {"armour_lost": 2}
    reading = look(found, world, Shooter(ShooterKind.MODEL, "red-1"), PieceTarget("bastion"))
    assert reading.facings[0].armour == 12
    assert "AV 12 (14 on the datasheet)" in reading.facings[0].describe()


def test_a_facing_half_behind_a_wall_is_obscured():
    wall = TerrainPiece("wall", "imperial_bastion", 21.0, 14.0)  # hides x 21..24 of the front
    found, world = board([(60.0, 40.0)], shooter=[(24.0, 2.0)])
    found.terrain.append(wall)
    world = WorldCache(library()).world_for(found)
    reading = look(found, world, Shooter(ShooterKind.MODEL, "red-1"), PieceTarget("bastion"))
    (sight,) = reading.facings
    assert (sight.facing, sight.visible, sight.obscured) == ("front", 0.5, True)
    assert "50% of it visible – 25% or more hidden: obscured" in sight.describe()


def test_a_fire_point_sees_only_outwards():
    found, world = board([(24.0, 10.0), (24.0, 38.0)], shooter=[(60.0, 40.0)])
    slit = Shooter(ShooterKind.FIRE_POINT, "bastion", "front-1")
    assert look(found, world, slit, ModelTarget("blue-1")).models[0].visible == 1.0
    assert look(found, world, slit, ModelTarget("blue-2")).models[0].visible == 0.0
    assert look(found, world, slit, ModelTarget("blue-1")).shooter == \
        "front fire point 1 of Imperial Bastion"  # its wall and number, not its id


def test_emplaced_weapons_and_battlements_see_past_their_own_building():
    found, world = board([(24.0, 38.0)], shooter=[(60.0, 40.0)])
    gun = Shooter(ShooterKind.EMPLACED_WEAPON, "bastion", "heavy-bolter-rear")
    roof = Shooter(ShooterKind.BATTLEMENTS, "bastion")
    assert look(found, world, gun, ModelTarget("blue-1")).models[0].visible == 1.0
    assert look(found, world, roof, ModelTarget("blue-1")).models[0].visible == 1.0
    front_gun = Shooter(ShooterKind.EMPLACED_WEAPON, "bastion", "heavy-bolter-front")
    assert look(found, world, front_gun, ModelTarget("blue-1")).models[0].visible == 0.0


def test_a_vehicle_target_reads_its_hull_facing_and_armour():
    tank = Unit("tank", "Tank", BLUE, TroopType.VEHICLE,
                [Model("t", Base.hull_in(6.0, 4.0), 50.0, 10.0, 90.0)],
                stats={"armour": {"front": 14, "right": 13, "rear": 10, "left": 13}})
    found, world = board([(60.0, 40.0)], terrain=False, shooter=[(40.0, 10.0)])
    found.units.append(tank)
    world = WorldCache(library()).world_for(found)
    reading = look(found, world, Shooter(ShooterKind.MODEL, "red-1"), ModelTarget("t"))
    (sight,) = reading.facings
    assert (sight.facing, sight.armour, sight.visible) == ("rear", 10, 1.0)


def test_warhammer_fantasy_compares_line_of_sight_values():
    hut = TerrainPiece("hut", "whfb_building_1_floor", 24.0, 24.0)
    units = [round_unit("red", RED, [EYE]), round_unit("blue", BLUE, [(24.0, 38.0)], mm=25)]
    found = scenario(RuleSystem.WARHAMMER_FANTASY, [hut], units)
    world = WorldCache(library()).world_for(found)
    assert model_height(found.units[0], found.rule_system) == 1.0
    reading = look(found, world, Shooter(ShooterKind.MODEL, "red-1"), ModelTarget("blue-1"))
    assert reading.models[0].visible == 0.0 and reading.models[0].cover is None
    found.units[0].stats["line_of_sight"] = 6  # a monster taller than the one-floor building
    reading = look(found, world, Shooter(ShooterKind.MODEL, "red-1"), ModelTarget("blue-1"))
    assert reading.models[0].visible == 1.0


def test_missing_shooters_and_targets_are_named():
    found, world = board([(24.0, 38.0)])
    with pytest.raises(ShooterError, match="'nobody' is not on the table"):
        look(found, world, Shooter(ShooterKind.MODEL, "nobody"), ModelTarget("blue-1"))
    with pytest.raises(ShooterError, match="no fire point 'x'"):
        look(found, world, Shooter(ShooterKind.FIRE_POINT, "bastion", "x"), ModelTarget("blue-1"))
    with pytest.raises(SightError, match="no terrain piece 'keep'"):
        look(found, world, Shooter(ShooterKind.MODEL, "red-1"), PieceTarget("keep"))
    with pytest.raises(SightError, match="model 'ghost' is not on the table"):
        look(found, world, Shooter(ShooterKind.MODEL, "red-1"), ModelTarget("ghost"))


def test_a_unit_reading_agrees_with_each_firer_looking_alone():
    firers = [(24.0, 10.0), (22.5, 10.0), (25.5, 9.0), (30.0, 12.0)]
    targets = [(HALF_HIDDEN_X, 38.0), (24.0, 38.0), (20.0, 33.0), (40.0, 30.0), (28.5, 31.0)]
    found, world = board(targets, shooter=firers)
    together = look(found, world, Shooter(ShooterKind.UNIT, "red"), UnitTarget("blue"))
    for sight in together.models:
        alone = [look(found, world, Shooter(ShooterKind.MODEL, f"red-{k + 1}"),
                      ModelTarget(sight.model_id)).models[0] for k in range(len(firers))]
        assert sight.visible == max(a.visible for a in alone)
        assert sight.seen_by == sum(a.visible > 0 for a in alone)
        assert sight.cover == any(a.cover for a in alone if a.visible > 0)
        assert sum(not r.blocked for r in sight.rays) / 16 == sight.visible
    assert {round(m.visible, 4) for m in together.models} != {1.0}  # some are hidden


def test_a_unit_at_a_building_reads_one_facing_per_firer():
    found, world = board([(60.0, 40.0)], shooter=[(24.0, 10.0), (40.0, 24.0)])
    reading = look(found, world, Shooter(ShooterKind.UNIT, "red"), PieceTarget("bastion"))
    assert reading.models == ()
    assert [(f.firer, f.facing) for f in reading.facings] == \
        [("red, model 1", "front"), ("red, model 2", "right")]


def test_a_fantasy_garrison_is_read_as_in_hard_cover():
    hut = TerrainPiece("hut", "whfb_building_1_floor", 24.0, 24.0)
    inside = round_unit("blue", BLUE, [(24.0, 24.0)], mm=25)
    inside.embarked_in = "hut"
    found = scenario(RuleSystem.WARHAMMER_FANTASY, [hut], [round_unit("red", RED, [EYE]), inside])
    world = WorldCache(library()).world_for(found)
    reading = look(found, world, Shooter(ShooterKind.MODEL, "red-1"), PieceTarget("hut"))
    assert reading.lines()[-1] == \
        "blue inside: shots at the garrison count it as in hard cover (−2 to hit)"
    assert reading.in_sight


def test_a_share_within_half_a_point_of_25_percent_reads_borderline():
    from board.game.sight import FacingSight, ModelSight, percent

    close = ModelSight("m", 0.752, True, (), 1, 1, "Guard", borderline=True,
                       hidden_when_covered=0.248)
    assert close.describe() == ("Guard: 75% visible – borderline: 24.8% hidden, within 0.5 "
                                "points of 25% (players decide)")
    sure = ModelSight("m", 0.74, True, (), 1, 1, "Guard", hidden_when_covered=0.26)
    assert sure.describe().endswith("25% or more hidden: cover")
    face = FacingSight("r0", "front", 14, 14, 0.754, ())
    assert face.borderline and "borderline: 24.6% hidden" in face.describe()
    assert not FacingSight("r0", "front", 14, 14, 0.76, ()).borderline
    assert percent(0.0004) == "0.04%" and percent(0.9999) == "99.99%"
