"""What ending a player turn does: one :class:`~board.document.changes.Change`.

In Warhammer 40,000 and the Horus Heresy each building's effects that last until the end of
this turn expire (RULES.md §4, seed 000 decision 5), and the buildings this player controls
roll to bring back their dropped void shields (5+ each); in Epic 40,000 a new game turn makes
each unstable or crumbling building roll to fall; then the clock moves on. The log line keeps
every roll and the seed. The clock itself is :mod:`board.game.core.clock`.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import LogEntry, RuleSystem, Scenario
from board.game.core.buildings import building_rules, sheet_of, write_back
from board.game.core.clock import clock_of, clock_options, side_name
from board.game.core.world import WorldCache
from board.game.systems.epic.shooting import epic_fall, epic_site
from rules import epic40k, wh40k
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


def _building_turn_end(building: wh40k.Building, finished: wh40k.PlayerTurn,
                       dice: Dice, name: str) -> list[str]:
    """What the end of a player turn does to one building (``name`` as a player reads it)."""
    lines = [f"{name}: {e.describe(building.names)} – ended"
             for e in building.end_turn(finished)]
    if building.controller == finished.player and not building.destroyed:
        for roll in wh40k.restore_shields(building, dice):
            verdict = "restored" if roll.total >= 5 else "stays down"
            lines.append(f"{name}: void shield roll {roll.total} – {verdict}")
    return lines


def _epic_turn_start(scenario: Scenario, library: Mapping[str, Datasheet], dice: Dice,
                     change: Change) -> list[str]:
    """Epic 40,000, a new game turn: each unstable or crumbling building may fall (5+)."""
    world = WorldCache(library).world_for(scenario)
    lines = []
    for piece in scenario.terrain:
        state = building_rules(scenario, library, piece)
        if not isinstance(state, epic40k.BuildingState) or not state.standing:
            continue
        outcome = epic40k.start_of_turn(state, epic_site(scenario, world, piece.id), dice)
        if outcome.roll is None:
            continue
        new = copy.deepcopy(piece)
        write_back(new, state)
        change.pieces[piece.id] = new
        lines.append(f"{sheet_of(scenario, library, piece).name}: {outcome.description}")
        if outcome.collapse is not None:
            lines += epic_fall(scenario, change, piece.id, outcome.collapse.killed)
    return lines


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
    if scenario.rule_system in (RuleSystem.WH40K, RuleSystem.HORUS_HERESY):
        for piece in scenario.terrain:
            building = building_rules(scenario, library, piece)
            if not isinstance(building, wh40k.Building):
                continue
            said = _building_turn_end(building, finished, dice,
                                      sheet_of(scenario, library, piece).name)
            if said:
                new = copy.deepcopy(piece)
                write_back(new, building)
                change.pieces[piece.id] = new
                lines += said
    after = clock.advance()
    if scenario.rule_system is RuleSystem.EPIC40K and after.game_turn > clock.game_turn:
        lines += _epic_turn_start(scenario, library, dice, change)
    change.options.update(clock_options(after))
    lines.append(f"now turn {after.game_turn}, {side_name(scenario, after.active)} to play")
    rolls = [r.to_dict() for r in dice.take()]
    change.log.append(LogEntry("; ".join(lines), rolls, dice.seed))
    return EndOfTurn(change, lines)
