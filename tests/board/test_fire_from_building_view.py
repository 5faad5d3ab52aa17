"""Firing from a 40K building through the real dialog: emplaced weapons by hand, fire points.

Seed 000: an *embarked* model fires an emplaced weapon; one model per weapon per Shooting
phase; a model fires one weapon and not also out of a fire point; automated fire is for the
weapons not fired by hand; up to two models per fire point. The record of who fired what is in
the building's saved state, undone with the shot and cleared at the end of the player turn.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from board.document.io import load_scenario
from board.document.model import Base, Model
from board.game.firers import Firer
from tests.board.first_game import save_shot

Left = Qt.MouseButton.LeftButton
ICARUS = Firer.of_weapon("bastion", "icarus-lascannon")
BOLTER = Firer.of_weapon("bastion", "heavy-bolter-front")
VETS = Firer.of_unit("red-vets")


def three_veterans(window) -> None:
    """The Veteran Squad inside the bastion has three models (v0, v1, v2)."""
    vets = window.scenario.unit("red-vets")
    vets.models = [Model(f"v{i}", Base.round_mm(32), 24.0, 24.0, number=i + 1) for i in range(3)]
    window.show_scenario(window.scenario)


def open_dialog(window, firer, target="hut"):
    QTest.mouseClick(window.shooting.dock.shoot, Left)
    dialog = window.shooting.dialog
    dialog.target.setCurrentIndex(dialog.target.findData(target))
    assert dialog.firer_index(firer) >= 0, [dialog.firer.itemText(i)
                                           for i in range(dialog.firer.count())]
    dialog.firer.setCurrentIndex(dialog.firer_index(firer))
    return dialog


def roll(dialog, seed="3"):
    dialog.seed.setText(seed)
    QTest.mouseClick(dialog.roll_button, Left)


def tick(dialog, *model_ids) -> None:
    """Tick models in the fire point's list with the keyboard (Space on the current row)."""
    models = dialog.fire_models
    for row in range(models.count()):
        if models.item(row).data(Qt.ItemDataRole.UserRole) in model_ids:
            models.setCurrentRow(row)
            QTest.keyClick(models, Qt.Key.Key_Space)


def test_an_empty_building_cannot_fire_its_weapons_by_hand(window):
    window.scenario.units = [u for u in window.scenario.units if u.id != "red-vets"]
    window.show_scenario(window.scenario)
    dialog = open_dialog(window, BOLTER)
    assert dialog.by_hand.count() == 0
    assert dialog.odds.toPlainText() == (
        "cannot shoot: emplaced weapons: only an embarked model may fire Heavy bolter "
        "(front), and Imperial Bastion has 0 models inside")
    assert not dialog.roll_button.isEnabled()
    assert dialog.facing.text() == ""  # not the arc of the firer shown before
    dialog.roll()  # what the button would do: refused, nothing changes
    assert dialog.outcome.toPlainText().startswith("Refused: emplaced weapons")
    assert window.undo_stack.count() == 0 and window.scenario.log == []
    dialog.resize(560, 560)
    save_shot(dialog, "shooting-emplaced-refused.png")  # BATTLEBOARD_DOC_SHOTS=1 keeps it in docs/


def test_a_weapon_fired_by_hand_is_recorded_saved_undone_and_cleared_at_the_turn(window,
                                                                                 tmp_path):
    three_veterans(window)
    dialog = open_dialog(window, ICARUS)
    assert [dialog.by_hand.itemData(i) for i in range(dialog.by_hand.count())] == \
        ["v0", "v1", "v2"]
    dialog.by_hand.setCurrentIndex(dialog.by_hand.findData("v1"))
    roll(dialog)
    state = window.scenario.piece("bastion").state
    assert state["hand_fired"] == {"icarus-lascannon": "v1"} and state["phase_target"] == "hut"
    assert "Veteran Squad, model 2 fired Icarus lascannon by hand" in window.scenario.log[-1].text

    path = tmp_path / "fired.json"
    assert window.files.save_to(path)
    assert load_scenario(path).piece("bastion").state["hand_fired"] == \
        {"icarus-lascannon": "v1"}

    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "hand_fired" not in window.scenario.piece("bastion").state
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.scenario.piece("bastion").state["hand_fired"] == {"icarus-lascannon": "v1"}

    QTest.mouseClick(window.shooting.dock.end_turn, Left)
    assert "hand_fired" not in window.scenario.piece("bastion").state
    assert "Imperial Bastion: this Shooting phase's record of who fired what is cleared" in \
        window.scenario.log[-1].text


def test_one_model_per_weapon_and_one_weapon_per_model_each_shooting_phase(window):
    three_veterans(window)
    dialog = open_dialog(window, ICARUS)
    dialog.by_hand.setCurrentIndex(dialog.by_hand.findData("v0"))
    roll(dialog)
    dialog = open_dialog(window, ICARUS)
    dialog.by_hand.setCurrentIndex(dialog.by_hand.findData("v2"))
    assert dialog.odds.toPlainText() == (
        "cannot shoot: emplaced weapons: Icarus lascannon may not be fired by more "
        "than one model each Shooting phase; Veteran Squad, model 1 fired it this phase")
    assert not dialog.roll_button.isEnabled()
    dialog = open_dialog(window, BOLTER)
    dialog.by_hand.setCurrentIndex(dialog.by_hand.findData("v0"))
    assert dialog.odds.toPlainText() == (
        "cannot shoot: emplaced weapons: Veteran Squad, model 1 already fired Icarus "
        "lascannon this phase; a model fires one emplaced weapon")
    dialog.by_hand.setCurrentIndex(dialog.by_hand.findData("v2"))
    assert dialog.roll_button.isEnabled()
    roll(dialog, "4")
    assert window.scenario.piece("bastion").state["hand_fired"] == \
        {"icarus-lascannon": "v0", "heavy-bolter-front": "v2"}
    assert window.undo_stack.count() == 2


def test_automated_fire_skips_the_weapons_fired_by_hand(window):
    dialog = open_dialog(window, ICARUS)
    roll(dialog)
    QTest.mouseClick(window.shooting.dock.automated, Left)
    text = window.scenario.log[-1].text
    assert text.startswith("Automated fire at the end of the Shooting phase")
    assert "Icarus lascannon of Imperial Bastion: fired manually this phase" in text
    assert "Icarus lascannon of Imperial Bastion (automated" not in text
    fired = {t.weapon_id for t in window.shooting.targets if t.target is not None}
    assert "icarus-lascannon" not in fired


def test_two_models_per_fire_point_and_not_also_an_emplaced_weapon(window):
    three_veterans(window)
    dialog = open_dialog(window, VETS)
    assert dialog.firer.currentText() == "Veteran Squad (Red) inside Imperial Bastion"
    dialog.fire_point.setCurrentIndex(dialog.fire_point.findData("right-1"))
    tick(dialog, "v0", "v1", "v2")
    assert dialog.shooting_models() == ("v0", "v1", "v2")
    assert dialog.odds.toPlainText() == (
        "cannot shoot: fire points: up to 2 models shoot through right fire point 1; "
        "0 already did this phase and 3 more would make 3")
    assert not dialog.roll_button.isEnabled()
    tick(dialog, "v2")
    assert dialog.roll_button.isEnabled()
    roll(dialog)
    state = window.scenario.piece("bastion").state
    assert state["fire_point_fired"] == {"right-1": ["v0", "v1"]}
    assert "2 models shot through right fire point 1 of Imperial Bastion" in \
        window.scenario.log[-1].text

    dialog = open_dialog(window, VETS)
    dialog.fire_point.setCurrentIndex(dialog.fire_point.findData("right-1"))
    tick(dialog, "v2")
    assert dialog.odds.toPlainText() == (
        "cannot shoot: fire points: up to 2 models shoot through right fire point 1; "
        "2 already did this phase and 1 more would make 3")
    dialog = open_dialog(window, ICARUS)
    dialog.by_hand.setCurrentIndex(dialog.by_hand.findData("v1"))
    assert dialog.odds.toPlainText() == (
        "cannot shoot: emplaced weapons: Veteran Squad, model 2 fired out of right fire "
        "point 1 this turn and cannot also fire Icarus lascannon by hand")
    dialog.by_hand.setCurrentIndex(dialog.by_hand.findData("v2"))
    assert dialog.roll_button.isEnabled()
