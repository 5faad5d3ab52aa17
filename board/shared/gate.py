"""Each value a peer writes into the shared document, checked on its own (the gate).

The shared document is written by other people's programs. Every value in it is read here
with the checks of a file (:mod:`board.document.jsontext` for the text: depth, number size,
``NaN``, long strings, doubled keys; :mod:`board.document.scenario_json` for the fields; the
declared limits of ``docs/limits.md``), *item by item*: one bad unit, position, piece, note,
option, log entry or fair roll is refused on its own, with a :class:`Refusal` naming it and
why, and the rest is taken.

:func:`check_items` runs the whole-scenario checks (sides, ids, datasheets, embarked units)
and, when they refuse, takes out the item the refusal names and tries again, so a value that
only fails beside the others (a unit of an unknown side, a unit in a building that does not
exist) is refused alone too. :func:`read_valid` reads a whole room this way (a join): the
valid game, and what was left out.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from board.document.datasheet import Datasheet
from board.document.errors import ScenarioError, clip, one_line
from board.document.io import scenario_from_dict
from board.document.jsontext import loads
from board.document.limits import MAX_COORDINATE, MAX_FILE_BYTES
from board.document.model import LogEntry, Scenario
from board.document.scenario_json import (
    FORMAT,
    VERSION,
    annotation_from_dict,
    log_entry_from_dict,
    piece_from_dict,
    unit_from_dict,
)
from board.shared.dice import FairDiceError, is_proof_key, proof_key
from board.shared.ydoc import HEAD_KEY, Roots, plain, read_fair_rolls

__all__ = [
    "Refusal", "decode", "listed", "position", "log_entry", "read_valid", "check_items",
    "with_positions",
    "LISTS", "ROOT_OF", "order_key",
]

#: The scenario's lists and the shared document's roots that hold their items.
LISTS = {"units": "units", "pieces": "terrain", "notes": "annotations"}
ROOT_OF = {value: key for key, value in LISTS.items()}
_HEAD_FIELDS = ("name", "table", "rule_system", "sides", "custom_datasheets")
_ITEM = re.compile(r"^(units|terrain|annotations)\[(\d+)\]")


@dataclass(frozen=True)
class Refusal:
    """One item of the shared document not taken: its root, its key, and why."""

    root: str
    key: str
    why: str

    def __str__(self) -> str:
        what = {"units": "unit", "pos": "model", "pieces": "terrain piece",
                "notes": "note", "options": "option", "log": "log entry", "head": "the game's",
                "dice": "fair roll"}.get(self.root, self.root)
        joint = " " if self.why.startswith("of ") else ": "
        return clip(one_line(f"{what} {self.key}{joint}{self.why}"), 280)


def decode(value: object, where: str) -> Any:
    """One value of the shared document as JSON, checked as a file's text is.

    >>> decode('[1, 2]', "pos[m1]")
    [1, 2]
    >>> decode('[NaN, 2]', "")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    board.document.errors.ScenarioError: [0]: NaN is not a number a file may hold (numbers ...
    >>> decode(7, "units[u1]")
    Traceback (most recent call last):
    ...
    board.document.errors.ScenarioError: units[u1]: expected a JSON text, got a int
    """
    if not isinstance(value, str):
        raise ScenarioError(f"expected a JSON text, got a {type(value).__name__}", where)
    if len(value) > MAX_FILE_BYTES:
        raise ScenarioError(f"a value of {len(value):,} characters (at most "
                            f"{MAX_FILE_BYTES:,})", where)
    return loads(value, where)


def _finite(value: object) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


def listed(value: object, where: str) -> tuple[float, dict[str, Any]]:
    """A unit, piece or note of the shared document: its place in its list, and its fields."""
    data = decode(value, where)
    if not isinstance(data, dict):
        raise ScenarioError("expected an object {...}", where)
    at = data.pop("at", None)
    if not _finite(at) or abs(at) > MAX_COORDINATE:
        raise ScenarioError(f"no place in its list ('at'), got {json.dumps(at)[:40]}", where)
    return float(at), data


def position(value: object, where: str) -> tuple[float, float, float]:
    """A model's ``[x, y, facing]``: three finite numbers, each at most 1,000,000 in size.

    >>> position("[1, 2.5, 90]", "pos[m1]")
    (1.0, 2.5, 90.0)
    >>> position("[1e308, 0, 0]", "")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    board.document.errors.ScenarioError: a coordinate is at most 1,000,000 in size, got [1e+308, ...
    """
    try:
        numbers = decode(value, "")
    except ScenarioError as exc:
        raise ScenarioError(f"a position is [x, y, facing] (finite numbers): {exc}",
                            where) from None
    if (not isinstance(numbers, list) or len(numbers) != 3
            or not all(_finite(n) for n in numbers)):
        raise ScenarioError(f"a position is [x, y, facing], got {json.dumps(numbers)[:60]}",
                            where)
    if max(abs(n) for n in numbers) > MAX_COORDINATE:
        raise ScenarioError(f"a coordinate is at most {MAX_COORDINATE:,.0f} in size, got "
                            f"{json.dumps(numbers)[:60]}", where)
    x, y, facing = (float(n) for n in numbers)
    return x, y, facing


def log_entry(value: object, where: str) -> tuple[str, LogEntry]:
    """A shared log entry: who wrote it, and the entry as a file's log holds it."""
    data = decode(value, where)
    if not isinstance(data, dict):
        raise ScenarioError("expected an object {...}", where)
    by = data.pop("by", "")
    if not isinstance(by, str):
        raise ScenarioError("'by' is the name of who wrote it", where)
    return by, log_entry_from_dict(data, where)


def order_key(value: object, fallback: float) -> float:
    """An item's place in its list, read leniently (a bad value keeps ``fallback``)."""
    try:
        at = json.loads(str(value)).get("at") if isinstance(value, str) else None
    except (ValueError, AttributeError, RecursionError):
        return fallback
    return float(at) if isinstance(at, int | float) and _finite(at) else fallback


# -- the whole scenario, item by item ----------------------------------------------------------
#: What a refused item becomes: its replacement (the board's own version), or ``None``: left out.
Fallback = Callable[[str, dict[str, Any]], dict[str, Any] | None]


def _item_at(data: Mapping[str, Any], where: str) -> tuple[str, int] | None:
    match = _ITEM.match(where or "")
    if match is None:
        return None
    kind, index = match.group(1), int(match.group(2))
    items = data.get(kind)
    if not isinstance(items, list) or index >= len(items):
        return None
    return kind, index


def check_items(data: dict[str, Any], library: Mapping[str, Datasheet],
                fallback: Fallback) -> tuple[Scenario, list[Refusal]]:
    """Check ``data`` as a file; each unit, piece or note refused is put to ``fallback``.

    ``fallback(list, item)`` gives what stands in for the refused item (``None``: it is left
    out), or raises :class:`ScenarioError` when it may not be replaced (the refusal stands
    for the whole). Each try takes out one item, so the loop ends.
    """
    refused: list[Refusal] = []
    tries = sum(len(data.get(kind, [])) for kind in ROOT_OF) + 1
    for _ in range(tries):
        try:
            return scenario_from_dict(data, library), refused
        except ScenarioError as exc:
            found = _item_at(data, exc.where)
            if found is None:
                raise
            kind, index = found
            item = data[kind][index]
            key = str(item.get("id", f"#{index}")) if isinstance(item, dict) else f"#{index}"
            replacement = fallback(kind, item)
            inner = exc.where[len(f"{kind}[{index}]"):].lstrip(".")
            refused.append(Refusal(ROOT_OF[kind], key, str(ScenarioError(exc.message, inner))))
            if replacement is None:
                del data[kind][index]
            else:
                data[kind][index] = replacement
    raise ScenarioError("the shared game does not check, item after item")  # not reached


def _valid_listed(root: Any, name: str, refused: list[Refusal]
                  ) -> list[tuple[str, dict[str, Any]]]:
    items = []
    for key, value in _values(root).items():
        try:
            at, data = listed(value, "")
            if data.get("id") != key:
                raise ScenarioError(f"its id is {json.dumps(data.get('id'))[:40]}, not its key")
            if name != "units":
                (piece_from_dict if name == "pieces" else annotation_from_dict)(data, "")
        except ScenarioError as exc:
            refused.append(Refusal(name, key, str(exc)))
            continue
        items.append((at, key, data))
    return [(key, data) for _, key, data in sorted(items, key=lambda i: (i[0], i[1]))]


def _values(root: Any) -> dict[str, Any]:
    with root.doc.transaction():
        return {str(key): root[key] for key in root.keys()}


def with_positions(unit: dict[str, Any], positions: Mapping[str, Any]) -> None:
    """Put each model's shared ``[x, y, facing]`` into a unit's fields (refused: no position)."""
    models = unit.get("models")
    if not isinstance(models, list):
        raise ScenarioError("missing field 'models' (a list)")
    for number, model in enumerate(models):
        if not isinstance(model, dict):
            raise ScenarioError("expected an object {...}", f"models[{number}]")
        model_id = str(model.get("id"))
        if model_id not in positions:
            raise ScenarioError(f"model {clip(model_id, 40)} has no position",
                                f"models[{number}]")
        model["x"], model["y"], model["facing"] = position(positions[model_id],
                                                           f"models[{number}]")


def _units(r: Roots, refused: list[Refusal]) -> list[dict[str, Any]]:
    positions = _values(r.pos)
    units = []
    for key, unit in _valid_listed(r.units, "units", refused):
        try:
            with_positions(unit, positions)
            unit_from_dict(unit, "")
        except ScenarioError as exc:
            refused.append(Refusal("units", key, str(exc)))
            continue
        units.append(unit)
    return units


def _options(r: Roots, refused: list[Refusal]) -> dict[str, Any]:
    options = {}
    for key, value in _values(r.options).items():
        if is_proof_key(key):
            continue
        try:
            options[key] = decode(value, "")
        except ScenarioError as exc:
            refused.append(Refusal("options", key, str(exc)))
    return options


def _fair_proofs(r: Roots, refused: list[Refusal]) -> dict[str, Any]:
    values = {k: v for k, v in _values(r.dice).items() if isinstance(v, str)}
    proofs = {}
    for roll_id in sorted({key.split("/", 1)[0] for key in values}):
        mine = {k: v for k, v in values.items() if k.split("/", 1)[0] == roll_id}
        try:
            roll = read_fair_rolls(mine)[roll_id]
        except (FairDiceError, KeyError, ValueError) as exc:
            refused.append(Refusal("dice", roll_id, str(exc)))
            continue
        if roll.seed is not None:
            proofs[proof_key(roll_id)] = roll.to_dict()
    return proofs


def _log(r: Roots, refused: list[Refusal]) -> list[dict[str, Any]]:
    entries = []
    for number, value in enumerate(plain(r.log), 1):
        try:
            _, entry = log_entry(value, "")
        except ScenarioError as exc:
            refused.append(Refusal("log", str(number), str(exc)))
            continue
        entries.append({"text": entry.text, "rolls": entry.rolls, "seed": entry.seed})
    return entries


def read_valid(r: Roots, library: Mapping[str, Datasheet]) -> tuple[Scenario, list[Refusal]]:
    """The room's game with every item that does not check left out, and what was left out.

    Raises
    ------
    ScenarioError
        The game's head (name, table, rule system, sides) is missing or does not check: there
        is no game to take.
    """
    refused: list[Refusal] = []
    with r.doc.transaction():
        head = decode(r.head.get(HEAD_KEY, "null"), "the game's head")
        if not isinstance(head, dict) or not all(key in head for key in _HEAD_FIELDS):
            raise ScenarioError("the shared document has no scenario yet", "head")
        options = _options(r, refused)
        options.update(_fair_proofs(r, refused))
        data = {"format": FORMAT, "version": VERSION,
                **{key: head[key] for key in _HEAD_FIELDS}, "options": options,
                "terrain": [d for _, d in _valid_listed(r.pieces, "pieces", refused)],
                "units": _units(r, refused), "log": _log(r, refused),
                "annotations": [d for _, d in _valid_listed(r.notes, "notes", refused)]}
    scenario, more = check_items(data, library, lambda _kind, _item: None)
    return scenario, refused + more
