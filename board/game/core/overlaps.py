"""Bases that would stand on one another: a placed model may touch another base, not overlap it.

Used when models come onto the table (disembarking): each proposed base is checked against
the other proposed ones and against the models of its own side already on the table (enemy
models are kept 1" away by the placement rules themselves). Round bases are compared exactly;
other bases by the area they share.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from board.game.core.world import ModelShape, World
from geometry import Circle, Shape, as_geometry

__all__ = ["overlapping", "overlaps"]

#: Inches of overlap (or square inches of shared area) below which bases only touch.
TOUCH = 1e-6


def overlaps(a: Shape, b: Shape) -> bool:
    """Whether two bases overlap (touching is not overlapping).

    Examples
    --------
    >>> a = Circle(0, 0, 0.5)
    >>> overlaps(a, Circle(1, 0, 0.5)), overlaps(a, Circle(0.9, 0, 0.5))
    (False, True)
    """
    if isinstance(a, Circle) and isinstance(b, Circle):
        return math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius - TOUCH
    return bool(as_geometry(a).intersection(as_geometry(b)).area > TOUCH)


def _box(shape: Shape) -> tuple[float, float, float, float]:
    if isinstance(shape, Circle):
        r = shape.radius
        return shape.x - r, shape.y - r, shape.x + r, shape.y + r
    minx, miny, maxx, maxy = shape.bounds
    return float(minx), float(miny), float(maxx), float(maxy)


@lru_cache(maxsize=4)
def _side_models(world: World, side: str) -> tuple[tuple[ModelShape, ...], np.ndarray]:
    """The side's models on the table and their bounding boxes (kept per world)."""
    mine = tuple(m for m in world.models.values() if m.side == side)
    boxes = np.array([_box(m.shape) for m in mine], dtype=float).reshape(-1, 4)
    return mine, boxes


def overlapping(world: World, side: str,
                models: Sequence[tuple[str, Shape]]) -> dict[str, list[str]]:
    """Return, for each proposed model, the ids of the bases it overlaps.

    Checked against the other proposed models and the models of ``side`` on the table in
    ``world``; models that overlap nothing are left out.
    """
    friends, boxes = _side_models(world, side)
    found: dict[str, list[str]] = {}
    for k, (model_id, shape) in enumerate(models):
        hits = [other for j, (other, placed) in enumerate(models)
                if j != k and overlaps(shape, placed)]
        minx, miny, maxx, maxy = _box(shape)
        near = np.flatnonzero((boxes[:, 0] < maxx) & (boxes[:, 2] > minx)
                              & (boxes[:, 1] < maxy) & (boxes[:, 3] > miny))
        hits += [friends[i].model_id for i in near if overlaps(shape, friends[i].shape)]
        if hits:
            found[model_id] = hits
    return found
