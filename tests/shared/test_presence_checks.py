"""Each presence state a hostile peer may send, read by :mod:`board.shared.presence` alone."""

from __future__ import annotations

import pytest

from board.shared.desk import PresenceDesk
from board.shared.presence import (
    MAX_DRAGGED,
    PresenceError,
    checked_state,
    encode_update,
    read_update,
)
from tests.shared.presence_peer import awareness_entries

REFUSED = {
    "a text": '"hello"', "a number": "42", "a list": "[1, 2]", "true": "true",
    "NaN": '{"x": NaN}', "Infinity": '{"y": -Infinity}', "1e999": '{"x": 1e999}',
    "1e308": '{"x": 1e308}', "5,000 digits": '{"x": 1' + "0" * 5000 + "}",
    "a boolean place": '{"x": true}', "a text place": '{"x": "3"}',
    "deep nesting": "[" * 100_000, "a 10 MiB name": '{"name": "' + "E" * 2**20 * 10 + '"}',
    "a long name": '{"name": "' + "E" * 101 + '"}', "a number as name": '{"name": 7}',
    "a drag not an object": '{"drag": [1]}', "a drag at NaN": '{"drag": {"m": [NaN, 1]}}',
    "a drag of three numbers": '{"drag": {"m": [1, 2, 3]}}',
    "a drag of too many": '{"drag": {' + ", ".join(f'"m{n}": [1, 1]'
                                                   for n in range(MAX_DRAGGED + 1)) + "}}",
    "a doc id that is a float": '{"doc": 1.5}', "a negative doc id": '{"doc": -1}',
    "not JSON": "{", "a value missing": '{"x": }',
}


@pytest.mark.parametrize("text", REFUSED.values(), ids=REFUSED.keys())
def test_a_hostile_state_is_refused_with_a_reason(text):
    state, why = checked_state(text)
    assert state is None and why and len(why) <= 200


def test_a_good_state_keeps_only_the_fields_a_board_uses():
    state, why = checked_state('{"name": "Ann", "x": 1, "y": null, "drag": {"m": [1, 2.5]},'
                               ' "user": {"colour": "red"}, "doc": 12}')
    assert why == "" and state == {"name": "Ann", "x": 1, "y": None, "drag": {"m": [1, 2.5]},
                                   "doc": 12}


def test_updates_too_large_or_cut_short_are_not_read():
    with pytest.raises(PresenceError):
        read_update(b"\x01" + b"\x00" * (300 * 1024))
    with pytest.raises(PresenceError):
        read_update(bytes([1, 7, 1, 9]))
    many = encode_update([(n, 1, "{}") for n in range(10_000)])
    assert len(read_update(many)) == 16


def test_the_desk_binds_a_client_id_to_its_connection():
    desk = PresenceDesk()
    ann = desk.link("/g", "owner", "owner")
    eve = desk.link("/g", "observer", "observer")
    assert ann.admit(awareness_entries([(1, 1, '{"name": "Ann"}')])) is not None
    assert eve.admit(awareness_entries([(1, 2, '{"name": "Ann"}')])) is None  # Ann's id
    assert eve.admit(awareness_entries([(1, 3, "null")])) is None  # Ann leaving, said by Eve
    said = eve.admit(awareness_entries([(2, 1, '{"name": "Eve", "seat": "red"}')]))
    assert said is not None and b'"seat":"observer"' in said  # its seat, not its claim
    assert eve.admit(awareness_entries([(3, 1, "{}")])) is None  # one client per connection
    assert ann.leave() == awareness_entries([(1, 1, "null")])
    assert ann.leave() is None


def test_a_board_reads_what_a_room_that_checks_nothing_relays():
    """The board's own check, for a server that is not ours (it relays anything)."""
    import asyncio

    from board.shared.wire import WireClient

    told: list[dict] = []
    wire = WireClient("ws://127.0.0.1:1/g?secret=ab", lambda _u: None, on_presence=told.append)
    mine = wire.awareness.client_id
    for text in REFUSED.values():
        asyncio.run(wire._take_presence(awareness_entries([(5, 1, text)])))
    asyncio.run(wire._take_presence(awareness_entries([(10 + n, 1, "{}")
                                                       for n in range(20_000)])))
    asyncio.run(wire._take_presence(awareness_entries([(mine, 99, '{"name": "Not me"}')])))
    asyncio.run(wire._take_presence(awareness_entries([(6, 1, '{"name": "Bob", "x": 1}')])))
    assert set(wire.awareness.states) == {mine, 6} | {10 + n for n in range(16)}  # 16 read
    assert wire.awareness.get_local_state() == {}
    assert told[-1][6] == {"name": "Bob", "x": 1}
    assert set(wire.refusals.count) == {"state", "unreadable"}  # 10 MiB: not read at all
