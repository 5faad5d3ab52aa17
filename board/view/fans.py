"""Rays that leave one eye side by side, drawn as the fans they make on screen.

A line of sight draws one ray per strip of each target model, all from the shooter's eye: a
unit of 20 looked at from one eye is 320 rays, sixteen to each model, which at a table's
zoom end less than a pixel apart. Drawn one by one (a dark halo, then the colour), each ray
costs the raster engine a pass along its whole length, and the sixteen cover the same wedge
of screen sixteen times over.

Where consecutive rays of one colour start at the same point and end closer together on
screen than the pen is wide, every point between two of them is within half a pen of one of
them (the gap between two rays is widest at their ends), so together they cover exactly the
wedge they span, widened by half a pen. :func:`fans_path` draws such a run as that wedge: a
closed polygon, the eye then each end in turn (only the outer two where the ends lie on one
line, as the strips across a model do), filled and outlined with the same pen. The pixels
are the rays' own but at the wedge's corners, where the rays' square caps reached a pen's
half width further (at the eye, behind it; along the ends, where the caps made a ragged
edge and the wedge's is straight); a ray with no close neighbour stays a line. Drawing the
two outer rays as lines too, for their caps, cost more than the fans saved.
"""

from __future__ import annotations

import struct

import numpy as np
from PySide6.QtCore import QByteArray, QDataStream, QIODevice
from PySide6.QtGui import QPainterPath

from board.view.convert import segments_path

__all__ = ["fan_runs", "fans_path", "MovingFans", "STRAIGHT_PX"]

#: A fan's ends this close to the line between its outer two, pixels, lie on it: the fan is
#: drawn as the triangle of its outer rays (what the raster engine strokes is then three
#: edges, not one a ray). A quarter of a pixel moves no pixel's centre across an edge but
#: the odd one on it.
STRAIGHT_PX = 0.25

#: ``QPainterPath`` element kinds, as its binary form writes them.
_MOVE, _LINE = 0, 1

#: ``Qt.FillRule.WindingFill`` in a path's binary form: every fan is turned the same way,
#: so where two overlap (models one behind the other) they are filled, not cut out.
_WINDING = 1


def fan_runs(ends: np.ndarray, scale: float, spacing: float,
             owners: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Where each run of rays drawn as one fan begins, and whether to take it in reverse.

    ``ends`` holds a row ``(x1, y1, x2, y2)`` per ray in drawing order; ``scale`` is pixels
    per unit of them; two consecutive rays are in one run when they start at the same point,
    their ends are at most ``spacing`` pixels apart and they turn the same way as the run's
    earlier rays (a ray exactly in line with the last breaks the run); with ``owners`` (a
    row per ray: what moves its start and what moves its end), when these are the same too.
    Returns the index of
    each run's first ray, and per run whether its rays are to be taken in reverse so that
    every fan turns the same way (``False`` for a run of one).

    >>> import numpy as np
    >>> rays = np.array([[0, 0, 10, 0], [0, 0, 10, 0.1], [0, 0, 10, 0.2], [0, 0, 10, 5]])
    >>> first, turn = fan_runs(rays, 10.0, 2.0)
    >>> first.tolist(), turn.tolist()
    ([0, 3], [False, False])
    """
    rows = np.asarray(ends, dtype=float).reshape(-1, 4)
    if len(rows) < 2:
        return np.zeros(len(rows), dtype=np.intp), np.zeros(len(rows), dtype=bool)
    same = (rows[1:, 0] == rows[:-1, 0]) & (rows[1:, 1] == rows[:-1, 1])
    gap = np.hypot(rows[1:, 2] - rows[:-1, 2], rows[1:, 3] - rows[:-1, 3]) * scale
    u = rows[:-1, 2:] - rows[:-1, :2]
    v = rows[1:, 2:] - rows[1:, :2]
    turn = np.sign(u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0])
    link = same & (gap <= spacing) & (turn != 0)
    if owners is not None:
        link &= np.all(owners[1:] == owners[:-1], axis=1)
    # A run turns one way: a link that turns back from the link before it starts a new run.
    link[1:] &= ~(link[:-1] & (turn[1:] != turn[:-1]))
    first = np.flatnonzero(np.concatenate(([True], ~link)))
    backwards = np.zeros(len(first), dtype=bool)
    linked = first < len(link)
    backwards[linked] = link[first[linked]] & (turn[first[linked]] < 0)
    return first, backwards


def fans_path(ends: np.ndarray, scale: float, spacing: float,
              straight: float = STRAIGHT_PX) -> QPainterPath:
    """The rays as one path: runs of close rays from one eye as closed fans, others as lines.

    Drawn with a pen and a brush of one colour the path covers what the rays drawn one by one
    with that pen cover (see the module's notes) when ``spacing`` is at most the pen's width
    in pixels; ``scale`` is pixels per unit of ``ends`` (rows ``(x1, y1, x2, y2)``). A fan
    whose ends all lie within ``straight`` pixels of the line between its outer two (the
    strips across a model) is the triangle of its outer rays. Every fan goes round the same
    way, and the path fills by winding. Made straight from the arrays as
    :func:`~board.view.convert.segments_path` is.

    >>> import numpy as np
    >>> rays = np.array([[0, 0, 10, 0], [0, 0, 10, 0.1], [0, 0, 10, 0.2], [0, 0, 10, 5]])
    >>> path = fans_path(rays, 10.0, 2.0)
    >>> points = [(path.elementAt(k).x, path.elementAt(k).y) for k in range(path.elementCount())]
    >>> points[:4]  # the fan: the eye, its outer ends, back to the eye
    [(0.0, 0.0), (10.0, 0.0), (10.0, 0.2), (0.0, 0.0)]
    >>> points[4:]  # the lone ray
    [(0.0, 0.0), (10.0, 5.0)]
    >>> bent = np.array([[0, 0, 10, 0], [0, 0, 10.5, 0.1], [0, 0, 10, 0.2]])
    >>> fans_path(bent, 10.0, 6.0).elementCount()  # the middle end is 5 px off: kept
    5
    """
    rows = _rows(ends)
    return _Plan(rows, scale, spacing, straight).path(rows)


def _rows(ends: np.ndarray) -> np.ndarray:
    return np.asarray(ends, dtype=float).reshape(-1, 4)


class _Plan:
    """Which end of which ray makes each element of the fans' path, and how the fans turn.

    The plan holds for other rays of the same count while every fan still turns as it did:
    rays whose starts all move with one model and whose ends all move with another (a drag)
    keep their fans, but for an eye carried across the line of a fan's ends.
    """

    def __init__(self, rows: np.ndarray, scale: float, spacing: float, straight: float,
                 owners: np.ndarray | None = None) -> None:
        count = len(rows)
        first, backwards = fan_runs(rows, scale, spacing, owners)
        self.count = count
        self.fans = len(first) < count
        size = np.diff(np.append(first, count))
        run = np.repeat(np.arange(len(first)), size)  # each ray's run
        rank = np.arange(count) - first[run]  # its place in the run
        # Every fan turned the same way: a run that turns the other way is taken in reverse.
        order = np.where(backwards[run], first[run] + size[run] - 1 - rank, np.arange(count))
        taken = rows[order]
        # A straight run keeps its outer rays only: the ends between lie on the line across.
        near, far = taken[first, 2:], taken[first + size - 1, 2:]
        across = far - near
        off = np.abs(across[run, 0] * (taken[:, 3] - near[run, 1])
                     - across[run, 1] * (taken[:, 2] - near[run, 0]))  # distance × |across|
        flat = np.maximum.reduceat(off, first) <= straight / scale * np.hypot(across[:, 0],
                                                                                across[:, 1])
        keep = (rank == 0) | (rank == size[run] - 1) | ~flat[run]
        rays, run = order[keep], run[keep]
        opens = np.concatenate(([True], run[1:] != run[:-1]))  # the eye, moved to
        closes = np.concatenate((run[1:] != run[:-1], [True])) & (size[run] > 1)  # back to it
        per = 1 + opens + closes
        at = np.cumsum(per) - per  # each kept ray's first element
        #: Each element's x as an index into the rays' flattened rows (its y is the next).
        self.x = np.empty(int(per.sum()), dtype=np.intp)
        self.x[at[opens]] = 4 * rays[opens]
        end = at + opens
        self.x[end] = 4 * rays + 2
        self.x[end[closes] + 1] = 4 * rays[closes]
        self.kinds = np.full(len(self.x), _LINE, dtype=">i4")
        self.kinds[at[opens]] = _MOVE
        #: Consecutive kept rays of one fan, and which way each pair turns.
        self.pairs = np.flatnonzero(~opens[1:]) if len(opens) > 1 else np.zeros(0, np.intp)
        self.rays = rays
        self.turns = self._turns(rows)

    def _turns(self, rows: np.ndarray) -> np.ndarray:
        a, b = rows[self.rays[self.pairs]], rows[self.rays[self.pairs + 1]]
        return np.sign((a[:, 2] - a[:, 0]) * (b[:, 3] - b[:, 1])
                       - (a[:, 3] - a[:, 1]) * (b[:, 2] - b[:, 0]))

    def holds(self, rows: np.ndarray) -> bool:
        """Whether the fans of ``rows`` turn as the plan's did (rows of the same rays, moved)."""
        return len(rows) == self.count and bool(np.array_equal(self._turns(rows), self.turns))

    def path(self, rows: np.ndarray) -> QPainterPath:
        """The path of ``rows`` by the plan (their lines when no two make a fan)."""
        if not self.fans:
            return segments_path(rows)
        flat = rows.reshape(-1)
        records = np.empty(len(self.x), dtype=[("kind", ">i4"), ("x", ">f8"), ("y", ">f8")])
        records["kind"], records["x"], records["y"] = self.kinds, flat[self.x], flat[self.x + 1]
        data = QByteArray(struct.pack(">i", len(records)) + records.tobytes()
                          + struct.pack(">ii", 0, _WINDING))
        path = QPainterPath()
        stream = QDataStream(data, QIODevice.OpenModeFlag.ReadOnly)
        stream >> path  # noqa: B015 - Qt's stream operator fills the path
        return path


class MovingFans:
    """The fans of rays that move with their models: planned once, drawn on every move.

    ``owners`` holds a row per ray: what moves its start and what moves its end (a drag
    shifts every ray of an owner alike). A fan never joins rays of different owners, so a
    plan made at one place holds at the next but where a fan turns the other way (its eye
    carried across the line of its ends): then it is made again.
    """

    def __init__(self, owners: np.ndarray, spacing: float,
                 straight: float = STRAIGHT_PX) -> None:
        self.owners, self.spacing, self.straight = owners, spacing, straight
        self._plan: tuple[float, _Plan] | None = None
        #: How many plans were made (tests count them).
        self.planned = 0

    def path(self, ends: np.ndarray, scale: float) -> QPainterPath:
        """:func:`fans_path` of ``ends`` (rows of these rays, moved), by the kept plan."""
        rows = _rows(ends)
        if self._plan is None or self._plan[0] != scale or not self._plan[1].holds(rows):
            self._plan = (scale, _Plan(rows, scale, self.spacing, self.straight, self.owners))
            self.planned += 1
        return self._plan[1].path(rows)
