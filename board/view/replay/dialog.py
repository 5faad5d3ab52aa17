"""The replay window: a timeline of a saved game, its board at each step, and its rolls.

Step back and forward, jump to the start or the end, to a turn (a step that moved the turn
clock) or to a roll (a step whose log lines hold dice), or play (a step every
:data:`PLAY_MS`). The board is drawn by the same scene and view as the main window's, over a
document of its own that each step replaces; the log lines a step wrote are shown with their
rolls as they fell. *Export picture…* writes the board at the step shown to a PNG.

The window opens fitted to the table (the whole table in view, as the main window's *Fit
table*), at a size inside the screen that stepping never changes: the step's words wrap, the
jump lists keep their width (:data:`WINDOW_SIZE`).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QShowEvent, QUndoStack
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from board.document.edits import ScenarioDocument
from board.document.errors import ScenarioError
from board.document.history import Timeline, game_timeline
from board.game.core.clock import PLAYER, TURN
from board.game.core.log_text import entry_lines
from board.view.scene import BoardScene
from board.view.view import BoardView

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["ReplayDialog", "ReplayController", "PLAY_MS"]

#: Play shows a step every this many ms.
PLAY_MS = 600
#: The window's size, made smaller to fit inside the screen's free area.
WINDOW_SIZE = QSize(1200, 860)
#: Characters a jump list (Turn:, Roll:) shows of its entries; longer ones are cut.
JUMP_CHARS = 24


class ReplayDialog(QDialog):
    """A saved game's timeline and its board at the step chosen.

    Parameters
    ----------
    timeline
        The game's steps (:func:`board.document.history.game_timeline`).
    library
        Datasheets to draw the terrain.
    title
        The game's name, for the window title.
    """

    def __init__(self, timeline: Timeline, library: object, title: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Replay — {title}")
        self.timeline = timeline
        self.step = 0
        self.document = ScenarioDocument(timeline.board(0))
        self.scene = BoardScene(self.document, library, QUndoStack(self))  # type: ignore[arg-type]
        self.view = BoardView(self.scene, self)
        self.view.setInteractive(False)  # a replay is looked at, not edited
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setRange(0, len(timeline))
        self.label = QLabel("", self)
        self.label.setWordWrap(True)  # a long step's words wrap: the window does not grow
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.rolls = QPlainTextEdit(self)
        self.rolls.setReadOnly(True)
        self.rolls.setMaximumHeight(110)
        self.turns = QComboBox(self)
        self.dice = QComboBox(self)
        for jumps in (self.turns, self.dice):
            jumps.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            jumps.setMinimumContentsLength(JUMP_CHARS)
        self.play_button = QPushButton("Play", self)
        self._timer = QTimer(self)
        self._timer.setInterval(PLAY_MS)
        self._timer.timeout.connect(self._tick)
        self._layout()
        self._fill_jumps()
        self.show_step(0)
        self.resize(_inside_screen(self, WINDOW_SIZE))
        self._fitted = False

    def showEvent(self, event: QShowEvent) -> None:  # noqa: D102, N802 - Qt override
        super().showEvent(event)
        if not self._fitted:  # the view has its size now: the whole table, once
            self._fitted = True
            layout = self.layout()
            if layout is not None:
                layout.activate()
            self.view.fit_table()

    # -- what the buttons do --------------------------------------------------------------
    def show_step(self, step: int) -> None:
        """Show the board after ``step`` edits (0: the start), its words and its rolls."""
        self.step = max(0, min(step, len(self.timeline)))
        self.document.replace(self.timeline.board(self.step))
        self.slider.blockSignals(True)
        self.slider.setValue(self.step)
        self.slider.blockSignals(False)
        when = self.timeline.when(self.step)
        stamp = time.strftime(" · %d %b %Y %H:%M:%S", time.localtime(when)) if when else ""
        self.label.setText(f"Step {self.step} of {len(self.timeline)}: "
                           f"{self.timeline.what(self.step)}{stamp}")
        added = self.timeline.log_added(self.step)
        first = len(self.document.scenario.log) - len(added) + 1
        lines = [line for k, entry in enumerate(added) for line in entry_lines(first + k, entry)]
        self.rolls.setPlainText("\n".join(lines) or "(no rolls at this step)")

    def forward(self) -> None:
        """One step on."""
        self.show_step(self.step + 1)

    def back(self) -> None:
        """One step back."""
        self.show_step(self.step - 1)

    def play(self, on: bool = True) -> None:
        """Play (a step every :data:`PLAY_MS`) or pause."""
        if on and self.step >= len(self.timeline):
            self.show_step(0)
        self._timer.start() if on else self._timer.stop()
        self.play_button.setText("Pause" if on else "Play")

    def jump_to_turn(self, index: int) -> None:
        """Show the ``index``-th step that moved the turn clock."""
        steps = self.timeline.steps_setting([TURN, PLAYER])
        if 0 <= index < len(steps):
            self.show_step(steps[index])

    def jump_to_roll(self, index: int) -> None:
        """Show the ``index``-th step that rolled dice."""
        steps = self.timeline.steps_rolling()
        if 0 <= index < len(steps):
            self.show_step(steps[index])

    def export_step(self, path: Path) -> None:
        """Write the board at the step shown to the PNG ``path``."""
        self.view.fit_table()
        if not self.view.grab().save(str(path), "PNG"):
            raise OSError(f"could not write the picture {path}")

    def ask_export(self) -> None:
        """Ask where to write the picture of this step, then write it."""
        name, _ = QFileDialog.getSaveFileName(self, "Export picture of this step",
                                              f"step-{self.step}.png", "PNG (*.png)")
        if not name:
            return
        try:
            self.export_step(Path(name))
        except OSError as error:
            QMessageBox.critical(self, "Export picture", str(error))

    # -- building ----------------------------------------------------------------------------
    def _tick(self) -> None:
        if self.step >= len(self.timeline):
            self.play(False)
        else:
            self.forward()

    def _button(self, text: str, slot: object, row: QHBoxLayout) -> QPushButton:
        button = QPushButton(text, self)
        button.clicked.connect(lambda *_: slot())  # type: ignore[operator]
        row.addWidget(button)
        return button

    def _layout(self) -> None:
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.label)
        layout.addWidget(self.slider)
        row = QHBoxLayout()
        self._button("◀◀ Start", lambda: self.show_step(0), row)
        self._button("◀ Back", self.back, row)
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self.play)
        row.addWidget(self.play_button)
        self._button("Forward ▶", self.forward, row)
        self._button("End ▶▶", lambda: self.show_step(len(self.timeline)), row)
        layout.addLayout(row)
        jumps = QHBoxLayout()  # a row of its own: the window stays narrow enough for a laptop
        jumps.addWidget(QLabel("Turn:", self))
        jumps.addWidget(self.turns, 1)
        jumps.addWidget(QLabel("Roll:", self))
        jumps.addWidget(self.dice, 1)
        self._button("Export picture…", self.ask_export, jumps)
        layout.addLayout(jumps)
        layout.addWidget(self.rolls)
        self.slider.valueChanged.connect(self.show_step)

    def _fill_jumps(self) -> None:
        for step in self.timeline.steps_setting([TURN, PLAYER]):
            options = self.timeline.board(step).options
            self.turns.addItem(f"turn {options.get(TURN, '?')}, {options.get(PLAYER, '?')} "
                               f"(step {step})")
        for step in self.timeline.steps_rolling():
            self.dice.addItem(f"step {step}: {self.timeline.what(step)[:60]}")
        self.turns.activated.connect(self.jump_to_turn)
        self.dice.activated.connect(self.jump_to_roll)
        self.turns.setEnabled(self.turns.count() > 0)
        self.dice.setEnabled(self.dice.count() > 0)


def _inside_screen(widget: QWidget, size: QSize) -> QSize:
    """``size``, made smaller where the screen's free area is smaller (a laptop's)."""
    screen = widget.screen()
    if screen is None:
        return size
    return size.boundedTo(screen.availableGeometry().size() * 0.95)


class ReplayController:
    """Opens replays from the window (File ▸ Replay…)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.dialog: ReplayDialog | None = None

    def ask_and_open(self) -> None:
        """Ask for a saved game (the open one by default) and replay it."""
        start = str(self.window.files.path or "")
        name, _ = QFileDialog.getOpenFileName(self.window, "Replay a saved game", start,
                                              "Battleboard scenarios (*.json)")
        if name:
            self.open(Path(name))

    def open(self, path: Path) -> ReplayDialog | None:
        """Replay the game saved in ``path``; a game without a history is refused with a box."""
        try:
            timeline = game_timeline(path, self.window.library)
        except ScenarioError as error:
            self.window.show_error("Cannot replay", str(error))
            return None
        if self.dialog is not None:
            self.dialog.close()
        self.dialog = ReplayDialog(timeline, self.window.library, path.name, self.window)
        self.dialog.show()
        return self.dialog
