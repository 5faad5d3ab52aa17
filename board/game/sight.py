"""Line of sight on the board: from a shooter to a model, a unit, a building or a vehicle.

:func:`line_of_sight` answers what the line-of-sight tool shows: per target model the share
that can be seen (best firer), whether it is in cover (40K, Horus Heresy: 25% or more hidden
from at least one firer that sees it), and the rays to draw, blocked ones marked; for a
building or a vehicle (a hull with armour in ``Unit.stats["armour"]``), the facing each firer
stands in, its Armour Value now, and how much of that facing is hidden. Warhammer Fantasy
compares Line of Sight values (:attr:`geometry.SightRule.LOS_VALUES`).

>>> from board.document.io import default_library
>>> from board.game.core.world import WorldCache
>>> from board.game.core.shooters import ShooterKind
>>> from board.document.model import Base, Model, Scenario, TerrainPiece, TroopType, Unit
>>> squad = Unit("u", "Squad", "red", TroopType.INFANTRY, [Model("m", Base.round_mm(25), 10, 2)])
>>> scenario = Scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10, 10)], units=[squad])
>>> world = WorldCache(default_library()).world_for(scenario)
>>> reading = line_of_sight(scenario, default_library(), world,
...                         Shooter(ShooterKind.MODEL, "m"), PieceTarget("b"))
>>> [(f.facing, f.armour) for f in reading.facings]
[('front', 14)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import NDArray

from board.document.datasheet import Datasheet
from board.document.model import BaseShape, RuleSystem, Scenario
from board.game.core.buildings import building_rules
from board.game.core.names import Namer
from board.game.core.shooters import Eye, Shooter, model_height, shooter_eyes
from board.game.core.targets import ModelTarget, PieceTarget, UnitTarget
from board.game.core.world import World
from board.game.systems.buildings import reader_for
from board.game.systems.facts import facts_for
from geometry import (
    BORDERLINE,
    COVER_HIDDEN,
    Circle,
    Shape,
    SightRule,
    armour_value,
    building_facing,
    facing_edge,
    hull_facing,
    visible_fraction,
    visible_shares,
)
from geometry.picture import hidden_shares_from
from geometry.sight import DEFAULT_SAMPLES, Ray, ray_ends
from geometry.strips import strip_hidden_shares
from geometry.targeting import SEEN

__all__ = [
    "SEEN",
    "percent",
    "SightTarget",
    "SightError",
    "ModelSight",
    "FacingSight",
    "SightReading",
    "sight_rule",
    "line_of_sight",
]

SightTarget = ModelTarget | UnitTarget | PieceTarget
XY = tuple[float, float]
FloatArray = NDArray[np.float64]


def percent(share: float) -> str:
    """A share as a whole percentage that never rounds a part seen to 0% or a part hidden to 100%.

    Examples
    --------
    >>> percent(0.753), percent(0.001), percent(0.9996), percent(1.0)
    ('75%', '0.1%', '99.96%', '100%')
    """
    for decimals in range(0, 6):
        text = f"{share * 100:.{decimals}f}"
        if (0.0 < share < 1.0) and float(text) in (0.0, 100.0):
            continue
        return text + "%"
    return f"{share:.6%}"


class SightError(ValueError):
    """A target that cannot be looked at (the message names it)."""


def sight_rule(system: RuleSystem) -> SightRule:
    """Warhammer Fantasy compares Line of Sight values; the others trace true lines."""
    return facts_for(system).sight_rule


def _gives_cover(system: RuleSystem) -> bool:
    return facts_for(system).hidden_gives_cover


@dataclass(frozen=True)
class ModelSight:
    """What the shooter sees of one target model: best share seen, cover, the rays drawn."""

    model_id: str
    visible: float
    cover: bool | None
    rays: tuple[Ray, ...]
    seen_by: int
    firers: int
    #: How a player names the model (``Guard Squad, model 1``); its id when not named.
    name: str = ""
    #: The building whose battlements the model stands on (its name), or "" (40K, HH).
    on_battlements: str = ""
    #: Whether the cover verdict hangs on a share within 0.5 points of 25% (say so instead).
    borderline: bool = False
    #: The largest hidden share among the firers that see it (what the cover verdict reads).
    hidden_when_covered: float = 0.0

    def describe(self) -> str:
        """``Guard Squad, model 1: 75% visible (seen by 5 of 5) – 25% or more hidden: cover``.

        A verdict within 0.5 percentage points of 25% reads ``borderline: 24.8% hidden``.
        """
        text = f"{self.name or self.model_id}: {percent(self.visible)} visible"
        if self.firers > 1:
            text += f" (seen by {self.seen_by} of {self.firers})"
        if self.visible <= SEEN:
            return text + " – out of sight"
        if self.cover is None:
            return text
        if self.on_battlements:
            return text + f" – on the battlements of {self.on_battlements}: 4+ cover"
        if self.borderline:
            return text + (f" – borderline: {self.hidden_when_covered:.1%} hidden, within 0.5 "
                           "points of 25% (players decide)")
        if self.cover and self.visible > 1.0 - COVER_HIDDEN + 1e-9:  # the best firer saw all
            return text + (f" – {percent(self.hidden_when_covered)} hidden from another firer "
                           "(25% or more): cover")
        return text + (" – 25% or more hidden: cover" if self.cover else " – in the open")


@dataclass(frozen=True)
class FacingSight:
    """The facing of a building or vehicle a firer stands in, its armour, how much is seen."""

    firer: str
    facing: str
    armour: int | None
    listed_armour: int | None
    visible: float
    rays: tuple[Ray, ...]

    @property
    def obscured(self) -> bool:
        """Whether 25% or more of the facing is hidden while some is seen."""
        return SEEN < self.visible <= 1.0 - COVER_HIDDEN + 1e-9

    @property
    def borderline(self) -> bool:
        """Whether the hidden share is within 0.5 percentage points of 25%."""
        return SEEN < self.visible and abs(1.0 - self.visible - COVER_HIDDEN) < BORDERLINE

    def describe(self) -> str:
        """``Tactical Squad, model 1: front facing, AV 14 – 100% of it visible``."""
        text = f"{self.firer}: {self.facing} facing"
        if self.armour is not None:
            text += f", AV {self.armour}"
            if self.listed_armour is not None and self.listed_armour != self.armour:
                text += f" ({self.listed_armour} on the datasheet)"
        if self.visible <= SEEN:
            return text + " – out of sight"
        if self.borderline:
            return text + (f" – {percent(self.visible)} of it visible – borderline: "
                           f"{1.0 - self.visible:.1%} hidden, within 0.5 points of 25%")
        cover = " – 25% or more hidden: obscured" if self.obscured else ""
        return text + f" – {percent(self.visible)} of it visible" + cover


@dataclass(frozen=True)
class SightReading:
    """The line-of-sight tool's answer: per model, per facing, and every ray to draw."""

    shooter: str
    target: str
    models: tuple[ModelSight, ...]
    facings: tuple[FacingSight, ...]
    eyes: tuple[XY, ...]
    notes: tuple[str, ...] = ()

    @property
    def rays(self) -> tuple[Ray, ...]:
        """Every ray drawn: to each target model, then to each facing."""
        return tuple(r for m in self.models for r in m.rays) + tuple(
            r for f in self.facings for r in f.rays)

    @property
    def in_sight(self) -> bool:
        """Whether anything of the target can be seen."""
        return any(m.visible > 0 for m in self.models) or any(f.visible > 0 for f in self.facings)

    def lines(self) -> list[str]:
        """The readout, one line per target model and per firer's facing."""
        head = f"{self.shooter} → {self.target}: " + ("in sight" if self.in_sight
                                                     else "no line of sight")
        return ([head] + [m.describe() for m in self.models]
                + [f.describe() for f in self.facings] + list(self.notes))


def _shares(world: World, eyes: Sequence[Eye], shapes: Sequence[Shape], tops: FloatArray,
            bottoms: FloatArray) -> FloatArray:
    """Exact visible share of each target from each firer (its best eye point): (eyes, targets).

    Firers with one eye point and no arc (models) go in one pass; the others one by one.
    """
    shares = np.zeros((len(eyes), len(shapes)))
    rule = sight_rule(world.rule_system)
    index = world.terrain.index
    simple = [k for k, e in enumerate(eyes)
              if len(e.observer.points) == 1 and e.observer.arc is None]
    if simple and shapes:
        count = len(shapes)
        at = np.repeat(np.array([eyes[k].observer.points[0] for k in simple], dtype=float),
                       count, axis=0)
        heights = np.repeat([eyes[k].observer.height for k in simple], count)
        ignore = frozenset().union(*(eyes[k].observer.ignore for k in simple))
        hidden = hidden_shares_from(index, at, heights, list(shapes) * len(simple),
                                    np.tile(tops, len(simple)), np.tile(bottoms, len(simple)),
                                    rule, ignore)
        shares[simple] = (1.0 - hidden).reshape(len(simple), count)
    for k, eye in enumerate(eyes):
        if k in simple:
            continue
        observer = eye.observer
        for point in observer.points:
            found = visible_shares(index, point, observer.height, shapes, tops, bottoms, rule,
                                   observer.arc, observer.ignore)
            shares[k] = np.maximum(shares[k], found)
            if shares[k].min() >= 1.0:
                break
    return shares


def _rays(world: World, eyes: Sequence[Eye], best: Sequence[int], shapes: Sequence[Shape],
          tops: FloatArray, bottoms: FloatArray, shares: FloatArray) -> list[tuple[Ray, ...]]:
    """Rays drawn from each target's best firer across it, one per strip of its width.

    Each ray carries the exact hidden share of its strip of the target's picture (see
    :func:`geometry.strips.strip_hidden_shares`): blocked where the strip is hidden whole,
    partly hidden where a low wall hides the lower part of it. What is drawn adds up to the
    verdict: a model seen whole has clear rays only, one out of sight blocked ones only.
    """
    rule = sight_rule(world.rule_system)
    index = world.terrain.index
    found = []
    for j, (shape, k) in enumerate(zip(shapes, best, strict=True)):
        observer = eyes[k].observer
        share = float(shares[k, j])
        at = observer.points[0] if len(observer.points) == 1 else eyes[k].at
        if 0.0 < share < 1.0:
            if len(observer.points) > 1:  # the verdict's eye point: the one that sees most
                seen = [float(visible_shares(index, p, observer.height, [shape], tops[j],
                                             bottoms[j], rule, observer.arc,
                                             observer.ignore)[0]) for p in observer.points]
                at = observer.points[int(np.argmax(seen))]
            hidden = strip_hidden_shares(index, at, observer.height, shape, float(tops[j]),
                                         float(bottoms[j]), rule, observer.ignore,
                                         observer.arc, DEFAULT_SAMPLES)
        else:
            hidden = np.full(DEFAULT_SAMPLES, 1.0 - share)
        points = ray_ends(at, shape, DEFAULT_SAMPLES)
        start = (float(at[0]), float(at[1]))
        found.append(tuple(Ray(start, (x, y), h >= 1.0, h)  # Python floats, made at once
                           for (x, y), h in zip(np.asarray(points, dtype=float).tolist(),
                                                np.asarray(hidden, dtype=float).tolist(),
                                                strict=True)))
    return found


def _unit_sights(world: World, eyes: Sequence[Eye], model_ids: Sequence[str],
                 cover: bool) -> tuple[ModelSight, ...]:
    """Every firer at every target model, exact shares, any base shape (one pass per firer)."""
    if not model_ids or not eyes:
        return ()
    shapes = [world.models[m].shape for m in model_ids]
    up = world.on_battlements(model_ids)
    bottoms = np.array([world.standing_height(m, up) for m in model_ids], dtype=float)
    tops = np.array([_top(world, m, up) for m in model_ids], dtype=float)
    shares = _shares(world, eyes, shapes, tops, bottoms)
    best = [int(np.argmax(shares[:, j])) for j in range(len(model_ids))]
    rays = _rays(world, eyes, best, shapes, tops, bottoms, shares)
    found = []
    for j, model_id in enumerate(model_ids):
        column = shares[:, j]
        seen = column[column > SEEN]
        hidden = 1.0 - seen
        obscured = bool(np.any(hidden >= COVER_HIDDEN - 1e-9)) if cover else None
        sure = bool(np.any(hidden >= COVER_HIDDEN + BORDERLINE)) or bool(
            np.all(hidden <= COVER_HIDDEN - BORDERLINE))
        found.append(ModelSight(model_id, float(column.max()), obscured, rays[j], len(seen),
                                len(eyes), borderline=bool(cover and len(seen) and not sure),
                                hidden_when_covered=float(hidden.max()) if len(seen) else 1.0))
    return tuple(found)


def _top(world: World, model_id: str, up: Mapping[str, str]) -> float:
    """How high a model's head is: its height, over the battlements it stands on if any."""
    unit = world.units[world.models[model_id].unit_id]
    return world.standing_height(model_id, up) + model_height(unit, world.rule_system)


def _piece_facing(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                  eye: Eye, piece_id: str) -> FacingSight:
    piece, shapes = scenario.piece(piece_id), world.piece(piece_id)
    local = shapes.sheet.footprint
    facing = building_facing(eye.at, local, piece.x, piece.y, piece.rotation)
    edge = facing_edge(local, piece.x, piece.y, piece.rotation, facing)
    seen = visible_fraction(world.terrain.index, eye.observer, edge, shapes.height,
                            sight_rule(world.rule_system), ignore=(piece_id,))
    listed = armour_value(shapes.sheet.armour, facing) if shapes.sheet.armour else None
    rules_object = building_rules(scenario, library, piece)
    now = reader_for(scenario.rule_system).current_armour(rules_object, facing)
    now = listed if now is None else now
    return FacingSight(eye.label, facing, now, listed, seen.visible, seen.rays)


def _vehicle_facing(world: World, eye: Eye, model_id: str) -> FacingSight | None:
    unit_id = world.models[model_id].unit_id
    unit = world.units[unit_id]
    model = next(m for m in unit.models if m.id == model_id)
    if model.base.shape is not BaseShape.HULL or "armour" not in unit.stats:
        return None
    length, width = model.base.length_in, model.base.width_in
    facing = hull_facing(eye.at, model.x, model.y, length, width, model.facing)
    box = [(-width / 2, -length / 2), (width / 2, -length / 2), (width / 2, length / 2),
           (-width / 2, length / 2)]
    edge = facing_edge(box, model.x, model.y, model.facing, facing)
    seen = visible_fraction(world.terrain.index, eye.observer, edge,
                            model_height(unit, world.rule_system), sight_rule(world.rule_system))
    armour = armour_value(unit.stats["armour"], facing)
    return FacingSight(eye.label, facing, armour, armour, seen.visible, seen.rays)


def _target_models(world: World, target: SightTarget) -> list[str]:
    if isinstance(target, ModelTarget):
        if target.model_id not in world.models:
            raise SightError(f"model {target.model_id!r} is not on the table")
        return [target.model_id]
    if isinstance(target, UnitTarget):
        if target.unit_id not in world.units:
            raise SightError(f"no unit {target.unit_id!r} in the scenario")
        return [mid for mid, _ in world.unit_models(target.unit_id)]
    return []


def _target_label(target: SightTarget) -> str:
    if isinstance(target, ModelTarget):
        return f"model {target.model_id}"
    if isinstance(target, UnitTarget):
        return f"unit {target.unit_id}"
    return f"building {target.piece_id}"


def _target_point(world: World, target: SightTarget) -> XY:
    if isinstance(target, PieceTarget):
        centre = world.piece(target.piece_id).footprint.centroid
        return (centre.x, centre.y)
    models = _target_models(world, target)
    if not models:
        raise SightError(f"{_target_label(target)} has no models on the table")
    base = world.models[models[0]].shape
    if isinstance(base, Circle):
        return base.centre
    return (base.centroid.x, base.centroid.y)


def line_of_sight(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                  shooter: Shooter, target: SightTarget,
                  namer: Namer | None = None) -> SightReading:
    """Trace sight from ``shooter`` to ``target`` and read it the way the rules ask.

    The reading names the shooter, its firers, the target and its models as a player does
    (``namer``, made from ``world`` when not given; a drag passes one to save the making).
    Raises :class:`SightError` (or :class:`board.game.core.shooters.ShooterError`) naming what is
    missing when the shooter or the target is not on the table.
    """
    if isinstance(target, PieceTarget) and target.piece_id not in world.pieces:
        raise SightError(f"no terrain piece {target.piece_id!r} on the table")
    eyes = shooter_eyes(world, shooter, _target_point(world, target))
    cover = _gives_cover(world.rule_system)
    models = _unit_sights(world, eyes, _target_models(world, target), cover)
    facings: list[FacingSight] = []
    for eye in eyes:
        if isinstance(target, PieceTarget):
            facings.append(_piece_facing(scenario, library, world, eye, target.piece_id))
        elif isinstance(target, ModelTarget):
            found = _vehicle_facing(world, eye, target.model_id)
            facings += [found] if found else []
    names = namer if namer is not None else Namer.for_world(world, scenario)
    models = tuple(replace(m, name=names.model(m.model_id)) for m in models)
    if cover:  # seed 000: models in battlements terrain have a 4+ cover save, however seen
        roofs = world.on_battlements([m.model_id for m in models])
        models = tuple(replace(m, cover=True, on_battlements=names.piece(roofs[m.model_id]))
                       if m.model_id in roofs else m for m in models)
    by_label = {eye.label: names.eye(eye, shooter) for eye in eyes}
    facings = [replace(f, firer=by_label.get(f.firer, f.firer)) for f in facings]
    return SightReading(names.shooter(shooter), names.target(target), models, tuple(facings),
                        tuple(e.at for e in eyes), _notes(scenario, target))


def _notes(scenario: Scenario, target: SightTarget) -> tuple[str, ...]:
    """What the rules add about the target: a Fantasy garrison is in hard cover (seed 002)."""
    if not isinstance(target, PieceTarget):
        return ()
    return facts_for(scenario.rule_system).sight_notes(scenario, target.piece_id)

