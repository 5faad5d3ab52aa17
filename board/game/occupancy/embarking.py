"""Embarking: a unit on the table goes into a building, as the scenario's rules say.

The rules decide (:mod:`rules`), geometry supplies the facts, and a success is one
:class:`~board.document.changes.Change`: the unit (and the independent characters joined to it)
marked inside the piece, the piece's rules state and claim brought up to date, and a log line.
A refusal changes nothing and says why with the numbers.

- Warhammer 40,000 and Horus Heresy: :func:`rules.wh40k.can_embark` with geometry's reach
  (every model within 2" of an access point, the battlements counting as one; seed 000).
- Epic 40,000: only infantry may enter (:func:`rules.epic40k.may_enter`), a standing building,
  a model in base contact with it.
- Warhammer Fantasy: the garrison rules (:func:`rules.warhammer_fantasy.may_garrison`, or
  :func:`~rules.warhammer_fantasy.may_join` for a character joining the garrison), a model in
  base contact with the building.

The positions checked are the document's: a unit moves up to the building first, then goes in.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import LogEntry, Scenario, TerrainPiece, TroopType, Unit
from board.game.core.buildings import (
    BuildingRules,
    FantasyBuilding,
    building_rules,
    sheet_of,
    write_back,
)
from board.game.core.clock import TurnError, clock_of
from board.game.core.names import Namer
from board.game.core.world import World
from geometry import check_embark, distance, format_distance
from rules import epic40k, warhammer_fantasy, wh40k
from rules.decision import Decision
from rules.wh40k.embark import EMBARK_REACH

__all__ = [
    "BASE_CONTACT",
    "EMBARKED_ON",
    "DISEMBARKED_ON",
    "EmbarkAttempt",
    "boarding_party",
    "unit_facts",
    "turn_mark",
    "try_embark",
    "ADJACENT",
    "adjacent_parts",
    "try_move_between_parts",
]

#: Inches: a base this close to a footprint counts as in base contact with it (the board's
#: stand-in for a hand pushing a model against a wall).
BASE_CONTACT = 0.1
#: ``Unit.stats`` keys where the board notes the player turn (``[game turn, side]``) a unit
#: last went into and came out of a building: 40K units may not do both in one turn.
EMBARKED_ON, DISEMBARKED_ON = "embarked_on", "disembarked_on"


@dataclass(frozen=True)
class EmbarkAttempt:
    """The rules' decision and, when allowed, the change that carries it out."""

    decision: Decision
    change: Change | None = None

    @property
    def allowed(self) -> bool:
        """Whether the unit may go in."""
        return self.decision.allowed


def boarding_party(scenario: Scenario, unit_id: str) -> list[Unit]:
    """The unit first, then the independent characters on the table joined to it."""
    unit = scenario.unit(unit_id)
    joined = [u for u in scenario.units
              if u.joined_to == unit.id and u.on_table and u.id != unit.id]
    return [unit, *joined]


def unit_facts(unit: Unit) -> wh40k.UnitFacts:
    """The facts the 40K building rules need about a unit."""
    return wh40k.UnitFacts(unit.id, unit.side, tuple(m.id for m in unit.models),
                           int(unit.stats.get("leadership", 8)), unit.troop_type.value,
                           unit.joined_to)


def turn_mark(scenario: Scenario) -> list[Any] | None:
    """The player turn now as ``[game turn, side]`` (None when the scenario has no clock)."""
    try:
        clock = clock_of(scenario)
    except TurnError:
        return None
    return [clock.game_turn, clock.active]


def _names(units: Sequence[Unit]) -> str:
    return ", ".join(u.name for u in units)


def _out_of_reach(world: World, party: Sequence[Unit], piece_id: str) -> tuple[int, str]:
    """How many models are not within 2" of an access point (or the battlements), and who."""
    shapes = world.piece(piece_id)
    access: list[BaseGeometry] = [Point(p.x, p.y) for p in shapes.access_points]
    if shapes.battlements is not None:
        access.append(shapes.battlements)
    models = [m for u in party for m in world.unit_models(u.id)]
    check = check_embark(models, access, EMBARK_REACH)
    failing = check.failing
    namer = Namer(world.units, world.pieces)
    shown = "; ".join(f"{namer.model(v.model_id)} {format_distance(v.distance)}"
                      for v in failing[:4])
    more = f" and {len(failing) - 4} more" if len(failing) > 4 else ""
    return len(failing), (f" (nearest access: {shown}{more})" if failing else "")


def _contact(world: World, party: Sequence[Unit], piece_id: str) -> Decision:
    """Whether a model of the party is in base contact with the piece's footprint."""
    footprint = world.piece(piece_id).footprint
    gaps = [distance(shape, footprint) for u in party for _, shape in world.unit_models(u.id)]
    if not gaps:
        return Decision.no("cannot enter: the unit has no models on the table")
    nearest = min(gaps)
    if nearest <= BASE_CONTACT:
        return Decision.yes()
    unit = "cm" if world.rule_system.uses_cm else "in"
    return Decision.no(f"cannot enter: no model is in base contact with "
                       f"{_piece_name(world, piece_id)} "
                       f"(nearest {format_distance(nearest, unit=unit)} away, contact is "
                       f"{format_distance(BASE_CONTACT, unit=unit)} or less)")


def _piece_name(world: World, piece_id: str) -> str:
    """The piece's datasheet name (its id when it is not on the table)."""
    piece = world.pieces.get(piece_id)
    return piece.sheet.name if piece is not None else piece_id


def _wh40k(world: World, building: wh40k.Building, party: list[Unit],
           inside: list[Unit], mark: list[Any] | None) -> Decision:
    out, who = _out_of_reach(world, party, building.id)
    came_out = mark is not None and any(u.stats.get(DISEMBARKED_ON) == mark for u in party)
    decision, _claim = wh40k.embark(building, [unit_facts(u) for u in party], out,
                                    [unit_facts(u) for u in inside], came_out)
    if not decision.allowed and out and "within" in decision.reason:
        return Decision.no(decision.reason + who)
    return decision


def _epic(world: World, state: epic40k.BuildingState, party: list[Unit],
          piece_id: str) -> Decision:
    for unit in party:
        decision = epic40k.may_enter(unit.troop_type.value)
        if not decision:
            return Decision.no(f"cannot enter: {unit.name}: {decision.reason}")
    if not state.standing:
        return Decision.no(f"cannot enter: {_piece_name(world, piece_id)} is "
                           f"{state.condition.value}")
    contact = _contact(world, party, piece_id)
    if not contact:
        return contact
    return Decision.yes(f"{_names(party)} enter {_piece_name(world, piece_id)}")


def _fantasy(world: World, scenario: Scenario, building: FantasyBuilding, party: list[Unit],
             piece_id: str) -> Decision:
    unit = party[0]
    if unit.troop_type is TroopType.CHARACTER and building.garrison is not None:
        decision = warhammer_fantasy.may_join(unit.side, building.garrison, True)
    else:
        decision = warhammer_fantasy.may_garrison(
            unit.troop_type.value, occupied=building.garrison is not None,
            marched=bool(unit.stats.get("marched", False)),
            reformed=bool(unit.stats.get("reformed", False)))
    if not decision:
        return Decision.no(f"cannot garrison {_piece_name(world, piece_id)}: {decision.reason}")
    contact = _contact(world, party, piece_id)
    if not contact:
        return contact
    if building.garrison is None:
        mark = turn_mark(scenario)
        building.garrison = warhammer_fantasy.GarrisonState(
            unit.id, unit.side, int(mark[0]) if mark else 0, name=unit.name)
    else:
        building.garrison.characters.extend(u.id for u in party)
    return Decision.yes(f"{_names(party)} garrison {_piece_name(world, piece_id)}")


def _decide(world: World, scenario: Scenario, rules_object: BuildingRules, party: list[Unit],
            piece: TerrainPiece) -> Decision:
    if isinstance(rules_object, wh40k.Building):
        inside = scenario.units_in(piece.id)
        return _wh40k(world, rules_object, party, inside, turn_mark(scenario))
    if isinstance(rules_object, FantasyBuilding):
        return _fantasy(world, scenario, rules_object, party, piece.id)
    return _epic(world, rules_object, party, piece.id)


def _change(scenario: Scenario, rules_object: BuildingRules, party: list[Unit],
            piece: TerrainPiece, decision: Decision, piece_name: str) -> Change:
    """The embarkation as one change; its log line names the building and the side."""
    units: dict[str, Unit | None] = {}
    mark = turn_mark(scenario)
    for unit in party:
        inside = copy.deepcopy(unit)
        inside.embarked_in = piece.id
        if mark is not None:
            inside.stats[EMBARKED_ON] = list(mark)
        units[unit.id] = inside
    new_piece = copy.deepcopy(piece)
    write_back(new_piece, rules_object)
    count = sum(len(u.models) for u in party)
    claim = ""
    if new_piece.claimed_by != piece.claimed_by:
        sides = {s.id: s.name for s in scenario.sides}
        holder = sides.get(new_piece.claimed_by, new_piece.claimed_by) \
            if new_piece.claimed_by else "nobody"
        claim = f"; now claimed by {holder}"
    text = (f"{_names(party)} ({count} model{'s' if count != 1 else ''}) embark in {piece_name}"
            f"{claim}: {decision.reason}")
    return Change(units=units, pieces={piece.id: new_piece}, log=[LogEntry(text)])


def try_embark(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
               unit_id: str, piece_id: str) -> EmbarkAttempt:
    """Ask the rules whether ``unit_id`` may go into ``piece_id`` now; build the change if so.

    ``world`` must be the world of ``scenario`` as it is (``scene.world()``).

    Examples
    --------
    >>> from board.document.io import default_library
    >>> from board.document.model import Base, Model
    >>> from board.game.core.world import WorldCache
    >>> library = default_library()
    >>> squad = Unit("s", "Squad", "red", TroopType.INFANTRY,
    ...              [Model(f"m{i}", Base.round_mm(32), 9 + i, 5.5) for i in range(3)])
    >>> scenario = Scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10, 10)],
    ...                     units=[squad])
    >>> attempt = try_embark(scenario, library, WorldCache(library).world_for(scenario), "s", "b")
    >>> attempt.allowed, attempt.change.units["s"].embarked_in
    (True, 'b')
    >>> attempt.change.pieces["b"].claimed_by
    'red'
    """
    unit = scenario.unit(unit_id)
    piece = scenario.piece(piece_id)
    if not unit.on_table:
        inside = _piece_name(world, unit.embarked_in or "")
        return EmbarkAttempt(Decision.no(f"cannot embark: {unit.name} is already inside "
                                         f"{inside}"))
    sheet = sheet_of(scenario, library, piece)
    rules_object = building_rules(scenario, library, piece)
    if rules_object is None:
        system = scenario.rule_system.label
        return EmbarkAttempt(Decision.no(f"cannot embark: {sheet.name} is not a "
                                         f"building a unit can enter in {system}"))
    party = boarding_party(scenario, unit_id)
    decision = _decide(world, scenario, rules_object, party, piece)
    if not decision:
        return EmbarkAttempt(decision)
    return EmbarkAttempt(decision, _change(scenario, rules_object, party, piece, decision,
                                           sheet.name))


#: Inches: parts of a multi-part building this close count as adjacent (they touch).
ADJACENT = 0.01


def adjacent_parts(scenario: Scenario, world: World, piece_id: str) -> list[str]:
    """The other parts of ``piece_id``'s multi-part building that touch it."""
    piece = scenario.piece(piece_id)
    if piece.group is None or piece_id not in world.pieces:
        return []
    footprint = world.piece(piece_id).footprint
    return [p.id for p in scenario.terrain
            if p.group == piece.group and p.id != piece_id and p.id in world.pieces
            and footprint.distance(world.piece(p.id).footprint) <= ADJACENT]


def try_move_between_parts(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                           unit_id: str, target_id: str) -> EmbarkAttempt:
    """Move a unit inside one part of a multi-part 40K building into an adjacent part.

    Seed 000: it takes the unit's whole move, the part must be unoccupied and take the
    models; entering claims it. Both parts' states and the unit change in one change.
    """
    unit = scenario.unit(unit_id)
    if unit.embarked_in is None:
        return EmbarkAttempt(Decision.no(f"cannot move: {unit.name} is not inside a building"))
    source_piece, target_piece = scenario.piece(unit.embarked_in), scenario.piece(target_id)
    source = building_rules(scenario, library, source_piece)
    target = building_rules(scenario, library, target_piece)
    if not isinstance(source, wh40k.Building) or not isinstance(target, wh40k.Building):
        return EmbarkAttempt(Decision.no("cannot move: moving between the parts of a building "
                                         "is a Warhammer 40,000 and Horus Heresy rule"))
    party = [unit, *(u for u in scenario.units_in(source_piece.id)
                     if u.joined_to == unit.id and u.id != unit.id)]
    adjacent = target_id in adjacent_parts(scenario, world, source_piece.id)
    decision, _claim = wh40k.move_between_parts(source, target, [unit_facts(u) for u in party],
                                                adjacent)
    if not decision:
        return EmbarkAttempt(decision)
    units: dict[str, Unit | None] = {}
    for member in party:
        moved = copy.deepcopy(member)
        moved.embarked_in = target_id
        units[member.id] = moved
    pieces: dict[str, TerrainPiece | None] = {}
    for piece, rules_object in ((source_piece, source), (target_piece, target)):
        new_piece = copy.deepcopy(piece)
        write_back(new_piece, rules_object)
        pieces[piece.id] = new_piece
    names = {p: world.piece(p).sheet.name if p in world.pieces else p
             for p in (source_piece.id, target_id)}
    text = (f"{_names(party)} move from {names[source_piece.id]} into {names[target_id]}: "
            f"{decision.reason}")
    return EmbarkAttempt(decision, Change(units=units, pieces=pieces, log=[LogEntry(text)]))
