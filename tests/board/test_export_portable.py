"""The exported files open the same anywhere: the SVG in librsvg, Chromium and Inkscape, the PDF in
poppler.

The demo board with its overlays on (a kept ruler, a within kept to a door, range rings, the
deployment, the void shields, a live ruler) is exported to PNG, SVG and PDF, and the files
themselves are read: the SVG's XML (stroke widths as an SVG 1.1 renderer draws them, font
families, texts inside the page and inside their boxes), the SVG rendered by ``rsvg-convert``,
headless Chromium and Inkscape's command line and compared pixel by pixel with the PNG, the
PDF's text found by ``pdftotext`` and its page rasterised by ``pdftoppm``. The outside tools
are Debian packages (librsvg2-bin, chromium, inkscape, poppler-utils): a test that needs an
absent one is skipped.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from board.view.export.svg_portable import SVG_NS, compose, parse_transform
from board.view.view import BoardView
from tests.board.exported_files import (
    Rect,
    chromium_png,
    differing_share,
    inkscape_png,
    pdf_pages_png,
    pdf_words,
    pixels,
    read_svg,
    rsvg_png,
)
from tests.board.qt_helpers import click

#: The share of the picture's pixels a renderer may draw otherwise than Qt, a pixel's shift
#: allowed (measured on the demo: librsvg 0.07 %, Chromium 0.04 %; before the fix librsvg
#: 42 % with inch-wide strokes, Chromium 0.66 % with a serif font).
SAME_PICTURE = 0.0025
#: The widest pen the board draws, pixels (a selected model's ring; rays are 2.5).
WIDEST_PEN = 6.0
GENERIC = ("serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui")


def settle(window) -> None:
    """Paint until the labels are placed and judged (as benchmarks/measure_shots.py does)."""
    for _ in range(4):
        window.grab()
        QTest.qWait(60)
    window.view.legibility.run()
    window.grab()
    QTest.qWait(10)


@pytest.fixture
def demo(qtbot, library, tmp_path):
    """The demo with every overlay on, as docs/export-demo.png shows it."""
    from board.document.datasheets import DEMO_SCENARIO_PATH
    from board.document.io import load_scenario
    from board.game.core.targets import UnitTarget
    from board.game.measuring.rings import ring_annotation
    from board.view.buildings import BuildingController
    from board.view.window import MainWindow

    window = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    window.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.resize(1900, 1300)
    window.show_scenario(load_scenario(DEMO_SCENARIO_PATH, library), DEMO_SCENARIO_PATH)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit_table()
    window.measure.layer.keep(ring_annotation("ring-1", UnitTarget("scouts-telion"), (6.0, 12.0),
                                              "in"), "rings")
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_N)
    click(window.view, (36.0, 40.5))
    click(window.view, (23.0, 37.0))
    window.measure.keep()
    window.scene.set_tool(None)
    window.deploy.set_shown(True)
    window.findChild(BuildingController, "buildings").show_void_shields(True)
    settle(window)
    return window


def zoomed(window, times: float) -> None:
    """Zoom in ``times`` on the bastion (the kept ruler then runs off the top of the view)."""
    window.view.zoom_by(times)
    window.view.centerOn(QPointF(30.0, 30.0))
    settle(window)


def _strokes(path: Path) -> list[float]:
    """Each stroked shape's pen width in page pixels, as an SVG 1.1 renderer draws it."""
    widths: list[float] = []

    def walk(element, matrix, width, stroke):
        matrix = compose(matrix, parse_transform(element.get("transform")))
        width = float(element.get("stroke-width", width))
        stroke = element.get("stroke", stroke)
        tag = element.tag.split("}")[-1]
        if tag in ("path", "rect", "circle", "ellipse", "polyline", "polygon", "line") and \
                stroke != "none":
            widths.append(width * abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]) ** 0.5)
        if tag not in ("clipPath", "mask", "pattern", "defs"):
            for child in element:
                walk(child, matrix, width, stroke)

    walk(ET.parse(path).getroot(), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), 1.0, "none")
    return widths


def test_svg_pens_are_as_wide_as_on_screen_without_vector_effect(demo, tmp_path):
    out = tmp_path / "demo.svg"
    demo.exporter.export_to(out)
    text = out.read_text(encoding="utf-8")
    assert "vector-effect" not in text  # SVG 1.1 renderers (librsvg, ImageMagick) ignore it
    widths = _strokes(out)
    assert len(widths) > 100
    assert max(widths) <= WIDEST_PEN, f"a pen {max(widths):.1f} px wide"


def test_svg_fonts_end_in_a_generic_family_and_texts_have_their_width(demo, tmp_path):
    out = tmp_path / "demo.svg"
    demo.exporter.export_to(out)
    root = ET.parse(out).getroot()
    families = {e.get("font-family") for e in root.iter() if e.get("font-family")}
    assert families and all(f.split(",")[-1].strip() in GENERIC for f in families), families
    texts = list(root.iter(f"{{{SVG_NS}}}text"))
    assert len(texts) > 50
    assert all(float(t.get("textLength", "0")) > 0 for t in texts if "".join(t.itertext()).strip())


#: Zoomed in, a building's name near the view's edge is cut on screen as in the export: the
#: names are placed by the board's own legibility pass, which the layout model of issue 27
#: (part 1, ``BoardView.settle_layout``) replaces with one that keeps every label inside its
#: page (checked on its branch merged with this test: it passes there).
CUT_ON_SCREEN_TOO = pytest.mark.xfail(not hasattr(BoardView, "settle_layout"), strict=True,
                                      reason="a building's name is cut by the view's edge on "
                                      "screen too (until the layout model, issue 27)")


@pytest.mark.parametrize("times", [1.0, pytest.param(2.0, marks=CUT_ON_SCREEN_TOO)])
def test_svg_texts_are_inside_the_page_and_inside_their_boxes(demo, tmp_path, times):
    if times != 1.0:
        zoomed(demo, times)
    out = tmp_path / "demo.svg"
    done = demo.exporter.export_to(out)
    page = read_svg(out)
    picture = Rect(0.0, 0.0, done.picture.width(), done.picture.height())
    assert all(t.box.inside(page.page) for t in page.texts if t.clip is None)  # the summary
    labels = [(t, box) for t, box in page.label_boxes()
              if box.overlaps(picture, 0.0)]  # those drawn on the picture (others are clipped)
    assert len(labels) > 10
    assert [t.text for t, box in labels if box == t.box] == []  # each on its box
    assert [t.text for t, box in labels if not box.inside(picture)] == []  # none cut
    # The summary is below the picture, never on it.
    assert all(t.box.top >= picture.bottom for t in page.texts if t.clip is None)


@pytest.mark.parametrize("renderer", ["librsvg", "chromium", "inkscape"])
def test_the_svg_opened_elsewhere_is_the_png(demo, tmp_path, renderer):
    svg, png = tmp_path / "demo.svg", tmp_path / "demo.png"
    done = demo.exporter.export_to(svg)
    demo.exporter.export_to(png)
    width, height = pixels(png).shape[1], pixels(png).shape[0]
    if renderer == "librsvg":
        shown = rsvg_png(svg, tmp_path / "rsvg.png")
    elif renderer == "inkscape":
        shown = inkscape_png(svg, tmp_path / "inkscape.png")
    else:
        shown = chromium_png(svg, tmp_path / "chromium.png", width, height)
    share = differing_share(pixels(png), pixels(shown), done.picture.height())
    assert share < SAME_PICTURE, f"{renderer}: {share:.2%} of the picture differs"


def test_the_png_is_the_screen_when_zoomed_in(demo, tmp_path):
    """Labels are laid out on the export's page as on the window's: the same pixels."""
    zoomed(demo, 2.0)
    png = tmp_path / "zoomed.png"
    done = demo.exporter.export_to(png)
    screen = tmp_path / "screen.png"
    demo.view.viewport().grab().save(str(screen))
    exported = pixels(png)[:done.picture.height(), :done.picture.width()]
    share = differing_share(exported, pixels(screen), done.picture.height())
    assert share < SAME_PICTURE, f"{share:.2%} of the picture differs from the window"


def test_the_pdf_has_its_text_and_nothing_in_its_margins(demo, tmp_path):
    zoomed(demo, 2.0)  # the kept ruler from Helbrute Ghar runs off the top of the view
    out = tmp_path / "demo.pdf"
    demo.exporter.export_to(out)
    words = pdf_words(out)
    text = " ".join(word for word, _, _ in words)
    assert "battleboard export" in text and "Kept measurements" in text
    assert "Imperial Bastion" in text and "Tactical Squad Cato: covered by Void" in text
    first = pdf_pages_png(out, tmp_path)[0]
    page = pixels(first)
    margin = round(10 / 25.4 * 96) - 2  # 10 mm at 96 dpi, less antialiasing
    bands = {"top": page[:margin], "left": page[:, :margin], "right": page[:, -margin:]}
    inked = {name: int((band < 250).any(axis=2).sum()) for name, band in bands.items()}
    assert inked == {"top": 0, "left": 0, "right": 0}
