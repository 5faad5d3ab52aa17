"""Points equally far from three features of a footprint: where it wraps round a point.

A footprint's features are its corners and the lines of its edges (unit normal ``n``,
offset ``k``: ``n·p = k``). The farthest point of a base from the footprint lies strictly
inside the base only where the distance peaks there, and such a peak is equally far from
three features (elsewhere the distance rises in some direction, or stays level along a ridge
that reaches the outline): a circumcentre of three corners, a point equally far from three
lines, or the roots of a quadratic for the mixed triples. :mod:`geometry.farthest` measures
them exactly and keeps them per footprint.

>>> corners = np.array([(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)])
>>> points = three_feature_points(corners, np.zeros((0, 2)), np.zeros(0))
>>> points.round(9).tolist()  # the corners' circumcentre
[[2.0, 2.0]]
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray

__all__ = ["CHUNK", "three_feature_chunks", "three_feature_points"]

FloatArray = NDArray[np.float64]

#: About this many combinations are worked on at once: a footprint of m features has some
#: m³ three-feature points (16 million for the ~180 corners of a zone cut by a 12" circle), so
#: they are made a chunk at a time, in memory that does not grow with their number.
CHUNK = 1 << 15


def three_feature_points(corners: FloatArray, normals: FloatArray,
                         offsets: FloatArray) -> FloatArray:
    """Points equally far from three features (corners or edge lines): where B wraps round.

    A maximum of the distance strictly inside a base is such a point (elsewhere the distance
    rises in some direction, or stays level along a ridge that reaches the outline).

    Parameters
    ----------
    corners : (m, 2) array
        The footprint's corners.
    normals, offsets : (n, 2), (n,) arrays
        Its edges' lines ``normal · p = offset``.

    Returns
    -------
    (k, 2) array
        Every point equally far from three of them (duplicates and all).
    """
    found = list(three_feature_chunks(corners, normals, offsets))
    return np.concatenate(found) if found else np.zeros((0, 2))


def three_feature_chunks(corners: FloatArray, normals: FloatArray,
                         offsets: FloatArray) -> Iterator[FloatArray]:
    """The points of :func:`three_feature_points`, a chunk at a time.

    Each chunk comes from at most about :data:`CHUNK` combinations of features, so a footprint
    with many corners (a zone cut by a circle, up to the 1,000 a file may give) is gone through
    in bounded memory.
    """
    v, n, k = corners, normals, offsets
    if len(v) >= 3:
        for i, j, m in _triple_chunks(len(v)):
            yield _circumcentres(v, i, j, m)
    if len(n) >= 3:
        for i, j, m in _triple_chunks(len(n)):
            yield from _three_lines(n, k, i, j, m)
    if len(n) >= 2 and len(v):
        for i, j in _pair_chunks(len(n), len(v)):
            yield from _corner_and_two_lines(v, n, k, i, j)
    if len(v) >= 2 and len(n):
        for i, j in _pair_chunks(len(v), len(n)):
            yield from _two_corners_and_a_line(v, n, k, i, j)


Index = NDArray[np.intp]


def _triple_chunks(count: int) -> Iterator[tuple[Index, Index, Index]]:
    """Every ``i < j < m`` below ``count``, about :data:`CHUNK` at a time."""
    rows: list[tuple[Index, Index, Index]] = []
    size = 0
    for i in range(count - 2):
        j, m = np.triu_indices(count - i - 1, k=1)
        rows.append((np.full(len(j), i, dtype=np.intp), j + i + 1, m + i + 1))
        size += len(j)
        if size >= CHUNK or i == count - 3:
            yield (np.concatenate([r[0] for r in rows]), np.concatenate([r[1] for r in rows]),
                   np.concatenate([r[2] for r in rows]))
            rows, size = [], 0


def _pair_chunks(count: int, across: int) -> Iterator[tuple[Index, Index]]:
    """Every pair ``i < j`` below ``count``, so few at a time that pairs × ``across`` ≈ CHUNK."""
    i, j = np.triu_indices(count, k=1)
    step = max(1, CHUNK // max(across, 1))
    for start in range(0, len(i), step):
        yield i[start:start + step], j[start:start + step]


def _circumcentres(v: FloatArray, i: Index, j: Index, m: Index) -> FloatArray:
    """Corner, corner, corner: the circumcentres."""
    a, b, c = v[i], v[j], v[m]
    d = 2 * (a[:, 0] * (b[:, 1] - c[:, 1]) + b[:, 0] * (c[:, 1] - a[:, 1])
             + c[:, 0] * (a[:, 1] - b[:, 1]))
    ok = np.abs(d) > 1e-12
    a2, b2, c2 = (a * a).sum(1), (b * b).sum(1), (c * c).sum(1)
    ux = (a2 * (b[:, 1] - c[:, 1]) + b2 * (c[:, 1] - a[:, 1]) + c2 * (a[:, 1] - b[:, 1]))
    uy = (a2 * (c[:, 0] - b[:, 0]) + b2 * (a[:, 0] - c[:, 0]) + c2 * (b[:, 0] - a[:, 0]))
    return np.stack([ux[ok] / d[ok], uy[ok] / d[ok]], axis=1)


def _three_lines(n: FloatArray, k: FloatArray, i: Index, j: Index,
                 m: Index) -> list[FloatArray]:
    """Line, line, line: ``n·p − s ρ = k`` for each, signs ±."""
    found: list[FloatArray] = []
    for signs in ((1, 1, 1), (1, 1, -1), (1, -1, 1), (-1, 1, 1)):
        mat = np.stack([np.column_stack([n[q], -np.full(len(q), sg, float)])
                        for q, sg in zip((i, j, m), signs, strict=True)], axis=1)
        rhs = np.stack([k[i], k[j], k[m]], axis=1)
        ok = np.abs(np.linalg.det(mat)) > 1e-12
        if ok.any():
            found.append(np.linalg.solve(mat[ok], rhs[ok][..., None])[:, :2, 0])
    return found


def _corner_and_two_lines(v: FloatArray, n: FloatArray, k: FloatArray, i: Index,
                          j: Index) -> list[FloatArray]:
    """Corner, line, line: ``p = p0 + ρ q``, ``|p − v| = ρ``."""
    found: list[FloatArray] = []
    mat = np.stack([n[i], n[j]], axis=1)
    ok = np.abs(np.linalg.det(mat)) > 1e-12
    inv = np.linalg.inv(mat[ok])
    p0 = (inv @ np.stack([k[i][ok], k[j][ok]], 1)[..., None])[..., 0]
    for si in (1.0, -1.0):
        for sj in (1.0, -1.0):
            q = (inv @ np.array([si, sj]))
            rel = p0[:, None, :] - v[None, :, :]
            qa = (q * q).sum(1)[:, None] - 1.0
            qb = 2 * (q[:, None, :] * rel).sum(2)
            qc = (rel * rel).sum(2)
            for rho in _quadratic_roots(np.broadcast_to(qa, qb.shape), qb, qc):
                good = np.isfinite(rho) & (rho >= 0)
                rows, _ = np.nonzero(good)
                found.append(p0[rows] + rho[good][:, None] * q[rows])
    return found


def _two_corners_and_a_line(v: FloatArray, n: FloatArray, k: FloatArray, i: Index,
                            j: Index) -> list[FloatArray]:
    """Corner, corner, line: on the corners' bisector."""
    found: list[FloatArray] = []
    a = 2.0 * (v[j] - v[i])
    b = (v[j] * v[j]).sum(1) - (v[i] * v[i]).sum(1)
    size2 = (a * a).sum(1)
    ok = size2 > 1e-24
    a, b, vi = a[ok], b[ok], v[i][ok]
    p0 = a * (b / size2[ok])[:, None]
    w = np.stack([-a[:, 1], a[:, 0]], 1)
    rel = (p0 - vi)[:, None, :]
    nw = w @ n.T
    mm = p0 @ n.T - k[None, :]
    qa = (w * w).sum(1)[:, None] - nw ** 2
    qb = 2 * ((w[:, None, :] * rel).sum(2) - nw * mm)
    qc = (rel * rel).sum(2) - mm ** 2
    for tau in _quadratic_roots(qa, qb, qc):
        good = np.isfinite(tau)
        rows, _ = np.nonzero(good)
        found.append(p0[rows] + tau[good][:, None] * w[rows])
    return found


def _quadratic_roots(qa: FloatArray, qb: FloatArray, qc: FloatArray) -> list[FloatArray]:
    """Both roots of ``qa x² + qb x + qc`` elementwise (nan where none; linear when qa = 0)."""
    disc = qb * qb - 4 * qa * qc
    root = np.sqrt(np.where(disc >= 0, disc, np.nan))
    with np.errstate(divide="ignore", invalid="ignore"):
        flat = np.abs(qa) <= 1e-15
        one = np.where(flat, -qc / qb, (-qb + root) / (2 * qa))
        two = np.where(flat, np.nan, (-qb - root) / (2 * qa))
    return [one, two]
