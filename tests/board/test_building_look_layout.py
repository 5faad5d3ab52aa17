"""Armour badges stay clear of a building's door, fire point and weapon symbols."""

from __future__ import annotations

import pytest

from board.document.datasheet import Datasheet
from board.document.datasheets import load_library
from board.view.building_look import BADGE_HALF, SYMBOL_HALF, BuildingLook, look_of

SHEETS = load_library()
ARMOURED = sorted(k for k, s in SHEETS.items() if s.armour and s.footprint)

Box = tuple[float, float, float, float]


def _badge_box(at: tuple[float, float]) -> Box:
    half_w, half_h = BADGE_HALF
    return at[0] - half_w, at[1] - half_h, at[0] + half_w, at[1] + half_h


def _symbol_box(at: tuple[float, float]) -> Box:
    return at[0] - SYMBOL_HALF, at[1] - SYMBOL_HALF, at[0] + SYMBOL_HALF, at[1] + SYMBOL_HALF


def _overlap(a: Box, b: Box) -> float:
    """Area two boxes share (0 when they only touch)."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, width) * max(0.0, height)


def _symbols(look: BuildingLook) -> list[tuple[str, tuple[float, float]]]:
    return [(m.tooltip, m.at) for m in (*look.access_points, *look.fire_points, *look.weapons)]


def test_some_shipped_sheets_have_both_badges_and_symbols():
    crowded = [k for k in ARMOURED if _symbols(look_of(SHEETS[k]))]
    assert len(crowded) >= 8, crowded


@pytest.mark.parametrize("sheet_id", ARMOURED)
def test_no_armour_badge_covers_a_symbol(sheet_id):
    look = look_of(SHEETS[sheet_id])
    clashes = [
        f"{facing} badge at {at} over {tip!r} at {where}"
        for facing, _, at in look.armour_badges
        for tip, where in _symbols(look)
        if _overlap(_badge_box(at), _symbol_box(where)) > 0
    ]
    assert not clashes, "\n".join(clashes)


@pytest.mark.parametrize("sheet_id", ARMOURED)
def test_armour_badges_do_not_cover_each_other(sheet_id):
    badges = look_of(SHEETS[sheet_id]).armour_badges
    for i, (facing, _, at) in enumerate(badges):
        for other, _, there in badges[i + 1 :]:
            assert _overlap(_badge_box(at), _badge_box(there)) == 0, (facing, at, other, there)


@pytest.mark.parametrize("sheet_id", ARMOURED)
def test_every_facing_keeps_its_badge_inside_the_footprint_bounds(sheet_id):
    sheet: Datasheet = SHEETS[sheet_id]
    look = look_of(sheet)
    assert {f for f, _, _ in look.armour_badges} == set(sheet.armour)
    xs = [p[0] for p in sheet.footprint]
    ys = [p[1] for p in sheet.footprint]
    for facing, text, (x, y) in look.armour_badges:
        assert text == str(sheet.armour[facing])
        assert min(xs) < x < max(xs) and min(ys) < y < max(ys), (facing, x, y)


def test_a_badge_moves_along_its_wall_away_from_a_door_in_the_middle():
    from board.document.datasheet import AccessPoint, TerrainKind

    sheet = Datasheet(
        "hut", "Hut", TerrainKind.BUILDING, ("wh40k",),
        footprint=((-3, -3), (3, -3), (3, 3), (-3, 3)),
        armour={"front": 11, "right": 10, "rear": 10, "left": 10},
        access_points=(AccessPoint("d", -3, 0),),
    )
    badges = {f: at for f, _, at in look_of(sheet).armour_badges}
    assert badges["front"] == (0.0, -2.25)  # nothing on the front wall: it stays in the middle
    left_x, left_y = badges["left"]
    assert left_x == pytest.approx(-2.25)
    assert abs(left_y) >= SYMBOL_HALF + BADGE_HALF[1]


def _demo_scene():
    """The demo table's scene, after its deferred label and badge placement has run."""
    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QApplication

    from board.document.datasheets import DEMO_SCENARIO_PATH
    from board.document.edits import ScenarioDocument
    from board.document.io import load_scenario
    from board.view.scene import BoardScene

    document = ScenarioDocument(load_scenario(DEMO_SCENARIO_PATH, SHEETS))
    app = QApplication.instance() or QApplication([])
    scene = BoardScene(document, SHEETS, QUndoStack())
    app.processEvents()
    return scene


def _judged(item, px_per_inch: float = 25.0) -> Box:
    """A pixel-sized item's box in table inches at the demo's fitted zoom (25 px to the inch)."""
    at, rect = item.scenePos(), item.rect()
    left, top = at.x() + rect.left() / px_per_inch, at.y() + rect.top() / px_per_inch
    return left, top, left + rect.width() / px_per_inch, top + rect.height() / px_per_inch


def test_on_the_demo_no_badge_covers_a_neighbouring_parts_symbol():
    pytest.importorskip("PySide6")
    from board.view.items import BuildingItem
    from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker

    scene = _demo_scene()
    pieces = [i for i in scene.items() if isinstance(i, BuildingItem)]
    symbols = [
        (piece, _symbol_box((m.scenePos().x(), m.scenePos().y())))
        for piece in pieces
        for m in piece.childItems()
        if isinstance(m, (AccessPointMarker, FirePointMarker, WeaponMarker))
    ]
    clashes = [
        (piece.piece_id, facing, other.piece_id)
        for piece in pieces
        for facing, badge in piece._badges.items()
        for other, box in symbols
        if other is not piece and _overlap(_judged(badge), box) > 0
    ]
    assert not clashes


def test_on_the_demo_no_name_label_covers_a_model_or_a_symbol():
    pytest.importorskip("PySide6")
    from board.view.items import BuildingItem, ModelItem
    from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker

    scene = _demo_scene()
    pieces = [i for i in scene.items() if isinstance(i, BuildingItem)]
    models = [i for i in scene.items() if isinstance(i, ModelItem) and i.isVisible()]
    assert len(pieces) >= 10 and len(models) >= 20
    things = [(m.data(0) or "model", _box_of(m.sceneBoundingRect())) for m in models]
    things += [
        (f"symbol of {p.piece_id}", _symbol_box((m.scenePos().x(), m.scenePos().y())))
        for p in pieces
        for m in p.childItems()
        if isinstance(m, (AccessPointMarker, FirePointMarker, WeaponMarker))
    ]
    covered = [
        (piece.piece_id, what)
        for piece in pieces
        for what, box in things
        if _overlap(_judged(piece._name_label), box) > 0
    ]
    assert not covered


def _box_of(rect) -> Box:
    return rect.left(), rect.top(), rect.right(), rect.bottom()
