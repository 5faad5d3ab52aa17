"""The window's side of a shared game: host, join, leave; flush per undo step; presence.

:class:`RemoteController` owns the :class:`~board.shared.session.GameSession` of the window.
Remote updates arrive on the client's thread and are handed to the window's thread through a
queued Qt signal; local edits are flushed to the shared document once per undo step (the
stack's ``indexChanged``), so a macro is one transaction, and also on a zero-time timer for
an edit made outside the stack. The undo stack holds only this player's commands, so undo
undoes *my* last edit and never the other player's.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QPointF, QTimer, Signal

from board.view.remote.presence import PresenceItem

if TYPE_CHECKING:
    from board.shared.binder import SharedScenario
    from board.shared.hosting import BackgroundServer
    from board.shared.session import GameSession
    from board.view.window import MainWindow

__all__ = ["RemoteController", "PRESENCE_EVERY_MS"]

#: The cursor is sent at most this often (ms): fast enough to follow, light on the wire.
PRESENCE_EVERY_MS = 30


class RemoteController(QObject):
    """A window's shared game (see the module)."""

    #: Emitted on the client's thread with a callable; run on the window's thread.
    _posted = Signal(object)
    #: ``status(text)``: the game's state for the status bar.
    status = Signal(str)
    #: ``presence_changed()``: the other players' cursors were redrawn.
    presence_changed = Signal()

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.session: GameSession | None = None
        self.server: BackgroundServer | None = None
        self.link = ""
        self.messages: list[str] = []
        #: The last fair seed agreed from this window (Game ▸ Agree a Fair Seed…).
        self.last_seed: int | None = None
        self.presence: dict[int, PresenceItem] = {}
        self._posted.connect(lambda function: function())
        self._cursor: QPointF | None = None
        self._doing = ""
        self._presence_timer = QTimer(self)
        self._presence_timer.setSingleShot(True)
        self._presence_timer.setInterval(PRESENCE_EVERY_MS)
        self._presence_timer.timeout.connect(self._send_presence)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.leave)  # the room's last updates reach its disk
        window.undo_stack.indexChanged.connect(self._flush)
        window.view.cursor_moved.connect(self._on_cursor_moved)
        window.scene.drag_moved.connect(self._on_drag_moved)

    @property
    def active(self) -> bool:
        """Whether this window is in a shared game."""
        return self.session is not None

    def _post(self, function: Callable[[], None]) -> None:
        self._posted.emit(function)

    def _board(self, name: str, side: str) -> SharedScenario:
        """The shared document of this board.

        The network stack is imported here, not with the module: for start-up time and
        memory, a board that never plays remotely never loads it (some 35 MB).
        """
        import pycrdt

        from board.shared.binder import SharedScenario

        board = SharedScenario(self.window.document, pycrdt.Doc(), name, side,
                               self.window.scene.datasheets, autoflush=False)
        board.refused.connect(self._on_refused)
        self.window.document.changed.connect(
            lambda event: self._flush_soon() if (event.models_changed or event.log
                                                 or event.options) else None)
        return board

    # -- host, join, leave ------------------------------------------------------------------
    def host(self, name: str, side: str, port: int, data: Path, room: str | None = None) -> str:
        """Serve rooms on 127.0.0.1:``port`` and share this board; return the join link."""
        from board.shared.hosting import BackgroundServer  # see _board

        self.leave()
        self.server = BackgroundServer(data, port)
        self.server.start()
        try:
            return self.host_on(self.server.link(room or f"game-{secrets.token_hex(4)}"), name,
                                side)
        except (OSError, TimeoutError):
            self.server.stop()
            self.server = None
            raise

    def host_on(self, link: str, name: str, side: str) -> str:
        """Share this board in the room at ``link``; return the link for the other player.

        The server is already running (``battleboard serve``, or :meth:`host`'s). The link
        returned names the other player's side.
        """
        if self.session is not None:
            self.session.stop()
            self.session = None
        sides = [s.id for s in self.window.scenario.sides]
        other = next((s for s in sides if s != side), side)
        self.link = f"{link}&side={other}"
        self._start(self._board(name, side), link, host=True)
        return self.link

    def join(self, name: str, side: str, link: str) -> None:
        """Join the game at ``link`` as ``name`` playing ``side``; the board becomes the game."""
        self.leave()
        self.link = link
        self._start(self._board(name, side), link, host=False)
        self.window.undo_stack.clear()  # the board is the shared game's now

    def _start(self, board: SharedScenario, link: str, host: bool) -> None:
        from board.shared.session import GameSession  # see _board

        session = GameSession(board, link, post=self._post, on_status=self._on_status,
                              on_presence=self._on_presence)
        session.start(host=host)
        self.session = session
        self.status.emit(f"Shared game: {board.player} playing {board.side}")
        self._send_presence()

    def leave(self) -> None:
        """Leave the game (and stop serving, for the host); the board stays as it is."""
        if self.session is not None:
            self.session.stop()
            self.session = None
        if self.server is not None:
            self.server.stop()
            self.server = None
        for item in self.presence.values():
            self.window.scene.removeItem(item)
        self.presence.clear()

    # -- out --------------------------------------------------------------------------------
    def _flush(self, *_: Any) -> None:
        if self.session is not None:
            self.session.board.flush()

    def _flush_soon(self, *_: Any) -> None:
        if self.session is not None:
            QTimer.singleShot(0, self._flush)

    def _on_cursor_moved(self, at: QPointF) -> None:
        self._cursor = at
        if self.session is not None and not self._presence_timer.isActive():
            self._presence_timer.start()

    def _on_drag_moved(self, text: str) -> None:
        self._doing = text.split("\n", 1)[0]
        if self.session is not None and not self._presence_timer.isActive():
            self._presence_timer.start()

    def _send_presence(self) -> None:
        if self.session is None:
            return
        board = self.session.board
        colour = next((s.colour for s in board.document.scenario.sides if s.id == board.side),
                      "#808080")
        at = self._cursor
        self.session.set_presence({
            "name": board.player, "side": board.side, "colour": colour,
            "x": None if at is None else round(at.x(), 3),
            "y": None if at is None else round(at.y(), 3), "doing": self._doing})

    # -- in ---------------------------------------------------------------------------------
    def _on_status(self, state: str, message: str) -> None:
        text = {"online": "Shared game: connected", "offline": "Shared game: reconnecting…",
                "refused": f"Shared game: {message}"}.get(state, state)
        self._post(lambda: self.status.emit(text))

    def _on_refused(self, message: str) -> None:
        self.messages.append(message)
        self.status.emit(message)

    def _on_presence(self, states: dict[int, dict[str, Any]]) -> None:
        self._post(lambda: self._show_presence(states))

    def _show_presence(self, states: dict[int, dict[str, Any]]) -> None:
        for client_id in [c for c in self.presence if c not in states]:
            self.window.scene.removeItem(self.presence.pop(client_id))
        for client_id, state in states.items():
            x, y = state.get("x"), state.get("y")
            if not isinstance(x, int | float) or not isinstance(y, int | float):
                continue
            item = self.presence.get(client_id)
            if item is None:
                item = self.presence[client_id] = PresenceItem()
                self.window.scene.addItem(item)
            item.set_player(str(state.get("name", "?")), str(state.get("colour", "")),
                            str(state.get("doing", "")))
            item.setPos(float(x), float(y))
        self.presence_changed.emit()
