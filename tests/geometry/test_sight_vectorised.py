"""The vectorised sight tests give the answers of a plain per-ray loop.

Random layouts of blockers (some sharing edges with the rays, some ignored) and random rays,
both rules: :func:`geometry.rays.rays_blocked` and the fans of
:func:`geometry.rays.fans_blocked` (which skip fans whose cone meets nothing) equal a loop
over the blockers, one ray at a time, written from the rules' wording.
"""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry

from geometry.index import Blocker, TerrainIndex
from geometry.rays import fans_blocked, rays_blocked
from geometry.sight import SightRule


def _per_ray(blockers: list[Blocker], start: tuple[float, float], end: tuple[float, float],
             h_start: float, h_end: float, rule: SightRule, ignore: frozenset[str]) -> bool:
    """One ray against each blocker in turn (the loop the vectorised test replaced)."""
    line = LineString([start, end])
    low, top = min(h_start, h_end), max(h_start, h_end)
    for blocker in blockers:
        if blocker.id in ignore or not line.intersects(blocker.footprint):
            continue
        if blocker.height >= top:
            return True
        if rule is SightRule.TRUE_LINE and low <= blocker.height < top:
            crossing = line.intersection(blocker.footprint)
            along = np.subtract(end, start)
            for point in np.asarray(_coords(crossing)):
                t = float(np.dot(point - start, along) / max(float(np.dot(along, along)), 1e-18))
                if h_start + (h_end - h_start) * min(max(t, 0.0), 1.0) <= blocker.height:
                    return True
    return False


def _coords(geometry: BaseGeometry) -> list[tuple[float, float]]:
    return [tuple(c) for c in shapely.get_coordinates(geometry)]


def _layout(rng: np.random.Generator, count: int) -> list[Blocker]:
    blockers = []
    for k in range(count):
        x, y = rng.integers(0, 40, 2).astype(float)
        w, h = rng.integers(1, 8, 2).astype(float)
        shape: Polygon = box(x, y, x + w, y + h)
        if k % 3 == 0:
            shape = Polygon([(x, y), (x + w, y + h / 2), (x, y + h)])
        blockers.append(Blocker(f"b{k}", shape, float(rng.choice([0.5, 1.0, 2.0, 3.0, 6.0]))))
    return blockers


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("rule", list(SightRule))
def test_rays_match_the_per_ray_loop(seed: int, rule: SightRule) -> None:
    rng = np.random.default_rng(seed)
    blockers = _layout(rng, int(rng.integers(1, 25)))
    index = TerrainIndex(blockers)
    n = 300
    # integer ends: many rays run along blocker edges or touch their corners
    starts = rng.integers(-2, 48, (n, 2)).astype(float)
    ends = rng.integers(-2, 48, (n, 2)).astype(float)
    ends[: n // 4, 0] = starts[: n // 4, 0]  # vertical rays
    ends[n // 4: n // 3] = starts[n // 4: n // 3]  # zero-length rays
    h_start = rng.choice([0.5, 1.0, 2.0, 4.0], n)
    h_end = rng.choice([0.5, 1.0, 2.0, 4.0], n)
    ignore = frozenset({blockers[0].id}) if seed % 2 else frozenset()
    fast = rays_blocked(index, starts, ends, h_start, h_end, rule, ignore)
    loop = [_per_ray(blockers, tuple(s), tuple(e), a, b, rule, ignore)
            for s, e, a, b in zip(starts, ends, h_start, h_end, strict=True)]
    assert fast.tolist() == loop
    assert 0 < int(fast.sum()) < n  # the layouts block some rays and not others


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("rule", list(SightRule))
def test_fans_match_the_per_ray_loop(seed: int, rule: SightRule) -> None:
    rng = np.random.default_rng(100 + seed)
    blockers = _layout(rng, int(rng.integers(1, 25)))
    index = TerrainIndex(blockers)
    fans, samples = 120, 7
    eyes = rng.integers(-2, 48, (fans, 2)).astype(float)
    mids = rng.integers(-2, 48, (fans, 2)).astype(float)
    across = rng.choice([0.0, 0.5, 1.0, 3.0], (fans, 1)) * rng.normal(size=(fans, 2))
    across[: fans // 6] = 0.0  # every ray of the fan to one point
    mids[fans // 6: fans // 4] = eyes[fans // 6: fans // 4]  # the eye on its own segment
    spread = np.linspace(-1.0, 1.0, samples)
    points = mids[:, None, :] + spread[None, :, None] * across[:, None, :]
    h_eye = rng.choice([0.5, 1.0, 2.0, 4.0], fans)
    h_end = rng.choice([0.5, 1.0, 2.0, 4.0], fans)
    ignore = frozenset({blockers[-1].id}) if seed % 2 else frozenset()
    fast = fans_blocked(index, eyes, points, h_eye, h_end, rule, ignore)
    loop = [[_per_ray(blockers, tuple(eyes[k]), tuple(p), h_eye[k], h_end[k], rule, ignore)
             for p in points[k]] for k in range(fans)]
    assert fast.tolist() == loop
    assert 0 < int(fast.sum()) < fans * samples


def test_a_fan_beside_a_wall_is_clear_and_one_touching_it_blocked() -> None:
    wall = TerrainIndex([Blocker("wall", box(4, -5, 5, 5), 3.0)])
    eyes = np.array([[0.0, 6.0], [0.0, 5.0]])
    points = np.array([[[10.0, 6.0], [10.0, 8.0]], [[10.0, 5.0], [10.0, 8.0]]])
    # wholly above the wall; the first ray runs along its top edge (touching counts)
    assert fans_blocked(wall, eyes, points, 1.0, 1.0).tolist() == [[False, False],
                                                                    [True, False]]
