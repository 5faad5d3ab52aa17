"""Epic 40,000 close assault on a building, from the board (seed 001; no Qt).

A document :class:`~board.document.model.Unit` is an Epic *detachment* and each of its models
an Epic *unit* (a stand): one assault die per stand. The stands that may take part are those
whose base is in contact with the building's footprint (within :data:`CONTACT_CM`, for bases
placed by hand), measured on the :class:`~board.game.core.world.World`. ``Unit.stats`` gives:

- ``assault_factor``: each stand's assault factor (``assault_factors``: ``{model id: AF}`` for
  stands that differ, such as a Librarian in an Assault Marine detachment);
- ``psyker`` (every stand) or ``psykers`` (a list of model ids);
- ``close_combat_weapon``: a war engine's close-combat weapon (doubled AF, D6 damage and an
  automatic critical);
- ``blast_markers``: the detachment's blast markers (the building's bonuses; critical damage
  adds to them);
- ``armour``: the kill roll of its stands, for units inside hit by critical damage and units
  caught when the building collapses.

Before rolling, the defender chooses the stand inside on which the debris of critical damage
row 10 falls (:func:`debris_choices`, the first stand inside unless chosen); the record names
the stand it fell on.

:func:`epic_assault` resolves it with :func:`rules.epic40k.assault_building` and returns the
whole effect as one change: the building's state, stands destroyed, blast markers gained,
survivors placed where they stand if the building falls to ruins, and the log line.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario, Unit
from board.game.core.assault import (
    AssaultError,
    AssaultResult,
    AssaultStand,
    log_entry,
    remove_models,
    stat_flag,
    stat_int,
    unit_version,
)
from board.game.core.buildings import building_rules, sheet_of, write_back
from board.game.core.names import Namer
from board.game.core.world import World
from board.game.occupancy.common import models_inside
from board.game.systems.epic.site import epic_site
from geometry import CM_PER_INCH, distance
from rules import epic40k
from rules.decision import Decision
from rules.dice import Dice
from rules.epic40k.assault_odds import assault_odds
from rules.epic40k.tables import CriticalEffect
from rules.odds import percent
from rules.words import counted, says

__all__ = [
    "CONTACT_CM",
    "EpicStand",
    "epic_stands",
    "assault_stands",
    "epic_building",
    "epic_preview",
    "debris_choices",
    "debris_refusal",
    "debris_lines",
    "epic_assault",
]

#: A stand counts as in base contact with the building when its base is this close to the
#: footprint (centimetres): bases are placed by hand, so exact contact is not asked for.
CONTACT_CM = 1.0


@dataclass(frozen=True)
class EpicStand:
    """A stand in contact with the building: who it is, what it brings, and whether it may."""

    model_id: str
    unit_id: str
    unit_name: str
    side: str
    distance_cm: float
    assaulter: epic40k.Assaulter
    decision: Decision

    @property
    def label(self) -> str:
        """How the dialog names it: detachment, stand, assault factor, flags."""
        extra = ", psyker" if self.assaulter.psyker else ""
        extra += ", close-combat weapon" if self.assaulter.wields_close_combat_weapon else ""
        return (f"{self.unit_name} {self.model_id}: AF {self.assaulter.effective_assault_factor}"
                f"{extra} ({self.distance_cm:.1f} cm)")


def epic_building(scenario: Scenario, library: Mapping[str, Datasheet],
                  piece_id: str) -> epic40k.BuildingState:
    """Return the Epic state of ``piece_id``; an :class:`AssaultError` if it is no building."""
    rules_object = building_rules(scenario, library, scenario.piece(piece_id))
    if not isinstance(rules_object, epic40k.BuildingState):
        name = sheet_of(scenario, library, scenario.piece(piece_id)).name
        raise AssaultError(f"{name} is not an Epic 40,000 building")
    return rules_object


def _assaulter(unit: Unit, model_id: str) -> epic40k.Assaulter:
    factors = unit.stats.get("assault_factors") or {}
    if not isinstance(factors, dict):
        raise AssaultError(f"{unit.name}: stats assault_factors {factors!r} is not a mapping")
    af = factors.get(model_id)
    if af is None:
        af = stat_int(unit, "assault_factor")
    elif isinstance(af, bool) or not isinstance(af, int):
        who = Namer({unit.id: unit}, {}, word="stand").model(model_id)
        raise AssaultError(f"{who}: assault factor {af!r} is not a number")
    psykers = unit.stats.get("psykers") or []
    psyker = stat_flag(unit, "psyker") or model_id in psykers
    name = Namer({unit.id: unit}, {}, word="stand").model(model_id)  # a player's name for it
    return epic40k.Assaulter(model_id, unit.troop_type.value, af, psyker,
                             stat_flag(unit, "close_combat_weapon"), name)


def _decision(unit: Unit, model_id: str) -> tuple[epic40k.Assaulter, Decision]:
    try:
        stand = _assaulter(unit, model_id)
    except AssaultError as error:
        return epic40k.Assaulter(model_id, unit.troop_type.value, 0), Decision.no(str(error))
    return stand, epic40k.may_assault(stand)


def epic_stands(scenario: Scenario, world: World, piece_id: str) -> list[EpicStand]:
    """Return every stand on the table in contact with the building, nearest first."""
    footprint = world.piece(piece_id).footprint
    found: list[EpicStand] = []
    for unit in scenario.units:
        if not unit.on_table:
            continue
        for model_id, shape in world.unit_models(unit.id):
            gap = distance(shape, footprint) * CM_PER_INCH
            if gap <= CONTACT_CM:
                stand, decision = _decision(unit, model_id)
                found.append(EpicStand(model_id, unit.id, unit.name, unit.side, gap, stand,
                                       decision))
    return sorted(found, key=lambda s: (s.distance_cm, s.model_id))


def assault_stands(scenario: Scenario, world: World, piece_id: str) -> list[AssaultStand]:
    """The stands in contact as the Storm dialog lists them (:func:`epic_stands`)."""
    return [AssaultStand(s.model_id, s.unit_id, s.unit_name, s.side, s.distance_cm, s.label,
                         s.decision) for s in epic_stands(scenario, world, piece_id)]


def _chosen(stands: Sequence[EpicStand], chosen: Sequence[str],
            names: Namer) -> list[EpicStand]:
    by_id = {s.model_id: s for s in stands}
    missing = [c for c in chosen if c not in by_id]
    if missing:
        raise AssaultError(f"not in contact with the building (within {CONTACT_CM:g} cm): "
                           f"{', '.join(names.model(m) for m in missing)}")
    picked = [by_id[c] for c in chosen]
    if not picked:
        raise AssaultError("choose at least one stand in contact with the building to assault")
    refused = [s.decision.reason for s in picked if not s.decision]
    if refused:
        raise AssaultError("; ".join(refused))
    if len({s.side for s in picked}) > 1:
        raise AssaultError("the assaulting stands must all be of one side")
    return picked


def _blast_markers(scenario: Scenario, picked: Sequence[EpicStand]) -> int:
    detachments = dict.fromkeys(s.unit_id for s in picked)
    return sum(stat_int(scenario.unit(u), "blast_markers", default=0) for u in detachments)


def epic_preview(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                 piece_id: str, chosen: Sequence[str]) -> str:
    """Return the assault before any die is rolled: totals and each side's bonuses."""
    state = epic_building(scenario, library, piece_id)
    picked = _chosen(epic_stands(scenario, world, piece_id), chosen,
                     Namer.for_scenario(scenario, world))
    units = [s.assaulter for s in picked]
    ours, theirs = epic40k.close_combat_bonuses(units, state.assault_factor,
                                                _blast_markers(scenario, picked))
    def listed(bonuses: Sequence[epic40k.Bonus]) -> str:
        return ", ".join(f"+{b.value} {b.reason}" for b in bonuses) or "none"
    plus, minus = sum(b.value for b in ours), sum(b.value for b in theirs)
    odds = assault_odds(len(units), sum(u.wields_close_combat_weapon for u in units), plus,
                        minus, state.damage_capacity)
    damage = ", ".join(f"{n}: {percent(p)}" for n, p in sorted(odds.damage.items()))
    return (f"{counted(len(units), 'stand')}, assault factor {epic40k.assault_total(units)} "
            f"against the "
            f"building's {state.assault_factor}; assaulters' bonuses: {listed(ours)} "
            f"(+{plus}); building's bonuses: {listed(theirs)} "
            f"(+{minus}); damage capacity {state.damage_capacity}\n"
            f"the assaulters win the roll-off: {percent(odds.assaulters_win)}\n"
            f"damage: {damage}\n"
            f"critical damage: {percent(odds.critical)}; brought down (damage capacity "
            f"reached): {percent(odds.ruins)}")


def debris_choices(scenario: Scenario, piece_id: str) -> list[tuple[str, str]]:
    """Return ``(model id, name)`` of each stand inside, in the order the rules take them.

    The first is where the debris of critical row 10 falls unless the defender chooses.
    """
    return models_inside(scenario, piece_id)


def debris_refusal(scenario: Scenario, world: World, piece_id: str,
                   target: str | None) -> str | None:
    """Say why the debris cannot be chosen to fall on ``target`` (``None``: it can)."""
    choices = dict(debris_choices(scenario, piece_id))
    if target is None or target in choices:
        return None
    namer = Namer.for_scenario(scenario, world)
    inside = "; ".join(choices.values()) or "no stand"
    who = namer.model(target)
    who = "a stand not in the game" if who == target else who  # never its id
    return (f"the debris cannot be chosen to fall on {who}: it is not inside "
            f"{namer.piece(piece_id)} (inside: {inside})")


def debris_lines(scenario: Scenario, criticals: Sequence[epic40k.CriticalOutcome],
                 target: str | None) -> list[str]:
    """Name the stand each row 10 of ``criticals`` fell on, and whose choice it was."""
    namer = Namer.for_scenario(scenario, None)
    lines = []
    for critical in criticals:
        if critical.row.effect is not CriticalEffect.DEBRIS_FALLS:
            continue
        for hit in critical.hits:
            why = "the defender's choice" if hit.unit == target else "the first stand inside"
            faces = " then ".join(str(r.faces[0]) for r in hit.rolls)
            verdict = "destroyed" if hit.killed else "survives"
            lines.append(f"debris falls on {namer.model(hit.unit)} ({why}): needs "
                         f"{hit.needed}+, rolled {faces}: {verdict}")
    return lines


def _killed(outcome: epic40k.AssaultOutcome) -> set[str]:
    dead: set[str] = set()
    for critical in outcome.criticals:
        dead |= critical.killed
    for damage in [*outcome.damage, *(c.damage for c in outcome.criticals if c.damage)]:
        if damage.catastrophic and damage.catastrophic.collapse:
            dead |= damage.catastrophic.collapse.killed
    return dead


def _markers(outcome: epic40k.AssaultOutcome) -> dict[str, int]:
    total: dict[str, int] = {}
    for critical in outcome.criticals:
        for detachment, count in critical.blast_markers.items():
            total[detachment] = total.get(detachment, 0) + count
    return total


def _lines(scenario: Scenario, outcome: epic40k.AssaultOutcome,
           debris_target: str | None) -> list[str]:
    lines = [outcome.description]
    lines += [d.description for d in outcome.damage]
    for critical in outcome.criticals:
        lines += [critical.description, *debris_lines(scenario, [critical], debris_target)]
    return lines


def epic_assault(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                 piece_id: str, chosen: Sequence[str], dice: Dice,
                 debris_target: str | None = None) -> AssaultResult:
    """Resolve a close assault by the stands ``chosen`` (model ids) on ``piece_id``.

    ``debris_target`` is the defender's choice (a model id inside) for critical row 10; the
    first stand inside when ``None``. Raises :class:`AssaultError` (nothing changed) when a
    stand may not assault, is not in contact, the debris target is not inside, or a value the
    rules need is missing.
    """
    state = epic_building(scenario, library, piece_id)
    picked = _chosen(epic_stands(scenario, world, piece_id), chosen,
                     Namer.for_scenario(scenario, world))
    refusal = debris_refusal(scenario, world, piece_id, debris_target)
    if refusal:
        raise AssaultError(refusal)
    site = epic_site(scenario, world, piece_id)
    markers = _blast_markers(scenario, picked)
    try:
        outcome = epic40k.assault_building(state, [s.assaulter for s in picked], site, dice,
                                           markers, debris_target)
    except ValueError as error:
        raise AssaultError(str(error)) from None
    change = Change()
    piece = copy.deepcopy(scenario.piece(piece_id))
    write_back(piece, state, scenario.rule_system)
    change.pieces[piece_id] = piece
    lines = _lines(scenario, outcome, debris_target)
    lost = remove_models(scenario, change, sorted(_killed(outcome)))
    if lost:
        lines.append(f"destroyed: {', '.join(lost)}")
    for detachment, count in _markers(outcome).items():
        if detachment in change.units and change.units[detachment] is None:
            continue  # every stand of it was destroyed
        unit = unit_version(scenario, change, detachment)
        unit.stats["blast_markers"] = stat_int(unit, "blast_markers", default=0) + count
        lines.append(f"{unit.name} {says(unit.name, 'gains', 'gain')} {count} blast "
                     f"marker{'s' * (count > 1)}")
    if not state.standing:
        lines += _out_of_ruins(scenario, change, piece_id)
    name = ", ".join(dict.fromkeys(s.unit_name for s in picked))
    shown = world.piece(piece_id).sheet.name if piece_id in world.pieces else piece_id
    title = f"Epic close assault on {shown} by {name}"
    names = Namer.for_scenario(scenario, world)  # the rules write the ids they were handed
    lines = [names.say(line) for line in lines]
    change.log.append(log_entry(f"{title}: " + "; ".join(lines), dice, names))
    return AssaultResult(change, [title, *lines])


def _out_of_ruins(scenario: Scenario, change: Change, piece_id: str) -> list[str]:
    """Survivors inside a building fallen to ruins stand where they were kept, in the rubble."""
    lines = []
    for unit in scenario.units_in(piece_id):
        if change.units.get(unit.id, unit) is None:
            continue
        survivor = unit_version(scenario, change, unit.id)
        survivor.embarked_in = None
        lines.append(f"{survivor.name} survives in the ruins and is placed on the table")
    return lines
