"""Automated fire: the nearest enemy unit in range and in sight of an emplaced weapon.

Inches. Range is measured from the weapon's mount to the closest point of each enemy model's
base; a unit counts at the distance of its nearest model that is both in range and in sight
(at least one sight ray to the base is clear). Ties (equal to 1e-9 inch) are broken by unit id
in sorting order, and every tied unit is listed so the rules can roll among them instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from geometry.footprints import Circle
from geometry.index import TerrainIndex
from geometry.measure import EPSILON
from geometry.sight import SightRule, visible_fractions

__all__ = ["EnemyUnit", "NearestEnemy", "nearest_enemy"]

#: Rays per enemy base when asking whether it is in sight of a weapon.
_TARGET_SAMPLES = 5
#: Models tested for sight at a time, nearest first; most weapons stop at the first batch.
_BATCH = 16


@dataclass(frozen=True)
class EnemyUnit:
    """An enemy unit as the targeting sees it: id, its models' bases, their height."""

    id: str
    models: tuple[tuple[str, Circle], ...]
    height: float = 1.0


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
                  ignore: frozenset[str] = frozenset()) -> NearestEnemy | None:
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
    """
    units, models, centres, radii, heights = [], [], [], [], []
    for unit in enemies:
        for model_id, base in unit.models:
            units.append(unit.id)
            models.append(model_id)
            centres.append(base.centre)
            radii.append(base.radius)
            heights.append(unit.height)
    if not centres:
        return None
    xy, r = np.array(centres, dtype=float), np.array(radii, dtype=float)
    gaps = np.maximum(np.hypot(xy[:, 0] - mount[0], xy[:, 1] - mount[1]) - r, 0.0)
    candidates = np.flatnonzero(gaps <= weapon_range + EPSILON)
    if not len(candidates):
        return None
    tall = np.array(heights, dtype=float)

    def in_sight(rows: np.ndarray) -> np.ndarray:
        return visible_fractions(index, mount, mount_height, xy[rows], r[rows], tall[rows],
                                 rule, _TARGET_SAMPLES, ignore=ignore) > 0.0

    order = candidates[np.argsort(gaps[candidates], kind="stable")]
    for start in range(0, len(order), _BATCH):
        batch = order[start:start + _BATCH]
        seen = in_sight(batch)
        if seen.any():
            limit = gaps[batch[np.argmax(seen)]] + EPSILON
            rest = order[start + _BATCH:]
            rest = rest[gaps[rest] <= limit]  # models tied with the nearest, past this batch
            rows = np.concatenate([batch[seen], rest[in_sight(rest)]]) if len(rest) \
                else batch[seen]
            return _pick(rows, gaps, units, models)
    return None


def _pick(rows: np.ndarray, gaps: np.ndarray, units: list[str],
          models: list[str]) -> NearestEnemy | None:
    """Choose the nearest unit among the rows in range and sight; list the ties."""
    if not len(rows):
        return None
    best: dict[str, int] = {}
    for row in rows[np.argsort(gaps[rows], kind="stable")]:
        best.setdefault(units[row], int(row))
    shortest = min(gaps[row] for row in best.values())
    tied = tuple(sorted(u for u, row in best.items() if gaps[row] <= shortest + EPSILON))
    row = best[tied[0]]
    return NearestEnemy(tied[0], models[row], float(gaps[row]), tied)
