"""A base flush with the battlements' edge of a turned building stands on them (issue 11 checker).

"Wholly within" allows 1e-9" for floating-point noise everywhere; reading who stands on the
battlements compared with exactly 0, and a base touching the edge of a building turned by
most angles measures ~1e-15" out, so it stood on the ground (no 4+ cover, eye at table level)
and disembarking onto it was refused as "inside" the building.
"""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Point

from board.document.model import TerrainPiece
from board.game.core.world import WorldCache
from board.game.occupancy.common import on_battlements
from geometry import Circle, Obstacles, check_disembark
from tests.game.samples import RED, library, round_unit, scenario

RADIUS = 16 / 25.4  # a 32 mm base


def _keep(rotation, units=()):
    return scenario(terrain=[TerrainPiece("keep", "aquila_strongpoint_keep", 30.0, 24.0,
                                          rotation)], units=list(units))


def _flush_centre(roof, lateral, over=0.0):
    """A 32 mm base's centre touching the roof's first edge from inside (or reaching ``over``
    past it): the point ``lateral`` of the way along it, moved the radius less ``over``
    along the inward normal."""
    (x0, y0), (x1, y1) = list(roof.exterior.coords)[:2]
    length = math.hypot(x1 - x0, y1 - y0)
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    px, py = x0 + (x1 - x0) * lateral, y0 + (y1 - y0) * lateral
    if not roof.contains(Point(px + nx * 0.1, py + ny * 0.1)):
        nx, ny = -nx, -ny
    return px + nx * (RADIUS - over), py + ny * (RADIUS - over)


@pytest.mark.parametrize("rotation", [0, 10, 25, 30, 45, 90, 135, 200, 315])
def test_a_base_touching_the_battlements_edge_stands_on_them(rotation):
    roof = WorldCache(library()).world_for(_keep(rotation)).piece("keep").battlements
    x, y = _flush_centre(roof, 0.5)
    world = WorldCache(library()).world_for(_keep(rotation, [round_unit("up", RED, [(x, y)])]))
    assert world.on_battlements(["up-1"]) == {"up-1": "keep"}
    assert world.standing_height("up-1") == 8.0
    assert on_battlements([("up-1", Circle(x, y, RADIUS))], roof) == ["up-1"]
    # disembarking onto it: wholly on the battlements, so not "inside" the keep
    footprint = world.piece("keep").footprint
    verdict = check_disembark([("m", Circle(x, y, RADIUS))], [("battlements", roof)],
                              Obstacles([("keep", footprint)]), battlements=roof)[0]
    assert verdict.legal, verdict.explain()
    # 0.001" over the edge it is not on them
    ox, oy = _flush_centre(roof, 0.5, over=0.001)
    over = WorldCache(library()).world_for(_keep(rotation, [round_unit("o", RED, [(ox, oy)])]))
    assert over.on_battlements(["o-1"]) == {} and over.standing_height("o-1") == 0.0
    assert on_battlements([("o-1", Circle(ox, oy, RADIUS))], roof) == []
