"""What a hostile peer writes into the shared document: bad values and deletions, by kind.

Each kind is ``write(r)``: it writes into the Roots of a Yjs document that holds the game of
``tests.board.samples.small_scenario`` (red's Squad A embarked in the bastion, blue's Squad B
with models b0–b4 outside), as a peer's program that is not ours would: raw texts, not our
writers. The hostile peer plays blue (it has the guest's link); the host plays red.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from board.shared.dice import commitment, make_secret
from board.shared.ydoc import HEAD_KEY, Roots

Write = Callable[[Roots], None]


def _unit(r: Roots, key: str) -> dict:
    return json.loads(str(r.units[key]))


def _with_unit(key: str, change: Callable[[dict], None]) -> Write:
    def write(r: Roots) -> None:
        unit = _unit(r, key)
        change(unit)
        r.units[key] = json.dumps(unit)
    return write


def _new_unit(side: str, unit_id: str = "rogue", model_id: str = "r0") -> Write:
    def write(r: Roots) -> None:
        unit = _unit(r, "squad-b")
        unit.update(id=unit_id, name="Rogue", side=side, embarked_in=None, at=9.0)
        unit["models"] = [{**unit["models"][0], "id": model_id, "number": None}]
        r.units[unit_id] = json.dumps(unit)
        if model_id not in r.pos:
            r.pos[model_id] = "[3, 3, 0]"
    return write


def _piece(change: Callable[[dict], None]) -> Write:
    def write(r: Roots) -> None:
        piece = json.loads(str(r.pieces["bastion"]))
        change(piece)
        r.pieces["bastion"] = json.dumps(piece)
    return write


def _set(root: str, key: str, value: object) -> Write:
    def write(r: Roots) -> None:
        getattr(r, root)[key] = value
    return write


def _delete(root: str, key: str) -> Write:
    def write(r: Roots) -> None:
        del getattr(r, root)[key]
    return write


def _bad_reveal(r: Roots) -> None:
    secret = make_secret()
    r.dice["blue-evil/purpose"] = "a roll"
    r.dice["blue-evil/commit/blue"] = commitment("blue-evil", "blue", secret)
    r.dice["blue-evil/commit/red"] = commitment("blue-evil", "red", make_secret())
    r.dice["blue-evil/reveal/blue"] = make_secret()  # not the committed secret
    r.dice["blue-evil/reveal/red"] = make_secret()


def _delete_log(r: Roots) -> None:
    del r.log[0]


def _nest(depth: int) -> str:
    return "[" * depth + "]" * depth


#: name → what the hostile peer writes. Values of red's (the host's) items are refused by
#: the host as not blue's to change; values of blue's own items, as not checking.
KINDS: dict[str, Write] = {
    "position NaN": _set("pos", "b0", "[NaN, 1, 0]"),
    "position 1e308": _set("pos", "b0", "[1e308, 1, 0]"),
    "position 1e400 (infinite)": _set("pos", "b0", "[1e400, 1, 0]"),
    "position a string": _set("pos", "b0", '"here"'),
    "position not JSON": _set("pos", "b0", "[1,"),
    "position of two numbers": _set("pos", "b0", "[1, 2]"),
    "position not a text": _set("pos", "b0", 7),
    "unit with no models": _with_unit("squad-b", lambda u: u.pop("models")),
    "unit not an object": _set("units", "squad-b", '"squad"'),
    "unit of an unknown side": _new_unit("green"),
    "unit in a building that does not exist": _with_unit(
        "squad-b", lambda u: u.update(embarked_in="nowhere")),
    "unit with a 100,000-character name": _with_unit(
        "squad-b", lambda u: u.update(name="x" * 100_000)),
    "unit with a NaN stat": _set("units", "squad-b", '{"at": 1, "id": "squad-b", "name": "B", '
                                 '"side": "blue", "troop_type": "infantry", "models": [], '
                                 '"stats": {"leadership": NaN}}'),
    "unit under another id": _with_unit("squad-b", lambda u: u.update(id="squad-a")),
    "unit reusing another unit's model id": _new_unit("blue", "rogue", "a0"),
    "piece of an unknown datasheet": _piece(lambda p: p.update(datasheet="nope")),
    "piece at x 1e308": _piece(lambda p: p.update(x=1e308)),
    "piece with a state of the wrong type": _piece(
        lambda p: p.update(state={"hull_points_lost": "x"})),
    "note with a NaN": _set("notes", "n1", '{"at": 0, "id": "n1", "kind": "ruler", '
                            '"data": {"x": NaN}}'),
    "option NaN": _set("options", "turn", "NaN"),
    "option a 30,000-character string": _set("options", "turn", json.dumps("x" * 30_000)),
    "option nested 1,000 deep": _set("options", "turn", _nest(1000)),
    "log entry not an object": lambda r: r.log.append('"shot"'),
    "log entry with no text": lambda r: r.log.append('{"rolls": [], "seed": null}'),
    "log entry with a 1e400 seed": lambda r: r.log.append('{"text": "a", "rolls": [], '
                                                          '"seed": 1e400}'),
    "head rewritten": _set("head", HEAD_KEY, '{"name": "Mine now"}'),
    "head removed": _delete("head", HEAD_KEY),
    "fair roll with a reveal that does not match": _bad_reveal,
    "red unit made by blue": _new_unit("red"),
    "red unit renamed and given to blue": _with_unit(
        "squad-a", lambda u: u.update(name="Turncoats", side="blue")),
    "red unit removed": _delete("units", "squad-a"),
    "red model's position removed": _delete("pos", "a0"),
    "blue model's position removed": _delete("pos", "b0"),
    "terrain removed": _delete("pieces", "bastion"),
    "log entry removed": _delete_log,
}
