"""Play remotely: File ▸ Host game…, Join game…, Leave game, and the other player's cursor.

``install(window)`` adds the File menu entries and a *Share control of the models* switch to
the Game menu, and keeps a :class:`~board.view.remote.controller.RemoteController` as
``window.remote``. The engine is :mod:`board.shared` (no Qt); ``docs/remote.md`` tells a
player how to use it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from board.document.changes import UNSET, Change
from board.shared.binder import agree_key
from board.view.commands import ApplyChangeCommand
from board.view.remote.controller import RemoteController
from board.view.remote.dialogs import HostDialog, JoinDialog, show_link

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["install", "RemoteController"]


def install(window: MainWindow) -> None:
    """Add the shared game's menu entries to ``window`` (``window.remote``)."""
    remote = RemoteController(window)
    window.remote = remote  # type: ignore[attr-defined]
    remote.status.connect(lambda text: window.statusBar().showMessage(text, 8000))
    menu = window.menu("&File")
    menu.addSeparator()
    menu.addAction("&Host Game…").triggered.connect(lambda: ask_host(window, remote))
    menu.addAction("&Join Game…").triggered.connect(lambda: ask_join(window, remote))
    menu.addAction("Lea&ve Game").triggered.connect(remote.leave)
    share = window.menu("&Game").addAction("Share Control of the Models")
    share.setCheckable(True)
    share.toggled.connect(lambda on: agree_to_share(window, remote, on))


def ask_host(window: MainWindow, remote: RemoteController) -> None:
    """Ask how to host, start serving, show the link."""
    dialog = HostDialog(window.scenario, window)
    if not dialog.exec():
        return
    choice = dialog.choice()
    try:
        link = remote.host(choice.name, choice.side, choice.port, choice.data)
    except (OSError, TimeoutError) as error:
        window.show_error("Host game", f"Cannot host the game: {error}")
        return
    show_link(window, link)


def ask_join(window: MainWindow, remote: RemoteController) -> None:
    """Ask for the link, join the game."""
    dialog = JoinDialog(window)
    if not dialog.exec():
        return
    choice = dialog.choice()
    try:
        remote.join(choice.name, choice.side, choice.link)
    except (OSError, TimeoutError, ValueError) as error:
        window.show_error("Join game", f"Cannot join the game: {error}")


def agree_to_share(window: MainWindow, remote: RemoteController, on: bool) -> None:
    """Agree (or stop agreeing) to shared control for this player; both must agree."""
    if remote.session is None:
        window.statusBar().showMessage("Shared control is for a shared game", 4000)
        return
    key = agree_key(remote.session.board.side)
    change = Change(options={key: True if on else UNSET})
    window.undo_stack.push(ApplyChangeCommand(window.document, change,
                                              "Share control" if on else "Keep control"))
