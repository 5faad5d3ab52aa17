"""A disembarking model's problems name the terrain and the enemies by name, not by id."""

from __future__ import annotations

from board.document.model import TerrainPiece
from board.game.core.buildings import building_rules, write_back
from board.game.core.world import WorldCache
from board.game.occupancy.disembarking import check_positions, plan_disembark
from geometry import Problem
from tests.game.samples import BLUE, RED, library, round_unit, scenario


def test_inside_a_building_and_near_an_enemy_are_named():
    squad = round_unit("sq", RED, [(0.0, 0.0), (0.0, 0.0)])
    squad.name = "Veteran Squad"
    squad.embarked_in = "bastion"
    horde = round_unit("horde", BLUE, [(14.0, 18.0)], mm=25)
    horde.name = "Cultist Horde"
    s = scenario(terrain=[TerrainPiece("bastion", "imperial_bastion", 10.0, 10.0),
                          TerrainPiece("hut", "wh40k_small_building", 4.0, 17.0)],
                 units=[squad, horde])
    building = building_rules(s, library(), s.piece("bastion"))
    building.state.occupants, building.state.occupying_side = ["sq"], RED
    write_back(s.piece("bastion"), building)
    world = WorldCache(library()).world_for(s)
    plan = plan_disembark(s, library(), world, "sq")
    assert plan.decision.allowed
    verdicts = check_positions(s, world, plan, {"sq-1": (4.0, 17.0), "sq-2": (14.0, 16.9)})
    texts = {v.model_id: dict(v.problems) for v in verdicts}
    assert texts["sq-1"][Problem.IN_TERRAIN] == "inside Building, small (40K)"
    near = texts["sq-2"][Problem.NEAR_ENEMY]
    assert near.startswith('within 1.00" of Cultist Horde (')
    assert "horde-1" not in near
