"""Where imported units stand: in formation, inside their side's deployment zone, clear of all.

Each unit's formation (ranks for a ranked system, a loose group otherwise:
:func:`board.game.placement.formation_offsets`) faces the table's centre and is put at the
first free spot of its side's zone, row by row from the zone's edge nearest the centre line
back, an eighth of an inch at a time, the largest units first (first fit decreasing: the small
ones fill the gaps). A spot is free when the formation's box lies wholly in the zone (and
so on the table), is :data:`~board.game.placement.CLEARANCE` clear of every terrain
footprint and base already there and :data:`UNIT_GAP` clear of the units just placed.

The zone is a raster of eighth-inch cells, a cell taken when anything (grown by its gap)
touches it at all, so a free window is free for certain; a summed-area table finds every
free window of a unit's size in one pass over the zone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from board.game.placement import CLEARANCE, Box, NoRoomError

__all__ = ["Formation", "deploy_formations", "facing_towards", "GAP", "UNIT_GAP"]

XY = tuple[float, float]
#: Space between the bases of a loose group as deployed, inches: well inside 40K's 2"
#: coherency (a ranked unit's bases touch).
GAP = 0.5
#: Space between two units of the imported army, inches (from anything else on the table:
#: :data:`~board.game.placement.CLEARANCE`): apart enough to tell, close enough that 200
#: models in 37 units fit a 24" deep zone beside three buildings.
UNIT_GAP = 0.5
#: The cells of the zone are this wide, inches (an eighth: a crowded zone packs close).
STEP = 0.125
#: Bases keep this far inside the zone's edge, inches: a base exactly on it would read as
#: out of the zone after rounding (far below the 0.01" a distance is shown to).
MARGIN = 0.001


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


def formation_offsets(formation: Formation) -> list[XY]:
    """Each model's centre from the formation's centre, front rank first (facing up).

    Ranked: bases touching, ``per_rank`` to a rank. Loose: :data:`GAP` between bases, in
    full ranks as near square as the count allows (:func:`_loose_files`).

    >>> formation_offsets(Formation(3, 1.0, 1.0, ranked=True))
    [(-1.0, 0.0), (0.0, 0.0), (1.0, 0.0)]
    >>> formation_offsets(Formation(4, 1.0, 1.0, ranked=False))
    [(-0.75, -0.75), (0.75, -0.75), (-0.75, 0.75), (0.75, 0.75)]
    """
    count = formation.count
    files = min(count, formation.per_rank) if formation.ranked else _loose_files(count)
    ranks = math.ceil(count / files)
    gap = 0.0 if formation.ranked else GAP
    dx, dy = formation.width + gap, formation.length + gap
    x0, y0 = -(files - 1) * dx / 2.0, -(ranks - 1) * dy / 2.0
    return [(x0 + (k % files) * dx, y0 + (k // files) * dy) for k in range(count)]


def _loose_files(count: int) -> int:
    """Models a rank of a loose group: the fewest empty places, then the squarest.

    >>> [_loose_files(n) for n in (1, 3, 5, 10, 20, 30)]
    [1, 3, 5, 5, 5, 6]
    """
    low = max(1, math.ceil(math.sqrt(count)))
    choices = range(low, max(low, 2 * low - 1) + 1)
    return min(choices, key=lambda f: (math.ceil(count / f) * f - count, f))


def _offsets(formation: Formation, facing: float) -> list[XY]:
    offsets = formation_offsets(formation)
    if facing in (90.0, 270.0):  # ranks run up the table: swap the axes
        return [(y, x) for x, y in offsets]
    return offsets


class _Raster:
    """The zone as :data:`STEP`-square cells, each taken or free (conservatively)."""

    def __init__(self, zone: BaseGeometry, centre: XY, standing: Sequence[Box]) -> None:
        x0, y0, x1, y1 = zone.bounds
        self.x0, self.y0 = x0 + MARGIN, y0 + MARGIN
        self.nx = max(0, int(math.floor((x1 - x0 - 2 * MARGIN) / STEP + 1e-9)))
        self.ny = max(0, int(math.floor((y1 - y0 - 2 * MARGIN) / STEP + 1e-9)))
        self.taken = np.zeros((self.ny, self.nx), dtype=np.int32)
        self.table = np.zeros((self.ny + 1, self.nx + 1), dtype=np.int32)
        self.centre = centre
        self.wide = (x1 - x0) >= (y1 - y0)
        if abs(zone.area - zone.envelope.area) > 1e-9:  # not a rectangle: cells outside it
            inner = zone.buffer(-MARGIN)
            xs = self.x0 + np.arange(self.nx + 1) * STEP
            ys = self.y0 + np.arange(self.ny + 1) * STEP
            gx, gy = np.meshgrid(xs, ys)
            inside = np.asarray(shapely.contains_xy(inner, gx, gy), dtype=bool)
            cell_in = inside[:-1, :-1] & inside[1:, :-1] & inside[:-1, 1:] & inside[1:, 1:]
            # Four corners in the zone shrunk by MARGIN: the cell is in the zone. Vanguard
            # Strike's zones are not convex (the 12" circle round the centre is cut out), but
            # an arc of 12" bulges into an eighth-inch cell by 0.00016" at most, under MARGIN.
            self.taken[~cell_in] = 1
        for box in standing:
            self.mark(box, CLEARANCE)

    def mark(self, box: Box, gap: float) -> None:
        """Take every cell ``box``, grown by ``gap``, touches."""
        i0 = max(0, int(math.floor((box[0] - gap - self.x0) / STEP + 1e-9)))
        i1 = min(self.nx, int(math.ceil((box[2] + gap - self.x0) / STEP - 1e-9)))
        j0 = max(0, int(math.floor((box[1] - gap - self.y0) / STEP + 1e-9)))
        j1 = min(self.ny, int(math.ceil((box[3] + gap - self.y0) / STEP - 1e-9)))
        if i0 < i1 and j0 < j1:
            self.taken[j0:j1, i0:i1] = 1

    def first_free(self, half: XY) -> XY | None:
        """The centre of the first free box ``2 half`` in size, rows nearest the centre first.

        Each row (a line at one depth from the table's centre line) is filled from one end:
        first fit, as a player lines units up.
        """
        wx = int(math.ceil(2 * half[0] / STEP - 1e-9))
        wy = int(math.ceil(2 * half[1] / STEP - 1e-9))
        if wx > self.nx or wy > self.ny:
            return None
        table = self.table
        np.cumsum(self.taken, axis=0, out=table[1:, 1:])
        np.cumsum(table[1:, 1:], axis=1, out=table[1:, 1:])
        sums = table[wy:, wx:] - table[:-wy, wx:] - table[wy:, :-wx] + table[:-wy, :-wx]
        js, is_ = np.nonzero(sums == 0)
        if not len(js):
            return None
        xs = self.x0 + is_ * STEP + half[0]
        ys = self.y0 + js * STEP + half[1]
        depth = np.abs(ys - self.centre[1]) if self.wide else np.abs(xs - self.centre[0])
        along = is_ if self.wide else js  # cells from the zone's one end
        k = int(np.argmin(np.round(depth / STEP) * (self.nx + self.ny + 1) + along))
        return float(xs[k]), float(ys[k])


def _half(formation: Formation, offsets: list[XY], facing: float) -> XY:
    along, across = (formation.width, formation.length) if facing in (0.0, 180.0) \
        else (formation.length, formation.width)
    return (max(abs(x) for x, _ in offsets) + along / 2.0,
            max(abs(y) for _, y in offsets) + across / 2.0)


def deploy_formations(formations: Sequence[Formation], zone: BaseGeometry, centre: XY,
                      blocked: Sequence[Box] = ()) -> tuple[list[list[XY]], float]:
    """Each formation's model centres in ``zone``, in order, and the facing they take.

    A :class:`~board.game.placement.NoRoomError` names the first unit with no room left.
    """
    if zone.is_empty or zone.area <= 0:
        raise NoRoomError("the side's deployment zone is empty on this table")
    facing = facing_towards(zone, centre)
    raster = _Raster(zone, centre, blocked)
    shapes = [(_offsets(f, facing), f) for f in formations]
    halves = [_half(f, offsets, facing) for offsets, f in shapes]
    order = sorted(range(len(formations)), key=lambda k: -halves[k][0] * halves[k][1])
    placed: dict[int, list[XY]] = {}
    for k in order:
        (offsets, formation), half = shapes[k], halves[k]
        spot = raster.first_free(half)
        if spot is None:
            raise NoRoomError(f"no room left in the deployment zone for unit {k + 1} of "
                              f"{len(formations)} ({formation.count} models, "
                              f"{2 * half[0]:.1f}×{2 * half[1]:.1f} in) after "
                              f"{len(placed)} placed")
        x, y = spot
        placed[k] = [(round(x + ox, 6), round(y + oy, 6)) for ox, oy in offsets]
        raster.mark((x - half[0], y - half[1], x + half[0], y + half[1]), UNIT_GAP)
    return [placed[k] for k in range(len(formations))], facing
