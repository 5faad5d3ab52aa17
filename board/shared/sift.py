"""A peer's transaction sifted item by item: what passes the file's checks, what is refused.

:func:`sifted` builds the candidate scenario as :func:`board.shared.incoming.candidate` does
(the local scenario with the touched items swapped for the shared ones) but reads each touched
item through :mod:`board.shared.gate` on its own: a unit, position, piece, note or option that
does not check is refused alone (a :class:`~board.shared.gate.Refusal`) and the board's own
version of it stays. What may only be refused beside the others (an unknown side, a building
that does not exist) is found by :func:`~board.shared.gate.check_items`, one item at a time.

Deletions are judged here too: no peer removes terrain (no rule does) or a model's position
while the model stands, and only a rule's record (a log entry in the same transaction) removes
a unit of the receiving board's side (it was destroyed).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from board.document.datasheet import Datasheet
from board.document.distance_option import check_distance_option
from board.document.errors import ScenarioError
from board.document.model import Scenario
from board.document.scenario_json import (
    annotation_from_dict,
    piece_from_dict,
    unit_from_dict,
    write_scenario,
)
from board.shared.dice import is_proof_key
from board.shared.gate import (
    LISTS,
    ROOT_OF,
    Refusal,
    check_items,
    decode,
    listed,
    order_key,
    position,
    with_positions,
)
from board.shared.incoming import Touched
from board.shared.ydoc import Roots

__all__ = ["sifted"]

_READERS = {"units": unit_from_dict, "pieces": piece_from_dict, "notes": annotation_from_dict}


def _read(root: str, key: str, value: object, positions: Mapping[str, Any]) -> dict[str, Any]:
    _, data = listed(value, "")
    if data.get("id") != key:
        raise ScenarioError(f"its id is {str(data.get('id'))[:40]!r}, not its key {key[:40]!r}")
    if root == "units":
        with_positions(data, positions)
    _READERS[root](data, "")
    return data


def _deletion(root: str, item: dict[str, Any], side: str, logged: bool) -> str | None:
    """Why a peer may not remove ``item`` of ``root`` (``None``: they may)."""
    if root == "pieces":
        return "a peer may not remove terrain (no rule does)"
    if root == "units" and item.get("side") == side and not logged:
        name = str(item.get("name") or "")[:60] or "a unit"  # by name: the side is this player's
        return (f"{name}, a unit of your side, removed with no rule's record of it (a log entry "
                "in the same change): put back")
    return None


def _unit_positions(r: Roots, units: list[dict[str, Any]], touched_pos: set[str],
                    refused: list[Refusal]) -> None:
    """The touched positions of models the board has, each checked on its own."""
    for unit in units:
        for model in unit["models"]:
            if model["id"] not in touched_pos:
                continue
            value = r.pos.get(model["id"])
            if value is None:
                refused.append(Refusal("pos", model["id"], f"of {unit['name']}: a peer may not "
                                       "remove the position of a model: put back"))
                continue
            try:
                model["x"], model["y"], model["facing"] = position(value, "")
            except ScenarioError as exc:
                refused.append(Refusal("pos", model["id"], f"of {unit['name']}: {exc}"))


def _list(r: Roots, root: str, local: list[dict[str, Any]], touched: set[str],
          side: str, logged: bool, refused: list[Refusal]) -> list[dict[str, Any]]:
    """The list with the touched items that check swapped in, in the shared order."""
    target = getattr(r, root)
    items = {item["id"]: item for item in local}
    places = {item["id"]: float(i) for i, item in enumerate(local)}
    positions = {key: r.pos.get(key) for key in _model_ids(r, root, touched)}
    positions = {key: value for key, value in positions.items() if value is not None}
    for key in sorted(touched):
        value = target.get(key)
        if value is None:
            why = _deletion(root, items[key], side, logged) if key in items else None
            if why is not None:
                refused.append(Refusal(root, key, why))
            else:
                items.pop(key, None)
            continue
        try:
            items[key] = _read(root, key, value, positions)
        except ScenarioError as exc:
            refused.append(Refusal(root, key, str(exc)))
    return sorted(items.values(),
                  key=lambda item: (order_key(target.get(item["id"]),
                                              places.get(item["id"], float("inf"))), item["id"]))


def _model_ids(r: Roots, root: str, touched: set[str]) -> set[str]:
    """The model ids the touched units name (their positions are read with them)."""
    if root != "units":
        return set()
    ids: set[str] = set()
    for key in touched:
        try:
            _, data = listed(r.units.get(key), "")
        except ScenarioError:
            continue
        for model in data.get("models", []) if isinstance(data.get("models"), list) else []:
            if isinstance(model, dict) and isinstance(model.get("id"), str):
                ids.add(model["id"])
    return ids


def _options(r: Roots, options: dict[str, Any], touched: set[str],
             refused: list[Refusal]) -> None:
    for key in touched:
        if is_proof_key(key):
            continue
        value = r.options.get(key)
        if value is None:
            options.pop(key, None)
            continue
        try:
            decoded = decode(value, "")
            check_distance_option({key: decoded}, "options")  # a peer's, checked as a file's
            options[key] = decoded
        except ScenarioError as exc:
            refused.append(Refusal("options", key, str(exc)))


def sifted(r: Roots, scenario: Scenario, touched: Touched, library: Mapping[str, Datasheet],
           side: str, logged: bool) -> tuple[Scenario, list[Refusal]]:
    """The local scenario with each touched item that checks swapped in; and the refusals.

    ``logged``: the transaction appends to the log (a rule's record). The log itself is not
    read here (the binder reads it entry by entry).
    """
    refused: list[Refusal] = []
    if not any(touched.of(root) for root in ("units", "pos", "pieces", "notes")):
        # Options and the log only: each option was read with a file's checks, and nothing
        # else of the game changes (the log is the binder's, entry by entry).
        light = copy.copy(scenario)
        light.options = dict(scenario.options)
        _options(r, light.options, touched.of("options"), refused)
        return light, refused
    data = write_scenario(scenario)
    data["options"] = dict(data["options"])
    mine = {kind: {item["id"]: copy.deepcopy(item) for item in data[kind]
                   if item["id"] in touched.of(root)} for kind, root in ROOT_OF.items()}
    _unit_positions(r, data["units"], touched.of("pos"), refused)
    for root, kind in LISTS.items():
        if touched.of(root):  # an untouched list keeps its items and their order
            data[kind] = _list(r, root, data[kind], touched.of(root), side, logged, refused)
    _options(r, data["options"], touched.of("options"), refused)

    def fallback(kind: str, item: dict[str, Any]) -> dict[str, Any] | None:
        if item.get("id") not in touched.of(ROOT_OF[kind]):
            raise ScenarioError(f"{ROOT_OF[kind]} {item.get('id')}: does not fit with what "
                                "came with it")
        return mine[kind].get(item["id"])

    checked, more = check_items(data, library, fallback)
    return checked, refused + more
