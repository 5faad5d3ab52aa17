"""PySide6 6.12.0 on Python < 3.12 drops a reference to None on each call returning nothing,
and the process aborts ("none_dealloc") after a few thousand. pyproject excludes that release;
this test catches it (or a like regression) in whatever PySide6 is installed."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QGraphicsRectItem

CALLS = 200_000


def test_setpos_does_not_leak_none_references(qapp):
    item = QGraphicsRectItem(0.0, 0.0, 1.0, 1.0)
    item.setPos(0.0, 0.0)
    before = sys.getrefcount(None)
    for i in range(CALLS):
        item.setPos(float(i % 72), 1.0)
    after = sys.getrefcount(None)
    assert after >= before, f"None lost {before - after} references over {CALLS} setPos calls"
