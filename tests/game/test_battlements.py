"""The battlements: disembarking onto them, and who stands on them read from the table (seed 000).

"Battlements are treated as an Access Point for their building, meaning that a unit inside the
building can disembark onto the battlements": a model standing wholly on them is placed
legally however far from the doors; a building's collapse reaches the units standing there.
"""

from __future__ import annotations

import math

from shapely.geometry import Point

from board.document.model import TerrainPiece
from board.game.core.buildings import building_rules, write_back
from board.game.core.world import WorldCache
from board.game.occupancy.disembarking import check_positions, disembark_change, plan_disembark
from board.game.systems.wh40k.battlements import units_on_battlements
from board.game.systems.wh40k.effects import ShotEffects
from geometry import Problem
from tests.game.samples import BLUE, RED, library, round_unit, scenario

KEEP = TerrainPiece("keep", "aquila_strongpoint_keep", 30.0, 24.0)


def world_of(s):
    return WorldCache(library()).world_for(s)


def far_corner(world) -> tuple[float, float]:
    """A spot on the keep's battlements more than 6" from its only door (inset for a base)."""
    shapes = world.piece("keep")
    roof, doors = shapes.battlements, [Point(a.x, a.y) for a in shapes.access_points]
    x0, y0, x1, y1 = roof.bounds
    corners = [(x0 + 0.7, y0 + 0.7), (x1 - 0.7, y0 + 0.7), (x0 + 0.7, y1 - 0.7),
               (x1 - 0.7, y1 - 0.7)]
    return max(corners, key=lambda c: min(d.distance(Point(c)) for d in doors))


def inside_keep():
    squad = round_unit("sq", RED, [(0.0, 0.0)])
    squad.embarked_in = "keep"
    s = scenario(terrain=[TerrainPiece(**vars(KEEP))], units=[squad])
    s.piece("keep").claimed_by = RED
    building = building_rules(s, library(), s.piece("keep"))
    building.state.occupants = ["sq"]
    building.state.occupying_side = RED
    write_back(s.piece("keep"), building)
    return s


def test_a_model_wholly_on_the_battlements_is_placed_legally_however_far_from_the_door():
    s = inside_keep()
    world = world_of(s)
    plan = plan_disembark(s, library(), world, "sq")
    assert plan.decision.allowed and not plan.emergency and plan.battlements is not None
    spot = far_corner(world)
    door = Point(world.piece("keep").access_points[0].x, world.piece("keep").access_points[0].y)
    assert door.distance(Point(spot)) > 6.5  # too far from the door on the ground
    assert plan.zone.contains(Point(spot))
    verdict = check_positions(s, world, plan, {"sq-1": spot})[0]
    assert verdict.legal, verdict.explain()
    half_off = (spot[0] + math.copysign(1.5, spot[0] - 30.0), spot[1])  # hanging off the edge
    problems = {p for p, _ in check_positions(s, world, plan, {"sq-1": half_off})[0].problems}
    assert Problem.TOO_FAR in problems or Problem.IN_TERRAIN in problems
    decision, change = disembark_change(s, library(), world, plan, {"sq-1": spot})
    assert decision.allowed and decision.reason.endswith("1 model onto its battlements")
    assert change.pieces["keep"].state["on_battlements"] == ["sq"]


def test_no_way_up_when_the_battlements_are_ruined():
    s = inside_keep()
    s.piece("keep").state["battlements_ruined"] = True
    world = world_of(s)
    plan = plan_disembark(s, library(), world, "sq")
    assert plan.battlements is None
    assert not plan.zone.contains(Point(far_corner(world)))


def test_who_stands_on_the_battlements_is_read_from_the_table():
    up = round_unit("up", RED, [(30.0, 24.0)])
    down = round_unit("down", BLUE, [(45.0, 24.0)])
    half = round_unit("half", BLUE, [(45.0, 30.0), (31.0, 22.0)])  # one model up there
    s = scenario(terrain=[TerrainPiece(**vars(KEEP))], units=[up, down, half])
    world = world_of(s)
    assert units_on_battlements(world, "keep") == ["up", "half"]
    building = building_rules(s, library(), s.piece("keep"))
    building.state.on_battlements = ["down"]  # remembered, but it has walked off since
    effects = ShotEffects(s, world, building)
    assert building.state.on_battlements == ["up", "half"]
    assert set(effects.units) == {"up", "half"}


def test_a_model_on_the_battlements_has_cover_however_much_is_seen():
    from board.game.core.shooters import Shooter, ShooterKind
    from board.game.core.targets import UnitTarget
    from board.game.sight import line_of_sight

    up = round_unit("up", RED, [(31.0, 22.0)])
    open_ground = round_unit("open", RED, [(45.0, 22.0)])
    looker = round_unit("looker", BLUE, [(60.0, 22.0)])
    s = scenario(terrain=[TerrainPiece(**vars(KEEP))], units=[up, open_ground, looker])
    world = world_of(s)
    seen = line_of_sight(s, library(), world, Shooter(ShooterKind.UNIT, "looker"),
                         UnitTarget("up")).models[0]
    # seen from the ground 29" away, the roof's edge 3.5" in front of it hides its lower part
    assert 0.0 < seen.visible < 1.0 and seen.cover is True
    assert seen.on_battlements == "Aquila Strongpoint: strongpoint"
    assert seen.describe().endswith(
        "on the battlements of Aquila Strongpoint: strongpoint: 4+ cover")
    plain = line_of_sight(s, library(), world, Shooter(ShooterKind.UNIT, "looker"),
                          UnitTarget("open")).models[0]
    assert plain.cover is False and plain.on_battlements == ""


def test_a_model_on_the_battlements_stands_at_their_height():
    from board.game.core.shooters import Shooter, ShooterKind, shooter_eyes

    up = round_unit("up", RED, [(31.0, 22.0)])
    down = round_unit("down", RED, [(45.0, 22.0)])
    s = scenario(terrain=[TerrainPiece(**vars(KEEP))], units=[up, down])
    world = world_of(s)
    assert world.on_battlements(["up-1", "down-1"]) == {"up-1": "keep"}
    assert world.standing_height("up-1") == 8.0 and world.standing_height("down-1") == 0.0
    eye = shooter_eyes(world, Shooter(ShooterKind.MODEL, "up-1"))[0]
    assert eye.observer.height == 8.0 + 1.5  # the roof, then the trooper's own height
