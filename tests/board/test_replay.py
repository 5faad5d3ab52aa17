"""File ▸ Replay: every step of a saved game, the board as it was, its rolls, a picture."""

from __future__ import annotations

import copy
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

from board.document.io import load_scenario, scenario_to_dict
from board.document.journal import journal_path
from board.view.window import MainWindow
from resources import DEMO_SCENARIO
from tests.board.qt_helpers import drag


def _window(qtbot, library, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(library, settings, journal_folder=tmp_path / "data")
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_replay_steps_through_every_edit_of_a_saved_game(qtbot, library, tmp_path) -> None:
    window = _window(qtbot, library, tmp_path)
    window.show_scenario(load_scenario(DEMO_SCENARIO, library))
    window.view.fit_table()
    def board() -> dict:
        return copy.deepcopy(scenario_to_dict(window.scenario))

    boards = [board()]
    window.document.changed.connect(lambda _: boards.append(board()))
    file = tmp_path / "game.json"
    sides = [s.id for s in window.scenario.sides]
    window.shooting.start_battle(sides[0])
    window.place_terrain("aquila_strongpoint")
    assert window.files.save_to(file)  # the history begins at the demo, as opened
    window.shooting.automated_fire(seed=7)
    model = window.scenario.units[0].models[0]
    drag(window.view, (model.x, model.y), (model.x + 2.0, model.y - 1.0))
    window.shooting.end_turn(seed=3)
    assert window.files.save_to(file)
    window.undo_stack.undo()  # an undo is an edit too: replay shows it
    assert journal_path(file).exists()

    dialog = window.features.replay.open(file)
    assert dialog is not None
    line = dialog.timeline
    assert len(line) == len(boards) - 1 == window.document.revision - 1  # minus the Open
    for step in range(len(line) + 1):
        dialog.show_step(step)
        assert scenario_to_dict(dialog.document.scenario) == boards[step], step
    assert scenario_to_dict(dialog.document.scenario) == scenario_to_dict(window.scenario)
    dialog.show_step(2)
    dialog.back()
    assert dialog.step == 1 and "step 1 of" in dialog.label.text().lower()
    dialog.forward()
    assert dialog.step == 2
    assert dialog.turns.count() >= 2  # the battle starts, a turn ends
    dialog.jump_to_turn(1)
    assert dialog.step == line.steps_setting(["turn", "player"])[1]
    dialog.jump_to_roll(0)
    assert dialog.step in line.steps_rolling() and "1D6 ->" in dialog.rolls.toPlainText()
    picture = tmp_path / "step.png"
    dialog.export_step(picture)
    image = QImage(str(picture))
    assert not image.isNull() and image.width() > 300
    dialog.show_step(0)
    dialog.play(True)
    qtbot.waitUntil(lambda: dialog.step >= 2, timeout=5000)
    dialog.play(False)
    dialog.close()


def test_a_game_without_history_is_refused_with_a_box(qtbot, library, tmp_path, monkeypatch):
    window = _window(qtbot, library, tmp_path)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    assert window.features.replay.open(DEMO_SCENARIO) is None
    assert "no history" in shown[0]


def test_the_history_stays_true_across_discards_crashes_and_outside_changes(
    qtbot, library, tmp_path
) -> None:
    import json

    from board.document.history import game_timeline
    from board.document.io import save_scenario

    window = _window(qtbot, library, tmp_path)
    window.show_scenario(load_scenario(DEMO_SCENARIO, library))
    file = tmp_path / "game.json"

    def edit(n: int) -> None:
        for _ in range(n):
            window.place_terrain("wh40k_small_building")

    def replayed_end() -> dict:
        line = game_timeline(file, library)
        for step in range(len(line) + 1):
            line.board(step)  # every step can be made again
        return scenario_to_dict(line.board(len(line)))

    edit(2)
    assert window.files.save_to(file)
    edit(1)
    window.undo_stack.undo()
    edit(2)
    assert window.files.save_to(file)
    saved = copy.deepcopy(scenario_to_dict(window.scenario))
    edit(3)  # then the player opens the file again, discarding these
    assert window.files.open_file(file)
    assert replayed_end() == saved
    edit(1)
    assert window.files.save_to(file)
    assert replayed_end() == scenario_to_dict(window.scenario)

    # Another program changes the file: the history takes its board as a step.
    outside = load_scenario(file, library)
    outside.name = "Changed elsewhere"
    save_scenario(outside, file)
    assert window.files.open_file(file)
    assert replayed_end() == scenario_to_dict(window.scenario)

    # A crash, its journal recovered in a new window, then saved.
    edit(2)
    path = window.journal.journal.path
    window.journal.journal.close(delete=False)  # its lock goes, as when the process dies
    lines = path.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    header["pid"] = 2**22 + 777
    lines[0] = json.dumps(header).encode()
    path.write_bytes(b"\n".join(lines))
    window.journal.journal = None
    crashed = copy.deepcopy(scenario_to_dict(window.scenario))
    second = _window(qtbot, library, tmp_path)
    found = second.journal.recoverable([file])
    assert found == [path]
    from board.document.journal import recover

    second.journal.put_back(recover(path, library))
    assert scenario_to_dict(second.scenario) == crashed
    second.place_terrain("imperial_bastion")
    assert second.files.save_to(file)
    assert replayed_end() == scenario_to_dict(second.scenario)
