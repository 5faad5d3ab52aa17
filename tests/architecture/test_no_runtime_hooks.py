"""The window's and the scene's features are typed attributes, never looked up at run time.

``getattr(window, "shooting", None)`` hid a dependency from mypy (issue 10, item 4): the
window's tools are the typed ``window.features``. No ``getattr``, ``setattr`` or ``hasattr``
in board/view may take the window or the scene as its object.
"""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]

#: Names the window and the scene go by in board/view.
OWNERS = {"window", "scene", "self.window", "self.scene", "win"}


def _hooks(path: pathlib.Path, root: pathlib.Path = ROOT) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "setattr", "hasattr") and node.args):
            if ast.unparse(node.args[0]) in OWNERS:  # an inner call is visited by itself
                found.append(f"{path.relative_to(root)}:{node.lineno} {ast.unparse(node)}")
    return found


def test_no_feature_is_looked_up_on_the_window_or_the_scene_at_run_time():
    hooks = [hook for path in sorted((ROOT / "board" / "view").rglob("*.py"))
             for hook in _hooks(path)]
    assert hooks == []


def test_the_check_finds_such_a_hook(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('d = getattr(getattr(window, "shooting", None), "dialog", None)\n'
                      'e = getattr(sheet, "armour", None)\n')
    assert _hooks(sample, tmp_path) == ["sample.py:1 getattr(window, 'shooting', None)"]
