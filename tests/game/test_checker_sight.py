"""An independent checker's hand-computed low-wall cases through the line-of-sight tool (issue 11).

The same exactness as :mod:`geometry.picture` must reach the reading a player sees: here a
square-based model behind the low gun emplacement, on both sides of 25 % and within the
borderline band.
"""

from __future__ import annotations

import pytest

from board.document.model import Base, Model, RuleSystem, TerrainPiece, TroopType, Unit
from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.targets import ModelTarget
from board.game.core.world import WorldCache
from board.game.sight import line_of_sight
from tests.game.samples import BLUE, RED, library, scenario

HALF = 12.5 / 25.4  # a 25 mm square base's half-width


def _reading(share):
    """Eye 4" up at (10, 24); the 2.5" gun emplacement's 2" × 2" footprint at (20.5, 24) runs
    from x = 19.5 to 21.5; a 25 mm square model as tall as the eye straight ahead, its near
    face dn ahead. Its picture is that face, from the eye's level down to 4/dn below it (the
    top drawn level with the eye, the plane 1" ahead). The emplacement is lower than the eye,
    so its far top edge, 11.5" ahead, is drawn 1.5/11.5 below the eye and hides the rest:
    share = 1 − (1.5/11.5)/(4/dn) = 1 − 1.5 dn/46, so dn = 46 (1 − share)/1.5. (The
    emplacement spans slopes ±1/11.5 across, the model ±HALF/dn: covered side to side.)"""
    dn = 46 * (1 - share) / 1.5
    tall = {"height": 4.0}
    red = Unit("red", "Shooters", RED, TroopType.INFANTRY,
               [Model("red-1", Base.round_mm(32), 10.0, 24.0)], stats=tall)
    blue = Unit("blue", "Spears", BLUE, TroopType.INFANTRY,
                [Model("blue-1", Base.square_mm(25), 10.0 + dn + HALF, 24.0)], stats=tall)
    found = scenario(RuleSystem.WH40K,
                     [TerrainPiece("aegis", "aegis_gun_emplacement", 20.5, 24.0)], [red, blue])
    world = WorldCache(library()).world_for(found)
    return line_of_sight(found, library(), world, Shooter(ShooterKind.MODEL, "red-1"),
                         ModelTarget("blue-1")).models[0]


@pytest.mark.parametrize(("share", "verdict"), [
    (0.24, "in the open"), (0.2449, "in the open"), (0.247, "borderline: 24.7% hidden"),
    (0.253, "borderline: 25.3% hidden"), (0.2551, "hidden: cover"), (0.26, "hidden: cover"),
    (0.45, "hidden: cover")])
def test_a_square_based_model_behind_the_low_gun_emplacement(share, verdict):
    sight = _reading(share)
    assert sight.visible == pytest.approx(1 - share, abs=1e-9)
    assert sight.cover is (share >= 0.25)
    assert sight.borderline is (abs(share - 0.25) < 0.005)
    assert verdict in sight.describe()
