"""File ▸ Export View… on the real window: PNG, SVG and PDF with the written summary."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsItem

from board.view.export import ExportError
from board.view.export import controller as export_controller

SVG = "{http://www.w3.org/2000/svg}"


class NoteItem(QGraphicsItem):
    """A stand-in overlay that says something (any item with summary_note counts)."""

    def __init__(self, title, lines):
        super().__init__()
        self._note = (title, lines)

    def summary_note(self):
        return self._note

    def boundingRect(self):
        return QRectF(0, 0, 1, 1)

    def paint(self, painter, option, widget=None):
        painter.drawRect(self.boundingRect())


def _svg_text(path: Path) -> str:
    root = ET.parse(path).getroot()  # raises if the SVG is not well-formed XML
    assert root.tag == f"{SVG}svg"
    return "\n".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))


@pytest.fixture
def exporter(window):
    return window.exporter


@pytest.fixture
def add_note(window):
    """Put stand-in overlays on the scene; take them off again before the window goes."""
    added = []

    def add(item):
        window.scene.addItem(item)
        added.append(item)

    yield add
    for item in added:
        window.scene.removeItem(item)


def test_export_view_is_in_the_file_menu(window):
    texts = [a.text() for a in window.menu("&File").actions()]
    assert "&Export View…" in texts


def test_png_is_the_view_with_the_summary_below(window, exporter, tmp_path):
    out = tmp_path / "board.png"
    done = exporter.export_to(out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = QImage(str(out))
    viewport = window.view.viewport().size()
    assert done.picture == viewport and done.format == "PNG"
    assert image.width() >= viewport.width()
    assert image.height() > viewport.height() + 12 * done.lines  # a text line per summary line
    # The picture is what the view shows: compare with the view drawn on its own.
    shown = QImage(viewport, QImage.Format.Format_ARGB32)
    painter = QPainter(shown)
    window.view.render(painter, QRectF(0, 0, viewport.width(), viewport.height()),
                       window.view.viewport().rect())
    painter.end()
    for fx, fy in ((0.5, 0.5), (0.2, 0.3), (0.8, 0.7)):
        x, y = int(viewport.width() * fx), int(viewport.height() * fy)
        assert image.pixelColor(x, y) == shown.pixelColor(x, y)


def test_svg_parses_and_holds_the_overlays_and_the_facts(window, exporter, tmp_path, add_note):
    add_note(NoteItem("Ruler", ['r0 to b0: 31.23"']))
    hidden = NoteItem("Hidden ring", ["not shown"])
    hidden.setVisible(False)
    add_note(hidden)
    out = tmp_path / "board.svg"
    exporter.export_to(out)
    text = _svg_text(out)
    assert 'r0 to b0: 31.23"' in text and "Ruler" in text
    assert "Hidden ring" not in text
    assert "Sample (Warhammer 40,000, distances in inches)" in text
    assert "Deployment: Dawn of War (Red bottom, Blue top); 4 models out of zone" in text
    assert "Guard Squad: 3 of 3 models out of Blue's deployment zone" in text
    # Models are drawn as shapes, not as cached bitmaps.
    assert b"<image" not in out.read_bytes()


def test_pdf_starts_with_the_magic_and_runs_on_to_more_pages(window, exporter, tmp_path,
                                                             add_note):
    add_note(NoteItem("Rays", [f"ray {k}: clear" for k in range(120)]))
    out = tmp_path / "board.pdf"
    done = exporter.export_to(out)
    data = out.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert done.lines > 120
    assert data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") + \
        data.count(b"/Type /Page>") >= 2


def test_the_deployment_overlay_writes_its_line(window, exporter, tmp_path, qtbot):
    window.deploy.set_shown(True)
    out = tmp_path / "deploy.svg"
    exporter.export_to(out)
    text = _svg_text(out)
    assert "Deployment zones" in text
    assert "Dawn of War (Red bottom, Blue top): 4 models out of zone" in text
    assert "3 out, up to 18.49\"" in text  # the mark's text on the picture


def test_a_bad_name_is_refused_and_nothing_is_written(window, exporter, tmp_path):
    with pytest.raises(ExportError, match=r"board\.jpg: the name must end in .png, .svg or .pdf"):
        exporter.export_to(tmp_path / "board.jpg")
    with pytest.raises(ExportError, match="no folder"):
        exporter.export_to(tmp_path / "missing" / "board.png")
    assert list(tmp_path.iterdir()) == []


def test_ctrl_shift_e_asks_for_a_file_and_exports(window, tmp_path, qtbot, monkeypatch):
    target = tmp_path / "asked"
    monkeypatch.setattr(export_controller.QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(target), "SVG drawing (*.svg)"))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window.view, Qt.Key.Key_E,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    written = target.with_suffix(".svg")
    assert written.is_file()
    assert "Sample (Warhammer 40,000" in _svg_text(written)
    assert window.statusBar().currentMessage() == f"Exported the view to {written}"


def test_a_refused_export_is_shown_to_the_player(window, tmp_path, monkeypatch):
    monkeypatch.setattr(export_controller.QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "x.gif"), ""))
    shown = []
    monkeypatch.setattr(window, "show_error", lambda title, text: shown.append((title, text)))
    window.exporter.action.trigger()
    assert shown == [("Export view", "cannot export to x.gif: the name must end in .png, "
                                     ".svg or .pdf")]


def test_a_live_ruler_is_drawn_and_written_out(window, exporter, tmp_path):
    from tests.board.qt_helpers import drag

    tool = window.measure.start_ruler()
    drag(window.view, (10.0, 40.0), (40.0, 30.0))  # r0 to b0: 30.50"
    assert tool.reading.text == '30.50"'
    out = tmp_path / "ruler.svg"
    exporter.export_to(out)
    text = _svg_text(out)
    summary = text[text.index("On the board"):]
    assert '30.50"' in summary.split("Kept measurements")[0]


def test_no_two_actions_of_the_window_share_a_shortcut(window):
    # An ambiguous shortcut does nothing at all (Qt only warns): Export View once lost Ctrl+E.
    from collections import defaultdict

    from PySide6.QtGui import QAction

    owners = defaultdict(set)
    for action in window.findChildren(QAction):
        for key in action.shortcuts():
            if not key.isEmpty() and action.shortcutContext() != Qt.ShortcutContext.WidgetShortcut:
                owners[key.toString()].add(action.text())
    # "Shoot a building…" once took Ctrl+Shift+S, the platform's Save As key.
    assert {key: names for key, names in owners.items() if len(names) > 1} == {}
