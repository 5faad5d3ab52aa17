"""Close combat against a 40K building on the board: odds in the dialog, one undo step."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from board.view.assault import CloseCombatDialog, StormTool
from rules.dice import FixedDice
from tests.board.qt_helpers import click, drag_until

#: The Guard Squad's first model: 25 mm round at (40, 30); the bastion's east wall is x = 27.
GUARD_RADIUS = 25 / 25.4 / 2


def guard_into_contact(window) -> None:
    """Shift-drag the Guard Squad by its last model until its first touches the east wall."""
    def touches(dx: float, dy: float) -> bool:
        return 0.0 <= 40.0 + dx - GUARD_RADIUS - 27.0 <= 0.08 and abs(30.0 + dy - 24.0) < 2

    drag_until(window.view, (44.0, 30.0), (44.0 - 12.45, 24.0), touches,
               Qt.KeyboardModifier.ShiftModifier)


def test_melta_bombs_on_the_bastion_show_the_odds_then_apply_and_undo(window):
    guard_into_contact(window)
    window.undo_stack.clear()
    window.storm.make_dice = lambda: FixedDice([3, 4, 2, 1, *[4] * 20])
    window.view.setFocus()
    window.storm.action.trigger()
    assert isinstance(window.scene.tool, StormTool)
    click(window.view, (24.0, 24.0))
    dialog = window.storm.dialog
    assert isinstance(dialog, CloseCombatDialog)
    dialog.preset.setCurrentText("Melta bombs")
    assert dialog.strength.value() == 8 and dialog.armourbane.isChecked()
    assert "hull points left: 4: 27.8%, 3: 72.2%" in dialog.odds.text()
    dialog.attacks.setValue(2)
    assert "4: 7.7%" in dialog.odds.text()  # both attacks fail to scratch it: (10/36)^2
    dialog.attacks.setValue(1)
    assert dialog.attacker_name() == "Guard Squad"  # the only enemy in base contact
    QTest.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    scenario = window.document.scenario
    assert scenario.piece("bastion").state["hull_points_lost"] == 1
    assert window.scene.selected_piece_ids() == ["bastion"]  # its dock shows the new state
    assert "hull points 4 → 3" in dialog.record.toPlainText()
    assert [r["faces"] for r in scenario.log[-1].rolls][:2] == [[3, 4], [2]]
    assert window.undo_stack.count() == 1
    window.undo_stack.undo()
    assert scenario.piece("bastion").state.get("hull_points_lost", 0) == 0
    assert scenario.log == []
    window.undo_stack.redo()
    record = scenario.log[-1]
    assert record.text.startswith("Guard Squad assaults Imperial Bastion in close combat")
    assert "Veteran Squad (inside): 5 hits at S6" in record.text  # Structural Collapse
