"""The Ruler and "Is it within N?" tools: mouse presses become targets, the layer measures.

Both draw through an :class:`OverlayItem` that measures when it is painted, so a burst of
mouse moves costs one measurement per frame. What a press picks is what the board shows
under the mouse: a model (with Shift its whole unit), a building, or the bare point.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QGraphicsSceneMouseEvent

from board.game.core.targets import (
    ModelTarget,
    PieceTarget,
    PointTarget,
    Target,
    TargetError,
    UnitTarget,
)
from board.game.measuring.annotations import ruler_annotation, within_annotation
from board.game.measuring.measure import RulerReading, WithinReading
from board.view.items import BuildingItem, LabelItem, ModelItem
from board.view.measure.overlay_item import OverlayItem, Sketch
from board.view.measure.pictures import ruler_picture, within_picture
from board.view.tools import Tool, board_item_at
from geometry import Circle, Shape

if TYPE_CHECKING:
    from board.view.measure.layer import MeasureLayer

__all__ = ["target_under", "RulerTool", "WithinTool"]

Shift = Qt.KeyboardModifier.ShiftModifier
Control = Qt.KeyboardModifier.ControlModifier


def target_under(layer: MeasureLayer, event: QGraphicsSceneMouseEvent) -> Target:
    """What the press or move of ``event`` points at (Shift: a model's whole unit).

    Name labels do not count: a selected unit's label can hang far over the table.
    """
    under = [i for i in layer.scene.items_under(event) if not isinstance(i, LabelItem)]
    item = board_item_at(under)
    if isinstance(item, ModelItem):
        if event.modifiers() & Shift:
            return UnitTarget(layer.world().models[item.model_id].unit_id)
        return ModelTarget(item.model_id)
    if isinstance(item, BuildingItem) and item.piece_id in layer.world().pieces:
        return PieceTarget(item.piece_id)
    at = event.scenePos()
    return PointTarget(round(at.x(), 3), round(at.y(), 3))


def _bounds(shape: Shape) -> QRectF:
    if isinstance(shape, Circle):
        r = shape.radius
        return QRectF(shape.x - r, shape.y - r, 2 * r, 2 * r)
    x0, y0, x1, y1 = shape.bounds
    return QRectF(x0, y0, x1 - x0, y1 - y0)


def _target_rect(layer: MeasureLayer, target: Target) -> QRectF:
    rect = QRectF()
    try:
        for _, shape in layer.parts(target):
            rect = rect.united(_bounds(shape))
    except (TargetError, KeyError, ValueError):
        pass
    if isinstance(target, PointTarget):
        rect = QRectF(target.x - 0.5, target.y - 0.5, 1.0, 1.0)
    return rect


class _MeasureTool(Tool):
    """What both tools share: an overlay, re-measured when the document or settings change."""

    def __init__(self, layer: MeasureLayer) -> None:
        super().__init__(layer.scene)
        self.layer = layer
        self.item = OverlayItem(self._compute, self._estimate, 40.0)
        self.error = ""

    def start(self) -> None:  # noqa: D102 - documented on Tool
        self.scene.addItem(self.item)
        self.layer.changed.connect(self.item.mark_dirty)
        self.item.mark_dirty()
        for view in self.scene.views():
            view.viewport().setCursor(Qt.CursorShape.CrossCursor)
        self.layer.readout_changed.emit(self.prompt())

    def finish(self) -> None:  # noqa: D102
        self.layer.changed.disconnect(self.item.mark_dirty)
        self.scene.removeItem(self.item)
        for view in self.scene.views():
            view.viewport().unsetCursor()
        self.layer.readout_changed.emit("")

    def prompt(self) -> str:
        """What to do next, in words."""
        return ""

    def _estimate(self) -> QRectF:
        return QRectF()

    def _compute(self) -> Sketch | None:
        return None

    def _measured(self, lines: list[str]) -> None:
        self.error = ""
        self.layer.readout_changed.emit("\n".join(lines))

    def _refused(self, error: Exception) -> None:
        self.error = str(error.args[0]) if isinstance(error, KeyError) else str(error)
        self.layer.readout_changed.emit(f"cannot measure: {self.error}")


class RulerTool(_MeasureTool):
    """Drag from a model, unit (Shift), building or point to another to read the distance.

    The line joins the two closest points (or the centres, with the layer's centre-to-centre
    setting); the distance is written on it while dragging and stays until the next drag.
    """

    def __init__(self, layer: MeasureLayer) -> None:
        super().__init__(layer)
        self.first: Target | None = None
        self.second: Target | None = None
        self._dragging = False
        self._reading: RulerReading | None = None

    @property
    def reading(self) -> RulerReading | None:
        """The ruler as it reads now (``None`` before the first drag or when it cannot read)."""
        self.item.sketch()
        return self._reading

    def prompt(self) -> str:  # noqa: D102 - documented on _MeasureTool
        return "Ruler: drag from a model (Shift: its unit), a building or a point to another"

    def cancel(self) -> None:  # noqa: D102 - documented on Tool
        self.first = self.second = None
        self._dragging = False
        self.item.mark_dirty()

    def mouse_press_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.first = target_under(self.layer, event)
        at = event.scenePos()
        self.second = PointTarget(round(at.x(), 3), round(at.y(), 3))
        self._dragging = True
        self.item.mark_dirty()
        return True

    def mouse_move_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if not self._dragging:
            return False
        self.second = target_under(self.layer, event)
        self.item.mark_dirty()
        return True

    def mouse_release_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if not self._dragging or event.button() != Qt.MouseButton.LeftButton:
            return False
        self.second = target_under(self.layer, event)
        self._dragging = False
        self.item.mark_dirty()
        return True

    def keep(self) -> bool:
        """Keep the ruler on the board as an annotation (one undo step); False if none."""
        if self.first is None or self.second is None or self.reading is None:
            return False
        annotation = ruler_annotation(self.layer.new_id("ruler"), self.first, self.second,
                                      self.layer.centre_to_centre)
        self.layer.keep(annotation, f"Keep ruler {self.reading.text}")
        return True

    def _estimate(self) -> QRectF:
        if self.first is None or self.second is None:
            return QRectF()
        rect = _target_rect(self.layer, self.first).united(_target_rect(self.layer, self.second))
        return self.layer.pad(rect)

    def _compute(self) -> Sketch | None:
        self._reading = None
        if self.first is None or self.second is None:
            return None
        try:
            reading, sketch = ruler_picture(self.layer.world(), self.first, self.second,
                                            self.layer.centre_to_centre, self.layer.zones,
                                            namer=self.layer.namer())
        except (TargetError, KeyError, ValueError) as error:
            self._refused(error)
            return None
        self._reading = reading
        how = "centre to centre" if reading.centre_to_centre else "closest points"
        self._measured([f"Ruler: {reading.text} ({how})",
                        f"from {reading.start_name} to {reading.end_name}"])
        return sketch


class WithinTool(_MeasureTool):
    """Is the unit within N of a target? Click a model of the unit, then the target.

    Ctrl+click a model to check its unit instead. The unit may also be chosen by selecting
    it before starting; the target may be a zone
    (:meth:`set_target`). Each model is drawn green (wholly within), amber (within) or red
    (not, with by how much); the distance is the layer's.
    """

    def __init__(self, layer: MeasureLayer) -> None:
        super().__init__(layer)
        self.unit_id: str | None = None
        self.target: Target | None = None
        self._reading: WithinReading | None = None
        self.lines: list[str] = []

    @property
    def reading(self) -> WithinReading | None:
        """The verdict as it stands now (``None`` until a unit and a target are chosen)."""
        self.item.sketch()
        return self._reading

    def start(self) -> None:  # noqa: D102 - documented on Tool
        chosen = {self.layer.world().models[m].unit_id for m in self.scene.selected_model_ids()
                  if m in self.layer.world().models}
        if len(chosen) == 1 and self.unit_id is None:
            self.unit_id = chosen.pop()
        super().start()

    def prompt(self) -> str:  # noqa: D102 - documented on _MeasureTool
        if self.unit_id is None:
            return "Within: click a model of the unit to check"
        name = self.layer.namer().unit(self.unit_id)
        return (f"Within: {name}; now click the target: a model (Shift: its unit), "
                "a building or a point, or choose a zone")

    def cancel(self) -> None:  # noqa: D102 - documented on Tool
        self.target = None
        self.item.mark_dirty()
        self.layer.readout_changed.emit(self.prompt())

    def set_unit(self, unit_id: str) -> None:
        """Check the unit ``unit_id``."""
        self.unit_id = unit_id
        self.item.mark_dirty()
        self.layer.readout_changed.emit(self.prompt())

    def set_target(self, target: Target) -> None:
        """Check against ``target`` (a zone chosen from a list, say)."""
        self.target = target
        self.item.mark_dirty()

    def mouse_press_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        picked = target_under(self.layer, event)
        choose_unit = self.unit_id is None or event.modifiers() & Control
        if not choose_unit:
            self.set_target(picked)
        elif isinstance(picked, ModelTarget):
            self.target = None
            self.set_unit(self.layer.world().models[picked.model_id].unit_id)
        return True

    def mouse_release_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        return event.button() == Qt.MouseButton.LeftButton

    def keep(self) -> bool:
        """Keep the question on the board as an annotation (one undo step); False if none."""
        if self.unit_id is None or self.target is None or self.reading is None:
            return False
        annotation = within_annotation(self.layer.new_id("within"), self.unit_id, self.target,
                                       self.layer.reach_value, self.layer.unit)
        self.layer.keep(annotation, f"Keep within {self._reading_text()}")
        return True

    def _reading_text(self) -> str:
        reading = self.reading
        assert reading is not None and self.target is not None
        return f"{reading.reach_text} of {reading.target}"

    def _estimate(self) -> QRectF:
        if self.unit_id is None or self.target is None:
            return QRectF()
        rect = _target_rect(self.layer, UnitTarget(self.unit_id))
        rect = rect.united(_target_rect(self.layer, self.target))
        reach = self.layer.reach
        return self.layer.pad(rect.adjusted(-reach, -reach, reach, reach))

    def _compute(self) -> Sketch | None:
        self._reading, self.lines = None, []
        if self.unit_id is None or self.target is None:
            return None
        try:
            reading, sketch = within_picture(self.layer.world(), self.unit_id, self.target,
                                             self.layer.reach, self.layer.zones,
                                             namer=self.layer.namer())
        except (TargetError, KeyError, ValueError) as error:
            self._refused(error)
            return None
        self._reading = reading
        self.lines = [sketch.labels[-1].text if sketch.labels else reading.verdict,
                      *(reading.explain(m) for m in reading.models)]
        self._measured(self.lines)
        return sketch

