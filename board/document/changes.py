"""Compound edits: a game action's whole effect on the document as one undoable value.

A shot that collapses a building changes the building's state, kills models, moves the
survivors out, claims and releases, and writes the log. Rather than one undo command per
kind of change, the action builds a :class:`Change` — the new versions of the units, pieces
and annotations it touches, the options it sets and the log lines it adds — and the document
applies it with :func:`apply_change`, which returns the inverse :class:`Change`. Applying the
inverse puts every touched object back exactly (the same instances), so one undo command
(``board.view.commands.ApplyChangeCommand``) undoes the whole action.

Objects in a change are the new versions: build them with :func:`copy.deepcopy` of the
current ones, then edit the copies. ``None`` as a new version removes the object.

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

import copy
from dataclasses import dataclass, field
from typing import Any

from board.document.edits import EditError, ScenarioDocument
from board.document.model import Annotation, LogEntry, Scenario, TerrainPiece, Unit

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


def _index_of(items: list[Any], item_id: str) -> int | None:
    return next((i for i, item in enumerate(items) if item.id == item_id), None)


def _swap(
    items: list[Any], new: dict[str, Any], at: dict[str, int]
) -> tuple[dict[str, Any], dict[str, int]]:
    """Put the new versions in ``items``; return the old versions and their indexes."""
    old: dict[str, Any] = {}
    old_at: dict[str, int] = {}
    for item_id, version in new.items():
        index = _index_of(items, item_id)
        old[item_id] = None if index is None else items[index]
        if index is not None:
            old_at[item_id] = index
            if version is None:
                del items[index]
            else:
                items[index] = version
        elif version is not None:
            items.insert(min(at.get(item_id, len(items)), len(items)), version)
    return old, old_at


def _check(scenario: Scenario, change: Change) -> None:
    for unit_id, unit in change.units.items():
        if unit is not None and unit.id != unit_id:
            raise EditError(f"change names unit {unit_id} but holds unit {unit.id}")
        if unit is not None and unit.embarked_in is not None:
            gone = change.pieces.get(unit.embarked_in, True) is None
            known = any(p.id == unit.embarked_in for p in scenario.terrain)
            if gone or not (known or unit.embarked_in in change.pieces):
                raise EditError(f"{unit.name} cannot be inside {unit.embarked_in}: no such piece")
    for piece_id, piece in change.pieces.items():
        if piece is not None and piece.id != piece_id:
            raise EditError(f"change names piece {piece_id} but holds piece {piece.id}")


def _apply_options(scenario: Scenario, options: dict[str, Any]) -> dict[str, Any]:
    old = {key: scenario.options.get(key, UNSET) for key in options}
    for key, value in options.items():
        if value is UNSET:
            scenario.options.pop(key, None)
        else:
            scenario.options[key] = copy.deepcopy(value)
    return old


def _announce(
    document: ScenarioDocument,
    change: Change,
    old_units: dict[str, Unit | None],
    old_pieces: dict[str, TerrainPiece],
) -> None:
    """Tell the document's observers what ``change`` did."""
    for unit_id, old_unit in old_units.items():
        if old_unit is not None:
            document.unit_removed.emit(unit_id)
    for unit in change.units.values():
        if unit is not None:
            document.unit_added.emit(unit)
    changed: list[str] = []
    for piece_id, new in change.pieces.items():
        old_piece = old_pieces.get(piece_id)
        if old_piece is not None and new is not None and old_piece.datasheet == new.datasheet:
            changed.append(piece_id)
            continue
        if old_piece is not None:
            document.piece_removed.emit(piece_id)
        if new is not None:
            document.piece_added.emit(new)
    if changed:
        document.pieces_changed.emit(tuple(changed))
    if change.annotations:
        document.annotations_changed.emit(tuple(change.annotations))
    if change.options:
        document.options_changed.emit(tuple(change.options))
    if change.log or change.log_keep is not None:
        document.log_changed.emit(len(document.scenario.log))


def apply_change(document: ScenarioDocument, change: Change) -> Change:
    """Apply ``change`` to ``document`` and return the change that undoes it.

    Everything is checked before anything changes, so a refused change (an
    :class:`~board.document.edits.EditError`) leaves the document as it was. The document's
    signals tell observers what changed: units and pieces removed and added again (a piece
    whose datasheet is unchanged is reported as changed), annotations, options and the log.
    """
    scenario = document.scenario
    _check(scenario, change)
    old_pieces = {p.id: p for p in scenario.terrain}
    units, unit_at = _swap(scenario.units, change.units, change.unit_index)
    pieces, piece_at = _swap(scenario.terrain, change.pieces, change.piece_index)
    notes, note_at = _swap(scenario.annotations, change.annotations, change.annotation_index)
    options = _apply_options(scenario, change.options)
    log_length = len(scenario.log)
    if change.log_keep is not None:
        removed_log = scenario.log[change.log_keep :]
        del scenario.log[change.log_keep :]
    else:
        removed_log = []
    scenario.log.extend(change.log)
    _announce(document, change, units, old_pieces)
    return Change(
        units=units,
        pieces=pieces,
        annotations=notes,
        options=options,
        log=removed_log,
        log_keep=log_length - len(removed_log) if (change.log or removed_log) else None,
        unit_index=unit_at,
        piece_index=piece_at,
        annotation_index=note_at,
    )
