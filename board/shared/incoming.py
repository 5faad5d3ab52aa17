"""Remote edits in: what another player's transaction changed, checked, then applied.

A remote transaction names the keys it touched in each root of the Yjs document
(:class:`Touched`). Only those items are read back. A transaction that only moved models is
applied as moves and turns (the scene moves those items and nothing else); anything else is
checked as a file would be: the local scenario with the touched items swapped for the remote
versions is read by :func:`board.document.io.scenario_from_dict`, so a unit that breaks the
scenario's checks, a model with NaN coordinates or an unknown datasheet is refused with the
reason, and the local board keeps its last valid state. The items that pass become one
:class:`~board.document.changes.Change`.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from board.document.changes import UNSET, Change
from board.document.datasheet import Datasheet
from board.document.errors import ScenarioError
from board.document.io import scenario_from_dict
from board.document.model import LogEntry, Scenario, Unit
from board.document.scenario_json import write_scenario
from board.shared.dice import is_proof_key
from board.shared.ydoc import Roots, ordered_at, plain, read_log, read_position

__all__ = [
    "Touched", "Moves", "remote_moves", "remote_change", "RemoteRefused", "candidate",
    "shared_log", "foreign_moves",
]

Moves = tuple[dict[str, tuple[float, float]], dict[str, float]]


class RemoteRefused(ValueError):
    """A remote change this board will not take (the message says what and why)."""


@dataclass
class Touched:
    """The keys a remote transaction touched, per root of the Yjs document."""

    keys: dict[str, set[str]] = field(default_factory=dict)
    log: bool = False

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


def remote_moves(r: Roots, scenario: Scenario, model_ids: set[str]) -> tuple[Moves, list[str]]:
    """The moves and turns of models on the table; and a message per position refused."""
    moves: dict[str, tuple[float, float]] = {}
    turns: dict[str, float] = {}
    refused: list[str] = []
    if not model_ids:
        return (moves, turns), refused
    where = {m.id: (u, m) for u in scenario.units for m in u.models}
    for model_id in sorted(model_ids):
        value = r.pos.get(model_id)
        if value is None or model_id not in where:
            continue  # a model removed here or there: the unit's own change says so
        unit, model = where[model_id]
        try:
            x, y, facing = read_position(value)
        except ValueError as exc:
            refused.append(f"model {model_id} of {unit.name}: {exc}")
            continue
        if not unit.on_table:
            continue  # an embarked unit's formation changes with the unit
        if (x, y) != (model.x, model.y):
            moves[model_id] = (x, y)
        if facing != model.facing:
            turns[model_id] = facing
    return (moves, turns), refused


def _merge(local: list[dict[str, Any]], remote: list[tuple[str, dict[str, Any]]],
           touched: set[str]) -> list[dict[str, Any]]:
    """Remote order; the remote version of touched items, the local one of the others."""
    mine = {item["id"]: item for item in local}
    merged = []
    for item_id, value in remote:
        value = dict(value)
        value.pop("at", None)
        if item_id in touched:
            merged.append(value)
        elif item_id in mine:
            merged.append(mine[item_id])
    return merged


def _with_positions(units: list[dict[str, Any]], r: Roots, touched_units: set[str],
                    touched_pos: set[str]) -> None:
    """Put the shared positions into remote units, and into local units' moved models."""
    for unit in units:
        for model in unit["models"]:
            if unit["id"] in touched_units or model["id"] in touched_pos:
                value = r.pos.get(str(model.get("id")))
                if value is None:
                    raise RemoteRefused(f"model {model.get('id')} of unit {unit['id']} has no "
                                        "position")
                try:
                    model["x"], model["y"], model["facing"] = read_position(value)
                except ValueError as exc:
                    raise RemoteRefused(f"model {model['id']} of unit {unit['id']}: "
                                        f"{exc}") from None


def shared_log(r: Roots, local: list[LogEntry]) -> list[dict[str, Any]] | None:
    """The shared log's entries past the local ones, if the local log is its beginning.

    Only the last local entry is compared (the log is append-only); ``None`` when the two
    differ there (an undo here, or two players' entries ordered otherwise): read it all.
    """
    n = len(local)
    if len(r.log) < n:
        return None
    if n:
        last = json.loads(str(r.log[n - 1]))
        last.pop("by", None)
        if last != {"text": local[-1].text, "rolls": local[-1].rolls, "seed": local[-1].seed}:
            return None
    tail = []
    for value in r.log[n:]:
        entry = json.loads(str(value))
        if isinstance(entry, dict):
            entry.pop("by", None)
        tail.append(entry)
    return tail


def _light(r: Roots, scenario: Scenario, touched: Touched,
           library: Mapping[str, Datasheet]) -> Scenario:
    """Check a change of the log and options only: the scenario's head, no pieces, no units."""
    data = write_scenario(Scenario(name=scenario.name, table=scenario.table,
                                   rule_system=scenario.rule_system, options=scenario.options,
                                   sides=scenario.sides,
                                   custom_datasheets=scenario.custom_datasheets))
    data["options"] = dict(data["options"])
    _options(r, touched, data["options"])
    tail = shared_log(r, scenario.log) if touched.log else []
    data["log"] = tail if tail is not None else read_log(r)
    checked = scenario_from_dict(data, library)
    if tail is not None:
        checked.log = [*scenario.log, *checked.log]
    return checked


def _options(r: Roots, touched: Touched, options: dict[str, Any]) -> None:
    for key in touched.of("options"):
        if is_proof_key(key):
            continue
        value = r.options.get(key)
        if value is None:
            options.pop(key, None)
        else:
            options[key] = json.loads(str(value))


def candidate(r: Roots, scenario: Scenario, touched: Touched,
              library: Mapping[str, Datasheet]) -> Scenario:
    """The local scenario with the touched items swapped for the remote ones, checked."""
    try:
        if not (touched.of("units") or touched.of("pos") or touched.of("pieces")
                or touched.of("notes")):
            return _light(r, scenario, touched, library)
        data = write_scenario(scenario)
        units = touched.of("units")
        data["units"] = _merge(data["units"], ordered_at(plain(r.units).items()), units)
        _with_positions(data["units"], r, units, touched.of("pos"))
        data["terrain"] = _merge(data["terrain"], ordered_at(plain(r.pieces).items()),
                                 touched.of("pieces"))
        data["annotations"] = _merge(data["annotations"], ordered_at(plain(r.notes).items()),
                                     touched.of("notes"))
        data["options"] = dict(data["options"])  # the file's writer shares the live dict
        _options(r, touched, data["options"])
        if touched.log:
            tail = shared_log(r, scenario.log)
            data["log"] = data["log"] + tail if tail is not None else read_log(r)
        return scenario_from_dict(data, library)
    except (ValueError, ScenarioError) as exc:
        raise RemoteRefused(str(exc)) from None


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
