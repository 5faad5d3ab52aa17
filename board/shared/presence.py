"""Presence (Yjs awareness) read as input from another machine: entry by entry, field by field.

A player's presence is who they are, where their cursor is and what they are dragging. It
travels as a Yjs *awareness update*: ``[count, (client id, clock, JSON text) × count]``. Yjs
lets a state be any JSON value, so a peer that is not ours may send ``"hello"``, ``42``,
``NaN`` places, 10^5 entries or a 10 MiB name. The room server (:mod:`board.shared.desk`)
and each board (:mod:`board.shared.wire`) read every update through :func:`read_update` and
:func:`checked_state`: what fails is dropped (the entry, never the connection) with a reason
for the log, and what passes is encoded again (:func:`encode_update`) with only the fields a
board uses.

>>> update = encode_update([(7, 1, '{"name": "Ann", "x": 1.5, "y": 2}'), (8, 1, '"hello"')])
>>> [(c, k, checked_state(t)) for c, k, t in read_update(update)]  # doctest: +NORMALIZE_WHITESPACE
[(7, 1, ({'name': 'Ann', 'x': 1.5, 'y': 2}, '')),
 (8, 1, (None, 'a presence state is a JSON object, not str'))]
>>> checked_state('{"x": NaN}')[1]
'NaN is not a number a presence may hold'
>>> checked_state("null")
(None, '')
"""

from __future__ import annotations

import json
import math
from typing import Any

from board.document.limits import MAX_COORDINATE

__all__ = [
    "PresenceError",
    "MAX_UPDATE_BYTES",
    "MAX_ENTRIES",
    "MAX_CLIENTS",
    "MAX_DRAGGED",
    "TEXT_LIMITS",
    "OBSERVER_SEAT",
    "read_update",
    "encode_update",
    "checked_state",
    "state_text",
    "Refusals",
    "mover_of",
    "OWNER_SEAT",
]

#: An awareness update larger than this is not read at all (a drag of 2,000 models is 80 KB).
MAX_UPDATE_BYTES = 256 * 1024
#: Entries read from one update; the rest are dropped (a board sends one: its own).
MAX_ENTRIES = 16
#: Players and onlookers shown in one room; newcomers beyond it are not shown.
MAX_CLIENTS = 32
#: Models in one drag (a whole army dragged at once is a few hundred).
MAX_DRAGGED = 2000
#: Each text field a board uses, and its longest value (characters).
TEXT_LIMITS = {"name": 100, "side": 100, "colour": 32, "doing": 500, "seat": 100}
#: The ``seat`` the server gives a connection that only watches.
OBSERVER_SEAT = "observer"
#: The ``seat`` of a connection made with the room's secret (the host: any side).
OWNER_SEAT = "owner"
_MODEL_ID = 200
_DOC_MAX = 2**53


class PresenceError(ValueError):
    """An awareness update that cannot be read (truncated, not the format)."""


def _var_uint(data: bytes, at: int) -> tuple[int, int]:
    number = shift = 0
    while True:
        if at >= len(data) or shift > 63:
            raise PresenceError("an awareness update cut short or with a number too long")
        byte = data[at]
        at += 1
        number |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return number, at


def _put_var_uint(out: bytearray, number: int) -> None:
    while True:
        byte = number & 0x7F
        number >>= 7
        if number:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def read_update(update: bytes, limit: int = MAX_ENTRIES) -> list[tuple[int, int, str]]:
    """The first ``limit`` entries of an awareness update: (client id, clock, JSON text).

    Raises :class:`PresenceError` for an update too large or malformed.
    """
    if len(update) > MAX_UPDATE_BYTES:
        raise PresenceError(f"an awareness update of {len(update):,} bytes (at most "
                            f"{MAX_UPDATE_BYTES:,})")
    count, at = _var_uint(update, 0)
    entries = []
    for _ in range(min(count, limit)):
        client, at = _var_uint(update, at)
        clock, at = _var_uint(update, at)
        length, at = _var_uint(update, at)
        if at + length > len(update):
            raise PresenceError("an awareness update cut short")
        try:
            text = update[at:at + length].decode("utf-8")
        except UnicodeDecodeError as error:
            raise PresenceError("a presence state that is not UTF-8 text") from error
        at += length
        entries.append((client, clock, text))
    return entries


def encode_update(entries: list[tuple[int, int, str]]) -> bytes:
    """An awareness update of ``entries`` (client id, clock, JSON text)."""
    out = bytearray()
    _put_var_uint(out, len(entries))
    for client, clock, text in entries:
        data = text.encode("utf-8")
        _put_var_uint(out, client)
        _put_var_uint(out, clock)
        _put_var_uint(out, len(data))
        out += data
    return bytes(out)


def state_text(state: dict[str, Any] | None) -> str:
    """A state as its awareness JSON text (``null`` for a player leaving)."""
    return json.dumps(state, separators=(",", ":"), allow_nan=False)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a presence may hold")


def _number(value: Any) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value) and abs(value) <= MAX_COORDINATE)


def _check_drag(drag: Any) -> str:
    if not isinstance(drag, dict):
        return f"drag: a drag is an object of model ids, not {type(drag).__name__}"
    if len(drag) > MAX_DRAGGED:
        return f"drag: {len(drag):,} models dragged (at most {MAX_DRAGGED:,})"
    for model_id, at in drag.items():
        if len(model_id) > _MODEL_ID:
            return f"drag: a model id of {len(model_id):,} characters"
        if (not isinstance(at, list) or len(at) != 2 or not _number(at[0])
                or not _number(at[1])):
            return (f"drag: {model_id[:40]!r} is not at [x, y] (finite numbers within "
                    f"±{MAX_COORDINATE:,.0f})")
    return ""


def _check_field(key: str, value: Any) -> str:
    if key in TEXT_LIMITS:
        if not isinstance(value, str):
            return f"{key}: a text, not {type(value).__name__}"
        if len(value) > TEXT_LIMITS[key]:
            return f"{key}: {len(value):,} characters (at most {TEXT_LIMITS[key]})"
    elif key in ("x", "y"):
        if value is not None and not _number(value):
            return f"{key}: {str(value)[:40]} is not a place on a table"
    elif key == "drag":
        return _check_drag(value)
    elif key == "doc" and (not isinstance(value, int) or isinstance(value, bool)
                           or not 0 <= value < _DOC_MAX):
        return f"doc: {str(value)[:40]} is not a Yjs client id"
    return ""


_FIELDS = frozenset(TEXT_LIMITS) | {"x", "y", "drag", "doc"}


def checked_state(text: str) -> tuple[dict[str, Any] | None, str]:
    """A presence state's JSON text checked: ``(state, "")``, or ``(None, why)`` refused.

    ``null`` (a player leaving) is ``(None, "")``. A state keeps only the fields a board uses
    (name, side, colour, doing, seat, x, y, drag, doc), each checked: texts within
    :data:`TEXT_LIMITS`, places finite and within ±1,000,000, a drag of at most
    :data:`MAX_DRAGGED` models. Unknown fields are left out, not refused.
    """
    if len(text) > MAX_UPDATE_BYTES:
        return None, f"a presence state of {len(text):,} characters"
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except ValueError as error:
        return None, str(error).split(": line")[0][:120]
    except RecursionError:
        return None, "a presence state nested too deep"
    if value is None:
        return None, ""
    if not isinstance(value, dict):
        return None, f"a presence state is a JSON object, not {type(value).__name__}"
    state = {k: v for k, v in value.items() if k in _FIELDS}
    for key, field in state.items():
        why = _check_field(key, field)
        if why:
            return None, why
    return state, ""


def mover_of(state: dict[str, Any]) -> str:
    """The side whose models a presence's drag may show (``""``: none, an onlooker).

    The server writes each connection's seat into its state (``seat``): a side's seat moves
    that side, whatever the state claims; the room's secret (the host) moves the side it
    says; an onlooker nothing. A state without a seat (a server that does not say) is taken
    at its word.

    >>> mover_of({"seat": "blue", "side": "red"}), mover_of({"seat": "owner", "side": "red"})
    ('blue', 'red')
    >>> mover_of({"seat": "observer", "side": "red"}), mover_of({"side": 7})
    ('', '')
    """
    seat = state.get("seat")
    if seat == OBSERVER_SEAT:
        return ""
    if isinstance(seat, str) and seat and seat != OWNER_SEAT:
        return seat
    side = state.get("side")
    return side if isinstance(side, str) else ""


class Refusals:
    """Refused input said once, not per message: the first of each kind, then a count.

    ``say(kind, text)`` returns the line to log the first time a kind is refused and every
    ``every`` refusals after (with how many there were); otherwise ``""``.

    >>> said = Refusals(every=1000)
    >>> said.say("presence", "x: nan"), said.say("presence", "x: nan")
    ('x: nan', '')
    >>> said.count["presence"]
    2
    """

    def __init__(self, every: int = 10_000) -> None:
        self.every = every
        self.count: dict[str, int] = {}

    def say(self, kind: str, text: str) -> str:
        """The line to log for this refusal of ``kind`` (``""``: say nothing now)."""
        number = self.count[kind] = self.count.get(kind, 0) + 1
        if number == 1:
            return text
        if number % self.every == 0:
            return f"{text} ({number:,} refused so far)"
        return ""
