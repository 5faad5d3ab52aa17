"""Embarking: a unit on the table goes into a building, as the scenario's rules say.

The rules decide (:mod:`rules`), geometry supplies the facts, and a success is one
:class:`~board.document.changes.Change`: the unit (and the independent characters joined to it)
marked inside the piece, the piece's rules state and claim brought up to date, and a log line.
A refusal changes nothing and says why with the numbers.

Each rule system decides in its folder
(:meth:`~board.game.systems.protocol.GameSystem.embark_decision`):

- Warhammer 40,000 and Horus Heresy: :func:`rules.wh40k.can_embark` with geometry's reach
  (every model within 2" of an access point, the battlements counting as one; seed 000);
  moving between the parts of a multi-part building (:func:`try_move_between_parts`, which
  asks :meth:`~board.game.systems.protocol.GameSystem.move_between_parts`).
- Epic 40,000: only infantry may enter (:func:`rules.epic40k.may_enter`), a standing building,
  a model in base contact with it.
- Warhammer Fantasy: the garrison rules (:func:`rules.warhammer_fantasy.may_garrison`, or
  :func:`~rules.warhammer_fantasy.may_join` for a character joining the garrison), a model in
  base contact with the building.

The positions checked are the document's: a unit moves up to the building first, then goes in.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import LogEntry, Scenario, TerrainPiece, Unit
from board.game.core.buildings import building_rules, sheet_of, write_back
from board.game.core.names import member_word
from board.game.core.world import World
from board.game.occupancy.common import (
    BASE_CONTACT,
    DISEMBARKED_ON,
    EMBARKED_ON,
    EmbarkAttempt,
    boarding_party,
    party_names,
    piece_name,
    turn_mark,
)
from board.game.systems.buildings import BuildingRules
from board.game.systems.registry import system_for, system_of
from rules.decision import Decision
from rules.words import counted, says

__all__ = [
    "BASE_CONTACT",
    "EMBARKED_ON",
    "DISEMBARKED_ON",
    "EmbarkAttempt",
    "boarding_party",
    "turn_mark",
    "try_embark",
    "try_move_between_parts",
]


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
    write_back(new_piece, rules_object, scenario.rule_system)
    count = sum(len(u.models) for u in party)
    claim = ""
    if new_piece.claimed_by != piece.claimed_by:
        sides = {s.id: s.name for s in scenario.sides}
        holder = sides.get(new_piece.claimed_by, new_piece.claimed_by) \
            if new_piece.claimed_by else "nobody"
        claim = f"; now claimed by {holder}"
    word = member_word(scenario.rule_system)  # "stand" in Epic 40,000
    text = (f"{party_names(party)} ({counted(count, word)}) embark in "
            f"{piece_name}{claim}: {decision.reason}")
    return Change(units=units, pieces={piece.id: new_piece}, log=[LogEntry(text)])


def try_embark(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
               unit_id: str, piece_id: str) -> EmbarkAttempt:
    """Ask the rules whether ``unit_id`` may go into ``piece_id`` now; build the change if so.

    ``world`` must be the world of ``scenario`` as it is (``scene.world()``).

    Examples
    --------
    >>> from board.document.io import default_library
    >>> from board.document.model import Base, Model, TroopType
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
        inside = piece_name(world, unit.embarked_in or "")
        are = says(unit.name, "is", "are")
        return EmbarkAttempt(Decision.no(f"cannot embark: {unit.name} {are} already inside "
                                         f"{inside}"))
    sheet = sheet_of(scenario, library, piece)
    rules_object = building_rules(scenario, library, piece)
    if rules_object is None:
        system = scenario.rule_system.label
        return EmbarkAttempt(Decision.no(f"cannot embark: {sheet.name} is not a "
                                         f"building a unit can enter in {system}"))
    party = boarding_party(scenario, unit_id)
    decision = system_of(rules_object).embark_decision(world, scenario, rules_object, party,
                                                       piece)
    if not decision:
        return EmbarkAttempt(decision)
    return EmbarkAttempt(decision, _change(scenario, rules_object, party, piece, decision,
                                           sheet.name))


def try_move_between_parts(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                           unit_id: str, target_id: str) -> EmbarkAttempt:
    """Move ``unit_id``, inside a part of a multi-part building, into the part ``target_id``.

    The scenario's rule system decides (seed 000: 40K and Horus Heresy; the others have no
    such move and say so); a yes is one change, a no changes nothing.
    """
    unit = scenario.unit(unit_id)
    if unit.embarked_in is None:
        are = says(unit.name, "is", "are")
        return EmbarkAttempt(Decision.no(f"cannot move: {unit.name} {are} not inside a building"))
    return system_for(scenario.rule_system).move_between_parts(scenario, library, world, unit,
                                                               unit.embarked_in, target_id)
