"""The right-click menu on a building: who holds it."""

from __future__ import annotations

from functools import partial

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QMenu, QWidget

from board.document.edits import ScenarioDocument
from board.game.words import says
from board.view.commands import ClaimPieceCommand

__all__ = ["building_menu"]


def building_menu(
    document: ScenarioDocument, stack: QUndoStack, piece_id: str, parent: QWidget | None = None,
    name: str = "the building",
) -> QMenu:
    """Return a menu to mark ``piece_id`` as claimed by one side or by nobody (undoable).

    ``name`` is what the player calls the piece (its datasheet's name): the menu's title and
    the undo step's words.
    """
    scenario = document.scenario
    piece = scenario.piece(piece_id)
    menu = QMenu(parent)
    menu.setTitle(name)
    for side in scenario.sides:
        action = menu.addAction(f"Claimed by {side.name}")
        action.setCheckable(True)
        action.setChecked(piece.claimed_by == side.id)
        action.triggered.connect(
            partial(_claim, document, stack, piece_id, side.id,
                    f"{side.name} {says(side.name, 'claims', 'claim')} {name}")
        )
    nobody = menu.addAction("Unclaimed")
    nobody.setCheckable(True)
    nobody.setChecked(piece.claimed_by is None)
    nobody.triggered.connect(
        partial(_claim, document, stack, piece_id, None, f"{name} unclaimed")
    )
    return menu


def _claim(
    document: ScenarioDocument,
    stack: QUndoStack,
    piece_id: str,
    side_id: str | None,
    text: str,
    *_: object,
) -> None:
    if document.scenario.piece(piece_id).claimed_by != side_id:
        stack.push(ClaimPieceCommand(document, piece_id, side_id, text))
