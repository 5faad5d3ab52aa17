"""An edit that comes from outside this run, checked as strictly as a file before it is made.

Edits are read back from a journal (recovery), from a game's history (File ▸ Replay) and from
a remote peer. Each of them is as untrusted as a file on disk, so each goes through the same
checks and limits as a file (:mod:`board.document.limits`, :func:`~board.document.checks.
check_scenario`) before the document makes it:

- :func:`read_edit`: an edit as JSON (``op`` and ``args`` as a journal line holds them) read
  and checked: the values' limits (no NaN or infinity, no number larger than a file may hold,
  strings, nesting), the objects as the scenario reader reads them, then :func:`check_edit`;
- :func:`check_edit`: an edit's arguments as Python values (what ``document.perform`` takes),
  refused when the board after it would be refused as a file: a coordinate or angle out of
  range, an unknown model, piece, unit or side, a unit's datasheet or id that does not fit,
  more models, units or pieces than a file may hold;
- :func:`make_edit`: both, then the edit made on the document.

Each refusal is an :class:`EditRefused` (a :class:`~board.document.errors.ScenarioError`) that
says what and why, with the numbers; nothing is changed. No Qt here: the shared board
(``board/shared``) calls :func:`check_edit` on a peer's edits.

>>> from board.document.edits import ScenarioDocument
>>> from board.document.model import Base, Model, Scenario, Side, TroopType, Unit
>>> unit = Unit("u1", "Tactical Squad", "red", TroopType.INFANTRY,
...             [Model("m1", Base.round_mm(32), 10.0, 10.0)])
>>> board = Scenario(sides=[Side("red", "Red", "#c03030"), Side("blue", "Blue", "#3030c0")],
...                  units=[unit])
>>> document = ScenarioDocument(board)
>>> make_edit(document, "move_models", {"positions": {"m1": [12, 9.5]}}, {})
>>> document.scenario.model("m1")[1].x
12.0
>>> make_edit(document, "move_models", {"positions": {"m1": [1e300, 1]}}, {}, "edit 2")
Traceback (most recent call last):
...
board.document.edit_check.EditRefused: edit 2.positions.m1[0]: a coordinate or angle is at \
most 1,000,000 in size, got 1e+300
>>> make_edit(document, "move_models", {"positions": {"m1": [float("nan"), 1]}}, {})
Traceback (most recent call last):
...
board.document.edit_check.EditRefused: edit.positions.m1[0]: nan is not a finite number
>>> document.scenario.model("m1")[1].x, document.revision
(12.0, 1)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from board.document.change_apply import apply_to, check_change
from board.document.changes import Change
from board.document.checks import check_scenario
from board.document.datasheet import Datasheet
from board.document.datasheets import DatasheetLibrary
from board.document.edits import EDIT_OPS, ScenarioDocument
from board.document.errors import ScenarioError, join_where
from board.document.fields import describe
from board.document.journal_codec import decode_edit
from board.document.jsontext import check_value
from board.document.limits import (
    MAX_ANNOTATIONS,
    MAX_COORDINATE,
    MAX_LOG_ENTRIES,
    MAX_MODELS,
    MAX_PIECES,
    MAX_UNITS,
)
from board.document.model import Model, Scenario, Unit

__all__ = ["EditRefused", "read_edit", "check_edit", "make_edit", "check_board"]


class EditRefused(ScenarioError):
    """An edit read back (journal, history, peer) that the board will not make, and why."""


def _number(value: object, where: str) -> float:
    """A coordinate or angle as a file holds it: a finite number at most a million in size."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise EditRefused(f"expected a number, got {describe(value)}", where)
    number = float(value)
    if not math.isfinite(number):
        raise EditRefused(f"{value!r} is not a finite number", where)
    if abs(number) > MAX_COORDINATE:
        raise EditRefused(f"a coordinate or angle is at most {MAX_COORDINATE:,.0f} in size, "
                          f"got {value!r}", where)
    return number


def _numbers(values: Mapping[str, Iterable[object]], where: str) -> None:
    for item_id, numbers in values.items():
        for k, value in enumerate(numbers):
            _number(value, join_where(where, f"{item_id}[{k}]"))


def _known(ids: Iterable[str], find: Callable[[str], object], what: str, where: str) -> None:
    for item_id in ids:
        try:
            find(item_id)
        except KeyError:
            raise EditRefused(f"no {what} with id {item_id!r} on this board", where) from None


def _full_library(scenario: Scenario, library: Mapping[str, Datasheet]) -> Mapping[str, Datasheet]:
    """The datasheets the board's pieces may name: ``library`` and the board's own."""
    if not scenario.custom_datasheets:
        return library
    base = library if isinstance(library, DatasheetLibrary) else DatasheetLibrary(library.values())
    return base.including(scenario.custom_datasheets, "custom_datasheets")


def check_board(scenario: Scenario, library: Mapping[str, Datasheet], where: str = "") -> None:
    """Refuse a board a file could not hold: the counts' limits, then how its parts fit.

    The parts were each read (or made) within their own limits; this is what a file's
    reader checks of the whole (:func:`~board.document.checks.check_scenario`).
    """
    models = sum(len(u.models) for u in scenario.units)
    for count, limit, what in ((models, MAX_MODELS, "models"),
                               (len(scenario.units), MAX_UNITS, "units"),
                               (len(scenario.terrain), MAX_PIECES, "terrain pieces"),
                               (len(scenario.annotations), MAX_ANNOTATIONS, "annotations"),
                               (len(scenario.log), MAX_LOG_ENTRIES, "log entries")):
        if count > limit:
            raise EditRefused(f"the board would hold {count:,} {what}; a file holds at most "
                              f"{limit:,}", where)
    try:
        check_scenario(scenario, _full_library(scenario, library), where)
    except EditRefused:
        raise
    except ScenarioError as error:
        raise EditRefused(error.message, error.where) from None


def _containers(scenario: Scenario) -> Scenario:
    """A copy of ``scenario`` with its own lists and options (the objects in them shared).

    What an edit that adds, removes or swaps whole objects changes; a trial of it on this
    copy leaves the board itself untouched.
    """
    return dataclasses.replace(
        scenario, units=list(scenario.units), terrain=list(scenario.terrain),
        annotations=list(scenario.annotations), log=list(scenario.log),
        options=dict(scenario.options))


def _with_models(scenario: Scenario, removed: list[tuple[str, int, Model]]) -> Scenario:
    trial = _containers(scenario)
    units = {u.id: i for i, u in enumerate(trial.units)}
    for unit_id, index, model in reversed(removed):
        if unit_id not in units:
            raise EditRefused(f"no unit with id {unit_id!r} on this board", "removed")
        at = units[unit_id]
        unit: Unit = trial.units[at]
        models = list(unit.models)
        models.insert(index, model)
        trial.units[at] = dataclasses.replace(unit, models=models)
    return trial


def _trial(scenario: Scenario, op: str, args: Mapping[str, Any]) -> Scenario | None:
    """The board after an edit that adds or swaps objects, made on a copy; else ``None``."""
    if op == "replace":
        return args["scenario"]  # type: ignore[no-any-return]
    if op == "add_unit":
        trial = _containers(scenario)
        trial.units.append(args["unit"])
        return trial
    if op == "add_pieces":
        trial = _containers(scenario)
        trial.terrain.extend(args["pieces"])
        return trial
    if op == "restore_models":
        return _with_models(scenario, list(args["removed"]))
    if op == "apply_change":
        change: Change = args["change"]
        trial = _containers(scenario)
        try:
            check_change(trial, change)
        except ValueError as error:
            raise EditRefused(str(error), "change") from None
        apply_to(trial, change, 0)
        return trial
    return None


def _check_references(scenario: Scenario, op: str, args: Mapping[str, Any]) -> None:
    """The numbers and the ids of an edit that changes objects already on the board."""
    if op == "move_models":
        _numbers(args["positions"], "positions")
        _known(args["positions"], scenario.model, "model", "positions")
    elif op == "rotate_models":
        _numbers({k: [v] for k, v in args["facings"].items()}, "facings")
        _known(args["facings"], scenario.model, "model", "facings")
    elif op == "place_pieces":
        _numbers(args["placements"], "placements")
        _known(args["placements"], scenario.piece, "terrain piece", "placements")
    elif op in ("remove_piece", "claim_piece"):
        _known([args["piece_id"]], scenario.piece, "terrain piece", "piece_id")
        if op == "claim_piece" and args.get("side_id") is not None:
            _known([args["side_id"]], scenario.side, "side", "side_id")
    elif op == "remove_unit":
        _known([args["unit_id"]], scenario.unit, "unit", "unit_id")
    elif op == "remove_models":
        _known(args["model_ids"], scenario.model, "model", "model_ids")


def check_edit(scenario: Scenario, op: str, args: Mapping[str, Any],
               library: Mapping[str, Datasheet], where: str = "") -> None:
    """Refuse the edit ``op`` with ``args`` when the board after it could not be a file.

    ``args`` are Python values, as ``document.perform(op, args)`` takes them; ``library``:
    the shipped datasheets (the board's own are added). Nothing is changed. The document's
    own refusals (a unit's last model removed, a piece with units inside) are left to it.

    Raises
    ------
    EditRefused
        What and why, after ``where``.
    """
    if op not in EDIT_OPS:
        raise EditRefused(f"unknown edit {op!r} (known: {', '.join(EDIT_OPS)})", where)
    try:
        _check_references(scenario, op, args)
        trial = _trial(scenario, op, args)
        if trial is not None:
            check_board(trial, library)
    except ScenarioError as error:
        raise EditRefused(error.message, join_where(where, error.where)) from None
    except (KeyError, TypeError, ValueError) as error:
        raise EditRefused(f"the edit cannot be made: {error}", where) from None


def read_edit(scenario: Scenario, op: object, data: object, library: Mapping[str, Datasheet],
              where: str = "edit") -> dict[str, Any]:
    """Read and check an edit written as JSON (a journal line's ``op`` and ``args``).

    Returns the arguments for ``document.perform(op, ...)`` on ``scenario``.

    Raises
    ------
    EditRefused
        The values break a file's limits, an object is not what a file may hold, or the edit
        does not fit this board (:func:`check_edit`).
    """
    if not isinstance(op, str) or op not in EDIT_OPS:
        raise EditRefused(f"unknown edit {op!r}", where)
    try:
        check_value(data, where)
        args = decode_edit(op, data, where, system=scenario.rule_system)
    except ScenarioError as error:
        raise EditRefused(error.message, error.where) from None
    check_edit(scenario, op, args, library, where)
    return args


def make_edit(document: ScenarioDocument, op: object, data: object,
              library: Mapping[str, Datasheet], where: str = "edit") -> None:
    """Make an edit read back from a journal, a history or a peer, checked as a file is.

    Raises
    ------
    EditRefused
        It was refused (by the checks, or by the document itself); nothing changed.
    """
    args = read_edit(document.scenario, op, data, library, where)
    try:
        document.perform(str(op), args)
    except (ScenarioError, KeyError, TypeError, ValueError) as error:
        text = error.args[0] if isinstance(error, KeyError) and error.args else error
        raise EditRefused(f"the board refuses it: {text}", where) from None
