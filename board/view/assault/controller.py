"""The controller behind *Storm a Building…*: picks the building, opens the right dialog.

The dialogs' modules are imported when a building is first stormed, not with the window
(some 0.5 MB of a board's memory, issue 38).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog

from board.game.core.buildings import BuildingStateError, building_rules
from board.game.kit import Dice
from board.game.systems.protocol import AssaultKind
from board.game.systems.registry import system_for
from board.view.assault.tool import StormTool

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["StormController"]


#: An assault dialog's class: made with the window, the building and the dice.
Opener: TypeAlias = "Callable[[MainWindow, str, Callable[[], Dice]], QDialog]"


def _close_combat() -> Opener:
    from board.view.assault.wh40k_dialog import CloseCombatDialog

    return CloseCombatDialog


def _epic() -> Opener:
    from board.view.assault.epic_dialog import EpicAssaultDialog

    return EpicAssaultDialog


def _fantasy() -> Opener:
    from board.view.assault.fantasy_dialog import FantasyAssaultDialog

    return FantasyAssaultDialog


#: The dialog of each kind of building assault (the rule system says which it plays), each
#: imported when first asked for.
DIALOGS: dict[AssaultKind, Callable[[], Opener]] = {
    AssaultKind.CLOSE_COMBAT: _close_combat,
    AssaultKind.EPIC: _epic,
    AssaultKind.FANTASY: _fantasy,
}


class StormController:
    """Open the assault dialog of the scenario's rule system for a building.

    ``make_dice`` makes the dice of each assault (tests hand in :class:`rules.dice.FixedDice`).
    ``dialog`` is the dialog last opened; dialogs are shown without blocking.
    """

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.make_dice: Callable[[], Dice] = Dice
        self.dialog: QDialog | None = None
        self.action = QAction("&Storm a Building…", window)
        self.action.setShortcut(QKeySequence("Ctrl+Shift+A"))
        self.action.setStatusTip("Assault a building: select it, or click it after this")
        self.action.triggered.connect(self.start)

    def start(self) -> None:
        """Storm the selected building, or ask for a click on one."""
        scene = self.window.scene
        selected = scene.selected_piece_ids()
        if len(selected) == 1:
            self.storm(selected[0])
            return
        scene.set_tool(StormTool(scene, self._picked))  # the status bar shows its prompt

    def _picked(self, piece_id: str) -> None:
        self.window.scene.set_tool(None)
        self.storm(piece_id)

    def storm(self, piece_id: str) -> QDialog | None:
        """Open the assault dialog for ``piece_id``; refuse in words if it is no building."""
        window = self.window
        scenario = window.document.scenario
        try:
            rules_object = building_rules(scenario, window.library, scenario.piece(piece_id))
        except BuildingStateError as error:
            window.show_error("Storm a building", str(error))
            return None
        if rules_object is None:
            window.show_error("Storm a building",
                              f"{_name(window, piece_id)} is not a building under "
                              f"{scenario.rule_system.label}")
            return None
        if self.dialog is not None:
            self.dialog.close()
        self.dialog = self._dialog(piece_id)
        self.dialog.show()
        return self.dialog

    def _dialog(self, piece_id: str) -> QDialog:
        kind = system_for(self.window.document.scenario.rule_system).assault
        return DIALOGS[kind]()(self.window, piece_id, self.make_dice)


def _name(window: MainWindow, piece_id: str) -> str:
    sheets = window.scene.datasheets
    piece = window.document.scenario.piece(piece_id)
    return sheets[piece.datasheet].name if piece.datasheet in sheets else piece_id
