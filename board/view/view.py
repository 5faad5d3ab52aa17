"""The board's view: zoom about the cursor, pan, fit the table, rubber-band selection."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from board.view.backdrop import Backdrop
from board.view.context_menu import building_menu
from board.view.items.legibility import Legibility
from board.view.layout import SceneLayout
from board.view.scene import BoardScene

__all__ = ["BoardView", "ZOOM_STEP", "MIN_SCALE", "MAX_SCALE"]

#: Zoom factor per wheel notch or zoom action.
ZOOM_STEP = 1.25
#: Pixels per inch at the furthest and nearest zoom.
MIN_SCALE, MAX_SCALE = 2.0, 400.0
#: Degrees a model turns per Ctrl+wheel notch.
WHEEL_ROTATE_STEP = 5.0


class BoardView(QGraphicsView):
    """A view of a :class:`BoardScene`.

    Wheel zooms around the cursor; Ctrl+wheel turns the selected models; the middle button
    or Space+left drag pans; dragging on empty table draws a rubber band.

    Signals
    -------
    cursor_moved(QPointF)
        The cursor's position on the table, inches.
    zoom_changed(float)
        The new scale, pixels per inch.
    """

    cursor_moved = Signal(QPointF)
    zoom_changed = Signal(float)

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        # Qt's BSP index of where each item is found every item again from its leaves on a
        # repaint of the whole table (1,400 items, each in several leaves: 15 % of the
        # repaint) and is rebuilt round the models a drag moves; a plain list of the items,
        # tested by their boxes in C++, finds the same items sooner.
        scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        # Qt saved and restored the painter round each of 1,400 items (a tenth of a repaint of
        # the whole table). Every item that paints on the view's painter sets its pen and brush
        # before it draws, turns antialiasing back on when it turned it off, and restores what
        # else it changes (transform, font, clip); the cached ones paint on their own painter.
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setRubberBandSelectionMode(Qt.ItemSelectionMode.IntersectsItemShape)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setMouseTracking(True)
        self._pan_from: QPoint | None = None
        self._space_held = False
        #: While models are dragged, the rest of the board drawn from one picture.
        self.backdrop = Backdrop(self)
        scene.drag_moved.connect(self.backdrop.on_drag_moved)
        #: Where every label goes on this view's page (:mod:`board.view.layout`): settled
        #: before each paint, and before an export renders the view (:meth:`settle_layout`).
        self.label_layout = SceneLayout(scene)
        #: Zoomed out, the less important labels shorten or hide rather than overlap.
        self.legibility = Legibility(self, self.label_layout)
        self.zoom_changed.connect(self.legibility.on_zoom_changed)
        scene.document.changed.connect(self._on_document_changed)

    def board_scene(self) -> BoardScene:
        """Return the scene shown."""
        scene = self.scene()
        assert isinstance(scene, BoardScene)
        return scene

    @property
    def scale_factor(self) -> float:
        """Pixels per inch."""
        return self.transform().m11()

    # -- zoom ---------------------------------------------------------------------------------
    def zoom_by(self, factor: float, anchor: QPoint | None = None) -> None:
        """Zoom by ``factor`` keeping the table point under ``anchor`` (viewport pixels) still.

        Without an anchor the view's centre stays still. The scale stays between
        :data:`MIN_SCALE` and :data:`MAX_SCALE` pixels per inch.
        """
        target = min(MAX_SCALE, max(MIN_SCALE, self.scale_factor * factor))
        factor = target / self.scale_factor
        if abs(factor - 1.0) < 1e-9:
            return
        at = anchor if anchor is not None else self.viewport().rect().center()
        before = self.mapToScene(at)
        with self.backdrop.held():  # a picture of the board at another zoom: none until done
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
            self.scale(factor, factor)
            self._keep_point(before, at)
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.zoom_changed.emit(self.scale_factor)

    def _keep_point(self, scene_point: QPointF, at: QPoint) -> None:
        # The scroll bars decide what is on screen: move them so the point is back under `at`.
        drift = self.mapFromScene(scene_point) - at
        bars = (self.horizontalScrollBar(), self.verticalScrollBar())
        bars[0].setValue(bars[0].value() + drift.x())
        bars[1].setValue(bars[1].value() + drift.y())

    def zoom_in(self) -> None:
        """Zoom in one step about the view's centre."""
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        """Zoom out one step about the view's centre."""
        self.zoom_by(1.0 / ZOOM_STEP)

    def fit_table(self) -> None:
        """Show the whole table."""
        rect = self.board_scene().table_rect().adjusted(-1.0, -1.0, 1.0, 1.0)
        with self.backdrop.held():
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self.zoom_changed.emit(self.scale_factor)

    def _on_document_changed(self, event: object) -> None:
        """A whole new board in a shown view is laid out at once, before its first paint."""
        if getattr(event, "replaced", False) and self.isVisible():
            self.settle_layout()

    def settle_layout(self) -> None:
        """Lay every label out for the page shown now (an export renders it after this).

        First what the labels hang on: the buildings' badges and name spots judged at the
        zoom shown (if it changed), which selected model names its unit (if the selection
        changed); then the layout of every label for this view's page.
        """
        scene = self.board_scene()
        scene.place_building_labels_if_due()
        scene.name_units_if_due()
        self.label_layout.settle(self)

    # -- Qt overrides ---------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802, D102
        self.settle_layout()  # items only draw: what they draw is laid out first
        super().paintEvent(event)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802, D102
        if not self.backdrop.draw(painter):
            super().drawBackground(painter, rect)

    def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802, D102
        self.backdrop.stop()  # the picture shows what was on screen before
        super().scrollContentsBy(dx, dy)
        # Qt moves the pixels and paints only the strip scrolled in; the labels are laid out
        # for the new page before that paint, and an item whose labels moved repaints them.

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: D102
        notches = event.angleDelta().y() / 120.0
        if not notches:
            return
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            if self.board_scene().rotate_selected(WHEEL_ROTATE_STEP * notches):
                event.accept()
                return
        self.zoom_by(ZOOM_STEP**notches, event.position().toPoint())
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: D102
        panning = event.button() == Qt.MouseButton.MiddleButton or (
            self._space_held and event.button() == Qt.MouseButton.LeftButton
        )
        if panning:
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: D102
        self.cursor_moved.emit(self.mapToScene(event.position().toPoint()))
        if self._pan_from is not None:
            now = event.position().toPoint()
            delta = now - self._pan_from
            self._pan_from = now
            bars = (self.horizontalScrollBar(), self.verticalScrollBar())
            bars[0].setValue(bars[0].value() - delta.x())
            bars[1].setValue(bars[1].value() - delta.y())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: D102
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: D102
        piece_id = self.board_scene().piece_at(self.mapToScene(event.pos()), self.transform())
        if piece_id is None:
            super().contextMenuEvent(event)
            return
        scene = self.board_scene()
        sheet = scene.datasheets.get(scene.document.scenario.piece(piece_id).datasheet)
        name = sheet.name if sheet is not None else "the building"  # its name, never its id
        menu = building_menu(scene.document, scene.undo_stack, piece_id, self, name)
        menu.exec(event.globalPos())
        menu.deleteLater()  # one menu per right-click: not kept (nor left the active window)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: D102
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if event.key() == Qt.Key.Key_Escape:
            self.board_scene().escape()
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # noqa: D102
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = False
            self.viewport().unsetCursor()
            event.accept()
            return
        super().keyReleaseEvent(event)
