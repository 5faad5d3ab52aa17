"""Buildings ▸ New Building…: the building editor, the player's library in the palette.

A building saved in the editor goes to the player's library folder and into the palette,
beside the shipped datasheets of the scenario's rule system. Placing one embeds a copy of its
datasheet in the scenario (``custom_datasheets``), so that the saved file opens anywhere.
The editor's module is imported when it is first opened, not with the window (issue 38).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

from board.document.datasheet import Datasheet, TerrainKind
from board.document.events import DocumentChange
from board.document.user_library import load_user_datasheets, save_user_datasheet
from board.view.palette import offered_datasheets

if TYPE_CHECKING:
    from board.view.editors.building_editor import BuildingEditor
    from board.view.window import MainWindow

__all__ = ["BuildingLibrary", "install"]


class BuildingLibrary:
    """The player's own buildings: the editor, the palette's list, embedding on placement."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.editor: BuildingEditor | None = None
        self.sheets, self.problems = load_user_datasheets()
        self.action = QAction("&New Building…", window)
        self.action.setShortcut(QKeySequence("Ctrl+Shift+B"))
        self.action.setStatusTip("Draw your own building, check it and keep it in your library")
        self.action.triggered.connect(self.open_editor)
        palette = window.palette_dock
        palette.before_place = self.embed
        window.document.changed.connect(self._on_change)
        self.refresh_palette()

    def _on_change(self, event: DocumentChange) -> None:
        if event.replaced:  # a new scenario: its rule system, its own datasheets
            self.refresh_palette()

    def own(self) -> list[Datasheet]:
        """The player's buildings written for the scenario's rule system."""
        system = self.window.scenario.rule_system.value
        return [s for s in self.sheets if system in s.systems]

    def refresh_palette(self) -> None:
        """List the shipped datasheets and the player's own, by name."""
        window = self.window
        offered = offered_datasheets(window.library, window.scenario)
        ids = {s.id for s in offered}
        mine = [s for s in self.own() if s.id not in ids]
        window.palette_dock.set_datasheets(
            sorted(offered + mine, key=lambda d: (d.name.casefold(), d.id)))

    def open_editor(self) -> BuildingEditor:
        """Open the building editor (shown without blocking)."""
        from board.view.editors.building_editor import BuildingEditor

        window = self.window
        system = window.scenario.rule_system
        shipped = [s for s in window.library.for_system(system.value)
                   if s.kind is TerrainKind.BUILDING]
        taken = set(window.library) | {s.id for s in self.sheets} | {
            s.id for s in window.scenario.custom_datasheets}
        editor = BuildingEditor(system, shipped, taken, parent=window)
        editor.accepted.connect(lambda: self.keep(editor))
        if self.editor is not None:
            self.editor.close()
        self.editor = editor
        editor.setModal(True)
        editor.show()
        return editor

    def keep(self, editor: BuildingEditor) -> None:
        """Write the accepted building to the library and list it in the palette."""
        sheet = editor.saved
        if sheet is None:
            return
        try:
            path = save_user_datasheet(sheet)
        except OSError as error:
            self.window.show_error("Save building", f"Cannot write the building: {error}")
            return
        self.sheets = [s for s in self.sheets if s.id != sheet.id] + [sheet]
        self.refresh_palette()
        self.window.statusBar().showMessage(
            f"Saved {sheet.name} in {path}: place it from the palette", 10000)

    def embed(self, datasheet_id: str) -> None:
        """Before a library building is placed, copy its datasheet into the scenario."""
        window = self.window
        scenario = window.scenario
        mine = next((s for s in self.sheets if s.id == datasheet_id), None)
        if mine is not None and all(s.id != datasheet_id for s in scenario.custom_datasheets) \
                and datasheet_id not in window.library:
            scenario.custom_datasheets.append(mine)
            window.document.replace(scenario)  # the board learns the datasheet


def install(window: MainWindow) -> None:
    """Add *New Building…* to the Buildings menu (``window.features.building_library``)."""
    library = BuildingLibrary(window)
    window.features.building_library = library
    window.menu("&Buildings").addAction(library.action)
