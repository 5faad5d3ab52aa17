"""A new Epic 40,000 game turn for the buildings (seed 001; no Qt).

Each unstable or crumbling building rolls to fall (5+), with its collapse resolved.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario
from board.game.core.buildings import building_rules, sheet_of, write_back
from board.game.core.world import WorldCache
from board.game.systems.epic.shooting import epic_fall
from board.game.systems.epic.site import epic_site
from rules import epic40k
from rules.dice import Dice

__all__ = ["start_game_turn"]


def start_game_turn(scenario: Scenario, library: Mapping[str, Datasheet], dice: Dice,
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
        write_back(new, state, scenario.rule_system)
        change.pieces[piece.id] = new
        lines.append(f"{sheet_of(scenario, library, piece).name}: {outcome.description}")
        if outcome.collapse is not None:
            lines += epic_fall(scenario, change, piece.id, outcome.collapse.killed)
    return lines
