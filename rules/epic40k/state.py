"""The state of an Epic 40,000 building, kept as plain JSON values in ``TerrainPiece.state``.

>>> state = BuildingState.new(SizeClass.MEDIUM)
>>> state.damage_capacity, state.condition.value
(20, 'intact')
>>> BuildingState.from_dict(state.to_dict()) == state
True
>>> BuildingState.from_dict({"size": "huge"})
Traceback (most recent call last):
...
ValueError: Epic building state: size 'huge' is not one of small, medium, large
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from rules.epic40k.occupants import UnitInside
from rules.epic40k.options import EpicOptions
from rules.epic40k.tables import SIZES, CatastrophicResult, SizeClass

__all__ = ["Condition", "BuildingState", "Site", "UnitNearby"]


class Condition(StrEnum):
    """Where the building stands on the road to ruin (seed 001, *DESTROYING BUILDINGS*)."""

    INTACT = "intact"
    UNSTABLE = "unstable"
    CRUMBLING = "crumbling"
    RUINS = "ruins"  # destroyed: rubble or a ruins piece is left behind

    @classmethod
    def after(cls, result: CatastrophicResult) -> Condition:
        """Return the condition a catastrophic damage result leaves the building in."""
        return {
            CatastrophicResult.UNSTABLE: cls.UNSTABLE,
            CatastrophicResult.CRUMBLING: cls.CRUMBLING,
            CatastrophicResult.DESTROYED: cls.RUINS,
        }[result]


@dataclass
class BuildingState:
    """An Epic building's game state: its size, damage capacity left, condition and fire.

    ``damage_capacity`` may go below 0 (seed 001: "0 or less"); the catastrophic roll is made
    once, when it first reaches 0. ``given_assault_factor`` and ``given_armour`` are a
    datasheet's own values (``Datasheet.assault_factor``, ``Datasheet.epic_armour``); ``None``
    takes seed 001's size table.
    """

    size: SizeClass
    damage_capacity: int
    condition: Condition = Condition.INTACT
    on_fire: bool = False
    given_assault_factor: int | None = None
    given_armour: int | None = None

    @classmethod
    def new(
        cls,
        size: SizeClass,
        damage_capacity: int | None = None,
        assault_factor: int | None = None,
        armour: int | None = None,
    ) -> BuildingState:
        """Return a fresh building of ``size``; a datasheet may give its own numbers."""
        dc = SIZES[size].damage_capacity if damage_capacity is None else damage_capacity
        if dc < 1:
            raise ValueError(f"a building starts with 1 or more damage capacity, not {dc}")
        if assault_factor is not None and assault_factor < 1:
            raise ValueError(f"a building's assault factor is 1 or more, not {assault_factor}")
        if armour is not None and not 2 <= armour <= 6:
            raise ValueError(f"a building's armour is 2+ to 6+, not {armour}+")
        return cls(size, dc, given_assault_factor=assault_factor, given_armour=armour)

    @property
    def assault_factor(self) -> int:
        """Return the building's assault factor (the datasheet's, else seed 001's size table)."""
        if self.given_assault_factor is not None:
            return self.given_assault_factor
        return SIZES[self.size].assault_factor

    @property
    def armour(self) -> int:
        """Return the kill roll a hit on the building needs (the datasheet's, else 6+)."""
        return SIZES[self.size].armour if self.given_armour is None else self.given_armour

    @property
    def standing(self) -> bool:
        """Whether the building still stands (not yet ruins)."""
        return self.condition is not Condition.RUINS

    def to_dict(self) -> dict[str, Any]:
        """Return plain JSON values for ``TerrainPiece.state``."""
        return {
            "system": "epic40k",
            "size": self.size.value,
            "damage_capacity": self.damage_capacity,
            "condition": self.condition.value,
            "on_fire": self.on_fire,
            "assault_factor": self.given_assault_factor,
            "armour": self.given_armour,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BuildingState:
        """Read the state back; bad values are refused with a message naming them."""
        size = _member(SizeClass, data.get("size"), "size")
        condition = _member(Condition, data.get("condition", "intact"), "condition")
        dc = data.get("damage_capacity", SIZES[size].damage_capacity)
        if not isinstance(dc, int) or isinstance(dc, bool):
            raise ValueError(f"Epic building state: damage_capacity {dc!r} is not a whole number")
        fire = data.get("on_fire", False)
        if not isinstance(fire, bool):
            raise ValueError(f"Epic building state: on_fire {fire!r} is not true or false")
        given = [_optional_int(data, key) for key in ("assault_factor", "armour")]
        return cls(size, dc, condition, fire, *given)

    def copy(self) -> BuildingState:
        """Return an independent copy."""
        return replace(self)


def _optional_int(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise ValueError(f"Epic building state: {key} {value!r} is not a whole number")
    return value


def _member(enum: type[StrEnum], value: object, name: str) -> Any:
    allowed = [m.value for m in enum]
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(
            f"Epic building state: {name} {value!r} is not one of {', '.join(allowed)}"
        )
    return enum(value)


@dataclass(frozen=True)
class UnitNearby:
    """A unit outside the building, ``distance_cm`` from its footprint (a geometry fact)."""

    id: str
    detachment: str
    armour: int
    distance_cm: float


@dataclass(frozen=True)
class Site:
    """The facts about who is in and around the building, handed in by the board."""

    inside: tuple[UnitInside, ...] = ()
    nearby: tuple[UnitNearby, ...] = ()
    options: EpicOptions = EpicOptions()

    def without(self, dead: set[str]) -> Site:
        """Return the site with the units in ``dead`` removed."""
        return Site(
            tuple(u for u in self.inside if u.id not in dead),
            tuple(u for u in self.nearby if u.id not in dead),
            self.options,
        )
