"""The Ruler and "Is it within N?" tools: mouse presses become targets, the layer measures.

Both draw through an :class:`OverlayItem` that measures when it is painted, so a burst of
mouse moves costs one measurement per frame. What a press picks is what the board shows
under the mouse (:func:`target_under`): a model, a building's access point, fire point or
emplaced weapon (within :data:`PICK_PX` pixels of it), the building, or the bare point; with
Shift the wider thing (a model's unit, a Void Shield Generator's 12" zone). Labels never
count. Hovering shows what a click would measure to: it is outlined and named.
"""

from __future__ import annotations

from dataclasses import replace
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
from board.game.kit import Circle, Shape
from board.game.measuring.annotations import ruler_annotation, within_annotation
from board.game.measuring.pick import feature_at, widen
from board.game.measuring.ruler import RulerReading
from board.game.measuring.within import WithinReading
from board.game.reports.report import Finding
from board.view.items import BuildingItem, LabelItem, ModelItem
from board.view.measure.overlay_item import OverlayItem
from board.view.measure.pictures import ruler_picture, within_picture
from board.view.measure.sketch import Sketch
from board.view.measure.sketches import hover_sketch
from board.view.tools import ClickOrDrag, Tool, board_item_at

if TYPE_CHECKING:
    from board.view.measure.layer import MeasureLayer

__all__ = ["target_under", "RulerTool", "WithinTool", "PICK_PX"]

Shift = Qt.KeyboardModifier.ShiftModifier
Control = Qt.KeyboardModifier.ControlModifier

#: How near (screen pixels) the pointer must be to a door, fire point or weapon to pick it:
#: about the size of their symbols.
PICK_PX = 10.0


def target_under(layer: MeasureLayer, event: QGraphicsSceneMouseEvent) -> Target:
    """What the press or move of ``event`` points at.

    A model; else an access point, fire point or weapon mount within :data:`PICK_PX`; else a
    building; else the bare point. Shift widens it (:func:`board.game.measuring.pick.widen`:
    a model's unit, a generator's void-shield zone). Labels do not count: a name label can hang far
    over the table, and what is under it is what the player sees through it.
    """
    under = [i for i in layer.scene.items_under(event) if not isinstance(i, LabelItem)]
    item = board_item_at(under)
    world = layer.world()
    at = event.scenePos()
    picked: Target
    if isinstance(item, ModelItem) and item.model_id in world.models:
        picked = ModelTarget(item.model_id)
    else:
        feature = feature_at(world, at.x(), at.y(), layer.pixels(PICK_PX))
        if feature is not None:
            return feature
        if isinstance(item, BuildingItem) and item.piece_id in world.pieces:
            picked = PieceTarget(item.piece_id)
        else:
            return PointTarget(round(at.x(), 3), round(at.y(), 3))
    return widen(world, picked) if event.modifiers() & Shift else picked


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
        self.item = OverlayItem(self._compute, self._estimate, 40.0, note=self.summary_note)
        self.item.lines_clear_of_labels = True  # a line never crosses a label's text
        self.error = ""
        #: What a click would measure to now (outlined and named on the board).
        self.hover: Target | None = None

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

    def summary_note(self) -> Finding | None:
        """What the tool's reading says, for an export (``None`` before it reads)."""
        return None

    def hover_at(self, event: QGraphicsSceneMouseEvent) -> None:
        """Outline and name what a click at ``event`` would measure to."""
        picked = target_under(self.layer, event)
        if picked != self.hover:
            self.hover = picked
            self.item.mark_dirty()
            self.layer.hover_changed.emit(self.layer.namer().target(picked))

    def _estimate(self) -> QRectF:
        return QRectF()

    def _hover_rect(self) -> QRectF:
        if self.hover is None or isinstance(self.hover, PointTarget):
            return QRectF()
        return self.layer.pad(_target_rect(self.layer, self.hover))

    def _with_hover(self, sketch: Sketch | None) -> Sketch | None:
        """``sketch`` with the hovered target outlined and named over it."""
        if self.hover is None or isinstance(self.hover, PointTarget):
            return sketch
        try:
            parts = self.layer.parts(self.hover)
        except (TargetError, KeyError, ValueError):
            return sketch
        name = self.layer.namer().target(self.hover)
        extra = hover_sketch([s for _, s in parts], name, self.layer.pixels(PICK_PX))
        if sketch is None:
            return extra
        sketch.areas += extra.areas
        sketch.labels += extra.labels
        return sketch

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
        self.hover_at(event)
        if not self._dragging:
            return True
        self.second = target_under(self.layer, event)
        self.item.mark_dirty()
        return True

    def summary_note(self) -> Finding | None:  # noqa: D102 - documented on _MeasureTool
        reading = self.reading
        if reading is None:
            return None
        how = "centre to centre" if reading.centre_to_centre else "closest points"
        models = tuple(p for p in (reading.start_part, reading.end_part)
                       if p in self.layer.world().models)
        return Finding(f"Ruler: {reading.text} from {reading.start_name} to "
                       f"{reading.end_name} ({how})", models=models)

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
            return self._hover_rect()
        rect = _target_rect(self.layer, self.first).united(_target_rect(self.layer, self.second))
        return self.layer.pad(rect).united(self._hover_rect())

    def _compute(self) -> Sketch | None:
        return self._with_hover(self._measure())

    def _measure(self) -> Sketch | None:
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

    The verdict is read when what it depends on changes (the unit, the target, the distance,
    the document: :meth:`_read_again`), never when the board paints: the item draws the
    picture made then, and the dock's readout is said then.
    """

    def __init__(self, layer: MeasureLayer) -> None:
        super().__init__(layer)
        self.unit_id: str | None = None
        self.target: Target | None = None
        self._reading: WithinReading | None = None
        self._picture: Sketch | None = None
        self.lines: list[str] = []
        self._gesture = ClickOrDrag(self.scene)  # a drag moves a model, a click picks

    @property
    def reading(self) -> WithinReading | None:
        """The verdict as it stands now (``None`` until a unit and a target are chosen)."""
        return self._reading

    def start(self) -> None:  # noqa: D102 - documented on Tool
        chosen = {self.layer.world().models[m].unit_id for m in self.scene.selected_model_ids()
                  if m in self.layer.world().models}
        if len(chosen) == 1 and self.unit_id is None:
            self.unit_id = chosen.pop()
        self.layer.changed.connect(self._read_again)
        super().start()
        self._read_again()

    def finish(self) -> None:  # noqa: D102 - documented on Tool
        self.layer.changed.disconnect(self._read_again)
        super().finish()

    def prompt(self) -> str:  # noqa: D102 - documented on _MeasureTool
        if self.unit_id is None:
            return "Within: click a model of the unit to check"
        name = self.layer.namer().unit(self.unit_id)
        return (f"Within: {name}; now click the target: a model (Shift: its unit), "
                "a building or a point, or choose a zone")

    def cancel(self) -> None:  # noqa: D102 - documented on Tool
        self._gesture.cancel()
        self.target = None
        self._read_again()
        self.layer.readout_changed.emit(self.prompt())

    def set_unit(self, unit_id: str) -> None:
        """Check the unit ``unit_id``."""
        self.unit_id = unit_id
        self._read_again()
        if self._reading is None:
            self.layer.readout_changed.emit(self.prompt())

    def set_target(self, target: Target) -> None:
        """Check against ``target`` (a zone chosen from a list, say)."""
        self.target = target
        self._read_again()

    def mouse_press_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self._gesture.press(event)
        return True

    def mouse_move_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        self.hover_at(event)
        self._gesture.move(event)
        return True

    def mouse_release_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if self._gesture.release(event):
            self._pick(event)
        return True

    def _pick(self, event: QGraphicsSceneMouseEvent) -> None:
        picked = target_under(self.layer, event)
        choose_unit = self.unit_id is None or event.modifiers() & Control
        if not choose_unit:
            self.set_target(picked)
        elif isinstance(picked, ModelTarget):
            if self.unit_id is not None:  # another unit (Ctrl): ask afresh
                self.target = None
            # a target chosen in the dock before the unit stays the target
            self.set_unit(self.layer.world().models[picked.model_id].unit_id)

    def summary_note(self) -> Finding | None:  # noqa: D102 - documented on _MeasureTool
        reading = self.reading
        if reading is None:
            return None
        return Finding(f"Within: {reading.headline}",
                       tuple(reading.explain(m) for m in reading.models),
                       tuple(m.model_id for m in reading.models))

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
            return self._hover_rect()
        rect = _target_rect(self.layer, UnitTarget(self.unit_id))
        rect = rect.united(_target_rect(self.layer, self.target))
        reach = self.layer.reach
        return self.layer.pad(rect.adjusted(-reach, -reach, reach, reach)).united(
            self._hover_rect())

    def _compute(self) -> Sketch | None:
        """The picture made when the verdict was read, and what a click would pick."""
        picture = self._picture
        if picture is not None:  # a copy: the hover's outline is added to it, not kept
            picture = replace(picture, areas=list(picture.areas), labels=list(picture.labels))
        return self._with_hover(picture)

    def _read_again(self) -> None:
        """Read the verdict and make its picture (the unit, target, distance or board moved)."""
        self._picture = self._measure()
        self.item.mark_dirty()

    def _measure(self) -> Sketch | None:
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
        self.lines = [reading.headline, *(reading.explain(m) for m in reading.models)]
        self._measured(self.lines)
        return sketch

