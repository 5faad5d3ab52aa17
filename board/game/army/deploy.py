"""Where imported units stand: in formation, inside their side's deployment zone, clear of all.

Each unit's formation (ranks for a ranked system, a loose group otherwise:
:func:`board.game.placement.formation_offsets`) faces the table's centre and is put at the
first free spot of its side's zone, scanning from the zone's edge nearest the centre line
back, half an inch at a time. A spot is free when the formation's box, grown by
:data:`~board.game.placement.CLEARANCE` on each side, lies wholly in the zone (and so on the
table) and touches no terrain footprint and no base already there or just placed. Every spot
of a unit is tried at once (numpy and Shapely's vectorised ``contains_xy``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from board.game.placement import CLEARANCE, STEP, Box, NoRoomError, formation_offsets

__all__ = ["Formation", "deploy_formations", "facing_towards"]

XY = tuple[float, float]


@dataclass(frozen=True)
class Formation:
    """A unit to place: how many models, the largest base (inches), ranked or loose."""

    count: int
    length: float
    width: float
    ranked: bool
    per_rank: int = 5


def facing_towards(zone: BaseGeometry, centre: XY) -> float:
    """The facing (0 up the table, clockwise, a multiple of 90) from the zone to ``centre``.

    >>> from shapely.geometry import box
    >>> facing_towards(box(0, 0, 72, 12), (36, 24)), facing_towards(box(0, 36, 72, 48), (36, 24))
    (180.0, 0.0)
    """
    point = zone.representative_point()
    dx, dy = centre[0] - point.x, centre[1] - point.y
    angle = math.degrees(math.atan2(dx, -dy)) % 360.0
    return float(round(angle / 90.0) % 4 * 90)


def _offsets(formation: Formation, facing: float) -> list[XY]:
    offsets = formation_offsets(formation.count, formation.length, formation.width,
                                ranked=formation.ranked, per_rank=formation.per_rank)
    if facing in (90.0, 270.0):  # ranks run up the table: swap the axes
        return [(y, x) for x, y in offsets]
    return offsets


def _candidates(zone: BaseGeometry, centre: XY, half: XY) -> np.ndarray:
    """Spots in the zone's box, those nearest the table's centre line first."""
    x0, y0, x1, y1 = zone.bounds
    xs = np.arange(x0 + half[0], x1 - half[0] + 1e-9, STEP)
    ys = np.arange(y0 + half[1], y1 - half[1] + 1e-9, STEP)
    if not len(xs) or not len(ys):
        return np.empty((0, 2))
    gx, gy = np.meshgrid(xs, ys)
    spots = np.column_stack([gx.ravel(), gy.ravel()])
    depth = np.abs(spots[:, 1] - centre[1]) if (x1 - x0) >= (y1 - y0) \
        else np.abs(spots[:, 0] - centre[0])
    across = np.abs(spots[:, 0] - centre[0]) if (x1 - x0) >= (y1 - y0) \
        else np.abs(spots[:, 1] - centre[1])
    order = np.lexsort((across, np.round(depth / STEP)))
    return spots[order]


def _free(spots: np.ndarray, half: XY, zone: BaseGeometry, blocked: np.ndarray) -> int | None:
    """The index of the first spot whose grown box is in the zone and touches nothing."""
    hx, hy = half[0] + CLEARANCE, half[1] + CLEARANCE
    inside = np.ones(len(spots), dtype=bool)
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):  # the zones are convex
        inside &= shapely.contains_xy(zone, spots[:, 0] + sx * half[0],
                                      spots[:, 1] + sy * half[1])
    if len(blocked):
        lo_x, lo_y = spots[:, 0:1] - hx, spots[:, 1:2] - hy
        hi_x, hi_y = spots[:, 0:1] + hx, spots[:, 1:2] + hy
        hit = (lo_x < blocked[:, 2]) & (blocked[:, 0] < hi_x) & \
              (lo_y < blocked[:, 3]) & (blocked[:, 1] < hi_y)
        inside &= ~hit.any(axis=1)
    found = np.flatnonzero(inside)
    return int(found[0]) if len(found) else None


def deploy_formations(formations: Sequence[Formation], zone: BaseGeometry, centre: XY,
                      blocked: Sequence[Box] = ()) -> tuple[list[list[XY]], float]:
    """Each formation's model centres in ``zone``, in order, and the facing they take.

    A :class:`~board.game.placement.NoRoomError` names the first unit with no room left.
    """
    if zone.is_empty or zone.area <= 0:
        raise NoRoomError("the side's deployment zone is empty on this table")
    shapely.prepare(zone)
    facing = facing_towards(zone, centre)
    taken = np.array(list(blocked), dtype=float).reshape(-1, 4)
    placed: list[list[XY]] = []
    for k, formation in enumerate(formations):
        offsets = _offsets(formation, facing)
        along, across = (formation.width, formation.length) if facing in (0.0, 180.0) \
            else (formation.length, formation.width)
        half = (max(abs(x) for x, _ in offsets) + along / 2.0,
                max(abs(y) for _, y in offsets) + across / 2.0)
        spots = _candidates(zone, centre, half)
        index = _free(spots, half, zone, taken) if len(spots) else None
        if index is None:
            raise NoRoomError(f"no room left in the deployment zone for unit {k + 1} of "
                              f"{len(formations)} ({formation.count} models, "
                              f"{2 * half[0]:.1f}×{2 * half[1]:.1f} in)")
        x, y = (float(v) for v in spots[index])
        placed.append([(round(x + ox, 6), round(y + oy, 6)) for ox, oy in offsets])
        taken = np.vstack([taken, [x - half[0], y - half[1], x + half[0], y + half[1]]])
    return placed, facing
