"""What a peer may do to the shared game, and how a board heals the room after a refusal.

The shared document is written by other people's programs: each board checks every item a
peer's transaction touches (:mod:`board.shared.sift`, :mod:`board.shared.gate`) and, for
each it refuses,

- tells its player who sent it, what and why (:func:`describe`);
- **heals the room** (:func:`heal`): it writes its own valid value of that item back into
  the shared document, or removes a value no board can take (a new unit that does not
  check, a log entry that is not one), so the room, its file on the server and every later
  joiner hold a valid game again. Each item is healed a few times at most per session
  (:data:`HEALS_PER_ITEM`): two boards that disagreed for ever would otherwise answer each
  other without end.

The game's head (name, table, rule system, sides) is written once, when the game is shared;
no peer changes or removes it (:func:`keep_head`). The log is append-only: a peer's removal
of an entry is refused and the entry put back in its place (:func:`keep_log`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

import pycrdt

from board.shared.gate import Refusal
from board.shared.outgoing import Dirty
from board.shared.ydoc import HEAD_KEY, log_text, pos_text, text

if TYPE_CHECKING:
    from board.shared.binder import SharedScenario

__all__ = ["HEALS_PER_ITEM", "authors", "describe", "drop_roll", "heal", "keep_head",
           "keep_log", "log_refusals"]

#: How often one board writes its value of one item back in one session (see the module).
HEALS_PER_ITEM = 5


def authors(update: bytes) -> list[int]:
    """The Yjs client ids whose edits an update carries (read from its state vector)."""
    try:
        decoder = pycrdt.Decoder(pycrdt.get_state(update))
        count = decoder.read_var_uint()
        clients = []
        for _ in range(min(count, 64)):
            clients.append(decoder.read_var_uint())
            decoder.read_var_uint()  # the clock
        return clients
    except Exception:  # noqa: BLE001 - a malformed update names nobody
        return []


def describe(board: SharedScenario, update: bytes) -> str:
    """Who sent ``update``: a peer's name and side from their presence, or "the other player".

    An update names the clients whose new items it carries; a removal names nobody (Yjs does
    not record who removed what), so it is put to the peers present: the one, or one of them.
    """
    peers = {c: name for c, name in board.peer_names.items() if c != board.doc.client_id}
    names = sorted({peers[c] for c in authors(update) if c in peers})
    if names:
        return " and ".join(names)
    present = sorted(set(peers.values()))
    if len(present) == 1:
        return present[0]
    if present:
        return f"one of {', '.join(present)}"
    return "the other player"


def _budget(board: SharedScenario, refusals: Iterable[Refusal]) -> list[Refusal]:
    counts: Counter[tuple[str, str]] = board.heals
    allowed = []
    for refusal in refusals:
        counts[(refusal.root, refusal.key)] += 1
        if counts[(refusal.root, refusal.key)] <= HEALS_PER_ITEM:
            allowed.append(refusal)
    return allowed


def heal(board: SharedScenario, refusals: list[Refusal]) -> None:
    """Write this board's value of each refused item back (see the module)."""
    scenario = board.document.scenario
    r = board.r
    todo = [f for f in _budget(board, refusals) if f.root not in ("log", "dice", "head")]
    if not todo:
        return
    units = {u.id for u in scenario.units}
    models = {m.id: m for u in scenario.units for m in u.models}
    pieces = {p.id for p in scenario.terrain}
    notes = {a.id for a in scenario.annotations}
    dirty = Dirty()
    removed: list[tuple[pycrdt.Map, str]] = []
    for refusal in todo:
        root, key = refusal.root, refusal.key
        mine = {"units": units, "pieces": pieces, "notes": notes, "pos": models,
                "options": scenario.options}.get(root, set())
        if key in mine:
            getattr(dirty, {"units": "units", "pieces": "pieces", "notes": "notes",
                            "pos": "positions", "options": "options"}[root]).add(key)
        else:
            removed.append((getattr(r, root), key))
    with board.doc.transaction(origin=board.player):
        for target, key in removed:
            if key in target:
                del target[key]
        for model_id in dirty.positions:
            model = models[model_id]
            target_value = pos_text(model.x, model.y, model.facing)
            r.pos[model_id] = target_value  # written even if equal: it must win over theirs
        dirty.positions = set()
        for key in dirty.options:
            r.options[key] = text(scenario.options[key])
        dirty.options = set()
        if dirty:
            _rewrite(board, dirty)


def _rewrite(board: SharedScenario, dirty: Dirty) -> None:
    """Write the units, pieces and notes of ``dirty`` again, even where the texts are equal."""
    r = board.r
    for root, ids in (("units", dirty.units), ("pieces", dirty.pieces), ("notes", dirty.notes)):
        for key in ids:
            target = getattr(r, root)
            if key in target and not isinstance(target[key], str):
                del target[key]  # not a text at all: the outbox writes it anew
    board.outbox.write(board.document.scenario, dirty)


def drop_roll(board: SharedScenario, roll_id: str) -> None:
    """Take a fair roll that can never be agreed (a reveal that does not match) out of the room."""
    if _budget(board, [Refusal("dice", roll_id, "")]):
        keys = [k for k in board.r.dice.keys() if str(k).split("/", 1)[0] == roll_id]
        with board.doc.transaction(origin=board.player):
            for key in keys:
                del board.r.dice[key]


def keep_head(board: SharedScenario) -> str | None:
    """Put the game's head back if a peer changed or removed it; return what they did."""
    current = board.r.head.get(HEAD_KEY)
    mine = board.outbox.head_value(board.document.scenario)
    if current == mine:
        return None
    with board.doc.transaction(origin=board.player):
        board.r.head[HEAD_KEY] = mine
    return ("removed the game's head (name, table, rule system, sides)" if current is None
            else "changed the game's head (name, table, rule system, sides), which is fixed "
                 "when the game is shared")


def log_refusals(board: SharedScenario) -> list[Refusal]:
    """The shared log's entries that do not check: refused, and taken out of the room."""
    outbox = board.outbox
    invalid, outbox.invalid = outbox.invalid, []
    if not invalid:
        return []
    refusals = [Refusal("log", f"{index + 1}", why) for index, why in invalid]
    with board.doc.transaction(origin=board.player):
        for index, _ in sorted(invalid, reverse=True):
            if index < len(board.r.log):
                del board.r.log[index]
    outbox.reload_log()
    return refusals


def keep_log(board: SharedScenario, before: list[tuple[str, str]]) -> int:
    """Put back each entry this board's player wrote that a peer removed from the shared log.

    ``before``: the shared log's valid entries as ``(by, text)`` before the peer's change.
    Each player puts back their own entries (two boards putting back the same entry would
    write it twice: an array keeps both inserts), each after the entry before it. Returns how
    many were put back.
    """
    outbox = board.outbox
    shared = list(zip(outbox.log_by, outbox.log_texts, strict=True))
    places = outbox.raw_places
    missing: list[tuple[int, str]] = []  # (index to insert at, once those before are in)
    j = insert_at = 0
    for by, wanted in before:
        k = j
        while k < len(shared) and shared[k] != (by, wanted):
            k += 1
        if k < len(shared):
            j, insert_at = k + 1, places[k] + 1 + len(missing)
            continue
        if by != board.player:
            continue  # theirs to put back
        data = json.loads(wanted)
        missing.append((insert_at, log_text(data, by)))
        insert_at += 1
    if missing:
        with board.doc.transaction(origin=board.player):
            for index, value in missing:
                board.r.log.insert(min(index, len(board.r.log)), value)
        outbox.reload_log()
    return len(missing)
