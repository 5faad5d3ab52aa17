"""The line of sight drawn moved during a drag from arrays gives the picture of the slow path.

Between readings a drag draws the last reading moved with its models. It used to make every
ray anew (:func:`moved_reading`) and then every line (:func:`sight_sketch`); now the rays are
kept as arrays (:class:`board.view.sight.rays.RayLines`) and drawn in batches. The lines and
labels must be the same, to the last bit, for rays to models and to a building's facings.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.targets import PieceTarget, UnitTarget
from board.view.measure.overlay_item import Sketch
from board.view.sight.overlay import _Preview, moved_reading, sight_sketch


def _picture(sketch: Sketch) -> tuple[list[tuple[float, ...]], list[tuple[object, ...]]]:
    lines = [(line.x1(), line.y1(), line.x2(), line.y2(), colour.rgba())
             for line, colour in sketch.segments()]
    labels = [(label.at.x(), label.at.y(), label.text, label.colour.rgba(), label.dy)
              for label in sketch.labels]
    return lines, labels


@pytest.mark.parametrize("target", [UnitTarget("blue-guard"), "first piece"])
def test_the_moved_picture_equals_the_moved_reading_drawn(window, target):
    scenario = window.document.scenario
    if target == "first piece":
        target = PieceTarget(scenario.terrain[0].id)
    sight = window.shooting.sight
    sight.set(Shooter(ShooterKind.UNIT, "red-tac"), target)
    reading = sight.reading
    assert reading is not None and reading.rays
    stood = {m.id: (m.x, m.y) for u in scenario.units if u.id in ("red-tac", "blue-guard")
             for m in u.models}
    owners = {(m.x, m.y): m.id for m in scenario.unit("red-tac").models}
    eye_owner = {eye: owners.get(eye, "") for eye in reading.eyes}
    unit_of = sight._unit_of()  # noqa: SLF001 - one verdict per target unit
    preview = _Preview(reading, window.scene.world(), stood, eye_owner, 0.0, unit_of=unit_of)
    centres = {m.model_id: (1.5 * k, 2.0) for k, m in enumerate(reading.models)}
    for moved in ({"r0": (1.0, -2.0), "b1": (0.5, 0.25)}, {m: (0.3, 0.1) for m in stood}, {}):
        slow = sight_sketch(moved_reading(reading, eye_owner, moved), centres, unit_of)
        assert _picture(preview.sketch(moved, centres)) == _picture(slow)
    if isinstance(target, PieceTarget):
        assert reading.facings and not reading.models


def test_a_drag_between_readings_draws_the_slow_paths_picture(window):
    sight = window.shooting.sight
    sight.set(Shooter(ShooterKind.UNIT, "red-tac"), UnitTarget("blue-guard"))
    view, viewport = window.view, window.view.viewport()
    r0 = window.document.scenario.model("r0")[1]
    start = view.mapFromScene(QPointF(r0.x, r0.y))
    shift = Qt.KeyboardModifier.ShiftModifier
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, shift, start)
    QTest.mouseMove(viewport, start + QPoint(20, 0))
    sight.item.sketch()  # the first paint of the drag reads
    last = sight._preview
    assert last is not None
    QTest.mouseMove(viewport, start + QPoint(45, 8))
    sketch = sight.item.sketch()  # soon after: the last reading drawn moved
    assert sight._preview is last
    moved = {}
    for model_id, (x, y) in last.stood.items():
        at = window.scene.model_item(model_id).pos()
        if (at.x(), at.y()) != (x, y):
            moved[model_id] = (at.x() - x, at.y() - y)
    assert moved  # the shooters moved
    centres = {model_id: (x + moved.get(model_id, (0.0, 0.0))[0],
                          y + moved.get(model_id, (0.0, 0.0))[1])
               for model_id, (x, y) in last.centres.items()}
    slow = sight_sketch(moved_reading(last.reading, last.eye_owner, moved), centres,
                        sight._unit_of())  # noqa: SLF001
    assert _picture(sketch) == _picture(slow)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, shift, start + QPoint(45, 8))


def test_each_reading_of_a_drag_is_drawn_at_once_as_sight_sketch_draws_it(window):
    # A reading taken during a drag (its first paint, then every PREVIEW_EVERY_S) is drawn
    # from the arrays kept with it, made then and there, not at the next move: the picture is
    # the plain one of that reading, and the reading stays live at its rate.
    from board.view.sight.overlay import PREVIEW_EVERY_S, _centres

    sight = window.shooting.sight
    sight.set(Shooter(ShooterKind.UNIT, "red-tac"), UnitTarget("blue-guard"))
    now = [50.0]
    sight.clock = lambda: now[0]
    view, viewport = window.view, window.view.viewport()
    r0 = window.document.scenario.model("r0")[1]
    start = view.mapFromScene(QPointF(r0.x, r0.y))
    shift = Qt.KeyboardModifier.ShiftModifier
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, shift, start)
    readings = []
    for k, step in enumerate((20, 35, 50)):
        QTest.mouseMove(viewport, start + QPoint(step, k))
        sketch = sight.item.sketch()
        last = sight._preview
        assert last is not None and last.at == now[0]  # read at this move
        assert last.rays is not None  # its arrays made with it
        readings.append(last)
        slow = sight_sketch(last.reading, _centres(last.reading, last.world),
                            sight._unit_of())  # noqa: SLF001
        assert _picture(sketch) == _picture(slow)
        now[0] += PREVIEW_EVERY_S  # the next move comes when the next reading is due
    assert len({id(r) for r in readings}) == 3
    assert len({r.reading.eyes for r in readings}) == 3  # each where the shooters then stood
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, shift, start + QPoint(50, 2))


def test_rays_moved_by_models_they_do_not_belong_to_stay_where_they_are(window):
    from board.view.sight.overlay import BLOCKED, CLEAR, PARTLY
    from board.view.sight.rays import RayLines

    sight = window.shooting.sight
    sight.set(Shooter(ShooterKind.UNIT, "red-tac"), UnitTarget("blue-guard"))
    reading = sight.reading
    assert reading is not None and reading.rays
    lines = RayLines(reading, {}, ["r0"], CLEAR, BLOCKED, PARTLY)
    still = [(b.colour.rgba(), b.ends.tolist()) for b in lines.batches({})]
    assert sum(len(ends) for _, ends in still) == len(reading.rays)
    elsewhere = [(b.colour.rgba(), b.ends.tolist()) for b in lines.batches({"nobody": (1.0, 1.0)})]
    assert elsewhere == still
    from board.game.sight import SightReading

    empty = RayLines(SightReading("a", "b", (), (), (), ()), {}, ["r0"], CLEAR, BLOCKED)
    assert empty.batches({"r0": (1.0, 0.0)}) == []
