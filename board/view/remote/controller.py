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
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QEventLoop,
    QObject,
    QPointF,
    Qt,
    QTimer,
    Signal,
)

from board.game.words import counted, member_word
from board.shared.presence import TEXT_LIMITS, mover_of
from board.view.remote.live import LiveDrags
from board.view.remote.presence import SHOWN_TEXT, PresenceItem, cursor_on_table, who

if TYPE_CHECKING:
    from board.game.kit import Dice
    from board.shared.binder import SharedScenario
    from board.shared.hosting import BackgroundServer
    from board.shared.session import GameSession
    from board.view.window import MainWindow

__all__ = ["RemoteController", "PRESENCE_EVERY_MS"]

#: The cursor is sent at most this often (ms): fast enough to follow, light on the wire.
PRESENCE_EVERY_MS = 30
#: How long (s) a dragging window waits, at most, for its client thread to have sent the
#: dragged models' places before it goes on with its own overlays (typically a few tenths of
#: a millisecond: a thread switch).
DRAG_HANDOFF_S = 0.003
#: How long a drag's roll waits for the other board's half of the fair seed (ms).
FAIR_SEED_WAIT_MS = 5000


def _room_of(link: str) -> str:
    """The server and room a link names (a seat's link and the room's own name the same)."""
    return link.split("?", 1)[0]


class _ShowPresence(QEvent):
    """Show the other players' latest presence (see :meth:`RemoteController._on_presence`)."""

    TYPE = QEvent.Type(QEvent.registerEventType())

    def __init__(self) -> None:
        super().__init__(self.TYPE)


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
        #: Where this player's models stood when they last left a game (for a rejoin).
        self._away: Any = None
        #: The connection's last state told.
        self._state = ""
        #: The other players this window shows as present (their client → "name (side)"):
        #: who a leaving player is told as.
        self.seen: dict[int, str] = {}
        #: The last fair seed agreed from this window (Game ▸ Agree a Fair Seed…).
        self.last_seed: int | None = None
        self.presence: dict[int, PresenceItem] = {}
        self._posted.connect(lambda function: function())
        self._presence_lock = threading.Lock()
        self._presence_states: dict[int, dict[str, Any]] | None = None
        self._cursor: QPointF | None = None
        self._doing = ""
        #: The models this player is dragging now (``None``: no drag).
        self._dragged: list[str] | None = None
        #: The other players' drags, shown live on this board.
        #: The scene's dice factory outside a shared game (put back on leaving).
        self._own_dice: Callable[[], Dice] | None = window.scene.make_dice
        self.live = LiveDrags(window.scene, lambda: self.session.board if self.session else None)
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
        window.scene.drag_previewed.connect(self._on_drag_previewed)

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
        board.adopting.connect(self.window.fit_to)  # a new game: its whole table in view
        self.window.document.changed.disconnect(self._on_document_changed)  # once, not per game
        self.window.document.changed.connect(self._on_document_changed)
        return board

    def _on_document_changed(self, event: Any) -> None:
        """An edit made outside the undo stack still goes out (on the next turn)."""
        if self.session is not None and (event.models_changed or event.log or event.options):
            self._flush_soon()

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
        returned opens the other player's seat (their side, bound to a token made from the
        room's secret): it cannot be used to play another side.
        """
        if self.session is not None:
            self.session.stop()
            self.session = None
        from board.shared.server import seat_link  # see _board

        sides = [s.id for s in self.window.scenario.sides]
        other = next((s for s in sides if s != side), side)
        self.link = seat_link(link, other)  # the other player's seat: that side only
        self._start(self._board(name, side), link, host=True)
        return self.link

    def join(self, name: str, side: str, link: str) -> None:
        """Join the game at ``link`` as ``name`` playing ``side``; the board becomes the game.

        Rejoining the room this board left, the moves its player made meanwhile are made
        again in the game (:mod:`board.shared.away`), and the status bar says how many.
        """
        self.leave()
        away, self._away = self._away, None
        now = away.now(self.window.scenario) if away is not None else {}
        self.link = link
        self._start(self._board(name, side), link, host=False)
        self.window.undo_stack.clear()  # the board is the shared game's now
        if away is not None and (away.room, away.side) == (_room_of(link), side):
            self._moved_while_away(away.moves(now, self.window.scenario))

    def _moved_while_away(self, moves: dict[str, tuple[float, float, float]]) -> None:
        if not moves:
            return
        document = self.window.document
        document.move_models({m: (x, y) for m, (x, y, _) in moves.items()})
        document.rotate_models({m: facing for m, (_, _, facing) in moves.items()})
        self._flush()
        count = counted(len(moves), member_word(self.window.scenario.rule_system))
        self.status.emit(f"Shared game: {count} you moved while away "
                         f"{'was' if len(moves) == 1 else 'were'} moved in the game again")

    def _start(self, board: SharedScenario, link: str, host: bool) -> None:
        from board.shared.session import GameSession  # see _board

        session = GameSession(board, link, post=self._post, on_status=self._on_status,
                              on_presence=self._on_presence)
        session.start(host=host)
        self.session = session
        scene = self.window.scene
        scene.may_move = self._may_move
        if scene.make_dice != self._fair_drag_dice:
            self._own_dice, scene.make_dice = scene.make_dice, self._fair_drag_dice
        side = next((s.name for s in self.window.scenario.sides if s.id == board.side), None)
        self.status.emit(f"Shared game: {board.player} playing {side}" if side  # its name
                         else f"Shared game: {board.player} watching")
        self._send_presence()

    def leave(self) -> None:
        """Leave the game (and stop serving, for the host); the board stays as it is."""
        from board.shared.away import Away  # see _board

        self.window.document.changed.disconnect(self._on_document_changed)
        if self.session is not None:
            board = self.session.board
            self._away = Away.left(_room_of(self.link), board.side, self.window.scenario)
            self.session.stop()
            self.session = None
        if self.window.scene.make_dice == self._fair_drag_dice:
            self.window.scene.make_dice = self._own_dice
        self.window.scene.may_move = lambda _models: None
        if self.server is not None:
            self.server.stop()
            self.server = None
        for item in self.presence.values():
            self.window.scene.removeItem(item)
        self.presence.clear()
        self.seen.clear()
        self._state = ""
        self.live.clear()

    def _may_move(self, model_ids: list[str]) -> str | None:
        """Why this player may not drag these models: the other side's, shared control off."""
        if self.session is None:
            return None
        board = self.session.board
        theirs = board.not_mine(model_ids)
        if not theirs:
            return None
        return (f"{', '.join(theirs)}: not your side's models — Game ▸ Share Control of the "
                "Models lets either player move every model once both have ticked it")

    # -- fair dice of a drag ------------------------------------------------------------------
    def _fair_drag_dice(self) -> Dice:
        """The dice of what a drag brings about: their seed agreed with the other player.

        The scene asks for them as a drag is released; the exchange runs only if a die is
        rolled (:class:`~board.shared.dice.AgreedDice`), after the drag's places are fixed.
        """
        from board.shared.dice import AgreedDice  # see _board

        return AgreedDice(lambda: self.agree_seed("a terrain test of a drag"))

    def agree_seed(self, purpose: str, wait_ms: int = FAIR_SEED_WAIT_MS) -> int:
        """Agree a fair seed with the other player now (commit–reveal) and return it.

        Waits for the other board's answer with the window's input held back (the drag that
        asked is being recorded); its updates and repaints go on meanwhile. If no answer
        comes in ``wait_ms`` (the other player dropped out), the roll takes this board's own
        seed and the status bar says it is not a fair one.
        """
        session = self.session
        if session is None:
            return secrets.randbelow(2**31)
        board = session.board
        roll_id = board.request_seed(purpose)
        loop = QEventLoop()

        def ready(agreed: str, _seed: int) -> None:
            if agreed == roll_id:
                loop.quit()

        board.seed_ready.connect(ready)
        QTimer.singleShot(wait_ms, loop.quit)
        try:
            if board.seed(roll_id) is None:
                loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        finally:
            board.seed_ready.disconnect(ready)
        seed = board.seed(roll_id)
        if seed is not None:
            self.status.emit(f"Fair seed {seed} agreed by both players: {purpose}")
            return seed
        own = secrets.randbelow(2**31)  # as rules.dice.Dice picks a fresh seed
        self.status.emit(f"The other player's board did not answer in {wait_ms / 1000:g} s: "
                         f"{purpose} rolled with this board's own seed {own} (not a fair seed)")
        return own

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

    def _on_drag_previewed(self, model_ids: Iterable[str]) -> None:
        """The dragged models moved with the mouse: the other board shows them there.

        Sent at once on every move (not on the cursor's timer), before this window's own
        overlays follow the drag: the other player sees the models move with the mouse.
        """
        if self.session is None:
            return
        self._dragged = list(model_ids)
        self._send_presence(wait_s=DRAG_HANDOFF_S)

    def _on_drag_moved(self, text: str) -> None:
        """What the drag is doing, for the label; at its end, the other board lets go.

        The end of the drag is told after the release's edit has gone out (the next turn of
        the event loop), so the other board gets the edit first and its items never jump
        back.
        """
        self._doing = text.split("\n", 1)[0]
        if self.session is None or text:
            return
        self._dragged = None
        QTimer.singleShot(0, self._send_presence)

    def _send_presence(self, wait_s: float = 0.0) -> None:
        if self.session is None:
            return
        board = self.session.board
        colour = next((s.colour for s in board.document.scenario.sides if s.id == board.side),
                      "#808080")
        at = self._cursor
        drag: dict[str, list[float]] = {}
        if self._dragged:
            scene = self.window.scene
            for model_id in self._dragged:
                item = scene.model_item(model_id)
                drag[model_id] = [item.x(), item.y()]
        self.session.set_presence({
            "name": board.player[:TEXT_LIMITS["name"]], "side": board.side, "colour": colour,
            "x": None if at is None else round(at.x(), 3),
            "y": None if at is None else round(at.y(), 3),
            "doing": self._doing[:TEXT_LIMITS["doing"]],
            "drag": drag}, wait_s)

    # -- in ---------------------------------------------------------------------------------
    def _on_status(self, state: str, message: str) -> None:
        """The connection's state (the client's thread): said once per change, not per retry."""
        if state == self._state:
            return
        was, self._state = self._state, state
        server = self.link.split("?", 1)[0].rsplit("/", 1)[0]
        text = {"online": "Shared game: connected" + (" again; what you did meanwhile was sent"
                                                      if was == "offline" else ""),
                "offline": f"Shared game: the room server at {server} does not answer (the "
                           "host may have left or closed their window). Your moves are kept "
                           "and sent when it is back; File ▸ Leave Game plays on alone",
                "refused": f"Shared game: {message}"}.get(state, state)
        self._post(lambda: self._say_state(state, text))

    def _say_state(self, state: str, text: str) -> None:
        if state == "offline":
            self._show_presence({})  # nobody is seen while the room is gone
        self.status.emit(text)

    def _on_refused(self, message: str) -> None:
        self.messages.append(message)
        self.status.emit(message)

    def _on_presence(self, states: dict[int, dict[str, Any]]) -> None:
        """Other players' presence (the client's thread): shown ahead of queued paints.

        Only the latest states matter: while one showing is pending, newer states replace
        what it will show. It is posted at high priority, so a drag shown live does not wait
        behind this window's own pending repaints and deferred work.
        """
        with self._presence_lock:
            pending = self._presence_states is not None
            self._presence_states = states
        if not pending:
            QCoreApplication.postEvent(self, _ShowPresence(),
                                       Qt.EventPriority.HighEventPriority.value)

    def customEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Show the latest presence (posted by :meth:`_on_presence`)."""
        if event.type() != _ShowPresence.TYPE:
            return
        with self._presence_lock:
            states, self._presence_states = self._presence_states, None
        if states is not None:
            self._show_presence(states)

    def _show_presence(self, states: dict[int, dict[str, Any]]) -> None:
        if self.session is None:
            return  # arrived after leaving
        # Who says no name is no player (the room server's own presence, a bare Yjs client).
        states = {c: s for c, s in states.items() if "name" in s}
        for client_id in [c for c in self.presence if c not in states]:
            self.window.scene.removeItem(self.presence.pop(client_id))
        gone = [self.seen.pop(c) for c in list(self.seen) if c not in states]
        if gone and self._state == "online":
            self.status.emit(f"Shared game: {', '.join(gone)} left the game")
        sides = {side.id: side.name for side in self.window.scenario.sides}
        self.seen.update({c: who(s, sides) for c, s in states.items()})
        for client_id in [c for c in self.live.shown if c not in states]:
            self.live.forget(client_id)
        for client_id, state in states.items():
            mover = mover_of(state)
            self.live.show(client_id, state.get("drag"), mover)
            at = cursor_on_table(self.window.scenario.table, state.get("x"), state.get("y"))
            if at is None:
                old = self.presence.pop(client_id, None)
                if old is not None:
                    self.window.scene.removeItem(old)
                continue
            item = self.presence.get(client_id)
            if item is None:
                item = self.presence[client_id] = PresenceItem()
                self.window.scene.addItem(item)
            doing = str(state.get("doing", ""))[:SHOWN_TEXT] if mover else ""
            colours = {side.id: side.colour for side in self.window.scenario.sides}
            label = who(state, sides) if not mover else who(state).rsplit(" (", 1)[0]
            item.set_player(label, colours.get(mover, "#808080"), doing)
            item.setPos(*at)
        self.presence_changed.emit()
