"""Which modules read each ``Unit.stats`` key: found in the code, never written by hand.

The Unit stats table of docs/scenario-format.md (``python -m board.document.stats``) names,
for each declared stat, the ``board.game`` modules that read it. They are found here by
reading the source: ``stats.get(KEY)``, ``stats[KEY]``, ``KEY in stats``, and the helpers that
hand a parameter on as a key (``stat_int(unit, KEY)``), a key a literal, a loop variable over
literals or a module constant. A system folder copied under a new name is found like the
others: no row of :data:`board.document.stats.STATS` names a module.

A developer's tool (the doc's table and its test), not used while the program runs: it
imports a module to read a constant key.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterable
from pathlib import Path

__all__ = ["ROOT", "SOURCES", "stats_keys_read", "readers"]

ROOT = Path(__file__).resolve().parents[1]
SOURCES = (ROOT / "board", ROOT / "rules")


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
        self.name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
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


def _modules(sources: Iterable[Path] | None = None) -> list[_Module]:
    # The editors read and write every declared stat by the table (board/document/stats.py).
    editors = ROOT / "board" / "view" / "editors"
    roots = SOURCES if sources is None else tuple(sources)
    paths = sorted(p for root in roots for p in root.rglob("*.py")
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
        loops: list[ast.comprehension | ast.For] = list(
            outer.generators if isinstance(outer, ast.GeneratorExp | ast.ListComp
                                           | ast.SetComp | ast.DictComp) else [])
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


def stats_keys_read(sources: Iterable[Path] | None = None) -> dict[str, set[str]]:
    """Every ``Unit.stats`` key the program reads or writes, with the modules that do."""
    modules = _modules(sources)
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


def readers(sources: Iterable[Path] | None = None) -> dict[str, set[str]]:
    """Each key's reading modules in ``board.game``, named from there (``systems.epic.site``)."""
    return {key: {m.removeprefix("board.game.") for m in modules
                  if m.startswith("board.game.")}
            for key, modules in stats_keys_read(sources).items()}
