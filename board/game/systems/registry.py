"""The upper tier's registry: each rule system's :class:`GameSystem`, from its folder.

The shared tools (ending a turn, going in and out of buildings, the view) ask
:func:`system_for` instead of comparing ``RuleSystem`` values or the type of a rules object.
Each folder registered in :data:`board.game.systems.FOLDERS` gives its game (``system.py``'s
``GAME``).

>>> system_for(RuleSystem.HORUS_HERESY).assault
<AssaultKind.CLOSE_COMBAT: 'close_combat'>
>>> sorted(s.value for s in SYSTEMS)
['epic40k', 'horus_heresy', 'warhammer_fantasy', 'wh40k']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from board.document.model import RuleSystem
from board.game.systems import part_of
from board.game.systems.buildings import BuildingRules
from board.game.systems.protocol import GameSystem

__all__ = ["SYSTEMS", "system_for", "system_of"]


def system_for(system: RuleSystem) -> GameSystem:
    """The game of ``system`` (every registered :class:`RuleSystem` has one)."""
    game: GameSystem = part_of(system, "system").GAME
    return game


def system_of(rules_object: BuildingRules) -> GameSystem:
    """The game a building's rules object belongs to (the first registered, if two share it)."""
    return next(g for g in SYSTEMS.values() if isinstance(rules_object, g.building_type))


class _Systems(Mapping[RuleSystem, GameSystem]):
    """Every registered system's game."""

    def __getitem__(self, system: RuleSystem) -> GameSystem:
        return system_for(system)

    def __iter__(self) -> Iterator[RuleSystem]:
        return iter(RuleSystem)

    def __len__(self) -> int:
        return len(RuleSystem)


#: Each registered rule system's game.
SYSTEMS: Mapping[RuleSystem, GameSystem] = _Systems()
