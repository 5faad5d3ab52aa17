"""The end of a 40K or Horus Heresy player turn for the buildings (seed 000 decision 5; no Qt).

Each building's effects that last until the end of this turn expire (RULES.md §4), the record
of who fired what in the turn's Shooting phase is cleared (seed 000), and the buildings the
player controls roll to bring back their dropped void shields (5+ each).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario
from board.game.core.buildings import building_rules, sheet_of, write_back
from board.game.systems.wh40k.fire_record import clear_phase_records
from rules import wh40k
from rules.dice import Dice

__all__ = ["end_player_turn"]


def end_player_turn(scenario: Scenario, library: Mapping[str, Datasheet],
                    finished: wh40k.PlayerTurn, dice: Dice, change: Change) -> list[str]:
    """Expire effects and roll for void shields; each changed building goes into ``change``."""
    lines: list[str] = []
    for piece in scenario.terrain:
        building = building_rules(scenario, library, piece)
        if not isinstance(building, wh40k.Building):
            continue
        said = _building_turn_end(building, finished, dice,
                                  sheet_of(scenario, library, piece).name)
        if said:
            new = copy.deepcopy(piece)
            write_back(new, building, scenario.rule_system)
            change.pieces[piece.id] = new
            lines += said
    return lines


def _building_turn_end(building: wh40k.Building, finished: wh40k.PlayerTurn,
                       dice: Dice, name: str) -> list[str]:
    """What the end of a player turn does to one building (``name`` as a player reads it)."""
    lines = [f"{name}: {e.describe(building.names)} – ended"
             for e in building.end_turn(finished)]
    lines += clear_phase_records(building, name)
    if building.controller == finished.player and not building.destroyed:
        for roll in wh40k.restore_shields(building, dice):
            verdict = "restored" if roll.total >= 5 else "stays down"
            lines.append(f"{name}: void shield roll {roll.total} – {verdict}")
    return lines
