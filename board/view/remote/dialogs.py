"""The Host game… and Join game… dialogs: a name, a side, and a port or a link."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QMessageBox,
    QSpinBox,
    QWidget,
)

from board.document.model import Scenario

__all__ = ["HostChoice", "JoinChoice", "HostDialog", "JoinDialog", "show_link", "side_in_link"]


def side_in_link(link: str) -> str:
    """The side a join link gives the joining player (its seat, or ``&side=``), or ``""``.

    >>> side_in_link("ws://127.0.0.1:8765/g?seat=blue&token=ab")
    'blue'
    >>> side_in_link("ws://127.0.0.1:8765/g?secret=ab&side=blue")
    'blue'
    """
    query = parse_qs(urlsplit(link).query)
    return query.get("seat", query.get("side", [""]))[0]


@dataclass(frozen=True)
class HostChoice:
    """What the host chose: who they are, the side they play, where the rooms are served."""

    name: str
    side: str
    port: int
    data: Path
    #: The link of a room on a running server (``battleboard serve``): host there, start none.
    server_link: str = ""


@dataclass(frozen=True)
class JoinChoice:
    """What a joining player chose: who they are, the side they play, the host's link."""

    name: str
    side: str
    link: str


class _PlayerForm(QDialog):
    def __init__(self, title: str, sides: list[tuple[str, str]], parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.form = QFormLayout(self)
        self.name = QLineEdit("Player")
        self.side = QComboBox()
        for side_id, side_name in sides:
            self.side.addItem(side_name, side_id)
        self.form.addRow("Your name", self.name)
        self.form.addRow("Your side", self.side)

    def _buttons(self) -> None:
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.form.addRow(buttons)


class HostDialog(_PlayerForm):
    """Host game…: the player, the side, the port the room server listens on."""

    def __init__(self, scenario: Scenario, parent: QWidget | None = None) -> None:
        from board.shared.serve_cli import DEFAULT_PORT  # the server, when asked to host

        super().__init__("Host game", [(s.id, s.name) for s in scenario.sides], parent)
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.form.addRow("Port", self.port)
        self.server_link = QLineEdit()
        self.server_link.setPlaceholderText("empty: serve here; or a room's link from "
                                            "battleboard serve")
        self.server_link.setMinimumWidth(self.server_link.fontMetrics().horizontalAdvance(
            self.server_link.placeholderText()) + 24)
        self.server_link.setToolTip("A club's room server: paste the link `battleboard serve` "
                                    "printed (…?secret=…) to host your game in that room")
        self.form.addRow("Room server", self.server_link)
        self._buttons()

    def choice(self) -> HostChoice:
        """What the dialog holds."""
        from board.shared.serve_cli import default_data_dir  # see __init__

        return HostChoice(self.name.text().strip() or "Host", str(self.side.currentData()),
                          self.port.value(), default_data_dir(),
                          self.server_link.text().strip())


class JoinDialog(_PlayerForm):
    """Join game…: the player and the link the host gave (it names the side to play)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Join game", [], parent)
        self.form.removeRow(1)  # the link names the side
        self.link = QLineEdit()
        self.link.setPlaceholderText("ws://HOST:PORT/ROOM?seat=SIDE&token=…")
        self.form.addRow("Link", self.link)
        self._buttons()

    def choice(self) -> JoinChoice:
        """What the dialog holds."""
        link = self.link.text().strip()
        return JoinChoice(self.name.text().strip() or "Guest", side_in_link(link), link)


def show_link(parent: QWidget, link: str) -> None:
    """Show the join link to hand to the other player (selectable text)."""
    box = QMessageBox(parent)
    box.setWindowTitle("Game hosted")
    box.setText("Give the other player this link (File ▸ Join game…):")
    box.setInformativeText(link)
    box.setTextInteractionFlags(box.textInteractionFlags())
    box.show()
