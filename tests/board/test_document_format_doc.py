"""The examples in docs/scenario-format.md are real: they load."""

from __future__ import annotations

import ast
import importlib
import json
import re
from pathlib import Path

from board.document.datasheet_json import datasheet_from_dict
from board.document.io import scenario_from_dict
from board.document.model import BaseShape
from board.document.stats import STATS, stats_markdown
from tests.board import samples

DOC = Path(__file__).resolve().parents[2] / "docs" / "scenario-format.md"


def examples() -> list[dict[str, object]]:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [json.loads(block) for block in blocks]


def test_the_scenario_example_loads() -> None:
    scenario_example, _ = examples()
    scenario = scenario_from_dict(scenario_example, samples.library())
    assert scenario.units[0].embarked_in == "bastion"
    assert scenario.units[1].models[0].base.shape is BaseShape.HULL


def test_the_datasheet_example_loads_and_matches_the_shipped_bastion() -> None:
    _, sheet_example = examples()
    sheet = datasheet_from_dict(sheet_example)
    shipped = samples.library()["imperial_bastion"]
    assert (sheet.armour, sheet.hull_points, sheet.size) == (
        shipped.armour,
        shipped.hull_points,
        shipped.size,
    )
    assert sheet.emplaced_weapons[1].weapon == shipped.emplaced_weapons[-1].weapon


def test_every_top_level_field_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    from board.document.datasheet_json import DATASHEET_FIELDS
    from board.document.scenario_json import write_scenario

    for key in write_scenario(samples.small_scenario()):
        assert f"| `{key}` |" in text, key
    for key in DATASHEET_FIELDS:
        assert f"| `{key}` |" in text, key


# -- Unit.stats: every key the program reads is documented ----------------------------------

SOURCES = [DOC.parents[1] / "board", DOC.parents[1] / "rules"]
STATS_HEADING = "## Unit stats"


def _stats_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    assert STATS_HEADING in text, f"docs/scenario-format.md has no {STATS_HEADING!r} section"
    section = text.split(STATS_HEADING, 1)[1]
    return section.split("\n## ", 1)[0]


def _documented_keys() -> set[str]:
    return set(re.findall(r"^\| `([a-z_]+)` \|", _stats_section(), re.M))


def _is_stats(node: ast.AST, aliases: set[str]) -> bool:
    """``<anything>.stats`` or a local name bound to one (``s = unit.stats``)."""
    if isinstance(node, ast.Attribute) and node.attr == "stats":
        return True
    return isinstance(node, ast.Name) and node.id in aliases


def _key_node(node: ast.AST, aliases: set[str], helpers: set[str]) -> ast.AST | None:
    """The key expression if ``node`` reads or writes a stats key, else ``None``.

    The forms: ``stats.get(KEY…)``, ``stats[KEY]``, ``KEY in stats``, and a helper that takes
    the unit and the key (``stat_int(unit, KEY)``: a function handing a parameter on as a key).
    """
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "get" and _is_stats(node.func.value, aliases) and node.args:
        return node.args[0]
    if isinstance(node, ast.Subscript) and _is_stats(node.value, aliases):
        return node.slice
    if isinstance(node, ast.Compare) and len(node.ops) == 1 \
            and isinstance(node.ops[0], ast.In | ast.NotIn) \
            and _is_stats(node.comparators[0], aliases):
        return node.left
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id in helpers and len(node.args) >= 2:
        return node.args[1]
    return None


class _Module:
    """One source module's tree, with each node's parent and its ``… = x.stats`` aliases."""

    def __init__(self, path: Path) -> None:
        self.name = ".".join(path.relative_to(DOC.parents[1]).with_suffix("").parts)
        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.parents = {c: p for p in ast.walk(self.tree) for c in ast.iter_child_nodes(p)}
        self.aliases = {t.id for n in ast.walk(self.tree) if isinstance(n, ast.Assign)
                        and isinstance(n.value, ast.Attribute) and n.value.attr == "stats"
                        for t in n.targets if isinstance(t, ast.Name)}

    def enclosing(self, node: ast.AST) -> list[ast.AST]:
        found = []
        while node in self.parents:
            node = self.parents[node]
            found.append(node)
        return found


def _modules() -> list[_Module]:
    # The editors read and write every declared stat by the table (board/document/stats.py).
    editors = DOC.parents[1] / "board" / "view" / "editors"
    paths = sorted(p for root in SOURCES for p in root.rglob("*.py")
                   if editors not in p.parents)
    return [_Module(p) for p in paths]


def _helpers(modules: list[_Module]) -> set[str]:
    """Functions that pass one of their parameters on as a stats key (``stat_int``…)."""
    helpers: set[str] = set()
    while True:
        more = {f.name for m in modules for f in ast.walk(m.tree)
                if isinstance(f, ast.FunctionDef) and f.name not in helpers
                and any(isinstance(k := _key_node(n, m.aliases, helpers), ast.Name)
                        and k.id in {a.arg for a in f.args.args} for n in ast.walk(f))}
        if not more:
            return helpers
        helpers |= more


def _resolve(module: _Module, key: ast.AST, at: ast.AST, helpers: set[str]) -> list[str]:
    """The key's value(s); a name is a loop variable over literals or a module constant."""
    if isinstance(key, ast.Constant) and isinstance(key.value, str):
        return [key.value]
    assert isinstance(key, ast.Name), (module.name, ast.unparse(at))
    for outer in module.enclosing(at):
        loops = outer.generators if isinstance(outer, ast.GeneratorExp | ast.ListComp
                                               | ast.SetComp | ast.DictComp) else []
        loops += [outer] if isinstance(outer, ast.For) else []
        for loop in loops:
            if isinstance(loop.target, ast.Name) and loop.target.id == key.id:
                return [ast.literal_eval(loop.iter)]  # type: ignore[list-item]
        if isinstance(outer, ast.FunctionDef) and outer.name in helpers \
                and key.id in {a.arg for a in outer.args.args}:
            return []  # the helper itself: its callers name the key
    value = getattr(importlib.import_module(module.name), key.id)
    assert isinstance(value, str), (module.name, key.id, value)
    return [value]


def stats_keys_read() -> dict[str, set[str]]:
    """Every ``Unit.stats`` key the program reads or writes, with the modules that do."""
    modules = _modules()
    helpers = _helpers(modules)
    keys: dict[str, set[str]] = {}
    for module in modules:
        for node in ast.walk(module.tree):
            key = _key_node(node, module.aliases, helpers)
            if key is None:
                continue
            for value in _resolve(module, key, node, helpers):
                for one in (value if isinstance(value, tuple) else (value,)):
                    keys.setdefault(one, set()).add(module.name)
    return keys


def test_the_scan_finds_the_stats_keys_in_all_their_forms() -> None:
    keys = stats_keys_read()
    assert {"leadership", "movement", "assault_factor"} <= set(keys)  # .get and stat_int
    assert {"ws", "s", "t", "i", "a"} <= set(keys)  # a loop over literals
    assert {"embarked_on", "disembarked_on"} <= set(keys)  # named constants
    assert {"toughness", "save", "ward"} <= set(keys)  # `in stats`, an alias, a helper
    assert "board.game.systems.wh40k.occupancy" in keys["leadership"]


def test_every_stats_key_the_program_reads_is_declared() -> None:
    keys = stats_keys_read()
    declared = {s.key for s in STATS}
    missing = {k: sorted(keys[k]) for k in sorted(set(keys) - declared)}
    assert not missing, f"stats keys read but not declared in board/document/stats.py: {missing}"


def test_each_declared_stat_names_exactly_the_modules_that_read_it() -> None:
    keys = stats_keys_read()
    for s in STATS:
        readers = {m.removeprefix("board.game.") for m in keys.get(s.key, set())
                   if m.startswith("board.game.")}
        assert readers == set(s.read_by), (s.key, sorted(readers), s.read_by)


def test_the_doc_table_is_the_declared_table() -> None:
    assert _stats_section().count(stats_markdown()) == 1, (
        "docs/scenario-format.md's Unit stats table differs from board/document/stats.py: "
        "paste the output of `python -m board.document.stats`")
