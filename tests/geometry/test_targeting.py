from shapely.geometry import box

from geometry import Blocker, Circle, EnemyUnit, TerrainIndex, nearest_enemy

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
