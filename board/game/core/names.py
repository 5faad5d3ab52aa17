"""What the board calls things when a player reads it: names, not ids.

Ids stay in the document and in JSON; every text a player reads names a unit by its name, a
model by its unit's name and its number in the unit, a terrain piece by its datasheet's name
(a multi-part building's part by the part's datasheet name), an emplaced weapon by its weapon
and the wall it stands in, a deployment zone by the side deploying there.

>>> from board.document.model import Scenario
>>> namer = Namer.for_scenario(Scenario(), None)
>>> namer.unit("u9"), namer.zone("deployment", "top")
('u9', 'deployment zone top')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from board.document.datasheet import Datasheet
from board.document.model import Scenario, Unit
from board.game.core.deploy import deployment_for
from board.game.core.shooters import Eye, Shooter, ShooterKind
from board.game.core.targets import (
    FeatureTarget,
    ModelTarget,
    PieceTarget,
    PointTarget,
    Target,
    UnitTarget,
)
from board.game.words import member_word

if TYPE_CHECKING:
    from board.game.core.terrain_world import PieceShapes
    from board.game.core.world import World

__all__ = ["Namer", "wall_of", "member_word", "fire_point_name"]

#: An id, not a word: it holds a digit, "-", "_" or ".".
_ID_LIKE = re.compile(r"[0-9_.\-]")

#: How near a wall (inches, in the datasheet's frame) a mount stands to be "in" that wall.
WALL_REACH = 0.5


def wall_of(footprint: tuple[tuple[float, float], ...], x: float, y: float) -> str | None:
    """The wall (``front``, ``right``, ``rear``, ``left``) a local point stands in, if any.

    ``footprint`` is the datasheet's local outline (front up, −y); a point deeper inside than
    :data:`WALL_REACH` from every side of its bounds (a roof gun) is in no wall.

    >>> square = ((-3, -3), (3, -3), (3, 3), (-3, 3))
    >>> wall_of(square, 1, -3), wall_of(square, 3, 0), wall_of(square, 0, 0)
    ('front', 'right', None)
    """
    if not footprint:
        return None
    xs, ys = [p[0] for p in footprint], [p[1] for p in footprint]
    gaps = {"front": y - min(ys), "right": max(xs) - x, "rear": max(ys) - y,
            "left": x - min(xs)}
    wall = min(gaps, key=lambda k: gaps[k])
    return wall if gaps[wall] <= WALL_REACH else None


class Namer:
    """Names for a scenario's units, models, pieces, mounts and zones (ids as a fallback).

    ``zone_owners`` maps a deployment zone's name to the name of the side deploying there.
    """

    def __init__(self, units: Mapping[str, Unit], pieces: Mapping[str, PieceShapes],
                 zone_owners: Mapping[str, str] | None = None, word: str = "model") -> None:
        self.units = units
        self.pieces = pieces
        self.zone_owners = dict(zone_owners or {})
        #: What a player calls one of a unit's models: ``stand`` in Epic 40,000 (seed 001
        #: counts stands), ``model`` elsewhere.
        self.word = word
        self._said: tuple[re.Pattern[str] | None, dict[str, str]] | None = None
        self._twins: dict[str, str] | None = None
        self._models: dict[str, tuple[Unit, int]] = {
            m.id: (u, m.number if m.number is not None else k)
            for u in units.values() for k, m in enumerate(u.models, start=1)}

    @classmethod
    def for_world(cls, world: World, scenario: Scenario | None = None) -> Namer:
        """A namer for ``world`` (zones named by their sides when ``scenario`` is given)."""
        owners = _zone_owners(scenario) if scenario is not None else {}
        system = scenario.rule_system if scenario is not None else world.rule_system
        return cls(world.units, world.pieces, owners, member_word(system))

    @classmethod
    def for_scenario(cls, scenario: Scenario, world: World | None) -> Namer:
        """A namer for ``scenario`` (pieces named only when its ``world`` is given)."""
        units = {u.id: u for u in scenario.units}
        return cls(units, world.pieces if world is not None else {}, _zone_owners(scenario),
                   member_word(scenario.rule_system))

    def unit(self, unit_id: str) -> str:
        """``Tactical Squad Cato``."""
        unit = self.units.get(unit_id)
        return unit.name if unit is not None else unit_id

    def model(self, model_id: str) -> str:
        """``Tactical Squad Cato, model 3`` (the unit's name alone for a one-model unit).

        A model keeps its number when others of its unit are lost (``Model.number``); the last
        survivor of a unit of several is still ``model 3``.
        """
        found = self._models.get(model_id)
        if found is None:
            return model_id
        unit, number = found
        return unit.name if _alone(unit, number) else f"{unit.name}, {self.word} {number}"

    def member(self, model_id: str) -> str:
        """A model where its unit is already named: ``model 3`` (``the model`` when alone)."""
        found = self._models.get(model_id)
        if found is None:
            return model_id
        unit, number = found
        return f"the {self.word}" if _alone(unit, number) else f"{self.word} {number}"

    def say(self, text: str) -> str:
        """``text`` with each model, unit and piece id in it written as its name.

        For the words a rules module writes with the ids it was handed (``blast markers:
        unit-1 +1``). Only ids that look like ids (a digit, ``-``, ``_`` or ``.``) are
        replaced, so a plain word is never taken for one.

        >>> from board.document.model import Base, Model, TroopType
        >>> orcs = Unit("unit-1", "Black Orcs", "a", TroopType.INFANTRY,
        ...             [Model("unit-1.m-1", Base.round_mm(25), 0, 0),
        ...              Model("unit-1.m-2", Base.round_mm(25), 1, 0)])
        >>> Namer({"unit-1": orcs}, {}).say("kill roll on unit-1.m-2; blast markers: unit-1 +1")
        'kill roll on Black Orcs, model 2; blast markers: Black Orcs +1'
        """
        if self._said is None:
            named = {m: self.model(m) for m in self._models}
            named |= {u: self.unit(u) for u in self.units}
            named |= {p: self.piece(p) for p in self.pieces}
            named = {k: v for k, v in named.items() if k != v and _ID_LIKE.search(k)}
            pattern = "|".join(re.escape(k) for k in sorted(named, key=len, reverse=True))
            self._said = (re.compile(rf"(?<![\w.\-])({pattern})(?![\w\-]|\.\w)")
                          if named else None, named)
        found, named = self._said
        return found.sub(lambda m: named[m.group(1)], text) if found is not None else text

    def piece(self, piece_id: str) -> str:
        """The piece's datasheet name (a part's own datasheet name).

        Two pieces of one name are told apart by a number in the table's order
        (``Building, medium (40K) 2``), as a player would point at them, never by id.
        """
        piece = self.pieces.get(piece_id)
        if piece is None:
            return piece_id
        if self._twins is None:
            by_name: dict[str, list[str]] = {}
            for key, other in self.pieces.items():
                by_name.setdefault(other.sheet.name, []).append(key)
            self._twins = {k: f"{name} {n}" for name, keys in by_name.items() if len(keys) > 1
                           for n, k in enumerate(keys, start=1)}
        return self._twins.get(piece_id, piece.sheet.name)

    def mount(self, piece_id: str, mount_id: str) -> str:
        """``Heavy bolter (front)``: the weapon and the wall it is in (if it is in one)."""
        piece = self.pieces.get(piece_id)
        return mount_id if piece is None else self.sheet_mount(piece.sheet, mount_id)

    @staticmethod
    def sheet_mount(sheet: Datasheet, mount_id: str) -> str:
        """:meth:`mount` from the datasheet alone (no world needed): ``Heavy bolter (front)``."""
        for weapon in sheet.emplaced_weapons:
            if weapon.id == mount_id:
                wall = wall_of(sheet.footprint, weapon.x, weapon.y)
                return f"{weapon.weapon.name} ({wall})" if wall else weapon.weapon.name
        return mount_id

    def zone(self, kind: str, name: str) -> str:
        """``Ultramarines' deployment zone``, ``void-shield zone of Void Shield Generator``."""
        if kind == "void_shield":
            return f"void-shield zone of {self.piece(name)}"
        owner = self.zone_owners.get(name)
        return f"{_possessive(owner)} deployment zone" if owner else f"deployment zone {name}"

    def feature(self, piece_id: str, feature: str, feature_id: str = "") -> str:
        """A building's part a rule measures from, in words.

        ``the door of Imperial Bastion`` (``the rear door of …`` when it has several doors of
        that name), ``fire point front-1 of …``, ``Heavy bolter (front) of …``, ``the
        battlements of …``.
        """
        piece_name = self.piece(piece_id)
        piece = self.pieces.get(piece_id)
        if feature == "battlements":
            return f"the battlements of {piece_name}"
        if feature == "weapon":
            return f"{self.mount(piece_id, feature_id)} of {piece_name}"
        if feature == "fire_point" and piece is not None:
            return f"{fire_point_name(piece.sheet, feature_id)} of {piece_name}"
        if feature == "fire_point":
            return f"fire point {feature_id} of {piece_name}"
        if piece is None:
            return f"access point {feature_id} of {piece_name}"
        return f"{_door_name(piece.sheet, feature_id)} of {piece_name}"

    def target(self, target: Target) -> str:
        """What a measurement is from or to, in words."""
        if isinstance(target, FeatureTarget):
            return self.feature(target.piece_id, target.feature, target.feature_id)
        if isinstance(target, PointTarget):
            return f"point ({target.x:g}, {target.y:g})"
        if isinstance(target, ModelTarget):
            return self.model(target.model_id)
        if isinstance(target, UnitTarget):
            return self.unit(target.unit_id)
        if isinstance(target, PieceTarget):
            return self.piece(target.piece_id)
        return self.zone(target.kind, target.name)

    def shooter(self, shooter: Shooter) -> str:
        """Who shoots or looks, by name.

        ``Tactical Squad Cato``, ``Heavy bolter (front) of Imperial Bastion``, ``the
        battlements of Imperial Bastion``.
        """
        if shooter.kind is ShooterKind.UNIT:
            return self.unit(shooter.id)
        if shooter.kind is ShooterKind.MODEL:
            return self.model(shooter.id)
        piece = self.piece(shooter.id)
        if shooter.kind is ShooterKind.EMPLACED_WEAPON and shooter.point is not None:
            return f"{self.mount(shooter.id, shooter.point)} of {piece}"
        if shooter.kind is ShooterKind.FIRE_POINT and shooter.point is not None:
            found = self.pieces.get(shooter.id)
            point = fire_point_name(found.sheet, shooter.point) if found is not None \
                else f"fire point {shooter.point}"
            return f"{point} of {piece}"
        if shooter.kind is ShooterKind.BATTLEMENTS:
            return f"the battlements of {piece}"
        if shooter.kind is ShooterKind.GARRISON:
            return f"the garrison of {piece}"
        return f"{shooter.kind.value} of {piece}"

    def eye(self, eye: Eye, shooter: Shooter) -> str:
        """One of ``shooter``'s eyes: its model (``Tactical Squad Cato, model 2``) or itself."""
        if eye.model_id:
            return self.model(eye.model_id)
        return self.shooter(Shooter(shooter.kind, shooter.id, eye.point or shooter.point))

    def part(self, target: Target, part_id: str) -> str:
        """One part of ``target`` (a unit's model, the piece, the zone…) in words."""
        if isinstance(target, UnitTarget):
            return self.model(part_id)
        return self.target(target)


def fire_point_name(sheet: Datasheet, point_id: str) -> str:
    """A fire point as players name it: by its wall, and its number there when it has mates.

    ``the front fire point`` (the only one in the front wall), ``front fire point 2`` (the
    second of the front wall's, in the datasheet's order); ``fire point x`` if unknown.
    """
    found = next((f for f in sheet.fire_points if f.id == point_id), None)
    if found is None:
        return f"fire point {point_id}"
    mates = [f for f in sheet.fire_points if f.facing == found.facing]
    if len(mates) == 1:
        return f"the {found.facing} fire point"
    return f"{found.facing} fire point {mates.index(found) + 1}"


def _door_name(sheet: Datasheet, point_id: str) -> str:
    """``the door``, ``the rear door`` (several of one name), ``the rear access point``."""
    found = next((a for a in sheet.access_points if a.id == point_id), None)
    if found is None:
        return f"access point {point_id}"
    if not found.label:  # a door drawn without a name: by its wall, numbered among its mates
        wall = wall_of(sheet.footprint, found.x, found.y) or "roof"
        mates = [a for a in sheet.access_points if not a.label
                 and (wall_of(sheet.footprint, a.x, a.y) or "roof") == wall]
        number = f" {mates.index(found) + 1}" if len(mates) > 1 else ""
        return f"the {wall} access point{number}"
    label = found.label.lower()
    if sum(a.label.lower() == label for a in sheet.access_points) == 1:
        return f"the {label}"
    side = wall_of(sheet.footprint, found.x, found.y)
    if side:
        return f"the {side} {label}"
    mates = [a for a in sheet.access_points if a.label.lower() == label]
    return f"the {label} {mates.index(found) + 1}"  # on no wall: numbered, never its id


def _alone(unit: Unit, number: int) -> bool:
    """Whether the model numbered ``number`` is its unit's only model and always was."""
    return len(unit.models) == 1 and number == 1


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _zone_owners(scenario: Scenario) -> dict[str, str]:
    try:
        plan = deployment_for(scenario)
    except (ValueError, KeyError):
        return {}
    names = {s.id: s.name for s in scenario.sides}
    return {zone: names.get(side, side) for side, zone in plan.zones.items()}
