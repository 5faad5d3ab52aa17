"""A catalogue of named sample shapes for the geometry tests (after shapely/tests/common.py).

Everything in inches, table convention (origin top-left, y down).
"""

from __future__ import annotations

from shapely.geometry import LineString, MultiPoint, Point, Polygon, box

from geometry import Circle, hull, oval_base, place_footprint, round_base

# -- bases -----------------------------------------------------------------------------------
BASE_25 = round_base(0.0, 0.0, 25)
BASE_32 = round_base(0.0, 0.0, 32)
BASE_40 = round_base(0.0, 0.0, 40)
BASE_60 = round_base(0.0, 0.0, 60)
OVAL_60X35 = oval_base(10.0, 10.0, 60, 35, 30.0)
RHINO_HULL = hull(20.0, 20.0, 4.5, 2.75, 45.0)

# -- buildings (datasheet-like local footprints, then placed) --------------------------------
#: An Imperial Bastion-like square, 6" a side, centred on its local origin.
BASTION_LOCAL = ((-3.0, -3.0), (3.0, -3.0), (3.0, 3.0), (-3.0, 3.0))
BASTION = place_footprint(BASTION_LOCAL, 30.0, 24.0, 0.0)
#: A 4×3 bunker with its door in the middle of the front wall (local (0, -1.5)).
BUNKER_LOCAL = ((-2.0, -1.5), (2.0, -1.5), (2.0, 1.5), (-2.0, 1.5))
BUNKER_DOOR_LOCAL = (0.0, -1.5)
#: A non-convex L-shaped ruin.
L_RUIN = Polygon([(0, 0), (6, 0), (6, 2), (2, 2), (2, 6), (0, 6)])
#: A Void Shield Generator, 3" square.
VSG = box(40.0, 10.0, 43.0, 13.0)

# -- other targets ---------------------------------------------------------------------------
DOOR = Point(12.0, 10.0)
TWO_DOORS = MultiPoint([(0.0, 0.0), (10.0, 0.0)])
WALL_SEGMENT = LineString([(0.0, 0.0), (0.0, 5.0)])

#: Named shapes for parametrised tests (all distinct positions).
SAMPLE_SHAPES: dict[str, Circle | Polygon | Point | LineString | MultiPoint] = {
    "base_25_far": round_base(50.0, 40.0, 25),
    "base_32": round_base(5.0, 5.0, 32),
    "base_60": round_base(15.0, 30.0, 60),
    "oval": OVAL_60X35,
    "hull": RHINO_HULL,
    "bastion": BASTION,
    "l_ruin": L_RUIN,
    "vsg": VSG,
    "door": DOOR,
    "two_doors": TWO_DOORS,
    "wall_segment": WALL_SEGMENT,
}
