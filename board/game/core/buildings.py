"""A terrain piece's rules object for the scenario's rule system, read from the document.

What the rules object is, and how it is written back, each rule system says in its folder
(``board/game/systems/<system>/building.py``, through
:func:`board.game.systems.buildings.reader_for`): a :class:`rules.wh40k.Building` in Warhammer
40,000 and the Horus Heresy, a :class:`rules.epic40k.BuildingState` in Epic 40,000, a
:class:`~board.game.systems.fantasy.facts.FantasyBuilding` in Warhammer Fantasy.

The document says who is inside (``Unit.embarked_in``); the rules object is brought in step
with it when read, and :func:`state_of` gives back the plain ``state`` and the piece's
``claimed_by`` to write (a 40K building's claim; the side holding a Fantasy building).
Pieces that are not buildings of the scenario's system (ruins, craters, area terrain, a
datasheet for another system) have no rules object.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from board.document.datasheet import Datasheet, TerrainKind
from board.document.model import RuleSystem, Scenario, TerrainPiece
from board.game.core.names import Namer, fire_point_name
from board.game.systems.buildings import BuildingRules, reader_for, reader_of
from board.game.systems.facts import facts_for

__all__ = [
    "BuildingStateError",
    "sheet_of",
    "player_names",
    "PlayerNames",
    "building_rules",
    "state_of",
    "write_back",
]


class BuildingStateError(ValueError):
    """A piece's saved ``state`` the rules cannot read (the message names the piece)."""


def sheet_of(scenario: Scenario, library: Mapping[str, Datasheet],
             piece: TerrainPiece) -> Datasheet:
    """Return the datasheet of ``piece`` (the scenario's own datasheets first)."""
    for sheet in scenario.custom_datasheets:
        if sheet.id == piece.datasheet:
            return sheet
    try:
        return library[piece.datasheet]
    except KeyError:
        raise KeyError(f"piece {piece.id!r} names unknown datasheet {piece.datasheet!r}") from None


def _is_building(sheet: Datasheet, system: RuleSystem) -> bool:
    if sheet.kind is not TerrainKind.BUILDING or system.value not in sheet.systems:
        return False
    return facts_for(system).is_building(sheet)


def player_names(scenario: Scenario, sheet: Datasheet) -> dict[str, str]:
    """What the players call the sides, units, models and ``sheet``'s weapons, by id.

    The 40K rules name things through it (:attr:`rules.wh40k.Building.names`).
    """
    namer = Namer({u.id: u for u in scenario.units}, {})
    names = {s.id: s.name for s in scenario.sides}
    for unit in scenario.units:
        names[unit.id] = unit.name
        names.update((m.id, namer.model(m.id)) for m in unit.models)
    names.update((w.id, Namer.sheet_mount(sheet, w.id)) for w in sheet.emplaced_weapons)
    names.update((f.id, fire_point_name(sheet, f.id)) for f in sheet.fire_points)
    return names


class PlayerNames(Mapping[str, str]):
    """:func:`player_names`, worked out the first time a text asks for a name.

    Most questions put to a building's rules (sight, odds, the dock) build no text.
    """

    def __init__(self, scenario: Scenario, sheet: Datasheet) -> None:
        self._scenario, self._sheet = scenario, sheet
        self._names: dict[str, str] | None = None

    def _all(self) -> dict[str, str]:
        if self._names is None:
            self._names = player_names(self._scenario, self._sheet)
        return self._names

    def __getitem__(self, key: str) -> str:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def building_rules(scenario: Scenario, library: Mapping[str, Datasheet],
                   piece: TerrainPiece) -> BuildingRules | None:
    """Return the rules object of ``piece`` under the scenario's rule system, or ``None``.

    Raises :class:`BuildingStateError` naming the piece when its saved state is bad.

    Examples
    --------
    >>> from board.document.io import default_library
    >>> scenario = Scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10, 10)])
    >>> building = building_rules(scenario, default_library(), scenario.terrain[0])
    >>> building.armour("front"), building.hull_points, building.profile.transport_capacity
    (14, 4, 20)
    """
    sheet = sheet_of(scenario, library, piece)
    system = scenario.rule_system
    if not _is_building(sheet, system):
        return None
    try:
        return reader_for(system).read_building(scenario, sheet, piece,
                                               PlayerNames(scenario, sheet))
    except (ValueError, KeyError, TypeError) as error:
        raise BuildingStateError(f"piece {piece.id!r}: bad building state: {error}") from None


def state_of(rules_object: BuildingRules, claimed_by: str | None,
             system: RuleSystem | None = None) -> tuple[dict[str, Any], str | None]:
    """Return the plain ``state`` and the ``claimed_by`` to save for a rules object.

    ``claimed_by`` is the piece's current claim, kept where the rule system has no claim of
    its own (Epic 40,000). ``system``'s folder's reader saves it (a copied folder's own); with
    none given, the first reader whose rules type it is.
    """
    reader = reader_for(system) if system is not None else reader_of(rules_object)
    return reader.saved_state(rules_object, claimed_by)


def write_back(piece: TerrainPiece, rules_object: BuildingRules,
               system: RuleSystem | None = None) -> None:
    """Store the rules object's state in ``piece`` (by ``system``'s reader) and its claim."""
    piece.state, piece.claimed_by = state_of(rules_object, piece.claimed_by, system)
