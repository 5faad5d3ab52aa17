"""Projected void shields: the 12-inch zone of a Void Shield Generator and who it covers.

Distances are inches. A unit is covered by a generator only if every model of it is wholly
within the generator's range (12") of some point of the generator's footprint (RULES.md
section 4, seed 000 decision 13). A shot is from outside the zone when no part of the firer is
within range of the generator's footprint.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry.base import BaseGeometry

from geometry.footprints import Shape
from geometry.measure import EPSILON, distance
from geometry.units import UnitCheck, unit_wholly_within
from geometry.zones import reach_area

__all__ = [
    "VOID_SHIELD_RANGE",
    "ShieldCover",
    "void_shield_zone",
    "void_shield_cover",
    "shot_from_outside",
    "intercepting_generators",
]

#: How far a Void Shield Generator projects its shields, inches.
VOID_SHIELD_RANGE = 12.0

Named = Sequence[tuple[str, Shape]]


def void_shield_zone(footprint: BaseGeometry, reach: float = VOID_SHIELD_RANGE) -> BaseGeometry:
    """Return the area within ``reach`` (12") of a generator's footprint, for drawing.

    Examples
    --------
    >>> from shapely.geometry import Point, box
    >>> zone = void_shield_zone(box(0, 0, 3, 3))
    >>> zone.contains(Point(14.9, 1.5)), zone.contains(Point(15.1, 1.5))
    (True, False)
    """
    return reach_area(footprint, reach)


@dataclass(frozen=True)
class ShieldCover:
    """Which generators cover a unit; ``checks`` holds each generator's model-by-model check."""

    checks: tuple[tuple[str, UnitCheck], ...]

    @property
    def covered_by(self) -> tuple[str, ...]:
        """Ids of the generators whose zone holds every model of the unit wholly."""
        return tuple(gid for gid, check in self.checks if check.ok)

    @property
    def covered(self) -> bool:
        """Whether at least one generator covers the unit."""
        return bool(self.covered_by)


def void_shield_cover(models: Named, generators: Sequence[tuple[str, BaseGeometry]],
                      reach: float = VOID_SHIELD_RANGE) -> ShieldCover:
    """Check a unit against each generator: covered only if every model is wholly within.

    Examples
    --------
    >>> from shapely.geometry import box
    >>> from geometry.footprints import Circle
    >>> generator = [("vsg", box(0, 0, 3, 3))]
    >>> unit = [("a", Circle(10, 1.5, 0.5)), ("b", Circle(15, 1.5, 0.5))]  # b half outside
    >>> cover = void_shield_cover(unit, generator)
    >>> cover.covered, cover.checks[0][1].failing[0].explain()
    (False, 'b: not wholly within 12.00" (farthest part 12.50", 0.50" too far)')
    """
    return ShieldCover(tuple((gid, unit_wholly_within(models, fp, reach))
                             for gid, fp in generators))


def shot_from_outside(firer: Shape, footprint: BaseGeometry,
                      reach: float = VOID_SHIELD_RANGE) -> bool:
    """Whether the firer is outside a generator's zone (no part of it within ``reach``).

    Examples
    --------
    >>> from shapely.geometry import box
    >>> from geometry.footprints import Circle
    >>> shot_from_outside(Circle(15.5, 1.5, 0.5), box(0, 0, 3, 3))  # base edge exactly 12"
    False
    >>> shot_from_outside(Circle(15.6, 1.5, 0.5), box(0, 0, 3, 3))
    True
    """
    return distance(firer, footprint) > reach + EPSILON


def intercepting_generators(firer: Shape, models: Named,
                            generators: Sequence[tuple[str, BaseGeometry]],
                            reach: float = VOID_SHIELD_RANGE) -> tuple[str, ...]:
    """List the generators whose shields a shot from ``firer`` at ``models`` would hit.

    Those that cover the unit and whose zone the firer is outside of. Several: the rules pick
    one at random; none: the shot reaches the unit.

    Examples
    --------
    >>> from shapely.geometry import box
    >>> from geometry.footprints import Circle
    >>> gens = [("vsg", box(0, 0, 3, 3))]
    >>> unit = [("a", Circle(8, 1.5, 0.5))]
    >>> intercepting_generators(Circle(40, 1.5, 0.5), unit, gens)
    ('vsg',)
    >>> intercepting_generators(Circle(10, 1.5, 0.5), unit, gens)  # firer inside the zone
    ()
    """
    cover = void_shield_cover(models, generators, reach)
    footprints = dict(generators)
    return tuple(gid for gid in cover.covered_by
                 if shot_from_outside(firer, footprints[gid], reach))
