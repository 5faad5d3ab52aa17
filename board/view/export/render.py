"""Draw the board as the view shows it, with its written summary, into PNG, SVG or PDF.

The picture is the view's viewport: the table at the player's zoom with every overlay on the
scene (rulers, rings, zones, rays and their readouts). Below it (or on the pages after it, in
a PDF) the summary is written as text — real text in the SVG and the PDF, so it can be
searched and copied. SVG comes from QtSvg's ``QSvgGenerator`` (in PySide6-Essentials), PDF
from ``QPdfWriter``. Item caches are switched off while drawing into SVG and PDF so that
models are drawn as shapes, not as cached bitmaps.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QFontMetricsF,
    QImage,
    QPageLayout,
    QPageSize,
    QPaintDevice,
    QPainter,
    QPdfWriter,
)
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

__all__ = ["FORMATS", "ExportError", "Exported", "export_format", "export_view"]

#: The formats by file suffix.
FORMATS = {".png": "PNG", ".svg": "SVG", ".pdf": "PDF"}

#: Room around the text, pixels (points in the PDF).
_MARGIN = 12
_PDF_DPI = 300


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
    view.render(painter, picture, view.viewport().rect(),
                Qt.AspectRatioMode.KeepAspectRatio)
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


def _export_png(view: QGraphicsView, path: Path, lines: Sequence[str]) -> QSize:
    font = _text_font(13)
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
    picture, size = _raster_size(view, lines, font)
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(size)
    generator.setViewBox(QRect(0, 0, size.width(), size.height()))
    generator.setTitle(title)
    generator.setDescription("\n".join(lines))
    painter = QPainter()
    if not painter.begin(generator):
        raise ExportError(f"could not write the SVG {path}")
    with _no_item_caches(view):
        _draw_page(painter, view, QRectF(QPointF(0, 0), picture.toSizeF()), lines, font)
    painter.end()
    return picture


def _export_pdf(view: QGraphicsView, path: Path, lines: Sequence[str], title: str) -> QSize:
    writer = QPdfWriter(str(path))
    writer.setTitle(title)
    writer.setCreator("battleboard")
    writer.setResolution(_PDF_DPI)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                     QPageLayout.Orientation.Landscape, QMarginsF(10, 10, 10, 10),
                                     QPageLayout.Unit.Millimeter))
    painter = QPainter()
    if not painter.begin(writer):
        raise ExportError(f"could not write the PDF {path}")
    page = QRectF(painter.viewport())
    font = _text_font(round(_PDF_DPI * 9 / 72))  # 9 pt
    spacing = QFontMetricsF(font, writer).lineSpacing()
    with _no_item_caches(view):
        picture = _fit(view.viewport().size(), page.width(), page.height() * 0.62)
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
