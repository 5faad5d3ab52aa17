"""PySide's look at each imported module gives the same answers, from one read of the file."""

from __future__ import annotations

import importlib
import sys

import PySide6.QtCore  # noqa: F401 - loads PySide's support package and its scan
import pytest

from board.view.import_scan import (
    FEATURE_MODULE,
    checked_pyside,
    scan_imports_quickly,
    uses_pyside,
)


def pyside_scan():
    return sys.modules[FEATURE_MODULE]._mod_uses_pyside


def test_the_quick_scan_answers_as_pysides_own_for_every_loaded_module():
    """Every module loaded now (the board's, numpy's, Qt's, the standard library's)."""
    feature = sys.modules[FEATURE_MODULE]
    scan_imports_quickly()
    own = feature._mod_uses_pyside
    while getattr(own, "quick", False):  # the original, under the quick one
        own = own.__closure__[0].cell_contents
    for name in ("board.view.window", "board.document.model", "json", "numpy"):
        importlib.import_module(name)
    modules = [m for m in list(sys.modules.values()) if m is not None]
    differ = [m.__name__ for m in modules if uses_pyside(m, own) != own(m)]
    assert differ == []
    assert uses_pyside(sys.modules["board.view.window"], own)
    assert not uses_pyside(sys.modules["board.document.model"], own)


@pytest.mark.skipif(not checked_pyside(), reason="the patch is gated to the checked PySide")
def test_the_scan_is_made_quick_once_and_stays_in_place():
    assert scan_imports_quickly()
    first = pyside_scan()
    assert getattr(first, "quick", False)
    assert scan_imports_quickly() and pyside_scan() is first


def test_the_patch_is_gated_to_the_checked_pyside_versions_and_can_be_turned_off(monkeypatch):
    import PySide6

    from board.view import import_scan

    feature = sys.modules[FEATURE_MODULE]
    own = feature._mod_uses_pyside
    while getattr(own, "quick", False):
        own = own.__closure__[0].cell_contents
    monkeypatch.setattr(feature, "_mod_uses_pyside", own)  # as PySide made it
    monkeypatch.setattr(PySide6, "__version_info__", (6, 12, 1, "", ""))
    assert not scan_imports_quickly() and feature._mod_uses_pyside is own  # not checked: left
    monkeypatch.setattr(PySide6, "__version_info__", (6, 11, 3, "", ""))
    monkeypatch.setenv(import_scan.OFF_ENV, "1")
    assert not scan_imports_quickly() and feature._mod_uses_pyside is own  # turned off
    monkeypatch.delenv(import_scan.OFF_ENV)
    monkeypatch.setattr(PySide6, "__version_info__", (6, 11, 3, "", ""))
    assert scan_imports_quickly() and getattr(feature._mod_uses_pyside, "quick", False)

