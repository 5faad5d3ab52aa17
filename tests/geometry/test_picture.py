"""Hand-computed cover and line-of-sight cases, and the exact picture against brute-force rays.

Every expected figure below is worked out on paper by similar triangles: an eye ``h`` up sees
the top edge of a wall ``H`` tall, ``w`` ahead, drawn on a face ``D`` ahead at height
``h + (H − h)·D/w``.
"""

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import LineString, Polygon, box

from geometry import (
    Blocker,
    Circle,
    EnemyUnit,
    SightRule,
    TerrainIndex,
    hull,
    model_observer,
    nearest_enemy,
    visible_fraction,
    visible_fractions,
    visible_shares,
)
from geometry.picture import hidden_shares
from geometry.picture_plane import picture_frames


def thin_wall(x, height, y0=-10.0, y1=10.0, thickness=1e-6):
    """A wall whose near face is at ``x`` (the eye at the origin looks along +x)."""
    return Blocker(f"wall{x}-{height}-{y0}", box(x, y0, x + thickness, y1), height)


def hidden(blockers, target, eye_height, top, bottom=0.0, rule=SightRule.TRUE_LINE):
    index = TerrainIndex(blockers)
    return float(hidden_shares(index, (0, 0), eye_height, [target], top, bottom, rule)[0])


# --- the cases written in the issue -------------------------------------------------------

def test_issue_low_wall_hides_the_lower_45_percent_of_a_model():
    # eye 1.5" up, a 1.5" model 12" away, a 0.75" wall 1" in front: 1.5 - 0.75 * 12/11
    # = 0.682" of 1.5" hidden, 45.45%: obscured although the wall is lower than both
    face = LineString([(12, -0.5), (12, 0.5)])
    share = hidden([thin_wall(11, 0.75)], face, 1.5, 1.5)
    assert share == pytest.approx((1.5 - 0.75 * 12 / 11) / 1.5, abs=1e-6)
    assert share == pytest.approx(0.4545, abs=1e-4)
    seen = visible_fraction(TerrainIndex([thin_wall(11, 0.75)]), model_observer(0, 0, 1.5),
                            face, 1.5)
    assert seen.obscured and not seen.borderline


def test_issue_low_wall_with_a_square_base_model():
    # a 1" square base centred 12" away: its front face (11.5" away) is what the eye sees;
    # the wall's top is drawn 1.5 - 0.75 * 11.5/11 up it
    base = box(11.5, -0.5, 12.5, 0.5)
    share = hidden([thin_wall(11, 0.75)], base, 1.5, 1.5)
    assert share == pytest.approx((1.5 - 0.75 * 11.5 / 11) / 1.5, abs=1e-6)


def test_issue_building_front_behind_a_4_inch_wall():
    # an 8" building front 17" away, eye 1" up, a 4" wall half an inch in front of it:
    # the wall's top is drawn 1 + 3 * 17/16.5 = 4.09" up the 8" front, 51.1% hidden
    front = LineString([(17, -3), (17, 3)])
    share = hidden([thin_wall(16.5, 4.0)], front, 1.0, 8.0)
    assert share == pytest.approx((1 + 3 * 17 / 16.5) / 8, abs=1e-6)
    # a wall 0.5" thick whose near face is 1" in front: its near top edge decides, 52.3%
    share = hidden([thin_wall(16.0, 4.0, thickness=0.5)], front, 1.0, 8.0)
    assert share == pytest.approx((1 + 3 * 17 / 16) / 8, abs=1e-6)


@pytest.mark.parametrize("share", [0.22, 0.23, 0.24, 0.2449, 0.2451, 0.2549, 0.2551, 0.26, 0.3])
def test_cover_from_one_side_on_both_sides_of_25_percent(share):
    # a tall wall hides the face from one side: its corner (5, e) is drawn at 10 e/5 across
    # the 2" face 10" away, so a share s is hidden when e = (1 - 2 s) / 2
    edge = (1 - 2 * share) / 2
    index = TerrainIndex([Blocker("w", box(4, edge, 5, 5), 3.0)])
    seen = visible_fraction(index, model_observer(0, 0, 1), LineString([(10, -1), (10, 1)]), 1)
    assert seen.hidden == pytest.approx(share, abs=1e-9)
    assert seen.obscured is (share >= 0.25)
    assert seen.borderline is (abs(share - 0.25) < 0.005)


@pytest.mark.parametrize("share", [0.2, 0.244, 0.256, 0.3, 0.45])
def test_cover_from_a_low_wall_on_both_sides_of_25_percent(share):
    # eye 2" up, a 2" face 12" away, a wall 11" away: hidden height 2 - (2 - H) 12/11
    height = 2 - (2 - share * 2) * 11 / 12
    face = LineString([(12, -1), (12, 1)])
    seen = visible_fraction(TerrainIndex([thin_wall(11, height)]), model_observer(0, 0, 2),
                            face, 2)
    assert seen.hidden == pytest.approx(share, abs=1e-6)
    assert seen.obscured is (share >= 0.25) and not seen.borderline


@pytest.mark.parametrize("share", [0.24, 0.2449, 0.2451, 0.2549, 0.2551, 0.26])
def test_a_rectangular_base_behind_a_low_wall_on_both_sides_of_25_percent(share):
    # a cavalry-sized base 2" wide and 1" deep, its long side square to the eye 12" away, the
    # model as tall as the eye (1.5"): the top ring is drawn level with the eye and the near
    # foot edge lowest, so the picture is the near face's rectangle (the far face lies inside
    # it). A wall 0.5" thick, H tall, from 10.5" to 11" away: below the eye its far top edge
    # is drawn highest, so it hides 1.5 - (1.5 - H) 12/11 of the face's 1.5" height
    height = 1.5 - (1.5 - 1.5 * share) * 11 / 12
    wall = Blocker("wall", box(10.5, -10, 11, 10), height)
    base = box(12, -1, 13, 1)
    assert hidden([wall], base, 1.5, 1.5) == pytest.approx(share, abs=1e-9)
    seen = visible_fraction(TerrainIndex([wall]), model_observer(0, 0, 1.5), base, 1.5)
    assert seen.hidden == pytest.approx(share, abs=1e-9)
    assert seen.obscured is (share >= 0.25)
    assert seen.borderline is (abs(share - 0.25) < 0.005)
    # the same base turned end on (1" wide, 2" deep): its near face still fills the picture
    end_on = box(12, -0.5, 14, 0.5)
    assert hidden([wall], end_on, 1.5, 1.5) == pytest.approx(share, abs=1e-9)


def test_a_gap_hiding_9_5_percent_from_each_side_is_not_cover():
    # two tall walls leave a gap: each hides 9.5% of the 2" face (19% in all)
    edge = (1 - 2 * 0.095) / 2
    index = TerrainIndex([Blocker("l", box(4, edge, 5, 5), 3.0),
                          Blocker("r", box(4, -5, 5, -edge), 3.0)])
    seen = visible_fraction(index, model_observer(0, 0, 1), LineString([(10, -1), (10, 1)]), 1)
    assert seen.hidden == pytest.approx(0.19, abs=1e-9) and not seen.obscured


def test_a_model_standing_higher_is_hidden_only_above_its_feet():
    # the face stands 3" to 5" up (a roof) 10" away; eye 1" up; a thin 3.5" wall 8" away
    # is drawn 1 + 2.5 * 10/8 = 4.125" up: (4.125 - 3) / 2 of the face hidden
    face = LineString([(10, -1), (10, 1)])
    assert hidden([thin_wall(8, 3.5)], face, 1.0, 5.0, 3.0) == pytest.approx(0.5625, abs=1e-6)
    # the same wall 5" away is drawn 6" up: all hidden
    assert hidden([thin_wall(5, 3.5)], face, 1.0, 5.0, 3.0) == pytest.approx(1.0)


def test_stepped_heights_each_hide_their_own_half():
    # one wall (1.5") left of the line of sight, one (0.5") right, both 9" away; eye 1" up,
    # the 2" face 10" away: 1 + 0.5 * 10/9 on the left, 1 - 0.5 * 10/9 on the right
    walls = [thin_wall(9, 1.5, -5, 0), thin_wall(9, 0.5, 0, 5)]
    left, right = (1 + 0.5 * 10 / 9) / 2, (1 - 0.5 * 10 / 9) / 2
    share = hidden(walls, LineString([(10, -1), (10, 1)]), 1.0, 2.0)
    assert share == pytest.approx((left + right) / 2, abs=1e-6)


def test_a_wall_behind_the_target_hides_nothing():
    face = LineString([(10, -1), (10, 1)])
    assert hidden([thin_wall(11, 5.0)], face, 1.0, 2.0) == 0.0
    base = Circle(10, 0, 0.5)
    assert hidden([Blocker("w", box(10.6, -5, 11, 5), 5.0)], base, 1.0, 2.0) == 0.0


def test_line_of_sight_values_hide_the_width_they_cover():
    # Warhammer Fantasy: a value-3 wall hides a value-2 target from a value-2 eye, by width;
    # the wall covers y >= 0.5 at x 4..5: drawn from 10 * 0.5/5 = 1 across the 4" face
    index = [Blocker("w", box(4, 0.5, 5, 9), 3.0)]
    face = LineString([(10, -2), (10, 2)])
    assert hidden(index, face, 2.0, 2.0, rule=SightRule.LOS_VALUES) == pytest.approx(0.25)
    # a value-4 eye sees over it
    assert hidden(index, face, 4.0, 2.0, rule=SightRule.LOS_VALUES) == 0.0


def test_frames_face_the_eye():
    u, dist = picture_frames((0, 0), [LineString([(5, 3), (5, -3)])])
    assert u.tolist() == [[1.0, 0.0]] and dist.tolist() == [5.0]


# --- nearest enemy and automated fire -----------------------------------------------------

def test_nearest_enemy_sees_a_model_of_which_only_the_edge_shows():
    # a tall wall hides all but the outer 1/16 of a 2" face's width; the hull stays visible
    edge = 1 - 2 / 16
    index = TerrainIndex([Blocker("w", box(4, -9, 5, 0.5 * edge), 6.0)])
    tank = hull(10, 0, 2, 2, 90)
    share = visible_shares(index, (0, 0), 1.0, [tank], 1.0)[0]
    assert 0 < share < 0.2
    got = nearest_enemy((0, 0), 1.0, 24, [EnemyUnit("t", (("t1", tank),))], index)
    assert got is not None and got.unit_id == "t"


@pytest.mark.parametrize(("nose", "in_range"), [(35.9, True), (36.0, True), (36.001, False)])
def test_rhino_measured_to_its_hull(nose, in_range):
    rhino = hull(0, nose + 2.25, 4.5, 3.5, 0)
    got = nearest_enemy((0, 0), 2.0, 36, [EnemyUnit("r", [("r1", rhino)], 2.5)],
                        TerrainIndex([]))
    assert (got is not None) is in_range
    if got:
        assert got.distance == pytest.approx(nose, abs=1e-9)


def test_oval_and_square_bases_are_targets():
    oval = affinity.scale(Circle(0, 0, 1).polygon(), 1.5, 1.0).buffer(0)
    oval = affinity.translate(oval, 10, 0)
    square = box(0, 9, 1, 10)
    found = nearest_enemy((0, 0), 1.0, 24, [EnemyUnit("o", [("o1", oval)]),
                                            EnemyUnit("s", [("s1", square)])], TerrainIndex([]))
    assert found is not None and found.unit_id == "o" and found.distance == pytest.approx(8.5)


def test_lists_are_accepted_like_arrays():
    index = TerrainIndex([Blocker("w", box(4, 0, 5, 5), 3.0)])
    listed = visible_fractions(index, (0, 0), 1.0, [[10.0, 0.0]], [1.0], 1.0)
    arrayed = visible_fractions(index, (0, 0), 1.0, np.array([[10.0, 0.0]]), np.array([1.0]),
                                1.0)
    assert listed.tolist() == arrayed.tolist()
    with pytest.raises(ValueError, match="centres must be"):
        visible_fractions(index, (0, 0), 1.0, [[1.0, 2.0, 3.0]], [1.0], 1.0)


# --- the exact picture against brute-force rays ----------------------------------------------

def _prism_hits(origin, direction, polygon, z0, z1):
    """Entry and exit parameters of rays into a convex prism (Cyrus–Beck), nan if missed."""
    ring = np.asarray(polygon.exterior.coords)[:-1]
    centre = ring.mean(axis=0)
    enter = np.zeros(len(direction))
    leave = np.full(len(direction), np.inf)
    for a, b in zip(ring, np.roll(ring, -1, axis=0), strict=True):
        normal = np.array([b[1] - a[1], a[0] - b[0]])
        if (centre - a) @ normal > 0:  # point it outwards
            normal = -normal
        num = (a - origin[:2]) @ normal
        den = direction[:, :2] @ normal
        with np.errstate(divide="ignore", invalid="ignore"):
            t = num / den
        enter = np.where(den < 0, np.maximum(enter, t), enter)
        leave = np.where(den > 0, np.minimum(leave, t), leave)
        leave = np.where((den == 0) & (num < 0), -np.inf, leave)
    dz = direction[:, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        t0, t1 = (z0 - origin[2]) / dz, (z1 - origin[2]) / dz
    low, high = np.minimum(t0, t1), np.maximum(t0, t1)
    flat = dz == 0
    inside_z = (z0 <= origin[2]) & (origin[2] <= z1)
    low = np.where(flat, np.where(inside_z, -np.inf, np.inf), low)
    high = np.where(flat, np.where(inside_z, np.inf, -np.inf), high)
    enter, leave = np.maximum(enter, low), np.minimum(leave, high)
    return np.where(enter < leave, enter, np.nan)


def _brute_hidden(blockers, eye, eye_height, target, top, n=120):
    """Cast a ray through every point of a fine grid over the target's picture."""
    u, dist = picture_frames(eye, [target])
    u, d = u[0], float(dist[0])
    v = np.array([-u[1], u[0]])
    xy = np.asarray(target.exterior.coords)
    ahead = (xy - eye) @ u
    side = ((xy - eye) @ v) * d / ahead
    picture_t = [eye_height + (z - eye_height) * d / ahead for z in (0.0, top)]
    s = np.linspace(side.min(), side.max(), n)
    t = np.linspace(min(map(np.min, picture_t)), max(map(np.max, picture_t)), n)
    ss, tt = (a.ravel() for a in np.meshgrid(s, t))
    origin = np.array([eye[0], eye[1], eye_height])
    direction = np.stack([u[0] * d + v[0] * ss, u[1] * d + v[1] * ss, tt - eye_height], axis=1)
    entry = _prism_hits(origin, direction, target, 0.0, top)
    seen = ~np.isnan(entry)
    blocked = np.zeros(len(ss), dtype=bool)
    for b in blockers:
        hit = _prism_hits(origin, direction, b.footprint, 0.0, b.height)
        blocked |= ~np.isnan(hit) & (hit < entry)
    return blocked[seen].mean()


@settings(max_examples=25, deadline=None)
@given(st.floats(1.0, 3.0), st.floats(0.5, 2.5), st.floats(3.0, 8.0), st.floats(-0.8, 0.8),
       st.lists(st.tuples(st.floats(2.0, 9.0), st.floats(-3.0, 3.0), st.floats(0.2, 3.0),
                          st.floats(0.0, 90.0), st.floats(0.1, 1.5)), min_size=1, max_size=3),
       st.floats(0.0, 180.0))
def test_exact_picture_matches_brute_force_rays(eye_height, top, width, ty, walls, turn):
    blockers = []
    for k, (x, y, h, angle, length) in enumerate(walls):
        footprint = affinity.rotate(box(x - 0.1, y - length, x + 0.1, y + length), angle)
        blockers.append(Blocker(f"w{k}", footprint, h))
    target = affinity.rotate(box(10 - 0.5, ty - width / 4, 10 + 0.5, ty + width / 4), turn)
    # a model stands clear of walls (one reaching into a wall has no agreed picture: the
    # rays say the wall hides what is inside it, the picture leaves the target's own ground)
    assume(not any(b.footprint.intersects(target) for b in blockers))
    fast = hidden(blockers, target, eye_height, top)
    slow = _brute_hidden(blockers, (0.0, 0.0), eye_height, target, top)
    assert fast == pytest.approx(slow, abs=0.03)


def test_brute_force_agrees_on_the_issue_case():
    base = box(11.5, -0.5, 12.5, 0.5)
    slow = _brute_hidden([thin_wall(11, 0.75, thickness=0.05)], (0.0, 0.0), 1.5, base, 1.5)
    assert slow == pytest.approx((1.5 - 0.75 * 11.5 / 11) / 1.5, abs=0.02)


def test_round_base_agrees_with_a_many_sided_prism():
    wall = [thin_wall(9, 0.8)]
    round_share = hidden(wall, Circle(10, 0, 0.5), 1.2, 1.5)
    prism = Polygon([(10 + 0.5 * math.cos(a), 0.5 * math.sin(a))
                     for a in np.linspace(0, 2 * math.pi, 2000, endpoint=False)])
    assert round_share == pytest.approx(hidden(wall, prism, 1.2, 1.5), abs=1e-4)
