"""Shooting an Epic 40,000 building: the defender's choice of stand for critical row 10."""

from __future__ import annotations

import pytest

from board.document.changes import apply_change
from board.document.edits import ScenarioDocument
from board.document.model import Base, Model, RuleSystem, TerrainPiece, TroopType, Unit
from board.game.core.shots import ShootingError
from board.game.core.world import WorldCache
from board.game.systems.epic.shooting import epic_shoot
from rules.dice import FixedDice
from tests.game.samples import RED, library, scenario

#: Firepower 1: the die 6 hits; critical chance 6; 2D6 = 5 + 5, row 10; the kill roll 4 (4+).
ROW_10 = [6, 6, 5, 5, 4]


def hall_board():
    hall = TerrainPiece("hall", "epic40k_small_building", 20.0, 20.0)
    inside = Unit("tac", "Tactical detachment", RED, TroopType.INFANTRY,
                  [Model(f"s{i}", Base.round_mm(12), 20.0, 20.0) for i in range(3)],
                  embarked_in="hall", stats={"armour": 4})
    found = scenario(RuleSystem.EPIC40K, [hall], [inside])
    return found, WorldCache(library()).world_for(found)


def test_the_debris_falls_on_the_stand_the_defender_chose():
    found, world = hall_board()
    dice = FixedDice(ROW_10)
    result = epic_shoot(found, library(), world, "hall", 1, "Warlord Titan", True, dice=dice,
                        debris_target="s1")
    assert not dice.unused
    line = ("debris falls on Tactical detachment, stand 2 (the defender's choice): needs 4+, "
            "rolled 4: destroyed")
    assert line in result.lines
    apply_change(ScenarioDocument(found), result.change)
    assert [m.id for m in found.unit("tac").models] == ["s0", "s2"]
    assert line in found.log[-1].text


def test_without_a_choice_the_first_stand_inside_takes_it():
    found, world = hall_board()
    result = epic_shoot(found, library(), world, "hall", 1, "Warlord Titan", True,
                        dice=FixedDice(ROW_10))
    assert any(line.startswith("debris falls on Tactical detachment, stand 1 (the first stand")
               for line in result.lines)
    apply_change(ScenarioDocument(found), result.change)
    assert [m.id for m in found.unit("tac").models] == ["s1", "s2"]


def test_a_stand_not_inside_is_refused_by_name_before_any_die():
    found, world = hall_board()
    dice = FixedDice(ROW_10)
    with pytest.raises(ShootingError, match=r"cannot be chosen to fall on a stand not in the "
                                            r"game: it is not inside "
                                            r"Building, small \(Epic 40,000\) \(inside: "
                                            r"Tactical detachment, stand 1; "):
        epic_shoot(found, library(), world, "hall", 1, "Warlord Titan", True, dice=dice,
                   debris_target="s9")
    assert dice.unused == ROW_10 and found.log == []
