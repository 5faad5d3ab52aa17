"""``battleboard check``: status 2 and one line on every refusal, strict JSON, never a traceback."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from board import check
from tests.board import fuzz_inputs

ROOT = Path(__file__).resolve().parents[2]


def _strict(text: str) -> object:
    def refuse(constant: str) -> object:
        raise AssertionError(f"not strict JSON: {constant}")
    return json.loads(text, parse_constant=refuse)


def run(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    status = check.main([str(path), *extra])
    out, err = capsys.readouterr()
    return status, out, err


def assert_refused(status: int, out: str, err: str) -> None:
    assert status == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("battleboard check: ")
    assert len(lines[0]) <= 320


def bad_files() -> list[tuple[str, bytes]]:
    rng = random.Random(7)
    bases = fuzz_inputs.base_scenarios()
    files = [(f"structural {i}", fuzz_inputs.structural(bases[i % 3], rng)) for i in range(45)]
    files += [(f"damaged {i}", fuzz_inputs.damaged(bases[i % 3], rng)) for i in range(15)]
    return files


@pytest.mark.parametrize(("name", "raw"), bad_files())
def test_any_file_gives_a_report_or_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             name: str, raw: bytes) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(raw)
    status, out, err = run(path, capsys, "--json")
    if status == 0:
        assert err == ""
        report = _strict(out)
        assert isinstance(report, dict) and "measurements" in report
    else:
        assert_refused(status, out, err)


def test_a_state_of_the_wrong_type_is_a_refusal_not_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = fuzz_inputs.base_scenarios()[0]
    data["terrain"][0]["state"] = {"hull_points_lost": "x"}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(path, capsys)
    assert_refused(status, out, err)
    assert "terrain[0].state.hull_points_lost: expected a whole number" in err


def test_too_many_measurements_are_refused_with_the_bound(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    attacks = dict(fuzz_inputs.size_attacks(fuzz_inputs.base_scenarios()[0], {},
                                             random.Random(0)))
    path = tmp_path / "game.json"
    path.write_bytes(attacks["3,000 kept measurements of a 3,000-model unit"])
    status, out, err = run(path, capsys, "--json")
    assert_refused(status, out, err)
    assert "9,000,000 model-to-target measurements; check makes at most 50,000" in err


def test_a_report_that_is_not_finite_is_refused_not_printed_as_infinity(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = check.build_report

    class WithInfinity:
        def __init__(self, report: object) -> None:
            self.report = report

        def to_dict(self) -> dict[str, object]:
            plain = self.report.to_dict()  # type: ignore[attr-defined]
            plain["measurements"] = [{"distance_in": float("inf"), "text": "x"}]
            return plain

    monkeypatch.setattr(check, "build_report", lambda *a, **k: WithInfinity(real(*a, **k)))
    status, out, err = run(fuzz_inputs.DEMO_SCENARIO_PATH, capsys, "--json")
    assert_refused(status, out, err)
    assert "strict JSON" in err


def test_an_unexpected_error_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(check, "build_report", broken)
    status, out, err = run(fuzz_inputs.DEMO_SCENARIO_PATH, capsys)
    assert_refused(status, out, err)
    assert "RecursionError" in err


def test_the_demo_report_is_strict_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(fuzz_inputs.DEMO_SCENARIO_PATH, capsys, "--json")
    assert status == 0 and err == ""
    assert _strict(out)["scenario"]  # type: ignore[index]


@pytest.mark.parametrize("text", ["[" * 5000, '{"format": ' + "9" * 5000 + "}",
                                  '{"a": 1, "a": 2}',
                                  '{"format": "battleboard-scenario", "version": 1, '
                                  '"\\ud800": 1}'])
def test_the_real_command_never_prints_a_traceback(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "board.main", "check", str(path), "--json"],
                          capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
