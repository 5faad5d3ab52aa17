"""Epic 40,000 on the board: the upper tier of the protocol.

The facts come from :class:`~board.game.systems.epic.facts.EpicFacts`; what the system does
is in this folder: a new game turn's falls (:mod:`.turn`), going in and out
(:mod:`.occupancy`), shooting (:mod:`.shooting`), the close assault (:mod:`.assault`).
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
    StandsOrder,
)
from board.game.core.building_summary import BuildingSummary
from board.game.core.shots import (
    FirepowerOrder,
    FireResult,
    ShootingError,
    ShotPlan,
    ShotResult,
    WeaponOrder,
)
from board.game.core.units import CM_PER_INCH
from board.game.core.world import World
from board.game.occupancy.common import DisembarkPlan, EmbarkAttempt, access_exit_verdicts
from board.game.systems.epic import assault as close_assault
from board.game.systems.epic import occupancy, phases, shooting, turn
from board.game.systems.epic import summary as summaries
from board.game.systems.epic.building import EpicBuildings
from board.game.systems.epic.facts import EpicFacts
from board.game.systems.protocol import AssaultKind, AssaultSteps, GameSystem, PhaseStep, ShotForm
from geometry import Obstacles, PlacementVerdict, Shape
from rules import epic40k
from rules.decision import Decision
from rules.dice import Dice
from rules.turns import PlayerTurn

__all__ = ["EpicSystem", "GAME"]


class EpicSystem(EpicFacts, EpicBuildings):
    """:class:`~board.game.systems.protocol.GameSystem` for Epic 40,000."""

    assault: AssaultKind = AssaultKind.EPIC
    shot_form: ShotForm = ShotForm.FIREPOWER
    building_not_shot: str = ""
    weapon_special_rules: tuple[str, ...] = ()
    grenades: tuple[CloseCombatAttack, ...] = ()
    garrison_attacks: tuple[tuple[str, str], ...] = ()
    assault_steps: AssaultSteps | None = None

    def end_player_turn(self, scenario: Scenario, library: Mapping[str, Datasheet],
                        finished: PlayerTurn, new_game_turn: bool, dice: Dice,
                        change: Change) -> list[str]:
        """A new game turn: each unstable or crumbling building rolls to fall."""
        return turn.start_game_turn(scenario, library, dice, change) if new_game_turn else []

    phase_steps: tuple[PhaseStep, ...] = phases.EPIC_STEPS

    def play_phase_step(self, key: str, scenario: Scenario, library: Mapping[str, Datasheet],
                        dice: Dice, change: Change) -> list[str]:
        """Crumbling at the end of the Movement phase, flames at the start of the Shooting."""
        return phases.play_step(key, scenario, library, dice, change)

    def embark_decision(self, world: World, scenario: Scenario, rules_object: Any,
                        party: list[Unit], piece: TerrainPiece) -> Decision:
        """Infantry into a standing building, in base contact."""
        return occupancy.embark_decision(world, scenario, rules_object, party, piece)

    def disembark_plan(self, scenario: Scenario, world: World, rules_object: Any,
                       party: list[Unit], obstacles: Obstacles) -> DisembarkPlan:
        """Within the unit's move (cm) of the footprint."""
        return occupancy.disembark_plan(scenario, world, party, obstacles)

    def exit_verdicts(self, plan: DisembarkPlan, models: list[tuple[str, Shape]],
                      obstacles: Obstacles,
                      table: tuple[float, float]) -> tuple[PlacementVerdict, ...]:
        """Within the move of the footprint."""
        return access_exit_verdicts(plan, models, obstacles, table)

    def leave(self, rules_object: Any, plan: DisembarkPlan,
              onto_battlements: bool) -> Decision:
        """Nothing to update: the Epic state keeps no roll of who is inside."""
        return Decision.yes()

    def after_models_moved(self, scenario: Scenario, library: Mapping[str, Datasheet],
                           world: World, moved: Mapping[str, tuple[float, float]],
                           dice: Dice | None = None) -> Change | None:
        """Nothing: Epic buildings are claimed by going in."""
        return None

    def summary(self, rules_object: Any, scenario: Scenario, sheet: Datasheet,
                piece: TerrainPiece, base: dict[str, Any]) -> BuildingSummary:
        """The dock's lines (:mod:`.summary`)."""
        return summaries.summary(rules_object, sheet, base, piece.claimed_by)

    def shootable(self, rules_object: Any) -> bool:
        """A building still standing."""
        return isinstance(rules_object, epic40k.BuildingState) and rules_object.standing

    def shot_preview(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                     plan: ShotPlan, order: Any) -> tuple[str, list[str]]:
        """Only a super-heavy weapon; the dice that score and the odds (:mod:`.shooting`)."""
        assert isinstance(order, FirepowerOrder)
        allowed = epic40k.may_target_building(order.super_heavy)
        if not allowed:
            raise ShootingError(allowed.reason)
        lines = shooting.epic_odds_lines(scenario, library, plan.piece_id, order.firepower)
        return f"{plan.firer} at {world.piece(plan.piece_id).sheet.name}", lines

    def shoot(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
              plan: ShotPlan, order: Any, seed: int | None) -> ShotResult:
        """Roll the firepower (:func:`.shooting.epic_shoot`)."""
        assert isinstance(order, FirepowerOrder)
        return shooting.epic_shoot(scenario, library, world, plan.piece_id, order.firepower,
                                   plan.firer, order.super_heavy, seed,
                                   debris_target=order.debris_target)

    def automated_fire(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                       seed: int | None) -> FireResult:
        """None: its buildings have no weapons that fire by themselves."""
        return FireResult([], Change(), [])

    def emplaced_firers(self, rules_object: Any) -> tuple[str | None, tuple[str, ...]]:
        """None: Epic buildings have no emplaced weapons the board fires."""
        return None, ()

    def assault_reach(self, unit: Unit) -> tuple[float | None, str]:
        """Seed 001: the stands in base contact (within :data:`.assault.CONTACT_CM`) assault."""
        contact = close_assault.CONTACT_CM
        return contact / CM_PER_INCH, f"in base contact (within {contact:g} cm)"

    def emplaced_order(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                       piece_id: str, weapon_id: str,
                       firer_bs: int) -> tuple[WeaponOrder, tuple[float, float]]:
        """None: seed 001's buildings have no emplaced weapons."""
        raise ShootingError(f"{scenario.rule_system.label} buildings have no emplaced weapons: "
                            f"{weapon_id} cannot be fired")

    def move_between_parts(self, scenario: Scenario, library: Mapping[str, Datasheet],
                           world: World, unit: Unit, inside: str,
                           target_id: str) -> EmbarkAttempt:
        """None: seed 001 has no multi-part buildings."""
        return EmbarkAttempt(Decision.no("cannot move: moving between the parts of a building "
                                         "is a Warhammer 40,000 and Horus Heresy rule"))

    def assault_stands(self, scenario: Scenario, world: World,
                       piece_id: str) -> list[AssaultStand]:
        """Every stand in base contact, nearest first, and whether it may assault."""
        return close_assault.assault_stands(scenario, world, piece_id)

    def assault_preview(self, scenario: Scenario, library: Mapping[str, Datasheet],
                        world: World, piece_id: str, order: Any) -> list[str]:
        """The assault factors and each side's bonuses (:func:`.assault.epic_preview`)."""
        chosen = _stands(scenario, order).chosen
        return [close_assault.epic_preview(scenario, library, world, piece_id, chosen)]

    def storm(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
              piece_id: str, order: Any, dice: Dice) -> AssaultResult:
        """One die per stand (:func:`.assault.epic_assault`)."""
        stands = _stands(scenario, order)
        return close_assault.epic_assault(scenario, library, world, piece_id, stands.chosen,
                                          dice, stands.debris_target)


def _stands(scenario: Scenario, order: Any) -> StandsOrder:
    """``order`` as the stands form's (any other is refused, naming what it was)."""
    if not isinstance(order, StandsOrder):
        raise AssaultError(f"{scenario.rule_system.label} assaults a building with stands in "
                           f"contact, not with {type(order).__name__}")
    return order


#: The game its registry hands out (board.game.systems.registry); mypy checks it is a
#: GameSystem.
GAME: GameSystem = EpicSystem()
