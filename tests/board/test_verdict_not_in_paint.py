"""Issue 38: the within verdict is read when its inputs change, never when the board paints.

"Is it within N?" on the demo board: the squad clicked, then the door; the verdict and the
dock's readout are there at once, before anything is painted; painting the board (a grab of
the view) reads no verdict; changing N reads it again without a paint.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

import board.view.measure.tools as tools
from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import load_scenario
from board.view.measure import WithinTool
from tests.board.qt_helpers import click
from tests.board.test_measure_questions import CATO_1, DOOR


@pytest.fixture
def demo(qtbot, library, tmp_path):
    from board.view.window import MainWindow

    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show_scenario(load_scenario(DEMO_SCENARIO_PATH, library), DEMO_SCENARIO_PATH)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_table()
    return win


def test_the_verdict_is_read_on_input_and_painting_reads_none(demo, monkeypatch):
    reads: list[str] = []
    real = tools.within_picture

    def counted(*args, **kwargs):
        reads.append("read")
        return real(*args, **kwargs)

    monkeypatch.setattr(tools, "within_picture", counted)
    view = demo.view
    QTest.keyClick(view.viewport(), Qt.Key.Key_N)
    tool = demo.scene.tool
    assert isinstance(tool, WithinTool)
    click(view, CATO_1)
    click(view, DOOR)
    # no paint has run yet (no event loop turned): the verdict was read, its words are said
    assert len(reads) == 1, "the verdict waited for a paint"
    assert "12.83" in demo.measure.dock.readout.text()
    assert tool.reading is not None and tool.reading.verdict == "not within"
    before = len(reads)
    view.viewport().grab()  # the board painted, the overlay with it
    view.viewport().grab()
    assert len(reads) == before, "painting the board read the verdict again"
    assert tool.item.sketch() is not None  # the picture drawn is the one read
    demo.measure.layer.set_reach(13.0)  # N changed: read again at once
    assert tool.reading.verdict == "within" and len(reads) == before + 1
    assert "within 13.00\"" in demo.measure.dock.readout.text()
