from shapely.geometry import box

from geometry import Blocker, TerrainIndex, TerrainIndexCache

LOW = Blocker("low", box(0, 0, 1, 1), 1.0)
TALL = Blocker("tall", box(5, 0, 6, 1), 6.0)


def test_blocking_union_by_height_and_ignore():
    index = TerrainIndex([LOW, TALL])
    assert index.blocking_union(0.5).area == 2.0
    assert index.blocking_union(2.0).bounds == (5, 0, 6, 1)
    assert index.blocking_union(0.5, frozenset({"tall"})).bounds == (0, 0, 1, 1)
    assert index.blocking_union(2.0) is index.blocking_union(2.0)  # cached


def test_cache_rebuilds_only_when_terrain_changes():
    cache = TerrainIndexCache()
    first = cache.get([LOW, TALL])
    assert cache.get([LOW, TALL]) is first and cache.builds == 1
    moved = Blocker("tall", box(7, 0, 8, 1), 6.0)
    second = cache.get([LOW, moved])
    assert second is not first and cache.builds == 2
    assert cache.get([LOW, Blocker("tall", box(7, 0, 8, 1), 5.0)]) is not second
