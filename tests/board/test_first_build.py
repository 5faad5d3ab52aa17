"""A whole board drawn at once (a file opened, a game joined): right at its first paint.

The window lays the new table and fits its view first, then draws the board; each building's
badges and name are judged once, at the zoom the player sees (not once at the old zoom and
again after the fit), and the labels are fitted before the first paint, so that paint shows
no label over another label, a model or a door.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtWidgets import QMessageBox

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import load_scenario
from board.view.items.building_item import BuildingItem
from board.view.items.obstacles import label_overlaps
from board.view.window import MainWindow


class FirstPaint(QObject):
    """Reads the board's label overlaps as the view's first paint after a new board begins."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.overlaps: dict | None = None
        window.view.viewport().installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint and self.overlaps is None:
            view = self.window.view
            self.overlaps = label_overlaps(view.scene(), view.viewportTransform())
        return False


def test_a_board_opened_is_judged_once_and_first_painted_with_no_label_over_another(
        qtbot, library, tmp_path, monkeypatch):
    window = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    window.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    judged: list[str] = []
    settle = BuildingItem._settle_badges

    def counted(item, *args):
        judged.append(item.piece_id)
        settle(item, *args)

    monkeypatch.setattr(BuildingItem, "_settle_badges", counted)
    scenario = load_scenario(DEMO_SCENARIO_PATH, library)
    first = FirstPaint(window)
    window.show_scenario(scenario, DEMO_SCENARIO_PATH)
    qtbot.waitUntil(lambda: first.overlaps is not None, timeout=2000)
    assert first.overlaps == {"label/label": [], "label/model": [], "label/symbol": []}
    qtbot.wait(200)  # the board settles: nothing is judged again at the same zoom
    assert sorted(judged) == sorted(p.id for p in scenario.terrain)
    assert window.view.legibility.crowded > 0  # at this zoom some labels did give way
