"""The escape hatch everywhere the board measures (seed 000 FAQ).

Seed 000 FAQ: "When measuring special rules that use a radius whilst in a building, does the
escape hatch count as part of the building? No." and "Can an opponent assault an escape hatch
– the unit can't assault out of one but can it be assaulted as a normal Access Point? No."

A hatch standing 4" out from the rear wall (a tunnel exit; datasheets allow up to 12") makes
the answers visible: the hatch is no part of the building for a radius, a model touching only
the hatch is not in base contact with the building, and a unit coming out through it is marked
so that it may not charge that turn.
"""

from __future__ import annotations

from dataclasses import replace

from board.document.model import TerrainPiece
from board.game.assault_reach import assault_candidates
from board.game.core.targets import PieceTarget
from board.game.core.world import WorldCache
from board.game.measuring.within import within_check
from board.game.occupancy.disembarking import disembark_change, plan_disembark
from tests.game.samples import BLUE, RED, library, round_unit, scenario

R32 = 32 / 25.4 / 2


def tunnel_library():
    """The library with a bastion whose escape hatch stands 4" behind its rear wall."""
    bastion = library()["imperial_bastion"]
    door, hatch = bastion.access_points
    out = replace(bastion, id="bastion_tunnel",
                  access_points=(door, replace(hatch, x=1.0, y=7.0)))
    return library().including([out])


def bastion_at(x: float = 10.0, y: float = 10.0) -> TerrainPiece:
    """The tunnel bastion, unturned: footprint 7..13 both ways, door (9, 7), hatch (11, 17)."""
    return TerrainPiece("b", "bastion_tunnel", x, y)


def test_a_radius_from_the_building_ignores_the_escape_hatch():
    """A unit 0.5" from the hatch and 3.5"+ from the wall is not within 2" of the building."""
    lib = tunnel_library()
    s = scenario(terrain=[bastion_at()],
                 units=[round_unit("sq", BLUE, [(11.0, 17.0 + 0.5 + R32)])])
    world = WorldCache(lib).world_for(s)
    reading = within_check(world, "sq", PieceTarget("b"), 2.0)
    assert not reading.closest.ok
    assert abs(float(reading.closest.distances[0]) - (4.5 + 0.0)) < 1e-3
    assert within_check(world, "sq", PieceTarget("b"), 4.5).closest.ok


def test_a_model_touching_only_the_escape_hatch_may_not_assault_the_building():
    lib = tunnel_library()
    s = scenario(terrain=[bastion_at()],
                 units=[round_unit("sq", BLUE, [(11.0, 17.0 + R32)])])
    s.piece("b").claimed_by = RED
    [candidate] = assault_candidates(s, WorldCache(lib).world_for(s), "b")
    assert not candidate.allowed
    assert candidate.reason.startswith('4.00" from the building: it must be in base contact')


def test_out_through_the_tunnel_hatch_the_unit_may_not_charge_this_turn():
    lib = tunnel_library()
    inside = round_unit("sq", RED, [(10.0, 10.0)])
    inside.embarked_in = "b"
    s = scenario(terrain=[bastion_at(), TerrainPiece("hut", "wh40k_small_building", 11.0,
                                                     20.0)],
                 units=[inside])
    s.piece("b").state = {"occupants": ["sq"], "occupying_side": RED}
    s.piece("b").claimed_by = RED
    s.piece("hut").claimed_by = BLUE
    world = WorldCache(lib).world_for(s)
    plan = plan_disembark(s, lib, world, "sq")
    assert plan.escape_hatches == ("escape-hatch",)
    start = plan.start["sq-1"]
    assert start[1] < 10.0  # the first placement is by the door: the unit keeps its charge
    decision, change = disembark_change(s, lib, world, plan, plan.start)
    assert decision and "may still charge (Repel the Enemy)" in change.log[0].text
    assert "escape_hatch_on" not in change.units["sq"].stats
    by_hatch = {"sq-1": (11.0, 18.0 - R32 - 0.05)}  # touching the hut, 11" from the door
    decision, change = disembark_change(s, lib, world, plan, by_hatch)
    assert decision, decision.reason
    assert ("by the escape hatch: a unit that came out of an escape hatch cannot charge this "
            "turn (the escape hatch rule)") in change.log[0].text
    out = change.units["sq"]
    assert out.stats["escape_hatch_on"] == [1, RED]
    s.units = [out]
    world = WorldCache(lib).world_for(s)
    [candidate] = assault_candidates(s, world, "hut")
    assert not candidate.allowed
    assert candidate.reason == ("came out of an escape hatch this turn: a unit cannot assault "
                                "out of one (the escape hatch rule)")
    s.options["turn"] = 2
    [candidate] = assault_candidates(s, world, "hut")
    assert candidate.allowed
