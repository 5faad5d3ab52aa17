"""Remote edits in: what another player's transaction changed, as moves and one Change.

A remote transaction names the keys it touched in each root of the Yjs document
(:class:`Touched`). Only those items are read back. A transaction that only moved models is
applied as moves and turns (the scene moves those items and nothing else), each position
checked on its own (:func:`remote_moves`); anything else is sifted item by item
(:mod:`board.shared.sift`) and what passes becomes one
:class:`~board.document.changes.Change` (:func:`remote_change`).
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any

from board.document.changes import UNSET, Change
from board.document.errors import ScenarioError
from board.document.model import LogEntry, Scenario, Unit
from board.shared.dice import is_proof_key
from board.shared.gate import Refusal, position
from board.shared.ydoc import Roots

__all__ = ["Touched", "Moves", "remote_moves", "remote_change", "foreign_moves"]

Moves = tuple[dict[str, tuple[float, float]], dict[str, float]]


@dataclass
class Touched:
    """The keys a remote transaction touched, per root of the Yjs document."""

    keys: dict[str, set[str]] = field(default_factory=dict)
    log: bool = False
    #: Entries were removed from the shared log (it is append-only: checked).
    log_deleted: bool = False

    def add(self, root: str, keys: Any) -> None:
        """Note ``keys`` of ``root`` as touched."""
        self.keys.setdefault(root, set()).update(str(k) for k in keys)

    def of(self, root: str) -> set[str]:
        """The touched keys of ``root``."""
        return self.keys.get(root, set())

    @property
    def moves_only(self) -> bool:
        """Whether only model positions changed (the dice are the binder's own business)."""
        return not self.log and not any(v for k, v in self.keys.items()
                                        if k not in ("pos", "dice"))

    def __bool__(self) -> bool:
        return self.log or any(self.keys.values())


def remote_moves(r: Roots, scenario: Scenario, model_ids: set[str]
                 ) -> tuple[Moves, list[Refusal]]:
    """The moves and turns of models on the table; and a refusal per position refused.

    A position is refused on its own (:func:`board.shared.gate.position`: three finite numbers
    within the table limits), and so is the removal of a model's position while it stands.
    """
    moves: dict[str, tuple[float, float]] = {}
    turns: dict[str, float] = {}
    refused: list[Refusal] = []
    if not model_ids:
        return (moves, turns), refused
    where = {m.id: (u, m) for u in scenario.units for m in u.models}
    for model_id in sorted(model_ids):
        if model_id not in where:
            continue  # a model removed here or there: the unit's own change says so
        unit, model = where[model_id]
        value = r.pos.get(model_id)
        if value is None:
            refused.append(Refusal("pos", model_id, f"of {unit.name}: a peer may not remove the "
                                   "position of a model: put back"))
            continue
        try:
            x, y, facing = position(value, "")
        except ScenarioError as exc:
            refused.append(Refusal("pos", model_id, f"of {unit.name}: {exc}"))
            continue
        if not unit.on_table:
            continue  # an embarked unit's formation changes with the unit
        if (x, y) != (model.x, model.y):
            moves[model_id] = (x, y)
        if facing != model.facing:
            turns[model_id] = facing
    return (moves, turns), refused


def _log_change(local: list[LogEntry], remote: list[LogEntry], change: Change) -> None:
    same = 0
    while same < min(len(local), len(remote)) and local[same] == remote[same]:
        same += 1
    if same < len(local):
        change.log_keep = same
    if same < len(remote) or same < len(local):
        change.log = [copy.deepcopy(e) for e in remote[same:]]


def remote_change(local: Scenario, new: Scenario, touched: Touched) -> Change:
    """The :class:`Change` that makes ``local`` the checked ``new`` where ``touched`` says."""
    change = Change()
    moved_units = {u.id for u in new.units for m in u.models if m.id in touched.of("pos")}
    local_units = {u.id: u for u in local.units}
    for index, unit in enumerate(new.units):
        if unit.id in touched.of("units") or (unit.id in moved_units and not unit.on_table):
            if unit != local_units.get(unit.id):
                change.units[unit.id] = unit
                change.unit_index[unit.id] = index
    for unit_id in touched.of("units") - {u.id for u in new.units}:
        if unit_id in local_units:
            change.units[unit_id] = None
    _swap_listed(local.terrain, new.terrain, touched.of("pieces"), change.pieces,
                 change.piece_index)
    _swap_listed(local.annotations, new.annotations, touched.of("notes"), change.annotations,
                 change.annotation_index)
    for key in touched.of("options"):
        if is_proof_key(key):
            continue
        if new.options.get(key, UNSET) != local.options.get(key, UNSET):
            change.options[key] = new.options.get(key, UNSET)
    _log_change(local.log, new.log, change)
    return change


def _swap_listed(local: list[Any], new: list[Any], touched: set[str], out: dict[str, Any],
                 at: dict[str, int]) -> None:
    mine = {item.id: item for item in local}
    for index, item in enumerate(new):
        if item.id in touched and item != mine.get(item.id):
            out[item.id] = item
            at[item.id] = index
    for item_id in touched - {item.id for item in new}:
        if item_id in mine:
            out[item_id] = None


def _placeless(unit: Unit) -> Unit:
    """The unit with every model at the origin, facing 0: what is left when moves are taken out."""
    return dataclasses.replace(unit, models=[dataclasses.replace(m, x=0.0, y=0.0, facing=0.0)
                                             for m in unit.models])


def foreign_moves(local: Scenario, change: Change | None, moves: Moves,
                  side: str) -> dict[str, str]:
    """The models of ``side`` standing on the table that a remote change moves or turns.

    A remote player controls the other sides' models, not ``side``'s (the receiving board's):
    a change that moves or turns one of them, by its position alone or by a new version of its
    unit that differs only in where its models stand, is a move only ``side``'s player may
    make. A unit whose record changes otherwise (it disembarks, loses models, is claimed by a
    rule) moves with that change. Returns model id → its unit's name.

    >>> from board.document.model import Base, Model, Side, TroopType, Unit
    >>> red = Unit("u1", "Squad", "red", TroopType.INFANTRY, [Model("m1", Base.round_mm(32), 5, 5)])
    >>> scenario = Scenario(sides=[Side("red", "Red", "#c03030")], units=[red])
    >>> foreign_moves(scenario, None, ({"m1": (6.0, 5.0)}, {}), "red")
    {'m1': 'Squad'}
    >>> foreign_moves(scenario, None, ({"m1": (6.0, 5.0)}, {}), "blue")
    {}
    """
    positions, turns = moves
    found: dict[str, str] = {}
    units = change.units if change is not None else {}
    if not (positions or turns or units):
        return found
    where = {m.id: u for u in local.units if u.side == side and u.on_table for m in u.models}
    for model_id in (*positions, *turns):
        unit = where.get(model_id)
        if unit is not None:
            found[model_id] = unit.name
    local_units = {u.id: u for u in local.units}
    for unit_id, new in units.items():
        old = local_units.get(unit_id)
        if (new is None or old is None or old.side != side or not old.on_table
                or not new.on_table or _placeless(old) != _placeless(new)):
            continue
        before = {m.id: (m.x, m.y, m.facing) for m in old.models}
        for model in new.models:
            if before.get(model.id) != (model.x, model.y, model.facing):
                found[model.id] = old.name
    return found
