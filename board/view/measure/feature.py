"""The Measure menu, its tools and the Measurements dock, installed into the main window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from board.game.core.targets import ModelTarget, PieceTarget, Target, UnitTarget
from board.game.measuring.rings import parse_distances, ring_annotation
from board.view.measure.dock import MeasureDock
from board.view.measure.layer import MeasureLayer
from board.view.measure.levels import LevelControl
from board.view.measure.tools import RulerTool, WithinTool

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["MeasureFeature", "install"]


class MeasureFeature:
    """The measuring tools of one window: what the menu, the tool bar and the dock call."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.layer = MeasureLayer(window.scene)
        self.dock = MeasureDock(self, window)
        self.actions: dict[str, QAction] = {}
        self.levels = LevelControl(self)
        self.dock.refresh()  # now with the heights rule the levels offer
        self.layer.readout_changed.connect(self._status)
        self.layer.hover_changed.connect(
            lambda name: self.window.statusBar().showMessage(f"A click measures to: {name}"))

    # -- tools --------------------------------------------------------------------------------
    def start_ruler(self) -> RulerTool:
        """Make the ruler the active tool."""
        tool = RulerTool(self.layer)
        self.window.scene.set_tool(tool)
        self.dock.raise_()
        return tool

    def start_within(self) -> WithinTool:
        """Make "Is it within N?" the active tool (the selected unit is the one checked)."""
        tool = WithinTool(self.layer)
        self.window.scene.set_tool(tool)
        self.dock.raise_()
        return tool

    def within_zone(self, target: Target) -> None:
        """Check against a zone: the within tool's target becomes ``target``."""
        tool = self.window.scene.tool
        if not isinstance(tool, WithinTool):
            tool = self.start_within()
        tool.set_target(target)

    def keep(self) -> bool:
        """Keep the active ruler or verdict as an annotation (one undo step)."""
        tool = self.window.scene.tool
        if isinstance(tool, RulerTool | WithinTool) and tool.keep():
            return True
        self.dock.show_reading("Nothing to keep: measure with the ruler or Within N? first")
        return False

    # -- rings ----------------------------------------------------------------------------
    def selection_target(self) -> Target | None:
        """The one model, whole unit or building selected, if that is what is selected."""
        scene = self.window.scene
        models, pieces = scene.selected_model_ids(), scene.selected_piece_ids()
        if len(pieces) == 1 and not models:
            return PieceTarget(pieces[0])
        if pieces or not models:
            return None
        if len(models) == 1:
            return ModelTarget(models[0])
        units = {self.window.scenario.model(m)[0].id: self.window.scenario.model(m)[0]
                 for m in models}
        if len(units) != 1:
            return None
        unit = next(iter(units.values()))
        return UnitTarget(unit.id) if {m.id for m in unit.models} == set(models) else None

    def ring_choices(self) -> list[tuple[str, str | None]]:
        """What rings may go around: the selection, or one weapon of a selected building."""
        choices: list[tuple[str, str | None]] = [("the selection", None)]
        target = self.selection_target()
        if isinstance(target, PieceTarget) and target.piece_id in self.layer.world().pieces:
            mounts = self.layer.world().piece(target.piece_id).mounts
            names = self.layer.namer()
            choices += [(names.mount(target.piece_id, m.id), m.id) for m in mounts]
        return choices

    def rings_around_selection(self, text: str, mount: str | None = None) -> bool:
        """Keep range rings at the distances in ``text`` around the selection.

        With ``mount``, around that emplaced weapon of the selected building instead.
        """
        target = self.selection_target()
        if target is None or mount is not None and not isinstance(target, PieceTarget):
            what = "one building" if mount else "one model, a whole unit or one building"
            self.dock.show_reading(f"Rings: select {what} first")
            return False
        unit = self.layer.unit
        try:
            distances = parse_distances(text, unit)
        except ValueError as error:
            self.dock.show_reading(f"Rings: {error}")
            return False
        annotation = ring_annotation(self.layer.new_id("ring"), target, distances, unit,
                                     mount=mount)
        self.layer.keep(annotation, "Add range rings")
        return True

    def weapon_ranges(self) -> bool:
        """Keep the selected building's emplaced weapon ranges on the board."""
        target = self.selection_target()
        if not isinstance(target, PieceTarget) or not self.layer.world().piece(
                target.piece_id).mounts:
            self.dock.show_reading("Weapons: select one building with emplaced weapons first")
            return False
        annotation = ring_annotation(self.layer.new_id("ring"), target, (), self.layer.unit,
                                     weapons=True)
        self.layer.keep(annotation, "Show emplaced weapon ranges")
        return True

    def _status(self, text: str) -> None:
        if text:
            self.window.statusBar().showMessage(text.split("\n")[0])

    # -- menu -------------------------------------------------------------------------------
    def build_menu(self) -> None:
        """Add the Measure menu and the ruler's tool bar button."""
        menu = self.window.menu("&Measure")
        for key, text, slot, shortcut in (
            ("ruler", "&Ruler", self.start_ruler, "M"),
            ("within", "Is it &within N?", self.start_within, "N"),
            ("keep", "&Keep measurement", self.keep, "K"),
            ("rings", "Range rings around selection", lambda: self.rings_around_selection(
                self.dock.rings.text()), None),
            ("weapons", "Emplaced weapon ranges", self.weapon_ranges, None),
        ):
            action = QAction(text, self.window)
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(lambda *_, s=slot: s())
            menu.addAction(action)
            self.actions[key] = action
        menu.addSeparator()
        for key, action in zip(("level_up", "level_down"), self.levels.actions(), strict=True):
            menu.addAction(action)
            self.actions[key] = action
        menu.addSeparator()
        menu.addAction(self.dock.toggleViewAction())
        self.window.tool_bar.addAction(self.actions["ruler"])
        self.window.tool_bar.addAction(self.actions["within"])


def install(window: MainWindow) -> None:
    """Give ``window`` the Measure menu, the measuring tools and the Measurements dock."""
    feature = MeasureFeature(window)
    feature.build_menu()
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, feature.dock)
    window.tabifyDockWidget(window.palette_dock, feature.dock)  # a tab beside the palette
    window.palette_dock.raise_()
    window.features.measure = feature
