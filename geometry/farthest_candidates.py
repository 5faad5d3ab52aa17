"""Where on a base the distance to a footprint may be largest: the candidate points.

Along a base's outline each feature's distance (a corner's, an edge line's) is smooth, so the
largest distance to the footprint is at a base's corner, at a feature's own farthest point of a
circle, or where two features are equally far (:mod:`geometry.farthest` explains why). These
functions make those points, for circles and for polygon bases, as arrays.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from geometry.farthest_features import BLOCK, Features

__all__ = ["circle_candidates", "corner_line_angles", "interior_peak", "outline_candidates",
           "segment_candidates"]

FloatArray = NDArray[np.float64]

def circle_candidates(xyr: FloatArray, features: Features, gaps: FloatArray | None = None,
                       ) -> tuple[FloatArray, NDArray[np.intp]]:
    """Points of each circle where the distance to the footprint may be largest, and whose.

    ``gaps`` are the centres' distances to the footprint when already known.
    """
    c, r = xyr[:, :2], xyr[:, 2]
    count = len(xyr)
    corners, normal_angle = features.corners, features.normal_angle
    nc, nn = len(corners), len(normal_angle)
    # π (a point, or the circle's own), straight away from each corner, square to each edge
    own = np.empty((count, 1 + nc + 2 * nn))
    own[:, 0] = math.pi
    own[:, 1:1 + nc] = np.arctan2(c[:, None, 1] - corners[None, :, 1],
                                  c[:, None, 0] - corners[None, :, 0])
    own[:, 1 + nc:1 + nc + nn] = normal_angle
    own[:, 1 + nc + nn:] = normal_angle + math.pi
    a, b = features.lines
    cosine = (b[None, :] - c @ a.T) / (r[:, None] * features.line_size[None, :])
    rows, cols = np.nonzero(np.abs(cosine) <= 1.0)  # bisector lines that cross the circle
    phi, spread = features.line_angle[cols], np.arccos(cosine[rows, cols])
    theta = np.concatenate([own.ravel(), phi + spread, phi - spread])
    whose = np.concatenate([np.repeat(np.arange(count), own.shape[1]), rows, rows])
    # a corner or an edge line farther from the centre than dist(centre, B) + 2r is never
    # the nearest feature of a point of the circle: leave its pairs out
    reach = (features.distance(c) if gaps is None else gaps) + 2.0 * r
    v, n, k = features.pairs
    corner_gap = np.hypot(c[:, None, 0] - v[None, :, 0], c[:, None, 1] - v[None, :, 1])
    line_gap = np.abs(c @ n.T - k[None, :])
    near = (corner_gap <= reach[:, None] + 1e-9) & (line_gap <= reach[:, None] + 1e-9)
    # on the circle the two distances stay within r of their values at the centre: they
    # can only be equal there if those values differ by at most 2r
    near &= np.abs(corner_gap - line_gap) <= 2.0 * r[:, None] + 1e-9
    near &= ~features.on_line[None, :]
    rows, cols = np.nonzero(near)
    more, more_whose = corner_line_angles(c[rows], r[rows], v[cols], n[cols], k[cols])
    more_whose = rows[more_whose] if len(more_whose) else more_whose
    theta = np.concatenate([theta, more])
    whose = np.concatenate([whose, more_whose])
    points = c[whose] + r[whose, None] * np.stack([np.cos(theta), np.sin(theta)], axis=1)
    return points, whose


def corner_line_angles(c: FloatArray, r: FloatArray, corners: FloatArray, normals: FloatArray,
                        offsets: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Angles on circle ``i`` equally far from corner ``i`` and edge line ``i`` (quartic roots).

    Returns the angles and the row each belongs to.
    """
    if not len(corners):
        return np.zeros(0), np.zeros(0, dtype=np.intp)
    whose = np.arange(len(c))
    d = c - corners
    nx, ny = normals[:, 0], normals[:, 1]
    m = nx * c[:, 0] + ny * c[:, 1] - offsets
    # with t = tan(θ/2): cos θ = (1 − t²)/R, sin θ = 2t/R, R = 1 + t²; coefficients t⁴ … t⁰
    # of (K − m²)R² + 2r(d − m n)·(1 − t², 2t)R − r²(n·(1 − t², 2t))², K = |d|² + r²
    big = d[:, 0] ** 2 + d[:, 1] ** 2 + r * r - m * m
    two_r, r2 = 2.0 * r, r * r
    l0, l1 = d[:, 0] - m * nx, d[:, 1] - m * ny
    cross = 4.0 * r2 * nx * ny
    quartics = np.stack([big - two_r * l0 - r2 * nx * nx,
                         2.0 * two_r * l1 + cross,
                         2.0 * big - r2 * (4.0 * ny * ny - 2.0 * nx * nx),
                         2.0 * two_r * l1 - cross,
                         big + two_r * l0 - r2 * nx * nx], axis=1)
    scale = np.abs(quartics).max(axis=1, keepdims=True)
    quartics = quartics / np.where(scale > 0, scale, 1.0)
    full = np.abs(quartics[:, 0]) > 1e-12
    found, found_whose = [], []
    if full.any():
        monic = quartics[full, 1:] / quartics[full, 0:1]
        companion = np.zeros((int(full.sum()), 4, 4))
        companion[:, 0, :] = -monic
        companion[:, 1, 0] = companion[:, 2, 1] = companion[:, 3, 2] = 1.0
        roots = np.linalg.eigvals(companion)
        real = np.abs(roots.imag) <= 1e-7 * np.maximum(1.0, np.abs(roots.real))
        owner = np.repeat(whose[full], 4).reshape(-1, 4)
        found.append(2.0 * np.arctan(roots.real[real]))
        found_whose.append(owner[real])
    for row in np.flatnonzero(~full):  # a lower degree: the rest of its roots are at t = ∞
        nonzero = np.flatnonzero(np.abs(quartics[row]) > 1e-14)
        if len(nonzero):
            roots = np.roots(quartics[row, nonzero[0]:])
            real = roots[np.abs(roots.imag) <= 1e-7 * np.maximum(1.0, np.abs(roots.real))].real
            found.append(2.0 * np.arctan(real))
            found_whose.append(np.full(len(real), whose[row]))
    if not found:
        return np.zeros(0), np.zeros(0, dtype=np.intp)
    return np.concatenate(found), np.concatenate(found_whose).astype(np.intp)


def segment_candidates(p0: FloatArray, p1: FloatArray, features: Features) -> FloatArray:
    """Points of the base's edges ``p0 → p1`` where the distance to B may be largest."""
    e = p1 - p0
    found = [p0, p1]
    a, b = features.lines
    den = e @ a.T
    num = b[None, :] - p0 @ a.T
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(np.abs(den) > 1e-15, num / den, -1.0)
    rows, cols = np.nonzero((t >= 0.0) & (t <= 1.0))
    found.append(p0[rows] + t[rows, cols, None] * e[rows])
    v, n, k = features.pairs
    if len(v):
        ne = e @ n.T
        rel = p0[:, None, :] - v[None, :, :]
        m = p0 @ n.T - k[None, :]
        qa = (e * e).sum(axis=1)[:, None] - ne ** 2
        qb = 2.0 * ((e[:, None, :] * rel).sum(axis=2) - ne * m)
        qc = (rel * rel).sum(axis=2) - m ** 2
        disc = qb * qb - 4 * qa * qc
        ok = disc >= 0
        root = np.sqrt(np.where(ok, disc, 0.0))
        with np.errstate(divide="ignore", invalid="ignore"):
            for sign in (1.0, -1.0):
                t = np.where(np.abs(qa) > 1e-15, (-qb + sign * root) / (2 * qa),
                             np.where(np.abs(qb) > 1e-15, -qc / qb, -1.0))
                rows, cols = np.nonzero(ok & (t >= 0.0) & (t <= 1.0))
                found.append(p0[rows] + t[rows, cols, None] * e[rows])
    return np.concatenate(found)


def outline_candidates(shape: BaseGeometry, features: Features) -> FloatArray:
    """Candidate points of a polygon base's outline (or a line's, or a point)."""
    ring = np.asarray(shapely.get_coordinates(shape.exterior if isinstance(shape, Polygon)
                                              else shape), dtype=float)
    if len(ring) == 1:
        return ring
    # a few edges at a time: each meets every bisector line and (corner, line) pair
    step = max(1, BLOCK // (len(features.lines[0]) + len(features.pairs[0]) + 1))
    p0, p1 = ring[:-1], ring[1:]
    return np.concatenate([segment_candidates(p0[start:start + step], p1[start:start + step],
                                               features) for start in range(0, len(p0), step)])


def interior_peak(shape: BaseGeometry, features: Features, floor: float) -> float:
    """The largest distance at a three-feature point inside a polygon base (0 if none).

    Only when the base reaches into B's hull.
    """
    if features.pocket.is_empty or not shapely.intersects(shape, features.pocket) or \
            shapely.intersection(shape, features.pocket).area <= 0.0:
        return 0.0
    ring = np.asarray(shapely.get_coordinates(shape), dtype=float)
    cx, cy = ring.mean(axis=0).tolist()
    size = float(np.hypot(ring[:, 0] - cx, ring[:, 1] - cy).max())
    return features.peak_inside(cx, cy, size, lambda p: np.asarray(
        shapely.distance(shapely.points(p), shape), dtype=float), floor)
