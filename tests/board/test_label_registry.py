"""The board's layout reads the scene's list of its labels, not every item before each paint.

Whatever way a label comes onto the board (added, made on a model already there, shown on
hover), goes, moves or changes its text, the layout must read it as it is: each test acts
through the real window and checks what the layout placed.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtTest import QTest

from board.view.layout import page_of


def laid_out(window):
    return window.view.label_layout.page_layout(page_of(window.view))


def test_a_name_shown_on_hover_is_laid_out_with_the_board_and_gone_after(window, qtbot):
    item = window.scene.model_item("b1")
    QTest.mouseMove(window.view.viewport(), window.view.mapFromScene(QPointF(42.0, 30.0)))
    qtbot.waitUntil(lambda: item.label_visible, timeout=2000)
    label = item._label  # noqa: SLF001 - the name label the hover made on the model
    assert label is not None and label in window.scene.labels
    assert id(label) in laid_out(window).fits  # placed among the board's labels
    QTest.mouseMove(window.view.viewport(), window.view.mapFromScene(QPointF(5.0, 5.0)))
    qtbot.waitUntil(lambda: not item.label_visible, timeout=2000)
    assert label not in window.scene.labels
    assert id(label) not in laid_out(window).fits


def test_a_label_whose_text_changes_is_read_again(window, qtbot):
    # A building's name (a label made on it) renamed by an edit: the layout reads its new
    # text's boxes, not the old ones it read before.
    hut = window.scene.piece_item("hut")
    label = next(child for child in hut.childItems() if child in window.scene.labels
                 and child.text)
    before = laid_out(window)
    assert id(label) in before.fits
    label.set_text(label.text + " with a much longer name than it had")
    after = laid_out(window)
    assert after is not before and id(label) in after.fits
