"""Firing from a 40K building by hand: the phase's record checked and kept (seed 000; no Qt).

A shot fired from a building is either an emplaced weapon fired by one embarked model
(``ShotPlan.by_hand``) or an embarked unit's models shooting through a fire point
(``ShotPlan.through`` and ``ShotPlan.models``). :func:`check_from_building` refuses one the
rules forbid (:mod:`rules.wh40k.phase_record`: an empty building, a weapon already fired this
phase, a model firing twice, more models than the fire point lets shoot, another target);
:func:`record_from_building` writes who fired what into the firing building's state in the
shot's change, so the record is saved, undone with the shot, read by automated fire (which
skips the weapons fired by hand) and cleared when the player turn ends
(:func:`clear_phase_records`).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario, TerrainPiece
from board.game.core.buildings import building_rules, sheet_of, write_back
from board.game.core.shots import ShootingError
from board.game.occupancy.common import models_inside
from rules import wh40k
from rules.decision import Decision
from rules.wh40k.phase_record import RULE_EMPLACED
from rules.words import counted

if TYPE_CHECKING:
    from board.game.systems.wh40k.shooting import ShotPlan

__all__ = ["firing_piece", "embarked_models", "check_from_building", "record_from_building",
           "clear_phase_records"]


def firing_piece(plan: ShotPlan) -> str | None:
    """The building the shot is fired from (its emplaced weapon or fire point), if any."""
    if plan.weapon.emplaced is not None:
        return plan.weapon.emplaced[0]
    return plan.from_piece


def embarked_models(scenario: Scenario, piece_id: str) -> list[str]:
    """The ids of the models embarked in ``piece_id`` (the units inside, in order)."""
    return [model_id for model_id, _ in models_inside(scenario, piece_id)]


def _building(scenario: Scenario, library: Mapping[str, Datasheet], piece: TerrainPiece,
              target_id: str) -> wh40k.Building:
    building = building_rules(scenario, library, piece)
    if not isinstance(building, wh40k.Building):
        raise ShootingError(f"{sheet_of(scenario, library, piece).name} is not a "
                            f"{scenario.rule_system.label} building")
    names = dict(building.names)
    names[target_id] = sheet_of(scenario, library, scenario.piece(target_id)).name
    building.names = names
    return building


def _decision(scenario: Scenario, building: wh40k.Building, plan: ShotPlan,
              ) -> Decision:
    inside = embarked_models(scenario, building.id)
    if plan.weapon.emplaced is not None:
        weapon_id = plan.weapon.emplaced[1]
        if plan.by_hand is None and inside:
            return Decision.no(
                f"{RULE_EMPLACED}: an embarked model fires "
                f"{building.name_of(weapon_id)}; choose which ({len(inside)} inside "
                f"{building.name})")
        return wh40k.check_hand_fire(building, weapon_id, plan.by_hand or "", plan.piece_id,
                                     inside)
    assert plan.through is not None
    return wh40k.check_fire_point_fire(building, plan.through, plan.models, plan.piece_id,
                                       inside)


def check_from_building(scenario: Scenario, library: Mapping[str, Datasheet],
                        plan: ShotPlan) -> None:
    """Refuse (:class:`ShootingError`, the rule and the numbers) a shot the record forbids."""
    piece_id = firing_piece(plan)
    if piece_id is None:
        return
    building = _building(scenario, library, scenario.piece(piece_id), plan.piece_id)
    decision = _decision(scenario, building, plan)
    if not decision:
        raise ShootingError(decision.reason)


def record_from_building(scenario: Scenario, library: Mapping[str, Datasheet], plan: ShotPlan,
                         change: Change) -> list[str]:
    """Write who fired what into the firing building's state in ``change``; the log's words."""
    piece_id = firing_piece(plan)
    if piece_id is None:
        return []
    source = change.pieces[piece_id] if piece_id in change.pieces else \
        scenario.piece(piece_id)
    if source is None or not isinstance(building_rules(scenario, library, source),
                                        wh40k.Building):
        return []  # the shot brought its own building down
    building = _building(scenario, library, source, plan.piece_id)
    if plan.weapon.emplaced is not None and plan.by_hand is not None:
        weapon_id = plan.weapon.emplaced[1]
        wh40k.record_hand_fire(building, weapon_id, plan.by_hand, plan.piece_id)
        said = (f"{building.name_of(plan.by_hand)} fired {building.name_of(weapon_id)} by hand "
                "(no automated fire from it this phase)")
    else:
        assert plan.through is not None
        wh40k.record_fire_point_fire(building, plan.through, plan.models, plan.piece_id)
        said = (f"{counted(len(plan.models), 'model')} shot through "
                f"{building.fire_point_name(plan.through)} of {building.name}")
    new = copy.deepcopy(source)
    write_back(new, building, scenario.rule_system)
    change.pieces[piece_id] = new
    return [said]


def clear_phase_records(building: wh40k.Building, name: str) -> list[str]:
    """The end of a player turn ends its Shooting phase: forget who fired what."""
    return [f"{name}: this Shooting phase's record of who fired what is cleared"] \
        if wh40k.clear_record(building) else []
