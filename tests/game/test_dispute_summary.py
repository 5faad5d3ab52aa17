"""The written summary of an export (board.game.reports.dispute_summary) against the check facts."""

from __future__ import annotations

from board.check import check_report
from board.document.io import load_scenario
from board.game.reports.dispute_summary import summary_lines
from resources import DEMO_SCENARIO
from tests.game.samples import library


def test_the_demo_summary_holds_each_kept_measurement_and_each_unit_out_of_zone():
    lib = library()
    scenario = load_scenario(DEMO_SCENARIO, lib)
    report = check_report(scenario, lib)
    lines = summary_lines(scenario, lib, [("Ruler", ['a to b: 6.02"']), ("Rays", [])])
    assert lines[0] == f"{scenario.name} (Warhammer 40,000, distances in inches)"
    board = lines.index("On the board")
    assert lines[board + 1: board + 4] == ["  Ruler", '    a to b: 6.02"', "  Rays"]
    for kept in report["measurements"]:
        assert f"  {kept['text']}" in lines
    out_units = [u for u in report["deployment"]["units"] if u["out"]]
    assert out_units, "the demo has models out of zone"
    for unit in out_units:
        assert f"  {unit['text']}" in lines
    deploy = next(line for line in lines if line.startswith("Deployment:"))
    assert f"{report['deployment']['models_out']} models out of zone" in deploy
    assert lines[-1] != ""


def test_facts_that_cannot_be_worked_out_are_said_instead():
    lib = library()
    scenario = load_scenario(DEMO_SCENARIO, lib)
    scenario.options["deployment"] = "spearhead"
    lines = summary_lines(scenario, lib, [])
    assert lines[-1].startswith("Kept facts cannot be worked out: ")
    assert "spearhead" in lines[-1]
    assert "On the board" in lines and "  (none)" in lines
