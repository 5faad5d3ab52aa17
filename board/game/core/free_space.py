"""Where new models go: the free table space nearest a point (the centre of the view).

Add unit puts a new unit's formation on the table. It must not land on other models, nor
inside a building or impassable terrain, nor off the table, and it should land where the
player is looking. :func:`free_offset` finds the smallest move of the formation that takes it
from around ``near`` to such a spot: it tries ``near`` itself, then rings of spots further and
further out (``step`` apart), nearest first, and keeps ``gap`` inches from everything.

>>> from board.document.model import Scenario, Table
>>> from board.document.io import default_library
>>> from board.game.core.world import WorldCache
>>> from geometry import Circle
>>> world = WorldCache(default_library()).world_for(Scenario(table=Table(72, 48)))
>>> free_offset(world, [Circle(0, 0, 0.5)], (36, 24), (72, 48))
(36.0, 24.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import shapely
from shapely import affinity
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from board.game.core.world import World
from geometry import Circle, Shape, as_geometry

__all__ = ["free_offset", "occupied", "blocked_boxes"]


def blocked_boxes(world: World) -> list[tuple[float, float, float, float]]:
    """The boxes of every terrain footprint and model base on the table, inches.

    >>> from board.document.model import Scenario, Table
    >>> from board.document.io import default_library
    >>> from board.game.core.world import WorldCache
    >>> blocked_boxes(WorldCache(default_library()).world_for(Scenario(table=Table(72, 48))))
    []
    """
    boxes: list[tuple[float, float, float, float]] = []
    for piece in world.pieces.values():
        x0, y0, x1, y1 = piece.footprint.bounds
        boxes.append((float(x0), float(y0), float(x1), float(y1)))
    for model in world.models.values():
        shape = model.shape
        if isinstance(shape, Circle):
            r = float(shape.radius)
            boxes.append((shape.x - r, shape.y - r, shape.x + r, shape.y + r))
        else:
            x0, y0, x1, y1 = shape.bounds
            boxes.append((float(x0), float(y0), float(x1), float(y1)))
    return boxes


def occupied(world: World, gap: float = 0.0) -> BaseGeometry:
    """Everything a new model may not overlap: every model's base and every solid piece.

    Grown by ``gap`` inches.
    """
    parts = [as_geometry(m.shape) for m in world.models.values()]
    parts += [p.footprint for p in world.pieces.values() if p.solid]
    taken = shapely.union_all(parts) if parts else shapely.Polygon()
    return taken.buffer(gap) if gap > 0 and not taken.is_empty else taken


def _spots(step: float, reach: float) -> Iterator[tuple[float, float]]:
    """Offsets on a grid ``step`` apart within ``reach``, nearest first (then by angle).

    Made shell by shell (each ``step`` wide), so a spot found near costs little.

    >>> list(_spots(1.0, 1.0))
    [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)]
    """
    for shell in range(int(reach / step) + 1):
        grid = range(-shell - 1, shell + 2)
        found = [(dx * step, dy * step) for dx in grid for dy in grid
                 if shell <= math.hypot(dx, dy) < shell + 1]
        found = [s for s in found if math.hypot(*s) <= reach + 1e-9]
        yield from sorted(found, key=_order)


def _order(spot: tuple[float, float]) -> tuple[float, float]:
    angle = math.atan2(spot[1], spot[0])
    return (round(math.hypot(*spot), 9), angle if angle >= 0 else angle + 2 * math.pi)


def free_offset(world: World, formation: Sequence[Shape], near: tuple[float, float],
                table: tuple[float, float], gap: float = 0.25, step: float = 0.5,
                ) -> tuple[float, float] | None:
    """The move ``(dx, dy)`` that puts ``formation``'s centre at the free spot nearest ``near``.

    ``formation`` are the new models' bases as the formation places them (anywhere; their
    bounding box's centre is what is moved onto the spot). A spot is free when no base comes
    within ``gap`` of a model or a solid piece and every base lies wholly on the ``table``
    (width, height). ``None`` when nowhere on the table is free.
    """
    shapes = [as_geometry(s) for s in formation]
    if not shapes:
        return (0.0, 0.0)
    whole = shapely.union_all(shapes)
    x0, y0, x1, y1 = whole.bounds
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    taken = occupied(world, gap)
    shapely.prepare(taken)
    width, height = table
    inside = box(0.0, 0.0, width, height)
    reach = math.hypot(width, height)
    for dx, dy in _spots(step, reach):
        at = (near[0] + dx, near[1] + dy)
        moved = affinity.translate(whole, at[0] - cx, at[1] - cy)
        if inside.contains(moved) and not taken.intersects(moved):
            return (at[0] - cx, at[1] - cy)
    return None
