"""Undo commands: each changes the document through its edit API, never an item.

The scene hears the document's signals and moves its items; undo and redo therefore work the
same whether the change came from a drag, a menu or a test.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from board.document.changes import Change, apply_change
from board.document.edits import EditError, ScenarioDocument
from board.document.model import Model, TerrainPiece, Unit
from board.game.words import member_word

__all__ = [
    "DocumentCommand",
    "BoardUndoStack",
    "DEFAULT_UNDO_LIMIT",
    "ApplyChangeCommand",
    "MoveModelsCommand",
    "TurnModelsCommand",
    "PlacePiecesCommand",
    "AddPiecesCommand",
    "RemovePieceCommand",
    "AddUnitCommand",
    "RemoveUnitCommand",
    "RemoveModelsCommand",
    "ClaimPieceCommand",
]

Point = tuple[float, float]
Placement = tuple[float, float, float]

#: Command ids for merging consecutive steps of the same gesture.
ROTATE_ID = 1001


#: Undo steps kept by default (older ones are forgotten, so a long session's memory levels
#: off); the window reads its ``undo_limit`` setting (0: keep every step).
DEFAULT_UNDO_LIMIT = 1000


class DocumentCommand(QUndoCommand):
    """An undo command that edits the document; :meth:`do` is its redo.

    Pushed on a :class:`BoardUndoStack`, it is done *before* it goes on the stack: an edit the
    document refuses (``EditError``, an unknown id) leaves neither a change nor a step.
    """

    _done_early = False

    def do(self) -> None:
        """Make the edit (redo)."""
        raise NotImplementedError

    def redo(self) -> None:  # noqa: D102 - Qt override
        if self._done_early:  # done by BoardUndoStack.push just before Qt's first redo
            self._done_early = False
            return
        self.do()


class BoardUndoStack(QUndoStack):
    """The window's undo stack: a refused edit is not pushed, and the history is bounded.

    Parameters
    ----------
    limit
        Steps kept (0: all); :data:`DEFAULT_UNDO_LIMIT` by default.
    """

    #: An edit was refused (why): nothing changed, no step was added.
    refused = Signal(str)

    def __init__(self, parent: QObject | None = None, limit: int = DEFAULT_UNDO_LIMIT) -> None:
        super().__init__(parent)
        self.setUndoLimit(max(0, int(limit)))

    def push(self, cmd: QUndoCommand) -> None:  # noqa: D102 - Qt override
        if isinstance(cmd, DocumentCommand):
            try:
                cmd.do()
            except (EditError, KeyError) as error:
                self.refused.emit(str(error).strip("'\""))
                return
            cmd._done_early = True
        super().push(cmd)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class MoveModelsCommand(DocumentCommand):
    """Move models from ``old`` to ``new`` positions (a whole drag is one command)."""

    def __init__(
        self, document: ScenarioDocument, old: dict[str, Point], new: dict[str, Point]
    ) -> None:
        word = member_word(document.scenario.rule_system)  # "stand" in Epic 40,000
        super().__init__(f"Move {_count(len(new), word)}")
        self._document, self._old, self._new = document, dict(old), dict(new)

    def do(self) -> None:  # noqa: D102 - see DocumentCommand
        self._document.move_models(self._new)

    def undo(self) -> None:  # noqa: D102 - Qt override
        self._document.move_models(self._old)


class TurnModelsCommand(DocumentCommand):
    """Turn models: new facings, and new places for a formation turned about its centre.

    Consecutive turns of the same models merge into one step (R pressed twice is one undo).
    """

    def __init__(
        self, document: ScenarioDocument, old: dict[str, Placement], new: dict[str, Placement]
    ) -> None:
        super().__init__(f"Rotate {_count(len(new), 'model')}")
        self._document, self._old, self._new = document, dict(old), dict(new)

    def id(self) -> int:  # noqa: D102 - Qt override
        return ROTATE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: D102 - Qt override
        if not isinstance(other, TurnModelsCommand) or set(other._new) != set(self._new):
            return False
        self._new = dict(other._new)
        return True

    def do(self) -> None:  # noqa: D102 - see DocumentCommand
        self._set(self._new)

    def undo(self) -> None:  # noqa: D102 - Qt override
        self._set(self._old)

    def _set(self, placements: dict[str, Placement]) -> None:
        moved = [mid for mid, (x, y, _) in self._new.items() if (x, y) != self._old[mid][:2]]
        if moved:  # a formation turned about its centre: its models move as they turn
            self._document.move_models({mid: placements[mid][:2] for mid in moved})
        self._document.rotate_models({mid: f for mid, (_, _, f) in placements.items()})


class PlacePiecesCommand(DocumentCommand):
    """Move or turn terrain pieces: ``(x, y, rotation)`` from ``old`` to ``new``."""

    def __init__(
        self,
        document: ScenarioDocument,
        old: dict[str, Placement],
        new: dict[str, Placement],
    ) -> None:
        super().__init__(f"Move {_count(len(new), 'terrain piece')}")
        self._document, self._old, self._new = document, dict(old), dict(new)

    def do(self) -> None:  # noqa: D102 - see DocumentCommand
        self._document.place_pieces(self._new)

    def undo(self) -> None:  # noqa: D102 - Qt override
        self._document.place_pieces(self._old)


class AddPiecesCommand(DocumentCommand):
    """Place terrain pieces (a multi-part building's parts together)."""

    def __init__(
        self, document: ScenarioDocument, pieces: list[TerrainPiece], name: str = ""
    ) -> None:
        super().__init__(f"Place {name or _count(len(pieces), 'terrain piece')}")
        self._document, self._pieces = document, list(pieces)

    def do(self) -> None:  # noqa: D102 - see DocumentCommand
        self._document.add_pieces(self._pieces)

    def undo(self) -> None:  # noqa: D102 - Qt override
        for piece in reversed(self._pieces):
            self._document.remove_piece(piece.id)


class RemovePieceCommand(DocumentCommand):
    """Take a terrain piece off the table."""

    def __init__(
        self, document: ScenarioDocument, piece_id: str, parent: QUndoCommand | None = None,
        name: str = "a terrain piece",
    ) -> None:
        super().__init__(f"Delete {name}", parent)  # the piece's name, never its id
        self._document, self._piece_id = document, piece_id
        self._removed: tuple[int, TerrainPiece] | None = None

    def do(self) -> None:  # noqa: D102 - see DocumentCommand
        self._removed = self._document.remove_piece(self._piece_id)

    def undo(self) -> None:  # noqa: D102 - Qt override
        assert self._removed is not None
        index, piece = self._removed
        self._document.add_pieces([piece], index)


class AddUnitCommand(DocumentCommand):
    """Put a new unit on the table."""

    def __init__(self, document: ScenarioDocument, unit: Unit) -> None:
        super().__init__(f"Add {unit.name}")
        self._document, self._unit = document, unit

    def do(self) -> None:  # noqa: D102 - see DocumentCommand
        self._document.add_unit(self._unit)

    def undo(self) -> None:  # noqa: D102 - Qt override
        self._document.remove_unit(self._unit.id)


class RemoveUnitCommand(DocumentCommand):
    """Take a whole unit off the table."""

    def __init__(
        self, document: ScenarioDocument, unit_id: str, parent: QUndoCommand | None = None
    ) -> None:
        unit = next((u for u in document.scenario.units if u.id == unit_id), None)
        super().__init__(f"Delete {unit.name if unit is not None else 'a unit'}", parent)
        self._document, self._unit_id = document, unit_id
        self._removed: tuple[int, Unit] | None = None

    def do(self) -> None:  # noqa: D102 - see DocumentCommand
        self._removed = self._document.remove_unit(self._unit_id)

    def undo(self) -> None:  # noqa: D102 - Qt override
        assert self._removed is not None
        index, unit = self._removed
        self._document.add_unit(unit, index)


class RemoveModelsCommand(DocumentCommand):
    """Take some models of their units off the table (casualties)."""

    def __init__(
        self, document: ScenarioDocument, model_ids: list[str], parent: QUndoCommand | None = None
    ) -> None:
        super().__init__(f"Remove {_count(len(model_ids), 'model')}", parent)
        self._document, self._ids = document, list(model_ids)
        self._removed: list[tuple[str, int, Model]] = []

    def do(self) -> None:  # noqa: D102 - see DocumentCommand
        self._removed = self._document.remove_models(self._ids)

    def undo(self) -> None:  # noqa: D102 - Qt override
        self._document.restore_models(self._removed)


class ClaimPieceCommand(DocumentCommand):
    """Mark a building as held by a side, or by nobody."""

    def __init__(
        self, document: ScenarioDocument, piece_id: str, side_id: str | None, text: str
    ) -> None:
        super().__init__(text)
        self._document, self._piece_id, self._side = document, piece_id, side_id
        self._old: str | None = None

    def do(self) -> None:  # noqa: D102 - see DocumentCommand
        self._old = self._document.claim_piece(self._piece_id, self._side)

    def undo(self) -> None:  # noqa: D102 - Qt override
        self._document.claim_piece(self._piece_id, self._old)


class ApplyChangeCommand(DocumentCommand):
    """A game action's whole effect (a :class:`~board.document.changes.Change`) as one step.

    Embarking, disembarking, a shot that collapses a building with everything that follows,
    a kept measurement: the action builds the change, this command applies it and undoes it
    whole.
    """

    def __init__(self, document: ScenarioDocument, change: Change, text: str) -> None:
        super().__init__(text)
        self._document, self._change = document, change
        self._inverse: Change | None = None

    def do(self) -> None:  # noqa: D102 - see DocumentCommand
        self._inverse = apply_change(self._document, self._change)

    def undo(self) -> None:  # noqa: D102 - Qt override
        assert self._inverse is not None
        self._change = apply_change(self._document, self._inverse)
