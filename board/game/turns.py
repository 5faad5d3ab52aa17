"""The turn clock kept in the scenario's options, and what ending a player turn does.

The clock is three options: ``turn`` (the game turn, a whole number from 1), ``player`` (the
side whose turn it is) and ``turn_order`` (the two side ids, who goes first). A scenario
without them is in game turn 1, the first side's turn, in the order the sides are listed.

:func:`end_turn` ends the player turn in progress as one :class:`~board.document.changes.Change`:
in Warhammer 40,000 and the Horus Heresy each building's effects that last until the end of
this turn expire (RULES.md §4, seed 000 decision 5), and the buildings this player controls
roll to bring back their dropped void shields (5+ each); in Epic 40,000 a new game turn makes
each unstable or crumbling building roll to fall; then the clock moves on. The log line keeps
every roll and the seed.

>>> from board.document.model import Scenario, Side
>>> scenario = Scenario(sides=[Side("red", "Red", "#f00"), Side("blue", "Blue", "#00f")])
>>> clock_of(scenario)
TurnClock(order=('red', 'blue'), game_turn=1, active='red')
>>> clock_text(scenario)
'Turn 1 – Red'
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import LogEntry, RuleSystem, Scenario
from board.game.buildings import building_rules, sheet_of, write_back
from board.game.world import WorldCache
from rules import epic40k, wh40k
from rules.dice import Dice

__all__ = [
    "TURN",
    "PLAYER",
    "TURN_ORDER",
    "TurnError",
    "clock_of",
    "clock_options",
    "clock_text",
    "EndOfTurn",
    "end_turn",
    "goes_first",
]

TURN, PLAYER, TURN_ORDER = "turn", "player", "turn_order"


class TurnError(ValueError):
    """A turn clock the scenario cannot have (the message says what is wrong)."""


def _order(scenario: Scenario) -> tuple[str, str]:
    saved = scenario.options.get(TURN_ORDER)
    if saved is not None:
        if not isinstance(saved, list | tuple) or len(saved) != 2:
            raise TurnError(f"turn_order must name two sides, not {saved!r}")
        return (str(saved[0]), str(saved[1]))
    if len(scenario.sides) < 2:
        raise TurnError(f"a turn clock needs two sides; the scenario has {len(scenario.sides)}")
    return (scenario.sides[0].id, scenario.sides[1].id)


def clock_of(scenario: Scenario) -> wh40k.TurnClock:
    """Return the scenario's turn clock (:class:`TurnError` naming a bad option)."""
    order = _order(scenario)
    turn = scenario.options.get(TURN, 1)
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise TurnError(f"turn must be a whole number, not {turn!r}")
    player = scenario.options.get(PLAYER, order[0])
    try:
        return wh40k.TurnClock(order, turn, str(player))
    except ValueError as error:
        raise TurnError(str(error)) from None


def clock_options(clock: wh40k.TurnClock) -> dict[str, Any]:
    """The options that store ``clock``."""
    return {TURN: clock.game_turn, PLAYER: clock.active, TURN_ORDER: list(clock.order)}


def _side_name(scenario: Scenario, side_id: str) -> str:
    return next((s.name for s in scenario.sides if s.id == side_id), side_id)


def clock_text(scenario: Scenario) -> str:
    """``Turn 2 – Blue``: what the turn clock shows."""
    clock = clock_of(scenario)
    return f"Turn {clock.game_turn} – {_side_name(scenario, clock.active)}"


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
    from board.game.shooting_epic import epic_fall, epic_site  # shooting imports this module

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
    lines = [f"End of {_side_name(scenario, finished.player)}'s turn {finished.game_turn}"]
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
    lines.append(f"now turn {after.game_turn}, {_side_name(scenario, after.active)} to play")
    rolls = [r.to_dict() for r in dice.take()]
    change.log.append(LogEntry("; ".join(lines), rolls, dice.seed))
    return EndOfTurn(change, lines)


def goes_first(scenario: Scenario, side_id: str) -> Change:
    """Start the battle's clock with ``side_id`` first: game turn 1, its turn (one change).

    >>> from board.document.model import Scenario, Side
    >>> sides = [Side("red", "Red", "#f00"), Side("blue", "Blue", "#00f")]
    >>> goes_first(Scenario(sides=sides), "blue").options
    {'turn': 1, 'player': 'blue', 'turn_order': ['blue', 'red']}
    """
    order = _order(scenario)
    if side_id not in order:
        raise TurnError(f"side {side_id!r} is not one of {list(order)}")
    other = order[1] if order[0] == side_id else order[0]
    clock = wh40k.TurnClock((side_id, other), 1, side_id)
    line = LogEntry(f"{_side_name(scenario, side_id)} goes first: turn 1 begins")
    return Change(options=clock_options(clock), log=[line])
