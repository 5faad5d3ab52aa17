"""Warhammer 40,000 and the Horus Heresy on the board: the upper tier of the protocol.

The facts come from :class:`~board.game.systems.wh40k.facts.Wh40kFacts`; what the system does
is in this folder: ending a turn (:mod:`.turn`), going in and out (:mod:`.occupancy`),
shooting (:mod:`.shooting`), the close combat (:mod:`.assault`), automated fire.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario, TerrainPiece, Unit
from board.game.core.assault import (
    AssaultError,
    AssaultResult,
    AssaultStand,
    CloseCombatAttack,
    CloseCombatOrder,
)
from board.game.core.building_summary import BuildingSummary
from board.game.core.shots import FireResult, ShotPlan, ShotResult, WeaponOrder
from board.game.core.world import World
from board.game.occupancy.common import (
    BASE_CONTACT,
    DisembarkPlan,
    EmbarkAttempt,
    access_exit_verdicts,
)
from board.game.systems.protocol import AssaultKind, AssaultSteps, GameSystem, PhaseStep, ShotForm
from board.game.systems.wh40k import assault as close_combat
from board.game.systems.wh40k import automated_fire, occupancy, shooting, turn
from board.game.systems.wh40k import summary as summaries
from board.game.systems.wh40k.battlements import battlement_claims
from board.game.systems.wh40k.building import Wh40kBuildings
from board.game.systems.wh40k.description import HORUS_HERESY, WH40K
from board.game.systems.wh40k.facts import Wh40kFacts
from board.game.systems.wh40k.terrain_tests import terrain_tests
from geometry import Obstacles, PlacementVerdict, Shape, format_distance
from rules import wh40k
from rules.decision import Decision
from rules.dice import Dice
from rules.words import says

__all__ = ["Wh40kSystem", "GAME"]


class Wh40kSystem(Wh40kFacts, Wh40kBuildings):
    """:class:`~board.game.systems.protocol.GameSystem` for 40K and the Horus Heresy."""

    assault: AssaultKind = AssaultKind.CLOSE_COMBAT
    shot_form: ShotForm = ShotForm.PROFILE
    building_not_shot: str = ""
    weapon_special_rules: tuple[str, ...] = shooting.SPECIAL_RULES
    grenades: tuple[CloseCombatAttack, ...] = close_combat.GRENADES
    garrison_attacks: tuple[tuple[str, str], ...] = ()
    assault_steps: AssaultSteps | None = None

    def end_player_turn(self, scenario: Scenario, library: Mapping[str, Datasheet],
                        finished: wh40k.PlayerTurn, new_game_turn: bool, dice: Dice,
                        change: Change) -> list[str]:
        """Effects expire; the player's buildings roll for their void shields."""
        return turn.end_player_turn(scenario, library, finished, dice, change)

    phase_steps: tuple[PhaseStep, ...] = ()

    def play_phase_step(self, key: str, scenario: Scenario, library: Mapping[str, Datasheet],
                        dice: Dice, change: Change) -> list[str]:
        """No step: its buildings do nothing by themselves inside a turn."""
        raise ValueError(f"{scenario.rule_system.label} has no phase step {key!r}")

    def embark_decision(self, world: World, scenario: Scenario, rules_object: Any,
                        party: list[Unit], piece: TerrainPiece) -> Decision:
        """Within 2" of an access point or the battlements; the rules' capacity and claim."""
        return occupancy.embark_decision(world, scenario, rules_object, party, piece)

    def disembark_plan(self, scenario: Scenario, world: World, rules_object: Any,
                       party: list[Unit], obstacles: Obstacles) -> DisembarkPlan:
        """By the access points or onto the battlements; else the emergency zone."""
        return occupancy.disembark_plan(scenario, world, rules_object, party, obstacles)

    def exit_verdicts(self, plan: DisembarkPlan, models: list[tuple[str, Shape]],
                      obstacles: Obstacles,
                      table: tuple[float, float]) -> tuple[PlacementVerdict, ...]:
        """Within reach of the access points, or wholly on the battlements."""
        return access_exit_verdicts(plan, models, obstacles, table)

    def leave(self, rules_object: Any, plan: DisembarkPlan,
              onto_battlements: bool) -> Decision:
        """:func:`rules.wh40k.disembark`."""
        return occupancy.leave(rules_object, plan, onto_battlements)

    def after_models_moved(self, scenario: Scenario, library: Mapping[str, Datasheet],
                           world: World, moved: Mapping[str, tuple[float, float]],
                           dice: Dice | None = None) -> Change | None:
        """Battlements: the terrain test rolled and applied, then any claim (seed 000).

        Battlements are difficult terrain: the test the unit type needs is rolled with
        ``dice`` (fresh dice when not given) and applied (:func:`terrain_tests`): a move
        farther than the difficult-terrain roll is undone, models failing a Dangerous Terrain
        test are lost. The models still standing on the battlements of an unclaimed
        building then claim it.
        """
        if scenario.rule_system not in (WH40K, HORUS_HERESY) \
                or not moved:
            return None
        tests = terrain_tests(scenario, library, world, moved, dice or Dice())
        kept = {m: shift for m, shift in moved.items() if m not in tests.not_moved}
        claims = battlement_claims(scenario, library, world, kept)
        if not tests.log:
            return claims
        change = claims or Change()
        change.log[:0] = tests.log
        change.units.update(tests.units)
        return change

    def summary(self, rules_object: Any, scenario: Scenario, sheet: Datasheet,
                piece: TerrainPiece, base: dict[str, Any]) -> BuildingSummary:
        """The dock's lines (:mod:`.summary`)."""
        return summaries.summary(rules_object, base)

    def shootable(self, rules_object: Any) -> bool:
        """A building not yet destroyed."""
        return isinstance(rules_object, wh40k.Building) and not rules_object.destroyed

    def shot_preview(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                     plan: ShotPlan, order: Any) -> tuple[str, list[str]]:
        """The arc the firer stands in and its AV, and the exact odds (:mod:`.shooting`)."""
        facing = shooting.facing_from(scenario, world, plan.piece_id, plan.at)
        armour = shooting.target_building(scenario, library, plan.piece_id).armour(facing)
        odds = shooting.odds_lines(shooting.shot_odds(scenario, library, world, plan))
        stands = says(plan.firer, "stands", "stand")
        return f"{plan.firer} {stands} in the {facing} arc: AV {armour}", odds

    def shoot(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
              plan: ShotPlan, order: Any, seed: int | None) -> ShotResult:
        """Roll the shot (:func:`.shooting.shoot`)."""
        return shooting.shoot(scenario, library, world, plan, seed)

    def automated_fire(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                       seed: int | None) -> FireResult:
        """Every claimed building's weapons not fired by hand (:mod:`.automated_fire`)."""
        return automated_fire.automated_fire(scenario, library, world, seed)

    def emplaced_firers(self, rules_object: Any) -> tuple[str | None, tuple[str, ...]]:
        """Its controller, and the weapons left on it (none unless held and standing)."""
        if not isinstance(rules_object, wh40k.Building) or not rules_object.controller \
                or rules_object.destroyed:
            return None, ()
        return rules_object.controller, tuple(s.id for s in rules_object.weapons_left())

    def assault_reach(self, unit: Unit) -> tuple[float | None, str]:
        """Seed 000: a building is fought in close combat like a vehicle: from base contact."""
        return BASE_CONTACT, f"in base contact (within {format_distance(BASE_CONTACT)})"

    def emplaced_order(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                       piece_id: str, weapon_id: str,
                       firer_bs: int) -> tuple[WeaponOrder, tuple[float, float]]:
        """Seed 000: an embarked model fires it with its BS; destroyed or spent ones may not."""
        return shooting.emplaced_order(scenario, library, world, piece_id, weapon_id, firer_bs)

    def move_between_parts(self, scenario: Scenario, library: Mapping[str, Datasheet],
                           world: World, unit: Unit, inside: str,
                           target_id: str) -> EmbarkAttempt:
        """Seed 000: into an adjacent, unoccupied part, with the unit's whole move."""
        return occupancy.move_between_parts(scenario, library, world, unit, inside, target_id)

    def assault_stands(self, scenario: Scenario, world: World,
                       piece_id: str) -> list[AssaultStand]:
        """None: a unit fights the building (the form lists the units in base contact)."""
        return []

    def assault_preview(self, scenario: Scenario, library: Mapping[str, Datasheet],
                        world: World, piece_id: str, order: Any) -> list[str]:
        """The exact odds of the attacks against the rear armour (:mod:`.assault`)."""
        attack = _close_combat(scenario, order).attack
        odds = close_combat.close_combat_odds(scenario, library, piece_id, attack)
        return close_combat.odds_text(odds)

    def storm(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
              piece_id: str, order: Any, dice: Dice) -> AssaultResult:
        """Roll the attacks; they hit automatically (:func:`.close_combat.close_combat`)."""
        fight = _close_combat(scenario, order)
        if fight.attacker is None:
            raise AssaultError("choose the unit in base contact that fights the building")
        return close_combat.close_combat(scenario, library, world, piece_id, fight.attack,
                                    fight.attacker, dice)


def _close_combat(scenario: Scenario, order: Any) -> CloseCombatOrder:
    """``order`` as the close-combat form's (any other is refused, naming what it was)."""
    if not isinstance(order, CloseCombatOrder):
        raise AssaultError(f"{scenario.rule_system.label} storms a building in close combat, "
                           f"not with {type(order).__name__}")
    return order


#: The game its registry hands out (board.game.systems.registry); mypy checks it is a
#: GameSystem.
GAME: GameSystem = Wh40kSystem()
