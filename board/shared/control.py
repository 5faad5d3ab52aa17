"""Who may move and change what on a shared board: each side its own, or shared control.

:class:`SideControl` is the part of :class:`~board.shared.binder.SharedScenario` that keeps
the table's ownership by side (docs/remote.md, the trust model): a player moves only their
side's models unless the scenario's ``shared_control`` option is on, or both sides agreed to
it, and only this board's player agrees for its side. A local move of the other side's models
is put back before it is sent (:meth:`SideControl._may_move`); a peer's move of this side's
models, its change of a unit of this side beyond the rules, a unit it gives this side and its
setting of this side's agreement are taken out of its change and written back (the ``_keep``
and ``_refuse`` methods, called by :meth:`~board.shared.binder.SharedScenario._apply`). The
other player's drag in progress is shown only for the models they control
(:meth:`SideControl.live_moves`).

>>> shared_control({"shared_control.red": True}, ["red", "blue"])
False
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import Any

import pycrdt

from board.document.changes import UNSET, Change
from board.document.edits import ScenarioDocument, Signal
from board.document.errors import ScenarioError
from board.document.limits import MAX_COORDINATE
from board.document.model import Scenario, Unit
from board.shared.gate import Refusal, position
from board.shared.incoming import Moves, foreign_moves
from board.shared.records import UnitHistory, foreign_edits
from board.shared.ydoc import Roots, pos_text, text

__all__ = ["SHARED_CONTROL", "SideControl", "agree_key", "shared_control"]

#: The scenario option that lets either player move every model.
SHARED_CONTROL = "shared_control"


def agree_key(side: str) -> str:
    """The option a side sets to agree to shared control (both must)."""
    return f"{SHARED_CONTROL}.{side}"


def shared_control(options: Mapping[str, Any], sides: list[str]) -> bool:
    """Whether either player may move every model: set, or agreed by every side.

    >>> shared_control({"shared_control.red": True}, ["red", "blue"])
    False
    >>> shared_control({"shared_control.red": True, "shared_control.blue": True}, ["red", "blue"])
    True
    """
    if options.get(SHARED_CONTROL):
        return True
    return bool(sides) and all(options.get(agree_key(side)) for side in sides)


class SideControl:
    """Ownership by side for a :class:`~board.shared.binder.SharedScenario` (its base)."""

    document: ScenarioDocument
    doc: pycrdt.Doc
    r: Roots
    player: str
    side: str
    refused: Signal
    history: UnitHistory
    #: Model id → its unit, for the other player's drag shown live (made when first asked
    #: after an edit, not on each of their mouse moves; the board forgets it on each edit).
    _units_of: dict[str, Unit] | None

    def _quiet(self) -> AbstractContextManager[Any]:
        raise NotImplementedError  # SharedScenario's: edits made here are not sent back

    def not_mine(self, model_ids: list[str]) -> list[str]:
        """The names of the units of these models this player may not move.

        None while shared control is on. The window refuses a drag of them before it begins.
        """
        scenario = self.document.scenario
        if shared_control(scenario.options, [s.id for s in scenario.sides]):
            return []
        names = set()
        for model_id in model_ids:
            try:
                unit, _ = scenario.model(model_id)
            except KeyError:
                continue
            if unit.side != self.side and unit.on_table:
                names.add(unit.name)
        return sorted(names)

    def _may_move(self, model_ids: set[str]) -> bool:
        """Refuse (and put back) a move of the other side's models without shared control."""
        scenario = self.document.scenario
        if not model_ids or shared_control(scenario.options, [s.id for s in scenario.sides]):
            return True
        theirs = {}
        for model_id in model_ids:
            try:
                unit, _ = self.document.scenario.model(model_id)
            except KeyError:
                continue
            try:
                old = position(self.r.pos.get(model_id), "")
            except ScenarioError:
                continue  # no valid shared place to put it back to
            if unit.side != self.side and unit.on_table:
                theirs[model_id] = (unit.name, old)
        if not theirs:
            return True
        with self._quiet():
            self.document.move_models({m: (p[0], p[1]) for m, (_, p) in theirs.items()})
            self.document.rotate_models({m: p[2] for m, (_, p) in theirs.items()})
        names = ", ".join(sorted({name for name, _ in theirs.values()}))
        self.refused.emit(f"{names}: not your side's models (turn on shared control to move "
                          "them)")
        return False

    def live_moves(self, drag: object, mover: str | None = None
                   ) -> dict[str, tuple[float, float]]:
        """What the other player's drag in progress may show here: model id → ``(x, y)``.

        ``drag`` is what their presence says they are dragging (model id → ``[x, y]``): the
        items follow it on this board while the document does not change (the drag becomes
        an edit on release, which arrives as one). Kept: models on the table, at finite
        places, of a side the other player controls (not this board's side unless shared
        control is on); anything else is left out. ``mover``: the side the sender's seat
        plays (:func:`board.shared.presence.mover_of`; ``""``: an onlooker, who moves
        nothing): only that side's models, unless shared control is on.
        """
        if not isinstance(drag, Mapping) or not drag or mover == "":
            return {}
        scenario = self.document.scenario
        mine_too = shared_control(scenario.options, [s.id for s in scenario.sides])
        if self._units_of is None:
            self._units_of = {m.id: u for u in scenario.units for m in u.models}
        units = self._units_of
        shown: dict[str, tuple[float, float]] = {}
        for model_id, at in drag.items():
            unit = units.get(str(model_id))
            if (unit is None or not unit.on_table or (unit.side == self.side and not mine_too)
                    or (mover is not None and unit.side != mover and not mine_too)
                    or not isinstance(at, list | tuple) or len(at) != 2):
                continue
            x, y = at
            if (isinstance(x, int | float) and isinstance(y, int | float)
                    and not isinstance(x, bool) and not isinstance(y, bool)
                    and math.isfinite(x) and math.isfinite(y)
                    and max(abs(x), abs(y)) <= MAX_COORDINATE):
                shown[str(model_id)] = (float(x), float(y))
        return shown

    def _refuse_edits_of_mine(self, scenario: Scenario, change: Change,
                              refusals: list[Refusal]) -> list[str]:
        """Refuse each unit of mine altered beyond the rules, and each unit given to my side.

        A unit given to my side is a new one, or one of theirs, that was never mine. See
        :mod:`board.shared.records`. The refused units are taken out of ``change`` (the rest
        of it is taken) and this board's record of them is written back into the shared
        document (:func:`board.shared.trust.heal`). Returns the messages.
        """
        found = foreign_edits(scenario, change, self.side, self.history)
        mine = {u.id: u for u in scenario.units}
        side = self._side_name()
        messages = []
        for unit_id, edits in found.items():
            messages.append(f"{mine[unit_id].name} (a unit of {side}): the other player "
                            f"changed {', '.join(edits)}, which no rule of theirs changes; "
                            f"nothing of that unit's change was taken, and {self.player}'s "
                            "record of the unit was put back")
        for unit_id, new in change.units.items():
            old = mine.get(unit_id)
            if (new is None or new.side != self.side or unit_id in found
                    or (old is not None and old.side == self.side)):
                continue
            known = self.history.models.get(unit_id, {})
            if old is None and known and all(m.id in known for m in new.models):
                continue  # their undo gives back a unit of mine they destroyed
            found[unit_id] = ["its side"]
            messages.append(f"{new.name}: they gave {side} a unit it never had")
        for unit_id in found:
            del change.units[unit_id]
            change.unit_index.pop(unit_id, None)
            refusals.append(Refusal("units", unit_id, "not theirs to change"))
        self.history.note(mine[i] for i in change.units if i in mine)
        self.history.note(u for u in change.units.values() if u is not None)
        return messages

    def _side_name(self) -> str:
        """The side of this board as a player names it (never its id)."""
        return next((s.name for s in self.document.scenario.sides if s.id == self.side),
                    "this side")

    def _keep_my_control(self, change: Change) -> list[str]:
        """Only this board's player agrees to shared control for its side (or sets it for all).

        The other player's setting of either is taken out of ``change`` and the shared
        document is given this board's value back; returns the refusal's message.
        """
        mine = [key for key in (SHARED_CONTROL, agree_key(self.side)) if key in change.options]
        if not mine:
            return []
        options = self.document.scenario.options
        with self.doc.transaction(origin=self.player):
            for key in mine:
                del change.options[key]
                if key in options:
                    self.r.options[key] = text(options[key])
                elif key in self.r.options:
                    del self.r.options[key]
        return [f"the other player may not set shared control: only {self.player} agrees "
                f"to it for {self._side_name()}; put back"]

    def _remote_control(self, change: Change | None) -> bool:
        """Whether shared control is on once ``change`` is taken (the other side may agree)."""
        scenario = self.document.scenario
        options = dict(scenario.options)
        for key, value in (change.options.items() if change is not None else ()):
            if value is UNSET:
                options.pop(key, None)
            else:
                options[key] = value
        return shared_control(options, [s.id for s in scenario.sides])

    def _keep_my_models(self, scenario: Scenario, change: Change | None, moves: Moves,
                        ) -> list[str]:
        """Take out of a remote change the moves of this side's models (without shared control).

        The other player controls the other sides' models only. What they moved of this
        side's stays where this board has it, and the shared document is told so (this
        board writes the positions back, as their owner); returns the refusal's message.
        """
        found = foreign_moves(scenario, change, moves, self.side)
        if not found or self._remote_control(change):
            return []
        positions, turns = moves
        for model_id in found:
            positions.pop(model_id, None)
            turns.pop(model_id, None)
        if change is not None:
            for unit_id in {scenario.model(m)[0].id for m in found}:
                change.units.pop(unit_id, None)
                change.unit_index.pop(unit_id, None)
        with self.doc.transaction(origin=self.player):
            for model_id in sorted(found):
                model = scenario.model(model_id)[1]
                self.r.pos[model_id] = pos_text(model.x, model.y, model.facing)
        names = ", ".join(sorted(set(found.values())))
        return [f"{names}: a model of {self._side_name()} moved by the other player, who controls "
                f"only their own side (shared control is off); put back"]
