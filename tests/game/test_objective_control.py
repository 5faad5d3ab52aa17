"""Who holds an objective marker, by edition, both sides of 3" from the marker's edge."""

from __future__ import annotations

import math

import pytest

from board.document.datasheets import place_datasheet
from board.document.io import default_library
from board.document.model import Base, Model, Scenario, Side, Table, TerrainPiece, TroopType, Unit
from board.game.core.world import WorldCache
from board.game.objectives.control import holdings
from board.game.objectives.markers import MARKER_MM

LIB = default_library()
MARKER_R = MARKER_MM / 25.4 / 2
R32 = 32 / 25.4 / 2
SIDES = [Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")]


def _unit(uid, side, gaps, oc=None, troop=TroopType.INFANTRY, secured=False, turn=0.0):
    """A unit of 32 mm models, each ``gap`` inches from the marker's edge, 45° apart round it
    from ``turn`` degrees (0: to the right of it)."""
    stats = {} if oc is None else {"oc": oc}
    if secured:
        stats["objective_secured"] = True
    models = []
    for k, gap in enumerate(gaps):
        a = math.radians(turn + 45.0 * k)
        far = MARKER_R + gap + R32
        models.append(Model(f"{uid}{k}", Base.round_mm(32), 30.0 + far * math.cos(a),
                            22.0 + far * math.sin(a)))
    return Unit(uid, uid, side, troop, models, stats=stats)


def _scenario(units, edition="10th", terrain=()):
    options = {"edition": edition} if edition else {}
    return Scenario(table=Table(60, 44), sides=list(SIDES), options=options,
                    terrain=[TerrainPiece("obj", "objective_marker", 30.0, 22.0), *terrain],
                    units=list(units))


def _held(scenario):
    (holding,) = holdings(scenario, WorldCache(LIB).world_for(scenario))
    return holding


@pytest.mark.parametrize("edition", ["10th", "11th"])
def test_level_of_control_both_sides_of_three_inches(edition):
    inside = _held(_scenario([_unit("a", "red", [2.999], oc=2)], edition))
    assert inside.control.holder == "red"
    assert inside.models[0].across == pytest.approx(2.999, abs=1e-9)
    assert inside.control.reason == "Red controls it: Red 2, Blue 0"
    outside = _held(_scenario([_unit("a", "red", [3.001], oc=2)], edition))
    assert outside.control.holder is None and outside.models == ()
    assert outside.control.reason == "contested: Red 0, Blue 0"


def test_the_greater_level_holds_a_tie_contests():
    red = _unit("r", "red", [0.5, 1.0], oc=1)  # 2
    blue = _unit("b", "blue", [2.0], oc=2, turn=180.0)  # 2
    assert _held(_scenario([red, blue])).control.holder is None
    blue3 = _unit("b", "blue", [2.0, 2.5], oc=2, turn=180.0)  # 4
    held = _held(_scenario([red, blue3]))
    assert held.control.holder == "blue" and held.control.levels == {"red": 2, "blue": 4}


def test_a_model_without_oc_counts_one_and_oc_zero_counts_nothing():
    assert _held(_scenario([_unit("a", "red", [1.0])])).control.levels["red"] == 1
    shocked = _held(_scenario([_unit("a", "red", [1.0], oc=0)]))
    assert shocked.control.holder is None


def test_five_inches_up_is_in_range_higher_is_not():
    # A model on the bastion's battlements (8" up) beside the marker: 3" across, not 5" up.
    bastion = place_datasheet(LIB, "imperial_bastion", 30.0 + MARKER_R + 1.0 + 3.0, 22.0,
                              piece_id="bastion")
    up_there = Unit("u", "u", "red", TroopType.INFANTRY,
                    [Model("u0", Base.round_mm(32), 30.0 + MARKER_R + 1.0 + R32 + 0.5, 22.0)],
                    stats={"oc": 3})
    held = _held(_scenario([up_there], terrain=bastion))
    assert held.control.holder is None  # 8" up
    # The same model on the ground holds it.
    assert _held(_scenario([up_there])).control.holder == "red"


def test_7th_scoring_units_deny_and_vehicles_do_not_score():
    red = _unit("r", "red", [2.999])
    assert _held(_scenario([red], "7th")).control.holder == "red"
    assert _held(_scenario([_unit("r", "red", [3.001])], "7th")).control.holder is None
    tank = Unit("t", "Rhino", "blue", TroopType.VEHICLE,
                [Model("t0", Base.hull_in(4.5, 3.0), 30.0 - MARKER_R - 1.0 - 2.25, 22.0, 90.0)])
    assert _held(_scenario([red, tank], "7th")).control.holder == "red"  # a vehicle scores not
    blue = _unit("b", "blue", [1.0], turn=180.0)
    assert _held(_scenario([red, blue], "7th")).control.holder is None  # denied
    secured = _unit("b", "blue", [1.0], turn=180.0, secured=True)
    held = _held(_scenario([red, secured], "7th"))
    assert held.control.holder == "blue" and "Objective Secured" in held.control.reason


def test_no_edition_named_is_the_boards_7th():
    assert _held(_scenario([_unit("r", "red", [1.0])], edition=None)).rule.startswith("7th")


def test_a_hull_is_measured_to_its_closest_corner():
    # A 4 x 2 in hull facing up, its right edge 2.999" (then 3.001") left of the marker's edge.
    for gap, held in ((2.999, True), (3.001, False)):
        tank = Unit("t", "t", "red", TroopType.VEHICLE,
                    [Model("t0", Base.hull_in(4.0, 2.0), 30.0 - MARKER_R - gap - 1.0, 22.0)],
                    stats={"oc": 5})
        assert (_held(_scenario([tank])).control.holder == "red") is held


def test_linked_markers_are_one_objective():
    scenario = _scenario([_unit("r", "red", [1.0], oc=1)])
    scenario.terrain.append(TerrainPiece("obj2", "objective_marker", 40.0, 22.0))
    scenario.options["objectives"] = {"obj": {"name": "Centre", "group": "c"},
                                      "obj2": {"name": "Centre", "group": "c"}}
    blue = Unit("b", "b", "blue", TroopType.INFANTRY,
                [Model("b0", Base.round_mm(32), 40.0 + MARKER_R + 1.0 + R32, 22.0)],
                stats={"oc": 2})
    scenario.units.append(blue)
    (held,) = holdings(scenario, WorldCache(LIB).world_for(scenario))
    assert held.objective.name == "Centre" and len(held.objective.markers) == 2
    assert held.control.holder == "blue" and held.control.levels == {"red": 1, "blue": 2}


def test_check_json_reports_each_objectives_holder(tmp_path, capsys):
    import json

    from board.check import main
    from board.document.io import save_scenario

    scenario = _scenario([_unit("r", "red", [2.999], oc=2),
                          _unit("b", "blue", [3.001], oc=5, turn=180.0)], "10th")
    path = tmp_path / "held.json"
    save_scenario(scenario, path)
    assert main([str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (held,) = out["objectives"]
    assert held["holder"] == "red" and held["levels"] == {"red": 2, "blue": 0}
    assert [m["model"] for m in held["models"]] == ["r0"]
    assert held["models"][0]["across"] == pytest.approx(2.999, abs=1e-4)
    assert "Objective 1: Red controls it: Red 2, Blue 0" in "\n".join(out["text"])


def test_the_import_reads_a_lists_oc():
    from board.document.model import RuleSystem
    from board.document.roster.model import Profile
    from board.game.army.mapping import stats_for

    profile = Profile("Intercessor", "Unit", {"M": '6"', "T": "4", "SV": "3+", "W": "2",
                                              "LD": "6+", "OC": "2"})
    stats, notes = stats_for(RuleSystem.WH40K, profile)
    assert stats["oc"] == 2
    assert not any(note.startswith("OC") for note in notes)


@pytest.mark.parametrize("gap, inside", [(2.999, True), (3.001, False)])
def test_is_it_within_the_marker_answers_alike(gap, inside):
    # The measuring tools measure to the marker's 64-sided outline: within 0.00095" of its
    # circle, so 2.999" and 3.001" from its edge fall on their sides of 3", in any direction.
    from board.game.core.targets import PieceTarget
    from board.game.measuring.within import within_check
    for turn in (0.0, 2.8125, 17.0, 92.8125):  # at a corner, mid-edge, anywhere
        scenario = _scenario([_unit("a", "red", [gap], oc=1, turn=turn)])
        world = WorldCache(LIB).world_for(scenario)
        reading = within_check(world, "a", PieceTarget("obj"), 3.0)
        assert (reading.verdict != "not within") is inside, (gap, turn, reading.headline)
        assert (_held(scenario).control.holder == "red") is inside
