"""The page an export draws on, for the items that keep their labels inside it.

On screen an overlay keeps its labels inside the widget it is painted on (``widget.rect()``:
a label is moved in rather than cut by the window's edge). An export paints the scene with no
widget (``QGraphicsView.render``), so the labels used to be laid out as on an endless page
and came out cut by the picture's edge. While an export draws its picture it names the
picture's rectangle here (device pixels of its painter), and :func:`label_page` hands it to the
items in place of the widget's.

The layout model of issue 27 will take the page as an argument; until then this is the one
place an item asks.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QWidget

__all__ = ["export_page", "label_page"]

_PAGES: list[QRectF] = []


@contextmanager
def export_page(picture: QRectF) -> Iterator[None]:
    """While the block runs, labels painted with no widget keep inside ``picture``."""
    _PAGES.append(QRectF(picture))
    try:
        yield
    finally:
        _PAGES.pop()


def label_page(widget: QWidget | None) -> QRectF | None:
    """Where labels keep: the widget painted on, else the picture an export is drawing.

    ``None``: neither (a paint outside any export, with no widget: no edge to keep from).
    """
    if widget is not None:
        return QRectF(widget.rect())
    return QRectF(_PAGES[-1]) if _PAGES else None
