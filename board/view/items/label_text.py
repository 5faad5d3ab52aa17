"""How an overlay's label text is wrapped and measured, in the overlays' label font (pixels).

Light on purpose: the board's layout (:mod:`board.view.layout`) measures with it before the
first paint, when the drawing of overlays (numpy's arrays of rays) is not loaded yet.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtGui import QFont, QFontMetricsF

from board.view import style

if TYPE_CHECKING:
    from board.view.measure.sketch import Label

__all__ = ["WRAP_PX", "label_metrics", "measure_label", "SHIELD_FONT", "CAPTION_FONT",
           "caption_font"]


#: A label's line wider than this (pixels) is wrapped between words: a long verdict as one
#: line was as wide as the table on a laptop's screen and found no room clear of anything.
WRAP_PX = 300.0


def _wrapped(metrics: QFontMetricsF, label: Label) -> Label:
    """``label`` with each line wider than :data:`WRAP_PX` broken between words."""
    text = _wrapped_text(metrics, label.text)
    return label if text == label.text else replace(label, text=text)


#: The labels' font metrics with the texts already wrapped and measured in them, per font
#: (``QFont.key``): a drag paints the same labels on every move, and measuring their words
#: again cost about 1 ms a paint.
_MEASURED: dict[str, tuple[QFontMetricsF, dict[str, str], dict[str, tuple[float, float]]]] = {}


def label_metrics() -> QFontMetricsF:
    """The metrics of the overlays' label font (kept, with what was measured in it)."""
    font = style.label_font(8.5, bold=True)
    found = _MEASURED.get(font.key())
    if found is None:
        found = _MEASURED[font.key()] = (QFontMetricsF(font), {}, {})
    return found[0]


def _measured(metrics: QFontMetricsF) -> tuple[dict[str, str], dict[str, tuple[float, float]]]:
    """Where the wrapped texts and sizes in ``metrics`` are kept (new, unkept, for others)."""
    for kept, wrapped, sizes in _MEASURED.values():
        if kept is metrics:
            if len(wrapped) + len(sizes) > 4096:
                wrapped.clear()
                sizes.clear()
            return wrapped, sizes
    return {}, {}


def _wrapped_text(metrics: QFontMetricsF, text: str) -> str:
    """``text`` with each line wider than :data:`WRAP_PX` broken between words (kept)."""
    kept = _measured(metrics)[0]
    found = kept.get(text)
    if found is not None:
        return found
    lines: list[str] = []
    for line in text.split("\n"):
        words = line.split(" ")
        current = words[0]
        for word in words[1:]:
            if metrics.horizontalAdvance(f"{current} {word}") > WRAP_PX:
                lines.append(current)
                current = word
            else:
                current = f"{current} {word}"
        lines.append(current)
    kept[text] = "\n".join(lines)
    return kept[text]


def measure_label(font: str, text: str) -> tuple[str, float, float]:
    """An overlay label's text as wrapped, and its box's width and height (pixels).

    What the layout model is given to measure with (:mod:`board.game.core.board_layout`);
    ``font`` names the font: the overlays' labels' (``"label"``, wrapped at
    :data:`WRAP_PX`) or the void shields' marks' (:data:`SHIELD_FONT`).
    """
    if font == SHIELD_FONT:
        size = _shield_metrics().size(0, text)
        return text, size.width() + 6.0, size.height() + 4.0
    if font == CAPTION_FONT:
        caption = _caption_metrics()
        return text, math.ceil(caption.horizontalAdvance(text)) + 8.0, \
            math.ceil(caption.height()) + 4.0
    metrics = label_metrics()
    wrapped = _wrapped_text(metrics, text)
    width, height = _size(metrics, wrapped)
    return wrapped, width, height


#: The void shields' unit marks' font (:mod:`board.view.buildings.void_shield_item`).
SHIELD_FONT = "shield"


#: The deployment zones' captions' font (:mod:`board.view.deploy.items`).
CAPTION_FONT = "caption"

#: Metrics kept per font (``QFont.key``: a new default font is measured anew).
_METRICS: dict[str, QFontMetricsF] = {}


def _metrics_of(font: QFont) -> QFontMetricsF:
    found = _METRICS.get(font.key())
    if found is None:
        found = _METRICS[font.key()] = QFontMetricsF(font)
    return found


def caption_font() -> QFont:
    """The font a deployment zone's caption is written in."""
    return style.label_font(9.0, bold=True)


def _caption_metrics() -> QFontMetricsF:
    return _metrics_of(caption_font())


def _shield_metrics() -> QFontMetricsF:
    return _metrics_of(style.label_font(8.0, True))


def _size(metrics: QFontMetricsF, text: str) -> tuple[float, float]:
    kept = _measured(metrics)[1]
    found = kept.get(text)
    if found is None:
        lines = text.split("\n")
        width = max(metrics.horizontalAdvance(line) for line in lines) + 8.0
        found = kept[text] = (width, metrics.height() * len(lines) + 4.0)
    return found


