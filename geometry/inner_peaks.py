"""The highest peak of the distance from a large footprint inside one base, in bounded memory.

Where a non-convex footprint ``B`` wraps round a base, the distance from ``B`` can peak inside
the base, at a point equally far from three of ``B``'s features (corners, edge lines;
:mod:`geometry.equidistant`). A footprint of ``m`` features has some ``m³`` such points — 16
million for a Vanguard Strike zone, whose 12" cut-out circle gives it ~180 corners, and 42.6
GiB to measure them all at once. Only a few can matter for one base, and only those higher
than what its outline already reaches (``floor``):

1. **Squares.** The base lies within ``size`` of its centre ``c``. A square of centre ``q`` and
   half-diagonal ``h`` holds no point farther from ``B`` than ``dist(q, B) + h`` (a distance
   changes no faster than the point moves). Squares that cannot beat ``floor`` or the best
   centre inside the base, or farther than ``h`` from the base, are dropped, the rest
   quartered. Round a peak (even one equally far from all ~180 edges of a circle cut out of
   a zone) a few dozen squares are left at each level, and once their bound and the best
   centre agree within :data:`TOLERANCE` the bound is the answer: never short.
2. **Features.** Where the distance ties along a ridge, the squares left grow past
   :data:`MAX_SQUARES`; then the peak's features are found. The nearest feature of a point
   ``p`` of a square is at ``dist(p, B) ≤ dist(q, B) + h`` from ``p``, so within
   ``dist(q, B) + 2h`` of ``q``: an edge whose segment, or a corner, lies farther from every
   square left is never one of a peak's three.
3. **Points.** The three-feature points of the features left, a chunk at a time
   (:func:`geometry.equidistant.three_feature_chunks`), those the base holds measured exactly
   to the whole of ``B``, the largest kept.

Nothing is sampled: the answer is the squares' bound (within 1e-10" above the truth) or, at
a ridge, the largest of the exact distances of the base's three-feature points (the peak, if
higher than ``floor``, is one of them).
Memory is bounded by the squares (at most :data:`MAX_SQUARES`) times the features, and by
:data:`geometry.equidistant.CHUNK`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from geometry.distinct import distinct
from geometry.equidistant import CHUNK, three_feature_chunks

if TYPE_CHECKING:  # pragma: no cover
    from geometry.farthest_features import Features

__all__ = ["MAX_SQUARES", "peak_near"]

FloatArray = NDArray[np.float64]

#: Squares kept at most while narrowing down where a peak can be.
MAX_SQUARES = 1024
#: Quarterings at most (a 2" base: squares of 2/2⁴⁸", far below :data:`TOLERANCE`).
LEVELS = 48
#: The squares' bound and the best point of the base found agree within this many inches when
#: the search stops there (as :data:`geometry.ellipse.FARTHEST_TOLERANCE`).
TOLERANCE = 1e-10
#: The four quarters of a square, as offsets in half-sides.
_QUARTERS = np.array([(-1, -1), (1, -1), (-1, 1), (1, 1)], dtype=float)


def peak_near(features: Features, cx: float, cy: float, size: float,
              apart: Callable[[FloatArray], FloatArray], floor: float = 0.0) -> float:
    """The farthest distance from the footprint of a point inside a base, never short.

    The base lies within ``size`` of ``(cx, cy)``; ``apart`` gives the distance of points
    (n, 2) from it (0 for those it holds). Points no farther than ``floor`` (what its outline
    reaches) are not looked for: where none is farther the answer is at most ``floor``
    (``floor + TOLERANCE``).
    """
    centres, half = np.array([[cx, cy]]), float(size)
    best = 0.0
    for level in range(LEVELS + 1):
        reach = half * math.sqrt(2.0)
        gaps = _distances(features, centres)
        near = apart(centres)
        held = gaps[near <= 0.0]
        best = max(best, float(held.max()) if len(held) else 0.0)
        keep = (gaps + reach > max(floor, best)) & (near <= reach)
        centres, gaps = centres[keep], gaps[keep]
        if not len(centres):
            return best
        upper = float((gaps + reach).max())
        if upper - max(best, floor) <= TOLERANCE:
            return upper  # never short, and within TOLERANCE of a point of the base
        if level == LEVELS or 4 * len(centres) > MAX_SQUARES:
            break
        half *= 0.5
        centres = (centres[:, None, :] + half * _QUARTERS[None, :, :]).reshape(-1, 2)
    corners, lines = _near_features(features, centres, gaps + 2.0 * half * math.sqrt(2.0))
    step = max(1, CHUNK // max(len(features.normals), 1))
    for points in three_feature_chunks(features.corners[corners], features.normals[lines],
                                       features.offsets[lines]):
        points = points[np.hypot(points[:, 0] - cx, points[:, 1] - cy) <= size]
        if len(points):
            points = distinct(points[apart(points) <= 0.0], axis=0)
        for start in range(0, len(points), step):
            best = max(best, float(features.distance(points[start:start + step]).max()))
    return best


def _distances(features: Features, points: FloatArray) -> FloatArray:
    """Exact distances of points to the footprint, a chunk of points at a time."""
    step = max(1, CHUNK // max(len(features.normals), 1))
    return np.concatenate([features.distance(points[start:start + step])
                           for start in range(0, len(points), step)])


def _near_features(features: Features, centres: FloatArray, radii: FloatArray,
                   ) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """Which corners, and which edges' segments, lie within ``radii`` of some of ``centres``."""
    corners = np.zeros(len(features.corners), dtype=bool)
    lines = np.zeros(len(features.normals), dtype=bool)
    z = centres[:, 0] + 1j * centres[:, 1]
    step = max(1, CHUNK // max(len(features.normals), len(features.corners), 1))
    for start in range(0, len(z), step):
        part, r = z[start:start + step], radii[start:start + step] + 1e-9
        v = features.corners
        corners |= (np.hypot(v[:, None, 0] - part.real[None, :],
                             v[:, None, 1] - part.imag[None, :]) <= r[None, :]).any(axis=1)
        lines |= (np.abs(features.edge_offsets(part)) <= r[None, :]).any(axis=1)
    return corners, lines
