"""Issue 38: a model seen whole by one firer and 25% or more hidden from another says so.

"100% visible – 25% or more hidden: cover" read as a contradiction: the share is the best
firer's, the cover another's. The dock's line and the board's label name where it comes from.
"""

from __future__ import annotations

from board.game.sight import ModelSight
from board.game.sight_verdicts import model_verdict


def _seen(visible: float, hidden: float) -> ModelSight:
    return ModelSight("m1", visible, True, (), 10, 10, name="Chaos Space Marines, model 1",
                      hidden_when_covered=hidden)


def test_cover_from_another_firer_is_said_where_it_comes_from() -> None:
    whole = _seen(1.0, 0.34)
    assert whole.describe() == ("Chaos Space Marines, model 1: 100% visible (seen by 10 of "
                                "10) – 34% hidden from another firer (25% or more): cover")
    assert model_verdict(whole) == ("100% visible\ncover from another firer", "cover")


def test_cover_the_best_firer_sees_reads_as_before() -> None:
    half = _seen(0.5, 0.5)
    assert half.describe().endswith("50% visible (seen by 10 of 10) – 25% or more hidden: cover")
    assert model_verdict(half) == ("50% visible\ncover", "cover")
