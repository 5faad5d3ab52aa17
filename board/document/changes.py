"""Compound edits: a game action's whole effect on the document as one undoable value.

A shot that collapses a building changes the building's state, kills models, moves the
survivors out, claims and releases, and writes the log. Rather than one undo command per
kind of change, the action builds a :class:`Change` — the new versions of the units, pieces
and annotations it touches, the options it sets and the log lines it adds — and the document
applies it (:meth:`~board.document.edits.ScenarioDocument.apply_change`, or
:func:`apply_change` here), which returns the inverse :class:`Change`. Applying the
inverse puts every touched object back exactly (the same instances), so one undo command
(``board.view.commands.ApplyChangeCommand``) undoes the whole action.

Objects in a change are the new versions: build them with :func:`copy.deepcopy` of the
current ones, then edit the copies. ``None`` as a new version removes the object.

>>> import copy
>>> from board.document.edits import ScenarioDocument
>>> from board.document.model import (
...     Base, LogEntry, Model, Scenario, Side, TerrainPiece, TroopType, Unit)
>>> unit = Unit("u1", "Squad", "red", TroopType.INFANTRY, [Model("m1", Base.round_mm(32), 5, 5)])
>>> bastion = TerrainPiece("bastion", "imperial_bastion", 10.0, 10.0)
>>> doc = ScenarioDocument(Scenario(sides=[Side("red", "Red", "#c03030")], units=[unit],
...                                 terrain=[bastion]))
>>> inside = copy.deepcopy(unit)
>>> inside.embarked_in = "bastion"
>>> undo = apply_change(doc, Change(units={"u1": inside}, log=[LogEntry("Squad embarks")]))
>>> doc.scenario.unit("u1").embarked_in, len(doc.scenario.log)
('bastion', 1)
>>> _ = apply_change(doc, undo)
>>> doc.scenario.unit("u1") is unit, len(doc.scenario.log)
(True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from board.document.model import Annotation, LogEntry, TerrainPiece, Unit

if TYPE_CHECKING:
    from board.document.edits import ScenarioDocument

__all__ = ["Change", "apply_change", "UNSET"]


class _Unset:
    """Marks an option the change deletes (the scenario had none)."""

    def __repr__(self) -> str:
        return "UNSET"


#: The value of an option in :attr:`Change.options` that removes it.
UNSET: Any = _Unset()


@dataclass
class Change:
    """New versions of what an action touches; ``None`` removes, an unknown id adds.

    ``*_index`` give the list position for an added object (used by inverses, so that an
    undone removal puts the object back where it was). ``log`` lines are appended;
    ``log_keep`` first cuts the log to that many lines (inverses use it).
    """

    units: dict[str, Unit | None] = field(default_factory=dict)
    pieces: dict[str, TerrainPiece | None] = field(default_factory=dict)
    annotations: dict[str, Annotation | None] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    log: list[LogEntry] = field(default_factory=list)
    log_keep: int | None = None
    unit_index: dict[str, int] = field(default_factory=dict)
    piece_index: dict[str, int] = field(default_factory=dict)
    annotation_index: dict[str, int] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        """Whether applying it would change nothing."""
        return not (
            self.units or self.pieces or self.annotations or self.options or self.log
        ) and self.log_keep is None


def apply_change(document: ScenarioDocument, change: Change) -> Change:
    """Apply ``change`` to ``document`` and return the change that undoes it.

    The same as ``document.apply_change(change)``: the document applies it (it is the one
    writer of a scenario), checks everything before anything changes (a refused change, an
    :class:`~board.document.edits.EditError`, leaves it as it was) and announces the result as
    one :class:`~board.document.events.DocumentChange`: an edited unit or piece is reported
    as changed, with the models that moved, came or went.
    """
    return document.apply_change(change)
