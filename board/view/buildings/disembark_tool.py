"""The disembark tool: the zone drawn, the unit's models placed by dragging, checked live.

The tool turns the mouse into positions; the pure functions of
:mod:`board.game.occupancy.disembarking` check them and build the change. Dragging a model moves it
alone; nothing in the document changes until :meth:`DisembarkTool.complete` succeeds (one
undo step). Escape (:meth:`cancel`) abandons and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsSceneMouseEvent

from board.game.core.names import Namer
from board.game.kit import Circle, Decision, PlacementVerdict, Shape
from board.game.occupancy.disembarking import (
    DisembarkPlan,
    check_positions,
    disembark_change,
    model_shapes,
)
from board.view.buildings.placement_item import PlacedModel, PlacementItem, PlacementPicture
from board.view.commands import ApplyChangeCommand
from board.view.convert import geometry_to_path
from board.view.tools import Tool

if TYPE_CHECKING:
    from board.view.scene import BoardScene

__all__ = ["DisembarkTool"]

XY = tuple[float, float]


def _base_path(shape: Shape) -> QPainterPath:
    if isinstance(shape, Circle):
        path = QPainterPath()
        path.addEllipse(QPointF(shape.x, shape.y), shape.radius, shape.radius)
        return path
    return geometry_to_path(shape)


def _why(verdict: PlacementVerdict) -> str:
    """What is wrong with a model, written beside it (so without its name)."""
    return "; ".join(text for _, text in verdict.problems)


class DisembarkTool(Tool):
    """Place a disembarking unit's models, then :meth:`complete` (Enter) or Escape.

    Drag a model to move it alone; Shift+drag moves them all, keeping their formation.

    Parameters
    ----------
    scene
        The board.
    plan
        The zone and first placement (:func:`board.game.occupancy.disembarking.plan_disembark`).
    report
        Called with each message for the player (a refusal with the models named, the result).
    finished
        Called when the tool stops, done or abandoned.
    """

    def __init__(self, scene: BoardScene, plan: DisembarkPlan,
                 report: Callable[[str], None] = lambda _: None,
                 finished: Callable[[], None] = lambda: None) -> None:
        super().__init__(scene)
        self.plan = plan
        self.positions: dict[str, XY] = dict(plan.start)
        self._report, self._finished = report, finished
        self._grabbed: str | None = None
        self._grab_offset = (0.0, 0.0)
        #: Shift+drag moves every model: where each stood when grabbed.
        self._group: dict[str, XY] = {}
        self._picture: PlacementPicture | None = None
        self._verdicts: tuple[PlacementVerdict, ...] | None = None
        self._zone = geometry_to_path(plan.zone)
        self._normal = geometry_to_path(plan.normal_zone) if plan.emergency else None
        self._parts = tuple(geometry_to_path(part) for part in plan.parts)
        self.item = PlacementItem(self.picture(), self._bounds(), self._zone, self._normal,
                                  self._parts)

    # -- what the player sees --------------------------------------------------------------
    def verdicts(self) -> tuple[PlacementVerdict, ...]:
        """Every model's verdict at its current position (computed once per change)."""
        if self._verdicts is None:
            scenario = self.scene.document.scenario
            self._verdicts = check_positions(scenario, self.scene.world(), self.plan,
                                             self.positions)
        return self._verdicts

    def picture(self) -> PlacementPicture:
        """What the overlay draws now (rebuilt at most once per change of the positions)."""
        if self._picture is None:
            scenario = self.scene.document.scenario
            shapes = dict(model_shapes(scenario, self.plan, self.positions))
            facings = {m.id: m.facing for u in self.plan.unit_ids
                       for m in scenario.unit(u).models}
            models = tuple(
                PlacedModel(v.model_id, _base_path(shapes[v.model_id]),
                            QPointF(*self.positions[v.model_id]),
                            "" if v.legal else _why(v), facings[v.model_id])
                for v in self.verdicts())
            self._picture = PlacementPicture(self._zone, self._normal, models)
        return self._picture

    def illegal(self) -> list[str]:
        """The ids of the models not placed legally."""
        return [v.model_id for v in self.verdicts() if not v.legal]

    # -- moving one model -----------------------------------------------------------------
    def move_model(self, model_id: str, x: float, y: float) -> None:
        """Put ``model_id`` at ``(x, y)`` (inches) and redraw."""
        if model_id not in self.positions:
            raise KeyError(f"model {model_id} is not disembarking")
        self._moved({model_id: (x, y)})

    def move_models(self, positions: dict[str, XY]) -> None:
        """Put several models at once (a Shift+drag of the whole unit) and redraw."""
        unknown = set(positions) - set(self.positions)
        if unknown:
            raise KeyError(f"models {sorted(unknown)} are not disembarking")
        self._moved(positions)

    def _moved(self, positions: dict[str, XY]) -> None:
        """Models moved: check them again; repaint where the models were and are now.

        A model's reason can change with any move (another model's base in the way), so all
        of them are repainted, not only those that moved; they are few.
        """
        was = self.item.models_area(self._picture) if self._picture is not None else None
        self.positions.update(positions)
        self._verdicts = self._picture = None
        now = self.item.models_area(self.picture())
        self.item.set_picture(self.picture())
        self.item.update(now if was is None else was.united(now))

    def model_at(self, at: QPointF) -> str | None:
        """The disembarking model whose base is under ``at``, topmost (last drawn) first."""
        scenario = self.scene.document.scenario
        for model_id, shape in reversed(model_shapes(scenario, self.plan, self.positions)):
            if _base_path(shape).contains(at):
                return model_id
        return None

    # -- the tool's life -------------------------------------------------------------------
    def start(self) -> None:
        """Draw the zone and give the board the keyboard: Enter completes, Escape abandons."""
        self.scene.addItem(self.item)
        for view in self.scene.views()[:1]:
            view.setFocus(Qt.FocusReason.OtherFocusReason)
        hatch = (" A unit out by the escape hatch (a model that only the hatch reaches) may not "
                 "charge this turn." if self.plan.escape_hatches else "")
        self._report(f"{self.plan.decision.reason}. Drag the models into the green zone "
                     f"(Shift+drag: all of them), then press Enter (Escape abandons).{hatch}")

    def prompt(self) -> str:  # noqa: D102 - documented on Tool
        return ("Disembark: drag the models into the green zone (Shift+drag: all of them), "
                "then press Enter (Escape abandons)")

    def finish(self) -> None:  # noqa: D102 - documented on Tool
        if self.item.scene() is not None:
            self.scene.removeItem(self.item)
        self._finished()

    def cancel(self) -> None:  # noqa: D102 - documented on Tool
        if self._grabbed is not None:
            self._grabbed = None
            return
        self._report("disembarkation abandoned: nothing changed")

    def complete(self) -> Decision:
        """Disembark as placed if every model is legal (one undo step); else say who is not."""
        scenario = self.scene.document.scenario
        decision, change = disembark_change(scenario, self.scene.datasheets, self.scene.world(),
                                            self.plan, self.positions)
        if change is None:
            self._report(decision.reason)
            return decision
        names = ", ".join(scenario.unit(u).name for u in self.plan.unit_ids)
        # The tool ends before the change lands: a tool still running when its unit has left
        # the building reads as abandoned (the dock once said so after every disembark).
        self.scene.set_tool(None)
        self.scene.undo_stack.push(ApplyChangeCommand(self.scene.document, change,
                                                      f"{names} disembark"))
        self._report(f"{names} disembarked: {decision.reason}")
        return decision

    # -- mouse ----------------------------------------------------------------------------
    def mouse_press_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        at = event.scenePos()
        self._grabbed = self.model_at(at)
        if self._grabbed is not None:
            x, y = self.positions[self._grabbed]
            self._grab_offset = (x - at.x(), y - at.y())
            whole = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self._group = dict(self.positions) if whole else {}
        return True

    def mouse_move_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if self._grabbed is None:
            return False
        at = event.scenePos()
        x, y = at.x() + self._grab_offset[0], at.y() + self._grab_offset[1]
        if not self._group:
            self.move_model(self._grabbed, x, y)
            return True
        start = self._group[self._grabbed]
        dx, dy = x - start[0], y - start[1]
        self.move_models({mid: (px + dx, py + dy) for mid, (px, py) in self._group.items()})
        return True

    def mouse_release_event(self, event: QGraphicsSceneMouseEvent) -> bool:  # noqa: D102
        if self._grabbed is None:
            return event.button() == Qt.MouseButton.LeftButton
        self.mouse_move_event(event)
        self._grabbed, self._group = None, {}
        bad = self.illegal()
        names = Namer.for_scenario(self.scene.document.scenario, None)
        count = f"{len(bad)} model{'s' if len(bad) != 1 else ''}"
        named = ", ".join(names.model(m) for m in bad)
        self._report(f"cannot disembark yet: {count} not placed legally ({named})"
                     if bad else "every model is placed legally: press Enter to disembark")
        return True

    def _bounds(self) -> QRectF:
        table = self.scene.table_rect()
        return table.united(self._zone.boundingRect())
