"""Every building's name is drawn at every zoom where it fits, and covers nothing.

A player saw the Bastion's and the Void Shield Generator's names vanish one zoom step in from
Fit: each building judged one spot for its name (under its footprint, above it, to one end)
without the page, so a name whose spot ran off the page's edge, or under a verdict, was hidden
although another spot was clear. Now a building offers the layout its spots, least crowded
first (:mod:`board.game.core.building_labels`), judged when it is placed or edited and when
the zoom changes, and the layout shows the name at the first spot where a form of it fits.

The demo board in the real window, zoomed with real key presses and wheel notches on the
viewport: at Fit and at each of three steps in and out, every name whose building is on the
page is drawn, whole or short, unless none of its spots has room for any form of it on the
page (clear of every model, door, fire point, weapon and label drawn); a name drawn short has
no room for its whole text; and no label covers a label, a model or a symbol.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, QSettings, Qt
from PySide6.QtGui import QKeySequence, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from board.document.datasheets import DEMO_SCENARIO_PATH, place_datasheet
from board.document.io import load_scenario
from board.document.model import RuleSystem, Scenario, Side, Table
from board.view.items.building_item import BuildingItem
from board.view.items.label_item import LabelItem
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker
from board.view.items.model_item import ModelItem
from board.view.items.obstacles import label_overlaps
from board.view.layout import page_of
from board.view.window import MainWindow
from tests.board.test_badge_spots import packed

Rect = tuple[float, float, float, float]


def _window(qtbot, library, tmp_path, size: tuple[int, int]) -> MainWindow:
    win = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture(params=[(1280, 800), (1600, 1100)], ids=["1280x800", "1600x1100"])
def demo(request, qtbot, library, tmp_path):
    win = _window(qtbot, library, tmp_path, request.param)
    win.show_scenario(load_scenario(DEMO_SCENARIO_PATH, library), DEMO_SCENARIO_PATH)
    return win


def press(win, qtbot, key: QKeySequence) -> None:
    """Type ``key`` on the board's view, as a player does."""
    win.view.setFocus()
    combo = key[0]
    QTest.keyClick(win.view, combo.key(), combo.keyboardModifiers())
    win.grab()  # painted: laid out for the page shown


def wheel(win, notches: int) -> None:
    """Turn the mouse wheel ``notches`` over the middle of the viewport (negative: out)."""
    viewport = win.view.viewport()
    at = QPointF(viewport.rect().center())
    event = QWheelEvent(at, QPointF(viewport.mapToGlobal(at)), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, event)
    win.grab()


def _meets(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _ltrb(rect: QRectF) -> Rect:
    return (rect.left(), rect.top(), rect.right(), rect.bottom())


def what_is_drawn(win) -> tuple[list[Rect], dict[int, Rect]]:
    """What a label must keep off (models, symbols, overlays' labels) and each label drawn.

    In the viewport's pixels, read from the items as drawn: a model is its box (the layout
    keeps labels off a base's box), a door, fire point or weapon its core.
    """
    view = win.view
    vt = view.viewportTransform()
    firm: list[Rect] = []
    labels: dict[int, Rect] = {}
    for item in win.scene.items():
        if not item.isVisible():
            continue
        if isinstance(item, ModelItem):
            firm.append(_ltrb(vt.mapRect(item.sceneBoundingRect())))
        elif isinstance(item, AccessPointMarker | FirePointMarker | WeaponMarker):
            firm.append(_ltrb(item.deviceTransform(vt).mapRect(item.core())))
        elif isinstance(item, LabelItem) and item.shown_text:
            labels[id(item)] = _ltrb(item.deviceTransform(vt).mapRect(item.rect()))
    laid = view.label_layout.page_layout(page_of(view))
    firm += [placed.box for placed in sum(laid.overlays.values(), []) if placed.shown]
    return firm, labels


def room_for(win, label: LabelItem, form: int, firm: list[Rect],
             labels: dict[int, Rect]) -> list[Rect]:
    """The spots where ``form`` of ``label`` is wholly on the page and covers nothing drawn."""
    page = _ltrb(QRectF(win.view.viewport().rect()))
    to_device = label.deviceTransform(win.view.viewportTransform())
    spots = len(label.form_boxes()) // len(label.forms)
    others = firm + [box for key, box in labels.items() if key != id(label)]
    found = []
    for left, top, right, bottom in label.form_boxes()[form * spots:(form + 1) * spots]:
        box = _ltrb(to_device.mapRect(QRectF(left, top, right - left, bottom - top)))
        on_page = page[0] <= box[0] and page[1] <= box[1] and box[2] <= page[2] \
            and box[3] <= page[3]
        if on_page and not any(_meets(box, other) for other in others):
            found.append(box)
    return found


def names_left_out(win) -> list[str]:
    """Each name not drawn, or drawn short, though its building offers room for more."""
    firm, labels = what_is_drawn(win)
    viewport = QRectF(win.view.viewport().rect())
    wrong = []
    for piece_id, item in win.scene.piece_items().items():
        label = item._name_label
        footprint = win.view.mapFromScene(item.mapToScene(item.shape())).boundingRect()
        if not label.forms or not viewport.contains(QRectF(footprint)):
            continue  # no name (quiet terrain), or the building is not all on the page
        better = range(min(label.fit, len(label.forms)))  # the forms longer than the shown
        wrong += [f"{piece_id}: form {label.fit} shown, form {form} fits at {spot}"
                  for form in better for spot in room_for(win, label, form, firm, labels)]
    return wrong


def names_drawn(win) -> dict[str, str]:
    return {pid: item._name_label.shown_text.split("\n")[0]
            for pid, item in win.scene.piece_items().items() if item._name_label.shown_text}


def where_drawn(win) -> dict[str, tuple[str, int]]:
    """Each name's text shown and the spot it is drawn at."""
    return {pid: (item._name_label.shown_text, item._name_label.spot)
            for pid, item in win.scene.piece_items().items()}


def check(win, step: str) -> dict[str, str]:
    counts = {kind: len(pairs) for kind, pairs in label_overlaps(
        win.scene, win.view.viewportTransform()).items()}
    assert counts == {"label/label": 0, "label/model": 0, "label/symbol": 0}, step
    assert names_left_out(win) == [], step
    return names_drawn(win)


def test_every_name_is_drawn_where_it_fits_at_fit_and_three_steps_in_and_out(demo, qtbot):
    win = demo
    fit = QKeySequence("F")
    zoom_in = QKeySequence(QKeySequence.StandardKey.ZoomIn)
    zoom_out = QKeySequence(QKeySequence.StandardKey.ZoomOut)
    press(win, qtbot, fit)
    fitted = win.view.scale_factor
    drawn = {"fit": check(win, "fit")}
    assert len(drawn["fit"]) >= 10  # the eleven named pieces: every one on the page
    at_fit = [where_drawn(win)]
    for way, step in (("key", zoom_in), ("key", zoom_out), ("wheel", 1), ("wheel", -1)):
        press(win, qtbot, fit)
        at_fit.append(where_drawn(win))
        for k in (1, 2, 3):
            if way == "key":
                press(win, qtbot, step)
            else:
                wheel(win, step)
            name = f"{way} {'in' if step in (zoom_in, 1) else 'out'} {k}"
            drawn[name] = check(win, name)
        assert win.view.scale_factor == pytest.approx(
            fitted * 1.25 ** (3 if step in (zoom_in, 1) else -3))
    assert all(seen == at_fit[0] for seen in at_fit)  # Fit shows the same, whatever came before
    # What the player saw go: the Bastion's and the generator's names, one step in from Fit.
    for step in ("fit", "key in 1", "wheel in 1"):
        assert drawn[step]["bastion"] == "Imperial Bastion", step
        assert drawn[step]["void-shield-generator"] == "Void Shield Generator", step


def test_on_a_packed_table_a_name_is_hidden_only_where_none_of_its_spots_has_room(
        qtbot, library, tmp_path):
    """24 buildings a little more than a building apart: many names cannot all be drawn."""
    win = _window(qtbot, library, tmp_path, (1280, 800))
    win.show_scenario(packed(library))
    press(win, qtbot, QKeySequence("F"))
    drawn = {"fit": check(win, "fit")}
    for k in (1, 2, 3):
        wheel(win, 1)
        drawn[f"in {k}"] = check(win, f"in {k}")
    press(win, qtbot, QKeySequence("F"))
    for k in (1, 2, 3):
        press(win, qtbot, QKeySequence(QKeySequence.StandardKey.ZoomOut))
        drawn[f"out {k}"] = check(win, f"out {k}")
    assert len(drawn["fit"]) >= 12 and len(drawn["in 3"]) >= 4, drawn


def every_building_of(library, system: str) -> Scenario:
    """Each datasheet of ``system`` placed twice, turned four ways, across a 72 x 48 table."""
    sheets = sorted(k for k, sheet in library.items() if system in sheet.systems)
    pieces = []
    for k in range(12):
        pieces += place_datasheet(library, sheets[k % len(sheets)], 8.0 + 18.0 * (k % 4),
                                  8.0 + 15.0 * (k // 4), rotation=(0.0, 90.0, 45.0, 180.0)[k % 4],
                                  piece_id=f"piece-{k}")
    return Scenario(name=system, table=Table(72.0, 48.0), rule_system=RuleSystem(system),
                    sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
                    terrain=pieces)


@pytest.mark.parametrize("system", ["epic40k", "warhammer_fantasy"])
def test_epic_and_fantasy_buildings_names_are_drawn_where_they_fit(qtbot, library, tmp_path,
                                                                    system):
    win = _window(qtbot, library, tmp_path, (1280, 800))
    win.show_scenario(every_building_of(library, system))
    press(win, qtbot, QKeySequence("F"))
    drawn = {"fit": check(win, "fit")}
    for k in (1, 2, 3):
        wheel(win, 1)
        drawn[f"in {k}"] = check(win, f"in {k}")
    press(win, qtbot, QKeySequence("F"))
    for k in (1, 2, 3):
        press(win, qtbot, QKeySequence(QKeySequence.StandardKey.ZoomOut))
        drawn[f"out {k}"] = check(win, f"out {k}")
    assert len(drawn["fit"]) >= 8, drawn["fit"]


def test_the_names_are_judged_at_a_new_zoom_before_the_next_paint_with_no_timer(demo, qtbot):
    """Zoom steps between two paints are judged once, in the view's pass before its layout."""
    win = demo
    press(win, qtbot, QKeySequence("F"))
    bastion = win.scene.piece_item("bastion")
    fitted = bastion.judging_scale()
    wheel_notches = QWheelEvent(QPointF(win.view.viewport().rect().center()), QPointF(),
                                QPoint(0, 0), QPoint(0, 240), Qt.MouseButton.NoButton,
                                Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                                False)
    QApplication.sendEvent(win.view.viewport(), wheel_notches)  # two notches: one event
    assert bastion.needs_judging()  # not yet: nothing painted, no event loop turn either
    win.view.settle_layout()  # what the view runs before each paint and each export
    assert bastion.judging_scale() == pytest.approx(fitted * 1.25**2)
    assert not any(isinstance(i, BuildingItem) and i.needs_judging() for i in win.scene.items())
    win.grab()
    assert check(win, "two notches in")["void-shield-generator"]


def test_a_building_dragged_beside_another_is_judged_with_its_neighbours_at_the_release(
        demo, qtbot, monkeypatch):
    """The drop is an edit: the piece and its new neighbours are judged in it, not later."""
    from tests.board.qt_helpers import drag

    win = demo
    press(win, qtbot, QKeySequence("F"))
    judged: list[str] = []
    real = BuildingItem.place_labels_now

    def counted(item, *args):
        judged.append(item.piece_id)
        real(item, *args)

    monkeypatch.setattr(BuildingItem, "place_labels_now", counted)
    drag(win.view, (64.0, 27.0), (47.0, 30.5))  # the shrine, to beside the hab block
    assert win.document.scenario.piece("shrine").y == pytest.approx(30.5, abs=0.2)
    assert {"shrine", "hab-block"} <= set(judged)  # in the release itself: no turn waited
    win.grab()
    assert check(win, "after the drop")["shrine"]
