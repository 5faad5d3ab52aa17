"""The examples in board/view's docstrings run (pytest's doctest run covers only pure layers)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import board.view

MODULES = sorted(m.name for m in pkgutil.walk_packages(board.view.__path__, "board.view."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(qapp, name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_some_examples_exist():
    counts = [doctest.testmod(importlib.import_module(n)).attempted for n in MODULES]
    assert sum(counts) >= 5
