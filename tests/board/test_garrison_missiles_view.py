"""Missiles and bolt throwers at a Warhammer Fantasy garrison, from the Shoot dialog (seed 002).

"the garrison counts as being in hard cover, otherwise resolved normally. A garrison is
considered too spread out for multi-rank attacks like bolt throwers, which only ever hit one
model."
"""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from board.game.core.shots import GarrisonShot
from board.game.core.world import WorldCache
from board.game.systems.fantasy.garrison_hits import shoot_garrison
from tests.board.first_game import pick
from tests.board.test_garrison_shot_view import (  # noqa: F401 (the fixture)
    fantasy_window,
    garrison_scenario,
    open_dialog,
)

Left = Qt.MouseButton.LeftButton


def type_into(spin, value: int) -> None:
    """Select the spin box's text and type ``value``, as a player would."""
    spin.setFocus()
    QTest.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(spin, str(value))
    assert spin.value() == value


def tick(check) -> None:
    """Tick a box with the space bar, as a player tabbing to it would."""
    check.setFocus()
    QTest.keyClick(check, Qt.Key.Key_Space)
    assert check.isChecked()


def seed_where(library, shot: GarrisonShot, wanted) -> int:
    """The first seed whose roll on a copy of the scenario satisfies ``wanted`` (the bridge)."""
    for seed in range(400):
        twin = garrison_scenario(spearmen=10)
        world = WorldCache(library).world_for(twin)
        result = shoot_garrison(copy.deepcopy(twin), library, world, "house", shot,
                                "Crossbowmen", (30.0, 40.0), seed)
        if wanted(result):
            return seed
    raise AssertionError("no seed")


def test_a_volley_at_the_garrison_counts_its_hard_cover_and_rolls_the_hits(
        fantasy_window, library):  # noqa: F811
    window = fantasy_window
    window.show_scenario(garrison_scenario(spearmen=10))
    dialog = open_dialog(window)
    box = dialog.garrison
    pick(box.attack, "Missile volley (hard cover)")
    assert box.shots.isVisibleTo(dialog) and box.ballistic_skill.isVisibleTo(dialog)
    type_into(box.shots, 12)
    type_into(box.strength, 3)
    assert dialog.odds.toPlainText().split("\n")[0] == (
        "12 shots at Spearmen in hard cover: BS3 needs 4+, -2 (the garrison is in hard "
        "cover): 6+ (each shot hits 1/6)")
    shot = GarrisonShot("missiles", 3, shots=12)
    seed = seed_where(library, shot, lambda r: "removed as casualties" in r.change.log[0].text)
    dialog.seed.setText(str(seed))
    QTest.mouseClick(dialog.roll_button, Left)
    text = window.scenario.log[-1].text
    assert "12 shots needing 6+: " in text and "removed as casualties" in text
    assert len(window.scenario.unit("spears").models) < 10
    window.undo_stack.undo()
    assert len(window.scenario.unit("spears").models) == 10


def test_a_shot_the_hard_cover_puts_beyond_a_hit_is_refused_with_the_numbers(fantasy_window):  # noqa: F811
    window = fantasy_window
    window.show_scenario(garrison_scenario(spearmen=10))
    dialog = open_dialog(window)
    box = dialog.garrison
    pick(box.attack, "Missile volley (hard cover)")
    type_into(box.ballistic_skill, 1)
    tick(box.moved)
    assert dialog.roll_button.isEnabled()  # 6 then 6+ still hits
    tick(box.long_range)
    assert dialog.odds.toPlainText() == (
        "cannot shoot: cannot hit the garrison: BS1 needs 6+, -2 (the garrison is in hard "
        "cover), -1 (the firers moved), -1 (long range): 10+ cannot hit")
    assert not dialog.roll_button.isEnabled()


def test_a_bolt_thrower_that_hits_strikes_one_model_only(fantasy_window, library):  # noqa: F811
    window = fantasy_window
    window.show_scenario(garrison_scenario(spearmen=10))
    dialog = open_dialog(window)
    box = dialog.garrison
    pick(box.attack, "Bolt thrower")
    assert not box.shots.isVisibleTo(dialog)
    type_into(box.ballistic_skill, 4)
    type_into(box.strength, 6)
    odds = dialog.odds.toPlainText()
    assert "1 shot at Spearmen in hard cover: BS4 needs 3+, -2 (the garrison is in hard " \
           "cover): 5+ (each shot hits 1/3)" in odds
    assert "a bolt that hits strikes one model only" in odds
    shot = GarrisonShot("bolt_thrower", 6, ballistic_skill=4)
    seed = seed_where(library, shot, lambda r: "1 unsaved" in r.change.log[0].text)
    dialog.seed.setText(str(seed))
    QTest.mouseClick(dialog.roll_button, Left)
    text = window.scenario.log[-1].text
    assert "1 shot needing 5+: 1 hit; the bolt strikes one model only" in text
    assert len(window.scenario.unit("spears").models) == 9
