"""Importing army lists onto a board: mapping per system, deployment, re-import, one undo step.

No Qt (CI runs tests/game with PySide6 uninstalled). The lists are the real-shaped samples of
``tests/game/rosters/`` (``roster_samples.py`` writes them).
"""

from __future__ import annotations

import copy
import itertools
from pathlib import Path

import pytest

from board.document.edits import ScenarioDocument
from board.document.io import default_library, load_scenario, save_scenario
from board.document.model import Base, RuleSystem, Scenario, Side, Table, TerrainPiece, TroopType
from board.document.roster import read_roster, read_roster_file
from board.document.roster.bases import BaseLibrary
from board.game.army.plan import ImportError_, import_change, plan_import, roster_key
from board.game.core.deploy import deployment_for, models_out_of_zone
from board.game.core.overlaps import overlaps
from board.game.core.standing import standing_clashes
from board.game.core.world import WorldCache
from board.import_list import main as import_list
from geometry import as_geometry
from tests.game import roster_samples as samples

ROSTERS = Path(__file__).resolve().parent / "rosters"
LIBRARY = default_library()


def _scenario(system: RuleSystem, table: Table | None = None) -> Scenario:
    return Scenario(name="t", rule_system=system, table=table or Table(72, 48),
                    sides=[Side("red", "Red", "#c03030"), Side("blue", "Blue", "#3050c0")])


@pytest.fixture
def bases(tmp_path) -> BaseLibrary:
    library, problem = BaseLibrary.load(tmp_path / "bases.json")
    assert problem == ""
    return library


def _import(document: ScenarioDocument, roster, side: str, bases: BaseLibrary):
    plan = plan_import(document.scenario, roster, side, bases)
    world = WorldCache(LIBRARY).world_for(document.scenario)
    inverse = document.apply_change(import_change(document, world, plan))
    return plan, inverse


def _check_deployed(scenario: Scenario, side: str) -> None:
    """Every model of ``side`` wholly in its zone, on the table, no two bases overlapping.

    The zone verdict is the board's own (``models_out_of_zone``), but for Vanguard Strike's
    triangles: there the board's farthest-point measure of an oval base asks for 42 GiB
    (geometry/farthest.py, reported), so each base's polygon is checked against the zone.
    """
    world = WorldCache(LIBRARY).world_for(scenario)
    plan = deployment_for(scenario)
    mine = [m.shape for m in world.models.values() if m.side == side]
    placed = {m.model_id: m.shape for m in world.models.values() if m.side == side}
    table = (scenario.table.width, scenario.table.height)
    assert standing_clashes(world, placed, table, among=True) == ()  # the board's own check
    if plan.map.name == "Vanguard Strike":
        zone = plan.zone_of(side).buffer(1e-6)
        assert mine and all(zone.covers(as_geometry(shape)) for shape in mine)
    else:
        found = [d for d in models_out_of_zone(world, plan) if d.side == side]
        assert found and all(not d.out_of_zone for d in found)
    for a, b in itertools.combinations(mine, 2):
        assert not overlaps(a, b)
    for shape in mine:
        x0, y0, x1, y1 = shape.bounds if not hasattr(shape, "radius") else (
            shape.x - shape.radius, shape.y - shape.radius, shape.x + shape.radius,
            shape.y + shape.radius)
        assert 0 <= x0 and 0 <= y0 and x1 <= scenario.table.width and y1 <= scenario.table.height


def _unit(scenario: Scenario, name: str):
    return next(u for u in scenario.units if u.name == name)


def test_40k_7th_edition_list_maps_profiles_troop_types_and_armour(bases):
    document = ScenarioDocument(_scenario(RuleSystem.WH40K))
    plan, _ = _import(document, read_roster_file(ROSTERS / "wh40k_7th_space_marines.ros"),
                      "red", bases)
    scenario = document.scenario
    captain = _unit(scenario, "Captain")
    assert captain.troop_type is TroopType.INDEPENDENT_CHARACTER
    assert {k: captain.stats[k] for k in ("ws", "bs", "toughness", "wounds", "leadership",
                                          "save")} == {"ws": 6, "bs": 5, "toughness": 4,
                                                       "wounds": 3, "leadership": 10, "save": 3}
    assert captain.models[0].base == Base.round_mm(40)
    rhino = _unit(scenario, "Rhino")
    assert rhino.troop_type is TroopType.VEHICLE
    assert rhino.stats["armour"] == {"front": 11, "right": 11, "rear": 10, "left": 11}
    assert _unit(scenario, "Land Speeder Squadron").troop_type is TroopType.SKIMMER
    assert _unit(scenario, "Dreadnought").troop_type is TroopType.WALKER
    squad = _unit(scenario, "Tactical Squad")
    assert len(squad.models) == 10 and squad.stats["leadership"] == 8
    assert squad.stats["roster"]["points"] == 140
    assert "9x Boltgun" in squad.stats["roster"]["wargear"]
    assert squad.stats["roster"]["models"] == [
        {"name": "Space Marine Sergeant", "count": 1, "wargear": ["Boltgun"]},
        {"name": "Space Marine", "count": 9, "wargear": ["9x Boltgun"]}]
    assert [s.name for s in plan.skipped] == ["Warlord Trait: The Imperium's Sword"]
    _check_deployed(scenario, "red")


def test_40k_10th_edition_reads_leadership_rolls_and_refuses_toughness_out_of_range(bases):
    document = ScenarioDocument(_scenario(RuleSystem.WH40K))
    plan, _ = _import(document, read_roster_file(ROSTERS / "wh40k_10th_space_marines.rosz"),
                      "blue", bases)
    raider = next(u for u in plan.units if u.name == "Land Raider")
    assert "toughness" not in raider.stats
    assert any(n.startswith("T 12: not set (Toughness") for n in raider.notes)
    squad = _unit(document.scenario, "Intercessor Squad")
    assert squad.stats["leadership"] == 8 and squad.stats["save"] == 3
    assert squad.troop_type is TroopType.INFANTRY
    assert _unit(document.scenario, "Redemptor Dreadnought").models[0].base == Base.round_mm(90)
    _check_deployed(document.scenario, "blue")


def test_horus_heresy_new_recruit_json(bases):
    document = ScenarioDocument(_scenario(RuleSystem.HORUS_HERESY))
    _import(document, read_roster_file(ROSTERS / "horus_heresy_legion.json"), "red", bases)
    scenario = document.scenario
    assert _unit(scenario, "Contemptor Dreadnought").troop_type is TroopType.WALKER
    assert _unit(scenario, "Legion Praetor").stats["save"] == 2
    assert len(_unit(scenario, "Legion Tactical Squad").models) == 10
    _check_deployed(scenario, "red")


def test_warhammer_fantasy_list_stands_in_ranks(bases):
    document = ScenarioDocument(_scenario(RuleSystem.WARHAMMER_FANTASY))
    plan, _ = _import(document, read_roster_file(ROSTERS / "fantasy_8th_empire.ros"), "red",
                      bases)
    scenario = document.scenario
    knights = _unit(scenario, "Empire Knights")
    assert knights.troop_type is TroopType.CAVALRY and knights.stats["save"] == 1
    assert knights.models[0].base == Base.rectangle_mm(50, 25)
    halberdiers = _unit(scenario, "Halberdiers")
    assert halberdiers.stats["movement"] == 4 and halberdiers.stats["t"] == 3
    ys = sorted({round(m.y, 6) for m in halberdiers.models})
    assert len(ys) == 4  # 20 models, ranks of 5, bases touching
    assert ys[1] - ys[0] == pytest.approx(20 / 25.4)
    tank = next(u for u in plan.units if u.name == "Steam Tank")
    assert tank.guessed and tank.troop_from.startswith("guess")
    _check_deployed(scenario, "red")


def test_epic_list_maps_speed_and_armour_and_keeps_cc_ff_as_notes(bases):
    document = ScenarioDocument(_scenario(RuleSystem.EPIC40K, Table(180 / 2.54, 120 / 2.54)))
    plan, _ = _import(document, read_roster_file(ROSTERS / "epic_armageddon_marines.ros"),
                      "red", bases)
    detachment = _unit(document.scenario, "Tactical Detachment")
    assert detachment.stats["movement"] == 15 and detachment.stats["armour"] == 4
    notes = next(u for u in plan.units if u.name == "Tactical Detachment").notes
    assert any("CC 4+" in n and "to-hit roll" in n for n in notes)
    assert _unit(document.scenario, "Warhound Titan").troop_type is TroopType.WAR_ENGINE
    _check_deployed(document.scenario, "red")


def test_the_import_is_one_change_and_its_inverse_restores_the_board(bases):
    scenario = _scenario(RuleSystem.WH40K)
    document = ScenarioDocument(scenario)
    before = copy.deepcopy(scenario)
    _, inverse = _import(document, read_roster_file(ROSTERS / "wh40k_7th_space_marines.ros"),
                         "red", bases)
    assert len(document.scenario.units) == 5
    document.apply_change(inverse)
    assert document.scenario.units == before.units and document.scenario.log == before.log


def test_units_avoid_terrain_and_the_other_side(bases):
    scenario = _scenario(RuleSystem.WH40K)
    scenario.terrain.append(TerrainPiece("b", "imperial_bastion", 20.0, 6.0))
    document = ScenarioDocument(scenario)
    _import(document, read_roster_file(ROSTERS / "wh40k_7th_space_marines.ros"), "red", bases)
    world = WorldCache(LIBRARY).world_for(document.scenario)
    bastion = world.pieces["b"].footprint
    assert all(not as_geometry(m.shape).intersects(bastion) for m in world.models.values())
    _check_deployed(document.scenario, "red")


def test_reimport_keeps_ids_and_places_and_shows_added_and_removed(bases):
    data = samples.wh40k_7th()
    document = ScenarioDocument(_scenario(RuleSystem.WH40K))
    _import(document, read_roster(samples.to_ros(data).encode()), "red", bases)
    first = {roster_key(u): copy.deepcopy(u) for u in document.scenario.units}
    selections = data["forces"][0]["selections"]
    dropped = selections.pop(3)  # the Dreadnought leaves the list
    selections[2]["selections"][0]["number"] = 1  # the speeders: one instead of two
    selections.append(samples.sel("Chaplain", "model", 1, [samples._marine("Chaplain")],
                                  pts=90, categories=["HQ"]))
    roster = read_roster(samples.to_ros(data).encode())
    plan = plan_import(document.scenario, roster, "red", bases)
    assert [u.name for u in plan.removed] == ["Dreadnought"]
    assert [u.name for u in plan.added] == ["Chaplain"]
    world = WorldCache(LIBRARY).world_for(document.scenario)
    document.apply_change(import_change(document, world, plan))
    now = {roster_key(u): u for u in document.scenario.units}
    assert dropped["id"] not in now
    captain_key = selections[0]["id"]
    assert now[captain_key].id == first[captain_key].id
    assert now[captain_key].models == first[captain_key].models  # same ids, same places
    speeders = now[selections[2]["id"]]
    assert speeders.id == first[selections[2]["id"]].id and len(speeders.models) == 1
    _check_deployed(document.scenario, "red")


def test_no_such_side_and_no_room_are_refused(bases):
    roster = read_roster_file(ROSTERS / "fantasy_8th_empire.ros")
    scenario = _scenario(RuleSystem.WARHAMMER_FANTASY, Table(12, 12))
    with pytest.raises(ImportError_, match="no side 'green' in the scenario; sides: red, blue"):
        plan_import(scenario, roster, "green", bases)
    document = ScenarioDocument(scenario)
    plan = plan_import(scenario, roster, "red", bases)
    world = WorldCache(LIBRARY).world_for(scenario)
    with pytest.raises(ImportError_, match="deployment zone is empty on this table"):
        import_change(document, world, plan)
    big = _scenario(RuleSystem.WARHAMMER_FANTASY, Table(30, 30))
    data = samples.fantasy_8th()
    data["forces"][0]["selections"][1]["selections"][0]["number"] = 900
    crowd = read_roster(samples.to_ros(data).encode())
    with pytest.raises(ImportError_, match="no room left in the deployment zone for unit 2"):
        import_change(ScenarioDocument(big), WorldCache(LIBRARY).world_for(big),
                      plan_import(big, crowd, "red", bases))
    assert scenario.units == [] and big.units == []


def test_the_cli_imports_a_list_into_a_scenario_file(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("BATTLEBOARD_BASES", str(tmp_path / "bases.json"))
    path = tmp_path / "game.json"
    save_scenario(_scenario(RuleSystem.HORUS_HERESY), path)
    out = tmp_path / "out.json"
    status = import_list([str(ROSTERS / "horus_heresy_legion.json"), str(path), "--side",
                          "blue", "--out", str(out)])
    printed = capsys.readouterr().out
    assert status == 0, printed
    assert "Legion Tactical Squad: 10 models, 125 pts, Infantry" in printed
    assert f"written to {out}" in printed
    scenario = load_scenario(out, LIBRARY)
    assert len(scenario.units) == 4 and {u.side for u in scenario.units} == {"blue"}
    _check_deployed(scenario, "blue")


@pytest.mark.parametrize("name, data", [
    ("bomb.ros", samples.to_ros(samples.wh40k_7th()).replace(
        "<roster", '<!DOCTYPE r [<!ENTITY a "aaaa">]><roster', 1).encode()),
    ("wrong.ros", b"<gameSystem xmlns='http://www.battlescribe.net/schema/gameSystemSchema'/>"),
    ("many.ros", ("<roster xmlns='http://www.battlescribe.net/schema/rosterSchema'><forces>"
                  "<force><selections>" + "<selection name='x'/>" * 100_001 +
                  "</selections></force></forces></roster>").encode()),
    ("bomb.rosz", samples.to_rosz("\0" * (16 * 2**20 + 1))),
    ("latin1.ros", samples.to_ros(samples.wh40k_7th()).replace("Captain", "Capitaine Bérénice")
     .encode("latin-1")),
])
def test_the_cli_refuses_a_bad_list_in_one_line_and_changes_nothing(tmp_path, capsys, name,
                                                                    data):
    path = tmp_path / "game.json"
    save_scenario(_scenario(RuleSystem.WH40K), path)
    before = path.read_bytes()
    roster = tmp_path / name
    roster.write_bytes(data)
    assert import_list([str(roster), str(path), "--side", "red"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("battleboard import-list: ") and err.count("\n") == 1
    assert path.read_bytes() == before


@pytest.mark.parametrize("deployment", ["dawn_of_war", "hammer_and_anvil", "vanguard_strike"])
def test_every_map_deploys_the_army_in_its_zone_without_overlaps(bases, deployment):
    scenario = _scenario(RuleSystem.WH40K)
    scenario.options["deployment"] = deployment
    document = ScenarioDocument(scenario)
    for side in ("red", "blue"):
        _import(document, read_roster_file(ROSTERS / "wh40k_7th_space_marines.ros"), side,
                bases)
        _check_deployed(document.scenario, side)


def test_a_deployment_that_would_overlap_is_refused_by_the_boards_own_check(bases,
                                                                           monkeypatch):
    from board.game.army import plan as plan_module

    def on_top(formations, zone, centre, blocked=()):
        return [[(10.0, 5.0)] * f.count for f in formations], 180.0  # every model on one spot

    monkeypatch.setattr(plan_module, "deploy_formations", on_top)
    scenario = _scenario(RuleSystem.WH40K)
    document = ScenarioDocument(scenario)
    plan = plan_import(scenario, read_roster_file(ROSTERS / "wh40k_7th_space_marines.ros"),
                       "red", bases)
    with pytest.raises(ImportError_, match=r"the deployment would not fit: Captain overlaps "
                                           r"Rhino by .*; \d+ clashes in all"):  # by name
        import_change(document, WorldCache(LIBRARY).world_for(scenario), plan)
    assert scenario.units == []


def test_the_players_base_and_troop_type_are_kept_and_preferred_next_time(tmp_path):
    from board.game.army.edit import remember, set_base, set_troop_type

    path = tmp_path / "bases.json"
    library, _ = BaseLibrary.load(path)
    scenario = _scenario(RuleSystem.WARHAMMER_FANTASY)
    roster = read_roster_file(ROSTERS / "fantasy_8th_empire.ros")
    tank = next(u for u in plan_import(scenario, roster, "red", library).units
                if u.name == "Steam Tank")
    assert tank.guessed
    set_base(tank, Base.rectangle_mm(150, 100))
    set_troop_type(tank, TroopType.CHARIOT)
    assert remember(library, RuleSystem.WARHAMMER_FANTASY, tank)
    library.save()
    again, _ = BaseLibrary.load(path)
    tank = next(u for u in plan_import(scenario, roster, "red", again).units
                if u.name == "Steam Tank")
    assert tank.troop_type is TroopType.CHARIOT and tank.troop_from == "your correction"
    assert tank.models[0].choice.origin == "yours"
    assert tank.models[0].choice.base == Base.rectangle_mm(150, 100)
    assert not tank.guessed


def test_the_cli_refuses_an_unknown_side_and_writes_nothing(tmp_path, capsys):
    path = tmp_path / "game.json"
    save_scenario(_scenario(RuleSystem.WH40K), path)
    before = path.read_bytes()
    status = import_list([str(ROSTERS / "wh40k_7th_space_marines.ros"), str(path), "--side",
                          "green"])
    err = capsys.readouterr().err
    assert status == 2 and "no side 'green' in the scenario; sides: red, blue" in err
    assert path.read_bytes() == before
