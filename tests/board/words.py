"""The words test: what a player reads holds no id, no enum name, and agrees in number.

:func:`visible_texts` gathers every text the window shows (status bar, docks' labels, lists,
read-outs and combo boxes, open dialogs); :func:`id_leaks` names each scenario id (units, models,
pieces, sides, kept measurements) or enum spelling found in them as a word of its own, and
:func:`faults` reads them for number and unit too (both from :mod:`tests.game.plain_words`,
which needs no Qt).
"""

from __future__ import annotations

from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QTableWidget,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from tests.game.plain_words import ENUM, faults, id_leaks, scenario_ids

__all__ = ["visible_texts", "painted_texts", "texts_of", "scenario_ids", "id_leaks", "faults",
           "ENUM"]


def texts_of(widget: QWidget) -> list[str]:
    if isinstance(widget, QLabel | QAbstractButton):
        return [widget.text()]
    if isinstance(widget, QGroupBox):
        return [widget.title()]
    if isinstance(widget, QTabWidget):
        return [widget.tabText(k) for k in range(widget.count())]
    if isinstance(widget, QTableWidget):
        cells = [widget.item(r, c) for r in range(widget.rowCount())
                 for c in range(widget.columnCount())]
        heads = [widget.horizontalHeaderItem(c) for c in range(widget.columnCount())]
        return [i.text() for i in cells + heads if i is not None]
    if isinstance(widget, QPlainTextEdit):
        return [widget.toPlainText()]
    if isinstance(widget, QTextEdit):
        return [widget.toPlainText()]
    if isinstance(widget, QListWidget):
        return [widget.item(k).text() for k in range(widget.count())]
    if isinstance(widget, QComboBox):
        return [widget.itemText(k) for k in range(widget.count())]
    return []


def visible_texts(window) -> list[str]:
    """Every text the player can read now: the window's widgets and the shown dialogs."""
    found = [window.statusBar().currentMessage()]  # the title is the scenario's own name
    roots = [window, *(w for w in QApplication.topLevelWidgets()
                       if w is not window and w.isVisible() and w.parent() is window)]
    for root in roots:
        for widget in root.findChildren(QWidget):
            if widget.isVisibleTo(root):
                found += texts_of(widget)
    return [t for t in found if t]


def painted_texts(widget: QWidget) -> list[str]:
    """Every text painted when ``widget`` is drawn now (the board's labels, captions, marks).

    ``QPainter.drawText`` is listened to while the widget paints itself into a picture: what
    is read is what the player sees drawn, not what an item says it would draw.
    """
    said: list[str] = []
    draw = QPainter.drawText

    def listen(painter: QPainter, *args: object) -> object:
        said.extend(a for a in args if isinstance(a, str))
        return draw(painter, *args)

    QPainter.drawText = listen  # type: ignore[method-assign]
    try:
        widget.grab()
    finally:
        QPainter.drawText = draw  # type: ignore[method-assign]
    return [t for t in said if t.strip()]
