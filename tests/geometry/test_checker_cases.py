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


# --- 2. square and rectangular Fantasy bases in automated fire --------------------------

OPEN = TerrainIndex([])


def _alone(uid, base, height=1.0):
    return EnemyUnit(uid, ((f"{uid}-1", base),), height)


@pytest.mark.parametrize(("corner", "in_range"), [(35.9, True), (36.0, True), (36.001, False)])
def test_a_20mm_square_turned_corner_on_is_measured_to_its_corner(corner, in_range):
    """A 20 mm square base turned 45°: its corners lie s/√2 = 0.5568" from its centre, one
    pointing straight at the mount. With that corner ``corner`` away it is in range of a 36"
    weapon exactly when ``corner`` ≤ 36. (A stand-in circle of half its width, 0.3937", at the
    centre would put the 35.9" case 36.063" away: out.)"""
    half_diagonal = 20 / MM / math.sqrt(2)
    base = rectangular_base(0, corner + half_diagonal, 20, 20, 45)
    got = nearest_enemy((0, 0), 1.0, 36, [_alone("gobbos", base)], OPEN)
    assert (got is not None) is in_range
    if got is not None:
        assert got.distance == pytest.approx(corner, abs=1e-9)


@pytest.mark.parametrize(("scale", "in_range"), [(35.9 / 5, True), (36.1 / 5, False)])
def test_a_25mm_square_off_to_one_side_is_measured_to_its_near_corner(scale, in_range):
    """A 25 mm square, sides square to the table, its near corner at (3k, 4k) from the mount
    and the rest of it beyond (x ≥ 3k, y ≥ 4k): that corner is its nearest point, 5k away (a
    3-4-5 triangle). k = 7.18 puts it at 35.9" (in range of 36"), k = 7.22 at 36.1" (out). A
    circle of radius 12.5 mm at its centre would say 36.097" for the first: out."""
    half = 12.5 / MM
    base = rectangular_base(3 * scale + half, 4 * scale + half, 25, 25)
    got = nearest_enemy((0, 0), 1.0, 36, [_alone("spears", base)], OPEN)
    assert (got is not None) is in_range
    if got is not None:
        assert got.distance == pytest.approx(35.9, abs=1e-9)
        assert math.hypot(3 * scale + half, 4 * scale + half) - half > 36  # the stand-in


@pytest.mark.parametrize("facing", [0, 90])
@pytest.mark.parametrize(("edge", "in_range"), [(35.9, True), (36.1, False)])
def test_a_50x25mm_cavalry_base_is_measured_to_its_near_edge(facing, edge, in_range):
    """A 50 × 25 mm cavalry base straight ahead, end on (facing 0: the 25 mm end towards the
    mount, centre edge + 25 mm away) or side on (facing 90: centre edge + 12.5 mm away). Its
    near edge ``edge`` away decides; a circle of half its width at the centre would put the
    end-on 35.9" case 36.39" away."""
    depth = (50 if facing == 0 else 25) / 2 / MM
    base = rectangular_base(0, edge + depth, 50, 25, facing)
    got = nearest_enemy((0, 0), 1.0, 36, [_alone("knights", base)], OPEN)
    assert (got is not None) is in_range
    if got is not None:
        assert got.distance == pytest.approx(edge, abs=1e-9)


@pytest.mark.parametrize(("seen_width", "chosen"), [(1 / 16, "near"), (-0.01, "far")])
def test_a_square_base_one_sixteenth_visible_is_in_sight(seen_width, chosen):
    """A 25 mm square (half-width a = 0.4921") centred 20" ahead, as tall as the mount's eye
    (1"): its picture is its near face, a rectangle (every column enters it through the near
    face, 20 − a ahead, and its top is drawn level with the eye). A 5" wall from y = 10 to
    10.5 reaching across to x = e hides the face left of e(20 − a)/10 (similar triangles
    through the wall's near corner). With e = (a − 2a·w)·10/(20 − a) the right-hand ``w`` of
    the face's width shows: 1/16 seen → in sight, nearest, chosen over a unit 25" off; the
    wall 0.01 of the width past the face → not in sight, the far unit is chosen."""
    a = 12.5 / MM
    e = (a - 2 * a * seen_width) * 10 / (20 - a)
    index = TerrainIndex([Blocker("wall", box(-10, 10, e, 10.5), 5.0)])
    near = rectangular_base(0, 20, 25, 25)
    share = float(visible_shares(index, (0, 0), 1.0, [near], 1.0)[0])
    assert share == pytest.approx(max(seen_width, 0.0), abs=1e-9)
    far = Circle(-25.5, 0, 0.5)
    got = nearest_enemy((0, 0), 1.0, 36, [_alone("near", near), _alone("far", far)], index)
    assert got is not None and got.unit_id == chosen
    assert got.distance == pytest.approx(20 - a if chosen == "near" else 25, abs=1e-9)


# --- 3. a model standing higher, seen over a wall ---------------------------------------

SHARES = [0.24, 0.2449, 0.2451, 0.2549, 0.2551, 0.26]


def _verdict_matches(seen, share):
    assert seen.hidden == pytest.approx(share, abs=1e-9)
    assert seen.obscured is (share >= 0.25)
    assert seen.borderline is (abs(share - 0.25) < 0.005)


@pytest.mark.parametrize("share", SHARES)
def test_a_model_on_battlements_seen_from_battlements_over_a_wall(share):
    """Eye on a battlement 3" up; a 25 mm square base (half-width a) centred 12" ahead stands
    on another battlement 3" up and is 1.5" tall (top 4.5"). Its floor is level with the eye,
    so its whole underside is drawn on the eye's level and its picture is the near face,
    12 − a ahead: a rectangle 1.5/(12 − a) tall. A wall taller than the eye, its near face
    10.5" ahead, draws its near top edge (H − 3)/10.5 above the eye, so it hides
    (H − 3)(12 − a)/(10.5 · 1.5) of the model: H = 3 + share · 15.75/(12 − a)."""
    a = 12.5 / MM
    wall = Blocker("wall", box(10.5, -10, 11, 10), 3 + share * 15.75 / (12 - a))
    base = rectangular_base(12, 0, 25, 25)
    seen = visible_fraction(TerrainIndex([wall]), model_observer(0, 0, 3.0), base, 4.5,
                            target_bottom=3.0)
    _verdict_matches(seen, share)


def _raised_square_share(y_wall, eye=1.5, bottom=3.0, top=4.5, ahead=12.0, a=12.5 / MM):
    """Hidden share of a square base standing ``bottom`` up, looked at from below.

    The picture of the solid is the hull of its corners: the near face (half-width
    Wn = a/(ahead − a), from its foot edge y_nb = eye + (bottom − eye)/(ahead − a) to its top
    edge y_top = eye + (top − eye)/(ahead − a)) and, lower and narrower, the far face's foot
    edge (Wf = a/(ahead + a) at y_fb = eye + (bottom − eye)/(ahead + a)): a rectangle over a
    trapezoid. Everything under ``y_wall`` (between y_nb and y_top) is hidden: the trapezoid
    (Wn + Wf)(y_nb − y_fb) and 2 Wn (y_wall − y_nb) of the rectangle.
    """
    wn, wf = a / (ahead - a), a / (ahead + a)
    y_nb, y_fb = eye + (bottom - eye) / (ahead - a), eye + (bottom - eye) / (ahead + a)
    y_top = eye + (top - eye) / (ahead - a)
    trapezoid = (wn + wf) * (y_nb - y_fb)
    return (trapezoid + 2 * wn * (y_wall - y_nb)) / (trapezoid + 2 * wn * (y_top - y_nb))


@pytest.mark.parametrize("share", SHARES)
def test_a_model_on_an_upper_floor_seen_from_the_ground_over_a_wall(share):
    """Eye 1.5" up on the ground; the same base stands on an upper floor 3" up (top 4.5"),
    12" ahead. A wall taller than the eye, near face 10.5" ahead, draws its near top edge at
    y = 1.5 + (H − 1.5)/10.5; by :func:`_raised_square_share` (linear in y) the y hiding
    ``share`` is y_nb + (share · area − trapezoid)/(2 Wn), so H = 1.5 + 10.5 (y − 1.5)."""
    a = 12.5 / MM
    y_nb = 1.5 + 1.5 / (12 - a)
    slope = _raised_square_share(y_nb + 1) - _raised_square_share(y_nb)
    y_wall = y_nb + (share - _raised_square_share(y_nb)) / slope
    assert _raised_square_share(y_wall) == pytest.approx(share, abs=1e-12)
    assert y_nb < y_wall < 1.5 + 3 / (12 - a)
    wall = Blocker("wall", box(10.5, -10, 11, 10), 1.5 + 10.5 * (y_wall - 1.5))
    seen = visible_fraction(TerrainIndex([wall]), model_observer(0, 0, 1.5),
                            rectangular_base(12, 0, 25, 25), 4.5, target_bottom=3.0)
    _verdict_matches(seen, share)


def test_a_model_standing_higher_is_seen_over_a_wall_that_hides_it_on_the_ground():
    """A 3" wall 10.5–11" ahead, eye 1.5" up: its near top edge is drawn 1.5/10.5 = 0.1429
    above the eye. A 1.5" model on the ground 12" ahead has its top drawn level with the eye:
    wholly hidden (not in sight, so not "obscured" either). Standing 3" up it is drawn from
    y_fb upwards and the wall hides only the part below 1.6429 (its near foot edge is drawn
    at 1.5 + 1.5/11.508 = 1.6303): by :func:`_raised_square_share`, 16.0 %: not obscured."""
    index = TerrainIndex([Blocker("wall", box(10.5, -10, 11, 10), 3.0)])
    base = rectangular_base(12, 0, 25, 25)
    low = visible_fraction(index, model_observer(0, 0, 1.5), base, 1.5)
    assert low.hidden == pytest.approx(1.0, abs=1e-12) and not low.clear
    expected = _raised_square_share(1.5 + 1.5 / 10.5)
    assert expected == pytest.approx(0.1596, abs=1e-4)
    high = visible_fraction(index, model_observer(0, 0, 1.5), base, 4.5, target_bottom=3.0)
    assert high.hidden == pytest.approx(expected, abs=1e-9) and not high.obscured


# --- 4. a building's facing behind a wall -----------------------------------------------

BUILDING = [(-3.0, -2.0), (3.0, -2.0), (3.0, 2.0), (-3.0, 2.0)]


@pytest.mark.parametrize("share", [0.5234, *SHARES])
def test_a_placed_buildings_front_behind_a_wall(share):
    """The issue's case, through the placed building: an 8" building 6" × 4" placed at
    (0, 19), so its front (the side up the table) is the line y = 17, x = −3..3; the eye 1"
    up at the origin attacks its front. A wall 0.5" thick whose near face is 1" in front
    (y = 16), taller than the eye, draws its near top edge at 1 + (H − 1)·17/16 up the 8"
    front: it hides share s when H = 1 + (8 s − 1)·16/17. The issue's 4" wall: (1 + 3·17/16)/8
    = 52.34 %. The building is named in ``ignore`` so its own footprint hides nothing."""
    from geometry import building_facing, facing_edge, place_footprint

    assert building_facing((0, 0), BUILDING, 0, 19, 0) == "front"
    front = facing_edge(BUILDING, 0, 19, 0, "front")
    height = 4.0 if share == 0.5234 else 1 + (8 * share - 1) * 16 / 17
    expected = (1 + (height - 1) * 17 / 16) / 8
    assert expected == pytest.approx(share, abs=1e-4 if share == 0.5234 else 1e-12)
    index = TerrainIndex([Blocker("keep", place_footprint(BUILDING, 0, 19, 0), 8.0),
                          Blocker("wall", box(-10, 16, 10, 16.5), height)])
    seen = visible_fraction(index, model_observer(0, 0, 1.0), front, 8.0, ignore=("keep",))
    _verdict_matches(seen, expected)


# --- 5. wholly within a non-convex ruin --------------------------------------------------

L_RUIN = Polygon([(0, 0), (6, 0), (6, 2), (2, 2), (2, 6), (0, 6)])  # re-entrant corner (2, 2)


@pytest.mark.parametrize(("shift", "farthest"), [(0.001, 0.001), (0.0, 0.0), (-0.001, 0.0)])
def test_a_square_base_at_the_re_entrant_corner(shift, farthest):
    """A 1" square hull over (1, 1)–(2, 2) moved ``shift`` along both axes: its corner
    (2 + shift, 2 + shift) is the only part that can leave the L (x ≤ 2 or y ≤ 2 is inside).
    0.001" past the re-entrant corner it is 0.001" from both inner walls: not wholly within
    the ruin (reach 0) but wholly within 0.001"; on the corner or inside it is wholly within.
    The ruin's convex hull would wrongly take it in at every shift."""
    square = hull(1.5 + shift, 1.5 + shift, 1, 1, 0)
    assert farthest_distance(square, L_RUIN) == pytest.approx(farthest, abs=1e-12)
    assert wholly_within(square, L_RUIN, 0) is (farthest == 0)
    assert wholly_within(square, L_RUIN, 0.001)
    assert wholly_within(square, L_RUIN.convex_hull, 0)


def test_a_square_base_past_the_corner_along_one_wall_only_is_inside():
    """Moved 0.001" along x only, the square covers (1.001, 1)–(2.001, 2): its right edge at
    x = 2.001 lies in the L's lower arm (y ≤ 2), so every part is inside."""
    assert wholly_within(hull(1.501, 1.5, 1, 1, 0), L_RUIN, 0)
    assert not wholly_within(hull(1.501, 1.501, 1, 1, 0), L_RUIN, 0)


@pytest.mark.parametrize(("out", "ok"), [(0.001, False), (-0.001, True)])
def test_a_round_base_bulging_past_the_re_entrant_corner(out, ok):
    """A round base centred (1.5, 1.5) of radius r: a point of it is outside the L only where
    both coordinates pass 2, and is then min(x, y) − 2 from the ruin (the nearer inner wall),
    largest at 45°: 1.5 + r/√2 − 2. With r = (0.5 + out)√2 it is ``out`` past the corner: refused at
    0.001" out (also as a unit), taken 0.001" in."""
    base = Circle(1.5, 1.5, (0.5 + out) * math.sqrt(2))
    assert farthest_distance(base, L_RUIN) == pytest.approx(max(out, 0), abs=1e-9)
    assert wholly_within(base, L_RUIN, 0) is ok
    check = unit_wholly_within([("m1", base), ("m2", Circle(1, 1, 0.5))], L_RUIN, 0)
    assert check.ok is ok
    assert [v.model_id for v in check.failing] == ([] if ok else ["m1"])


@pytest.mark.parametrize(("tip", "ok"), [(2.001, False), (1.999, True)])
def test_an_oval_in_the_upper_arm_reaching_past_the_inner_wall(tip, ok):
    """A 60 × 35 mm oval standing along the L's upper arm (facing 0: long axis along y,
    y = 2.32–4.68), its side at x = ``tip`` (centre tip − 17.5 mm): the arm is 0 ≤ x ≤ 2
    there, so 0.001" past the inner wall it is 0.001" out (refused), 0.001" short of it
    wholly within."""
    oval = oval_base(tip - 17.5 / MM, 3.5, 60, 35, 0)
    assert farthest_distance(oval, L_RUIN) == pytest.approx(max(tip - 2, 0), abs=1e-9)
    assert wholly_within(oval, L_RUIN, 0) is ok


# --- zones: the drawing and the check for square, rectangular and oval bases ---------------

@pytest.mark.parametrize(("far", "legal"), [(5.999, True), (6.0, True), (6.001, False)])
def test_a_cavalry_base_by_two_doors_is_wholly_within_6_of_one(far, legal):
    """Doors at (0, 0) and (10, 0); a 50 × 25 mm cavalry base lying along x (facing 90: half
    length L = 0.9843", half width W = 0.4921") centred (c, 0). Its points farthest from the
    left door are its right-hand corners, √((c + L)² + W²) away: c = √(far² − W²) − L puts
    them ``far`` away. At 5.999" and 6" it is legal and lies in the left door's drawn zone
    (a polygon with vertices on the 6" circle, within 0.0005" of it: 5.999" is inside); at
    6.001" it is refused and outside every drawn part, though each of its points is within 6"
    of one door or the other (the union of the discs would take it)."""
    from shapely.geometry import Point

    from geometry import Obstacles, check_disembark, disembark_zone, disembark_zones

    half_l, half_w = 25 / MM, 12.5 / MM
    centre = math.sqrt(far**2 - half_w**2) - half_l
    base = rectangular_base(centre, 0, 50, 25, 90)
    assert farthest_distance(base, Point(0, 0)) == pytest.approx(far, abs=1e-9)
    doors = [("left", Point(0, 0)), ("right", Point(10, 0))]
    obstacles = Obstacles([])
    verdict = check_disembark([("knight", base)], doors, obstacles)[0]
    assert verdict.legal is legal
    drawn = [zone.covers(base) for _, zone in disembark_zones(doors, obstacles)]
    if far != 6.0:  # exactly on the circle the drawn polygon may fall 0.0005" short
        assert any(drawn) is legal
    assert disembark_zone(doors, obstacles).covers(base)  # the union says yes every time


@pytest.mark.parametrize("facing", [0, 90])
@pytest.mark.parametrize(("gap", "ok"), [(2.0, True), (2.001, False)])
def test_an_oval_embarks_from_2_inches_to_its_nearest_point(facing, gap, ok):
    """A 60 × 35 mm oval straight down the table from an Access Point at (0, 0), end on
    (facing 0: its tip 30 mm from the centre) or side on (facing 90: 17.5 mm): its nearest
    point is the tip or side, ``gap`` away. Within 2" embarks (a gap of exactly 2 is within);
    2.001" does not, by 0.001"."""
    from shapely.geometry import Point

    from geometry import check_embark

    half = (30 if facing == 0 else 17.5) / MM
    check = check_embark([("bike", oval_base(0, gap + half, 60, 35, facing))],
                         [("door", Point(0, 0))])
    assert check.ok is ok
    assert check.distances[0] == pytest.approx(gap, abs=1e-9)


@pytest.mark.parametrize(("far_face", "seen"), [(39.9, False), (40.1, True)])
def test_a_high_mount_sees_a_far_square_base_over_a_low_wall_by_its_top(far_face, seen):
    """A mount 3" up at the origin looks along +y over a 2.5" wall 9.5–10" ahead; the target
    is a 25 mm square base, 1" tall, straight ahead. Both are lower than the eye, so each is
    drawn highest at its far top edge: the wall at 3 − 0.5/10 = 2.95, the model at
    3 − 2/df (df its far face). Some of it shows exactly when 2/df < 0.05, df > 40: at
    df = 40.1 the sliver of its top face beyond the wall's shadow is seen, and automated fire
    (48") picks it at its near face, df − 25 mm; at 39.9 it is wholly hidden."""
    a = 12.5 / MM
    index = TerrainIndex([Blocker("wall", box(-50, 9.5, 50, 10), 2.5)])
    base = rectangular_base(0, far_face - a, 25, 25)
    share = float(visible_shares(index, (0, 0), 3.0, [base], 1.0)[0])
    assert (share > 1e-9) is seen
    # the picture: the near face (dn = df − 2a ahead, from 3 − 3/dn up to y1 = 3 − 2/dn,
    # 2a/dn wide) under the top face, a trapezoid up to y2 = 3 − 2/df, 2a/df wide; the part
    # of that trapezoid above the wall's 2.95 is what is seen
    dn = far_face - 2 * a
    y1, y2, wall_top = 3 - 2 / dn, 3 - 2 / far_face, 2.95
    near_face = (2 * a / dn) * (1 / dn)
    top_face = (a / dn + a / far_face) * (y2 - y1)
    width_at_wall = 2 * a / dn + (2 * a / far_face - 2 * a / dn) * (wall_top - y1) / (y2 - y1)
    sliver = max(0.0, (width_at_wall / 2 + a / far_face) * (y2 - wall_top))
    assert share == pytest.approx(sliver / (near_face + top_face), rel=1e-6, abs=1e-12)
    got = nearest_enemy((0, 0), 3.0, 48, [_alone("far", base)], index)
    assert (got is not None) is seen
    if got is not None:
        assert got.distance == pytest.approx(far_face - 2 * a, abs=1e-9)


@pytest.mark.parametrize(("wall_value", "eye_value", "target_value", "blocks"), [
    (5, 1, 1, True), (1, 1, 1, True), (5, 1, 2, True), (0.9, 1, 1, False), (1, 2, 1, False),
    (1, 1, 2, False)])
def test_warhammer_fantasy_line_of_sight_values_hide_whole_columns(wall_value, eye_value,
                                                                   target_value, blocks):
    """Warhammer Fantasy (seed 002): terrain hides a model when its Line of Sight value is at
    least both the viewer's and the target's, and then in its full height. A 20 mm square
    (half-width a = 0.3937") centred 20" ahead, a blocker from y = 10 to 14 reaching across to
    x = e: through its near corner (e, 10) it hides the near face left of e(20 − a)/10 (similar
    triangles), so with e = 0.2 · 10/(20 − a) it hides (0.2 + a)/(2a) = 75.4 % of the face's
    width — of the picture too, which is that face when the target's value is at least the
    eye's (its near top edge is drawn highest, its near foot edge lowest). A blocker lower
    than either side's value hides nothing."""
    from geometry import SightRule

    a = 10 / MM
    e = 0.2 * 10 / (20 - a)
    index = TerrainIndex([Blocker("house", box(-10, 10, e, 14), wall_value)])
    base = rectangular_base(0, 20, 20, 20)
    share = float(visible_shares(index, (0, 0), eye_value, [base], target_value,
                                 rule=SightRule.LOS_VALUES)[0])
    hidden = (0.2 + a) / (2 * a)
    assert hidden == pytest.approx(0.754, abs=1e-3)
    assert share == pytest.approx(1 - hidden if blocks else 1.0, abs=1e-9)
