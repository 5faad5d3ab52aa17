"""The words test: what a player reads holds no id, no enum name, and agrees in number.

:func:`visible_texts` gathers every text the window shows (status bar, docks' labels, lists,
read-outs and combo boxes, open dialogs); :func:`id_leaks` names each scenario id (units, models,
pieces, sides, kept measurements) or enum spelling found in them as a word of its own.
"""

from __future__ import annotations

import re

from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QWidget,
)

from board.document.model import Scenario

__all__ = ["visible_texts", "scenario_ids", "id_leaks"]

#: An enum's spelling in text: ``TroopType.WALKER``, ``<ShooterKind.UNIT: 'unit'>``.
ENUM = re.compile(r"\b[A-Z][A-Za-z]+\.[A-Z_]{2,}\b|<[A-Z][A-Za-z]+\.")


def _texts_of(widget: QWidget) -> list[str]:
    if isinstance(widget, QLabel | QPushButton):
        return [widget.text()]
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
                found += _texts_of(widget)
    return [t for t in found if t]


def scenario_ids(scenario: Scenario) -> set[str]:
    """The ids a player never reads: units, models, pieces, sides, kept measurements."""
    ids = {u.id for u in scenario.units} | {m.id for u in scenario.units for m in u.models}
    ids |= {p.id for p in scenario.terrain} | {s.id for s in scenario.sides}
    ids |= {a.id for a in scenario.annotations}
    names = {u.name for u in scenario.units} | {s.name for s in scenario.sides}
    # An id that is a plain word ("bastion") may be a word of a sentence: only ids that
    # look like ids (a digit, "-", "_" or ".") are looked for.
    return {i for i in ids if re.search(r"[0-9_.\-]", i) and i not in names}


def id_leaks(texts: list[str], ids: set[str]) -> list[str]:
    """Each text holding an id as a word of its own, or an enum's spelling."""
    leaks = []
    for text in texts:
        words = set(re.findall(r"[A-Za-z0-9_.\-]+", text)) | set(re.findall(r"[A-Za-z0-9_\-]+",
                                                                              text))
        hit = sorted(words & ids)
        if hit or ENUM.search(text):
            leaks.append(f"{hit or ENUM.search(text).group(0)} in {text!r}")
    return leaks
