"""Properties: the ruler agrees with geometry and with the within verdicts, for any bases."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from board.game.core.targets import ModelTarget, UnitTarget
from board.game.core.world import WorldCache
from board.game.measuring.ruler import ruler
from board.game.measuring.within import within_check
from geometry import EPSILON, distance
from tests.game import samples

coords = st.floats(0, 72, allow_nan=False)
bases = st.sampled_from([25.0, 32.0, 40.0, 60.0])
reaches = st.sampled_from([1.0, 2.0, 3.0, 6.0, 12.0, 24.0])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(coords, coords), min_size=1, max_size=5),
       st.lists(st.tuples(coords, coords), min_size=1, max_size=5), bases, bases, reaches)
def test_within_each_model_iff_its_ruler_reads_at_most_n(a_xy, b_xy, a_mm, b_mm, reach):
    a = samples.round_unit("a", samples.RED, a_xy, a_mm)
    b = samples.round_unit("b", samples.BLUE, b_xy, b_mm)
    world = WorldCache(samples.library()).world_for(samples.scenario(units=[a, b]))
    reading = within_check(world, "a", UnitTarget("b"), reach)
    for model in reading.models:
        measured = ruler(world, ModelTarget(model.model_id), UnitTarget("b"))
        assert measured.distance == pytest.approx(model.closest, abs=1e-9)
        assert model.within == (measured.distance <= reach + EPSILON)
        assert model.farthest >= model.closest - 1e-9
        assert not model.wholly or model.within
    whole = ruler(world, UnitTarget("a"), UnitTarget("b"))
    assert whole.distance == pytest.approx(min(m.closest for m in reading.models), abs=1e-9)
    assert (reading.verdict != "not within") == any(m.within for m in reading.models)
    back = ruler(world, UnitTarget("b"), UnitTarget("a"))
    assert back.distance == pytest.approx(whole.distance, abs=1e-9)
    sa, sb = world.models[whole.start_part].shape, world.models[whole.end_part].shape
    assert whole.distance == pytest.approx(distance(sa, sb), abs=1e-12)
