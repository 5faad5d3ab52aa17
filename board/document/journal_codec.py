"""The document's edits as JSON values and back: what a journal line (or a peer) carries.

Each :class:`~board.document.events.DocumentChange` names its edit (``op``) and the arguments
the document method was called with (``args``); :func:`encode_edit` writes those arguments as
JSON values and :func:`decode_edit` reads them back, so that
``document.perform(op, decode_edit(op, encode_edit(op, args)))`` on the scenario as it was
makes exactly the same edit. Units, models, pieces, annotations and log lines are written as
in a scenario file (``docs/scenario-format.md``) and read back by the same reader, so a
damaged journal line is refused with the same kind of message as a damaged file.

>>> from board.document.model import RuleSystem
>>> edit = encode_edit("move_models", {"positions": {"m1": (1.5, 2)}})
>>> args = decode_edit("move_models", edit, system=RuleSystem.WH40K)
>>> args
{'positions': {'m1': (1.5, 2.0)}}
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from board.document.changes import UNSET, Change
from board.document.errors import ScenarioError
from board.document.fields import Fields
from board.document.model import (
    Annotation,
    LogEntry,
    Model,
    RuleSystem,
    Scenario,
    TerrainPiece,
    Unit,
)
from board.document.scenario_json import (
    model_to_dict,
    read_scenario_fields,
    scenario_fields,
    write_scenario,
)

__all__ = ["encode_edit", "decode_edit", "scenario_value", "scenario_of"]

Json = dict[str, Any]


# -- objects ------------------------------------------------------------------------------------
def _model(m: Model) -> Json:
    return model_to_dict(m)


def _unit(u: Unit) -> Json:
    return {"id": u.id, "name": u.name, "side": u.side, "troop_type": u.troop_type.value,
            "embarked_in": u.embarked_in, "joined_to": u.joined_to, "stats": u.stats,
            "models": [_model(m) for m in u.models]}


def _piece(p: TerrainPiece) -> Json:
    return {"id": p.id, "datasheet": p.datasheet, "x": p.x, "y": p.y, "rotation": p.rotation,
            "claimed_by": p.claimed_by, "group": p.group, "part": p.part,
            "group_datasheet": p.group_datasheet, "state": p.state}


def _entry(e: LogEntry) -> Json:
    return {"text": e.text, "rolls": e.rolls, "seed": e.seed}


def _note(a: Annotation) -> Json:
    return {"id": a.id, "kind": a.kind, "data": a.data}


@functools.cache
def _empty(system: RuleSystem | None) -> tuple[tuple[str, Any], ...]:
    scenario = Scenario() if system is None else Scenario(rule_system=system)
    return tuple(write_scenario(scenario).items())


def _read(key: str, values: list[Any], where: str, system: RuleSystem | None = None) -> Scenario:
    """Read objects as the scenario reader does: inside an otherwise empty scenario.

    ``system`` is the rule system of the board the objects belong to: a building's saved state
    is checked against its system's type (an Epic building's ``armour``, a Fantasy garrison);
    ``None`` only for objects no system reads (notes, log entries).
    """
    data = {**dict(_empty(system)), key: values}
    try:
        return read_scenario_fields(scenario_fields(data))
    except ScenarioError as error:
        raise ScenarioError(error.message, f"{where}: {error.where}") from None


def _units(values: list[Any], where: str, system: RuleSystem) -> list[Unit]:
    return _read("units", values, where, system).units


def _pieces(values: list[Any], where: str, system: RuleSystem) -> list[TerrainPiece]:
    return _read("terrain", values, where, system).terrain


def scenario_value(scenario: Scenario) -> Json:
    """A whole scenario as JSON values (as saved)."""
    return write_scenario(scenario)


def scenario_of(value: object, where: str = "scenario") -> Scenario:
    """Read a whole scenario written by :func:`scenario_value` (no cross-checks)."""
    try:
        return read_scenario_fields(scenario_fields(value))
    except ScenarioError as error:
        raise ScenarioError(error.message, f"{where}: {error.where}") from None


# -- changes ------------------------------------------------------------------------------------
def _encode_change(c: Change) -> Json:
    return {
        "units": {k: None if u is None else _unit(u) for k, u in c.units.items()},
        "pieces": {k: None if p is None else _piece(p) for k, p in c.pieces.items()},
        "annotations": {k: None if a is None else _note(a) for k, a in c.annotations.items()},
        "options": {k: {"unset": True} if v is UNSET else {"value": v}
                    for k, v in c.options.items()},
        "log": [_entry(e) for e in c.log],
        "log_keep": c.log_keep,
        "unit_index": c.unit_index,
        "piece_index": c.piece_index,
        "annotation_index": c.annotation_index,
    }


def _by_id(values: dict[str, Any],
           read: Callable[[list[Any], str, RuleSystem], list[Any]], where: str,
           system: RuleSystem) -> dict[str, Any]:
    present = {k: v for k, v in values.items() if v is not None}
    objects = iter(read(list(present.values()), where, system))
    return {k: (next(objects) if v is not None else None) for k, v in values.items()}


def _decode_change(f: Fields, system: RuleSystem) -> Change:
    where = f.where
    notes = _read("annotations", [v for v in f.mapping("annotations").values() if v is not None],
                  f.at("annotations")).annotations
    note_iter = iter(notes)
    options: dict[str, Any] = {}
    for key, value in f.mapping("options").items():
        if not isinstance(value, dict) or not ({"unset"} == set(value) or {"value"} == set(value)):
            raise ScenarioError("an option is {\"value\": ...} or {\"unset\": true}",
                                f.at(f"options.{key}"))
        options[key] = UNSET if "unset" in value else value["value"]
    indexes = {k: {i: int(n) for i, n in f.mapping(k).items()}
               for k in ("unit_index", "piece_index", "annotation_index")}
    return Change(
        units=_by_id(f.mapping("units"), _units, f"{where}.units", system),
        pieces=_by_id(f.mapping("pieces"), _pieces, f"{where}.pieces", system),
        annotations={k: (next(note_iter) if v is not None else None)
                     for k, v in f.mapping("annotations").items()},
        options=options,
        log=_read("log", f.items("log", []), f.at("log")).log,
        log_keep=f.optional_integer("log_keep", minimum=0),
        unit_index=indexes["unit_index"],
        piece_index=indexes["piece_index"],
        annotation_index=indexes["annotation_index"],
    )


# -- the edits ----------------------------------------------------------------------------------
def encode_edit(op: str, args: dict[str, Any]) -> Json:
    """Write the arguments of the document's edit ``op`` as JSON values."""
    if op in ("move_models", "rotate_models", "place_pieces", "remove_piece", "remove_unit",
              "claim_piece"):
        return {k: ({i: list(v) if isinstance(v, tuple) else v for i, v in a.items()}
                    if isinstance(a, dict) else a) for k, a in args.items()}
    if op == "remove_models":
        return {"model_ids": list(args["model_ids"])}
    if op == "restore_models":
        return {"removed": [[u, i, _model(m)] for u, i, m in args["removed"]]}
    if op == "add_pieces":
        return {"pieces": [_piece(p) for p in args["pieces"]], "index": args.get("index")}
    if op == "add_unit":
        return {"unit": _unit(args["unit"]), "index": args.get("index")}
    if op == "apply_change":
        return {"change": _encode_change(args["change"])}
    if op == "replace":
        return {"scenario": scenario_value(args["scenario"])}
    raise ScenarioError(f"unknown edit {op!r}", "op")


def _points(f: Fields, key: str, size: int) -> dict[str, tuple[float, ...]]:
    out: dict[str, tuple[float, ...]] = {}
    for item_id, value in f.mapping(key).items():
        ok = isinstance(value, list) and len(value) == size and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        if not ok:
            raise ScenarioError(f"expected {size} numbers", f.at(f"{key}.{item_id}"))
        out[item_id] = tuple(float(v) for v in value)
    return out


def decode_edit(op: str, data: object, where: str = "args", *,
                system: RuleSystem) -> dict[str, Any]:
    """Read the arguments of the edit ``op`` written by :func:`encode_edit`.

    ``system``: the rule system of the board the edit is made on (``scenario.rule_system``
    just before it; there is no default system to fall back on). A building's state is read
    as that system's type: an Epic 40,000 shot's ``armour``, a Warhammer Fantasy ``garrison``;
    read as 40K they were refused, and a journal with an Epic or a Fantasy shot in it could not
    be recovered or replayed.
    """
    f = Fields(data, where)
    if op == "move_models":
        return {"positions": _points(f, "positions", 2)}
    if op == "rotate_models":
        return {"facings": {k: f.child("facings").number(k) for k in f.mapping("facings")}}
    if op == "place_pieces":
        return {"placements": _points(f, "placements", 3)}
    if op in ("remove_piece", "remove_unit"):
        key = "piece_id" if op == "remove_piece" else "unit_id"
        return {key: f.text(key)}
    if op == "claim_piece":
        return {"piece_id": f.text("piece_id"), "side_id": f.optional_text("side_id")}
    if op == "remove_models":
        return {"model_ids": [str(v) for v in f.items("model_ids")]}
    if op == "restore_models":
        rows = f.items("removed")
        for k, row in enumerate(rows):
            if not (isinstance(row, list) and len(row) == 3 and isinstance(row[0], str)
                    and isinstance(row[1], int) and not isinstance(row[1], bool)):
                raise ScenarioError("expected [unit id, index, model]", f.at(f"removed[{k}]"))
        holders = [{"id": f"_{k}", "name": "_", "side": "_", "troop_type": "infantry",
                    "models": [row[2]]} for k, row in enumerate(rows)]
        units = _units(holders, f.at("removed"), system)
        return {"removed": [(row[0], row[1], u.models[0]) for row, u in zip(rows, units,
                                                                           strict=True)]}
    if op == "add_pieces":
        index = f.optional_integer("index", minimum=0)
        return {"pieces": _pieces(f.items("pieces"), f.at("pieces"), system), "index": index}
    if op == "add_unit":
        index = f.optional_integer("index", minimum=0)
        return {"unit": _units([f.raw("unit")], f.at("unit"), system)[0], "index": index}
    if op == "apply_change":
        return {"change": _decode_change(f.child("change"), system)}
    if op == "replace":
        return {"scenario": scenario_of(f.raw("scenario"), f.at("scenario"))}
    raise ScenarioError(f"unknown edit {op!r}", where)
