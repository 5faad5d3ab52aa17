"""The edit API of the scenario document: every change to a scenario goes through here.

:class:`ScenarioDocument` is the one writer of its :class:`~board.document.model.Scenario`:
the view's undo commands, the game actions (a :class:`~board.document.changes.Change` applied
with :meth:`ScenarioDocument.apply_change`), recovery and replay all call its methods, and
nothing else changes the scenario's lists. Each accepted edit adds one to
:attr:`ScenarioDocument.revision` and is announced once, as one
:class:`~board.document.events.DocumentChange` that names the edit and what it changed:

1. ``accepted(event)``: recorders that must keep the edit before anyone shows it (the
   journal, :mod:`board.document.journal`; a remote peer would send it from here);
2. ``changed(event)``: observers that show it (the Qt scene, docks, overlays, a test).

The older per-kind signals (``models_changed``, ``unit_added``…) are still emitted after
``changed``, derived from the same event, for code written against them. No Qt here.

>>> from board.document.model import Base, Model, Scenario, Side, TroopType, Unit
>>> unit = Unit("u1", "Tactical Squad", "red", TroopType.INFANTRY,
...             [Model("m1", Base.round_mm(32), 10.0, 10.0)])
>>> doc = ScenarioDocument(Scenario(sides=[Side("red", "Red", "#c03030")], units=[unit]))
>>> heard = []
>>> doc.changed.connect(heard.append)
>>> doc.move_models({"m1": (12.0, 9.5)})
{'m1': (10.0, 10.0)}
>>> heard[0].revision, heard[0].op, heard[0].models_changed, doc.scenario.model("m1")[1].x
(1, 'move_models', ('m1',), 12.0)
>>> doc.move_models({"m9": (1.0, 1.0)})
Traceback (most recent call last):
...
KeyError: 'no model with id m9'
>>> doc.revision
1
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from board.document.change_apply import apply_to, check_change
from board.document.changes import Change
from board.document.edit_error import EditError
from board.document.events import DocumentChange
from board.document.formation import (
    formation_positions,
    offset_positions,
    snapped_offset,
    turn_placements,
)
from board.document.model import Model, Scenario, TerrainPiece, Unit

__all__ = [
    "Signal",
    "ScenarioDocument",
    "EditError",
    "DocumentChange",
    "EDIT_OPS",
    "offset_positions",
    "formation_positions",
    "turn_placements",
    "snapped_offset",
]

Point = tuple[float, float]
Placement = tuple[float, float, float]

#: The document's edits by name: ``document.perform(op, args)`` calls the method of that name.
EDIT_OPS = (
    "move_models", "rotate_models", "remove_models", "restore_models", "add_pieces",
    "remove_piece", "place_pieces", "claim_piece", "add_unit", "remove_unit", "apply_change",
    "replace",
)

class Signal:
    """A tiny observer list: ``connect`` callables, ``emit`` calls each in order.

    >>> s = Signal()
    >>> s.connect(print)
    >>> s.emit("hello")
    hello
    >>> s.disconnect(print)
    >>> s.emit("nobody hears")
    """

    def __init__(self) -> None:
        self._slots: list[Callable[..., Any]] = []

    def connect(self, slot: Callable[..., Any]) -> None:
        """Call ``slot`` on every emit (once, however often it is connected)."""
        if slot not in self._slots:
            self._slots.append(slot)

    def disconnect(self, slot: Callable[..., Any]) -> None:
        """Stop calling ``slot``; a slot that is not connected is ignored."""
        if slot in self._slots:
            self._slots.remove(slot)

    def emit(self, *args: Any) -> None:
        """Call every connected slot with ``args``."""
        for slot in list(self._slots):
            slot(*args)


def _finite(value: float, what: str) -> float:
    number = float(value)
    if not math.isfinite(number):
        raise EditError(f"{what} must be a finite number, got {value!r}")
    return number


class ScenarioDocument:
    """A :class:`Scenario` and the edits the board makes to it.

    Signals: ``accepted(event)`` then ``changed(event)``, one
    :class:`~board.document.events.DocumentChange` per accepted edit (see the module). Kept for
    older code, emitted after them: ``models_changed(ids)``, ``models_removed(ids)``,
    ``models_added(ids)``, ``piece_added(piece)``, ``piece_removed(piece_id)``,
    ``pieces_changed(ids)``, ``unit_added(unit)``, ``unit_removed(unit_id)``,
    ``units_changed(ids)``, ``annotations_changed(ids)``, ``options_changed(keys)``,
    ``log_changed(length)``, ``replaced(scenario)``.
    """

    def __init__(self, scenario: Scenario | None = None) -> None:
        self._scenario = scenario if scenario is not None else Scenario()
        #: How many edits this document has accepted.
        self.revision = 0
        self.accepted = Signal()
        self.changed = Signal()
        self.models_changed = Signal()
        self.models_removed = Signal()
        self.models_added = Signal()
        self.piece_added = Signal()
        self.piece_removed = Signal()
        self.pieces_changed = Signal()
        self.unit_added = Signal()
        self.unit_removed = Signal()
        self.units_changed = Signal()
        self.annotations_changed = Signal()
        self.options_changed = Signal()
        self.log_changed = Signal()
        self.replaced = Signal()

    @property
    def scenario(self) -> Scenario:
        """The scenario being edited (read it; change it only through these methods)."""
        return self._scenario

    def _announce(self, op: str, args: dict[str, Any], **what: Any) -> DocumentChange:
        """Count an accepted edit and tell everyone once what it changed."""
        self.revision += 1
        event = DocumentChange(revision=self.revision, op=op, args=args, **what)
        self._emit(event)
        return event

    def _emit(self, event: DocumentChange) -> None:
        self.accepted.emit(event)
        self.changed.emit(event)
        self._emit_older_signals(event)

    def _emit_older_signals(self, event: DocumentChange) -> None:
        if event.replaced:
            self.replaced.emit(self._scenario)
            return
        for unit_id in event.units_removed:
            self.unit_removed.emit(unit_id)
        for unit_id in event.units_added:
            self.unit_added.emit(self._scenario.unit(unit_id))
        if event.units_changed:
            self.units_changed.emit(event.units_changed)
        pairs = ((self.models_removed, event.models_removed),
                 (self.models_added, event.models_added),
                 (self.models_changed, event.models_changed))
        for signal, ids in pairs:
            if ids:
                signal.emit(ids)
        for piece_id in event.pieces_removed:
            self.piece_removed.emit(piece_id)
        for piece_id in event.pieces_added:
            self.piece_added.emit(self._scenario.piece(piece_id))
        if event.pieces_changed:
            self.pieces_changed.emit(event.pieces_changed)
        if event.annotations:
            self.annotations_changed.emit(event.annotations)
        if event.options:
            self.options_changed.emit(event.options)
        if event.log:
            self.log_changed.emit(len(self._scenario.log))

    def perform(self, op: str, args: Mapping[str, Any]) -> Any:
        """Make the edit ``op`` (one of :data:`EDIT_OPS`) with ``args``: what replay does.

        ``document.perform(event.op, event.args)`` on a copy of the scenario as it was makes
        the same edit again (the journal keeps ``op`` and ``args`` as JSON).
        """
        if op not in EDIT_OPS:
            raise EditError(f"unknown edit {op!r} (known: {', '.join(EDIT_OPS)})")
        method: Callable[..., Any] = getattr(self, op)
        return method(**args)

    # -- models -----------------------------------------------------------------------------
    def _model_on_table(self, model_id: str) -> Model:
        try:
            unit, model = self._scenario.model(model_id)
        except KeyError:
            raise KeyError(f"no model with id {model_id}") from None
        if not unit.on_table:
            raise EditError(
                f"model {model_id} of {unit.name} is embarked in {unit.embarked_in}, "
                "not on the table"
            )
        return model

    def move_models(self, positions: Mapping[str, Point]) -> dict[str, Point]:
        """Put each model's base centre at its new ``(x, y)``; return the old positions.

        All models are checked before any moves, so a refused edit changes nothing.
        """
        checked = {
            mid: (_finite(x, f"x of {mid}"), _finite(y, f"y of {mid}"))
            for mid, (x, y) in positions.items()
        }
        models = {mid: self._model_on_table(mid) for mid in checked}
        old = {mid: (m.x, m.y) for mid, m in models.items()}
        for mid, (x, y) in checked.items():
            models[mid].x, models[mid].y = x, y
        self._announce("move_models", {"positions": checked}, models_changed=tuple(checked))
        return old

    def rotate_models(self, facings: Mapping[str, float]) -> dict[str, float]:
        """Set each model's facing (degrees clockwise, 0 up the table); return the old ones."""
        checked = {mid: _finite(a, f"facing of {mid}") % 360.0 for mid, a in facings.items()}
        models = {mid: self._model_on_table(mid) for mid in checked}
        old = {mid: m.facing for mid, m in models.items()}
        for mid, facing in checked.items():
            models[mid].facing = facing
        self._announce("rotate_models", {"facings": checked}, models_changed=tuple(checked))
        return old

    def remove_models(self, model_ids: Iterable[str]) -> list[tuple[str, int, Model]]:
        """Take models off their units (casualties); return ``(unit_id, index, model)`` for undo.

        A unit keeps at least one model: removing every model of a unit is refused (remove
        the unit instead).
        """
        ids = list(dict.fromkeys(model_ids))
        units = {mid: self._scenario.model(mid)[0] for mid in ids}
        for unit in {u.id: u for u in units.values()}.values():
            if all(m.id in units for m in unit.models):
                raise EditError(f"removing every model of {unit.name}: remove the unit instead")
        removed = []
        for mid, unit in units.items():
            index = next(i for i, m in enumerate(unit.models) if m.id == mid)
            removed.append((unit.id, index, unit.models.pop(index)))
        self._announce("remove_models", {"model_ids": ids}, models_removed=tuple(ids))
        return removed

    def restore_models(self, removed: list[tuple[str, int, Model]]) -> None:
        """Put back models taken off by :meth:`remove_models` (its return value)."""
        units = {unit_id: self._scenario.unit(unit_id) for unit_id, _, _ in removed}
        taken = {m.id for u in self._scenario.units for m in u.models}
        clash = sorted(taken.intersection(m.id for _, _, m in removed))
        if clash:
            raise EditError(f"model id {clash[0]} is already in use")
        for unit_id, index, model in reversed(removed):
            units[unit_id].models.insert(index, model)
        self._announce("restore_models", {"removed": list(removed)},
                       models_added=tuple(m.id for _, _, m in removed))

    # -- terrain ----------------------------------------------------------------------------
    def add_pieces(self, pieces: Iterable[TerrainPiece], index: int | None = None) -> None:
        """Add terrain pieces (at ``index`` in the terrain list, or at the end)."""
        new = list(pieces)
        ids = [p.id for p in new]
        taken = {p.id for p in self._scenario.terrain}
        clash = sorted(taken.intersection(ids)) or sorted({i for i in ids if ids.count(i) > 1})
        if clash:
            raise EditError(f"terrain piece id {clash[0]} is already in use")
        at = len(self._scenario.terrain) if index is None else index
        self._scenario.terrain[at:at] = new
        self._announce("add_pieces", {"pieces": new, "index": index}, pieces_added=tuple(ids))

    def remove_piece(self, piece_id: str) -> tuple[int, TerrainPiece]:
        """Remove a terrain piece; return its index and the piece, for undo.

        A piece with units embarked in it is refused: they would be left nowhere.
        """
        piece = self._scenario.piece(piece_id)
        inside = self._scenario.units_in(piece_id)
        if inside:
            names = ", ".join(u.name for u in inside)
            raise EditError(f"cannot remove {piece_id}: {names} embarked in it")
        index = self._scenario.terrain.index(piece)
        del self._scenario.terrain[index]
        self._announce("remove_piece", {"piece_id": piece_id}, pieces_removed=(piece_id,))
        return index, piece

    def place_pieces(self, placements: Mapping[str, Placement]) -> dict[str, Placement]:
        """Set each piece's ``(x, y, rotation)``; return the old placements."""
        pieces = {pid: self._scenario.piece(pid) for pid in placements}
        checked = {
            pid: (
                _finite(x, f"x of {pid}"),
                _finite(y, f"y of {pid}"),
                _finite(r, f"rotation of {pid}") % 360.0,
            )
            for pid, (x, y, r) in placements.items()
        }
        old = {pid: (p.x, p.y, p.rotation) for pid, p in pieces.items()}
        for pid, (x, y, rotation) in checked.items():
            pieces[pid].x, pieces[pid].y, pieces[pid].rotation = x, y, rotation
        self._announce("place_pieces", {"placements": checked}, pieces_changed=tuple(checked))
        return old

    def claim_piece(self, piece_id: str, side_id: str | None) -> str | None:
        """Mark a building as claimed by ``side_id`` (``None``: unclaimed); return the old one."""
        piece = self._scenario.piece(piece_id)
        if side_id is not None:
            self._scenario.side(side_id)  # KeyError for an unknown side
        old, piece.claimed_by = piece.claimed_by, side_id
        self._announce("claim_piece", {"piece_id": piece_id, "side_id": side_id},
                       pieces_changed=(piece_id,))
        return old

    # -- units ------------------------------------------------------------------------------
    def add_unit(self, unit: Unit, index: int | None = None) -> None:
        """Add a unit (at ``index`` in the unit list, or at the end)."""
        if any(u.id == unit.id for u in self._scenario.units):
            raise EditError(f"unit id {unit.id} is already in use")
        self._scenario.side(unit.side)  # KeyError for an unknown side
        taken = {m.id for u in self._scenario.units for m in u.models}
        clash = sorted(taken.intersection(m.id for m in unit.models))
        if clash:
            raise EditError(f"model id {clash[0]} is already in use")
        at = len(self._scenario.units) if index is None else index
        self._scenario.units.insert(at, unit)
        self._announce("add_unit", {"unit": unit, "index": index}, units_added=(unit.id,))

    def remove_unit(self, unit_id: str) -> tuple[int, Unit]:
        """Remove a unit with all its models; return its index and the unit, for undo."""
        unit = self._scenario.unit(unit_id)
        index = self._scenario.units.index(unit)
        del self._scenario.units[index]
        self._announce("remove_unit", {"unit_id": unit_id}, units_removed=(unit_id,))
        return index, unit

    # -- compound edits and the whole document ---------------------------------------------
    def apply_change(self, change: Change) -> Change:
        """Apply a game action's whole :class:`~board.document.changes.Change`; return its inverse.

        Everything is checked before anything changes, so a refused change (an
        :class:`EditError`) leaves the document as it was. One event says what it did: an
        edited unit is a changed unit (with the models that moved, came or went), not a unit
        removed and added again; likewise pieces.
        """
        check_change(self._scenario, change)
        inverse, event = apply_to(self._scenario, change, self.revision + 1)
        self.revision = event.revision
        self._emit(event)
        return inverse

    def replace(self, scenario: Scenario) -> Scenario:
        """Swap in a whole new scenario; return the old one."""
        old, self._scenario = self._scenario, scenario
        self._announce("replace", {"scenario": scenario}, replaced=True)
        return old

    def new_id(self, prefix: str) -> str:
        """Return an id starting with ``prefix`` that no piece, unit or model uses yet.

        >>> ScenarioDocument().new_id("unit")
        'unit-1'
        """
        return self.new_ids(prefix, 1)[0]

    def new_ids(self, prefix: str, count: int) -> list[str]:
        """Return ``count`` ids ``prefix-N`` that no piece, unit, model or group uses yet.

        >>> ScenarioDocument().new_ids("m", 3)
        ['m-1', 'm-2', 'm-3']
        """
        used = {p.id for p in self._scenario.terrain}
        used.update(p.group for p in self._scenario.terrain if p.group is not None)
        used.update(u.id for u in self._scenario.units)
        used.update(m.id for u in self._scenario.units for m in u.models)
        ids: list[str] = []
        number = 1
        while len(ids) < count:
            if f"{prefix}-{number}" not in used:
                ids.append(f"{prefix}-{number}")
            number += 1
        return ids
