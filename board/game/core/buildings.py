"""A terrain piece's rules object for the scenario's rule system, read from the document.

- Warhammer 40,000 and Horus Heresy: a :class:`rules.wh40k.Building` made by
  ``Building.from_dicts`` from the datasheet (its id set to the piece's) and
  ``TerrainPiece.state``.
- Epic 40,000: a :class:`rules.epic40k.BuildingState`; an empty ``state`` starts a fresh
  building of the datasheet's size and numbers.
- Warhammer Fantasy: a :class:`FantasyBuilding`: the floors and the
  :class:`rules.warhammer_fantasy.GarrisonState` kept as ``state["garrison"]``.

The document says who is inside (``Unit.embarked_in``); the rules object is brought in step
with it when read, and :func:`state_of` gives back the plain ``state`` and the piece's
``claimed_by`` to write (a 40K building's claim; the side holding a Fantasy building).
Pieces that are not buildings of the scenario's system (ruins, craters, area terrain, a
datasheet for another system) have no rules object.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from board.document.datasheet import Datasheet, TerrainKind
from board.document.datasheet_json import datasheet_to_dict
from board.document.model import RuleSystem, Scenario, TerrainPiece, TroopType
from board.game.core.names import Namer
from rules import epic40k, warhammer_fantasy, wh40k

__all__ = [
    "FantasyBuilding",
    "BuildingRules",
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


@dataclass
class FantasyBuilding:
    """A Warhammer Fantasy building in play: its floors and the garrison holding it, if any."""

    floors: int
    garrison: warhammer_fantasy.GarrisonState | None = None

    @property
    def line_of_sight(self) -> int:
        """The building's Line of Sight value (5 per floor, seed 002)."""
        return warhammer_fantasy.building_line_of_sight(self.floors)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values for ``TerrainPiece.state``."""
        return {"garrison": self.garrison.to_dict() if self.garrison else None}


BuildingRules = wh40k.Building | epic40k.BuildingState | FantasyBuilding


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
    if system is RuleSystem.EPIC40K:
        return sheet.size is not None
    if system is RuleSystem.WARHAMMER_FANTASY:
        return True
    return sheet.armour is not None


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


def _wh40k(scenario: Scenario, sheet: Datasheet, piece: TerrainPiece) -> wh40k.Building:
    data = datasheet_to_dict(sheet)
    data["id"] = piece.id
    building = wh40k.Building.from_dicts(data, piece.state, piece.claimed_by)
    building.names = PlayerNames(scenario, sheet)
    inside = scenario.units_in(piece.id)
    building.state.occupants = [u.id for u in inside]
    building.state.occupying_side = inside[0].side if inside else None
    return building


def _epic(sheet: Datasheet, piece: TerrainPiece) -> epic40k.BuildingState:
    if piece.state:
        return epic40k.BuildingState.from_dict(piece.state)
    assert sheet.size is not None
    return epic40k.BuildingState.new(epic40k.SizeClass(sheet.size.value), sheet.damage_capacity,
                                     sheet.assault_factor, sheet.epic_armour)


def _fantasy(scenario: Scenario, sheet: Datasheet, piece: TerrainPiece) -> FantasyBuilding:
    unknown = set(piece.state) - {"garrison"}
    if unknown:
        raise ValueError(f"unknown garrison state keys: {sorted(unknown)}")
    saved = piece.state.get("garrison")
    garrison = warhammer_fantasy.GarrisonState.from_dict(saved) if saved else None
    inside = scenario.units_in(piece.id)
    if not inside:
        return FantasyBuilding(sheet.floors, None)
    if garrison is None:  # put inside by the file alone: it went in before the first turn
        main = next((u for u in inside if u.troop_type is not TroopType.CHARACTER), inside[0])
        garrison = warhammer_fantasy.GarrisonState(main.id, main.side, 0)
    garrison.characters = [u.id for u in inside if u.id != garrison.unit]
    garrison.name = next((u.name for u in inside if u.id == garrison.unit), garrison.unit)
    return FantasyBuilding(sheet.floors, garrison)


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
        if system is RuleSystem.EPIC40K:
            return _epic(sheet, piece)
        if system is RuleSystem.WARHAMMER_FANTASY:
            return _fantasy(scenario, sheet, piece)
        return _wh40k(scenario, sheet, piece)
    except (ValueError, KeyError, TypeError) as error:
        raise BuildingStateError(f"piece {piece.id!r}: bad building state: {error}") from None


def state_of(rules_object: BuildingRules, claimed_by: str | None) -> tuple[dict[str, Any],
                                                                            str | None]:
    """Return the plain ``state`` and the ``claimed_by`` to save for a rules object.

    ``claimed_by`` is the piece's current claim, kept where the rule system has no claim of
    its own (Epic 40,000).
    """
    if isinstance(rules_object, wh40k.Building):
        return rules_object.state.to_dict(), rules_object.state.claimed_by
    if isinstance(rules_object, FantasyBuilding):
        holder = rules_object.garrison.side if rules_object.garrison else None
        return rules_object.to_dict(), holder
    return rules_object.to_dict(), claimed_by


def write_back(piece: TerrainPiece, rules_object: BuildingRules) -> None:
    """Store the rules object's state in ``piece`` and keep ``claimed_by`` in step."""
    piece.state, piece.claimed_by = state_of(rules_object, piece.claimed_by)
