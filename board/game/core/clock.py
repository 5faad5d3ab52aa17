"""The turn clock kept in the scenario's options.

The clock is three options: ``turn`` (the game turn, a whole number from 1), ``player`` (the
side whose turn it is) and ``turn_order`` (the two side ids, who goes first). A scenario
without them is in game turn 1, the first side's turn, in the order the sides are listed.

Ending a player turn (what it does to the buildings) is :func:`board.game.turns.end_turn`.

>>> from board.document.model import Scenario, Side
>>> scenario = Scenario(sides=[Side("red", "Red", "#f00"), Side("blue", "Blue", "#00f")])
>>> clock_of(scenario)
TurnClock(order=('red', 'blue'), game_turn=1, active='red')
>>> clock_text(scenario)
'Turn 1 – Red'
"""

from __future__ import annotations

from typing import Any

from board.document.changes import Change
from board.document.model import LogEntry, Scenario
from rules.turns import TurnClock

__all__ = [
    "TURN",
    "PLAYER",
    "TURN_ORDER",
    "TurnError",
    "clock_of",
    "clock_options",
    "clock_text",
    "side_name",
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


def clock_of(scenario: Scenario) -> TurnClock:
    """Return the scenario's turn clock (:class:`TurnError` naming a bad option)."""
    order = _order(scenario)
    turn = scenario.options.get(TURN, 1)
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise TurnError(f"turn must be a whole number, not {turn!r}")
    player = scenario.options.get(PLAYER, order[0])
    try:
        return TurnClock(order, turn, str(player))
    except ValueError as error:
        raise TurnError(str(error)) from None


def clock_options(clock: TurnClock) -> dict[str, Any]:
    """The options that store ``clock``."""
    return {TURN: clock.game_turn, PLAYER: clock.active, TURN_ORDER: list(clock.order)}


def side_name(scenario: Scenario, side_id: str) -> str:
    """The name of side ``side_id`` as the players call it (its id when unknown)."""
    return next((s.name for s in scenario.sides if s.id == side_id), side_id)


def clock_text(scenario: Scenario) -> str:
    """``Turn 2 – Blue``: what the turn clock shows."""
    clock = clock_of(scenario)
    return f"Turn {clock.game_turn} – {side_name(scenario, clock.active)}"


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
    clock = TurnClock((side_id, other), 1, side_id)
    line = LogEntry(f"{side_name(scenario, side_id)} goes first: turn 1 begins")
    return Change(options=clock_options(clock), log=[line])
