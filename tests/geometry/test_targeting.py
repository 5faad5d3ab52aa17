import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from geometry import Blocker, Circle, EnemyUnit, TerrainIndex, hull, nearest_enemy, oval_base

BUNKER = Blocker("bunker", box(-2, -2, 2, 2), 4.0)
INDEX = TerrainIndex([BUNKER, Blocker("wall", box(6, -3, 7, 3), 5.0)])
MOUNT = (2.0, 0.0)  # on the bunker's right wall


def unit(uid, *centres, r=0.5):
    return EnemyUnit(uid, tuple((f"{uid}-{i}", Circle(x, y, r)) for i, (x, y) in
                                enumerate(centres)))


def test_nearest_in_range_and_sight_ignoring_its_own_building():
    hidden = unit("hidden", (9, 0))  # behind the wall
    seen = unit("seen", (2, 10), (2, 30))
    got = nearest_enemy(MOUNT, 2.0, 36, [hidden, seen], INDEX, ignore=frozenset({"bunker"}))
    assert got.unit_id == "seen" and got.model_id == "seen-0" and got.distance == 9.5


def test_a_unit_counts_at_its_nearest_visible_model():
    split = unit("split", (9, 0), (2, 20))  # its nearest model is hidden
    other = unit("other", (2, -15))
    got = nearest_enemy(MOUNT, 2.0, 36, [split, other], INDEX, ignore=frozenset({"bunker"}))
    assert got.unit_id == "other" and got.distance == 14.5


def test_range_boundary_is_exact():
    edge = unit("edge", (2, 24.5))  # base edge exactly 24" from the mount
    assert nearest_enemy(MOUNT, 2.0, 24, [edge], INDEX, ignore=frozenset({"bunker"})) is not None
    beyond = unit("beyond", (2, 24.501))
    assert nearest_enemy(MOUNT, 2.0, 24, [beyond], INDEX, ignore=frozenset({"bunker"})) is None


def test_ties_are_listed_and_broken_by_unit_id():
    a, b = unit("b-unit", (2, 10)), unit("a-unit", (2, -10))
    got = nearest_enemy(MOUNT, 2.0, 24, [a, b], INDEX, ignore=frozenset({"bunker"}))
    assert got.unit_id == "a-unit" and got.tied == ("a-unit", "b-unit")


def test_own_building_blocks_unless_ignored():
    behind = unit("behind", (-10, 0))
    assert nearest_enemy(MOUNT, 2.0, 24, [behind], INDEX) is None
    # from 5" up the line drops to 3.67" over the far wall of the 4" bunker: still hidden;
    # from 8" up it is 5.67" there: seen over the roof
    assert nearest_enemy(MOUNT, 5.0, 24, [behind], INDEX) is None
    assert nearest_enemy(MOUNT, 8.0, 24, [behind], INDEX) is not None


def test_no_enemies():
    assert nearest_enemy(MOUNT, 2.0, 24, [], INDEX) is None


def _naive_nearest(mount, height, reach, units, blockers, ignore):
    """Every model one at a time: distance to its real base, exact picture, no shortcuts."""
    from shapely.geometry import Point as _Point

    from geometry.measure import distance
    from geometry.picture import exact_hidden_shares
    index = TerrainIndex(blockers)
    best = {}
    for unit in units:
        for model_id, base in unit.models:
            # one base at a time: an oval to its exact ellipse (geometry.measure.distance)
            gap = distance(_Point(mount), base) if not isinstance(base, Circle) \
                else max(0.0, _Point(mount).distance(_Point(base.centre)) - base.radius)
            if gap > reach + 1e-9:
                continue
            hidden = float(exact_hidden_shares(index, mount, height, [base], unit.height,
                                               0.0, ignore=ignore)[0])
            if 1.0 - hidden > 1e-9 and (unit.id not in best or gap < best[unit.id][0]):
                best[unit.id] = (gap, model_id)
    if not best:
        return None
    shortest = min(g for g, _ in best.values())
    tied = tuple(sorted(u for u, (g, _) in best.items() if g <= shortest + 1e-9))
    return tied, best[tied[0]][0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(-15, 15), st.floats(-15, 15), st.floats(0.5, 4),
                          st.floats(0.3, 4), st.sampled_from([0.5, 1.0, 3.0, 6.0])),
                min_size=0, max_size=6),
       st.lists(st.lists(st.tuples(st.floats(-20, 20), st.floats(-20, 20),
                                   st.sampled_from(["round", "oval", "hull"])),
                         min_size=1, max_size=5), min_size=1, max_size=5),
       st.sampled_from([1.0, 2.0, 5.0]), st.sampled_from([12.0, 24.0]))
def test_nearest_enemy_matches_the_one_at_a_time_answer(walls, units, height, reach):
    blockers = [Blocker(f"w{k}", box(x, y, x + w, y + d), h)
                for k, (x, y, w, d, h) in enumerate(walls)]
    made = []
    for u, models in enumerate(units):
        bases = []
        for m, (x, y, kind) in enumerate(models):
            base = Circle(x, y, 0.63) if kind == "round" else oval_base(x, y, 60, 35, 30) \
                if kind == "oval" else hull(x, y, 4.5, 3.5, 0)
            bases.append((f"m{u}-{m}", base))
        made.append(EnemyUnit(f"u{u}", bases, 1.5))
    got = nearest_enemy((0.0, 0.0), height, reach, made, TerrainIndex(blockers))
    want = _naive_nearest((0.0, 0.0), height, reach, made, blockers, frozenset())
    if want is None:
        assert got is None
    else:
        assert got is not None and got.tied == want[0]
        assert got.distance == pytest.approx(want[1], abs=1e-9)


def test_the_table_of_units_follows_the_units_asked_about():
    # automated fire asks for every weapon with the same unit objects, and the table of their
    # bases is kept between calls: other units, or the same list changed, are measured afresh
    near = EnemyUnit("near", (("a", Circle(5, 0, 0.5)),))
    far = EnemyUnit("far", (("b", Circle(12, 0, 0.5)),))
    index = TerrainIndex([])
    enemies = [near, far]
    assert nearest_enemy((0, 0), 2.0, 24, enemies, index).unit_id == "near"
    assert nearest_enemy((0, 0), 2.0, 24, enemies, index).unit_id == "near"
    enemies.pop(0)
    assert nearest_enemy((0, 0), 2.0, 24, enemies, index).unit_id == "far"
    moved = EnemyUnit("near", (("a", Circle(30, 0, 0.5)),))
    found = nearest_enemy((0, 0), 2.0, 24, [moved, far], index)
    assert found.unit_id == "far" and found.distance == pytest.approx(11.5, abs=1e-12)
