"""Hostile inputs for the scenario and datasheet loaders, and the verdict on each.

Shared by the CI fuzz tests (``test_loader_fuzz.py``, a few thousand inputs) and the larger
campaign (``benchmarks/loader_fuzz.py``, documented in ``docs/limits.md``). An input is the
bytes of a file; it is made from a valid base document by one structural mutation (a value
deleted or replaced by a nasty one: a 401-digit integer, ``1e309``, ``NaN``, a lone
surrogate, nesting 2,000 deep, a duplicate key…), by damaged bytes, or by a size attack
(10,000 repeated corners, an 8,000-part building, a table 1e308 wide, a million models…).

:func:`judge_scenario` and :func:`judge_datasheet` load one input and return what happened:
``loaded`` (and it saved, and save → load gave an equal document, and no non-finite number or
unwritable text was let in), ``refused`` (a ScenarioError of one readable line naming the
file), or a failure: ``other exception``, ``slow`` (over 2 s), ``nonsense accepted``,
``save failed``, ``long message``.
"""

from __future__ import annotations

import copy
import json
import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from board.document.datasheet_json import datasheet_from_dict, datasheet_to_dict
from board.document.datasheets import (
    DATASHEETS_DIR,
    DEMO_SCENARIO_PATH,
    DatasheetLibrary,
    load_library,
    place_datasheet,
    read_json_file,
)
from board.document.errors import ScenarioError
from board.document.io import load_scenario, save_scenario, scenario_to_dict
from board.document.jsontext import check_value, dumps
from board.document.model import RuleSystem

#: A load or refusal of an input under :data:`SMALL_BYTES` slower than this is a failure.
SLOW_S = 2.0
#: The inputs the time bound is for (the issue: "no input under 1 MB").
SMALL_BYTES = 1_000_000
#: A refusal longer than this is a failure (one readable line).
LONG_MESSAGE = 300

_LIBRARY: DatasheetLibrary | None = None


def library() -> DatasheetLibrary:
    """The shipped datasheets, read once."""
    global _LIBRARY
    if _LIBRARY is None:
        _LIBRARY = load_library()
    return _LIBRARY


# -- the base documents ----------------------------------------------------------------------
def _demo() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DEMO_SCENARIO_PATH.read_text(encoding="utf-8"))
    return data


def base_scenarios() -> list[dict[str, Any]]:
    """Valid scenarios with every part filled: terrain states of each rule system, a
    multi-part building, a custom datasheet, log entries with rolls, kept measurements."""
    demo = _demo()
    demo["terrain"][0]["state"] = {
        "hull_points_lost": 1, "armour_lost": 1, "destroyed_weapons": [],
        "effects": [{"kind": "snap_shots", "affected": "occupants", "source": "Building Shaken",
                     "until": {"game_turn": 2, "player": "ultramarines", "seat": 0},
                     "unit_ids": [], "distance": None}]}
    demo["terrain"] += [vars(p) for p in place_datasheet(library(), "fortress_of_redemption",
                                                          30, 30, piece_id="fort")]
    demo["log"] = [{"text": "Lascannon at the bastion", "rolls": [{"die": 4, "for": "hit"}],
                    "seed": 1234}]
    demo["custom_datasheets"] = [{
        "id": "hut", "name": "Hut", "kind": "building", "systems": ["wh40k"],
        "footprint": [[0, 0], [2, 0], [2, 2], [0, 2]], "armour": 10, "size": "small",
        "access_points": [{"id": "door", "x": 1, "y": 2}]}]
    demo["terrain"].append({"id": "hut-1", "datasheet": "hut", "x": 40, "y": 40})
    epic = _demo()
    epic["rule_system"] = RuleSystem.EPIC40K.value
    epic["terrain"] = [vars(p) for p in place_datasheet(library(), "epic40k_medium_building",
                                                         20, 20, piece_id="hab")]
    epic["terrain"][0]["state"] = {"system": "epic40k", "size": "medium", "damage_capacity": 7,
                                   "condition": "intact", "on_fire": True,
                                   "assault_factor": None, "armour": None}
    for unit in epic["units"]:
        unit["embarked_in"] = None
    epic["annotations"] = []
    epic["options"] = {}
    fantasy = copy.deepcopy(epic)
    fantasy["rule_system"] = RuleSystem.WARHAMMER_FANTASY.value
    fantasy["terrain"] = [vars(p) for p in place_datasheet(library(), "whfb_building_2_floor",
                                                            20, 20, piece_id="inn")]
    unit = fantasy["units"][0]
    fantasy["terrain"][0]["state"] = {"garrison": {"unit": unit["id"], "side": unit["side"],
                                                   "entered_turn": 1, "characters": []}}
    unit["embarked_in"] = "inn"
    return [json.loads(json.dumps(d)) for d in (demo, epic, fantasy)]


def base_datasheets() -> list[dict[str, Any]]:
    """Every shipped datasheet as JSON values, its id made new (so it is not a shipped one)."""
    sheets = []
    for path in sorted(DATASHEETS_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        data["id"] = "fuzz_" + data["id"]
        sheets.append(data)
    return sheets


# -- mutations -------------------------------------------------------------------------------
class Raw:
    """JSON text put in as it is (what a Python value cannot say: NaN, 5,000 digits…)."""

    def __init__(self, text: str) -> None:
        self.text = text


def _deep(depth: int) -> Raw:
    return Raw("[" * depth + "]" * depth)


def nasty_values(rng: random.Random) -> list[Any]:
    """Values a hostile or damaged file puts where a real one has something else."""
    return [
        None, True, False, 0, -1, 1, 2**31, -(2**63), 10**400, 1e308, -1e308, 5e-324, 0.5,
        "", " ", "x", "\ud800", "a\udfffb", "\u202e", "x" * 30_000, "front", "round",
        "standing", "#12345g", [], {}, [0, 0], [[0, 0], [1, 0]], [1e308, -1e308],
        {"type": "unit", "id": "nobody"}, {"x": None},
        Raw("NaN"), Raw("-Infinity"), Raw("1e309"), Raw("9" * 401), Raw("1" * 5000),
        Raw("0." + "0" * 5000 + "1"), Raw('"\\ud800"'), Raw('{"a": 1, "a": 2}'),
        _deep(rng.choice([70, 900, 2000, 100_000])), Raw('"' + "\\\\" * 20 + '"'),
        rng.uniform(-1e6, 1e6), rng.randint(-10**6, 10**6),
    ]


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every location in a JSON tree (not the root)."""
    if prefix:
        yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from paths(value, (*prefix, i))


def _to_text(value: Any) -> str:
    """JSON text of ``value`` where :class:`Raw` parts are put in as they are."""
    marks: dict[str, str] = {}

    def swap(node: Any) -> Any:
        if isinstance(node, Raw):
            mark = f"@@raw{len(marks)}@@"
            marks[mark] = node.text
            return mark
        if isinstance(node, dict):
            return {k: swap(v) for k, v in node.items()}
        if isinstance(node, list):
            return [swap(v) for v in node]
        return node

    text = json.dumps(swap(value), indent=1)
    for mark, raw in marks.items():
        text = text.replace(json.dumps(mark), raw)
    return text


def structural(base: Any, rng: random.Random) -> bytes:
    """One value deleted, replaced, duplicated or wrapped."""
    data = copy.deepcopy(base)
    path = rng.choice(list(paths(data)))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    how = rng.random()
    if how < 0.2:
        del parent[key]
    elif how < 0.3:
        parent[key] = [parent[key]]
    elif how < 0.4 and isinstance(parent, dict):  # the same key twice, the text way
        text = _to_text(data)
        line = json.dumps(key) + ": "
        return text.replace(line, line + "0, " + line, 1).encode("utf-8", "surrogatepass")
    else:
        parent[key] = rng.choice(nasty_values(rng))
    return _to_text(data).encode("utf-8", "surrogatepass")


def damaged(base: Any, rng: random.Random) -> bytes:
    """The text of a valid file with bytes cut, flipped, repeated or inserted."""
    raw = bytearray(json.dumps(base, indent=1).encode("utf-8"))
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(raw))
        how = rng.random()
        if how < 0.25:
            del raw[at:]
        elif how < 0.5:
            raw[at] = rng.randrange(256)
        elif how < 0.75:
            raw[at:at] = bytes(rng.choice(b'{}[]",:0123456789eE.-\\ \x00\xff') for _ in range(3))
        else:
            del raw[at:at + rng.randint(1, 40)]
        if not raw:
            break
    return bytes(raw)


def _fan(n: int) -> list[list[float]]:
    return [[0.0, 0.0]] + [[10 * math.cos(k / n), 10 * math.sin(k / n)] for k in range(n)]


def size_attacks(scenario: dict[str, Any], sheet: dict[str, Any],
                 rng: random.Random) -> list[tuple[str, bytes]]:
    """Small files that cost a naive loader minutes or gigabytes (the issue's cases)."""
    out: list[tuple[str, bytes]] = []

    def scenario_with(change: Callable[[dict[str, Any]], None], name: str) -> None:
        data = copy.deepcopy(scenario)
        change(data)
        out.append((name, _to_text(data).encode("utf-8", "surrogatepass")))

    square = [[0, 0], [2, 0], [2, 2], [0, 2]]
    custom = {"id": "big", "name": "Big", "kind": "ruins", "systems": ["wh40k"]}
    def sheet(extra: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
        return lambda d: d["custom_datasheets"].append(extra)

    scenario_with(sheet(dict(custom, footprint=square * 2500)),
                  "footprint of a square's corners repeated to 10,000 vertices")
    scenario_with(sheet(dict(custom, footprint=_fan(9000))), "a 9,000-vertex fan")
    scenario_with(sheet(dict(custom, footprint=square * 250)),
                  "footprint of a square's corners repeated to 1,000 vertices")
    scenario_with(sheet(dict(custom, footprint=_fan(999))), "a 1,000-vertex fan")
    scenario_with(lambda d: d.update(table={"width": 1e308, "height": 1e308}),
                  "a table 1e308 wide")
    parts = [{"part": f"p{i}", "datasheet": "wh40k_crater_small", "x": 10.0 * i, "y": 0}
             for i in range(8000)]
    multi = {"id": "sprawl", "name": "Sprawl", "kind": "multi_part", "systems": ["wh40k"],
             "parts": parts}
    scenario_with(sheet(multi), "an 8,000-part building")
    scenario_with(sheet(dict(multi, parts=parts[:100])), "a 100-part building")

    def many_models(count: int) -> Callable[[dict[str, Any]], None]:
        def change(d: dict[str, Any]) -> None:
            model = d["units"][0]["models"][0]
            d["units"][0]["models"] = [dict(model, id=f"m{i}", number=None)
                                       for i in range(count)]
            d["units"][0]["embarked_in"] = None
        return change

    scenario_with(many_models(30_000), "30,000 models")
    scenario_with(many_models(5_000), "a 5,000-model unit")
    model = json.dumps(scenario["units"][0]["models"][0] | {"id": "m"})
    models = ",".join([model] * 1_000_000)  # the same id: refused by its size first
    out.append(("a million models", ('{"format": "battleboard-scenario", "version": 1, '
                                     '"units": [{"models": [' + models + ']}]}').encode()))

    def kept(d: dict[str, Any]) -> None:
        many_models(3_000)(d)
        unit = d["units"][0]["id"]
        d["annotations"] = [{"id": f"a{i}", "kind": "within", "data": {
            "unit": unit, "distance": 6, "target": {"type": "point", "x": 1, "y": 1}}}
            for i in range(3000)]
    scenario_with(kept, "3,000 kept measurements of a 3,000-model unit")
    scenario_with(lambda d: d.update(log=[{"text": "x", "rolls": []}] * 150_000),
                  "150,000 log entries")
    out.append(("nesting 100,000 deep", b"[" * 100_000 + b"]" * 100_000))
    out.append(("a 5,000-digit number", b'{"format": ' + b"1" * 5000 + b"}"))
    out.append(("17 MiB of spaces", b" " * (17 * 1024 * 1024)))
    out.append(("an unterminated string of escaped quotes", b'{"a": "' + b'\\"' * 400_000))
    return out


def sheet_attacks() -> list[tuple[str, dict[str, Any]]]:
    """Datasheets that cost a naive loader time, or slip NaN past it."""
    square = [[0, 0], [2, 0], [2, 2], [0, 2]]
    base = {"id": "fuzz_big", "name": "Big", "kind": "ruins", "systems": ["wh40k"]}
    parts = [{"part": f"p{i}", "datasheet": "wh40k_crater_small", "x": 10.0 * i, "y": 0}
             for i in range(8000)]
    return [
        ("repeated corners", dict(base, footprint=square * 2500)),
        ("fan", dict(base, footprint=_fan(9000))),
        ("corners at ±1e308", dict(base, footprint=[[-1e308, -1e308], [1e308, -1e308],
                                                    [1e308, 1e308], [-1e308, 1e308]])),
        ("8,000 parts", dict(base, kind="multi_part", parts=parts)),
        ("100 parts", dict(base, kind="multi_part", parts=parts[:100])),
        ("10,000 access points", dict(base, footprint=square, access_points=[
            {"id": f"d{i}", "x": 0, "y": 1} for i in range(10_000)])),
    ]


# -- verdicts --------------------------------------------------------------------------------
@dataclass
class Verdict:
    """What one input did: ``kind`` is ``loaded``, ``refused`` or a failure's name."""

    kind: str
    seconds: float
    detail: str = ""

    @property
    def failed(self) -> bool:
        """Whether this is one of the issue's failures."""
        return self.kind not in ("loaded", "refused")


def _slow(seconds: float, raw: bytes, timed: bool) -> bool:
    return timed and seconds > SLOW_S and len(raw) < SMALL_BYTES


def _refusal(error: ScenarioError, path: Path, seconds: float, slow: bool) -> Verdict:
    text = str(error)
    if slow:
        return Verdict("slow", seconds, text)
    if len(text) > LONG_MESSAGE or "\n" in text:
        return Verdict("long message", seconds, text[:200])
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return Verdict("unprintable message", seconds, ascii(text)[:200])
    if not text.startswith(str(path)[:100]):
        return Verdict("refusal not naming the file", seconds, text)
    return Verdict("refused", seconds, text)


def judge_scenario(raw: bytes, folder: Path, timed: bool = True) -> Verdict:
    """Load ``raw`` as a scenario file; if it loads, save it and load it again.

    ``timed``: a small input over :data:`SLOW_S` is a failure (the campaign; tests assert
    behaviour, not timings).
    """
    path = folder / "input.json"
    path.write_bytes(raw)
    start = time.perf_counter()
    try:
        scenario = load_scenario(path, library())
    except ScenarioError as error:
        seconds = time.perf_counter() - start
        return _refusal(error, path, seconds, _slow(seconds, raw, timed))
    except Exception as error:  # noqa: BLE001 (a failure the fuzzing counts)
        return Verdict("other exception", time.perf_counter() - start,
                       f"{type(error).__name__}: {str(error)[:200]}")
    seconds = time.perf_counter() - start
    if _slow(seconds, raw, timed):
        return Verdict("slow", seconds)
    try:
        check_value(scenario_to_dict(scenario))
    except ScenarioError as error:
        return Verdict("nonsense accepted", seconds, str(error))
    again = folder / "saved.json"
    try:
        save_scenario(scenario, again)
        back = load_scenario(again, library())
    except Exception as error:  # noqa: BLE001
        return Verdict("save failed", seconds, f"{type(error).__name__}: {str(error)[:200]}")
    if back != scenario:
        return Verdict("save failed", seconds, "save → load gave a different scenario")
    return Verdict("loaded", seconds)


def judge_datasheet(raw: bytes, folder: Path, timed: bool = True) -> Verdict:
    """Load ``raw`` as a datasheet file and add it to the shipped library (parts checked)."""
    path = folder / "sheet.json"
    path.write_bytes(raw)
    start = time.perf_counter()
    try:
        try:
            sheet = datasheet_from_dict(read_json_file(path))
        except ScenarioError as error:
            raise error if error.where.startswith(str(path)) else error.in_file(path) from None
        shipped = library()
        sources = dict(shipped.sources) | {sheet.id: str(path)}
        DatasheetLibrary([*shipped.values(), sheet], sources).check_parts()
    except ScenarioError as error:
        seconds = time.perf_counter() - start
        return _refusal(error, path, seconds, _slow(seconds, raw, timed))
    except Exception as error:  # noqa: BLE001
        return Verdict("other exception", time.perf_counter() - start,
                       f"{type(error).__name__}: {str(error)[:200]}")
    seconds = time.perf_counter() - start
    if _slow(seconds, raw, timed):
        return Verdict("slow", seconds)
    try:
        data = datasheet_to_dict(sheet)
        check_value(data)
        back = datasheet_from_dict(json.loads(dumps(data)))
    except Exception as error:  # noqa: BLE001
        return Verdict("save failed", seconds, f"{type(error).__name__}: {str(error)[:200]}")
    if back != sheet:
        return Verdict("save failed", seconds, "write → read gave a different datasheet")
    return Verdict("loaded", seconds)


def scenario_inputs(count: int, seed: int) -> Iterator[tuple[str, bytes]]:
    """``count`` scenario inputs: the size attacks, then mutations (3 structural : 1 damaged)."""
    rng = random.Random(seed)
    bases = base_scenarios()
    attacks = size_attacks(bases[0], base_datasheets()[0], rng)
    yield from attacks[:count]
    for i in range(count - len(attacks)):
        base = bases[i % len(bases)]
        if rng.random() < 0.75:
            yield "structural", structural(base, rng)
        else:
            yield "damaged bytes", damaged(base, rng)


def datasheet_inputs(count: int, seed: int) -> Iterator[tuple[str, bytes]]:
    """``count`` datasheet inputs: the attacks, then mutations of every shipped datasheet."""
    rng = random.Random(seed)
    sheets = base_datasheets()
    attacks = [(name, _to_text(data).encode()) for name, data in sheet_attacks()]
    yield from attacks[:count]
    for i in range(count - len(attacks)):
        base = sheets[i % len(sheets)]
        if rng.random() < 0.75:
            yield "structural", structural(base, rng)
        else:
            yield "damaged bytes", damaged(base, rng)


__all__ = ["Verdict", "judge_scenario", "judge_datasheet", "scenario_inputs",
           "datasheet_inputs", "base_scenarios", "base_datasheets"]
