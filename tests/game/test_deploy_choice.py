"""Choosing the deployment map and counting models out of zone (deploy_choice)."""

from __future__ import annotations

import math

import pytest

from board.document.changes import apply_change
from board.document.edits import ScenarioDocument
from board.document.model import RuleSystem
from board.game.core.deploy import DeploymentError, deployment_for
from board.game.core.preview import moved_scenario
from board.game.core.world import WorldCache
from board.game.deployment.deploy_choice import (
    caption_point,
    choose_deployment,
    current_map_key,
    deployment_choices,
    deployment_status,
    restatus_units,
)
from geometry import DEPLOYMENT_MAPS
from tests.game.samples import BLUE, RED, library, round_unit, scenario

R32 = 32 / 25.4 / 2  # a 32 mm base's radius, inches


def _world(s):
    return WorldCache(library()).world_for(s)


def test_every_map_is_offered_once_with_the_system_default_marked():
    for system in RuleSystem:
        choices = deployment_choices(scenario(system))
        assert [c.key for c in choices] == list(DEPLOYMENT_MAPS)
        assert sum(c.default for c in choices) == 1
        assert [c.key for c in choices if c.current] == [current_map_key(scenario(system))]
    assert current_map_key(scenario(RuleSystem.WARHAMMER_FANTASY)) == "battleline"


def test_choosing_a_map_is_an_option_change_undone_whole():
    doc = ScenarioDocument(scenario())
    undo = apply_change(doc, choose_deployment(doc.scenario, "vanguard_strike"))
    assert doc.scenario.options["deployment"] == "vanguard_strike"
    assert current_map_key(doc.scenario) == "vanguard_strike"
    apply_change(doc, undo)
    assert "deployment" not in doc.scenario.options


def test_zones_the_option_gave_the_sides_are_kept_when_the_new_map_has_them():
    s = scenario()
    s.options["deployment"] = {"map": "dawn_of_war", "zones": {RED: "bottom", BLUE: "top"}}
    assert choose_deployment(s, "battleline").options["deployment"] == {
        "map": "battleline", "zones": {RED: "bottom", BLUE: "top"}}
    # Hammer and Anvil has left and right only: the sides take zones by where they stand.
    assert choose_deployment(s, "hammer_and_anvil").options["deployment"] == "hammer_and_anvil"


def test_an_unknown_map_is_refused_with_the_choices():
    with pytest.raises(DeploymentError, match="'spearhead'; maps: dawn_of_war, hammer_and_anvil"):
        choose_deployment(scenario(), "spearhead")


def test_status_counts_models_out_per_unit_with_how_far():
    # Dawn of War on 72x48: red deploys bottom (y >= 36), blue top (y <= 12).
    red = round_unit("red-a", RED, [(10, 40), (12, 36.2), (14, 30)])
    blue = round_unit("blue-a", BLUE, [(10, 5), (12, 11)])
    s = scenario(units=[red, blue])
    s.options["deployment"] = {"map": "dawn_of_war", "zones": {RED: "bottom", BLUE: "top"}}
    status = deployment_status(s, _world(s))
    rows = {row.unit_id: row for row in status.rows}
    assert rows["red-a"].out == ("red-a-2", "red-a-3")
    assert rows["red-a"].excess == pytest.approx((R32 - 0.2, 6 + R32), abs=1e-6)
    assert rows["red-a"].out_by == ('0.43"', '6.63"')
    assert rows["red-a"].text == ('red-a (Red, zone bottom): 2 of 3 out: model 2 by 0.43"; '
                                  'model 3 by 6.63"')
    assert rows["blue-a"].out == () and rows["blue-a"].text.endswith("0 of 2 out")
    assert status.models_out == 2 and status.out_model_ids == {"red-a-2", "red-a-3"}
    assert status.headline() == "Dawn of War (Red bottom, Blue top): 2 models out of zone"


def test_a_miss_by_a_thousandth_is_not_shown_as_zero():
    red = round_unit("red-a", RED, [(10, 36 + R32 - 0.001)])
    s = scenario(units=[red])
    s.options["deployment"] = {"map": "dawn_of_war", "zones": {RED: "bottom"}}
    row = deployment_status(s, _world(s)).rows[0]
    assert row.out == ("red-a-1",) and row.out_by == ('0.001"',)


def test_epic_status_speaks_centimetres():
    red = round_unit("red-a", RED, [(10, 30)])
    s = scenario(RuleSystem.EPIC40K, units=[red])
    s.options["deployment"] = {"map": "dawn_of_war", "zones": {RED: "bottom"}}
    row = deployment_status(s, _world(s)).rows[0]
    expected = (36 - 30 + R32) * 2.54
    assert row.out_by == (f"{math.ceil(expected * 100) / 100:.2f} cm",)


def test_a_bad_option_gives_a_status_that_says_why():
    s = scenario(units=[round_unit("red-a", RED, [(10, 40)])])
    s.options["deployment"] = 12
    status = deployment_status(s, _world(s))
    assert status.plan is None and status.rows == ()
    assert status.headline().startswith("No deployment: options.deployment must be a map key")


@pytest.mark.parametrize("key", list(DEPLOYMENT_MAPS))
def test_captions_lie_inside_their_zone_by_its_table_edge(key):
    s = scenario()
    s.options["deployment"] = key
    plan = deployment_for(s)
    from shapely.geometry import Point

    for name in plan.map.zone_names:
        x, y = caption_point(plan, name)
        assert plan.zone(name).covers(Point(x, y)), (key, name, x, y)
        edge = min(x, y, plan.map.width - x, plan.map.height - y)
        assert edge <= 1.5, (key, name, x, y)


def test_restatus_of_the_moved_units_agrees_with_a_full_status():
    red = round_unit("red-a", RED, [(10, 40), (12, 40)])
    other = round_unit("red-b", RED, [(30, 20)])
    blue = round_unit("blue-a", BLUE, [(10, 5)])
    s = scenario(units=[red, other, blue])
    s.options["deployment"] = {"map": "dawn_of_war", "zones": {RED: "bottom", BLUE: "top"}}
    cache = WorldCache(library())
    before = deployment_status(s, cache.world_for(s))
    moved = moved_scenario(s, {"red-a-1": (10, 30), "blue-a-1": (10, 20)})
    world = cache.world_for(moved)
    again = restatus_units(before, moved, world, ["red-a", "blue-a"])
    assert again == deployment_status(moved, world)
    assert [r.out for r in again.rows] == [("red-a-1",), ("red-b-1",), ("blue-a-1",)]
    # Units not named keep their rows, even if (wrongly) they moved.
    assert restatus_units(before, moved, world, ["red-a"]).rows[2] == before.rows[2]
