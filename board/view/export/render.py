"""Draw the board as the view shows it, with its written summary, into PNG, SVG or PDF.

The picture is the view's viewport: the table at the player's zoom with every overlay on the
scene (rulers, rings, zones, rays and their readouts). Below it (or on the pages after it, in
a PDF) the summary is written as text — real text in the SVG and the PDF, so it can be
searched and copied. SVG comes from QtSvg's ``QSvgGenerator`` (in PySide6-Essentials), PDF
from ``QPdfWriter``. Item caches are switched off while drawing into SVG and PDF so that
models are drawn as shapes, not as cached bitmaps. Before drawing, the view's layout model
lays every label out for the page the picture shows (``BoardView.settle_layout``,
:mod:`board.view.layout`): the picture is the window's, labels where the window has them.
The SVG is made portable afterwards (:mod:`board.view.export.svg_portable`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QMarginsF, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QFontInfo,
    QFontMetricsF,
    QImage,
    QPageLayout,
    QPageSize,
    QPaintDevice,
    QPainter,
    QPdfWriter,
    QPicture,
)
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

from board.view.export.svg_portable import font_families, portable_svg

__all__ = ["FORMATS", "ExportError", "Exported", "export_format", "export_view", "wrap_lines"]

#: The formats by file suffix.
FORMATS = {".png": "PNG", ".svg": "SVG", ".pdf": "PDF"}

#: Room around the text, pixels (points in the PDF).
_MARGIN = 12
#: The PDF's resolution: the screen's, so that labels sized in screen pixels keep their text
#: whole (at 300 dpi an 8 pt label's text grew four times in a box measured on screen and was
#: cut, "14" reading "L4"). Text and shapes stay vectors at any resolution.
_PDF_DPI = 96


class ExportError(ValueError):
    """An export that cannot be made (the message names the file and why)."""


@dataclass(frozen=True)
class Exported:
    """What was written: the file, its format and the picture's size in pixels."""

    path: Path
    format: str
    picture: QSize
    lines: int


def export_format(path: Path) -> str:
    """Return ``"PNG"``, ``"SVG"`` or ``"PDF"`` from the suffix of ``path``.

    Examples
    --------
    >>> export_format(Path("dispute.PDF"))
    'PDF'
    >>> export_format(Path("dispute.jpg"))
    Traceback (most recent call last):
    ...
    board.view.export.render.ExportError: cannot export to dispute.jpg: the name must end \
in .png, .svg or .pdf
    """
    try:
        return FORMATS[path.suffix.lower()]
    except KeyError:
        raise ExportError(f"cannot export to {path.name}: the name must end in .png, .svg "
                          "or .pdf") from None


def _text_font(pixel_size: int) -> QFont:
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    font.setPixelSize(pixel_size)
    return font


@contextmanager
def _no_item_caches(view: QGraphicsView) -> Iterator[None]:
    """Draw items as shapes, not cached pixmaps, for the duration (vector output)."""
    cached = [(item, item.cacheMode()) for item in view.items()
              if item.cacheMode() != QGraphicsItem.CacheMode.NoCache]
    for item, _ in cached:
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    try:
        yield
    finally:
        for item, mode in cached:
            item.setCacheMode(mode)


def wrap_lines(lines: Sequence[str], metrics: QFontMetricsF, width: float) -> list[str]:
    """Break lines wider than ``width`` at spaces; a continuation is indented under its line.

    Nothing is cut: a word wider than ``width`` stands on a line of its own.
    """
    out: list[str] = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip(" ")) + 4)
        rest = line
        while metrics.horizontalAdvance(rest) > width and " " in rest.strip():
            cut = len(rest)
            while cut > 0 and (rest[cut - 1] != " " or
                               metrics.horizontalAdvance(rest[:cut].rstrip()) > width):
                cut -= 1
            if cut <= len(indent):
                break
            out.append(rest[:cut].rstrip())
            rest = indent + rest[cut:].lstrip()
        out.append(rest)
    return out


def _draw_lines(painter: QPainter, top_left: QPointF, lines: Sequence[str],
                line_height: float) -> None:
    painter.setPen(QColor("#111111"))
    ascent = painter.fontMetrics().ascent()
    for k, line in enumerate(lines):
        painter.drawText(QPointF(top_left.x(), top_left.y() + ascent + k * line_height), line)


def _draw_page(painter: QPainter, view: QGraphicsView, picture: QRectF,
               lines: Sequence[str], font: QFont) -> None:
    """The picture in ``picture`` (device units), then the lines below it."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    settle = getattr(view, "settle_layout", None)
    if settle is not None:  # every label laid out for the page rendered (board/view/layout.py)
        settle()
    painter.save()
    painter.setClipRect(picture)  # nothing drawn beyond the picture, whatever an item clips
    view.render(painter, picture, view.viewport().rect(), Qt.AspectRatioMode.KeepAspectRatio)
    painter.restore()
    painter.setFont(font)
    height = QFontMetricsF(font, painter.device()).lineSpacing()
    _draw_lines(painter, QPointF(picture.left() + _MARGIN, picture.bottom() + _MARGIN),
                lines, height)


def _raster_size(view: QGraphicsView, lines: Sequence[str], font: QFont,
                 device: QPaintDevice | None = None) -> tuple[QSize, QSize]:
    """The picture's size and the whole image's size, pixels."""
    picture = view.viewport().size()
    metrics = QFontMetricsF(font) if device is None else QFontMetricsF(font, device)
    text_width = max((metrics.horizontalAdvance(line) for line in lines), default=0.0)
    width = max(picture.width(), int(text_width) + 2 * _MARGIN)
    height = picture.height() + int(metrics.lineSpacing() * len(lines)) + 2 * _MARGIN
    return picture, QSize(width, height)


def _fit_lines(view: QGraphicsView, lines: Sequence[str], font: QFont) -> list[str]:
    """The lines wrapped to the picture's width (at least 600 pixels)."""
    width = max(view.viewport().width(), 600) - 2 * _MARGIN
    return wrap_lines(lines, QFontMetricsF(font), width)


def _export_png(view: QGraphicsView, path: Path, lines: Sequence[str]) -> QSize:
    font = _text_font(13)
    lines = _fit_lines(view, lines, font)
    picture, size = _raster_size(view, lines, font)
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    _draw_page(painter, view, QRectF(QPointF(0, 0), picture.toSizeF()), lines, font)
    painter.end()
    if not image.save(str(path)):  # the format from the .png suffix
        raise ExportError(f"could not write the PNG {path}")
    return picture


def _export_svg(view: QGraphicsView, path: Path, lines: Sequence[str], title: str) -> QSize:
    font = _text_font(13)
    lines = _fit_lines(view, lines, font)
    picture, size = _raster_size(view, lines, font)
    buffer = QBuffer()
    generator = QSvgGenerator(QSvgGenerator.SvgVersion.Svg11)  # 1.1: the view's clip is kept
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    generator.setResolution(_PDF_DPI)  # the screen's: labels keep their text whole
    generator.setViewBox(QRect(0, 0, size.width(), size.height()))
    generator.setTitle(title)
    generator.setDescription("\n".join(lines))
    recorded = QPicture()
    painter = QPainter(recorded)
    with _no_item_caches(view):
        _draw_page(painter, view, QRectF(QPointF(0, 0), picture.toSizeF()), lines, font)
    painter.end()
    if not painter.begin(generator):
        raise ExportError(f"could not write the SVG {path}")
    scale = generator.logicalDpiX() / recorded.logicalDpiX()
    painter.scale(scale, scale)  # the playing scales by the dots per inch: undone
    painter.drawPicture(0, 0, recorded)
    painter.end()
    text = bytes(buffer.data().data()).decode("utf-8")
    families = {name: _css_families(name) for name in set(_FAMILY.findall(text))}
    try:
        path.write_text(_XML_HEAD + portable_svg(text, families, _advance), encoding="utf-8")
    except OSError as error:
        raise ExportError(f"could not write the SVG {path}: {error.strerror}") from None
    return picture


_XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
_FAMILY = re.compile(r'font-family="([^"]*)"')


def _css_families(family: str) -> str:
    """The font Qt really draws ``family`` with, then the CSS generic family like it."""
    drawn = QFontInfo(QFont(family))
    if drawn.fixedPitch():
        generic = "monospace"
    elif drawn.family() == QFontInfo(QFont("serif")).family() != QFontInfo(
            QFont("sans-serif")).family():
        generic = "serif"
    else:
        generic = "sans-serif"
    return font_families(drawn.family(), generic)


def _advance(text: str, family: str, pixel_size: float, weight: int, italic: bool) -> float:
    """How wide Qt draws ``text`` (the ``textLength`` a viewer without the font fits to)."""
    font = QFont(family)
    font.setPixelSize(max(1, round(pixel_size)))
    font.setWeight(QFont.Weight(weight))
    font.setItalic(italic)
    return QFontMetricsF(font).horizontalAdvance(text)


#: The page's printable area, inches (A4 landscape less 10 mm margins), and the share of its
#: height the picture may take.
_PAGE_IN = ((297.0 - 20.0) / 25.4, (210.0 - 20.0) / 25.4)
_PICTURE_SHARE = 0.62


def pdf_resolution(size: QSize) -> int:
    """The PDF's dots per inch: one dot per screen pixel of the picture (never below 96).

    Labels sized in pixels then stand to the table as they do on screen.

    >>> pdf_resolution(QSize(1510, 1036))
    224
    """
    across = size.width() / _PAGE_IN[0]
    down = size.height() / (_PAGE_IN[1] * _PICTURE_SHARE)
    return max(_PDF_DPI, math.ceil(max(across, down)))


def _export_pdf(view: QGraphicsView, path: Path, lines: Sequence[str], title: str) -> QSize:
    writer = QPdfWriter(str(path))
    writer.setTitle(title)
    writer.setCreator("battleboard")
    dpi = pdf_resolution(view.viewport().size())
    writer.setResolution(dpi)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                     QPageLayout.Orientation.Landscape, QMarginsF(10, 10, 10, 10),
                                     QPageLayout.Unit.Millimeter))
    painter = QPainter()
    if not painter.begin(writer):
        raise ExportError(f"could not write the PDF {path}")
    page = QRectF(painter.viewport())
    font = _text_font(round(dpi * 9 / 72))  # 9 pt
    spacing = QFontMetricsF(font, writer).lineSpacing()
    lines = wrap_lines(lines, QFontMetricsF(font, writer), page.width() - 2 * _MARGIN)
    with _no_item_caches(view):
        picture = _fit(view.viewport().size(), page.width(), page.height() * _PICTURE_SHARE)
        first = max(0, int((page.height() - picture.height() - 2 * _MARGIN) // spacing))
        _draw_page(painter, view, picture, lines[:first], font)
    rest = list(lines[first:])
    per_page = max(1, int((page.height() - 2 * _MARGIN) // spacing))
    while rest:
        writer.newPage()
        painter.setFont(font)
        _draw_lines(painter, QPointF(_MARGIN, _MARGIN), rest[:per_page], spacing)
        rest = rest[per_page:]
    painter.end()
    return view.viewport().size()


def _fit(size: QSize, width: float, height: float) -> QRectF:
    scale = min(width / max(size.width(), 1), height / max(size.height(), 1))
    return QRectF(0.0, 0.0, size.width() * scale, size.height() * scale)


def export_view(view: QGraphicsView, path: Path, lines: Sequence[str],
                title: str = "battleboard") -> Exported:
    """Write what ``view`` shows, with ``lines`` written out, to ``path`` (PNG, SVG or PDF).

    Raises :class:`ExportError` for an unknown suffix or a file that cannot be written.
    """
    kind = export_format(path)
    if not path.parent.is_dir():
        raise ExportError(f"cannot export to {path}: no folder {path.parent}")
    if kind == "PNG":
        picture = _export_png(view, path, lines)
    elif kind == "SVG":
        picture = _export_svg(view, path, lines, title)
    else:
        picture = _export_pdf(view, path, lines, title)
    if not path.is_file() or path.stat().st_size == 0:
        raise ExportError(f"could not write the {kind} {path}")
    return Exported(path, kind, picture, len(lines))
