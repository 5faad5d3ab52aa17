"""Overlays end at the table's edge: a ring or a reach near the edge shades the table only.

The sample table is 72 x 48 inches; the red squad stands at y = 40, x = 10 to 16, so a 12"
ring around its first model runs past the bottom edge (y = 48) and the left one (x = 0).
Each test grabs the viewport before the overlay is made and after, and compares pixels along
the overlay's edge: past the table they must be as they were (the grey outside), on the
table they must have changed (shaded). Drawn without the clip, the outside ones change too.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from board.game.core.targets import UnitTarget
from board.game.measuring.annotations import within_annotation
from board.view.measure.ring_item import BAND
from board.view.style import CLOTH
from tests.board.qt_helpers import click

#: How far from the table's edge a sampled pixel stands, inches (clear of the table's
#: 2-pixel edge line and of antialiasing at the sample zoom, about 10 pixels an inch).
CLEAR = 0.45


def _grab(window) -> QImage:
    return window.view.viewport().grab().toImage()


def _pixel(window, image: QImage, at: QPointF) -> tuple[int, int, int] | None:
    """The colour at table point ``at`` in ``image``, or ``None`` if off the viewport."""
    p = window.view.mapFromScene(at)
    if not image.rect().adjusted(2, 2, -2, -2).contains(p):
        return None
    colour = image.pixelColor(QPoint(p.x(), p.y()))
    return (colour.red(), colour.green(), colour.blue())


def _on_circle(centre: QPointF, radius: float, steps: int = 720) -> list[QPointF]:
    return [QPointF(centre.x() + radius * math.cos(2 * math.pi * k / steps),
                    centre.y() + radius * math.sin(2 * math.pi * k / steps))
            for k in range(steps)]


def _split(points: list[QPointF], table: QRectF) -> tuple[list[QPointF], list[QPointF]]:
    """The points clearly past the table's edge, and those clearly on the table near it."""
    outside = table.adjusted(-CLEAR, -CLEAR, CLEAR, CLEAR)
    inside = table.adjusted(CLEAR, CLEAR, -CLEAR, -CLEAR)
    near = table.adjusted(CLEAR, CLEAR, -CLEAR, -CLEAR).adjusted(3.0, 3.0, -3.0, -3.0)
    past = [p for p in points if not outside.contains(p)]
    on = [p for p in points if inside.contains(p) and not near.contains(p)]
    return past, on


def _labels_drawn(window) -> list[QRectF]:
    """Every label on the viewport (pixels): a verdict's label may be laid past the edge."""
    from board.view.items.label_item import LabelItem
    from board.view.layout import page_of

    view = window.view
    laid = view.label_layout.page_layout(page_of(view))
    boxes = [QRectF(QPointF(b[0], b[1]), QPointF(b[2], b[3])) for b in laid.shown]
    boxes += [QRectF(QPointF(p.box[0], p.box[1]), QPointF(p.box[2], p.box[3]))
              for placed in laid.overlays.values() for p in placed if p.shown]
    vt = view.viewportTransform()
    boxes += [item.deviceTransform(vt).mapRect(item.rect()) for item in window.scene.items()
              if isinstance(item, LabelItem) and item.isVisible() and item.shown_text]
    return [box.adjusted(-2, -2, 2, 2) for box in boxes]


def _compare(window, before: QImage, after: QImage, past: list[QPointF],
             on: list[QPointF]) -> tuple[int, int]:
    """Check the pixels; return how many were compared past the edge and on the table.

    Past the edge, a pixel under a label drawn is not the shading's: it is left out.
    """
    seen_past = seen_on = 0
    labels = _labels_drawn(window)
    for at in past:
        was, now = _pixel(window, before, at), _pixel(window, after, at)
        if was is None or any(box.contains(QPointF(window.view.mapFromScene(at)))
                              for box in labels):
            continue
        assert was != (CLOTH.red(), CLOTH.green(), CLOTH.blue()), (at, was)  # not the table
        assert now == was, f"shaded past the table's edge at ({at.x():.2f}, {at.y():.2f})"
        seen_past += 1
    for at in on:
        was, now = _pixel(window, before, at), _pixel(window, after, at)
        assert was is not None
        assert now != was, f"not shaded on the table at ({at.x():.2f}, {at.y():.2f})"
        seen_on += 1
    return seen_past, seen_on


def _keep_rings(window, qtbot, at: tuple[float, float], distances: str):
    """Click what stands at ``at``, type ``distances`` in the dock, press Rings: the item."""
    view, dock = window.view, window.measure.dock
    click(view, at)
    assert len(window.scene.selectedItems()) == 1
    dock.rings.selectAll()
    QTest.keyClicks(dock.rings, distances)
    button = next(b for b in dock.findChildren(QPushButton) if b.text() == "Rings")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    ring = window.document.scenario.annotations[-1]
    item = window.measure.layer.item(ring.id)
    qtbot.waitUntil(lambda: item.sketch() is not None)
    return item


def _labels_on_table(window, item) -> bool:
    """Whether every label the ring ``item`` drew is wholly on the table, on screen."""
    window.view.viewport().repaint()  # laid out and drawn
    table = window.scene.table_rect()
    boxes = item.shown_label_rects()
    return bool(boxes) and len(boxes) == len(item.sketch().areas) \
        and all(table.contains(box) for box in boxes)


def test_a_kept_ring_near_the_edge_shades_the_table_and_not_the_grey_beyond(window, qtbot):
    before = _grab(window)
    item = _keep_rings(window, qtbot, (10.0, 40.0), "12")  # the red squad's first model
    assert window.scene.selectedItems() == [window.scene.model_item("r0")]
    box = item.sketch().areas[0].path.boundingRect()
    assert box.bottom() > 52.0 and box.left() < -2.0  # it does run past two edges
    after = _grab(window)
    # Between the band's inner side and the edge line: the band's shade, then the edge's.
    points = _on_circle(box.center(), box.width() / 2 - BAND / 3)
    past, on = _split(points, window.scene.table_rect())
    seen_past, seen_on = _compare(window, before, after, past, on)
    assert seen_past >= 20 and seen_on >= 20, (seen_past, seen_on)
    qtbot.waitUntil(lambda: _labels_on_table(window, item))


def test_a_ring_whose_top_is_past_the_edge_is_labelled_on_the_table(window, qtbot):
    item = _keep_rings(window, qtbot, (50.0, 14.0), "18")  # the small building
    top = item.sketch().areas[0].path.boundingRect().top()
    assert top < -3.0  # where a ring's distance is written first: past the edge
    qtbot.waitUntil(lambda: _labels_on_table(window, item))


def test_a_kept_within_reach_near_the_edge_is_filled_on_the_table_only(window, qtbot):
    before = _grab(window)
    window.measure.layer.keep(within_annotation("within-1", "blue-guard",
                                                UnitTarget("red-tac"), 12.0), "Within")
    item = window.measure.layer.item("within-1")
    qtbot.waitUntil(lambda: item.sketch() is not None and bool(item.sketch().areas))
    reach = max(item.sketch().areas, key=lambda a: a.path.boundingRect().width())
    box = reach.path.boundingRect()
    assert box.bottom() > 50.0 and box.left() < -1.0  # the reach runs past two edges
    window.view.viewport().repaint()
    after = _grab(window)
    # Its translucent fill: along the bottom edge, on the table and past it.
    grid = [QPointF(x / 4.0, y / 4.0) for x in range(-16, 120) for y in range(186, 210)]
    inside = [p for p in grid if reach.path.contains(p)]
    past, on = _split(inside, window.scene.table_rect())
    seen_past, seen_on = _compare(window, before, after, past, on)
    assert seen_past >= 10 and seen_on >= 5, (seen_past, seen_on)


def test_the_void_shields_area_ends_at_the_table_edge(window, library):
    """The demo's Void Shield Generator stands 8" from the bottom edge; its 12" runs past it."""
    from board.document.io import load_scenario
    from board.view.buildings.void_shield_item import VoidShieldItem
    from resources import DEMO_SCENARIO

    window.show_scenario(load_scenario(DEMO_SCENARIO, library), DEMO_SCENARIO)
    window.view.fit_table()
    before = _grab(window)
    box = window.buildings.dock.show_void_shields
    QTest.mouseClick(box, Qt.MouseButton.LeftButton, pos=box.rect().center())
    item = window.buildings.void_item
    assert isinstance(item, VoidShieldItem)
    zones = item._source().zones
    assert zones.boundingRect().bottom() > 49.0  # it does run past the bottom edge
    after = _grab(window)
    grid = [QPointF(x / 4.0, y / 4.0) for x in range(60, 200) for y in range(186, 204)]
    inside = [p for p in grid if zones.contains(p)]
    past, on = _split(inside, window.scene.table_rect())
    seen_past, seen_on = _compare(window, before, after, past, on)
    assert seen_past >= 10 and seen_on >= 10, (seen_past, seen_on)
