"""Shooting an Epic 40,000 building from the board (seed 001; RULES.md §2 and §4; no Qt).

Only a super-heavy weapon may target a building (seed 001 decision 12). Its firepower is rolled
as that many dice against the building's armour (6+); each die that scores costs one point of
damage capacity and gets its own critical roll (a 6: 2D6 on the critical damage table, which
can hit the stands inside and hand out blast markers); at 0 damage capacity the building rolls
on the catastrophic table (:func:`rules.epic40k.shoot_building`).

As in the Epic close assault (:mod:`board.game.systems.epic.assault`), a document unit is a
detachment and its models are stands; ``Unit.stats["armour"]`` is the kill roll of its stands and
``blast_markers`` its blast markers. The result is one change: the building's state, stands
destroyed, blast markers gained, survivors of a fall to ruins placed where they were kept, and
the log line with every roll and the seed. As in the assault, the defender chooses before the
roll the stand inside on which the debris of critical row 10 falls.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from fractions import Fraction

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario
from board.game.core.assault import log_entry, remove_models, stat_int, unit_version
from board.game.core.buildings import write_back
from board.game.core.names import Namer
from board.game.core.shots import ShootingError, ShotResult
from board.game.core.world import World
from board.game.systems.epic.assault import debris_lines, debris_refusal, epic_building
from board.game.systems.epic.site import epic_site
from rules import epic40k
from rules.dice import Dice
from rules.odds import binomial
from rules.words import says

__all__ = ["epic_site", "epic_odds_lines", "epic_fall", "epic_shoot"]


def _percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.1f}%"


def epic_odds_lines(scenario: Scenario, library: Mapping[str, Datasheet], piece_id: str,
                    firepower: int) -> list[str]:
    """The exact odds before rolling: dice that score, a critical, the building brought down.

    "Brought down" counts the scoring dice alone (a critical can only add damage).
    """
    state = epic_building(scenario, library, piece_id)
    if firepower < 1:
        raise ShootingError(f"an attack brings 1 or more firepower, not {firepower}")
    score = Fraction(7 - min(state.armour, 6), 6)
    hits = binomial(firepower, score)
    critical = 1 - (1 - score * Fraction(1, 6)) ** firepower
    down = hits.probability(lambda k: k >= state.damage_capacity)
    return [
        f"dice scoring {state.armour}+: " + ", ".join(f"{k}: {_percent(p)}"
                                                   for k, p in sorted(hits.items())),
        f"at least one critical: {_percent(critical)}",
        f"damage capacity {state.damage_capacity} used up by the hits alone: {_percent(down)}",
    ]


def _killed(outcome: epic40k.ShootingOutcome) -> set[str]:
    dead: set[str] = set()
    for hit in outcome.hits:
        dead |= hit.critical.killed if hit.critical else set()
        damages = [hit.damage] + ([hit.critical.damage] if hit.critical and
                                  hit.critical.damage else [])
        for damage in damages:
            if damage.catastrophic and damage.catastrophic.collapse:
                dead |= damage.catastrophic.collapse.killed
    return dead


def _lines(scenario: Scenario, outcome: epic40k.ShootingOutcome,
           debris_target: str | None) -> list[str]:
    lines = [outcome.description, str(outcome.dice)]
    for hit in outcome.hits:
        lines.append(hit.damage.description)
        if hit.critical:
            lines.append(hit.critical.description)
            lines += debris_lines(scenario, [hit.critical], debris_target)
    return lines


def _blast_markers(scenario: Scenario, change: Change,
                   outcome: epic40k.ShootingOutcome) -> list[str]:
    total: dict[str, int] = {}
    for hit in outcome.hits:
        for detachment, count in (hit.critical.blast_markers if hit.critical else {}).items():
            total[detachment] = total.get(detachment, 0) + count
    lines = []
    for detachment, count in total.items():
        if detachment in change.units and change.units[detachment] is None:
            continue
        unit = unit_version(scenario, change, detachment)
        unit.stats["blast_markers"] = stat_int(unit, "blast_markers", default=0) + count
        lines.append(f"{unit.name} {says(unit.name, 'gains', 'gain')} {count} blast "
                     f"marker{'s' * (count > 1)}")
    return lines


def epic_fall(scenario: Scenario, change: Change, piece_id: str, killed: set[str]) -> list[str]:
    """Settle the stands of a building fallen to ruins; return what happened, in words.

    The stands ``killed`` are removed; the survivors inside are placed where they were kept
    (in the rubble). The units' new versions go into ``change``.
    """
    lost = remove_models(scenario, change, sorted(killed))
    lines = [f"destroyed: {', '.join(lost)}"] if lost else []
    for unit in scenario.units_in(piece_id):
        if change.units.get(unit.id, unit) is not None:
            unit_version(scenario, change, unit.id).embarked_in = None
            lines.append(f"{unit.name} survives in the ruins and is placed on the table")
    return lines


def epic_shoot(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
               piece_id: str, firepower: int, firer: str, super_heavy: bool,
               seed: int | None = None, dice: Dice | None = None,
               debris_target: str | None = None) -> ShotResult:
    """Resolve ``firepower`` of a super-heavy weapon at ``piece_id`` as one change.

    ``debris_target`` is the defender's choice (a model id inside) for critical row 10; the
    first stand inside when ``None``; one not inside is refused before any die is rolled.
    """
    allowed = epic40k.may_target_building(super_heavy)
    if not allowed:
        raise ShootingError(allowed.reason)
    if firepower < 1:
        raise ShootingError(f"an attack brings 1 or more firepower, not {firepower}")
    state = epic_building(scenario, library, piece_id)
    name = world.piece(piece_id).sheet.name if piece_id in world.pieces else piece_id
    if not state.standing:
        raise ShootingError(f"{name} is already ruins and cannot be targeted as a building")
    refusal = debris_refusal(scenario, world, piece_id, debris_target)
    if refusal:
        raise ShootingError(refusal)
    site = epic_site(scenario, world, piece_id)
    dice = dice if dice is not None else Dice(seed)
    outcome = epic40k.shoot_building(state, firepower, site, dice, debris_target)
    change = Change()
    piece = copy.deepcopy(scenario.piece(piece_id))
    write_back(piece, state, scenario.rule_system)
    change.pieces[piece_id] = piece
    lines = [f"{firer} {says(firer, 'shoots', 'shoot')} {name} with firepower {firepower}",
             *_lines(scenario, outcome, debris_target)]
    lost = remove_models(scenario, change, sorted(_killed(outcome)))
    lines += [f"destroyed: {', '.join(lost)}"] if lost else []
    lines += _blast_markers(scenario, change, outcome)
    if not state.standing:
        lines += epic_fall(scenario, change, piece_id, set())
    names = Namer.for_scenario(scenario, world)  # the rules write the ids they were handed
    lines = [names.say(line) for line in lines]
    change.log.append(log_entry("\n".join(lines), dice, names))
    return ShotResult(change, lines, "")
