"""Player turns, modelled explicitly, so that an effect can say when it ends.

Every system's board keeps this clock (``board/game/core/clock.py``); the 40K rules name the
turns its effects end on (seed 000), and :mod:`rules.wh40k` hands these on under its name.

A game turn holds one player turn per player, in the order the players roll for. An effect that
lasts "until the following turn" lasts until the end of a named :class:`PlayerTurn` (RULES.md
§4, seed 000 decision 5: the end of the occupying/controlling player's next turn).

>>> clock = TurnClock(order=("red", "blue"), game_turn=2, active="blue")
>>> clock.next_turn_of("red")
PlayerTurn(game_turn=3, player='red', seat=0)
>>> clock.next_turn_of("blue")
PlayerTurn(game_turn=3, player='blue', seat=1)
>>> clock.now.has_ended_by(clock.now)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.names import Names, called

__all__ = ["PlayerTurn", "TurnClock"]


@dataclass(frozen=True, order=True)
class PlayerTurn:
    """Player ``player``'s turn in game turn ``game_turn``; ``seat`` is 0 for who goes first."""

    game_turn: int
    player: str
    seat: int

    @property
    def key(self) -> tuple[int, int]:
        """The turn's place in the battle (game turn, seat)."""
        return (self.game_turn, self.seat)

    def has_ended_by(self, finished: PlayerTurn) -> bool:
        """Whether this turn is over once the turn ``finished`` has ended."""
        return self.key <= finished.key

    def __str__(self) -> str:
        return self.describe()

    def describe(self, names: Names | None = None) -> str:
        """``the end of Ultramarines' turn 2`` (the side by its name when ``names`` has it)."""
        side = called(self.player, names)
        mark = "'" if side.endswith("s") else "'s"
        return f"the end of {side}{mark} turn {self.game_turn}"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {"game_turn": self.game_turn, "player": self.player, "seat": self.seat}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerTurn:
        """Read :meth:`to_dict`'s values."""
        return cls(int(data["game_turn"]), str(data["player"]), int(data["seat"]))


@dataclass(frozen=True)
class TurnClock:
    """Where the battle is: game turn ``game_turn``, player ``active`` to move.

    ``order`` lists the players (side ids) in the order they take their turns.
    """

    order: tuple[str, str]
    game_turn: int = 1
    active: str = ""

    def __post_init__(self) -> None:
        if len(self.order) != 2 or self.order[0] == self.order[1]:
            raise ValueError(f"turn order needs two different players, got {self.order}")
        if not self.active:
            object.__setattr__(self, "active", self.order[0])
        if self.active not in self.order:
            raise ValueError(f"player {self.active!r} is not one of {self.order}")
        if self.game_turn < 1:
            raise ValueError(f"game turn must be 1 or more, not {self.game_turn}")

    def seat(self, player: str) -> int:
        """0 for the player who goes first, 1 for the other."""
        if player not in self.order:
            raise ValueError(f"player {player!r} is not one of {self.order}")
        return self.order.index(player)

    @property
    def now(self) -> PlayerTurn:
        """The player turn in progress."""
        return PlayerTurn(self.game_turn, self.active, self.seat(self.active))

    def next_turn_of(self, player: str | None) -> PlayerTurn:
        """Return ``player``'s next turn after the current one (``None``: the next turn at all)."""
        if player is None:
            player = self.order[1 - self.seat(self.active)]
        seat = self.seat(player)
        later_this_turn = seat > self.seat(self.active)
        return PlayerTurn(self.game_turn if later_this_turn else self.game_turn + 1, player, seat)

    def advance(self) -> TurnClock:
        """Return the clock at the start of the next player turn."""
        seat = self.seat(self.active)
        if seat == 0:
            return TurnClock(self.order, self.game_turn, self.order[1])
        return TurnClock(self.order, self.game_turn + 1, self.order[0])
