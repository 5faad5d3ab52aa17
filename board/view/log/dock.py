"""The dock that shows the scenario's log and writes it to a text file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from board.document.edits import ScenarioDocument
from board.document.events import DocumentChange
from board.document.model import Scenario
from board.game.core.log_text import log_lines, log_text

__all__ = ["LogDock", "write_log"]


def write_log(scenario: Scenario, path: Path) -> None:
    """Write the scenario's log as UTF-8 text to ``path`` (``OSError`` names the file)."""
    try:
        path.write_text(log_text(scenario) + "\n", encoding="utf-8")
    except OSError as error:
        raise OSError(f"could not write the log to {path}: {error.strerror or error}") from None


class LogDock(QDockWidget):
    """Every log entry with its rolls and seed, newest at the bottom, and "Export log…".

    Parameters
    ----------
    document
        The document whose log is shown; the dock follows its ``changed`` event.
    """

    def __init__(self, document: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__("Log", parent)
        self.setObjectName("log")
        self._document = document
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.count_label = QLabel("", body)
        self.text = QPlainTextEdit(body)
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.export_button = QPushButton("Export log…", body)
        layout.addWidget(self.count_label)
        layout.addWidget(self.text)
        layout.addWidget(self.export_button)
        self.setWidget(body)
        self.export_button.clicked.connect(self.ask_export)
        document.changed.connect(self._on_change)
        self.refresh()

    def refresh(self) -> None:
        """Show the log as it is now, scrolled to the newest entry."""
        scenario = self._document.scenario
        count = len(scenario.log)
        rolls = sum(len(e.rolls) for e in scenario.log)
        self.count_label.setText(
            f"{count} entr{'y' if count == 1 else 'ies'}, {rolls} roll{'s' if rolls != 1 else ''}")
        self.text.setPlainText("\n".join(log_lines(scenario)) or "(nothing has happened yet)")
        bar = self.text.verticalScrollBar()
        bar.setValue(bar.maximum())

    def shown_text(self) -> str:
        """The text the dock shows."""
        return self.text.toPlainText()

    def export_to(self, path: Path) -> None:
        """Write the log to ``path`` (no dialog: tests and the menu action use it)."""
        write_log(self._document.scenario, path)

    def ask_export(self) -> None:
        """Ask where to write the log, then write it; a failure is shown in a message box."""
        name, _ = QFileDialog.getSaveFileName(self, "Export log", "log.txt", "Text (*.txt)")
        if not name:
            return
        try:
            self.export_to(Path(name))
        except OSError as error:
            QMessageBox.critical(self, "Export log", str(error))

    def _on_change(self, event: DocumentChange) -> None:
        if event.log or event.replaced:
            self.refresh()


