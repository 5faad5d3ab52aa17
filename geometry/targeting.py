"""Automated fire: the nearest enemy unit in range and in sight of an emplaced weapon.

Inches. Range is measured from the weapon's mount to the closest point of each enemy model's
real base or hull (round, oval, hull, square or rectangular: never a stand-in circle); a unit
counts at the distance of its nearest model that is both in range and in sight (any part of it
seen: an exact visible share above zero, :func:`geometry.sight.visible_shares`). Ties (equal
to 1e-9 inch) are broken by unit id in sorting order, and every tied unit is listed so the
rules can roll among them instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from geometry.ellipse import ellipse_of
from geometry.footprints import Circle, Shape
from geometry.heights import DistanceRule, rule_distance
from geometry.index import TerrainIndex, blocker_ids
from geometry.measure import EPSILON
from geometry.rays import rays_blocked_unchecked
from geometry.sight import SightRule, visible_shares

__all__ = ["EnemyUnit", "NearestEnemy", "nearest_enemy"]

#: A visible share above this is "some part of the model is seen".
SEEN = 1e-9
#: Models tested for sight at a time, nearest first; most weapons stop at the first batch.
_BATCH = 16


@dataclass(frozen=True)
class EnemyUnit:
    """An enemy unit as the targeting sees it: id, its models' bases, their height.

    A base is a :class:`Circle` or any polygon (oval, hull, square, rectangle), placed on the
    table; ``models`` may be any sequence of ``(model_id, base)`` pairs.

    Examples
    --------
    >>> from geometry.footprints import hull
    >>> EnemyUnit("rhino", [("r1", hull(0, 0, 4.5, 3.5, 0))]).models[0][0]
    'r1'
    """

    id: str
    models: tuple[tuple[str, Shape], ...]
    height: float = 1.0
    _xyr: np.ndarray = field(init=False, repr=False, compare=False)
    _other: np.ndarray = field(init=False, repr=False, compare=False)
    _shapes: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        models = tuple((str(mid), base) for mid, base in self.models)
        for mid, base in models:
            if not isinstance(base, (Circle, shapely.Geometry)):
                raise TypeError(f"unit {self.id}: model {mid}'s base must be a Circle or a "
                                f"Shapely polygon, got {type(base).__name__}")
        object.__setattr__(self, "models", models)
        # the bases as arrays, made once per unit (automated fire asks every weapon in turn)
        xyr = np.full((len(models), 3), np.nan)
        other = []
        for i, (_, base) in enumerate(models):
            if isinstance(base, Circle):
                xyr[i] = (base.x, base.y, base.radius)
            else:
                other.append(i)
        object.__setattr__(self, "_xyr", xyr)
        object.__setattr__(self, "_other", np.array(other, dtype=np.intp))
        object.__setattr__(self, "_shapes", np.array([models[i][1] for i in other],
                                                     dtype=object))


@dataclass(frozen=True)
class NearestEnemy:
    """The unit an automated weapon fires at, the model that is nearest, and any ties."""

    unit_id: str
    model_id: str
    distance: float
    tied: tuple[str, ...]


def nearest_enemy(mount: tuple[float, float], mount_height: float, weapon_range: float,
                  enemies: Sequence[EnemyUnit], index: TerrainIndex,
                  rule: SightRule = SightRule.TRUE_LINE,
                  ignore: frozenset[str] = frozenset(),
                  distance_rule: DistanceRule | None = None) -> NearestEnemy | None:
    """Find the nearest enemy unit within ``weapon_range`` and in sight of ``mount``.

    Parameters
    ----------
    mount : (float, float)
        The weapon's mount on the table, inches.
    mount_height : float
        Its height (inches, or Line of Sight value).
    weapon_range : float
        Inches; a base edge exactly at range is in range.
    enemies : sequence of EnemyUnit
        The enemy units on the table.
    index : TerrainIndex
        The blockers.
    rule : SightRule
        How heights compare.
    ignore : frozenset of str
        Blockers that never block: the weapon's own building.
    distance_rule : DistanceRule, optional
        Read range and nearness with heights (:mod:`geometry.heights`): the mount at its
        height against each model from the table to its height (inches). ``None``: across
        the table only.

    Returns
    -------
    NearestEnemy or None
        ``None`` if no unit is in range and sight.

    Examples
    --------
    >>> from shapely.geometry import box
    >>> from geometry.index import Blocker
    >>> index = TerrainIndex([Blocker("wall", box(4, -1, 5, 1), 5.0)])
    >>> hidden = EnemyUnit("u1", (("a", Circle(8, 0, 0.5)),))   # behind the wall
    >>> far = EnemyUnit("u2", (("b", Circle(0, 10, 0.5)),))
    >>> farther = EnemyUnit("u3", (("c", Circle(0, 30, 0.5)),))  # out of range
    >>> nearest_enemy((0, 0), 2.0, 24, [hidden, far, farther], index)
    NearestEnemy(unit_id='u2', model_id='b', distance=9.5, tied=('u2',))
    >>> nearest_enemy((0, 0), 2.0, 5, [hidden, far, farther], index) is None
    True

    A Rhino hull (4.5" × 3.5") whose nose is 35.9" away is in range of a 36" weapon; a circle of
    half its width at its centre would be 36.4" away:

    >>> from geometry.footprints import hull
    >>> rhino = EnemyUnit("rhino", (("r", hull(0, 35.9 + 2.25, 4.5, 3.5, 0)),), 2.5)
    >>> round(nearest_enemy((0, 0), 2.0, 36, [rhino], TerrainIndex([])).distance, 6)
    35.9

    From a mount 10" up, by the straight line, a 1" tall model 9.5" across is 13.09" away:

    >>> round(nearest_enemy((0, 0), 10.0, 24, [far], TerrainIndex([]),
    ...                     distance_rule=DistanceRule.STRAIGHT).distance, 2)
    13.09
    """
    ignore = blocker_ids(ignore)
    table = _table_of(enemies)
    if not table.count:
        return None
    gaps = table.gaps(mount)
    if distance_rule is not None and distance_rule is not DistanceRule.HORIZONTAL:
        up = np.maximum(float(mount_height) - table.heights, 0.0)  # models stand on the table
        gaps = np.asarray(rule_distance(gaps, up, distance_rule), dtype=float)
    candidates = np.flatnonzero(gaps <= weapon_range + EPSILON)
    if not len(candidates):
        return None
    tall = table.heights
    bases = table

    def in_sight(rows: np.ndarray, exact_until: float = np.inf) -> np.ndarray:
        # a clear line to the nearest point of a base, half-way up, proves a part is seen (a
        # line touching a blocker counts as blocked); the rest get the exact picture, but
        # only those not farther than a model already seen (and its ties)
        near = _nearest_points(mount, table, rows)
        starts = np.broadcast_to(np.asarray(mount, dtype=float), near.shape)
        ends = tall[rows] / 2.0 if rule is SightRule.TRUE_LINE else tall[rows]
        seen = ~rays_blocked_unchecked(index, np.ascontiguousarray(starts), near,
                                       np.full(len(rows), float(mount_height)), ends, rule,
                                       ignore)
        if seen.any():
            exact_until = min(exact_until, float(gaps[rows[np.argmax(seen)]]) + EPSILON)
        unsure = np.flatnonzero(~seen & (gaps[rows] <= exact_until))
        if len(unsure):
            shares = visible_shares(index, mount, mount_height, [bases[rows[i]] for i in unsure],
                                    tall[rows[unsure]], 0.0, rule, ignore=ignore)
            seen[unsure] = shares > SEEN
        return seen & (gaps[rows] <= exact_until)

    order = candidates[np.argsort(gaps[candidates], kind="stable")]
    for start in range(0, len(order), _BATCH):
        batch = order[start:start + _BATCH]
        seen = in_sight(batch)
        if seen.any():
            limit = gaps[batch[np.argmax(seen)]] + EPSILON
            rest = order[start + _BATCH:]
            rest = rest[gaps[rest] <= limit]  # models tied with the nearest, past this batch
            rows = np.concatenate([batch[seen], rest[in_sight(rest, limit)]]) if len(rest) \
                else batch[seen]
            return _pick(rows, gaps, table)
    return None


#: The last units asked about and their table (automated fire asks for every weapon in turn
#: with the same units; a unit is frozen, so the same unit objects give the same table).
_LAST: list[tuple[tuple[EnemyUnit, ...], _Table]] = []


def _table_of(enemies: Sequence[EnemyUnit]) -> _Table:
    """The table of these units: the last one made if they are the same unit objects."""
    units = tuple(enemies)
    if _LAST:
        kept, table = _LAST[0]
        if len(kept) == len(units) and all(a is b for a, b in zip(kept, units, strict=True)):
            return table
    table = _Table(units)
    _LAST[:] = [(units, table)]
    return table


class _Table:
    """Every enemy model of the units, as arrays; ``table[i]`` is model ``i``'s base."""

    def __init__(self, enemies: Sequence[EnemyUnit]) -> None:
        self.units = list(enemies)
        counts = np.array([len(u.models) for u in self.units], dtype=np.intp)
        self.count = int(counts.sum())
        self.offsets = np.cumsum(counts) - counts
        self.unit_of = np.repeat(np.arange(len(self.units)), counts)
        self.heights = np.repeat(np.array([u.height for u in self.units], dtype=float), counts)
        self.xyr = np.concatenate([u._xyr for u in self.units]) if self.units \
            else np.zeros((0, 3))
        others = [(u._other + off, u._shapes) for u, off in zip(self.units, self.offsets,
                                                                 strict=True) if len(u._other)]
        self.other_rows = np.concatenate([r for r, _ in others]) if others \
            else np.zeros(0, dtype=np.intp)
        self.other_shapes = np.concatenate([g for _, g in others]) if others \
            else np.zeros(0, dtype=object)

    def __getitem__(self, row: int) -> Shape:
        unit = int(self.unit_of[row])
        return self.units[unit].models[row - int(self.offsets[unit])][1]

    def unit_id(self, row: int) -> str:
        """The id of model ``row``'s unit."""
        return self.units[int(self.unit_of[row])].id

    def model_id(self, row: int) -> str:
        """The id of model ``row``."""
        unit = int(self.unit_of[row])
        return self.units[unit].models[row - int(self.offsets[unit])][0]

    def gaps(self, mount: tuple[float, float]) -> np.ndarray:
        """Distance from the mount to each base's closest point (circles analytic, else exact)."""
        xyr = self.xyr
        gaps = np.maximum(np.hypot(xyr[:, 0] - mount[0], xyr[:, 1] - mount[1]) - xyr[:, 2],
                          0.0)
        if len(self.other_rows):
            gaps[self.other_rows] = shapely.distance(shapely.Point(mount), self.other_shapes)
            for row, shape in zip(self.other_rows, self.other_shapes, strict=True):
                oval = ellipse_of(shape)
                if oval is not None:  # an oval base: to its exact ellipse
                    gaps[row] = oval.distance_to_point(mount[0], mount[1])
        return gaps


def _nearest_points(mount: tuple[float, float], table: _Table, rows: np.ndarray) -> np.ndarray:
    """The point of each base nearest the mount (nudged a hair inside towards its centre)."""
    at = np.asarray(mount, dtype=float)
    xyr = table.xyr[rows]
    if not len(table.other_rows):  # round bases only
        view = xyr[:, :2] - at
        gap = np.hypot(view[:, 0], view[:, 1])
        away = gap > xyr[:, 2] * 1e-9  # the mount on a base's centre: the centre itself
        step = np.where(away, xyr[:, 2] * 0.999 / np.where(away, gap, 1.0), 0.0)
        return np.asarray(xyr[:, :2] - view * step[:, None], dtype=float)
    found = np.zeros((len(rows), 2))
    round_ = ~np.isnan(xyr[:, 2])
    view = xyr[round_, :2] - at
    gap = np.hypot(view[:, 0], view[:, 1])
    away = gap > xyr[round_, 2] * 1e-9  # the mount on a base's centre: the centre itself
    step = np.zeros(len(gap))
    step[away] = xyr[round_, 2][away] * 0.999 / gap[away]
    found[round_] = xyr[round_, :2] - view * step[:, None]
    for i in np.flatnonzero(~round_):
        base = table[int(rows[i])]
        assert isinstance(base, BaseGeometry)  # a row without a radius is a polygon
        line = shapely.shortest_line(shapely.Point(mount), base)
        end = np.asarray(line.coords[-1])
        middle = np.asarray(base.centroid.coords[0])
        found[i] = end + (middle - end) * 1e-3
    return found


def _pick(rows: np.ndarray, gaps: np.ndarray, table: _Table) -> NearestEnemy | None:
    """Choose the nearest unit among the rows in range and sight; list the ties."""
    if not len(rows):
        return None
    best: dict[str, int] = {}
    listed, near = rows.tolist(), gaps[rows].tolist()
    units = table.unit_of[rows].tolist()
    done: set[int] = set()
    for k in sorted(range(len(listed)), key=near.__getitem__):  # nearest first, stable
        if units[k] not in done:  # each unit's nearest model in sight
            done.add(units[k])
            best[table.unit_id(listed[k])] = listed[k]
    shortest = min(gaps[row] for row in best.values())
    tied = tuple(sorted(u for u, row in best.items() if gaps[row] <= shortest + EPSILON))
    row = best[tied[0]]
    return NearestEnemy(tied[0], table.model_id(row), float(gaps[row]), tied)
