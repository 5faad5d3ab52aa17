"""The scenario as a Yjs document (pycrdt): what goes where, written and read back.

The Yjs document has these root types, each value a small JSON text so that one edit
rewrites one value and two players' edits of different things merge:

========== ======= ====================================================================
root       type    holds
========== ======= ====================================================================
``head``   Map     ``scenario``: name, table, rule system, sides, custom datasheets
``options``Map     option key → its JSON value (the turn clock is here)
``units``  Map     unit id → the unit without its models' positions, and its place ``at``
``pos``    Map     model id → ``[x, y, facing]``: a drag rewrites only these
``pieces`` Map     piece id → the terrain piece (claims and building state in it), ``at``
``notes``  Map     annotation id → the kept measurement, ``at``
``log``    Array   the log, one JSON text per entry, only ever appended to
``dice``   Map     ``roll/purpose``, ``roll/commit/player``, ``roll/reveal/player``
========== ======= ====================================================================

Two players dragging the same model both write its ``pos`` value; Yjs keeps one of the two
writes, the same on both ends. :func:`read_data` rebuilds the scenario's JSON values (the
file format) from the Yjs document, so the checks of a file read (:mod:`board.document.io`)
also check what a remote player sent.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

import pycrdt

from board.document.model import Scenario
from board.document.scenario_json import FORMAT, VERSION, write_scenario
from board.shared.dice import (
    FairDiceError,
    FairRoll,
    is_proof_key,
    proof_key,
    proofs_from_options,
)

__all__ = [
    "Roots",
    "HEAD_KEY",
    "roots",
    "text",
    "unit_text",
    "pos_text",
    "piece_text",
    "note_text",
    "log_text",
    "read_data",
    "read_position",
    "read_fair_rolls",
    "read_log",
    "plain",
    "fair_proofs",
    "write_all",
    "dice_items",
    "ordered_at",
]

HEAD_KEY = "scenario"
_HEAD = ("name", "table", "rule_system", "sides", "custom_datasheets")


class Roots:
    """The root types of one Yjs document (see the module's table)."""

    def __init__(self, doc: pycrdt.Doc) -> None:
        self.doc = doc
        self.head = doc.get("head", type=pycrdt.Map)
        self.options = doc.get("options", type=pycrdt.Map)
        self.units = doc.get("units", type=pycrdt.Map)
        self.pos = doc.get("pos", type=pycrdt.Map)
        self.pieces = doc.get("pieces", type=pycrdt.Map)
        self.notes = doc.get("notes", type=pycrdt.Map)
        self.log = doc.get("log", type=pycrdt.Array)
        self.dice = doc.get("dice", type=pycrdt.Map)

    def maps(self) -> dict[str, pycrdt.Map]:
        """The Map roots by name."""
        return {"head": self.head, "options": self.options, "units": self.units,
                "pos": self.pos, "pieces": self.pieces, "notes": self.notes, "dice": self.dice}


def roots(doc: pycrdt.Doc) -> Roots:
    """The root types of ``doc`` (created empty if they are not there yet)."""
    return Roots(doc)


def text(value: Any) -> str:
    """The JSON text a value is kept as (keys sorted, so equal values give equal texts)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=True)


def head_text(data: Mapping[str, Any]) -> str:
    """The ``head`` value of a scenario's JSON values."""
    return text({key: data[key] for key in _HEAD})


def unit_text(unit: Mapping[str, Any], at: float) -> str:
    """A unit's JSON values without its models' positions (they live in ``pos``)."""
    models = [{k: v for k, v in m.items() if k not in ("x", "y", "facing")}
              for m in unit["models"]]
    return text({"at": at, **unit, "models": models})


def pos_text(x: float, y: float, facing: float) -> str:
    """A model's position and facing."""
    return text([x, y, facing])


def piece_text(piece: Mapping[str, Any], at: float) -> str:
    """A terrain piece's JSON values and its place in the terrain list."""
    return text({"at": at, **piece})


note_text = piece_text


def log_text(entry: Mapping[str, Any], by: str) -> str:
    """A log entry's JSON values and who wrote it."""
    return text({**entry, "by": by})


def read_position(value: object) -> tuple[float, float, float]:
    """A ``pos`` value as three finite numbers (:class:`ValueError` naming what is wrong)."""
    try:
        numbers = json.loads(str(value))
    except json.JSONDecodeError as exc:
        raise ValueError(f"a position is [x, y, facing], not {value!r}") from exc
    if (not isinstance(numbers, list) or len(numbers) != 3
            or not all(isinstance(n, int | float) and not isinstance(n, bool) for n in numbers)):
        raise ValueError(f"a position is [x, y, facing], not {value!r}")
    if not all(math.isfinite(n) for n in numbers):
        raise ValueError(f"a position must be finite numbers, got {numbers}")
    x, y, facing = (float(n) for n in numbers)
    return x, y, facing


def _loads(value: object, what: str) -> Any:
    try:
        return json.loads(str(value))
    except json.JSONDecodeError as exc:
        raise ValueError(f"{what} is not JSON: {exc}") from None


def ordered_at(values: Iterable[tuple[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """Decoded ``(id, value)`` pairs in list order: by ``at``, then by id (the same everywhere)."""
    decoded = [(key, _loads(value, key)) for key, value in values]
    for key, value in decoded:
        if not isinstance(value, dict) or not isinstance(value.get("at"), int | float):
            raise ValueError(f"{key} has no place in its list ('at')")
    return sorted(decoded, key=lambda kv: (kv[1]["at"], kv[0]))


def plain(root: pycrdt.Map | pycrdt.Array) -> Any:
    """A root's values as plain Python, read in one go.

    The root's JSON text is made by Yjs itself in one call, which for the 10,000 values of
    a long game's dice is about four times faster than pycrdt's ``to_py`` (one Python
    round trip per value).
    """
    with root.doc.transaction():
        values = json.loads(str(root))
    if values is None:
        return {} if isinstance(root, pycrdt.Map) else []
    return values


def _units(r: Roots) -> list[dict[str, Any]]:
    units = []
    positions = plain(r.pos)
    for unit_id, value in ordered_at(plain(r.units).items()):
        value.pop("at")
        for model in value.get("models", []):
            if not isinstance(model, dict):
                raise ValueError(f"unit {unit_id}: a model is not an object")
            at = positions.get(str(model.get("id")))
            if at is None:
                raise ValueError(f"model {model.get('id')} of unit {unit_id} has no position")
            model["x"], model["y"], model["facing"] = read_position(at)
        units.append(value)
    return units


def _listed(values: Iterable[tuple[str, Any]]) -> list[dict[str, Any]]:
    listed = []
    for _, value in ordered_at(values):
        value.pop("at")
        listed.append(value)
    return listed


def read_fair_rolls(dice: Mapping[str, Any], only: set[str] | None = None,
                    players: Iterable[str] = ()) -> dict[str, FairRoll]:
    """The rolls of the ``dice`` map as far as they got (``only`` these, of ``players``).

    Raises :class:`~board.shared.dice.FairDiceError` for a roll that does not check.
    """
    parts: dict[str, dict[str, Any]] = {}
    if isinstance(dice, pycrdt.Map):
        with dice.doc.transaction():
            return read_fair_rolls(plain(dice) if only is None else {
                key: dice[key] for key in _keys(only, players) if key in dice}, only, players)
    if only is None:
        keys: Iterable[str] = list(dice.keys())
    else:
        keys = _keys(only, players)
    for key in keys:
        if key not in dice:
            continue
        value = dice[key]
        roll_id, _, rest = str(key).partition("/")
        entry = parts.setdefault(roll_id, {"commit": {}, "reveal": {}, "purpose": ""})
        kind, _, player = rest.partition("/")
        if kind in ("commit", "reveal") and player:
            entry[kind][player] = str(value)
        elif kind == "purpose":
            entry["purpose"] = str(value)
    rolls = {}
    for roll_id, entry in parts.items():
        rolls[roll_id] = FairRoll.checked(roll_id, entry["commit"], entry["reveal"],
                                          entry["purpose"])
    return rolls


def _keys(rolls: set[str], players: Iterable[str]) -> list[str]:
    keys = [f"{roll}/purpose" for roll in rolls]
    keys += [f"{roll}/{kind}/{player}" for roll in rolls for kind in ("commit", "reveal")
             for player in players]
    return keys


def read_data(r: Roots) -> dict[str, Any]:
    """The scenario's JSON values (the file format) as the Yjs document holds them.

    Raises
    ------
    ValueError
        A value that is not JSON, a model without a finite position, a list item without its
        place, a fair roll that does not check (:class:`~board.shared.dice.FairDiceError`).
    """
    with r.doc.transaction():
        return _read_data(r)


def _read_data(r: Roots) -> dict[str, Any]:
    head = _loads(r.head.get(HEAD_KEY, "null"), "the scenario's head")
    if not isinstance(head, dict):
        raise ValueError("the shared document has no scenario yet")
    options = {key: _loads(value, f"option {key}") for key, value in plain(r.options).items()
               if not is_proof_key(key)}
    for proof in fair_proofs(read_fair_rolls(r.dice)):
        options[proof_key(proof["roll"])] = proof
    return {"format": FORMAT, "version": VERSION, **head, "options": options,
            "terrain": _listed(plain(r.pieces).items()), "units": _units(r),
            "log": read_log(r), "annotations": _listed(plain(r.notes).items())}


def read_log(r: Roots) -> list[dict[str, Any]]:
    """The shared log's entries as JSON values (without who wrote each)."""
    log = []
    for number, value in enumerate(plain(r.log), start=1):
        entry = _loads(value, f"log entry {number}")
        if not isinstance(entry, dict):
            raise ValueError(f"log entry {number} is not an object")
        entry.pop("by", None)
        log.append(entry)
    return log


def fair_proofs(rolls: Mapping[str, FairRoll]) -> list[dict[str, Any]]:
    """The proofs of the rolls whose seed is agreed, in roll-id order (``options["fair_dice"]``)."""
    return [roll.to_dict() for _, roll in sorted(rolls.items()) if roll.seed is not None]


def write_all(r: Roots, scenario: Scenario, by: str) -> None:
    """Write a whole scenario into an empty Yjs document (the host does this once)."""
    data = write_scenario(scenario)
    r.head[HEAD_KEY] = head_text(data)
    for key, value in data["options"].items():
        if not is_proof_key(key):
            r.options[key] = text(value)
    for i, unit in enumerate(data["units"]):
        r.units[unit["id"]] = unit_text(unit, float(i))
        for model in unit["models"]:
            r.pos[model["id"]] = pos_text(model["x"], model["y"], model["facing"])
    for i, piece in enumerate(data["terrain"]):
        r.pieces[piece["id"]] = piece_text(piece, float(i))
    for i, note in enumerate(data["annotations"]):
        r.notes[note["id"]] = note_text(note, float(i))
    for entry in data["log"]:
        r.log.append(log_text(entry, by))
    for roll in _proofs(data["options"]):
        for key, value in dice_items(roll).items():
            r.dice[key] = value


def _proofs(options: Mapping[str, Any]) -> list[FairRoll]:
    try:
        return proofs_from_options(options)
    except FairDiceError:
        return []


def dice_items(roll: FairRoll) -> dict[str, str]:
    """The ``dice`` map's values for a roll."""
    items = {f"{roll.roll_id}/purpose": roll.purpose}
    items.update({f"{roll.roll_id}/commit/{p}": c for p, c in roll.commitments.items()})
    items.update({f"{roll.roll_id}/reveal/{p}": s for p, s in roll.reveals.items()})
    return items
