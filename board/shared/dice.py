"""Fair dice between two players who do not trust each other's machine: commit, then reveal.

A roll's seed is fixed by both players together. Each picks a secret and first publishes
only its *commitment* (a SHA-256 hash of the roll's id, the player and the secret). When both
commitments are in, both reveal their secrets; each checks the other's secret against its
commitment, and the seed is a hash of the roll's id and both secrets. Neither can choose the
outcome: a player who commits cannot change the secret afterwards (it would not match the
commitment) and does not know the other's secret when committing.

The proof (commitments and secrets) travels with the scenario (``options["fair_dice"]``) so
either player can re-verify every fairly seeded roll of the log from the file afterwards
(:func:`verify_scenario_dice`), replaying the dice from the seed where the log names them.

>>> roll = FairRoll("r1")
>>> a, b = make_secret(), make_secret()
>>> roll = roll.with_commitment("red", commitment("r1", "red", a))
>>> roll = roll.with_commitment("blue", commitment("r1", "blue", b))
>>> roll = roll.with_reveal("red", a).with_reveal("blue", b)
>>> roll.seed == seed_from("r1", {"red": a, "blue": b})
True
>>> roll.with_reveal("red", make_secret())
Traceback (most recent call last):
...
board.shared.dice.FairDiceError: red's secret for roll r1 does not match red's commitment
"""

from __future__ import annotations

import functools
import hashlib
import random
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.dice import Dice

__all__ = [
    "AgreedDice",
    "FairDiceError",
    "FairRoll",
    "make_secret",
    "commitment",
    "seed_from",
    "verify_scenario_dice",
    "proofs_from_options",
    "proof_key",
    "is_proof_key",
    "FAIR_DICE_OPTION",
    "PLAYERS_PER_ROLL",
]

#: The scenario options that keep the fair rolls' proofs: ``fair_dice/<roll id>`` each hold
#: one roll's :meth:`FairRoll.to_dict` (one option per roll: a new roll adds one, touching no
#: other); ``fair_dice`` may hold a list of them.
FAIR_DICE_OPTION = "fair_dice"
#: A fair roll needs a secret from both players.
PLAYERS_PER_ROLL = 2
_DOMAIN = b"battleboard fair dice v1"
_SECRET_BYTES = 32


class FairDiceError(ValueError):
    """A fair roll that does not check out (the message says which player and why)."""


def make_secret() -> str:
    """Return a new random secret: 32 bytes from the system's generator, as hex."""
    return secrets.token_hex(_SECRET_BYTES)


#: SHA-256 with the domain fed in already: each hash starts from a copy.
_DOMAIN_HASH = hashlib.sha256(_DOMAIN)


def _hash(*parts: str) -> bytes:
    r"""SHA-256 of the domain, then each part as its length (4 bytes) and its UTF-8 bytes.

    No two part lists hash alike. Fed piece by piece from a copy of the domain's hash: the
    same bytes as one joined message (a joining player checks thousands of rolls).

    >>> parts = [b"battleboard fair dice v1", b"\x00\x00\x00\x01", b"a"]
    >>> _hash("a") == hashlib.sha256(b"".join(parts)).digest()
    True
    """
    digest = _DOMAIN_HASH.copy()
    for part in parts:
        data = part.encode("utf-8")
        digest.update(len(data).to_bytes(4, "big"))
        digest.update(data)
    return digest.digest()


def commitment(roll_id: str, player: str, secret: str) -> str:
    """The commitment a player publishes first: a hash of the roll, the player and the secret.

    >>> commitment("r1", "red", "00") == commitment("r1", "red", "00")
    True
    >>> commitment("r1", "red", "00") == commitment("r2", "red", "00")
    False
    """
    return _hash("commit", roll_id, player, secret).hex()


def seed_from(roll_id: str, revealed: Mapping[str, str]) -> int:
    """The roll's seed: a hash of its id and every player's secret (in player order), 63 bits.

    >>> seed_from("r1", {"red": "aa", "blue": "bb"}) == seed_from("r1", {"blue": "bb", "red": "aa"})
    True
    """
    parts = [part for player in sorted(revealed) for part in (player, revealed[player])]
    return int.from_bytes(_hash("seed", roll_id, *parts)[:8], "big") >> 1


@dataclass(frozen=True)
class FairRoll:
    """One roll's commit–reveal exchange: who committed what, who revealed what.

    ``seed`` is known once both players have revealed; before that it is ``None``. The
    methods return new values; each refuses a step out of order or a secret that does not
    match its commitment, so a :class:`FairRoll` that exists is consistent.
    """

    roll_id: str
    commitments: Mapping[str, str] = field(default_factory=dict)
    reveals: Mapping[str, str] = field(default_factory=dict)
    purpose: str = ""

    @property
    def committed(self) -> bool:
        """Whether both players have committed (it is then safe to reveal)."""
        return len(self.commitments) >= PLAYERS_PER_ROLL

    @functools.cached_property
    def seed(self) -> int | None:
        """The seed once both players revealed, else ``None``."""
        if len(self.reveals) < PLAYERS_PER_ROLL:
            return None
        return seed_from(self.roll_id, self.reveals)

    def with_commitment(self, player: str, digest: str) -> FairRoll:
        """Add ``player``'s commitment (refused after reveals began, or twice differently)."""
        if self.reveals:
            raise FairDiceError(f"roll {self.roll_id}: {player} commits after a secret was "
                                "revealed")
        old = self.commitments.get(player)
        if old is not None and old != digest:
            raise FairDiceError(f"roll {self.roll_id}: {player} committed twice, differently")
        if old is None and self.committed:
            raise FairDiceError(f"roll {self.roll_id} already has {PLAYERS_PER_ROLL} "
                                f"commitments; {player} is a third")
        return replace(self, commitments={**self.commitments, player: digest})

    def with_reveal(self, player: str, secret: str) -> FairRoll:
        """Add ``player``'s secret, checked against the commitment; only once both committed."""
        if not self.committed:
            raise FairDiceError(f"roll {self.roll_id}: {player} reveals before both players "
                                f"committed ({len(self.commitments)} of {PLAYERS_PER_ROLL})")
        if player not in self.commitments:
            raise FairDiceError(f"roll {self.roll_id}: {player} never committed")
        if commitment(self.roll_id, player, secret) != self.commitments[player]:
            raise FairDiceError(f"{player}'s secret for roll {self.roll_id} does not match "
                                f"{player}'s commitment")
        return replace(self, reveals={**self.reveals, player: secret})

    @classmethod
    def checked(cls, roll_id: str, commitments: Mapping[str, str], reveals: Mapping[str, str],
                purpose: str = "") -> FairRoll:
        """A roll as far as it got, checked as the step-by-step methods check it.

        At most two commitments; reveals only once both committed, each from a player who
        committed and matching that commitment.
        """
        if len(commitments) > PLAYERS_PER_ROLL:
            raise FairDiceError(f"roll {roll_id} has {len(commitments)} commitments; "
                                f"{PLAYERS_PER_ROLL} players roll")
        if reveals and len(commitments) < PLAYERS_PER_ROLL:
            raise FairDiceError(f"roll {roll_id}: a secret revealed before both players "
                                f"committed ({len(commitments)} of {PLAYERS_PER_ROLL})")
        for player, secret in reveals.items():
            if player not in commitments:
                raise FairDiceError(f"roll {roll_id}: {player} never committed")
            if commitment(roll_id, player, secret) != commitments[player]:
                raise FairDiceError(f"{player}'s secret for roll {roll_id} does not match "
                                    f"{player}'s commitment")
        return cls(roll_id, dict(commitments), dict(reveals), purpose)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values: the proof a saved file keeps."""
        return {"roll": self.roll_id, "purpose": self.purpose, "seed": self.seed,
                "commitments": dict(sorted(self.commitments.items())),
                "reveals": dict(sorted(self.reveals.items()))}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FairRoll:
        """Rebuild and re-check a proof (every reveal against its commitment, then the seed)."""
        try:
            roll = cls.checked(str(data["roll"]), _texts(data["commitments"]),
                               _texts(data["reveals"]), str(data.get("purpose", "")))
        except (KeyError, TypeError, AttributeError) as exc:
            raise FairDiceError(f"a fair-dice proof lacks {exc}: {dict(data)!r}") from None
        claimed = data.get("seed")
        if claimed is not None and claimed != roll.seed:
            raise FairDiceError(f"roll {roll.roll_id}: the seed written is {claimed}, but the "
                                f"secrets give {roll.seed}")
        return roll


def _texts(value: Any) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise TypeError("a mapping of player to text")
    return {str(k): str(v) for k, v in value.items()}


def proof_key(roll_id: str) -> str:
    """The option that keeps a roll's proof.

    >>> proof_key("red-1a2b"), is_proof_key("fair_dice/red-1a2b"), is_proof_key("turn")
    ('fair_dice/red-1a2b', True, False)
    """
    return f"{FAIR_DICE_OPTION}/{roll_id}"


def is_proof_key(key: str) -> bool:
    """Whether an option keeps fair-dice proofs (they come from the players' exchange)."""
    return key == FAIR_DICE_OPTION or key.startswith(f"{FAIR_DICE_OPTION}/")


def proofs_from_options(options: Mapping[str, Any]) -> list[FairRoll]:
    """The fair rolls kept in a scenario's options, each re-checked (:class:`FairDiceError`)."""
    kept = options.get(FAIR_DICE_OPTION, [])
    if not isinstance(kept, list):
        raise FairDiceError(f"option {FAIR_DICE_OPTION} must be a list, not {kept!r}")
    kept = kept + [value for key, value in sorted(options.items())
                   if key.startswith(f"{FAIR_DICE_OPTION}/")]
    rolls = []
    for entry in kept:
        if not isinstance(entry, Mapping):
            raise FairDiceError(f"a fair-dice proof is an object, not {entry!r}")
        rolls.append(FairRoll.from_dict(entry))
    return rolls


def _replayed(dice: Any, rolls: list[dict[str, Any]]) -> list[int] | None:
    """The faces ``dice`` give next for the log's rolls, in order (``None``: unknown dice)."""
    faces: list[int] = []
    for roll in rolls:
        count, sides = len(roll.get("faces", [])), roll.get("sides", 6)
        if not isinstance(sides, int) or sides < 1:
            return None
        faces.extend(dice.roll(count, str(roll.get("purpose", "")), sides).faces)
    return faces


def verify_scenario_dice(options: Mapping[str, Any], log: list[Any]) -> list[str]:
    """Re-verify every fairly seeded roll of a log; return one line per log entry checked.

    ``log`` holds :class:`~board.document.model.LogEntry` values (``text``, ``rolls``,
    ``seed``). Each proof is re-checked (secrets against commitments, the seed from the
    secrets); each log entry whose seed is a fair seed is then replayed from it: its faces
    must be what the dice give from that seed, in order (entries that share a seed continue
    one stream, as an assault's steps do).

    Raises
    ------
    FairDiceError
        A proof that does not check, or a log entry whose dice are not the seed's.
    """
    seeds = {roll.seed: roll for roll in proofs_from_options(options)}
    streams: dict[int, Any] = {}  # one resolution may write several log lines from one seed
    lines = []
    for number, entry in enumerate(log, start=1):
        if entry.seed is None or entry.seed not in seeds:
            continue
        faces = [f for roll in entry.rolls for f in roll.get("faces", [])]
        replay = _replayed(streams.setdefault(entry.seed, Dice(entry.seed)), entry.rolls)
        if replay is not None and replay != faces:
            raise FairDiceError(f"log entry {number}: its dice {faces} are not the dice of its "
                                f"fair seed {entry.seed} ({replay})")
        roll = seeds[entry.seed]
        lines.append(f"log entry {number}: seed {entry.seed} fixed by "
                     f"{' and '.join(sorted(roll.reveals))} (roll {roll.roll_id}), "
                     f"{len(faces)} dice replayed")
    return lines


class AgreedDice(Dice):
    """Dice whose seed is fixed by both players when the first die is rolled.

    A drag that brings a roll with it (a battlements terrain test) knows only once it is
    released whether it rolls at all: ``agree()`` runs the commit–reveal exchange then, and its
    seed drives every die of that resolution, as :class:`~rules.dice.Dice` would. A drag that
    rolls nothing asks the other player for nothing.

    >>> dice = AgreedDice(lambda: 1234)
    >>> dice.roll(3, "dangerous terrain").faces == Dice(1234).roll(3, "x").faces
    True
    >>> dice.seed
    1234
    """

    def __init__(self, agree: Callable[[], int]) -> None:
        super().__init__(seed=0)
        self._agree: Callable[[], int] | None = agree

    def _face(self, sides: int) -> int:
        if self._agree is not None:
            agree, self._agree = self._agree, None
            self.seed = agree()
            self._rng = random.Random(self.seed)
        return super()._face(sides)
