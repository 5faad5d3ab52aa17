"""The rays drawn agree with the verdict: each carries the exact hidden share of its strip."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, box

from geometry import Blocker, Circle, TerrainIndex, model_observer, visible_fraction
from geometry.picture import hidden_shares
from geometry.strips import strip_hidden_shares


def test_the_issue_low_wall_draws_every_ray_partly_hidden():
    """Eye 1.5" up, a 1.5" model 12" away, a 0.75" wall 1" in front: obscured, and drawn so."""
    wall = TerrainIndex([Blocker("wall", box(10.95, -5, 11, 5), 0.75)])
    seen = visible_fraction(wall, model_observer(0, 0, 1.5), Circle(12, 0, 0.5), 1.5)
    assert seen.obscured
    assert len(seen.rays) == 16
    assert all(ray.partly and not ray.blocked for ray in seen.rays)
    assert all(0.4 < ray.hidden < 0.6 for ray in seen.rays)


def test_a_face_behind_a_low_wall_hides_the_same_share_of_every_strip():
    wall = TerrainIndex([Blocker("wall", box(10.9, -5, 11, 5), 0.75)])
    face = LineString([(12, -1), (12, 1)])
    strips = strip_hidden_shares(wall, (0, 0), 1.5, face, 1.5)
    assert strips == pytest.approx(np.full(16, (1.5 - 0.75 * 12 / 11) / 1.5), abs=1e-12)


def test_a_tall_corner_hides_whole_strips_in_the_facing_order():
    tower = TerrainIndex([Blocker("tower", box(5, -5, 6, 0), 4.0)])
    face = LineString([(12, -1), (12, 1)])
    assert strip_hidden_shares(tower, (0, 0), 1.5, face, 1.5, samples=4).tolist() == \
        [1.0, 1.0, 0.0, 0.0]
    backwards = LineString([(12, 1), (12, -1)])
    assert strip_hidden_shares(tower, (0, 0), 1.5, backwards, 1.5, samples=4).tolist() == \
        [0.0, 0.0, 1.0, 1.0]


def test_a_model_seen_whole_or_not_at_all_draws_clear_or_blocked_rays():
    tower = TerrainIndex([Blocker("tower", box(5, -2, 6, 2), 4.0)])
    hidden = visible_fraction(tower, model_observer(0, 0, 1.0), Circle(10, 0, 0.5), 1.0)
    assert hidden.visible == 0.0 and all(r.blocked for r in hidden.rays)
    clear = visible_fraction(tower, model_observer(0, 0, 1.0), Circle(0, 10, 0.5), 1.0)
    assert clear.visible == 1.0 and not any(r.blocked or r.partly for r in clear.rays)


@settings(max_examples=40, deadline=None)
@given(st.floats(8.0, 11.5), st.floats(-1.0, 1.0), st.floats(0.2, 3.0), st.floats(0.5, 2.5),
       st.floats(0.5, 2.5))
def test_the_strips_of_a_face_add_up_to_its_hidden_share(x, y, height, eye, top):
    """A face's strips have equal areas: their mean is the verdict's hidden share."""
    wall = TerrainIndex([Blocker("w", box(x, y - 0.7, x + 0.2, y + 0.7), height)])
    face = LineString([(12, -1), (12, 1)])
    strips = strip_hidden_shares(wall, (0, 0), eye, face, top, samples=32)
    whole = float(hidden_shares(wall, (0, 0), eye, [face], top)[0])
    assert float(strips.mean()) == pytest.approx(whole, abs=1e-9)
