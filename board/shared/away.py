"""Moves a player makes on their board after leaving a game, given back when they rejoin.

File ▸ Leave Game leaves the board as it was, and the player may go on moving their models;
joining the same room again takes the room's game (the board becomes it), which used to drop
those moves without a word. :class:`Away` notes where this player's side's models stood when
they left; :meth:`Away.moves` is what they moved since, which the window makes again as edits
once the game is joined, so they reach the other player too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from board.document.model import Scenario

__all__ = ["Away"]

Place = tuple[float, float, float]


def _places(scenario: Scenario, side: str) -> dict[str, Place]:
    return {m.id: (m.x, m.y, m.facing) for u in scenario.units
            if u.side == side and u.on_table for m in u.models}


@dataclass
class Away:
    """Where one side's models stood when its player left the game at ``room``."""

    room: str
    side: str
    places: dict[str, Place] = field(default_factory=dict)

    @classmethod
    def left(cls, room: str, side: str, scenario: Scenario) -> Away:
        """Note the board as its player leaves."""
        return cls(room, side, _places(scenario, side))

    def now(self, scenario: Scenario) -> dict[str, Place]:
        """Where this side's models stand on the board now (before the rejoin)."""
        return _places(scenario, self.side)

    def moves(self, now: dict[str, Place], joined: Scenario) -> dict[str, Place]:
        """What this side moved since leaving (``now``: :meth:`now` at the rejoin).

        Only models the ``joined`` game still has on the table where they stood when it was
        left: a model moved in the game meanwhile is not moved back.
        """
        there = _places(joined, self.side)
        return {model_id: place for model_id, place in now.items()
                if model_id in self.places and place != self.places[model_id]
                and there.get(model_id) == self.places[model_id]}
