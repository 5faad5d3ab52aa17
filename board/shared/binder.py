"""A scenario document kept in step with a Yjs document: the shared board's engine (no Qt).

:class:`SharedScenario` sits between a :class:`~board.document.edits.ScenarioDocument` and a
``pycrdt.Doc``:

- **out**: it hears the document's signals, notes what changed, and :meth:`flush` writes it
  into the Yjs document as *one* transaction (the window flushes once per undo step, so a
  macro such as a disembark is one transaction); :attr:`outgoing` then carries the update
  bytes to the network;
- **in**: :meth:`receive` applies another player's update to the Yjs document and then to the
  scenario document, touching only what the update touched; a change that does not check
  (a NaN coordinate, a unit of an unknown side…) is refused with a message on
  :attr:`refused` and the board keeps its last valid state;
- **rules of the table**: a player moves only their side's models unless the scenario's
  ``shared_control`` option is on (a move of the other side's models is put back and
  refused: :mod:`board.shared.control`); the log and the dice are append-only; fair seeds are
  agreed by commit–reveal (:meth:`request_seed`, answered by the other player's board on its
  own: :mod:`board.shared.fair`).

>>> from board.document.edits import ScenarioDocument
>>> from board.document.io import default_library
>>> from board.document.model import Base, Model, Scenario, Side, TroopType, Unit
>>> sides = [Side("red", "Red", "#c03030"), Side("blue", "Blue", "#3030c0")]
>>> unit = Unit("u1", "Squad", "red", TroopType.INFANTRY,
...             [Model("m1", Base.round_mm(32), 5.0, 5.0)])
>>> host = SharedScenario(ScenarioDocument(Scenario(sides=sides, units=[unit])),
...                       pycrdt.Doc(), "Ann", "red", default_library())
>>> host.publish()
>>> guest = SharedScenario(ScenarioDocument(), pycrdt.Doc(), "Bob", "blue", default_library())
>>> guest.receive(host.doc.get_update())
>>> host.document.move_models({"m1": (7.0, 5.0)})
{'m1': (5.0, 5.0)}
>>> guest.receive(host.doc.get_update(guest.doc.get_state()))
>>> guest.document.scenario.model("m1")[1].x
7.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from contextlib import contextmanager
from typing import Any

import pycrdt

from board.document.changes import Change, apply_change
from board.document.collector import collector_paused
from board.document.datasheet import Datasheet
from board.document.edits import ScenarioDocument, Signal
from board.document.errors import ScenarioError
from board.document.events import DocumentChange
from board.document.io import scenario_from_dict
from board.document.model import LogEntry, Scenario
from board.shared.control import SideControl
from board.shared.dice import is_proof_key
from board.shared.fair import FairDice
from board.shared.gate import Refusal, read_valid
from board.shared.incoming import Touched, remote_change, remote_moves
from board.shared.outgoing import Dirty, Outbox, entry_text
from board.shared.records import UnitHistory
from board.shared.sift import sifted
from board.shared.trust import describe, heal, keep_head, keep_log, log_refusals
from board.shared.ydoc import (
    HEAD_KEY,
    read_data,
    roots,
    write_all,
)

__all__ = ["SharedScenario"]

class SharedScenario(SideControl, FairDice):
    """A scenario document bound to a Yjs document (see the module)."""

    def __init__(self, document: ScenarioDocument, doc: pycrdt.Doc, player: str, side: str,
                 library: Mapping[str, Datasheet], autoflush: bool = True) -> None:
        self.document, self.doc, self.player, self.side = document, doc, player, side
        self.library = library
        self.autoflush = autoflush
        self.r = roots(doc)
        self.outbox = Outbox(self.r, player)
        #: ``refused(message)``: a remote change (or a local move) was refused.
        self.refused = Signal()
        #: ``remote_applied()``: the document took another player's change.
        self.remote_applied = Signal()
        #: ``seed_ready(roll_id, seed)``: a fair roll's seed is agreed.
        self.seed_ready = Signal()
        #: ``outgoing(update)``: bytes for the other players (every local transaction).
        self.outgoing = Signal()
        #: ``adopting(scenario)``: the shared game, checked, is about to replace the board's.
        self.adopting = Signal()
        self._dirty = Dirty()
        self._applying = False
        self._receiving: Touched | None = None
        self._secrets: dict[str, str] = {}
        self._seeds: dict[str, int] = {}
        #: The models and buildings each unit has had here (an undo may give them back).
        self.history = UnitHistory()
        self._units_of = None  # see SideControl
        #: How many times the board took the Yjs document's whole scenario (:meth:`adopt`).
        self.adoptions = 0
        #: The peers' Yjs client ids → "name (side)", from their presence (for messages).
        self.peer_names: dict[int, str] = {}
        #: How often this board wrote each refused item back (:func:`board.shared.trust.heal`).
        self.heals: Counter[tuple[str, str]] = Counter()
        #: The items a join left out of the room's game (they did not check).
        self.left_out: list[Refusal] = []
        #: The board shares a game (published or adopted): its head is kept in the room.
        self.live = False
        self._log_before: list[tuple[str, str]] = []
        self._connect()

    # -- wiring -----------------------------------------------------------------------------
    def _connect(self) -> None:
        self.document.changed.connect(self._on_change)
        self._subscriptions = [self.doc.observe(self._on_transaction)]
        self._observe_roots()

    def close(self) -> None:
        """Let go of the scenario document and the Yjs document (the game was left).

        The scenario document's edits are no longer noted: a board that left the game works
        as a single-seat board again, at no cost.
        """
        self.document.changed.disconnect(self._on_change)
        self._unobserve_roots()
        for subscription in self._subscriptions:
            self.doc.unobserve(subscription)
        self._subscriptions = []

    def _observe_roots(self) -> None:
        """Note the keys each remote transaction touches, root by root."""
        self._root_subscriptions: list[tuple[Any, Any]] = [
            (root, root.observe(self._noter(name))) for name, root in self.r.maps().items()]
        self._root_subscriptions.append((self.r.log, self.r.log.observe(self._on_log_event)))

    def _unobserve_roots(self) -> None:
        for root, subscription in self._root_subscriptions:
            root.unobserve(subscription)
        self._root_subscriptions = []

    def _noter(self, name: str) -> Any:
        def note(event: Any) -> None:
            if self._receiving is not None:
                self._receiving.add(name, event.keys)
        return note

    def _on_log_event(self, event: Any) -> None:
        if self._receiving is not None:
            self._receiving.log = True
            if any("delete" in part for part in event.delta):
                self._receiving.log_deleted = True

    def _on_transaction(self, event: Any) -> None:
        if self._receiving is None:
            self.outgoing.emit(bytes(event.update))

    def _on_change(self, event: DocumentChange) -> None:
        """Mark what one accepted edit changed (the document's one change event)."""
        self._units_of = None  # units, models or sides may have changed: index again
        if event.replaced:
            self._mark(everything=True)
            return
        what: dict[str, Any] = {}
        units = set(event.units_touched)
        if event.op == "apply_change":  # an edited unit: all of it (base, number, order)
            scenario = self.document.scenario
            units.update(scenario.model(m)[0].id for m in event.models_changed)
        elif event.models_changed:  # a drag or a turn: positions and facings only
            what["positions"] = set(event.models_changed)
        if event.models_added or event.models_removed:
            what["all_units"] = True
        pieces = set(event.pieces_added + event.pieces_removed + event.pieces_changed)
        for key, value in (("units", units), ("pieces", pieces),
                           ("notes", set(event.annotations)), ("options", set(event.options))):
            if value:
                what[key] = value
        if event.log:
            what["log"] = True
        if what:
            self._mark(**what)

    def _mark(self, **what: Any) -> None:
        if self._applying:
            return
        for key, value in what.items():
            if isinstance(value, set):
                getattr(self._dirty, key).update(value)
            else:
                setattr(self._dirty, key, value)
        if self.autoflush:
            self.flush()

    @contextmanager
    def _quiet(self) -> Any:
        """Edits made here come from the shared document: do not send them back."""
        self._applying = True
        try:
            yield
        finally:
            self._applying = False

    # -- starting ---------------------------------------------------------------------------
    def publish(self) -> None:
        """Write the whole scenario into the (empty) Yjs document: the host's first step."""
        with self.doc.transaction(origin=self.player):
            write_all(self.r, self.document.scenario, self.player)
        self.outbox.reload_log()
        self.outbox.log_texts  # noqa: B018 - read now: the log as published, for keep_log
        self._dirty = Dirty()
        self.history.note(self.document.scenario.units)
        self.live = True

    def adopt(self) -> bool:
        """Replace the local scenario with the one the Yjs document holds (a joining player).

        Returns whether it did: a game that does not check is refused with a message and the
        board is left as it was.
        """
        self.adoptions += 1
        try:
            scenario = self._room_game()
        except (ValueError, ScenarioError) as exc:
            self.refused.emit(f"cannot join: the shared game does not check: {exc}")
            return False
        self.live = True
        self.adopting.emit(scenario)
        with self._quiet():
            self.document.replace(scenario)
        self.history.note(scenario.units)
        for key, proof in scenario.options.items():
            if is_proof_key(key) and isinstance(proof, dict) and proof.get("seed") is not None:
                self._seeds[str(proof["roll"])] = int(proof["seed"])  # agreed before we came
        self.outbox.reload_log()
        self.remote_applied.emit()
        return True

    def _room_game(self) -> Scenario:
        """The room's game as a file would be read; else its valid items, the rest reported.

        A room may hold a value a peer wrote that no board takes (until a board that has the
        game heals it): the join takes every item that checks and tells its player what it
        left out (:attr:`left_out`), instead of refusing the whole game.
        """
        try:
            return scenario_from_dict(read_data(self.r), self.library)
        except (ValueError, ScenarioError, KeyError, TypeError, AttributeError,
                RecursionError):
            pass
        scenario, self.left_out = read_valid(self.r, self.library)
        for refusal in self.left_out[:20]:
            self.refused.emit(f"joined without what does not check: {refusal}")
        if len(self.left_out) > 20:
            self.refused.emit(f"joined without {len(self.left_out) - 20} more items that do "
                              "not check")
        return scenario

    @property
    def has_scenario(self) -> bool:
        """Whether the Yjs document holds a scenario yet."""
        return HEAD_KEY in self.r.head

    # -- out --------------------------------------------------------------------------------
    def flush(self) -> None:
        """Write the local edits noted since the last flush as one transaction."""
        if self.live and not self._applying and not self.has_scenario:
            self._keep_head("a peer")  # the room lost its head: put back, then play on
        if self._applying or not self._dirty or not self.has_scenario:
            return
        dirty, self._dirty = self._dirty, Dirty()
        scenario = self.document.scenario
        if not self._may_move(dirty.positions):
            return
        with self.doc.transaction(origin=self.player):
            self.outbox.write(scenario, dirty)
        if dirty.log or dirty.everything:
            self._resync_log()

    def _resync_log(self) -> None:
        """Make the local log the shared one (append-only: an undone entry stays, marked)."""
        local = self.document.scenario.log
        texts = self.outbox.log_texts
        if len(local) == len(texts) and (not local or entry_text(local[-1]) == texts[-1]):
            return  # the local log is the shared one
        entries = self.outbox.entries()
        if entries != local:
            with self._quiet():
                apply_change(self.document, Change(log_keep=0, log=entries))

    # -- in ---------------------------------------------------------------------------------
    def receive(self, update: bytes) -> None:
        """Apply another player's update: to the Yjs document, then checked to the board."""
        self.flush()
        if not self.live and not self.has_scenario:
            self._load(update)
            return
        touched = Touched()
        self._receiving = touched
        self._log_before = self.outbox.known_log()
        try:
            self.doc.apply_update(update)
        finally:
            self._receiving = None
        if not touched:
            return
        who = describe(self, update)
        if not self.live:
            self.adopt()  # the first sync arrived in pieces: the whole game, once it checks
        elif touched.keys.pop("head", None) is not None:
            self._keep_head(who)
        if self.live and (touched.log or any(touched.keys.values())):
            self._apply(touched, who)
        if self.live and touched.of("dice"):
            self.keep_my_dice(touched.of("dice"), who)
            rolls = {key.split("/", 1)[0] for key in touched.of("dice")}
            self._answer_dice(rolls - set(self._seeds), who)

    def _keep_head(self, who: str) -> None:
        did = keep_head(self)
        if did is not None:
            self.refused.emit(f"refused a change from {who}: they {did}; {self.player}'s "
                              "head of the game put back")

    def _load(self, update: bytes) -> None:
        """The room's whole game at once (a join): one document load, then one check.

        No key is noted as it comes in (a long game's state has tens of thousands): the
        scenario is read whole and checked as a file is (:meth:`adopt`); then the dice
        exchanges still open are answered.
        """
        self._unobserve_roots()
        self._receiving = Touched()  # not this player's edit: nothing goes out
        try:
            self.doc.apply_update(update)
        finally:
            self._receiving = None
            self._observe_roots()
        if not self.has_scenario:
            return  # an empty room, or not the game yet
        with collector_paused():
            adopted = self.adopt()
        if not adopted:
            return  # refused: its dice are not this board's to answer
        open_rolls = {str(key).split("/", 1)[0] for key in self.r.dice.keys()}
        self._answer_dice(open_rolls - set(self._seeds))

    def _apply(self, touched: Touched, who: str) -> None:
        """Take what checks of a peer's transaction, item by item; refuse and heal the rest."""
        scenario = self.document.scenario
        refusals: list[Refusal] = []
        change = None
        if not touched.moves_only:
            checked, refusals = sifted(self.r, scenario, touched, self.library, self.side,
                                       logged=touched.log)
            if touched.log:
                checked.log = self._shared_log(touched, refusals)
            change = remote_change(scenario, checked, touched)
        (moves, turns), more = remote_moves(self.r, scenario, touched.of("pos"))
        refusals += [f for f in more if f not in refusals]
        messages = [str(f) for f in refusals]
        if change is not None:
            messages += self._refuse_edits_of_mine(scenario, change, refusals)
            messages += self._keep_my_control(change)
        messages += self._keep_my_models(scenario, change, (moves, turns))
        heal(self, refusals)
        with self._quiet():
            if change is not None and not change.empty:
                apply_change(self.document, change)
            if moves:
                self.document.move_models(moves)
            if turns:
                self.document.rotate_models(turns)
        for message in messages:
            self.refused.emit(f"refused a change from {who}: {message}")
        self.remote_applied.emit()

    def _shared_log(self, touched: Touched, refusals: list[Refusal]) -> list[LogEntry]:
        """The shared log's valid entries; a removed entry of ours put back, bad ones out."""
        before = self._log_before
        self.outbox.reload_log(incremental=True)
        refusals += log_refusals(self)
        if touched.log_deleted:
            put_back = keep_log(self, before)
            if put_back:
                refusals.append(Refusal("log", f"({put_back} entries)", "a peer may not remove "
                                        "log entries (the log is append-only): put back"))
        local = self.document.scenario.log
        texts, n = self.outbox.log_texts, len(self.document.scenario.log)
        if len(texts) >= n and (n == 0 or texts[n - 1] == entry_text(local[-1])):
            return [*local, *self.outbox.entries(n)]  # appended to: only the new ones read
        return self.outbox.entries()

