"""The Deployment dock: the map in use and, per unit, how many models are out of zone."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from board.game.deployment.deploy_choice import DeploymentRow
from board.view import style
from board.view.dock_layout import scrolling

__all__ = ["DeploymentDock"]

_OUT = style.REFUSED_TEXT


class DeploymentDock(QDockWidget):
    """A headline and one line per unit; activating a line selects that unit's models."""

    #: The player picked a unit's line (the unit id).
    unit_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Deployment", parent)
        self.setObjectName("deployment")
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.headline = QLabel("", body)
        self.headline.setWordWrap(True)
        self.list = QListWidget(body)
        self.list.setWordWrap(True)
        layout.addWidget(self.headline)
        layout.addWidget(self.list)
        self.setWidget(scrolling(body, self))
        self.list.itemActivated.connect(self._on_item_activated)

    def set_status(self, headline: str, rows: Sequence[DeploymentRow]) -> None:
        """Show the headline and the rows, units with models out first-coloured red."""
        self.headline.setText(headline)
        same = self.list.count() == len(rows) and all(
            self.list.item(k).data(Qt.ItemDataRole.UserRole) == row.unit_id
            for k, row in enumerate(rows))
        if not same:  # other units: build the list again; else change only what changed
            self.list.clear()
            for row in rows:
                item = QListWidgetItem()
                item.setData(Qt.ItemDataRole.UserRole, row.unit_id)
                self.list.addItem(item)
        for k, row in enumerate(rows):
            item = self.list.item(k)
            if item.text() != row.text:
                item.setText(row.text)
                item.setData(Qt.ItemDataRole.ForegroundRole, QBrush(_OUT) if row.out else None)

    def lines(self) -> list[str]:
        """The unit lines shown, in order."""
        return [self.list.item(k).text() for k in range(self.list.count())]

    def _on_item_activated(self, item: QListWidgetItem) -> None:
        self.unit_chosen.emit(str(item.data(Qt.ItemDataRole.UserRole)))
