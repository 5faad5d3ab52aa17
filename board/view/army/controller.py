"""File ▸ Import Army List…: choose a list, see the plan, place the army as one undo step.

The reading, mapping and placing are ``board.document.roster`` and ``board.game.army``
(the ``battleboard import-list`` command calls the same); this controller asks for the file,
shows :class:`~board.view.army.dialog.ImportArmyDialog`, pushes the
:class:`~board.view.commands.ApplyChangeCommand` and keeps the player's corrections.

Only the action is made with the window: the reading, the mapping and the dialog (with the
XML parser, some 2 MB of a board's memory, issue 38) are imported when a list is first opened.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox

from board.document.errors import ScenarioError
from board.document.roster.bases import BaseLibrary
from board.game.words import counted
from board.view.commands import ApplyChangeCommand

if TYPE_CHECKING:
    from board.view.army.dialog import ImportArmyDialog
    from board.view.window import MainWindow

__all__ = ["ArmyImporter", "FILTERS"]

#: The file dialog's filters.
FILTERS = ("Army lists (*.ros *.rosz *.json);;BattleScribe roster (*.ros *.rosz);;"
           "New Recruit JSON (*.json);;All files (*)")


class ArmyImporter(QObject):
    """The action, the dialog it opens, and the import it applies."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.action = QAction("Import Army &List…", window)
        self.action.setStatusTip("Bring a BattleScribe (.ros, .rosz) or New Recruit (JSON) "
                                 "army list onto the board, deployed in its side's zone")
        self.action.triggered.connect(self.choose)
        self.dialog: ImportArmyDialog | None = None
        self.library: BaseLibrary | None = None
        self.question: QMessageBox | None = None

    def choose(self) -> None:
        """Ask for a list, then open the dialog on it."""
        name, _ = QFileDialog.getOpenFileName(self.window, "Import Army List", "", FILTERS)
        if name:
            self.open_list(Path(name))

    def open_list(self, path: Path) -> ImportArmyDialog | None:
        """Read ``path`` and show the plan; a list that cannot be read is refused in a box.

        The army lists' modules are imported here, when a list is first opened.
        """
        from board.document.roster import read_roster_file
        from board.game.army.game_system import wrong_system
        from board.view.army.dialog import ImportArmyDialog

        try:
            roster = read_roster_file(path)
        except ScenarioError as error:
            self.window.show_error("Import Army List", str(error))
            return None
        wrong = wrong_system(roster.game_system, self.window.document.scenario.rule_system)
        if wrong is not None and not self._import_anyway(path, wrong):
            self.window.statusBar().showMessage(f"Not imported: {wrong}", 8000)
            return None
        library, problem = BaseLibrary.load()
        if problem:
            self.window.statusBar().showMessage(problem, 8000)
        self.library = library
        dialog = ImportArmyDialog(self.window.document, self.window.scene.world, library,
                                  roster, path.name, self.window, any_system=wrong is not None)
        dialog.accepted.connect(lambda: self._apply(dialog))
        self.dialog = dialog
        dialog.open()
        return dialog

    def _import_anyway(self, path: Path, wrong: str) -> bool:
        """Ask whether to import a list made for another game system (Cancel by default)."""
        box = QMessageBox(QMessageBox.Icon.Warning, "Import Army List",
                          f"{path.name}: {wrong[0].upper()}{wrong[1:]}.", parent=self.window)
        box.setInformativeText("Its units, profiles and bases belong to that game: imported "
                               "here, their stats and bases may not mean what this board's "
                               "rules read. Import it all the same?")
        anyway = box.addButton("Import Anyway", QMessageBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        self.question = box  # tests answer it
        box.exec()
        return box.clickedButton() is anyway

    def _apply(self, dialog: ImportArmyDialog) -> None:
        from board.game.army.edit import remember  # loaded with the dialog

        plan, change = dialog.plan, dialog.change
        if plan is None or change is None:
            return
        text = f"Import {plan.roster.name}"
        self.window.undo_stack.push(ApplyChangeCommand(self.window.document, change, text))
        kept = ""
        if dialog.remember.isChecked() and self.library is not None:
            if sum(remember(self.library, dialog.system, u) for u in plan.units):
                try:
                    kept = f"; your bases kept in {self.library.save()}"
                except OSError as error:
                    kept = f"; your bases could not be kept ({error})"
        self.window.statusBar().showMessage(
            f"Imported {plan.roster.name}: {counted(len(plan.units), 'unit')}, "
            f"{counted(plan.models, dialog.member)} (one undo step){kept}", 8000)
