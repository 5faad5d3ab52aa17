"""A fifth rule system is one folder and the registries (issue 28).

The Epic 40,000 folder (``board/game/systems/epic/``) is copied, as text, under a new name
(``necro_folder``, outside the source tree) for a throwaway system ``RuleSystem.NECRO``; the
copy names its own modules and its own system, nothing else changes. It is wired only by the
registries: a member of ``RuleSystem`` (the document's enum) and its label, its facts in
``FACTS``, its building reader in ``READERS``, its game in ``SYSTEMS``, its saved state's check in
``STATE_TYPES``. Then the bridge plays a shot and an assault on a building of the new system
(a datasheet whose ``systems`` name it), as the Shoot and Storm dialogs call them, and seed
001's first worked example comes out the same. Everything is put back afterwards.
"""

from __future__ import annotations

import dataclasses
import pathlib
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest

from board.document.changes import apply_change
from board.document.edits import ScenarioDocument
from board.document.model import Base, Model, RuleSystem, TerrainPiece, TroopType, Unit
from board.document.states import STATE_TYPES
from board.game.core.assault import StandsOrder
from board.game.core.shots import FirepowerOrder, ShotPlan, WeaponOrder
from board.game.core.world import WorldCache
from board.game.systems.buildings import READERS
from board.game.systems.facts import FACTS
from board.game.systems.registry import SYSTEMS, system_for
from rules.dice import FixedDice
from tests.game import samples

ROOT = pathlib.Path(__file__).resolve().parents[2]
EPIC = ROOT / "board" / "game" / "systems" / "epic"
HALF = 1.7605  # half the side of the medium building, inches
STAND = Base.round_mm(20)
EDGE = 20.0 - HALF - STAND.length_in / 2


def _add_member(name: str, value: str) -> RuleSystem:
    """A new member of ``RuleSystem`` (StrEnum's own bookkeeping, as the class statement)."""
    member = str.__new__(RuleSystem, value)
    member._name_, member._value_ = name, value
    member._sort_order_ = len(RuleSystem._member_names_)
    RuleSystem._member_names_.append(name)
    RuleSystem._member_map_[name] = member
    RuleSystem._value2member_map_[value] = member
    type.__setattr__(RuleSystem, name, member)
    return member


def _remove_member(name: str, value: str) -> None:
    RuleSystem._member_names_.remove(name)
    del RuleSystem._member_map_[name]
    del RuleSystem._value2member_map_[value]
    type.__delattr__(RuleSystem, name)


def _copy_folder(into: pathlib.Path) -> None:
    """The Epic folder as a new package: its own module names, its own system."""
    package = into / "necro_folder"
    package.mkdir()
    for source in EPIC.glob("*.py"):
        text = source.read_text(encoding="utf-8")
        text = text.replace("board.game.systems.epic", "necro_folder")
        text = text.replace("RuleSystem.EPIC40K", "RuleSystem.NECRO")
        (package / source.name).write_text(text, encoding="utf-8")


@pytest.fixture
def necro(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    member = _add_member("NECRO", "necro")
    labels = RuleSystem.label
    monkeypatch.setattr(RuleSystem, "label", property(
        lambda s: "Necromunda (test)" if s is member else labels.fget(s)))  # type: ignore
    _copy_folder(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        import necro_folder.building
        import necro_folder.facts
        import necro_folder.system

        monkeypatch.setitem(FACTS, member, necro_folder.facts.EpicFacts())
        monkeypatch.setitem(READERS, member, necro_folder.building.EpicBuildings())
        monkeypatch.setitem(SYSTEMS, member, necro_folder.system.EpicSystem())
        monkeypatch.setitem(STATE_TYPES, member, STATE_TYPES[RuleSystem.EPIC40K])
        yield necro_folder
    finally:
        for name in [m for m in sys.modules if m.split(".")[0] == "necro_folder"]:
            del sys.modules[name]
        monkeypatch.undo()
        _remove_member("NECRO", "necro")


def _board() -> tuple[object, dict]:
    library = dict(samples.library())
    sheet = library["epic40k_medium_building"]
    library["necro_block"] = dataclasses.replace(sheet, id="necro_block", systems=("necro",))
    marines = Unit("assault", "Assault Marines", samples.RED, TroopType.INFANTRY,
                   [Model(m, STAND, EDGE, 18.6 + 0.85 * k)
                    for k, m in enumerate(("am1", "am2", "am3", "lib"))],
                   stats={"assault_factor": 4, "assault_factors": {"lib": 6},
                          "psykers": ["lib"], "armour": 4})
    titan = Unit("titan", "Warlord Titan", samples.BLUE, TroopType.WAR_ENGINE,
                 [Model("w", Base.round_mm(40), 40.0, 20.0)], stats={"armour": 6})
    scenario = samples.scenario(RuleSystem["NECRO"],
                                [TerrainPiece("block", "necro_block", 20.0, 20.0)],
                                [marines, titan])
    return scenario, library


def test_the_copied_folder_is_the_game_of_the_new_system(necro):
    game = system_for(RuleSystem["NECRO"])
    assert type(game).__module__ == "necro_folder.system"
    assert RuleSystem["NECRO"] in SYSTEMS and RuleSystem["NECRO"].label == "Necromunda (test)"


def test_the_fifth_system_plays_a_shot_and_an_assault(necro):
    scenario, library = _board()
    document = ScenarioDocument(scenario)
    world = WorldCache(library).world_for(scenario)
    game = system_for(scenario.rule_system)
    plan = ShotPlan("block", WeaponOrder("firepower 3", 1, 1, 1, None), (40.0, 20.0),
                    "Warlord Titan")
    heading, odds = game.shot_preview(scenario, library, world, plan, FirepowerOrder(3, True))
    assert heading == "Warlord Titan at Building, medium (Epic 40,000)"
    assert odds[0].startswith("dice scoring 6+: 0: 57.9%")
    shot = game.shoot(scenario, library, world, plan, FirepowerOrder(3, True), 2)
    apply_change(document, shot.change)
    scored = sum(f >= 6 for f in scenario.log[-1].rolls[0]["faces"])
    assert scenario.piece("block").state["damage_capacity"] == 20 - scored

    scenario.piece("block").state = {}
    world = WorldCache(library).world_for(scenario)
    # seed 001's first worked example: roll-off 4 and 6; assault dice 2, 3, 5, 5; critical 3
    # played as the Storm dialog plays it: the stands, the preview and the roll from the game
    dice = FixedDice([4, 6, 2, 3, 5, 5, 3])
    stands = game.assault_stands(scenario, world, "block")
    chosen = tuple(s.model_id for s in stands if s.decision and s.side == samples.RED)
    assert sorted(chosen) == ["am1", "am2", "am3", "lib"]
    order = StandsOrder(chosen)
    assert game.assault_preview(scenario, library, world, "block", order)[0].startswith(
        "4 stands, assault factor 18 against the building's")
    result = game.storm(scenario, library, world, "block", order, dice)
    assert "hit on 4+, 2 of 4 dice hit for 2 damage" in result.text
    apply_change(document, result.change)
    assert scenario.piece("block").state["damage_capacity"] == 18
