"""What ending a player turn does: one :class:`~board.document.changes.Change`.

In Warhammer 40,000 and the Horus Heresy each building's effects that last until the end of
this turn expire (RULES.md §4, seed 000 decision 5), and the buildings this player controls
roll to bring back their dropped void shields (5+ each); in Epic 40,000 a new game turn makes
each unstable or crumbling building roll to fall; then the clock moves on. The log line keeps
every roll and the seed. The clock itself is :mod:`board.game.core.clock`; what each rule
system does to its buildings is its :meth:`~board.game.systems.protocol.GameSystem.end_player_turn`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import LogEntry, Scenario
from board.game.core.clock import clock_of, clock_options, side_name
from board.game.systems.registry import system_for
from rules.dice import Dice

__all__ = ["EndOfTurn", "end_turn"]


@dataclass
class EndOfTurn:
    """The change that ends the turn, and what it did in words."""

    change: Change
    lines: list[str]

    @property
    def text(self) -> str:
        """The log line."""
        return "\n".join(self.lines)


def end_turn(scenario: Scenario, library: Mapping[str, Datasheet],
             seed: int | None = None) -> EndOfTurn:
    """End the player turn in progress: expire effects, restore void shields, move the clock.

    Epic 40,000: when a new game turn begins, each unstable or crumbling building rolls to
    fall (seed 001), with its collapse resolved.
    """
    clock = clock_of(scenario)
    finished = clock.now
    dice = Dice(seed)
    change = Change()
    lines = [f"End of {side_name(scenario, finished.player)}'s turn {finished.game_turn}"]
    after = clock.advance()
    lines += system_for(scenario.rule_system).end_player_turn(
        scenario, library, finished, after.game_turn > clock.game_turn, dice, change)
    change.options.update(clock_options(after))
    lines.append(f"now turn {after.game_turn}, {side_name(scenario, after.active)} to play")
    rolls = [r.to_dict() for r in dice.take()]
    change.log.append(LogEntry("; ".join(lines), rolls, dice.seed))
    return EndOfTurn(change, lines)
