"""Who may fire at which building: the shooting dialog's choices, without Qt.

A :class:`Firer` is a unit on the table or one emplaced weapon of a building (its piece and
its mount). The buildings offered are those the rule system lets a unit shoot and that still
stand; the emplaced weapons those its holder may fire now
(:class:`~board.game.systems.protocol.GameSystem`, ``shootable`` and ``emplaced_firers``).

>>> Firer.of_unit("squad").emplaced, Firer.of_weapon("bastion", "lascannon").emplaced
(False, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from board.document.datasheet import Datasheet
from board.document.model import Scenario
from board.game.core.buildings import building_rules
from board.game.core.names import Namer, fire_point_name
from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.world import World
from board.game.systems.registry import system_for
from geometry import distance

__all__ = ["Firer", "target_choices", "firer_choices", "firer_position", "embarked_in",
           "fire_point_choices"]

XY = tuple[float, float]


@dataclass(frozen=True)
class Firer:
    """A unit (``unit_id``), or the emplaced weapon ``weapon_id`` of building ``piece_id``."""

    unit_id: str | None = None
    piece_id: str | None = None
    weapon_id: str | None = None

    def __post_init__(self) -> None:
        if (self.unit_id is None) == (self.piece_id is None and self.weapon_id is None) or \
                (self.piece_id is None) != (self.weapon_id is None):
            raise ValueError(f"a firer is a unit or a building's weapon, not {self!r}")

    @classmethod
    def of_unit(cls, unit_id: str) -> Firer:
        """The unit ``unit_id``."""
        return cls(unit_id=unit_id)

    @classmethod
    def of_weapon(cls, piece_id: str, weapon_id: str) -> Firer:
        """The emplaced weapon ``weapon_id`` of ``piece_id``."""
        return cls(piece_id=piece_id, weapon_id=weapon_id)

    @property
    def emplaced(self) -> bool:
        """Whether it is a building's emplaced weapon."""
        return self.weapon_id is not None

    @classmethod
    def from_shooter(cls, scenario: Scenario, shooter: Shooter | None) -> Firer | None:
        """The firer a line of sight's shooter is (a unit, a model's unit, a mount), if any."""
        if shooter is None:
            return None
        if shooter.kind is ShooterKind.EMPLACED_WEAPON and shooter.point is not None:
            return cls.of_weapon(shooter.id, shooter.point)
        if shooter.kind is ShooterKind.UNIT:
            return cls.of_unit(shooter.id)
        if shooter.kind is ShooterKind.MODEL:
            return cls.of_unit(scenario.model(shooter.id)[0].id)
        return None


def target_choices(scenario: Scenario, datasheets: Mapping[str, Datasheet],
                   ) -> list[tuple[str, str]]:
    """``(piece_id, label)`` of every standing building of the scenario's system."""
    system = system_for(scenario.rule_system)
    found = []
    for piece in scenario.terrain:
        rules_object = building_rules(scenario, datasheets, piece)
        if rules_object is not None and system.shootable(rules_object):
            found.append((piece.id, datasheets[piece.datasheet].name))
    return _told_apart(found)


def _told_apart(found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Names that two choices share get a number in the order listed: ``Imperial Bastion 2``.

    So a player can tell them apart (an id is not a player's word).
    """
    labels = [label for _, label in found]
    seen: dict[str, int] = {}
    told = []
    for key, label in found:
        if labels.count(label) > 1:
            seen[label] = seen.get(label, 0) + 1
            label = f"{label} {seen[label]}"
        told.append((key, label))
    return told


def firer_choices(scenario: Scenario, datasheets: Mapping[str, Datasheet], world: World,
                  ) -> list[tuple[Firer, str]]:
    """Units on the table, units inside a building with fire points, then emplaced weapons."""
    sides = {s.id: s.name for s in scenario.sides}
    found: list[tuple[Firer, str]] = [
        (Firer.of_unit(u.id), f"{u.name} ({sides.get(u.side, u.side)})")
        for u in scenario.units if u.on_table and u.models]
    for unit in scenario.units:
        home = world.pieces.get(unit.embarked_in or "")
        if home is not None and home.fire_points and unit.models:
            found.append((Firer.of_unit(unit.id), f"{unit.name} ({sides.get(unit.side, unit.side)})"
                                                  f" inside {home.sheet.name}"))
    system = system_for(scenario.rule_system)
    for piece in scenario.terrain:
        building = building_rules(scenario, datasheets, piece)
        if building is None:
            continue
        holder, weapons = system.emplaced_firers(building)
        holder = holder or ""
        for weapon_id in weapons:
            found.append((Firer.of_weapon(piece.id, weapon_id),
                          f"{_weapon_name(world, piece.id, weapon_id)} of "
                          f"{world.piece(piece.id).sheet.name} "
                          f"({sides.get(holder, holder)})"))
    labels = [label for _, label in found]
    return [(firer, f"{label} ({_key(firer)})" if labels.count(label) > 1 else label)
            for firer, label in found]


def _key(firer: Firer) -> str:
    """What tells two firers of one name apart: ``unit/<id>``, ``emplaced/<piece>/<mount>``."""
    return f"unit/{firer.unit_id}" if firer.unit_id else \
        f"emplaced/{firer.piece_id}/{firer.weapon_id}"


def _weapon_name(world: World, piece_id: str, weapon_id: str) -> str:
    """``Heavy bolter (front)``: the weapon and the wall it is in."""
    return Namer(world.units, world.pieces).mount(piece_id, weapon_id)


def embarked_in(scenario: Scenario, firer: Firer) -> str | None:
    """The building a unit firer is inside (it shoots through that building's fire points)."""
    return None if firer.unit_id is None else scenario.unit(firer.unit_id).embarked_in


def fire_point_choices(world: World, piece_id: str) -> list[tuple[str, str, int]]:
    """``(id, label, models)`` of each fire point: ``front fire point 1 (2 models)``."""
    sheet = world.piece(piece_id).sheet
    return [(f.id, f"{fire_point_name(sheet, f.id)} ({f.models} models)", f.models)
            for f in world.piece(piece_id).fire_points]


def firer_position(scenario: Scenario, world: World, firer: Firer, piece_id: str,
                   fire_point: str | None = None) -> tuple[XY, str]:
    """Where the firer stands, and its name.

    The unit's model nearest the target, the weapon's mount, or the ``fire_point`` of the
    building the unit is inside.
    """
    inside = embarked_in(scenario, firer)
    if inside is not None:
        points = {f.id: f for f in world.piece(inside).fire_points}
        if fire_point not in points:
            raise KeyError(f"choose a fire point of {world.piece(inside).sheet.name} "
                           f"({len(points)} fire points)")
        point = points[fire_point]
        name = scenario.unit(firer.unit_id or "").name
        point_name = fire_point_name(world.piece(inside).sheet, point.id)
        return (point.x, point.y), f"{name} through {point_name}"
    if firer.piece_id is not None and firer.weapon_id is not None:
        piece, weapon = firer.piece_id, firer.weapon_id
        mount = next(m for m in world.piece(piece).mounts if m.id == weapon)
        return (mount.x, mount.y), (f"{_weapon_name(world, piece, weapon)} of "
                                    f"{world.piece(piece).sheet.name}")
    assert firer.unit_id is not None
    unit = scenario.unit(firer.unit_id)
    footprint = world.piece(piece_id).footprint
    shapes = dict(world.unit_models(unit.id))
    nearest = min(unit.models, key=lambda m: distance(shapes[m.id], footprint))
    return (nearest.x, nearest.y), unit.name
