"""Getting into and out of a 40K building (seed 000, RULES.md §1 "In and out", §4 decisions).

Embarking: every model within 2" of an access point (a geometry fact: how many are not;
battlements count as an access point); one
unit of infantry (jump and jet-pack infantry included) plus the independent characters joined to
it; capacity counted in models; impassable and destroyed buildings cannot be entered. Moving
into an adjacent, unoccupied part of a multi-part building takes the unit's whole move and obeys
the capacity rules (it still counts as moving and may shoot: 000 decision 12).

Disembarking: a unit that began the Movement phase inside and did not embark this turn; each
model ends wholly within 6" of the access point (3" in the turn after a Tremor, 000 decision 6);
an emergency disembarkation (placed touching the footprint, 000 decision 9) forbids any
voluntary action for the rest of the turn; units leaving by an access point may still charge
(Repel the Enemy), except by an escape hatch: "the unit can't assault out of one" (seed 000
FAQ).

>>> from rules.wh40k.profile import BuildingProfile
>>> from rules.wh40k.effects import UnitFacts
>>> profile = BuildingProfile.from_values("b1", 14, "medium", access_points=("door",),
...                                       name="Imperial Bastion")
>>> bastion = Building(profile, names={"tactical": "Tactical Squad Cato"})
>>> squad = UnitFacts("tactical", "red", tuple(f"m{i}" for i in range(22)))
>>> can_embark(bastion, [squad], models_out_of_reach=0).reason
'cannot embark: Imperial Bastion holds 20 models, Tactical Squad Cato has 22'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.atomic import atomic
from rules.decision import Decision
from rules.wh40k.battlements import may_charge_after_exit
from rules.wh40k.building import Building
from rules.wh40k.claiming import ClaimChange, claim_on_entering
from rules.wh40k.effects import UnitFacts
from rules.wh40k.tables import Affected
from rules.words import counted

__all__ = [
    "EMBARK_REACH",
    "DISEMBARK_DISTANCE",
    "EMBARKING_TROOP_TYPES",
    "can_embark",
    "embark",
    "can_disembark",
    "disembark_distance",
    "DisembarkOutcome",
    "disembark",
    "can_move_between_parts",
    "move_between_parts",
]

#: Every model must be within this many inches of an access point to embark.
EMBARK_REACH = 2.0
#: A disembarking model ends wholly within this many inches of the access point.
DISEMBARK_DISTANCE = 6.0
#: The troop types that may occupy a building.
EMBARKING_TROOP_TYPES = frozenset(
    {"infantry", "jump_infantry", "jet_pack_infantry", "independent_character"}
)


def _model_count(units: Sequence[UnitFacts]) -> int:
    return sum(len(u.models) for u in units)


def _names(building: Building, units: Sequence[UnitFacts] | Sequence[str]) -> str:
    """The units as the players call them (the building's ``names``)."""
    return building.name_of(u if isinstance(u, str) else u.id for u in units)


def _building_refuses(building: Building, verb: str) -> Decision:
    if building.destroyed:
        return Decision.no(f"cannot {verb}: {building.name} is {building.state.condition.value}")
    if building.profile.impassable:
        why = "is impassable (its battlements may be used)"
        return Decision.no(f"cannot {verb}: {building.name} {why}")
    for effect in building.barred("no_embark"):
        return Decision.no(f"cannot {verb}: {effect.describe(building.names)}")
    return Decision.yes()


def _group_refuses(building: Building, units: Sequence[UnitFacts]) -> Decision:
    if not units:
        return Decision.no("cannot embark: no unit given")
    for unit in units:
        if unit.troop_type not in EMBARKING_TROOP_TYPES:
            kind = unit.troop_type.replace("_", " ")
            return Decision.no(
                f"cannot embark: {building.name_of(unit.id)}: troop type {kind}; only infantry "
                "(jump and jet-pack infantry too) and independent characters may enter a building"
            )
    leader, others = units[0], units[1:]
    for unit in others:
        if unit.troop_type != "independent_character" or unit.joined_to != leader.id:
            return Decision.no(
                f"cannot embark: {building.name_of(unit.id)} is not an independent character "
                f"joined to {building.name_of(leader.id)}; "
                "only one unit plus its joined characters may occupy a building"
            )
    return Decision.yes()


def _occupancy_refuses(
    building: Building, units: Sequence[UnitFacts], inside: Sequence[UnitFacts]
) -> Decision:
    state = building.state
    if state.occupants:
        joining = all(u.troop_type == "independent_character" for u in units)
        if not (joining and units[0].side == state.occupying_side):
            return Decision.no(
                f"cannot embark: {building.name} is already occupied by "
                f"{_names(building, state.occupants)}; "
                "only one unit plus its joined independent characters may occupy a building"
            )
    inside_models = _model_count(inside)
    entering = _model_count(units)
    capacity = building.profile.transport_capacity
    if inside_models + entering > capacity:
        already = f" with {inside_models} inside" if inside_models else ""
        return Decision.no(
            f"cannot embark: {building.name} holds {counted(capacity, 'model')}, "
            f"{_names(building, units)} {'has' if len(units) == 1 else 'have'} "
            f"{entering}{already}"
        )
    return Decision.yes()


def can_embark(
    building: Building,
    units: Sequence[UnitFacts],
    models_out_of_reach: int,
    inside: Sequence[UnitFacts] = (),
    disembarked_this_turn: bool = False,
) -> Decision:
    """Whether ``units`` may enter ``building`` now.

    Parameters
    ----------
    building
        The building (one part of a multi-part building).
    units
        The embarking unit first, then the independent characters joined to it.
    models_out_of_reach
        The geometry fact: how many of their models are not within 2" of an access point.
    inside
        The facts of the units already inside (for capacity).
    disembarked_this_turn
        Whether the unit got out of something this turn.

    Returns
    -------
    Decision
        Allowed, or refused with the reason and the numbers.
    """
    for check in (
        _building_refuses(building, "embark"),
        _group_refuses(building, units),
    ):
        if not check:
            return check
    if not building.profile.access_points and not building.profile.battlements:
        return Decision.no(f"cannot embark: {building.name} has no access point or battlements")
    if disembarked_this_turn:
        return Decision.no("cannot embark: the unit disembarked this turn")
    occupancy = _occupancy_refuses(building, units, inside)
    if not occupancy:
        return occupancy
    if models_out_of_reach > 0:
        return Decision.no(
            f"cannot embark: {models_out_of_reach} of {counted(_model_count(units), 'model')} "
            f"{'is' if models_out_of_reach == 1 else 'are'} not "
            f'within {EMBARK_REACH:g}" of an access point'
        )
    total = _model_count(units) + _model_count(inside)
    return Decision.yes(
        f"{_names(building, units)} may embark: {total} of "
        f"{building.profile.transport_capacity} places"
    )


@atomic("building")
def embark(
    building: Building,
    units: Sequence[UnitFacts],
    models_out_of_reach: int,
    inside: Sequence[UnitFacts] = (),
    disembarked_this_turn: bool = False,
) -> tuple[Decision, ClaimChange | None]:
    """Embark ``units`` if allowed: they become the occupants and claim the building."""
    decision = can_embark(building, units, models_out_of_reach, inside, disembarked_this_turn)
    if not decision:
        return decision, None
    building.state.occupants.extend(u.id for u in units)
    building.state.occupying_side = units[0].side
    return decision, claim_on_entering(building, units[0].side)


def can_disembark(
    building: Building,
    unit_id: str,
    embarked_this_turn: bool = False,
    began_movement_inside: bool = True,
    onto_battlements: bool = False,
) -> Decision:
    """Whether the occupying unit ``unit_id`` may leave now (by an access point or battlements)."""
    if unit_id not in building.state.occupants:
        who = building.name_of(unit_id)
        return Decision.no(f"cannot disembark: {who} is not inside {building.name}")
    if embarked_this_turn or not began_movement_inside:
        return Decision.no("cannot disembark: the unit did not begin the Movement phase inside")
    for effect in building.barred("no_disembark"):
        return Decision.no(f"cannot disembark: {effect.describe(building.names)}")
    if onto_battlements and not building.profile.battlements:
        return Decision.no(f"cannot disembark onto battlements: {building.name} has none")
    if onto_battlements and building.destroyed:
        return Decision.no("cannot disembark onto the battlements of a destroyed building")
    distance = disembark_distance(building, unit_id)
    return Decision.yes(f"{building.name_of(unit_id)} may disembark up to {distance:g}\"")


def disembark_distance(building: Building, unit_id: str) -> float:
    """How far the unit's models may end from the access point (3" after a Tremor)."""
    limits = [
        e.distance for e in building.effects_on("exit_limit", Affected.OCCUPANTS, unit_id)
        if e.distance is not None
    ]
    return min([DISEMBARK_DISTANCE, *limits])


@dataclass(frozen=True)
class DisembarkOutcome:
    """A disembarkation: allowed or not, how far, and what the unit may do afterwards."""

    decision: Decision
    max_distance: float = DISEMBARK_DISTANCE
    emergency: bool = False
    may_charge: bool = False
    no_voluntary_actions: bool = False


@atomic("building")
def disembark(
    building: Building,
    unit_ids: Sequence[str],
    emergency: bool = False,
    embarked_this_turn: bool = False,
    onto_battlements: bool = False,
    escape_hatch: bool = False,
) -> DisembarkOutcome:
    """Take ``unit_ids`` (the unit and characters leaving with it) out of the building.

    ``emergency`` is the geometry fact that a normal exit is blocked (enemies within 1" or
    impassable terrain): the models are placed touching the footprint instead.
    ``escape_hatch``: the unit came out by an escape hatch (seed 000 FAQ: "the unit can't
    assault out of one"), so it may not charge this turn.

    >>> from rules.wh40k.profile import BuildingProfile
    >>> profile = BuildingProfile.from_values("b", 14, "medium", name="Imperial Bastion",
    ...     access_points=("door", "hatch"), escape_hatches=("hatch",))
    >>> bastion = Building(profile, names={"s": "Squad"})
    >>> bastion.state.occupants = ["s"]
    >>> out = disembark(bastion, ["s"], escape_hatch=True)
    >>> out.may_charge, out.decision.reason.split(": ")[1].removesuffix(" (the escape hatch rule)")
    (False, 'a unit that came out of an escape hatch cannot charge this turn')
    """
    for unit_id in unit_ids:
        decision = can_disembark(building, unit_id, embarked_this_turn, True, onto_battlements)
        if not decision:
            return DisembarkOutcome(decision)
    state = building.state
    state.occupants = [u for u in state.occupants if u not in unit_ids]
    if onto_battlements:
        state.on_battlements.extend(unit_ids)
    if not state.occupants:
        state.occupying_side = None
    distance = min(disembark_distance(building, u) for u in unit_ids)
    charge = may_charge_after_exit(escape_hatch and not emergency)
    if emergency:
        how = "emergency disembarkation: no voluntary actions this turn"
    elif escape_hatch:
        how = f"by the escape hatch: {charge.reason}"
    else:
        how = "by an access point: may still charge (Repel the Enemy)"
    who = _names(building, unit_ids)
    decision = Decision.yes(f"{who} disembark up to {distance:g}\", {how}")
    return DisembarkOutcome(decision, distance, emergency, charge.allowed and not emergency,
                            emergency)


def can_move_between_parts(
    source: Building,
    target: Building,
    units: Sequence[UnitFacts],
    adjacent: bool,
    inside_target: Sequence[UnitFacts] = (),
) -> Decision:
    """Whether ``units`` inside ``source`` may move into the part ``target``."""
    ids = [u.id for u in units]
    if not ids or any(u not in source.state.occupants for u in ids):
        return Decision.no(f"cannot move: {_names(source, ids)} are not all inside "
                           f"{source.name}")
    if not adjacent:
        return Decision.no(f"cannot move: {target.name} is not adjacent to {source.name}")
    for effect in source.barred("no_disembark"):
        return Decision.no(f"cannot move out of {source.name}: {effect.describe(source.names)}")
    refusal = _building_refuses(target, "move in")
    if not refusal:
        return refusal
    if target.state.occupants:
        return Decision.no(
            f"cannot move: {target.name} is occupied by "
            f"{_names(target, target.state.occupants)}; "
            "only an unoccupied part may be entered"
        )
    occupancy = _occupancy_refuses(target, units, inside_target)
    if not occupancy:
        return Decision.no(occupancy.reason.replace("cannot embark", "cannot move"))
    return Decision.yes(f"{_names(source, ids)} move into {target.name}: this takes their "
                        "whole move")


@atomic("source", "target")
def move_between_parts(
    source: Building,
    target: Building,
    units: Sequence[UnitFacts],
    adjacent: bool,
) -> tuple[Decision, ClaimChange | None]:
    """Move ``units`` into the adjacent part ``target``; entering it claims it."""
    decision = can_move_between_parts(source, target, units, adjacent)
    if not decision:
        return decision, None
    ids = [u.id for u in units]
    source.state.occupants = [u for u in source.state.occupants if u not in ids]
    if not source.state.occupants:
        source.state.occupying_side = None
    target.state.occupants.extend(ids)
    target.state.occupying_side = units[0].side
    return decision, claim_on_entering(target, units[0].side)
