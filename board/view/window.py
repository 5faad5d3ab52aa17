"""The main window: the board, its menus, the palette, the status bar, files and undo."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QUndoStack
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QMessageBox, QWidget
from shiboken6 import isValid

from board.document.datasheets import DatasheetLibrary, place_datasheet
from board.document.edits import EditError, ScenarioDocument
from board.document.model import RuleSystem, Scenario, Table
from board.view import actions
from board.view.commands import AddPiecesCommand
from board.view.deletion import delete_selection, selection_text
from board.view.docks import GarrisonDock, garrison_lines
from board.view.editors.units import add_unit
from board.view.files import FileController
from board.view.memory import set_aside_long_lived
from board.view.new_dialog import new_scenario
from board.view.palette import PaletteDock, UnitSpec, offered_datasheets
from board.view.rulers import BoardWidget
from board.view.scene import BoardScene
from board.view.system_units import xy_text
from board.view.view import BoardView

__all__ = ["MainWindow"]


class MainWindow(QMainWindow):
    """The battleboard window over one scenario document.

    Parameters
    ----------
    library
        The datasheets terrain is drawn and placed from.
    settings
        Where recent files are kept (the user's settings when ``None``).
    """

    def __init__(
        self,
        library: DatasheetLibrary,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
        *,
        features: bool = True,
    ) -> None:
        super().__init__(parent)
        self.library = library
        self.document = ScenarioDocument(new_scenario_default())
        self.undo_stack = QUndoStack(self)
        self.scene = BoardScene(self.document, library, self.undo_stack)
        self.view = BoardView(self.scene)
        self.board = BoardWidget(self.view)
        self.setCentralWidget(self.board)
        self.palette_dock = PaletteDock(self)
        self.garrisons = GarrisonDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.palette_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.garrisons)
        self.resizeDocks([self.palette_dock, self.garrisons], [700, 140], Qt.Orientation.Vertical)
        self.files = FileController(self, settings or QSettings("battleboard", "battleboard"))
        self._build_status_bar()
        self.actions_: dict[str, QAction] = {}
        self.recent_menu: QMenu | None = None
        actions.build_menus(self)
        self.tool_bar = self.addToolBar("Tools")
        self.tool_bar.setObjectName("tools")
        self.features_installed = False
        if features:
            self.install_features()
        self._connect()
        self._on_replaced(self.document.scenario)
        self.resize(1400, 900)

    def install_features(self) -> None:
        """Add the tools' menus, docks and overlays (:mod:`board.view.features`), once.

        A window made with ``features=False`` paints its board first and is given its tools
        right after (``battleboard`` does so: see :func:`board.main.main`).
        """
        if self.features_installed:
            return
        from board.view.features import install_features

        self.features_installed = True
        install_features(self)

    # -- the document ------------------------------------------------------------------------
    @property
    def scenario(self) -> Scenario:
        """The scenario on the board."""
        return self.document.scenario

    def show_scenario(self, scenario: Scenario, path: Path | None = None) -> None:
        """Put ``scenario`` on the board (history cleared), read from ``path`` if given."""
        self.undo_stack.clear()
        self.document.replace(scenario)
        self.files.path = path
        self.undo_stack.setClean()
        self.update_title()
        self.view.fit_table()
        set_aside_long_lived(sum(len(u.models) for u in scenario.units if u.on_table))

    def update_title(self) -> None:
        """Show the file's name (or the scenario's) and the modified mark."""
        if not isValid(self):  # the undo stack signals while the window is destroyed
            return
        name = self.files.path.name if self.files.path else self.scenario.name
        self.setWindowTitle(f"{name}[*] — battleboard")
        self.setWindowModified(not self.undo_stack.isClean())

    def show_error(self, title: str, message: str) -> None:
        """Tell the player what went wrong, in a message box."""
        QMessageBox.critical(self, title, message)

    def menu(self, title: str) -> QMenu:
        """Return the menu bar's menu called ``title`` (``&Measure``…), made on first use.

        New menus follow the window's own File, Edit and View, in the order first asked for.
        """
        for action in self.menuBar().actions():
            menu = action.menu()
            if isinstance(menu, QMenu) and action.text() == title:
                return menu
        return self.menuBar().addMenu(title)

    # -- edits from the palette and the menus ---------------------------------------------
    def place_terrain(self, datasheet_id: str) -> None:
        """Place a datasheet's piece(s) at the centre of the view."""
        centre = self.view_centre()
        sheets = self.scene.datasheets
        pieces = place_datasheet(
            sheets,
            datasheet_id,
            centre.x(),
            centre.y(),
            piece_id=self.document.new_id(datasheet_id),
        )
        self.undo_stack.push(AddPiecesCommand(self.document, pieces, sheets[datasheet_id].name))

    def add_unit(self, spec: UnitSpec) -> None:
        """Add a unit in its system's formation in free table space near the view's centre."""
        add_unit(self, spec)

    def delete_selected(self) -> None:
        """Delete the selected models and terrain as one undo step."""
        try:
            text = delete_selection(self.scene, self.document, self.undo_stack)
        except EditError as error:
            self.statusBar().showMessage(str(error), 8000)
            return
        if text:
            self.statusBar().showMessage(text, 4000)

    def rotate_selected(self, degrees: float) -> None:
        """Turn the selected models ``degrees`` clockwise."""
        self.scene.rotate_selected(degrees)

    def view_centre(self) -> QPointF:
        """Return the table point at the centre of the view, inches."""
        return self.view.mapToScene(self.view.viewport().rect().center())

    # -- closing ------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: D102 - Qt override
        if self.files.maybe_save():
            event.accept()
        else:
            event.ignore()

    # -- wiring -------------------------------------------------------------------------
    def _build_status_bar(self) -> None:
        self.cursor_label = QLabel("")
        self.selection_label = QLabel("")
        self.statusBar().addWidget(self.selection_label, 1)
        self.statusBar().addPermanentWidget(self.cursor_label)

    def _connect(self) -> None:
        self.undo_stack.cleanChanged.connect(lambda _: self.update_title())
        self.undo_stack.indexChanged.connect(lambda _: self.update_title())
        self.view.cursor_moved.connect(self._on_cursor_moved)
        self.scene.drag_moved.connect(self._on_drag_moved)
        self.scene.selectionChanged.connect(self._on_selection_changed)
        self.document.models_changed.connect(lambda _: self._on_selection_changed())
        self.document.replaced.connect(self._on_replaced)
        for signal in (
            self.document.unit_added,
            self.document.unit_removed,
            self.document.piece_added,
            self.document.piece_removed,
        ):
            signal.connect(lambda _: self._refresh_garrisons())
        self.palette_dock.place_terrain.connect(self.place_terrain)
        self.palette_dock.add_unit.connect(self.add_unit)
        self.palette_dock.delete_selected.connect(self.delete_selected)

    def _on_replaced(self, scenario: Scenario) -> None:
        self.palette_dock.set_datasheets(offered_datasheets(self.library, scenario))
        self.palette_dock.set_sides([(s.id, s.name) for s in scenario.sides])
        self._refresh_garrisons()
        self.update_title()

    def _refresh_garrisons(self) -> None:
        sheets = self.scene.datasheets
        names = {
            p.id: sheets[p.datasheet].name if p.datasheet in sheets else p.id
            for p in self.scenario.terrain
        }
        self.garrisons.set_lines(garrison_lines(self.scenario, names))

    def _on_drag_moved(self, text: str) -> None:
        if text:
            self.statusBar().showMessage(text)
        else:
            self.statusBar().clearMessage()

    def _on_cursor_moved(self, at: QPointF) -> None:
        self.cursor_label.setText(xy_text(at.x(), at.y(),
                                          uses_cm=self.scenario.rule_system.uses_cm))

    def _on_selection_changed(self) -> None:
        if not isValid(self) or not isValid(self.selection_label):
            return
        self.selection_label.setText(selection_text(self.scene, self.scenario))


def new_scenario_default() -> Scenario:
    """Return the empty 72×48 Warhammer 40,000 scenario a bare window starts with."""
    return new_scenario(Table(), RuleSystem.WH40K)
