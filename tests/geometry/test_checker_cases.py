"""An independent checker's hand-computed cases on both sides of each threshold (issue 11).

Each case's figure is derived on paper in its docstring (similar triangles, areas, distances)
and only evaluated here; the code under test is never used to make the expected answer.
The eye looks along +x from the origin unless a case says otherwise, and a point ``d`` ahead
at height ``z`` is drawn at height ``h + (z − h)/d`` (the picture plane 1" ahead: shares are
ratios of areas, so the plane's distance cancels).
"""

import math

import numpy as np
import pytest
from shapely.geometry import Polygon, box

from geometry import (
    Blocker,
    Circle,
    EnemyUnit,
    TerrainIndex,
    farthest_distance,
    hull,
    model_observer,
    nearest_enemy,
    oval_base,
    rectangular_base,
    unit_wholly_within,
    visible_fraction,
    visible_shares,
    wholly_within,
)
from geometry.picture import hidden_shares

MM = 25.4


# --- 1. an oval base partly behind a low wall -------------------------------------------

def _oval_low_wall_share(cx, ax, ay, eye, c, n=400_001):
    """Hidden share of an oval solid as tall as the eye, below a line drawn ``c`` under the eye.

    The oval is centred ``cx`` ahead, half-axes ``ax`` (along the view) and ``ay`` (across).
    Cut the picture into columns: the upright plane through the eye of slope ``s`` (picture
    x = s) meets the oval between the roots of ``((t − cx)/ax)² + (s t/ay)² = 1``. The model
    is as tall as the eye, so its top ring is drawn level with the eye and the column runs
    from there down to its nearest foot point, ``eye/dn(s)`` below the eye (``dn`` the smaller
    root). A wall lower than the eye hides everything under its far top edge, drawn ``c =
    (eye − H)/w`` below the eye. Hidden share = ∫ max(0, eye/dn − c) ds / ∫ eye/dn ds over
    the oval's tangent directions ``|s| ≤ smax`` (discriminant zero), integrated with
    ``s = smax sin φ`` (midpoints; the square-root ends become smooth).
    """
    const = cx * cx / ax**2 - 1
    smax = math.sqrt((cx * cx / ax**4 - const / ax**2) / (const / ay**2))
    phi = (np.arange(n) + 0.5) / n * math.pi - math.pi / 2
    s, weight = smax * np.sin(phi), smax * np.cos(phi)
    a, b = 1 / ax**2 + s * s / ay**2, -2 * cx / ax**2
    dn = (-b - np.sqrt(np.maximum(b * b - 4 * a * const, 0))) / (2 * a)
    column = eye / dn
    return float((np.maximum(column - c, 0) * weight).sum() / (column * weight).sum())


def _depth_hiding(share, cx, ax, ay, eye):
    """The ``c`` that makes :func:`_oval_low_wall_share` equal ``share`` (bisection)."""
    low, high = 0.0, eye / (cx - ax)
    for _ in range(60):
        mid = (low + high) / 2
        if _oval_low_wall_share(cx, ax, ay, eye, mid, 20_001) > share:
            low = mid
        else:
            high = mid
    return (low + high) / 2


@pytest.mark.parametrize("facing", [0, 90])
@pytest.mark.parametrize("share", [0.24, 0.2449, 0.2451, 0.2549, 0.2551, 0.26])
def test_an_oval_bike_base_behind_a_low_wall_on_both_sides_of_25_percent(facing, share):
    """A 60 × 35 mm oval (a bike), long side on (facing 0) and end on (facing 90).

    Centre 12.5" ahead, eye and model top 1.5" up, a wall 0.5" thick from 10.5" to 11": by the
    column integral above, a wall of height ``H = 1.5 − c·11`` hides ``share``. The oval as a
    polygon lies within 0.0005" of the ellipse, so the share agrees to 5e-5 (0.005 points):
    at 24.49 % and 25.51 % the verdict is still the confident one.
    """
    ax, ay = (17.5 / MM, 30 / MM) if facing == 0 else (30 / MM, 17.5 / MM)
    c = _depth_hiding(share, 12.5, ax, ay, 1.5)
    assert _oval_low_wall_share(12.5, ax, ay, 1.5, c) == pytest.approx(share, abs=2e-6)
    wall = Blocker("wall", box(10.5, -10, 11, 10), 1.5 - c * 11)
    bike = oval_base(12.5, 0, 60, 35, facing)
    seen = visible_fraction(TerrainIndex([wall]), model_observer(0, 0, 1.5), bike, 1.5)
    assert seen.hidden == pytest.approx(share, abs=5e-5)
    assert seen.obscured is (share >= 0.25)
    assert seen.borderline is (abs(share - 0.25) < 0.005)


def test_the_oval_end_on_hides_more_than_long_side_on_behind_the_same_wall():
    """End on, the oval's nearest point is 12.5 − 30/25.4 = 11.319" ahead against 11.811"
    long side on: the same 0.4" wall (c = 1.1/11 = 0.1 below the eye) hides 23.1 % of it
    against 20.4 %, both by the column integral; neither is obscured."""
    wall = TerrainIndex([Blocker("wall", box(10.5, -10, 11, 10), 0.4)])
    for facing, ax, ay, figure in [(0, 17.5 / MM, 30 / MM, 0.2037),
                                   (90, 30 / MM, 17.5 / MM, 0.2312)]:
        expected = _oval_low_wall_share(12.5, ax, ay, 1.5, 0.1)
        assert expected == pytest.approx(figure, abs=1e-4)
        seen = visible_fraction(wall, model_observer(0, 0, 1.5),
                                oval_base(12.5, 0, 60, 35, facing), 1.5)
        assert seen.hidden == pytest.approx(expected, abs=5e-5)
        assert not seen.obscured and not seen.borderline
