"""Rays from one eye drawn as their fans cover the pixels the rays drawn one by one cover.

The line of sight's 320 rays (one eye, sixteen strips across each of twenty models) are drawn
as twenty triangles, halo then colour (board/view/fans.py). These tests draw both ways on
images and compare them pixel by pixel, check when rays may and may not join a fan, and
that a drag's plan is kept while the eye moves and made again when a fan turns over.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter, QTransform

from board.view.convert import segments_path
from board.view.fans import MovingFans, fan_runs, fans_path
from board.view.measure.sketch import FAN_SPACING_PX, HALO, LineBatch, _draw_lines, _pen
from board.view.sight.overlay import BLOCKED, CLEAR

BACK = QColor("#4f7a3a")


def unit_rays(eye: tuple[float, float], left: float = 20.0, top: float = 20.0,
              strips: int = 16) -> np.ndarray:
    """Rays from ``eye`` to ``strips`` points across each of 20 one-inch models (5 × 4)."""
    rows = []
    for k in range(20):
        cx, cy = left + 1.1 * (k % 5), top + 1.1 * (k // 5)
        for j in range(strips):
            t = -0.5 + (j + 0.5) / strips
            rows.append([*eye, cx + t, cy])  # strips across the model, left to right
    return np.array(rows)


def pixels(scale: float, draw: callable) -> np.ndarray:
    """An image of what ``draw(painter)`` draws at ``scale`` pixels an inch, as an array."""
    image = QImage(900, 700, QImage.Format.Format_RGB32)
    image.fill(BACK)
    painter = QPainter(image)
    painter.setTransform(QTransform.fromScale(scale, scale).translate(-12.0, -12.0))
    draw(painter)
    painter.end()
    bits = np.frombuffer(image.constBits(), np.uint8).reshape(700, image.bytesPerLine() // 4, 4)
    return bits[:, :900, :3].astype(int).copy()


def one_by_one(ends: np.ndarray, colour: QColor):
    """The rays drawn as lines, halo then colour, as the board drew them before fans."""
    def draw(painter: QPainter) -> None:
        path = segments_path(ends)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(_pen(HALO, 4.5))
        painter.drawPath(path)
        painter.setPen(_pen(colour, 2.5))
        painter.drawPath(path)
    return draw


def as_drawn(ends: np.ndarray, colour: QColor):
    """The rays as the overlay draws them (:func:`_draw_lines`: fans when there are many)."""
    return lambda painter: _draw_lines(painter, [], [LineBatch(colour, ends)])


def differing(a: np.ndarray, b: np.ndarray) -> tuple[int, int, int]:
    """Pixels that differ, pixels either drew, and the farthest (Chebyshev) a differing
    pixel lies from one that agrees."""
    diff = np.any(a != b, axis=2)
    back = pixels(1.0, lambda painter: None)[0, 0]
    drawn = int((np.any(a != back, axis=2) | np.any(b != back, axis=2)).sum())
    far = 0
    for y, x in zip(*np.nonzero(diff), strict=True):
        r = 1
        while diff[max(0, y - r):y + r + 1, max(0, x - r):x + r + 1].all():
            r += 1
        far = max(far, r)
    return int(diff.sum()), drawn, far


def reach(mask: np.ndarray, other: np.ndarray) -> int:
    """How far (Chebyshev, pixels) the farthest pixel of ``mask`` lies from one of ``other``."""
    far = 0
    for y, x in zip(*np.nonzero(mask & ~other), strict=True):
        r = 1
        while not other[max(0, y - r):y + r + 1, max(0, x - r):x + r + 1].any():
            r += 1
        far = max(far, r)
    return far


@pytest.mark.parametrize("scale", [6.0, 12.92, 20.0, 25.8, 40.0])
@pytest.mark.parametrize("eye", [(30.2, 24.6), (14.0, 30.0), (22.0, 10.0), (40.0, 19.0)])
def test_fans_cover_the_pixels_the_rays_cover(qapp, scale, eye):
    rays = unit_rays(eye)
    before = pixels(scale, one_by_one(rays, CLEAR))
    after = pixels(scale, as_drawn(rays, CLEAR))
    back = pixels(1.0, lambda painter: None)[0, 0]
    colour = np.array([CLEAR.blue(), CLEAR.green(), CLEAR.red()])
    green = [np.all(image == colour, axis=2) for image in (before, after)]
    drawn = [np.any(image != back, axis=2) for image in (before, after)]
    assert green[0].sum() > 1000
    # The fans paint nothing more than a pixel past what the rays painted (in the rays'
    # colour or at all)...
    assert reach(green[1], green[0]) <= 1 and reach(drawn[1], drawn[0]) <= 1
    # ... and leave out only the rays' square caps where a fan has a corner: the colour's
    # (1.25 px) along the ends and at the eye, the halo's (2.25 px) at the eye. Measured on
    # 2 December: 2 and 3 px at most, and 0.1-5.4 % of the colour's pixels.
    assert reach(green[0], green[1]) <= 2 and reach(drawn[0], drawn[1]) <= 3
    assert (green[0] ^ green[1]).sum() <= 0.06 * green[0].sum()


def test_a_unit_of_twenty_seen_from_one_eye_is_twenty_triangles(qapp):
    rays = unit_rays((30.2, 24.6))
    path = fans_path(rays, 12.92, FAN_SPACING_PX)
    assert path.elementCount() == 20 * 4  # the eye, the two outer ends, back to the eye
    assert path.fillRule() == Qt.FillRule.WindingFill


def test_rays_join_a_fan_only_from_one_eye_close_together_and_turning_one_way():
    eye = [0.0, 0.0]
    rays = np.array([
        [*eye, 10.0, 0.00], [*eye, 10.0, 0.10], [*eye, 10.0, 0.20],  # a fan
        [0.5, 0.0, 10.0, 0.30],  # another eye
        [0.5, 0.0, 10.0, 0.40], [0.5, 0.0, 10.0, 3.00],  # ends 26 px apart
        [*eye, 10.0, 3.10], [*eye, 10.0, 3.00],  # a fan turning the other way
        [*eye, 10.0, 3.10],  # turns back: a new run
    ])
    first, backwards = fan_runs(rays, 10.0, 2.0)
    assert first.tolist() == [0, 3, 5, 6, 8]
    assert backwards.tolist() == [False, False, False, True, False]
    owners = np.array([[0, 0], [0, 0], [0, 1]] + [[1, 1]] * 6)  # another model's end
    assert fan_runs(rays, 10.0, 2.0, owners)[0].tolist() == [0, 2, 3, 5, 6, 8]


def test_a_translucent_colour_is_not_drawn_as_fans(qapp):
    rays = unit_rays((30.2, 24.6))
    see_through = QColor(BLOCKED)
    see_through.setAlpha(120)
    before = pixels(12.92, one_by_one(rays, see_through))
    after = pixels(12.92, as_drawn(rays, see_through))
    assert differing(before, after)[0] == 0


def test_a_drag_keeps_its_plan_until_a_fan_turns_over(qapp):
    rays = unit_rays((30.2, 24.6))
    owners = np.stack([np.zeros(len(rays), int), np.repeat(np.arange(20), 16)], axis=1)
    fans = MovingFans(owners, FAN_SPACING_PX)

    def elements(path):
        return [(path.elementAt(k).type, path.elementAt(k).x, path.elementAt(k).y)
                for k in range(path.elementCount())]

    def fresh(moved):  # a plan made for these very rows
        return elements(MovingFans(owners, FAN_SPACING_PX).path(moved, 12.92))

    for step in range(30):  # the eye dragged 0.1" a move, the targets still
        moved = rays + np.array([-0.1 * step, 0.02 * step, 0.0, 0.0])
        assert elements(fans.path(moved, 12.92)) == fresh(moved)
    assert fans.planned == 1
    # Carried above the models' rows of strips, the eye sees each fan turn the other way.
    above = rays + np.array([-8.0, -6.0, 0.0, 0.0])
    assert elements(fans.path(above, 12.92)) == fresh(above)
    assert fans.planned == 2
    fans.path(above, 25.8)  # another zoom: another plan
    assert fans.planned == 3


def test_a_real_drag_draws_the_shooters_rays_as_fans_from_one_plan(window, qtbot):
    """Drag the shooting unit with the mouse: its rays are fans, planned once per reading."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtTest import QTest

    from board.document.model import Base, Model, RuleSystem, Scenario, Side, Table, TroopType, Unit
    from board.game.core.shooters import Shooter, ShooterKind
    from board.game.core.targets import UnitTarget

    def unit(side: str, x: float, y: float) -> Unit:
        models = [Model(f"{side}{k}", Base.round_mm(25), x + 1.2 * k, y) for k in range(10)]
        return Unit(side, side.title(), side, TroopType.INFANTRY, models)

    window.show_scenario(Scenario(
        name="Ten on ten", table=Table(48.0, 48.0), rule_system=RuleSystem.WH40K,
        sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
        terrain=[], units=[unit("red", 10.0, 36.0), unit("blue", 14.0, 12.0)]))
    window.view.fit_table()
    sight = window.shooting.sight
    sight.clock = lambda: 0.0  # one reading for the whole drag
    sight.set(Shooter(ShooterKind.UNIT, "red"), UnitTarget("blue"))
    assert sight.reading is not None and len(sight.reading.rays) > 64  # dense: fans
    view, viewport = window.view, window.view.viewport()
    start = view.mapFromScene(QPointF(10.0, 36.0))
    shift = Qt.KeyboardModifier.ShiftModifier
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, shift, start)
    for step in range(1, 13):
        QTest.mouseMove(viewport, start + QPoint(3 * step, step))
        viewport.repaint()
    preview = sight._preview
    assert preview is not None and preview.rays is not None
    fans = [fan for fan in preview.rays._fans if fan.planned]
    assert fans and all(fan.planned == 1 for fan in fans)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, shift, start + QPoint(36, 12))
