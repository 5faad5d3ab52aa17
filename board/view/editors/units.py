"""The window's Units menu: add a unit or edit the selected one in the unit editor.

A new unit goes where :func:`board.view.unit_factory.build_unit` finds room near the centre
of the view; an edit replaces the unit's name, side, troop type and profile. Each is one undo
step. The editor's module is imported when it is first opened, not with the window (with the
building editor's, some 0.5 MB of a board's memory, issue 38).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

from board.document.changes import Change
from board.document.events import DocumentChange
from board.game.core.free_space import blocked_boxes
from board.game.placement import Box, NoRoomError
from board.game.systems.setup import base_sizes, troop_types
from board.game.words import counted, member_word
from board.view.commands import AddUnitCommand, ApplyChangeCommand
from board.view.editors.unit_chooser import UnitChooser, unit_choices
from board.view.items.label_item import LabelItem
from board.view.palette import UnitSpec
from board.view.unit_factory import build_unit

if TYPE_CHECKING:
    from board.view.editors.unit_editor import UnitEditor
    from board.view.window import MainWindow

__all__ = ["UnitsController", "add_unit", "blocked_boxes", "install"]


class UnitsController:
    """*Add Unit…* and *Edit Unit…*; ``editor`` and ``chooser`` are the dialogs last opened."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.editor: UnitEditor | None = None
        self.chooser: UnitChooser | None = None
        self.add_action = QAction("&Add Unit…", window)
        self.add_action.setShortcut(QKeySequence("Ctrl+U"))
        self.add_action.setStatusTip("Enter a new unit: name, side, models, base and profile")
        self.add_action.triggered.connect(self.open_new)
        self.edit_action = QAction("&Edit Unit…", window)
        self.edit_action.setShortcut(QKeySequence("Ctrl+Shift+U"))
        self.edit_action.setStatusTip("Change the selected unit's name, side and profile "
                                       "(none selected: choose the unit, inside buildings too)")
        self.edit_action.triggered.connect(lambda *_: self.open_edit())
        window.document.changed.connect(self._on_change)
        self.offer_choices()

    def _on_change(self, event: DocumentChange) -> None:
        if event.replaced:  # a new scenario, perhaps of another rule system
            self.offer_choices()

    def offer_choices(self) -> None:
        """The palette's quick form offers the scenario's system's troop types and bases."""
        system = self.window.scenario.rule_system
        self.window.palette_dock.set_choices(troop_types(system), base_sizes(system))

    def open_new(self) -> UnitEditor:
        """Open the editor for a new unit (shown without blocking)."""
        from board.view.editors.unit_editor import UnitEditor

        window = self.window
        scenario = window.document.scenario
        editor = UnitEditor(scenario.rule_system, scenario.sides, parent=window)
        editor.accepted.connect(lambda: self.add(editor.spec()))
        return self._show(editor)

    def open_edit(self, unit_id: str | None = None) -> UnitEditor | None:
        """Open the editor on ``unit_id``, else the selected unit, else ask which unit.

        A unit inside a building cannot be selected: with no single unit selected, a list
        of every unit (:class:`UnitChooser`) asks which one to edit.
        """
        from board.view.editors.unit_editor import UnitEditor

        window = self.window
        scenario = window.document.scenario
        if unit_id is None:
            unit_ids = {scenario.model(m)[0].id for m in window.scene.selected_model_ids()}
            if len(unit_ids) != 1:
                self._choose()
                return None
            unit_id = unit_ids.pop()
        unit = scenario.unit(unit_id)
        editor = UnitEditor(scenario.rule_system, scenario.sides, unit, parent=window)
        editor.accepted.connect(lambda: self._apply_edit(editor))
        return self._show(editor)

    def _choose(self) -> None:
        """Ask which unit to edit (no unit, or several, selected)."""
        window = self.window
        if not window.scenario.units:
            window.statusBar().showMessage("No unit to edit: add one with Units ▸ Add Unit… "
                                           "(Ctrl+U)", 8000)
            return
        names = {p.id: window.scene.datasheets[p.datasheet].name
                 for p in window.scenario.terrain if p.datasheet in window.scene.datasheets}
        chooser = UnitChooser(unit_choices(window.scenario, names), self.open_edit, window)
        if self.chooser is not None:
            self.chooser.close()
        self.chooser = chooser
        chooser.setModal(True)
        chooser.show()

    def _show(self, editor: UnitEditor) -> UnitEditor:
        if self.editor is not None:
            self.editor.close()
        self.editor = editor
        editor.setModal(True)
        editor.show()
        return editor

    def add(self, spec: UnitSpec) -> None:
        """Add ``spec``'s unit near the centre of the view, one undo step."""
        add_unit(self.window, spec)

    def _apply_edit(self, editor: UnitEditor) -> None:
        new = editor.edited()
        change = Change(units={new.id: new})
        self.window.undo_stack.push(ApplyChangeCommand(self.window.document, change,
                                                       f"Edit {new.name}"))


def label_boxes(window: MainWindow) -> list[Box]:
    """The boxes of the buildings as drawn: markers and name labels (kept uncovered)."""
    boxes: list[Box] = []
    view = window.view
    for item in window.scene.piece_items().values():
        drawn = item.sceneBoundingRect()  # the footprint with its doors, slits and badges
        boxes.append((drawn.left(), drawn.top(), drawn.right(), drawn.bottom()))
        for child in item.childItems():
            if isinstance(child, LabelItem) and child.isVisible():
                # A label keeps its size on screen: measured in the view's pixels.
                pixels = child.deviceTransform(view.viewportTransform()).mapRect(
                    child.boundingRect())
                rect = view.mapToScene(pixels.toAlignedRect()).boundingRect()
                boxes.append((rect.left(), rect.top(), rect.right(), rect.bottom()))
    return boxes


def add_unit(window: MainWindow, spec: UnitSpec) -> None:
    """Add ``spec``'s unit in free table space near the centre of the view, one undo step.

    It keeps clear of every building, model and building label on the table.
    """
    centre = window.view_centre()
    blocked = blocked_boxes(window.scene.world()) + label_boxes(window)
    try:
        unit = build_unit(window.document, spec, (centre.x(), centre.y()), blocked)
    except NoRoomError as error:
        window.show_error("Add unit", str(error))
        return
    window.undo_stack.push(AddUnitCommand(window.document, unit))
    word = member_word(window.scenario.rule_system)  # "stand" in Epic 40,000
    window.statusBar().showMessage(f"Added {unit.name}: {counted(len(unit.models), word)}",
                                   4000)


def install(window: MainWindow) -> None:
    """Give ``window`` its Units menu (``window.features.units``)."""
    controller = UnitsController(window)
    window.features.units = controller
    menu = window.menu("&Units")
    menu.addAction(controller.add_action)
    menu.addAction(controller.edit_action)
