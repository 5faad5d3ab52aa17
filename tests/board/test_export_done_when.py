"""Issue 27's "done when", on the exported files: no label on a label, a model or a door, none cut.

The demo and the benchmark's board (``benchmarks/board_bench.py``: 50 buildings, 1,000
models), at three zooms with every overlay on (the deployment, the void shields, kept rings,
a within kept to a door, a kept ruler, a line of sight), are exported to PNG, SVG and PDF.
Then the files are read, not the scene:

- the SVG's labels (each ``<text>`` on the picture and the box it is drawn on) must not meet
  one another, a model's base or a door, fire point or weapon symbol (those where the document
  puts them, mapped to the page), and none may be cut by the picture's edge;
- the SVG rendered by librsvg, by headless Chromium and by Inkscape, and the PNG, must be one
  picture (pixel for pixel, a pixel's shift allowed): what the SVG's XML says is what they
  show;
- the PDF's words on its first page (``pdftotext -bbox``) above the summary must not be cut
  by the picture's edge, and no two of them may overlap.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF, QSettings, Qt
from PySide6.QtGui import QTransform
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker
from board.view.items.model_item import ModelItem
from tests.board.exported_files import (
    Rect,
    chromium_png,
    differing_share,
    inkscape_png,
    pdf_words,
    pixels,
    read_svg,
    rsvg_png,
)
from tests.board.qt_helpers import click
from tests.board.test_export_portable import SAME_PICTURE, settle

ZOOMS = (1.0, 2.0, 4.0)


def _window(qtbot, library, tmp_path, scenario, path=None):
    from board.view.window import MainWindow

    window = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    window.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.resize(1900, 1300)
    window.show_scenario(scenario, path)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit_table()
    settle(window)
    return window


def _every_overlay(window, unit: str, door: tuple[float, float], within_from: tuple[float, float],
                   shooter: str, target: str) -> None:
    from board.game.core.shooters import Shooter, ShooterKind
    from board.game.core.targets import UnitTarget
    from board.game.measuring.rings import ring_annotation
    from board.view.buildings import BuildingController

    window.measure.layer.keep(ring_annotation("ring-1", UnitTarget(unit), (6.0, 12.0), "in"),
                              "rings")
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_N)
    click(window.view, within_from)
    click(window.view, door)
    window.measure.keep()
    window.scene.set_tool(None)
    window.deploy.set_shown(True)
    window.findChild(BuildingController, "buildings").show_void_shields(True)
    window.shooting.sight.set(Shooter(ShooterKind.UNIT, shooter), UnitTarget(target))
    settle(window)


def demo_board(qtbot, library, tmp_path):
    from board.document.datasheets import DEMO_SCENARIO_PATH
    from board.document.io import load_scenario

    window = _window(qtbot, library, tmp_path, load_scenario(DEMO_SCENARIO_PATH, library),
                     DEMO_SCENARIO_PATH)
    _every_overlay(window, "scouts-telion", (23.0, 37.0), (36.0, 40.5), "tactical-cato",
                   "bikers-kor")
    return window, QPointF(30.0, 30.0)


def bench_board(qtbot, library, tmp_path):
    from tests.board.test_layout_at_rest import crowded_scenario

    window = _window(qtbot, library, tmp_path, crowded_scenario(library))
    # Cell 24 (x 28.8.., y 19.2..): its building stands at (32.4, 21.8), red-24-0 at (30.2, 24.6).
    _every_overlay(window, "blue-23", (32.4, 21.8), (30.2, 24.6), "red-24", "blue-23")
    return window, QPointF(30.2, 24.6)


BOARDS = {"demo": demo_board, "bench": bench_board}


def _page_things(window, transform: QTransform) -> tuple[list, list[Rect]]:
    """The models' outlines and the symbols' boxes on the page (the document's places)."""
    scene = window.scene
    models = [i.deviceTransform(transform).map(i.shape()) for i in scene.items()
              if isinstance(i, ModelItem) and i.isVisible()]
    symbols = []
    for item in scene.items():
        if isinstance(item, AccessPointMarker | FirePointMarker | WeaponMarker) and \
                item.isVisible():
            box = item.deviceTransform(transform).mapRect(item.core())
            symbols.append(Rect(box.left(), box.top(), box.right(), box.bottom()))
    return models, symbols


def svg_faults(window, svg: Path, picture: Rect) -> dict[str, list[str]]:
    """What the exported SVG's labels do wrong, by kind (each as the labels' texts)."""
    page = read_svg(svg)
    boxes: dict[Rect, str] = {}
    for text, box in page.label_boxes():
        if box.overlaps(picture, 0.0):
            boxes[box] = (boxes.get(box, "") + " / " + text.text).strip(" /")
    models, symbols = _page_things(window, window.view.viewportTransform())
    labels = list(boxes.items())
    faults: dict[str, list[str]] = {"cut": [], "label/label": [], "label/model": [],
                                    "label/door": []}
    for k, (box, text) in enumerate(labels):
        if not box.inside(picture):
            faults["cut"].append(text)
        faults["label/label"] += [f"{text} | {other}" for other_box, other in labels[k + 1:]
                                  if box.overlaps(other_box, 1.0)]
        area = QRectF(box.left + 1, box.top + 1, box.right - box.left - 2,
                      box.bottom - box.top - 2)
        faults["label/model"] += [text for outline in models if outline.intersects(area)]
        faults["label/door"] += [text for symbol in symbols if box.overlaps(symbol, 1.0)]
    return faults


#: The PDF's page: A4 landscape in points, its margins (10 mm) and the share of the printable
#: height the picture may take (board.view.export.render).
A4 = (841.89, 595.28)
MARGIN_PT = 10 / 25.4 * 72
PICTURE_SHARE = 0.62


def pdf_picture(width: int, height: int) -> Rect:
    """Where the picture of a ``width`` × ``height`` view stands on the PDF's first page, points."""
    across, down = A4[0] - 2 * MARGIN_PT, (A4[1] - 2 * MARGIN_PT) * PICTURE_SHARE
    scale = min(across / width, down / height)
    return Rect(MARGIN_PT, MARGIN_PT, MARGIN_PT + width * scale, MARGIN_PT + height * scale)


def pdf_faults(pdf: Path, picture: Rect) -> list[str]:
    """Words of the PDF's first page cut by the picture's edge, or over another word."""
    words = [(w, Rect(*box)) for w, box, page in pdf_words(pdf) if page == 1]
    picture_words = [(w, r) for w, r in words if r.top < _pdf_picture_bottom(words)]
    faults = [f"{word} cut" for word, box in picture_words
              if box.overlaps(picture, 0.5) and not box.inside(picture, 0.5)]
    for k, (word, box) in enumerate(picture_words):
        faults += [f"{word} | {other}" for other, other_box in picture_words[k + 1:]
                   if box.overlaps(other_box, 1.0)]
    return faults


def _pdf_picture_bottom(words: list[tuple[str, Rect]]) -> float:
    """Where the summary starts: the line "battleboard export" written below the picture."""
    heads = [r.top for w, r in words if w == "battleboard"]
    return min(heads) if heads else float("inf")


CASES = [pytest.param(board, zoom, id=f"{board}-x{zoom:g}") for board in BOARDS for zoom in ZOOMS]


@pytest.mark.slow
@pytest.mark.parametrize(("board", "zoom"), CASES)
def test_no_label_meets_a_label_a_model_or_a_door_in_any_export(qtbot, library, tmp_path, board,
                                                                 zoom):
    window, centre = BOARDS[board](qtbot, library, tmp_path)
    if zoom != 1.0:
        window.view.zoom_by(zoom)
        window.view.centerOn(centre)
        settle(window)
    files = {kind: tmp_path / f"{board}.{kind}" for kind in ("png", "svg", "pdf")}
    done = {kind: window.exporter.export_to(path) for kind, path in files.items()}
    picture = Rect(0.0, 0.0, done["svg"].picture.width(), done["svg"].picture.height())
    faults = svg_faults(window, files["svg"], picture)
    assert {kind: found for kind, found in faults.items() if found} == {}
    png = pixels(files["png"])
    for name, shown in (("librsvg", rsvg_png(files["svg"], tmp_path / "rsvg.png")),
                        ("chromium", chromium_png(files["svg"], tmp_path / "chromium.png",
                                                  png.shape[1], png.shape[0])),
                        ("inkscape", inkscape_png(files["svg"], tmp_path / "inkscape.png"))):
        share = differing_share(png, pixels(shown), int(picture.bottom))
        assert share < SAME_PICTURE, f"{name}: {share:.2%} of the picture differs from the PNG"
    size = done["pdf"].picture
    assert pdf_faults(files["pdf"], pdf_picture(size.width(), size.height())) == []
