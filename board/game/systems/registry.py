"""The upper tier's registry: each rule system's :class:`GameSystem`, registered once.

The shared tools (ending a turn, going in and out of buildings, the view) ask
:func:`system_for` instead of comparing ``RuleSystem`` values or the type of a rules object.

>>> system_for(RuleSystem.HORUS_HERESY).assault
<AssaultKind.CLOSE_COMBAT: 'close_combat'>
>>> sorted(s.value for s in SYSTEMS)
['epic40k', 'horus_heresy', 'warhammer_fantasy', 'wh40k']
"""

from __future__ import annotations

from board.document.model import RuleSystem
from board.game.systems.buildings import BuildingRules
from board.game.systems.epic.system import EpicSystem
from board.game.systems.fantasy.system import FantasySystem
from board.game.systems.protocol import GameSystem
from board.game.systems.wh40k.system import Wh40kSystem

__all__ = ["SYSTEMS", "system_for", "system_of"]

#: Each rule system's game, once.
SYSTEMS: dict[RuleSystem, GameSystem] = {
    system: game for game in (Wh40kSystem(), EpicSystem(), FantasySystem())
    for system in game.rule_systems}


def system_for(system: RuleSystem) -> GameSystem:
    """The game of ``system`` (every :class:`RuleSystem` has one)."""
    return SYSTEMS[system]


def system_of(rules_object: BuildingRules) -> GameSystem:
    """The game a building's rules object belongs to."""
    return next(g for g in SYSTEMS.values() if isinstance(rules_object, g.building_type))
