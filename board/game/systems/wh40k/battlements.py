"""Who stands on a building's battlements: read from where the models are, not remembered.

Seed 000: the battlements are a piece of terrain on top of the building. A unit gets there by
disembarking onto them (they count as an access point) or by moving onto them, and leaves by
moving off; what happens to the building reaches the units on them (a Total Collapse or a
Detonation hits each of them). A list kept in the building's state would go stale the moment
a player drags a unit off the roof, so the board asks the table instead.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import LogEntry, Scenario
from board.game.core.buildings import building_rules, write_back
from board.game.core.world import World
from board.game.measuring.rings import moved_world
from board.game.systems.wh40k.description import HORUS_HERESY, WH40K
from geometry import distance
from rules import wh40k
from rules.wh40k import battlements as wh40k_battlements

#: Base contact, inches (touching, allowing for float rounding).
CONTACT = 1e-6

__all__ = ["units_on_battlements", "battlement_claims", "battlement_moves",
           "gun_emplacement_control"]

_FORTY_K = {WH40K, HORUS_HERESY}


def units_on_battlements(world: World, piece_id: str) -> list[str]:
    """The units with a model standing wholly on ``piece_id``'s battlements, in table order.

    None for a piece without battlements (or not on the table).
    """
    up = world.on_battlements(list(world.models))
    return list(dict.fromkeys(world.models[m].unit_id for m, p in up.items() if p == piece_id))


def battlement_claims(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                      moved: Mapping[str, tuple[float, float]]) -> Change | None:
    """The claims made by models moved (``moved``: each model's shift, inches) onto battlements.

    Seed 000: a unit that moves onto the battlements of an unclaimed building that still
    stands claims it at once (re-claiming a building another side holds needs entering it).
    Returns the change (the pieces claimed and a log line each), or ``None`` when none is.
    """
    if not moved:
        return None
    unclaimed = {p.id for p in scenario.terrain if p.claimed_by is None}
    if not any(world.pieces[p].battlements is not None for p in unclaimed if p in world.pieces):
        return None
    up: dict[str, str] = {}  # piece id -> the first moved unit found standing on its roof
    after = moved_world(world, moved)
    for model_id, piece_id in after.on_battlements(list(moved)).items():
        if piece_id in unclaimed:
            up.setdefault(piece_id, after.models[model_id].unit_id)
    change = Change()
    for piece_id, unit_id in up.items():
        piece = scenario.piece(piece_id)
        building = building_rules(scenario, library, piece)
        if not isinstance(building, wh40k.Building):
            continue
        unit = scenario.unit(unit_id)
        claim = wh40k.claim_on_battlements(building, unit.side)
        if not claim.changed:
            continue
        claimed = copy.deepcopy(piece)
        write_back(claimed, building, scenario.rule_system)
        change.pieces[piece_id] = claimed
        change.log.append(LogEntry(f"{unit.name}: {claim.reason}"))
    return change if change.pieces else None


def battlement_moves(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                     moved: Mapping[str, tuple[float, float]]) -> list[LogEntry]:
    """The terrain test each unit moved onto, off or along battlements needs (seed 000).

    Battlements are difficult terrain: a unit moving on or off them tests as its type does
    (:func:`rules.wh40k.battlements.battlements_move`); Jump, Jet Pack, Jetbike and Skimmer
    units starting or ending there take no Dangerous Terrain test. The board does not roll the
    test (the players moved the models); it says which one the move needed, in the log.
    """
    if scenario.rule_system not in _FORTY_K or not moved:
        return []
    before = world.on_battlements(list(moved))
    after = moved_world(world, moved).on_battlements(list(moved))
    entries = []
    for unit_id in dict.fromkeys(world.models[m].unit_id for m in moved if m in world.models):
        ids = [m for m in moved if m in world.models and world.models[m].unit_id == unit_id]
        started, ended = any(m in before for m in ids), any(m in after for m in ids)
        if not (started or ended):
            continue
        unit = scenario.unit(unit_id)
        verdict = wh40k_battlements.battlements_move(unit.troop_type.value, started, ended)
        pieces = {p for m in ids for p in (before.get(m), after.get(m)) if p}
        where = ", ".join(sorted(_name(scenario, library, p) for p in pieces))
        entries.append(LogEntry(f"{unit.name} ({where}): {verdict.reason}"))
    return entries


def gun_emplacement_control(scenario: Scenario, world: World, piece_id: str) -> tuple[str, ...]:
    """The sides controlling a gun emplacement: every side with a model in base contact.

    Seed 000 FAQ: with models of both sides in base contact, both players control it.
    """
    footprint = world.pieces[piece_id].footprint
    sides = {scenario.unit(shape.unit_id).side for shape in world.models.values()
             if distance(shape.shape, footprint) <= CONTACT}
    return wh40k_battlements.gun_emplacement_controllers(sides)


def _name(scenario: Scenario, library: Mapping[str, Datasheet], piece_id: str) -> str:
    sheet = library.get(scenario.piece(piece_id).datasheet)
    return sheet.name if sheet is not None else piece_id
