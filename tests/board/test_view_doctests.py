"""The examples in board/view's docstrings run (pytest's doctest run covers only pure layers).

Only the modules that have examples are tested, each for its examples; a module's examples
that stop being found fail here instead of passing with nothing run.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pathlib
import pkgutil

import pytest

import board.view

ALL = sorted(m.name for m in pkgutil.walk_packages(board.view.__path__, "board.view."))


def _has_examples(name: str) -> bool:
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None
    return ">>> " in pathlib.Path(spec.origin).read_text(encoding="utf-8")


MODULES = [name for name in ALL if _has_examples(name)]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(qapp, name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_the_modules_with_examples_are_found():
    assert len(MODULES) >= 3 and "board.view.convert" in MODULES
