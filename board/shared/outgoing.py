"""Local edits out: what changed in the scenario document, written into the Yjs document.

:class:`Outbox` collects what the document's signals say changed (the *dirty* ids) and
:meth:`Outbox.write` writes only those into the Yjs document, each value only when it differs
from what is there, all in the caller's one transaction. The log is append-only: an entry
the local document lost (an undo) stays in the shared log, and an "Undone" entry is appended
for each such entry this player wrote.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from board.document.errors import ScenarioError
from board.document.model import LogEntry, Scenario
from board.document.scenario_json import (
    _piece_to_dict,  # noqa: PLC2701 - the file format's own writers, one per part
    _unit_to_dict,
    write_scenario,
)
from board.shared.dice import is_proof_key
from board.shared.gate import log_entry
from board.shared.ydoc import (
    HEAD_KEY,
    Roots,
    head_text,
    log_text,
    note_text,
    piece_text,
    plain,
    pos_text,
    text,
    unit_text,
)

__all__ = ["Dirty", "Outbox", "entry_text"]


@dataclass
class Dirty:
    """What changed locally since the last write (``everything``: compare it all)."""

    positions: set[str] = field(default_factory=set)
    units: set[str] = field(default_factory=set)
    all_units: bool = False
    pieces: set[str] = field(default_factory=set)
    notes: set[str] = field(default_factory=set)
    options: set[str] = field(default_factory=set)
    log: bool = False
    everything: bool = False

    def __bool__(self) -> bool:
        return bool(self.positions or self.units or self.all_units or self.pieces or self.notes
                    or self.options or self.log or self.everything)


def entry_text(entry: LogEntry) -> str:
    """A log entry's JSON text as the shared log keeps it (without who wrote it)."""
    return text({"text": entry.text, "rolls": entry.rolls, "seed": entry.seed})


def _entry(data: dict[str, Any]) -> LogEntry:
    return LogEntry(data["text"], data.get("rolls", []), data.get("seed"))


def _at(ordered_ids: list[str], index: int, ats: dict[str, float]) -> float:
    """A place for the item at ``index`` between its neighbours' places (their ``at``)."""
    before = next((ats[i] for i in reversed(ordered_ids[:index]) if i in ats), None)
    after = next((ats[i] for i in ordered_ids[index + 1:] if i in ats), None)
    if before is None and after is None:
        return float(index)
    if before is None:
        return float(after) - 1.0  # type: ignore[arg-type]
    if after is None:
        return float(before) + 1.0
    return (before + after) / 2.0


def _ats(values: Any) -> dict[str, float]:
    """The shared places of a list's items (a value that has none is given a new one)."""
    ats = {}
    for key, value in plain(values).items():
        try:
            at = json.loads(value).get("at") if isinstance(value, str) else None
        except (ValueError, AttributeError, RecursionError):
            continue
        if isinstance(at, int | float) and not isinstance(at, bool) and math.isfinite(at):
            ats[key] = float(at)
    return ats


class Outbox:
    """Writes a player's local edits into the shared document (see the module)."""

    def __init__(self, r: Roots, player: str) -> None:
        self.r = r
        self.player = player
        self._log_texts: list[str] = []
        self._log_by: list[str] = []
        self._raw_places: list[int] = []
        #: How many of the shared log's values were read, and the last of them (the log is
        #: append-only: while that one is still in its place, only what follows is new).
        self._raw_count = 0
        self._raw_last: object = None
        #: The shared log's values that do not check, not yet dealt with: (index, why).
        self.invalid: list[tuple[int, str]] = []
        #: The shared log is to be read whole when next asked about (:meth:`reload_log`).
        self._log_due = False

    @property
    def log_texts(self) -> list[str]:
        """The shared log's valid entries as texts (without who wrote them), in order."""
        self._read_log_if_due()
        return self._log_texts

    @property
    def log_by(self) -> list[str]:
        """Who wrote each of :attr:`log_texts`."""
        self._read_log_if_due()
        return self._log_by

    @property
    def raw_places(self) -> list[int]:
        """Where each of :attr:`log_texts` is in the shared log (bad entries hold places)."""
        self._read_log_if_due()
        return self._raw_places

    def known_log(self) -> list[tuple[str, str]]:
        """The valid entries read so far as ``(by, text)``, without reading anything now."""
        if self._log_due:
            return []
        return list(zip(self._log_by, self._log_texts, strict=True))

    def entries(self, start: int = 0) -> list[LogEntry]:
        """The shared log's valid entries from ``start`` on, as the scenario's log holds them."""
        return [_entry(json.loads(t)) for t in self.log_texts[start:]]

    def reload_log(self, incremental: bool = False) -> None:
        """Read the shared log's texts again (after a remote change).

        ``incremental``: read only the entries past those known, when the last known one is
        still in its place (the log is append-only; two players' concurrent entries may be
        ordered otherwise, and then it is all read again). Otherwise the whole log is read
        when it is next asked about, not now: a joining player's board is drawn first (the
        log of a long game is thousands of entries), and the log is compared with the
        board's only when this player next writes or the other player's log changes.
        Each entry is checked as a file's log entry is (:func:`board.shared.gate.log_entry`);
        those that do not check are left out and listed in :attr:`invalid`.
        """
        if not incremental:
            self._log_due = True
            return
        self._read_log_if_due()
        n = self._raw_count
        if len(self.r.log) >= n and (n == 0 or self.r.log[n - 1] == self._raw_last):
            self._take_log(self.r.log[n:], n)
        else:
            self._read_all()

    def _read_log_if_due(self) -> None:
        if self._log_due:
            self._read_all()

    def _read_all(self) -> None:
        self._log_due = False
        self._log_texts, self._log_by, self._raw_places, self._raw_count = [], [], [], 0
        self.invalid = []
        self._take_log(plain(self.r.log), 0)

    def _take_log(self, values: Any, start: int) -> None:
        for index, value in enumerate(values, start):
            try:
                by, entry = log_entry(value, "")
            except ScenarioError as exc:
                self.invalid.append((index, str(exc)))
            else:
                self._log_by.append(by)
                self._log_texts.append(entry_text(entry))
                self._raw_places.append(index)
            self._raw_count, self._raw_last = index + 1, value

    def write(self, scenario: Scenario, dirty: Dirty) -> None:
        """Write what ``dirty`` names (inside the caller's transaction)."""
        if dirty.everything:
            self._write_head(scenario)
        self._write_positions(scenario, dirty)
        self._write_units(scenario, dirty)
        self._write_listed(self.r.pieces, [_piece_to_dict(p) for p in scenario.terrain],
                           None if dirty.everything else dirty.pieces, piece_text)
        notes = [{"id": a.id, "kind": a.kind, "data": a.data} for a in scenario.annotations]
        self._write_listed(self.r.notes, notes, None if dirty.everything else dirty.notes,
                           note_text)
        self._write_options(scenario, None if dirty.everything else dirty.options)
        if dirty.log or dirty.everything:
            self._write_log(scenario)

    @staticmethod
    def head_value(scenario: Scenario) -> str:
        """The ``head`` value of a scenario (its name, table, rule system, sides, sheets)."""
        return head_text(write_scenario(Scenario(
            name=scenario.name, table=scenario.table, rule_system=scenario.rule_system,
            sides=scenario.sides, custom_datasheets=scenario.custom_datasheets)))

    def _write_head(self, scenario: Scenario) -> None:
        value = self.head_value(scenario)
        if self.r.head.get(HEAD_KEY) != value:
            self.r.head[HEAD_KEY] = value

    def _set(self, target: Any, key: str, value: str) -> None:
        if target.get(key) != value:
            target[key] = value

    def _write_positions(self, scenario: Scenario, dirty: Dirty) -> None:
        if dirty.everything:
            wanted = None
        else:
            wanted = dirty.positions
        for unit in scenario.units:
            for model in unit.models:
                if wanted is None or model.id in wanted:
                    self._set(self.r.pos, model.id, pos_text(model.x, model.y, model.facing))

    def _write_units(self, scenario: Scenario, dirty: Dirty) -> None:
        every = dirty.everything or dirty.all_units
        wanted = None if every else dirty.units
        if wanted is not None and not wanted:
            return
        self._write_listed(self.r.units, [_unit_to_dict(u) for u in scenario.units], wanted,
                           unit_text)
        for unit in scenario.units:
            if wanted is None or unit.id in wanted:
                for model in unit.models:
                    self._set(self.r.pos, model.id, pos_text(model.x, model.y, model.facing))

    def _write_listed(self, target: Any, items: list[dict[str, Any]], wanted: set[str] | None,
                      as_text: Any) -> None:
        """Write the ``wanted`` items of a list (all when ``None``); remove those now gone."""
        if wanted is not None and not wanted:
            return
        ids = [item["id"] for item in items]
        ats = _ats(target)
        present = set(ids)
        for index, item in enumerate(items):
            if wanted is not None and item["id"] not in wanted:
                continue
            at = ats.get(item["id"])
            if at is None or not self._in_place(ids, index, ats):
                at = _at(ids, index, ats)
                ats[item["id"]] = at
            self._set(target, item["id"], as_text(item, at))
        for gone in [k for k in target.keys() if k not in present]:
            if wanted is None or gone in wanted:
                del target[gone]

    @staticmethod
    def _in_place(ids: list[str], index: int, ats: dict[str, float]) -> bool:
        """Whether the item's ``at`` still sorts it between its listed neighbours."""
        mine = (ats[ids[index]], ids[index])
        before = [(ats[i], i) for i in ids[:index] if i in ats][-1:]
        after = [(ats[i], i) for i in ids[index + 1:] if i in ats][:1]
        return all(b < mine for b in before) and all(mine < a for a in after)

    def _write_options(self, scenario: Scenario, wanted: set[str] | None) -> None:
        keys = set(scenario.options) | set(self.r.options.keys()) if wanted is None else wanted
        for key in {k for k in keys if not is_proof_key(k)}:
            if key in scenario.options:
                self._set(self.r.options, key, text(scenario.options[key]))
            elif key in self.r.options:
                del self.r.options[key]

    def _write_log(self, scenario: Scenario) -> None:
        """Append the local log's new entries; mark this player's entries it lost "Undone"."""
        local = scenario.log
        kept = min(len(local), len(self.log_texts))
        while kept and entry_text(local[kept - 1]) != self.log_texts[kept - 1]:
            kept -= 1
        for number in range(kept, len(self.log_texts)):
            if self.log_by[number] == self.player:
                lost = json.loads(self.log_texts[number])
                first = str(lost.get("text", "")).split("\n", 1)[0]
                self._append(LogEntry(f"Undone by {self.player}: {first}"))
        for entry in local[kept:]:
            self._append(entry)

    def _append(self, entry: LogEntry) -> None:
        self._read_log_if_due()  # the log as it was, before this entry goes in
        data = {"text": entry.text, "rolls": entry.rolls, "seed": entry.seed}
        value = log_text(data, self.player)
        if self._raw_count == len(self.r.log):
            self._raw_count, self._raw_last = self._raw_count + 1, value
        else:
            self._log_due = True  # read it all again when next asked
        self._raw_places.append(len(self.r.log))
        self.r.log.append(value)
        self._log_texts.append(text(data))
        self._log_by.append(self.player)
