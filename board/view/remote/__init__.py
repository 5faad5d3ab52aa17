"""Play remotely: File ▸ Host game…, Join game…, Leave game, and the other player's cursor.

``install(window)`` adds the File menu entries and a *Share control of the models* switch to
the Game menu, and keeps a :class:`~board.view.remote.controller.RemoteController` as
``window.remote``. The engine is :mod:`board.shared` (no Qt); ``docs/remote.md`` tells a
player how to use it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox
from shiboken6 import isValid

from board.document.changes import UNSET, Change
from board.view.commands import ApplyChangeCommand
from board.view.remote.controller import RemoteController
from board.view.remote.dialogs import HostDialog, JoinDialog, show_link

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["install", "RemoteController"]


def install(window: MainWindow) -> None:
    """Add the shared game's menu entries to ``window`` (``window.features.remote``)."""
    remote = RemoteController(window)
    window.features.remote = remote
    remote.status.connect(lambda text: window.statusBar().showMessage(text, 8000))
    window.scene.move_refused.connect(lambda text: window.statusBar().showMessage(text, 8000))
    menu = window.menu("&File")
    menu.addSeparator()
    menu.addAction("&Host Game…").triggered.connect(lambda: ask_host(window, remote))
    menu.addAction("&Join Game…").triggered.connect(lambda: ask_join(window, remote))
    menu.addAction("Lea&ve Game").triggered.connect(remote.leave)
    fair = window.menu("&Game").addAction("Agree a &Fair Seed with the Other Player")
    fair.triggered.connect(lambda: ask_fair_seed(window, remote))
    share = window.menu("&Game").addAction("Share Control of the Models")
    share.setCheckable(True)
    share.toggled.connect(lambda on: agree_to_share(window, remote, on))


def ask_host(window: MainWindow, remote: RemoteController) -> None:
    """Ask how to host, start serving (or use a running server's room), show the link."""
    dialog = HostDialog(window.scenario, window)
    if not dialog.exec():
        return
    choice = dialog.choice()
    try:
        if choice.server_link:
            link = remote.host_on(choice.server_link, choice.name, choice.side)
        else:
            link = remote.host(choice.name, choice.side, choice.port, choice.data)
    except (OSError, TimeoutError, ValueError) as error:
        window.show_error("Host game", f"Cannot host the game: {error}")
        return
    show_link(window, link)


def ask_join(window: MainWindow, remote: RemoteController) -> None:
    """Ask for the link, join the game; a room with no game yet may be started from here."""
    dialog = JoinDialog(window)
    if not dialog.exec():
        return
    choice = dialog.choice()
    join(window, remote, choice.name, choice.side, choice.link)


def join(window: MainWindow, remote: RemoteController, name: str, side: str, link: str) -> None:
    """Join the game at ``link``; offer to start one in a room that has none."""
    from board.shared.session import EmptyRoom  # the network stack, once asked (see _board)

    try:
        remote.join(name, side, link)
    except EmptyRoom:
        offer_to_start(window, remote, name, side, link)
    except (OSError, TimeoutError, ValueError) as error:
        window.show_error("Join game", f"Cannot join the game: {error}")


def offer_to_start(window: MainWindow, remote: RemoteController, name: str, side: str,
                   link: str) -> None:
    """The room has no game: offer to share the board's game in it (a club's server)."""
    from board.shared.server import OWNER, seat_in_link  # see join

    if seat_in_link(link) != OWNER:
        window.show_error("Join game", "The room has no game yet. Its host starts it with the "
                          "room's own link (the one `battleboard serve` printed), then gives "
                          "you your side's link.")
        return
    sides = [s.id for s in window.scenario.sides]
    if side not in sides:
        if not sides:
            window.show_error("Join game", "The room has no game yet, and this board has no "
                              "game to start one with: open or make a scenario first.")
            return
        side = sides[0]
    answer = QMessageBox.question(
        window, "Join game",
        f"The room has no game yet (nobody has shared one in it).\n\nStart it with the game "
        f"on your board, playing {next(s.name for s in window.scenario.sides if s.id == side)}?"
        f" You then give the other player the link shown.")
    if answer != QMessageBox.StandardButton.Yes:
        return
    try:
        show_link(window, remote.host_on(link, name, side))
    except (OSError, TimeoutError, ValueError) as error:
        window.show_error("Join game", f"Cannot start the game: {error}")


def agree_to_share(window: MainWindow, remote: RemoteController, on: bool) -> None:
    """Agree (or stop agreeing) to shared control for this player; both must agree."""
    if remote.session is None:
        window.statusBar().showMessage("Shared control is for a shared game", 4000)
        return
    from board.shared.control import agree_key  # the network stack, once playing (see _board)

    key = agree_key(remote.session.board.side)
    change = Change(options={key: True if on else UNSET})
    window.undo_stack.push(ApplyChangeCommand(window.document, change,
                                              "Share control" if on else "Keep control"))


def ask_fair_seed(window: MainWindow, remote: RemoteController) -> None:
    """Start a commit–reveal roll; once both boards agree, put the seed where a roll takes it.

    The seed goes into the open Shoot dialog's seed box (and the status bar says it), so the
    next roll uses it and its log entry can be re-verified from the file.
    """
    if remote.session is None:
        window.statusBar().showMessage("Fair seeds are for a shared game", 4000)
        return
    board = remote.session.board
    roll_id = board.request_seed("the next roll")

    def ready(agreed: str, seed: int) -> None:
        if agreed != roll_id:
            return
        board.seed_ready.disconnect(ready)
        remote.last_seed = seed
        shooting = window.features.shooting
        dialog = shooting.dialog if shooting is not None else None
        if dialog is not None and isValid(dialog):  # an open Shoot dialog takes it at once
            dialog.seed.setText(str(seed))
        window.statusBar().showMessage(f"Fair seed {seed} agreed by both players: the next "
                                       "roll uses it", 15000)

    board.seed_ready.connect(ready)
    window.statusBar().showMessage("Agreeing a fair seed with the other player…", 4000)
