"""Warhammer Fantasy on the board: the upper tier of the protocol.

The facts come from :class:`~board.game.systems.fantasy.facts.FantasyFacts`; what the system
does is in this folder: garrisons (:mod:`.occupancy`) and the building assault
(:mod:`.assault`). Buildings are not shot at: their garrisons are.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario, TerrainPiece, TroopType, Unit
from board.document.stats import missing_stat_text
from board.game.core.assault import (
    AssaultError,
    AssaultResult,
    AssaultStand,
    CloseCombatAttack,
)
from board.game.core.building_summary import BuildingSummary
from board.game.core.clock import clock_of
from board.game.core.shots import (
    FireResult,
    GarrisonShot,
    ShootingError,
    ShotPlan,
    ShotResult,
    WeaponOrder,
)
from board.game.core.world import World
from board.game.occupancy.common import DisembarkPlan, EmbarkAttempt
from board.game.systems.fantasy import garrison_hits, occupancy
from board.game.systems.fantasy import summary as summaries
from board.game.systems.fantasy.building import FantasyBuildings, garrison_of
from board.game.systems.fantasy.facts import FantasyFacts
from board.game.systems.fantasy.frenzy import CHARGE_DICE_MOST, forced_exits
from board.game.systems.fantasy.steps import FantasyAssaultSteps
from board.game.systems.protocol import AssaultKind, AssaultSteps, GameSystem, PhaseStep, ShotForm
from geometry import Obstacles, PlacementVerdict, Shape
from rules.decision import Decision
from rules.dice import Dice
from rules.turns import PlayerTurn

__all__ = ["FantasySystem", "GAME"]



class FantasySystem(FantasyFacts, FantasyBuildings):
    """:class:`~board.game.systems.protocol.GameSystem` for Warhammer Fantasy."""

    assault: AssaultKind = AssaultKind.FANTASY
    shot_form: ShotForm = ShotForm.GARRISON
    building_not_shot: str = ("in Warhammer Fantasy the building is not shot at: its garrison is, "
                         "counting as in hard cover (−2 to hit)")
    weapon_special_rules: tuple[str, ...] = ()
    grenades: tuple[CloseCombatAttack, ...] = ()
    garrison_attacks: tuple[tuple[str, str], ...] = tuple(garrison_hits.ATTACKS.items())
    assault_steps: AssaultSteps | None = FantasyAssaultSteps()

    def end_player_turn(self, scenario: Scenario, library: Mapping[str, Datasheet],
                        finished: PlayerTurn, new_game_turn: bool, dice: Dice,
                        change: Change) -> list[str]:
        """The player's units that marched or reformed may garrison again next turn.

        Seed 002: "A unit can't garrison a building in the same turn it marched or reformed";
        the ``marched``/``reformed`` flags are of the turn the player sets them in, and end
        with it. As the next player's turn begins, its frenzied garrisons with an enemy in
        charge reach are forced out toward it (:mod:`.frenzy`).
        """
        lines = []
        for unit in scenario.units:
            done = [k for k in ("marched", "reformed") if unit.stats.get(k) is True]
            if unit.side == finished.player and done:
                new = change.units.get(unit.id) or copy.deepcopy(unit)
                for key in done:
                    new.stats.pop(key)
                change.units[unit.id] = new
                lines.append(f"{unit.name}: {' and '.join(done)} ends with the turn")
        starting = clock_of(scenario).advance().active
        return lines + forced_exits(scenario, library, starting, change)

    phase_steps: tuple[PhaseStep, ...] = ()

    def play_phase_step(self, key: str, scenario: Scenario, library: Mapping[str, Datasheet],
                        dice: Dice, change: Change) -> list[str]:
        """No step: its buildings do nothing by themselves inside a turn."""
        raise ValueError(f"{scenario.rule_system.label} has no phase step {key!r}")

    def embark_decision(self, world: World, scenario: Scenario, rules_object: Any,
                        party: list[Unit], piece: TerrainPiece) -> Decision:
        """Garrison it, or join its garrison, from base contact."""
        return occupancy.embark_decision(world, scenario, rules_object, party, piece)

    def disembark_plan(self, scenario: Scenario, world: World, rules_object: Any,
                       party: list[Unit], obstacles: Obstacles) -> DisembarkPlan:
        """The garrison exit zone (not in the turn it went in)."""
        return occupancy.disembark_plan(scenario, world, rules_object, party, obstacles)

    def exit_verdicts(self, plan: DisembarkPlan, models: list[tuple[str, Shape]],
                      obstacles: Obstacles,
                      table: tuple[float, float]) -> tuple[PlacementVerdict, ...]:
        """1" to twice the Movement from the building."""
        return occupancy.exit_verdicts(plan, models, obstacles, table)

    def leave(self, rules_object: Any, plan: DisembarkPlan,
              onto_battlements: bool) -> Decision:
        """The garrison, or a character, goes."""
        return occupancy.leave(rules_object, plan)

    def after_models_moved(self, scenario: Scenario, library: Mapping[str, Datasheet],
                           world: World, moved: Mapping[str, tuple[float, float]],
                           dice: Dice | None = None) -> Change | None:
        """Nothing: a Fantasy building is held by its garrison."""
        return None

    def summary(self, rules_object: Any, scenario: Scenario, sheet: Datasheet,
                piece: TerrainPiece, base: dict[str, Any]) -> BuildingSummary:
        """The dock's lines (:mod:`.summary`)."""
        return summaries.summary(rules_object, scenario, base)

    def shootable(self, rules_object: Any) -> bool:
        """A garrisoned building: its garrison is the target (seed 002), never the building."""
        return garrison_of(rules_object) is not None

    def shot_preview(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                     plan: ShotPlan, order: Any) -> tuple[str, list[str]]:
        """What a template, cannonball or spell does to the garrison (:mod:`.garrison_hits`)."""
        assert isinstance(order, GarrisonShot)
        lines = garrison_hits.garrison_shot_lines(scenario, library, plan.piece_id, order)
        return f"{plan.firer} at {world.piece(plan.piece_id).sheet.name}", lines

    def shoot(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
              plan: ShotPlan, order: Any, seed: int | None) -> ShotResult:
        """Roll the attack on the garrison (:func:`.garrison_hits.shoot_garrison`)."""
        assert isinstance(order, GarrisonShot)
        return garrison_hits.shoot_garrison(scenario, library, world, plan.piece_id, order,
                                            plan.firer, plan.at, seed)

    def automated_fire(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                       seed: int | None) -> FireResult:
        """None: its buildings have no weapons that fire by themselves."""
        return FireResult([], Change(), [])

    def emplaced_firers(self, rules_object: Any) -> tuple[str | None, tuple[str, ...]]:
        """None."""
        return None, ()

    def assault_reach(self, unit: Unit) -> tuple[float | None, str]:
        """Seed 004: the assault is a charge, Movement + 2D6: at most Movement + 12"."""
        if unit.troop_type is TroopType.CHARACTER:
            return None, "a character assaults with the unit it has joined"
        movement = unit.stats.get("movement")
        if isinstance(movement, bool) or not isinstance(movement, int | float):
            return None, missing_stat_text(unit, "movement")
        reach = float(movement) + CHARGE_DICE_MOST
        return reach, f"within its charge reach (Movement {movement:g}\" + 2D6: {reach:g}\")"

    def emplaced_order(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                       piece_id: str, weapon_id: str,
                       firer_bs: int) -> tuple[WeaponOrder, tuple[float, float]]:
        """None: seeds 002 and 004 give buildings no emplaced weapons."""
        raise ShootingError(f"{scenario.rule_system.label} buildings have no emplaced weapons: "
                            f"{weapon_id} cannot be fired")

    def move_between_parts(self, scenario: Scenario, library: Mapping[str, Datasheet],
                           world: World, unit: Unit, inside: str,
                           target_id: str) -> EmbarkAttempt:
        """None: a garrison holds one building."""
        return EmbarkAttempt(Decision.no("cannot move: moving between the parts of a building "
                                         "is a Warhammer 40,000 and Horus Heresy rule"))

    def assault_stands(self, scenario: Scenario, world: World,
                       piece_id: str) -> list[AssaultStand]:
        """None: a unit assaults, and the garrison fights back (the Fantasy dialog)."""
        return []

    def assault_preview(self, scenario: Scenario, library: Mapping[str, Datasheet],
                        world: World, piece_id: str, order: Any) -> list[str]:
        """Refused: the Fantasy assault is played step by step (:class:`.assault.FantasyStorm`)."""
        raise AssaultError(_STEP_BY_STEP)

    def storm(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
              piece_id: str, order: Any, dice: Dice) -> AssaultResult:
        """Refused: the Fantasy assault is played step by step (:class:`.assault.FantasyStorm`)."""
        raise AssaultError(_STEP_BY_STEP)


#: Why a Fantasy assault is not rolled in one go.
_STEP_BY_STEP = ("a Warhammer Fantasy building assault is played step by step: declare, react, "
                 "charge, fight, result, in the Fantasy assault dialog")


#: The game its registry hands out (board.game.systems.registry); mypy checks it is a
#: GameSystem.
GAME: GameSystem = FantasySystem()
