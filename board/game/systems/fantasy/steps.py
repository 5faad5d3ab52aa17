"""What the Fantasy assault dialog asks of Warhammer Fantasy (the protocol's ``AssaultSteps``).

The dialog opens for :attr:`AssaultKind.FANTASY` and reaches the system's own modules only
through this object: who holds the building, the characters with a unit, the declaration
(:class:`~board.game.systems.fantasy.assault.FantasyStorm`), and the units that may never
assault from where they stand: an enemy garrison in another building (seed 002: "it can never
charge directly out of a building").
"""

from __future__ import annotations

from collections.abc import Mapping

from board.document.datasheet import Datasheet
from board.document.model import Scenario, TroopType, Unit
from board.game.core.world import World
from board.game.systems.fantasy.assault import FantasyStorm
from board.game.systems.fantasy.assault_facts import characters_with
from board.game.systems.fantasy.attackers import garrison_unit
from board.game.systems.protocol import SteppedAssault
from rules import warhammer_fantasy as wf
from rules.dice import Dice

__all__ = ["FantasyAssaultSteps"]


class FantasyAssaultSteps:
    """:class:`~board.game.systems.protocol.AssaultSteps` for Warhammer Fantasy."""

    def garrison(self, scenario: Scenario, library: Mapping[str, Datasheet],
                 piece_id: str) -> Unit | None:
        """The unit garrisoning ``piece_id``."""
        return garrison_unit(scenario, library, piece_id)

    def characters_with(self, scenario: Scenario, unit: Unit) -> list[Unit]:
        """The characters fighting with ``unit``."""
        return characters_with(scenario, unit)

    def declare(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                piece_id: str, attacker_id: str, dice: Dice) -> SteppedAssault:
        """Declare the assault (sight and distance measured)."""
        return FantasyStorm(scenario, library, world, piece_id, attacker_id, dice)

    def refusals(self, scenario: Scenario, world: World, piece_id: str) -> list[str]:
        """Each enemy garrison in another building: it never charges out (seed 002)."""
        inside_it = scenario.units_in(piece_id)
        holder = inside_it[0].side if inside_it else scenario.piece(piece_id).claimed_by
        rule = wf.may_charge_out().reason
        found = []
        for unit in scenario.units:
            inside = unit.embarked_in
            if inside in (None, piece_id) or unit.side == holder \
                    or unit.troop_type is TroopType.CHARACTER or inside not in world.pieces:
                continue
            found.append(f"{unit.name}: garrisons {world.piece(inside).sheet.name}, and {rule}")
        return found
