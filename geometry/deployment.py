"""Standard deployment maps as functions of the table size, and "wholly within my zone".

Inches, origin top-left, y down. Each map names its two zones by the table edge or corner
they lie against:

- ``dawn_of_war`` (40K): 12" deep along each long edge: ``top`` and ``bottom`` (on a table
  taller than wide, ``left`` and ``right``).
- ``hammer_and_anvil`` (40K): 24" deep along each short edge: ``left`` and ``right`` (or
  ``top`` and ``bottom``).
- ``vanguard_strike`` (40K): the table halved by the diagonal from the bottom-left to the
  top-right corner; each half, less everything within 12" of the centre: ``top_left`` and
  ``bottom_right``.
- ``battleline`` (Warhammer Fantasy): each long half more than 12" from the centre line:
  ``top`` and ``bottom`` (or ``left`` and ``right``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from geometry.footprints import Circle, Shape, quad_segs_for
from geometry.measure import farthest_distance
from geometry.units import UnitCheck

__all__ = [
    "DeploymentMap",
    "DEPLOYMENT_MAPS",
    "deployment_map",
    "dawn_of_war",
    "hammer_and_anvil",
    "vanguard_strike",
    "battleline",
    "wholly_within_zone",
]


@dataclass(frozen=True)
class DeploymentMap:
    """A named deployment map for one table: each side's zone polygon by name."""

    name: str
    system: str
    width: float
    height: float
    zones: tuple[tuple[str, BaseGeometry], ...]

    def zone(self, side: str) -> BaseGeometry:
        """Return the zone called ``side`` (``KeyError`` naming the choices if none)."""
        for name, polygon in self.zones:
            if name == side:
                return polygon
        raise KeyError(f"{self.name} has no zone {side!r}; zones: {self.zone_names}")

    @property
    def zone_names(self) -> tuple[str, ...]:
        """The zones' names."""
        return tuple(name for name, _ in self.zones)


def _check_table(width: float, height: float) -> None:
    """Refuse tables without area."""
    if not (width > 0 and height > 0):
        raise ValueError(f"a table needs width and height > 0 inches, got {width}×{height}")


def _edge_strips(width: float, height: float, depth: float, long: bool) -> tuple[
        tuple[str, BaseGeometry], ...]:
    """Two strips ``depth`` deep against the long (or short) edges, named by edge."""
    along_x = (width >= height) == long  # strips run along the x axis (top and bottom edges)
    if along_x:
        d = min(depth, height / 2.0)
        return (("top", box(0, 0, width, d)), ("bottom", box(0, height - d, width, height)))
    d = min(depth, width / 2.0)
    return (("left", box(0, 0, d, height)), ("right", box(width - d, 0, width, height)))


def dawn_of_war(width: float = 72.0, height: float = 48.0) -> DeploymentMap:
    """Build Dawn of War: 12" along each long table edge.

    Examples
    --------
    >>> dow = dawn_of_war(72, 48)
    >>> dow.zone_names, dow.zone("bottom").bounds
    (('top', 'bottom'), (0.0, 36.0, 72.0, 48.0))
    """
    _check_table(width, height)
    return DeploymentMap("Dawn of War", "wh40k", width, height,
                         _edge_strips(width, height, 12.0, long=True))


def hammer_and_anvil(width: float = 72.0, height: float = 48.0) -> DeploymentMap:
    """Build Hammer and Anvil: 24" along each short table edge.

    Examples
    --------
    >>> hammer_and_anvil(72, 48).zone("right").bounds
    (48.0, 0.0, 72.0, 48.0)
    >>> hammer_and_anvil(44, 30).zone("left").bounds  # never more than half the table
    (0.0, 0.0, 22.0, 30.0)
    """
    _check_table(width, height)
    return DeploymentMap("Hammer and Anvil", "wh40k", width, height,
                         _edge_strips(width, height, 24.0, long=False))


def vanguard_strike(width: float = 72.0, height: float = 48.0) -> DeploymentMap:
    """Build Vanguard Strike: diagonal halves, each more than 12" from the centre.

    Examples
    --------
    >>> vs = vanguard_strike(72, 48)
    >>> vs.zone("top_left").contains(Point(2, 2)), vs.zone("top_left").contains(Point(36, 20))
    (True, False)
    >>> vs.zone("bottom_right").contains(Point(70, 46))
    True
    """
    _check_table(width, height)
    centre = Point(width / 2.0, height / 2.0)
    no_go = centre.buffer(12.0, quad_segs=quad_segs_for(12.0))
    top_left = Polygon([(0, 0), (width, 0), (0, height)]).difference(no_go)
    bottom_right = Polygon([(width, 0), (width, height), (0, height)]).difference(no_go)
    return DeploymentMap("Vanguard Strike", "wh40k", width, height,
                         (("top_left", top_left), ("bottom_right", bottom_right)))


def battleline(width: float = 72.0, height: float = 48.0) -> DeploymentMap:
    """Build Battleline: each long half, more than 12" from the centre line.

    Examples
    --------
    >>> battleline(72, 48).zone("top").bounds
    (0.0, 0.0, 72.0, 12.0)
    >>> battleline(72, 60).zone("bottom").bounds
    (0.0, 42.0, 72.0, 60.0)
    >>> battleline(72, 20).zone("top").is_empty  # too shallow for a 12" gap
    True
    """
    _check_table(width, height)
    if width >= height:
        depth = height / 2.0 - 12.0
        zones = (("top", box(0, 0, width, depth) if depth > 0 else Polygon()),
                 ("bottom", box(0, height - depth, width, height) if depth > 0 else Polygon()))
    else:
        depth = width / 2.0 - 12.0
        zones = (("left", box(0, 0, depth, height) if depth > 0 else Polygon()),
                 ("right", box(width - depth, 0, width, height) if depth > 0 else Polygon()))
    return DeploymentMap("Battleline", "warhammer_fantasy", width, height, zones)


#: Every map by its key.
DEPLOYMENT_MAPS: dict[str, Callable[[float, float], DeploymentMap]] = {
    "dawn_of_war": dawn_of_war,
    "hammer_and_anvil": hammer_and_anvil,
    "vanguard_strike": vanguard_strike,
    "battleline": battleline,
}


def deployment_map(key: str, width: float = 72.0, height: float = 48.0) -> DeploymentMap:
    """Build the map called ``key`` for a ``width`` × ``height`` table.

    Examples
    --------
    >>> deployment_map("dawn_of_war", 48, 48).name
    'Dawn of War'
    >>> deployment_map("spearhead")
    Traceback (most recent call last):
    ...
    KeyError: "no deployment map 'spearhead'; maps: dawn_of_war, hammer_and_anvil, \
vanguard_strike, battleline"
    """
    try:
        make = DEPLOYMENT_MAPS[key]
    except KeyError:
        raise KeyError(f"no deployment map {key!r}; maps: {', '.join(DEPLOYMENT_MAPS)}") from None
    return make(width, height)


def _outside_by(shape: Shape, zone: BaseGeometry) -> float:
    """How far the shape sticks out of the zone, inches (0 when wholly inside)."""
    if zone.is_empty:
        return float("inf")
    if isinstance(shape, Circle):
        centre = Point(shape.centre)
        if zone.contains(centre):
            edge = float(shapely.distance(centre, zone.boundary))
            return max(0.0, shape.radius - edge)
    return farthest_distance(shape, zone)


def wholly_within_zone(models: Sequence[tuple[str, Shape]], zone: BaseGeometry) -> UnitCheck:
    """Check that every model lies wholly inside ``zone``; failing ones say by how much.

    Exact for round bases in any zone; the distance reported is how far the base sticks out.

    Examples
    --------
    >>> zone = dawn_of_war().zone("top")
    >>> check = wholly_within_zone([("a", Circle(10, 11.5, 0.5)), ("b", Circle(10, 11.7, 0.5))],
    ...                            zone)
    >>> check.ok, check.failing[0].model_id, round(check.failing[0].excess, 3)
    (False, 'b', 0.2)
    """
    ids = tuple(model_id for model_id, _ in models)
    outside = np.array([_outside_by(shape, zone) for _, shape in models], dtype=float)
    return UnitCheck(ids, outside, 0.0, wholly=True)
