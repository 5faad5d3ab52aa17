"""The main window: the board, its menus, the palette, the status bar, files and undo."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QMessageBox, QWidget
from shiboken6 import isValid

from board.document.collector import collector_paused
from board.document.datasheets import DatasheetLibrary, place_datasheet
from board.document.edits import EditError, ScenarioDocument
from board.document.events import DocumentChange
from board.document.model import Scenario, Table
from board.view import actions
from board.view.commands import (
    DEFAULT_UNDO_LIMIT,
    AddPiecesCommand,
    BoardUndoStack,
)
from board.view.deletion import delete_selection, selection_text
from board.view.docks import GarrisonDock, garrison_lines
from board.view.feature_registry import Features
from board.view.files import FileController
from board.view.game_messages import forget_game_messages
from board.view.memory import give_back_free_memory, let_go_of_sources, set_aside_long_lived
from board.view.new_dialog import new_scenario
from board.view.palette import PaletteDock, UnitSpec, offered_datasheets
from board.view.readout import PositionReadout
from board.view.recovery import JournalKeeper
from board.view.rulers import BoardWidget
from board.view.scene import BoardScene
from board.view.system_units import xy_text
from board.view.view import BoardView

if TYPE_CHECKING:
    from board.view.assault.controller import StormController
    from board.view.buildings.controller import BuildingController
    from board.view.deploy.controller import DeployController
    from board.view.export.controller import ExportController
    from board.view.log.dock import LogDock
    from board.view.measure.feature import MeasureFeature
    from board.view.remote.controller import RemoteController
    from board.view.replay.dialog import ReplayController
    from board.view.shooting.feature import ShootingFeature

__all__ = ["MainWindow"]

T = TypeVar("T")


def _installed(tool: T | None, name: str) -> T:
    """The installed tool; ``AttributeError`` before :meth:`MainWindow.install_features`."""
    if tool is None:
        raise AttributeError(f"the {name} tool is not installed yet (install_features)")
    return tool


class MainWindow(QMainWindow):
    """The battleboard window over one scenario document.

    Parameters
    ----------
    library
        The datasheets terrain is drawn and placed from.
    settings
        Where recent files and the undo limit are kept (the user's settings when ``None``).
    features
        Install the tools (menus, docks, overlays) now; ``False``: later, by
        :meth:`install_features`.
    journal, journal_folder
        Keep a journal of the board (:mod:`board.view.recovery`); unsaved boards' journals go
        to ``journal_folder`` (the user data folder when ``None``).
    board_follows
        A board is put on the window next (``battleboard``'s launch): the journal begins with
        it, not with the empty board the window is made with (one journal written, not two).
    """

    def __init__(
        self,
        library: DatasheetLibrary,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
        *,
        features: bool = True,
        journal: bool = False,
        journal_folder: Path | None = None,
        board_follows: bool = False,
    ) -> None:
        super().__init__(parent)
        self.library = library
        self.document = ScenarioDocument(new_scenario_default())
        settings = settings or QSettings("battleboard", "battleboard")
        self.undo_stack = BoardUndoStack(self, undo_limit(settings))
        self.scene = BoardScene(self.document, library, self.undo_stack)
        self.view = BoardView(self.scene)
        self.board = BoardWidget(self.view)
        self.setCentralWidget(self.board)
        self.palette_dock = PaletteDock(self)
        self.garrisons = GarrisonDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.palette_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.garrisons)
        self.resizeDocks([self.palette_dock, self.garrisons], [700, 140], Qt.Orientation.Vertical)
        self.files = FileController(self, settings)
        #: The journal of the board (``None``: not kept; ``battleboard`` keeps one).
        self.journal: JournalKeeper | None = (
            JournalKeeper(self, journal_folder) if journal or journal_folder else None)
        self._build_status_bar()
        self.actions_: dict[str, QAction] = {}
        self.recent_menu: QMenu | None = None
        actions.build_menus(self)
        self.tool_bar = self.addToolBar("Tools")
        self.tool_bar.setObjectName("tools")
        self.features_installed = False
        #: The tools :mod:`board.view.features` installed, by name and type.
        self.features = Features()
        if features:
            self.install_features()
        self._connect()
        self._on_replaced(self.document.scenario)
        if self.journal is not None and not board_follows:
            self.journal.start(None)
        self.resize(1400, 900)  # the launch fits it to the screen (board.view.screen_fit)

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
        let_go_of_sources()  # what importing the tools left behind (board/view/memory.py)

    # -- the installed tools, by name (AttributeError until installed) -----------------------
    @property
    def log_dock(self) -> LogDock:
        """The Log dock."""
        return _installed(self.features.log_dock, "log_dock")

    @property
    def deploy(self) -> DeployController:
        """The Deploy menu's controller."""
        return _installed(self.features.deploy, "deploy")

    @property
    def exporter(self) -> ExportController:
        """File ▸ Export View…'s controller."""
        return _installed(self.features.exporter, "exporter")

    @property
    def buildings(self) -> BuildingController:
        """The Building dock's controller (embark, disembark, void shields)."""
        return _installed(self.features.buildings, "buildings")

    @property
    def measure(self) -> MeasureFeature:
        """The Measure menu and dock."""
        return _installed(self.features.measure, "measure")

    @property
    def storm(self) -> StormController:
        """Storm a Building…'s controller."""
        return _installed(self.features.storm, "storm")

    @property
    def remote(self) -> RemoteController:
        """The shared game (Host, Join, Leave)."""
        return _installed(self.features.remote, "remote")

    @property
    def replay(self) -> ReplayController:
        """File ▸ Replay…'s controller."""
        return _installed(self.features.replay, "replay")

    @property
    def shooting(self) -> ShootingFeature:
        """The Shoot and Game menus and the Shooting dock."""
        return _installed(self.features.shooting, "shooting")

    # -- the document ------------------------------------------------------------------------
    @property
    def scenario(self) -> Scenario:
        """The scenario on the board."""
        return self.document.scenario

    def show_scenario(self, scenario: Scenario, path: Path | None = None, *,
                      recovered: bool = False) -> None:
        """Put ``scenario`` on the board (history cleared), read from ``path`` if given.

        ``recovered``: it was rebuilt from a journal, so it differs from ``path``; it shows
        as modified until saved.
        """
        self.scene.escape()  # a tool of the last game ends with it (its prompt too)
        self.undo_stack.clear()
        if self.journal is not None:
            self.journal.stop(delete=True)
        self.fit_to(scenario)
        with collector_paused():  # a whole board drawn: its objects all live on
            self.document.replace(scenario)
        self.files.path = path
        self.files.read_only = False
        self.files.disk_sha = None  # Open sets it: the file as read
        self.undo_stack.setClean()
        if recovered:
            self.undo_stack.resetClean()
        if self.journal is not None:
            self.journal.start(path, base_in_file=not recovered)
        self.update_title()
        self.view.fit_table()
        set_aside_long_lived(sum(len(u.models) for u in scenario.units if u.on_table))

    def fit_to(self, scenario: Scenario) -> None:
        """Lay ``scenario``'s table and show all of it, before its board is drawn.

        The board's labels are then judged once, at the zoom the player sees, not once at the
        old zoom and again after the fit.
        """
        self.scene.set_table(scenario)
        self.view.fit_table()

    def update_title(self) -> None:
        """Show the file's name (or the scenario's) and the modified mark."""
        if not isValid(self):  # the undo stack signals while the window is destroyed
            return
        name = self.files.path.name if self.files.path else self.scenario.name
        if self.files.read_only:
            name += " (read-only)"
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
        from board.view.editors.units import add_unit  # its free-space search: not at launch

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
            if self.journal is not None:
                self.journal.stop(delete=True)
            event.accept()
        else:
            event.ignore()

    # -- wiring -------------------------------------------------------------------------
    def _build_status_bar(self) -> None:
        self.cursor_label = PositionReadout()  # repaints alone on every mouse move
        self._cursor_at: QPointF | None = None  # where the cursor was last on the table
        self.selection_label = QLabel("")
        self.statusBar().addWidget(self.selection_label, 1)
        self.statusBar().addPermanentWidget(self.cursor_label)

    def _connect(self) -> None:
        self.undo_stack.refused.connect(lambda why: self.statusBar().showMessage(why, 8000))
        self.undo_stack.cleanChanged.connect(lambda _: self.update_title())
        self.undo_stack.indexChanged.connect(lambda _: self.update_title())
        self.view.cursor_moved.connect(self._on_cursor_moved)
        self.scene.drag_moved.connect(self._on_drag_moved)
        self.scene.prompt_changed.connect(self._show_prompt)
        self.statusBar().messageChanged.connect(self._on_status_message)
        self.scene.selectionChanged.connect(self._on_selection_changed)
        self.document.changed.connect(self._on_document_changed)
        self.palette_dock.place_terrain.connect(self.place_terrain)
        self.palette_dock.add_unit.connect(self.add_unit)
        self.palette_dock.delete_selected.connect(self.delete_selected)

    def _on_document_changed(self, event: DocumentChange) -> None:
        if event.replaced:
            self._on_replaced(self.document.scenario)
            return
        if event.models_changed:
            self._on_selection_changed()
        garrisons = event.units_touched or event.pieces_added or event.pieces_removed
        if garrisons or (event.pieces_changed and event.op == "apply_change"):
            self._refresh_garrisons()

    def _on_replaced(self, scenario: Scenario) -> None:
        forget_game_messages(self)  # File ▸ New or Open: the last game's words go with it
        self.palette_dock.set_datasheets(offered_datasheets(self.library, scenario))
        self.palette_dock.set_sides([(s.id, s.name) for s in scenario.sides])
        self._refresh_garrisons()
        self.update_title()
        if self._cursor_at is not None:  # in the new board's unit (cm for Epic), at once
            self._on_cursor_moved(self._cursor_at)

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
            self._show_prompt(self.scene.tool.prompt())  # the drag is over: the tool's again
            give_back_free_memory()  # what the drag's pictures and readings left behind

    def _show_prompt(self, text: str) -> None:
        """The status bar says what the active tool expects, or nothing (no tool's leftovers)."""
        if text:
            self.statusBar().showMessage(text)
        else:
            self.statusBar().clearMessage()

    def _on_status_message(self, text: str) -> None:
        """A menu's tip or a refusal ended: the active tool's prompt comes back.

        Hovering a menu item shows its tip and clears the message; without this, the tool
        stayed armed with nothing saying so.
        """
        if not text and isValid(self) and isValid(self.scene):
            prompt = self.scene.tool.prompt()
            if prompt:
                self.statusBar().showMessage(prompt)

    def _on_cursor_moved(self, at: QPointF) -> None:
        self._cursor_at = QPointF(at)
        self.cursor_label.setText(xy_text(at.x(), at.y(),
                                          uses_cm=self.scenario.rule_system.uses_cm))

    def _on_selection_changed(self) -> None:
        if not isValid(self) or not isValid(self.selection_label):
            return
        self.selection_label.setText(selection_text(self.scene, self.scenario))


#: The setting that bounds the undo history (steps; 0 keeps every step).
UNDO_LIMIT_KEY = "undo_limit"


def undo_limit(settings: QSettings) -> int:
    """The undo history's bound from ``settings`` (:data:`DEFAULT_UNDO_LIMIT` when unset or bad)."""
    value = settings.value(UNDO_LIMIT_KEY, DEFAULT_UNDO_LIMIT)
    try:
        return max(0, int(str(value)))
    except ValueError:
        return DEFAULT_UNDO_LIMIT


def new_scenario_default() -> Scenario:
    """Return the empty 72×48 scenario a bare window starts with.

    Its rule system is the document's default (``Scenario.rule_system``, Warhammer 40,000)
    until the player picks another (File ▸ New).
    """
    return new_scenario(Table(), Scenario().rule_system)
