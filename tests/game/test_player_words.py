"""Words for players: plain rule names, no document numbers, counts that agree (no Qt).

Every text a player reads from the game is born in a few places: a log entry (and its roll
lines), a decision's reason, a refusal (one of the program's own error classes), a report's
finding, a building's summary lines. :func:`recorded` listens at each of those births while
real flows run: every argument-free test function of the game's tests (the four systems'
embarking, disembarking, shooting, automated fire, assaults, turns, measurements, deployment,
the dispute report and its refusals) and ``battleboard check`` over the demo and a saved
sample of each system. Then each text is read as a player would (:data:`WRONG`).

The source is read too (:func:`test_no_string_in_the_code_cites_a_document`): a message a
flow above does not reach must not name a document either.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import board
import rules
from board.document.model import LogEntry, Model, Side, TerrainPiece, TroopType, Unit
from board.game.core.building_summary import BuildingSummary
from board.game.core.log_text import entry_lines
from board.game.reports.report import Finding
from rules.decision import Decision
from tests.game.plain_words import WRONG, faults, id_leaks

ROOT = Path(__file__).resolve().parents[2]

#: The game's tests whose argument-free functions are the flows (module names in tests.game).
FLOWS = ("test_assault_epic", "test_assault_fantasy", "test_assault_wh40k", "test_buildings",
         "test_battlements", "test_embarking", "test_escape_hatch", "test_shooting",
         "test_shooting_auto_epic", "test_shooting_epic_debris", "test_turns",
         "test_gun_emplacement", "test_fantasy_sections", "test_coverage_deploy",
         "test_deploy_choice", "test_check_refusals", "test_dispute_summary", "test_log_text",
         "test_checker_battlements", "test_checker_sight", "test_sight", "test_measure",
         "test_placement", "test_terrain_tests", "test_fantasy_garrison_play")


def _error_classes() -> list[type[Exception]]:
    """The program's own error classes: the refusals a player reads."""
    found: dict[str, type[Exception]] = {}
    for package in (board, rules):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name.startswith(("board.view", "board.shared", "board.main")):
                continue  # Qt and the network: not loaded in a test without Qt
            module = importlib.import_module(info.name)
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if issubclass(cls, Exception) and cls.__module__.startswith(("board", "rules")):
                    found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return list(found.values())


@contextmanager
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every player text born while the block runs (see the module doc)."""
    texts: list[str] = []

    def listen(cls: type, init: Callable[..., None], read: Callable[[object], list[str]]
               ) -> None:
        def __init__(self: object, *args: object, **kwargs: object) -> None:  # noqa: N807
            init(self, *args, **kwargs)
            texts.extend(read(self))
        monkeypatch.setattr(cls, "__init__", __init__)

    listen(LogEntry, LogEntry.__init__, lambda e: entry_lines(1, e))  # type: ignore[arg-type]
    listen(Decision, Decision.__init__, lambda d: [d.reason])  # type: ignore[attr-defined]
    listen(Finding, Finding.__init__, lambda f: f.lines())  # type: ignore[attr-defined]
    for error in _error_classes():
        listen(error, error.__init__, lambda e: [str(e)])
    lines = BuildingSummary.lines

    def summary_lines(self: BuildingSummary) -> list[str]:
        said = lines(self)
        texts.extend(said)
        return said
    monkeypatch.setattr(BuildingSummary, "lines", summary_lines)
    yield texts


def listen_names(monkeypatch: pytest.MonkeyPatch, cls: type, names: set[str],
                 attribute: str = "name") -> None:
    """Keep the name (or id) of every ``cls`` (a unit, a side…) made while the test runs."""
    init = cls.__init__

    def __init__(self: object, *args: object, **kwargs: object) -> None:  # noqa: N807
        init(self, *args, **kwargs)
        names.add(str(getattr(self, attribute, "")))
    monkeypatch.setattr(cls, "__init__", __init__)


def plain_faults(texts: list[str], names: set[str]) -> list[str]:
    """:func:`tests.game.plain_words.faults` over texts from many scenarios (no ids known)."""
    from board.document.model import Scenario

    units = [Unit(f"u{k}", name, "s", TroopType.INFANTRY, []) for k, name in
             enumerate(sorted(n for n in names if n))]
    said = [t for t in texts if not CODES.fullmatch(t) and not FILE_SPELLINGS.search(t)]
    return faults(said, Scenario(name="flows", units=units))


#: A JSON value of ``check --json`` that is a code (an id, a system's key), not a sentence.
CODES = re.compile(r"[a-z0-9_.\-]+")
#: A refusal of a file that lists the spellings the file may use (``maps: dawn_of_war, …``).
FILE_SPELLINGS = re.compile(r"; (maps|kinds): [a-z_, ]+$")


def _flows() -> list[Callable[[], object]]:
    found = []
    for name in FLOWS:
        module = importlib.import_module(f"tests.game.{name}")
        for attr, function in vars(module).items():
            if (attr.startswith("test_") and inspect.isfunction(function)
                    and not inspect.signature(function).parameters
                    and not hasattr(function, "hypothesis")):
                found.append(function)
    return found


def _json_strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _json_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _json_strings(item)


def _check_texts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """``battleboard check`` (text and JSON) over the demo and a played sample per system."""
    from board.check import main
    from board.document.datasheets import DEMO_SCENARIO_PATH
    from board.document.io import save_scenario
    from tests.game import samples

    files = [Path(DEMO_SCENARIO_PATH)]
    for system in samples.RuleSystem:
        path = tmp_path / f"{system.value}.json"
        save_scenario(samples.scenario(system, units=[
            samples.round_unit("one", samples.RED, [(10.0, 10.0)]),
            samples.round_unit("three", samples.BLUE, [(20.0, 10.0), (22.0, 10.0),
                                                       (24.0, 10.0)])]), path)
        files.append(path)
    said: list[str] = []
    for path in files:
        for extra in ([], ["--json"]):
            main([str(path), *extra])
            out = capsys.readouterr().out
            said += list(_json_strings(json.loads(out))) if extra else out.splitlines()
    return said


def test_every_text_the_game_says_reads_plainly(monkeypatch, tmp_path, capsys):
    flows = _flows()
    assert len(flows) > 150  # the flows are really found (a renamed module would drop them)
    names: set[str] = set()  # every unit's and side's name, for the verbs that agree with them
    for cls in (Unit, Side):
        listen_names(monkeypatch, cls, names)
    ids: set[str] = set()  # every id the flows make: a model's, a unit's, a piece's
    for cls in (Unit, Model, TerrainPiece):
        listen_names(monkeypatch, cls, ids, "id")
    with recorded(monkeypatch) as texts:
        for flow in flows:
            try:
                flow()
            except AssertionError:
                pass  # a flow's own check is its test's business; its words were recorded
        said = list(texts)  # the flows' words (the check's JSON below holds ids by design)
        texts += _check_texts(tmp_path, capsys)
    assert len(texts) > 2000, len(texts)  # logs, rolls, reasons, refusals, findings, summaries
    wrong = sorted({f"{why}: {text!r}" for text in texts for why, pattern in WRONG.items()
                    if pattern.search(text)})
    wrong += sorted(set(plain_faults(texts, names)))  # codes, enums, number, articles
    looks_like_ids = {i for i in ids - names if re.search(r"[0-9_.\-]", i)}
    wrong += sorted(set(id_leaks([t for t in said if not FILE_SPELLINGS.search(t)],
                                 looks_like_ids)))
    assert not wrong, "\n".join(wrong[:60])


@pytest.mark.parametrize(("text", "why"), [
    ("cannot charge (seed 000 FAQ)", "a document number (say the rule's name)"),
    ("Added Squad: 1 models", "one of a plural"),
    ("2 of 3 model are out", "many of a singular"),
    ("scores 4 to 8, the building win by 4", "a verb that disagrees"),
])
def test_the_reader_catches_each_fault(text, why):
    assert WRONG[why].search(text)


@pytest.mark.parametrize("text", [
    "1 model", "3 models", "2 of 3 dice hit", "seed 1234", "0.5 hits", "the building wins by 4",
    "armour penetration: 1D6 -> 6", "1 die", "12 models", "a 2 model base", "5 points of damage"])
def test_the_reader_lets_good_words_be(text):
    assert not any(p.search(text) for p in WRONG.values())


def _strings_in(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    documented = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                                | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in documented):
            yield node.lineno, node.value


def test_no_string_in_the_code_cites_a_document():
    """Messages no flow reaches too: no string but a docstring names a seed, the FAQ or §."""
    cites = WRONG["a document number (say the rule's name)"]
    found = [f"{path.relative_to(ROOT)}:{line}: {text[:80]!r}"
             for folder in ("board", "rules", "geometry")
             for path in sorted((ROOT / folder).rglob("*.py"))
             for line, text in _strings_in(path) if cites.search(text)]
    assert not found, "\n".join(found)
