"""How the document applies a :class:`~board.document.changes.Change` (its private helper).

Only :meth:`board.document.edits.ScenarioDocument.apply_change` calls :func:`apply_to`: the
document stays the one writer of a scenario, and it announces the result as one
:class:`~board.document.events.DocumentChange`.
"""

from __future__ import annotations

import copy
from typing import Any

from board.document.changes import UNSET, Change
from board.document.edit_error import EditError
from board.document.events import DocumentChange, unit_difference
from board.document.model import Scenario, TerrainPiece, Unit

__all__ = ["check_change", "apply_to"]


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


def check_change(scenario: Scenario, change: Change) -> None:
    """Refuse a change that would leave the scenario inconsistent (before anything changes)."""
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
    for note_id, note in change.annotations.items():
        if note is not None and note.id != note_id:
            raise EditError(f"change names annotation {note_id} but holds {note.id}")
    if change.log_keep is not None and not 0 <= change.log_keep <= len(scenario.log):
        raise EditError(f"cannot keep {change.log_keep} log lines of {len(scenario.log)}")


def _apply_options(scenario: Scenario, options: dict[str, Any]) -> dict[str, Any]:
    old = {key: scenario.options.get(key, UNSET) for key in options}
    for key, value in options.items():
        if value is UNSET:
            scenario.options.pop(key, None)
        else:
            scenario.options[key] = copy.deepcopy(value)
    return old


def _unit_sets(old: dict[str, Unit | None], new: dict[str, Unit | None]) -> dict[str, Any]:
    """The ``units_*`` and ``models_*`` sets of a :class:`DocumentChange`."""
    sets: dict[str, dict[str, None]] = {k: {} for k in (
        "units_added", "units_removed", "units_changed",
        "models_changed", "models_added", "models_removed")}
    for unit_id, version in new.items():
        before = old.get(unit_id)
        if before is None and version is not None:
            sets["units_added"][unit_id] = None
        elif before is not None and version is None:
            sets["units_removed"][unit_id] = None
        elif before is not None and version is not None and before is not version:
            diff = unit_difference(before, version)
            for key in ("units_changed", "models_changed", "models_added", "models_removed"):
                sets[key].update(dict.fromkeys(getattr(diff, key)))
    return {k: tuple(v) for k, v in sets.items()}


def _piece_sets(
    old: dict[str, TerrainPiece | None], new: dict[str, TerrainPiece | None]
) -> dict[str, Any]:
    added = tuple(pid for pid, p in new.items() if p is not None and old.get(pid) is None)
    removed = tuple(pid for pid, p in new.items() if p is None and old.get(pid) is not None)
    changed = tuple(
        pid for pid, p in new.items()
        if p is not None and old.get(pid) is not None and old[pid] != p
    )
    return {"pieces_added": added, "pieces_removed": removed, "pieces_changed": changed}


def apply_to(scenario: Scenario, change: Change, revision: int) -> tuple[Change, DocumentChange]:
    """Apply a checked ``change`` to ``scenario``; return its inverse and what it changed."""
    units, unit_at = _swap(scenario.units, change.units, change.unit_index)
    pieces, piece_at = _swap(scenario.terrain, change.pieces, change.piece_index)
    notes, note_at = _swap(scenario.annotations, change.annotations, change.annotation_index)
    options = _apply_options(scenario, change.options)
    log_length = len(scenario.log)
    if change.log_keep is not None:
        removed_log = scenario.log[change.log_keep:]
        del scenario.log[change.log_keep:]
    else:
        removed_log = []
    scenario.log.extend(change.log)
    inverse = Change(
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
    event = DocumentChange(
        revision=revision,
        op="apply_change",
        args={"change": change},
        annotations=tuple(change.annotations),
        options=tuple(change.options),
        log=bool(change.log or removed_log),
        **_unit_sets(units, change.units),
        **_piece_sets(pieces, change.pieces),
    )
    return inverse, event
