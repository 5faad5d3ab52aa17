"""The other player's drag, live: their dragged models follow their mouse on this board.

A drag becomes an edit only on release (one undo step, one Yjs transaction). While it goes
on, the dragging board's presence carries where the dragged models are now
(``drag``: model id → ``[x, y]``, sent on every mouse move), and :class:`LiveDrags` moves those
models' items on this board, as the dragging board's own preview moves its items: the
document does not change, nothing is judged, nothing is logged. When the drag ends the
release's edit moves the items to the released place through the document; whatever the
drag showed that no edit confirms (a cancelled drag, a drop into a building, a refused move)
is put back where the document has it after :data:`SETTLE_MS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from shiboken6 import isValid

if TYPE_CHECKING:  # the network stack is loaded with the first shared game, not here
    from board.shared.binder import SharedScenario
    from board.view.scene import BoardScene

__all__ = ["LiveDrags", "SETTLE_MS"]

#: After the other player's drag ends, how long (ms) its items may wait for the release's edit
#: before they are put back where the document has them (it normally comes first).
SETTLE_MS = 1000


class LiveDrags(QObject):
    """The items of other players' drags in progress (see the module)."""

    def __init__(self, scene: BoardScene, board: Callable[[], SharedScenario | None]) -> None:
        super().__init__(scene)
        self.scene = scene
        self._board = board
        #: Client id → the models its drag shows on this board now.
        self.shown: dict[int, set[str]] = {}

    def show(self, client_id: int, drag: object, mover: str | None = None) -> None:
        """Show ``client_id``'s drag (its presence's ``drag``); ``None`` or empty: it ended.

        ``mover``: the side the sender's seat plays (``""``: an onlooker, whose drag shows
        nothing); only that side's models follow (see ``SharedScenario.live_moves``).
        """
        board = self._board()
        if board is None or mover == "":
            moves = {}
        else:
            moves = board.live_moves(drag) if mover is None else board.live_moves(drag, mover)
        before = self.shown.get(client_id, set())
        if moves:
            self.shown[client_id] = set(moves)
        else:
            self.shown.pop(client_id, None)
        self.scene.shows_live_drag = bool(self.shown)
        moved = False
        for model_id, (x, y) in moves.items():
            try:
                item = self.scene.model_item(model_id)  # not a copy of every item per move
            except KeyError:
                continue
            if (item.x(), item.y()) != (x, y):
                item.setPos(x, y)
                moved = True
        if moved:
            self.scene.moved_live.emit()
        left = before - set(moves)
        if left:
            QTimer.singleShot(SETTLE_MS, lambda: self.settle(left))

    def forget(self, client_id: int) -> None:
        """The player left: put back what their drag showed (after :data:`SETTLE_MS`)."""
        left = self.shown.pop(client_id, set())
        self.scene.shows_live_drag = bool(self.shown)
        if left:
            QTimer.singleShot(SETTLE_MS, lambda: self.settle(left))

    def settle(self, model_ids: set[str]) -> None:
        """Put the items of ``model_ids`` no drag shows any more where the document has them."""
        if not isValid(self.scene):
            return
        showing = set().union(*self.shown.values()) if self.shown else set()
        items = self.scene.model_items()
        scenario = self.scene.document.scenario
        moved = False
        for unit in scenario.units:
            if not unit.on_table:
                continue
            for model in unit.models:
                if model.id in model_ids and model.id not in showing and model.id in items:
                    item = items[model.id]
                    if (item.x(), item.y()) != (model.x, model.y):
                        item.setPos(model.x, model.y)
                        moved = True
        if moved:
            self.scene.moved_live.emit()

    def clear(self) -> None:
        """Leaving the game: put every shown item back now."""
        shown = set().union(*self.shown.values()) if self.shown else set()
        self.shown.clear()
        self.scene.shows_live_drag = False
        self.settle(shown)
