"""Every measuring path with heights: the ruler, within, void shields, check (hand computed)."""

from __future__ import annotations

import dataclasses
import json
import math

import pytest

from board.check import check_report
from board.document.errors import ScenarioError
from board.document.io import scenario_from_dict
from board.document.model import LevelRef, RuleSystem, TerrainPiece
from board.document.scenario_json import write_scenario
from board.game.core.targets import FeatureTarget, ModelTarget, PointTarget
from board.game.core.world import WorldCache
from board.game.measuring.annotations import ruler_annotation, within_annotation
from board.game.measuring.coverage import unit_coverage
from board.game.measuring.ruler import ruler
from board.game.measuring.within import within_check
from geometry import DistanceRule
from tests.game import samples

R32 = 16.0 / 25.4
BASTION = TerrainPiece("bastion", "imperial_bastion", 30, 20)  # 27..33 x 17..23, 8" battlements
RUIN = TerrainPiece("ruin", "wh40k_ruins", 50, 20)  # upper level 3" up: x 46..54, y 17..19.5


def scenario(*units, system=RuleSystem.WH40K, rule=None, terrain=(BASTION, RUIN)):
    sc = samples.scenario(system, terrain=list(terrain), units=list(units))
    if rule is not None:
        sc.options["distance_rule"] = rule
    return sc


def world(sc):
    return WorldCache(samples.library()).world_for(sc)


def on_roof():
    """A model wholly on the bastion's battlements, 0.5" in from its right-hand wall."""
    return samples.round_unit("up", samples.RED, [(33 - 0.5 - R32, 20)])


def test_the_ruler_from_the_battlements_reads_across_and_up():
    sc = scenario(on_roof(), samples.round_unit("g", samples.BLUE, [(38, 20)]))
    reading = ruler(world(sc), ModelTarget("up-1"), ModelTarget("g-1"))
    across = 38 - R32 - (33 - 0.5)  # 4.87": centre to centre 5.5 + R32 less both radii
    assert reading.across == pytest.approx(across, abs=1e-12)
    assert reading.up == pytest.approx(8.0 - 1.5)  # the raised foot to the other's top
    assert reading.distance == pytest.approx(math.hypot(across, 6.5), abs=1e-12)
    assert reading.text == f'{math.hypot(across, 6.5):.2f}" ({across:.2f}" across, 6.50" up)'


@pytest.mark.parametrize("rule,expected", [("horizontal", 4.8701), ("across_then_up", 11.3701),
                                           ("straight", 8.1220)])
def test_a_house_rule_changes_the_reading(rule, expected):
    sc = scenario(on_roof(), samples.round_unit("g", samples.BLUE, [(38, 20)]), rule=rule)
    assert ruler(world(sc), ModelTarget("up-1"), ModelTarget("g-1")).distance == \
        pytest.approx(expected, abs=1e-4)


def test_a_model_on_the_battlements_is_not_within_3_of_an_objective_at_the_wall_foot():
    objective = PointTarget(34.0, 20.0)  # 1.5" across from the base's edge at 32.5
    sc = scenario(on_roof())
    reading = within_check(world(sc), "up", objective, 3.0)
    assert reading.verdict == "not within"
    model = reading.models[0]
    assert model.closest == pytest.approx(math.hypot(1.5, 8.0), abs=1e-12)
    assert reading.explain(model).endswith(': 1.50" across, 8.00" up')
    flat = within_check(world(scenario(on_roof(), rule="horizontal")), "up", objective, 3.0)
    assert flat.verdict == "wholly within"


def test_both_sides_of_6_inches_in_the_rules_distance():
    # a model on the ruin's upper level (3" up) and a point on the table 6" away by the rule
    for offset, verdict in ((-0.001, "within"), (0.001, "not within")):
        across = math.sqrt((6 + offset) ** 2 - 3.0 ** 2)
        unit = samples.round_unit("r", samples.RED, [(50, 18)])
        unit.models[0].level = LevelRef("ruin", "upper")
        target = PointTarget(50, 18 - R32 - across)
        reading = within_check(world(scenario(unit)), "r", target, 6.0)
        assert reading.verdict.endswith(verdict), offset


def test_a_ruin_level_against_a_model_on_the_ground_beside_it():
    upper = samples.round_unit("r", samples.RED, [(50, 18)])
    upper.models[0].level = LevelRef("ruin", "upper")
    ground = samples.round_unit("g", samples.BLUE, [(50, 14)])
    reading = ruler(world(scenario(upper, ground)), ModelTarget("r-1"), ModelTarget("g-1"))
    assert (reading.across, reading.up) == (pytest.approx(4 - 2 * R32), 1.5)  # 3" less 1.5"


def test_an_emplaced_weapon_and_a_fire_point_measure_from_their_height():
    sc = scenario(samples.round_unit("g", samples.BLUE, [(40, 20)]))
    mount = FeatureTarget("bastion", "weapon", "icarus-lascannon")  # on the battlements
    reading = ruler(world(sc), mount, ModelTarget("g-1"))
    assert reading.up == pytest.approx(8.0 + 2.0 - 1.5)
    slit = ruler(world(sc), FeatureTarget("bastion", "fire_point", "right-1"), ModelTarget("g-1"))
    assert slit.up == 0.0  # 1.5" up, within the model's 0–1.5"


def test_epic_and_fantasy_measure_across_the_table_by_default():
    for system in (RuleSystem.EPIC40K, RuleSystem.WARHAMMER_FANTASY):
        sc = samples.scenario(system, terrain=[], units=[])
        assert world(sc).distance_rule is DistanceRule.HORIZONTAL
    assert world(scenario()).distance_rule is DistanceRule.STRAIGHT


def test_check_json_carries_across_up_and_the_rule():
    sc = scenario(on_roof(), samples.round_unit("g", samples.BLUE, [(38, 20)]))
    sc.annotations += [ruler_annotation("ruler-1", ModelTarget("up-1"), ModelTarget("g-1")),
                       within_annotation("within-1", "up", PointTarget(34.0, 20.0), 3.0)]
    report = json.loads(json.dumps(check_report(sc, samples.library())))
    kept = {m["id"]: m for m in report["measurements"]}
    assert kept["ruler-1"]["up_in"] == pytest.approx(6.5)
    assert kept["ruler-1"]["across_in"] == pytest.approx(38 - R32 - 32.5)
    assert kept["ruler-1"]["distance_rule"] == "straight"
    model = kept["within-1"]["models"][0]
    assert (model["closest_across_in"], model["closest_up_in"]) == \
        (pytest.approx(1.5), 8.0)
    heights = report["heights"]
    assert heights["distance_rule"] == "straight" and not heights["house_rule"]
    assert [(m["model"], m["level"], m["height_in"]) for m in heights["models"]] == \
        [("up-1", "battlements", 8.0)]


def test_check_flags_a_level_that_is_not_there_off_its_area_and_over_capacity():
    crowd = samples.round_unit("c", samples.RED, [(47 + 1.4 * k, 18.2) for k in range(5)]
                               + [(47 + 1.4 * k, 16.9 + 2.6) for k in range(6)])
    for model in crowd.models:
        model.level = LevelRef("ruin", "upper")
    lost = samples.round_unit("x", samples.BLUE, [(10, 40)])
    lost.models[0].level = LevelRef("ruin", "attic")
    report = check_report(scenario(crowd, lost), samples.library())
    problems = {m["model"]: m["problem"] for m in report["heights"]["models"]}
    assert "which the table does not have" in problems["x-1"]
    off = [m for m, p in problems.items() if p.startswith("not wholly on Upper level")]
    assert off == [f"c-{k}" for k in range(6, 12)]  # the second row's bases overhang 19.5"
    assert all(not problems[f"c-{k}"] for k in range(1, 6))


def test_capacity_counts_the_models_on_a_level():
    crowd = samples.round_unit("c", samples.RED, [(46.55 + 0.69 * k, 18.2) for k in range(11)],
                               mm=25.0)
    for model in crowd.models:
        model.level = LevelRef("ruin", "upper")
    report = check_report(scenario(crowd), samples.library())
    over = [m["model"] for m in report["heights"]["models"] if "holds 10 models" in m["problem"]]
    assert over == ["c-11"]


def test_a_level_and_the_option_survive_a_save_and_are_checked_on_load():
    unit = samples.round_unit("r", samples.RED, [(50, 18)])
    unit.models[0].level = LevelRef("ruin", "upper")
    sc = scenario(unit, rule="across_then_up")
    data = write_scenario(sc)
    back = scenario_from_dict(json.loads(json.dumps(data)), samples.library())
    assert back.unit("r").models[0].level == LevelRef("ruin", "upper")
    assert back.options["distance_rule"] == "across_then_up"
    bad = dataclasses.replace(sc, options={"distance_rule": "diagonal"})
    with pytest.raises(ScenarioError, match="distance_rule.*expected one of system, horizontal"):
        scenario_from_dict(write_scenario(bad), samples.library())
    data["units"][-1]["models"][0]["level"] = {"piece": "ruin", "floor": "upper"}
    with pytest.raises(ScenarioError, match="floor"):
        scenario_from_dict(data, samples.library())


def test_void_shield_coverage_counts_height():
    # the generator (6" tall) 11.9" across from the far edge of a base on the 8" battlements
    generator = TerrainPiece("vsg", "void_shield_generator", 32.5 - 2 * R32 + 11.9 + 2, 20)
    sc = scenario(on_roof(), terrain=(BASTION, generator))
    raised = unit_coverage(world(sc), "up").models[0]
    assert raised.status == "partly in"  # farthest part hypot(11.9, 2) = 12.07"
    assert raised.sticks_out == pytest.approx(math.hypot(11.9, 2.0) - 12.0, abs=1e-9)
    flat = dataclasses.replace(sc, options={"distance_rule": "horizontal"})
    assert unit_coverage(world(flat), "up").models[0].status == "wholly in"


def test_the_export_summary_carries_across_up_and_the_rule():
    from board.game.reports.dispute_summary import summary_lines

    sc = scenario(on_roof(), samples.round_unit("g", samples.BLUE, [(38, 20)]))
    sc.annotations.append(ruler_annotation("ruler-1", ModelTarget("up-1"), ModelTarget("g-1")))
    lines = summary_lines(sc, samples.library(), [])
    across = 38 - R32 - 32.5
    ruler_line = next(line for line in lines if line.strip().startswith("ruler:"))
    assert f'{math.hypot(across, 6.5):.2f}" ({across:.2f}" across, 6.50" up)' in ruler_line
    assert any(line.startswith("Heights: distances read the straight line") for line in lines)
    assert any("on Battlements of Imperial Bastion, 8.00\" up" in line for line in lines)


def test_page_up_refuses_more_models_than_a_level_holds():
    from board.game.core.levels import level_change

    crowd = samples.round_unit("c", samples.RED, [(46.55 + 0.69 * k, 18.2) for k in range(11)],
                               mm=25.0)
    sc = scenario(crowd)
    ids = [m.id for m in crowd.models]
    assert level_change(sc, world(sc), ids, 1) == \
        "Upper level of Ruins (40K) holds 10 models; 11 would stand on it"
    change, words = level_change(sc, world(sc), ids[:10], 1)
    assert words == "10 models to Upper level of Ruins (40K)"
    assert all(m.level == LevelRef("ruin", "upper") for m in change.units["c"].models[:10])
    assert change.units["c"].models[10].level is None


def test_a_model_off_its_levels_area_is_measured_on_the_table_and_flagged():
    from board.game.core.heights import model_span

    unit = samples.round_unit("r", samples.RED, [(50, 18), (50, 23)])  # the second off it
    for model in unit.models:
        model.level = LevelRef("ruin", "upper")
    found = world(scenario(unit))
    assert model_span(found, "r-1").low == 3.0
    assert model_span(found, "r-2").low == 0.0
    report = check_report(scenario(unit), samples.library())
    problems = {m["model"]: m["problem"] for m in report["heights"]["models"]}
    assert problems["r-1"] == ""
    assert problems["r-2"].endswith("; measured on the table)")


@pytest.mark.parametrize(("gap", "stays"), [(0.0, True), (0.001, False), (-0.3, True)])
def test_a_drag_off_a_level_steps_down_only_when_the_base_touches_none_of_it(gap, stays):
    from board.game.core.levels import stepped_off
    from board.game.moves import after_drag

    up = samples.round_unit("s", samples.RED, [(50, 18.2), (48, 18.2)])
    for model in up.models:
        model.level = LevelRef("ruin", "upper")
    sc = scenario(up)
    old = {"s-1": (50.0, 18.2)}
    new = {"s-1": (50.0, 19.5 + R32 + gap)}  # the level's edge is y 19.5
    down = stepped_off(sc, world(sc), old, new)
    if stays:
        assert down is None
        return
    assert down is not None
    moved, other = down.units["s"].models
    assert moved.level is None and (moved.x, moved.y) == new["s-1"]
    assert other.level == LevelRef("ruin", "upper") and (other.x, other.y) == (48, 18.2)
    change = after_drag(sc, samples.library(), world(sc), old, new, pieces_moved=False)
    assert change is not None and change.units["s"].models[0].level is None
