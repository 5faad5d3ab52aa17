"""One verdict per target unit: the counts a player reads on the board (no Qt)."""

from __future__ import annotations

from board.game.sight import ModelSight
from board.game.sight_verdicts import model_details, unit_verdicts


def _model(k: int, visible: float, cover: bool | None, borderline: bool = False) -> ModelSight:
    return ModelSight(f"m{k}", visible, cover, (), 1, 1, name=f"Squad, model {k}",
                      borderline=borderline)


UNIT = {f"m{k}": ("squad", "Squad") for k in range(10)}


def test_a_unit_of_ten_is_one_verdict_with_its_counts():
    models = [_model(k, 1.0 if k < 4 else 0.5 if k < 7 else 0.0, k >= 4) for k in range(10)]
    (verdict,) = unit_verdicts(models, UNIT)
    assert verdict.text == "Squad: 7 of 10 models visible\n3 in cover, 4 in the open"
    assert (verdict.seen, verdict.covered, verdict.kind) == (7, 3, "mixed")


def test_none_seen_all_covered_and_borderline():
    assert unit_verdicts([_model(0, 0.0, None), _model(1, 0.0, None)], UNIT)[0].text == \
        "Squad: out of sight (2 models)"
    covered = unit_verdicts([_model(0, 0.6, True), _model(1, 0.7, True)], UNIT)[0]
    assert covered.kind == "cover" and covered.text.endswith("\n2 in cover")
    edge = unit_verdicts([_model(0, 0.75, True, borderline=True), _model(1, 1.0, False)], UNIT)
    assert edge[0].kind == "borderline" and "1 borderline" in edge[0].text


def test_a_lone_model_reads_as_its_own_verdict_and_units_stay_apart():
    other = {"m0": ("a", "Alpha"), "m1": ("b", "Beta"), "m2": ("b", "Beta")}
    verdicts = unit_verdicts([_model(0, 1.0, False), _model(1, 1.0, False),
                              _model(2, 0.0, None)], other)
    assert [v.unit_id for v in verdicts] == ["a", "b"]
    assert verdicts[0].text == "Squad, model 0: 100% visible\nin the open"
    assert verdicts[1].text == "Beta: 1 of 2 models visible\n1 in the open"
    details = model_details([_model(0, 0.0, None)])
    assert details == {"m0": "Squad, model 0: 0% visible – out of sight"}
