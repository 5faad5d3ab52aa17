"""No ``paint()`` in board/view works out a layout or a verdict: items only draw.

Reads the source. For every class under board/view with a ``paint`` method, the method and
every method of the class it calls (``self.x(...)``, followed through) may call nothing that
lays labels out, holds them, reads an overlay's picture or the board's rules: no function of
the label layout, no overlay reading (``refresh``, ``sketch``, a ``_compute`` or ``_source``
callback), and nothing imported from board.game, geometry or rules (the answers players argue
over are worked out when the board changes, by the game layer, never while painting).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

VIEW = Path(__file__).resolve().parents[2] / "board" / "view"

#: What works out a layout or a reading: never called while painting.
FORBIDDEN = {"lay_out", "hold", "hold_on", "place_labels", "fit_labels", "first_clear",
             "least_crowded", "label_obstacles", "refresh", "sketch", "_compute", "_source",
             "label_requests", "show_labels", "show_captions", "mark_dirty", "settle",
             "page_layout", "now"}

#: Modules whose functions answer game questions or lay labels out.
ANSWERING = ("board.game", "geometry", "rules", "board.present")

#: Names from those modules a paint may use: plain records and a constant, no working out.
PLAIN = {"Rect", "LabelRequest", "PlacedLabel", "Page"}


def _imported(tree: ast.Module) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(ANSWERING):
            found |= {alias.asname or alias.name for alias in node.names}
    return found - PLAIN


def _called(function: ast.FunctionDef) -> list[tuple[str, bool, int]]:
    """Each call's name, whether it is ``self.name(...)``, and its line."""
    calls = []
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        target = node.func
        if isinstance(target, ast.Name):
            calls.append((target.id, False, node.lineno))
        elif isinstance(target, ast.Attribute):
            on_self = isinstance(target.value, ast.Name) and target.value.id == "self"
            calls.append((target.attr, on_self, node.lineno))
    return calls


def _paint_faults(path: Path, root: Path = VIEW.parents[1]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    answering = _imported(tree)
    faults = []
    for cls in [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]:
        methods = {n.name: n for n in cls.body if isinstance(n, ast.FunctionDef)}
        if "paint" not in methods:
            continue
        seen, todo = set(), ["paint"]
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            for called, on_self, line in _called(methods[name]):
                if called in FORBIDDEN or called in answering:
                    faults.append(f"{path.relative_to(root)}:{line} "
                                  f"{cls.name}.paint -> {name} calls {called}")
                if on_self and called in methods:
                    todo.append(called)
    return faults


def _painters() -> list[Path]:
    return sorted(p for p in VIEW.rglob("*.py") if "def paint(" in p.read_text(encoding="utf-8"))


def test_the_view_has_items_that_paint():
    assert len(_painters()) >= 12  # the check reads real items, not an empty folder


@pytest.mark.parametrize("path", _painters(), ids=lambda p: p.stem)
def test_paint_only_draws(path):
    assert _paint_faults(path) == []


def test_the_check_catches_a_paint_that_lays_out(tmp_path):
    bad = tmp_path / "probe.py"
    bad.write_text("from board.game.core.board_layout import lay_out\n"
                   "class Probe:\n"
                   "    def paint(self, painter, option, widget=None):\n"
                   "        self._labels()\n"
                   "    def _labels(self):\n"
                   "        return lay_out(None, None, [], None)\n", encoding="utf-8")
    assert _paint_faults(bad, tmp_path) == ["probe.py:6 Probe.paint -> _labels calls lay_out"]
