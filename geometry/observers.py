"""Observers for line of sight: a model, a fire point, a battlement, a garrison.

Heights are inches (40K) or Line of Sight values (Warhammer Fantasy). Facing angles are
degrees clockwise, 0 = up the table. An observer may have several eye points (a Warhammer
Fantasy garrison sees from any point of its building); :func:`geometry.sight.visible_fraction`
then uses the best one.
"""

from __future__ import annotations

from dataclasses import dataclass

import shapely
from shapely.geometry.base import BaseGeometry

__all__ = [
    "Observer",
    "model_observer",
    "fire_point_observer",
    "battlement_observer",
    "garrison_observer",
    "building_los_value",
    "garrison_los_value",
]

XY = tuple[float, float]


def building_los_value(floors: int) -> float:
    """Warhammer Fantasy Line of Sight value of a building: 5 per floor.

    Examples
    --------
    >>> building_los_value(2)
    10.0
    """
    return 5.0 * floors


def garrison_los_value(model_value: float, floor: int) -> float:
    """Return a model's Line of Sight value on ``floor`` (1 = ground): +5 per floor above the first.

    Examples
    --------
    >>> garrison_los_value(2, 1), garrison_los_value(2, 3)
    (2.0, 12.0)
    """
    return float(model_value) + 5.0 * max(0, floor - 1)


@dataclass(frozen=True)
class Observer:
    """Where sight is traced from: one or more eye points at a height, an arc, ids to ignore.

    ``arc`` is ``(facing, half_angle)`` in degrees (facing 0 = up the table) or ``None`` for
    all round; ``ignore`` names blockers the observer is inside or on (its own building).
    With several points (a Warhammer Fantasy garrison) the best point counts.
    """

    points: tuple[XY, ...]
    height: float
    kind: str = "model"
    arc: tuple[float, float] | None = None
    ignore: frozenset[str] = frozenset()


def model_observer(x: float, y: float, height: float,
                   arc: tuple[float, float] | None = None) -> Observer:
    """Make a model observer: its base centre at ``height``, all round unless ``arc``.

    Examples
    --------
    >>> model_observer(1, 2, 1.5).points
    ((1.0, 2.0),)
    """
    return Observer(((float(x), float(y)),), float(height), "model", arc)


def fire_point_observer(x: float, y: float, facing: float, height: float,
                        building_id: str) -> Observer:
    """Make a fire-point observer: it looks outwards only (the half-plane its wall faces).

    Examples
    --------
    >>> fire_point_observer(0, 0, 90, 2, "bastion").arc
    (90.0, 90.0)
    """
    return Observer(((float(x), float(y)),), float(height), "fire_point",
                    (float(facing), 90.0), frozenset({building_id}))


def battlement_observer(x: float, y: float, height: float, building_id: str) -> Observer:
    """Make an observer on a building's battlements, its eye ``height`` above the table.

    Examples
    --------
    >>> battlement_observer(1, 1, 6, "bastion").ignore
    frozenset({'bastion'})
    """
    return Observer(((float(x), float(y)),), float(height), "battlement", None,
                    frozenset({building_id}))


def garrison_observer(footprint: BaseGeometry, height: float, building_id: str,
                      step: float = 0.5) -> Observer:
    """Make a Warhammer Fantasy garrison observer: any point of the building, all round.

    The footprint's outline is sampled every ``step`` inches (and at every corner).

    Examples
    --------
    >>> from shapely.geometry import box
    >>> len(garrison_observer(box(0, 0, 2, 2), 10, "hut", step=1.0).points)
    8
    """
    outline = shapely.segmentize(shapely.get_exterior_ring(footprint), step)
    xy = shapely.get_coordinates(outline)[:-1]
    points = tuple((float(px), float(py)) for px, py in xy)
    return Observer(points, float(height), "garrison", None, frozenset({building_id}))
