"""Fair dice on a shared board: commit–reveal rolls started here or by the other player.

:class:`FairDice` is the part of :class:`~board.shared.binder.SharedScenario` that agrees fair
seeds (:mod:`board.shared.dice` has the protocol): a board commits to a roll, answers the other
player's rolls on its own, reveals once both have committed, keeps each agreed roll's proof in
the scenario and announces its seed (``seed_ready``). A roll that can never be agreed (a reveal
that does not match its commitment) is refused, naming who sent it, and taken out of the room.
"""

from __future__ import annotations

import uuid
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, cast

import pycrdt

from board.document.changes import Change, apply_change
from board.document.edits import ScenarioDocument, Signal
from board.shared.dice import (
    FairDiceError,
    FairRoll,
    commitment,
    make_secret,
    proof_key,
    proofs_from_options,
)
from board.shared.trust import drop_roll
from board.shared.ydoc import Roots, read_fair_rolls

if TYPE_CHECKING:
    from board.shared.binder import SharedScenario

__all__ = ["FairDice"]


class FairDice:
    """Commit–reveal rolls for a :class:`~board.shared.binder.SharedScenario` (its base)."""

    document: ScenarioDocument
    doc: pycrdt.Doc
    r: Roots
    player: str
    side: str
    refused: Signal
    seed_ready: Signal
    _secrets: dict[str, str]
    _seeds: dict[str, int]

    def _write_dice(self, values: dict[str, str]) -> None:
        """Write this board's part of a roll (inside the caller's transaction), kept here."""
        written = self.__dict__.setdefault("_dice_written", {})
        for key, value in values.items():
            self.r.dice[key] = value
            written[key] = value

    def keep_my_dice(self, keys: set[str], who: str) -> None:
        """Put back this board's commitments and reveals a peer changed or removed.

        Only this player commits and reveals for their side: a peer's write over it would
        make the roll fail (its reveal no longer matches), or choose the seed.
        """
        written: dict[str, str] = self.__dict__.get("_dice_written", {})
        changed = {k: v for k, v in written.items() if k in keys and self.r.dice.get(k) != v}
        if not changed:
            return
        with self.doc.transaction(origin=self.player):
            for key, value in changed.items():
                self.r.dice[key] = value
        self.refused.emit(f"refused a change from {who}: they changed {', '.join(sorted(changed))}"
                          f", which only {self.player} writes; put back")

    def _quiet(self) -> AbstractContextManager[Any]:
        raise NotImplementedError  # the binder's: edits made here are not sent back

    def request_seed(self, purpose: str) -> str:
        """Start a fair roll: commit to a new secret; the other board answers. Returns its id."""
        roll_id = f"{self.side}-{uuid.uuid4().hex[:12]}"
        secret = make_secret()
        self._secrets[roll_id] = secret
        with self.doc.transaction(origin=self.player):
            self._write_dice({f"{roll_id}/purpose": purpose,
                              f"{roll_id}/commit/{self.side}": commitment(roll_id, self.side,
                                                                          secret)})
        return roll_id

    def seed(self, roll_id: str) -> int | None:
        """The agreed seed of a fair roll, or ``None`` while the players are still at it."""
        return self._seeds.get(roll_id)

    def _answer_dice(self, roll_ids: set[str],
                     who: str = "the other player") -> None:
        """Commit to rolls the other player started; reveal once both committed."""
        players = [side.id for side in self.document.scenario.sides]
        if self.side not in players:
            return  # not a side of the board's game: its answers could not be read back
        rolls = {}
        for roll_id in sorted(roll_ids):
            try:
                rolls.update(read_fair_rolls(self.r.dice, {roll_id}, players))
            except FairDiceError as exc:
                self.refused.emit(f"refused a change from {who}: fair roll {roll_id}: {exc}; "
                                  "the roll can never be agreed: taken out of the game")
                drop_roll(cast("SharedScenario", self), roll_id)
        writes: dict[str, str] = {}
        done = []
        for roll_id, roll in rolls.items():
            if roll.seed is not None:
                if roll_id not in self._seeds:
                    self._seeds[roll_id] = roll.seed
                    done.append(roll)
            elif self.side not in roll.commitments and not roll.committed and not roll.reveals:
                self._secrets[roll_id] = make_secret()
                writes[f"{roll_id}/commit/{self.side}"] = commitment(
                    roll_id, self.side, self._secrets[roll_id])
            elif roll.committed and self.side not in roll.reveals and roll_id in self._secrets:
                writes[f"{roll_id}/reveal/{self.side}"] = self._secrets[roll_id]
        if done:
            self._keep_proofs(done)
        if writes:
            with self.doc.transaction(origin=self.player):
                for key, value in writes.items():
                    self._write_dice({key: value})
            self._answer_dice({key.split("/", 1)[0] for key in writes})

    def _keep_proofs(self, rolls: list[FairRoll]) -> None:
        """Keep each agreed roll's proof in the scenario (its own option), then announce."""
        options = {proof_key(roll.roll_id): roll.to_dict() for roll in rolls}
        with self._quiet():
            apply_change(self.document, Change(options=options))
        for roll in rolls:
            assert roll.seed is not None
            self.seed_ready.emit(roll.roll_id, roll.seed)

    def fair_proofs(self) -> list[dict[str, Any]]:
        """The proofs of the agreed rolls, as the scenario keeps them."""
        return [roll.to_dict() for roll in proofs_from_options(self.document.scenario.options)]
