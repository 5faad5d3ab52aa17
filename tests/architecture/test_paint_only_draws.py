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


#: A method as the check reads it: its code, the names its module imports from
#: :data:`ANSWERING`, and its file.
Method = tuple[ast.FunctionDef, set[str], Path]


def _module_file(module: str, root: Path) -> Path | None:
    """The file of ``module`` (dotted) under ``root``, if it is one of board/view's."""
    if not module.startswith("board.view"):
        return None
    base = root.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _methods(cls: ast.ClassDef, tree: ast.Module, path: Path, root: Path) -> dict[str, Method]:
    """The methods of ``cls``, with those it inherits from classes of board/view (any file).

    A class split over modules (a base class holding some of its methods) is read whole: a
    paint that calls an inherited method is followed into it, in the base class's module.
    """
    answering = _imported(tree)
    found: dict[str, Method] = {}
    for base in reversed(cls.bases):
        if isinstance(base, ast.Name):
            found |= _base_methods(base.id, tree, path, root)
    found |= {n.name: (n, answering, path) for n in cls.body if isinstance(n, ast.FunctionDef)}
    return found


def _base_methods(name: str, tree: ast.Module, path: Path, root: Path) -> dict[str, Method]:
    """The methods of the class ``name`` as ``tree`` knows it: defined there or imported."""
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return _methods(node, tree, path, root)
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and any(
                (alias.asname or alias.name) == name for alias in node.names):
            source = _module_file(node.module, root)
            if source is None:
                return {}
            real = next(alias.name for alias in node.names if (alias.asname or alias.name) == name)
            other = ast.parse(source.read_text(encoding="utf-8"))
            classes = [n for n in other.body if isinstance(n, ast.ClassDef) and n.name == real]
            return _methods(classes[0], other, source, root) if classes else {}
    return {}


def _reached(methods: dict[str, Method]) -> list[str]:
    """The methods ``paint`` calls on ``self``, followed through, ``paint`` first."""
    seen: list[str] = []
    todo = ["paint"]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.append(name)
            todo += [c for c, on_self, _ in _called(methods[name][0]) if on_self and c in methods]
    return seen


def _paint_faults(path: Path, root: Path = VIEW.parents[1]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    faults = []
    for cls in [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]:
        if not any(isinstance(n, ast.FunctionDef) and n.name == "paint" for n in cls.body):
            continue
        methods = _methods(cls, tree, path, root)
        for name in _reached(methods):
            function, answering, where = methods[name]
            for called, _, line in _called(function):
                if called in FORBIDDEN or called in answering:
                    faults.append(f"{where.relative_to(root).as_posix()}:{line} "
                                  f"{cls.name}.paint -> {name} calls {called}")
    return faults


def _class_methods(path: Path, class_name: str) -> dict[str, Method]:
    """The methods the check reads for ``class_name`` of ``path`` (a file of board/view)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name)
    return _methods(cls, tree, path, VIEW.parents[1])


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


def test_the_check_follows_a_paint_into_a_base_class_of_another_module(tmp_path):
    """A class split over modules: its paint's calls are read in the base class's module."""
    view = tmp_path / "board" / "view"
    view.mkdir(parents=True)
    (view / "base_probe.py").write_text(
        "from board.game.core.board_layout import lay_out\n"
        "class Base:\n"
        "    def _labels(self):\n"
        "        return lay_out(None, None, [], None)\n", encoding="utf-8")
    probe = view / "probe.py"
    probe.write_text("from board.view.base_probe import Base\n"
                     "class Probe(Base):\n"
                     "    def paint(self, painter, option, widget=None):\n"
                     "        self._labels()\n", encoding="utf-8")
    assert _paint_faults(probe, tmp_path) == [
        "board/view/base_probe.py:4 Probe.paint -> _labels calls lay_out"]


def test_the_check_reads_the_building_items_paint_paths_whole():
    """The building's footprint is drawn by its own item; the building's labels' judging is in
    its base class (board.view.items.labelled_piece): both are read."""
    footprint = _class_methods(VIEW / "items" / "building_footprint.py", "BuildingFootprint")
    assert {"paint", "_edge_pen", "_paint_battlements"} <= set(_reached(footprint))
    building = _class_methods(VIEW / "items" / "building_item.py", "BuildingItem")
    assert building["place_labels_now"][2].name == "labelled_piece.py"
    assert building["paint"][2].name == "building_item.py"
