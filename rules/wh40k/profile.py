"""What a 40K building is: the facts its terrain datasheet gives (seed 000).

The board builds a :class:`BuildingProfile` from its datasheet; the rules never read files or
import the board. :meth:`BuildingProfile.from_dict` takes the same plain keys as the datasheet
(``armour``, ``size``, ``transport_capacity``, ``hull_points``, ``access_points``,
``fire_points``, ``battlements``, ``emplaced_weapons``, ``impassable``, ``mighty_bulwark``,
``void_shields``, ``projects_void_shields``), so ``dataclasses.asdict(datasheet)`` will do.

>>> bastion = BuildingProfile.from_values("bastion", armour=14, size="medium")
>>> bastion.armour["rear"], bastion.transport_capacity, bastion.hull_points
(14, 20, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

__all__ = [
    "FACINGS",
    "BuildingSize",
    "SIZE_DEFAULTS",
    "WeaponProfile",
    "EmplacedWeaponSpec",
    "FirePointSpec",
    "BuildingProfile",
]

#: The four facings of a building, named relative to the piece.
FACINGS = ("front", "right", "rear", "left")


class BuildingSize(StrEnum):
    """A building's size class, as listed on its datasheet."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


#: Seed 000's chart: size → (Transport Capacity in models, Hull Points), used when the
#: datasheet lists neither.
SIZE_DEFAULTS: Mapping[BuildingSize, tuple[int, int]] = {
    BuildingSize.SMALL: (10, 3),
    BuildingSize.MEDIUM: (20, 4),
    BuildingSize.LARGE: (30, 5),
}


@dataclass(frozen=True)
class WeaponProfile:
    """A weapon's profile: range (inches), Strength, AP (``None`` is AP –), type, shots."""

    name: str
    range: float
    strength: int | None
    ap: int | None
    type: str = "Heavy 1"
    shots: int = 1
    blast: float | None = None
    template: bool = False
    special: tuple[str, ...] = ()

    def has(self, rule: str) -> bool:
        """Whether the weapon has the special rule ``rule`` (case-insensitive)."""
        wanted = rule.lower()
        return any(s.lower() == wanted for s in self.special)

    @property
    def can_snap_shoot(self) -> bool:
        """Blast, template and ordnance weapons cannot fire Snap Shots."""
        return not (self.blast or self.template or "ordnance" in self.type.lower())

    @property
    def one_shot(self) -> bool:
        """A weapon that can be fired only once per battle."""
        return self.has("One use") or self.has("One shot") or "one use" in self.type.lower()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WeaponProfile:
        """Read the datasheet's weapon keys."""
        return cls(
            name=str(data["name"]),
            range=float(data.get("range", 0.0)),
            strength=None if data.get("strength") is None else int(data["strength"]),
            ap=None if data.get("ap") is None else int(data["ap"]),
            type=str(data.get("type", "Heavy 1")),
            shots=int(data.get("shots", 1)),
            blast=None if data.get("blast") is None else float(data["blast"]),
            template=bool(data.get("template", False)),
            special=tuple(data.get("special", ())),
        )


@dataclass(frozen=True)
class EmplacedWeaponSpec:
    """A weapon built into the building (a gun emplacement on the battlements counts too)."""

    id: str
    weapon: WeaponProfile
    on_battlements: bool = False


@dataclass(frozen=True)
class FirePointSpec:
    """A fire point: up to ``models`` embarked models may shoot through it (2 unless stated)."""

    id: str
    facing: str = "front"
    models: int = 2


def _armour_by_facing(armour: int | Mapping[str, int]) -> dict[str, int]:
    """One listed value fills all four facings; a mapping must name all four."""
    values = {f: armour for f in FACINGS} if isinstance(armour, int) else dict(armour)
    if set(values) != set(FACINGS):
        raise ValueError(f"armour must give the facings {FACINGS}, got {sorted(values)}")
    for facing, value in values.items():
        if not 0 <= int(value) <= 15:
            raise ValueError(f"armour on the {facing} facing must be 0 to 15, not {value}")
    return {f: int(values[f]) for f in FACINGS}


@dataclass(frozen=True)
class BuildingProfile:
    """The datasheet facts of one 40K building (one part of a multi-part building).

    ``transport_capacity`` and ``hull_points`` are the resolved values: the datasheet's, or
    the size chart's when it lists none.
    """

    id: str
    armour: Mapping[str, int]
    transport_capacity: int
    hull_points: int
    size: BuildingSize | None = None
    name: str = ""
    access_points: tuple[str, ...] = ()
    escape_hatches: tuple[str, ...] = ()  # seed 000 FAQ: access points with its limits
    fire_points: tuple[FirePointSpec, ...] = ()
    battlements: bool = False
    emplaced_weapons: tuple[EmplacedWeaponSpec, ...] = ()
    impassable: bool = False
    mighty_bulwark: bool = False
    void_shields: int = 0
    projected_void_shields: int = 0
    tags: tuple[str, ...] = field(default=())

    @classmethod
    def from_values(
        cls,
        id: str,
        armour: int | Mapping[str, int],
        size: BuildingSize | str | None = None,
        transport_capacity: int | None = None,
        hull_points: int | None = None,
        **facts: Any,
    ) -> BuildingProfile:
        """Build a profile, filling capacity and hull points from the size chart if missing."""
        size_class = None if size is None else BuildingSize(getattr(size, "value", size))
        capacity, hp = _resolve_size(id, size_class, transport_capacity, hull_points)
        return cls(
            id=id,
            armour=_armour_by_facing(armour),
            transport_capacity=capacity,
            hull_points=hp,
            size=size_class,
            **facts,
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BuildingProfile:
        """Read the datasheet's plain keys (see the module docstring)."""
        if data.get("armour") is None:
            raise ValueError(f"building {data.get('id', '?')!r} lists no armour value")
        projection = data.get("projects_void_shields")
        return cls.from_values(
            id=str(data.get("id", "")),
            armour=data["armour"],
            size=data.get("size"),
            transport_capacity=data.get("transport_capacity"),
            hull_points=data.get("hull_points"),
            name=str(data.get("name", "")),
            access_points=tuple(_ids(data.get("access_points", ()))),
            escape_hatches=tuple(_ids([a for a in data.get("access_points", ())
                                       if isinstance(a, Mapping) and a.get("escape_hatch")])),
            fire_points=tuple(_fire_point(f) for f in data.get("fire_points", ())),
            battlements=bool(data.get("battlements")),
            emplaced_weapons=tuple(_emplaced(w) for w in data.get("emplaced_weapons", ())),
            impassable=bool(data.get("impassable", False)),
            mighty_bulwark=bool(data.get("mighty_bulwark", False)),
            void_shields=int(data.get("void_shields", 0)),
            projected_void_shields=int(projection["shields"]) if projection else 0,
        )

    def weapon(self, weapon_id: str) -> EmplacedWeaponSpec:
        """Return the emplaced weapon ``weapon_id`` (``KeyError`` naming the known ones if none)."""
        for spec in self.emplaced_weapons:
            if spec.id == weapon_id:
                return spec
        known = [w.id for w in self.emplaced_weapons]
        raise KeyError(f"building {self.id!r} has no emplaced weapon {weapon_id!r}; it has {known}")


def _resolve_size(
    id: str, size: BuildingSize | None, capacity: int | None, hull_points: int | None
) -> tuple[int, int]:
    if (capacity is None or hull_points is None) and size is None:
        raise ValueError(
            f"building {id!r} lists no size, so its missing transport capacity "
            f"({capacity}) or hull points ({hull_points}) cannot be worked out"
        )
    default_capacity, default_hp = SIZE_DEFAULTS[size] if size else (0, 0)
    capacity = default_capacity if capacity is None else int(capacity)
    hull_points = default_hp if hull_points is None else int(hull_points)
    if capacity < 0 or hull_points < 1:
        raise ValueError(
            f"building {id!r}: transport capacity {capacity} and hull points {hull_points} "
            "must be at least 0 and 1"
        )
    return capacity, hull_points


def _ids(items: Sequence[Any]) -> list[str]:
    return [str(item["id"]) if isinstance(item, Mapping) else str(item) for item in items]


def _fire_point(item: Any) -> FirePointSpec:
    if isinstance(item, FirePointSpec):
        return item
    facing, models = str(item.get("facing", "front")), int(item.get("models", 2))
    return FirePointSpec(str(item["id"]), facing, models)


def _emplaced(item: Any) -> EmplacedWeaponSpec:
    if isinstance(item, EmplacedWeaponSpec):
        return item
    return EmplacedWeaponSpec(
        str(item["id"]), WeaponProfile.from_dict(item["weapon"]), bool(item.get("on_battlements"))
    )
