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
from board.document.model import Scenario
from board.game.core.assault import log_entry
from board.game.core.clock import clock_of, clock_options, side_name
from board.game.core.names import Namer
from board.game.systems.registry import system_for
from rules.dice import Dice

__all__ = ["EndOfTurn", "end_turn", "PHASE_STEPS", "PhaseStepError", "play_phase_step"]

#: The scenario option that keeps which phase steps the game turn has played:
#: ``{"turn": 2, "done": ["movement_end"]}``.
PHASE_STEPS = "phase_steps"


class PhaseStepError(ValueError):
    """A phase step refused (the message names the rule and the numbers)."""


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
    names = Namer.for_scenario(scenario, None)  # the rules write the ids they were handed
    lines = [names.say(line) for line in lines]
    change.log.append(log_entry("; ".join(lines), dice, names))
    return EndOfTurn(change, lines)


def _done(scenario: Scenario, game_turn: int) -> list[str]:
    saved = scenario.options.get(PHASE_STEPS)
    if not isinstance(saved, dict) or saved.get("turn") != game_turn:
        return []
    done = saved.get("done")
    return [str(k) for k in done] if isinstance(done, list) else []


def play_phase_step(scenario: Scenario, library: Mapping[str, Datasheet], key: str,
                    seed: int | None = None) -> EndOfTurn:
    """Play the phase step ``key`` of the scenario's system, once each game turn.

    What it does is the system's (:attr:`~board.game.systems.protocol.GameSystem.phase_steps`);
    a step already played this game turn, or one the system does not have, is refused.
    """
    system = system_for(scenario.rule_system)
    step = next((s for s in system.phase_steps if s.key == key), None)
    if step is None:
        raise PhaseStepError(f"{scenario.rule_system.label} has no phase step {key!r}")
    game_turn = clock_of(scenario).game_turn
    done = _done(scenario, game_turn)
    if key in done:
        raise PhaseStepError(f"{step.label} was played in game turn {game_turn} already "
                             f"({step.rule}): once each turn")
    dice = Dice(seed)
    change = Change()
    lines = [f"{step.label}, game turn {game_turn}"]
    lines += system.play_phase_step(key, scenario, library, dice, change)
    change.options[PHASE_STEPS] = {"turn": game_turn, "done": [*done, key]}
    names = Namer.for_scenario(scenario, None)
    lines = [names.say(line) for line in lines]
    change.log.append(log_entry("\n".join(lines), dice, names))
    return EndOfTurn(change, lines)
