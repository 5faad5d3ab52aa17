"""Read exported files as a judge's tools do: librsvg, headless Chromium, poppler; SVG geometry.

The outside tools are Debian packages (``librsvg2-bin``, ``chromium``, ``poppler-utils``); a
test that needs one is skipped when it is absent (:func:`need`), so CI without them passes.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

from board.view.export.svg_portable import SVG_NS, Matrix, compose, parse_transform

_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
#: The Debian package that gives each tool.
PACKAGES = {"rsvg-convert": "librsvg2-bin", "chromium": "chromium", "pdftoppm": "poppler-utils",
            "pdftotext": "poppler-utils", "inkscape": "inkscape"}


def need(tool: str) -> str:
    """The path of ``tool``, or skip the test saying which Debian package gives it."""
    found = shutil.which(tool)
    if found is None:
        pytest.skip(f"{tool} is not installed (Debian package {PACKAGES.get(tool, tool)})")
    return found


def rsvg_png(svg: Path, out: Path) -> Path:
    """``svg`` rendered by librsvg at its own size, on white."""
    subprocess.run([need("rsvg-convert"), "-b", "white", str(svg), "-o", str(out)],
                   check=True, timeout=120)
    return out


def chromium_png(svg: Path, out: Path, width: int, height: int) -> Path:
    """``svg`` opened by headless Chromium in a ``width`` × ``height`` window, on white."""
    browser = need("chromium")
    with tempfile.TemporaryDirectory() as profile:
        flags = ["--headless", "--disable-gpu", "--no-first-run", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update",
                 "--hide-scrollbars", "--default-background-color=ffffffff",
                 f"--user-data-dir={profile}", f"--window-size={width},{height}",
                 f"--screenshot={out}"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            flags.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox
        subprocess.run([browser, *flags, svg.resolve().as_uri()], check=True, timeout=180,
                       capture_output=True)
    return out


def inkscape_png(svg: Path, out: Path) -> Path:
    """``svg`` exported by Inkscape's command line at its own size, on white."""
    with tempfile.TemporaryDirectory() as home:  # its preferences and caches: not the user's
        subprocess.run([need("inkscape"), "--export-type=png", f"--export-filename={out}",
                        "--export-background=white", "--export-background-opacity=1",
                        str(svg)], check=True, timeout=180, capture_output=True,
                       env=dict(os.environ, HOME=home, XDG_CONFIG_HOME=home,
                                XDG_CACHE_HOME=home))
    return out


def pdf_pages_png(pdf: Path, folder: Path, dpi: int = 96) -> list[Path]:
    """Each page of ``pdf`` rasterised by poppler's ``pdftoppm``."""
    subprocess.run([need("pdftoppm"), "-r", str(dpi), "-png", str(pdf), str(folder / "page")],
                   check=True, timeout=120)
    return sorted(folder.glob("page*.png"))


def pdf_words(pdf: Path) -> list[tuple[str, tuple[float, float, float, float], int]]:
    """Every word poppler's ``pdftotext -bbox`` finds: (word, box in points, page from 1)."""
    out = subprocess.run([need("pdftotext"), "-bbox", str(pdf), "-"], check=True, timeout=120,
                         capture_output=True, text=True).stdout
    words, page = [], 0
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("<page "):
            page += 1
        elif line.startswith("<word "):
            element = ET.fromstring(line)
            box = tuple(float(element.get(k, "0")) for k in ("xMin", "yMin", "xMax", "yMax"))
            words.append((element.text or "", box, page))
    return words


def pixels(path: Path) -> np.ndarray:
    """The RGB pixels of an image file, rows × columns × 3 (int16, for differences)."""
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB32)
    assert not image.isNull(), f"cannot read {path}"
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(),
                                                              image.bytesPerLine() // 4, 4)
    return rows[:, :image.width(), 2::-1].astype(np.int16)


def differing_share(a: np.ndarray, b: np.ndarray, rows: int, threshold: int = 48) -> float:
    """The share of the first ``rows`` rows' pixels that differ, a pixel's shift allowed.

    A pixel differs when no pixel of ``b`` within one pixel of it is within ``threshold`` of
    it on every channel (antialiasing and hinting move edges by a pixel; a stroke ten times
    too wide, a missing label or text in another font do not).
    """
    width = min(a.shape[1], b.shape[1])  # librsvg rounds a size in mm up a pixel
    assert min(a.shape[0], b.shape[0]) >= rows and abs(a.shape[1] - b.shape[1]) <= 1, \
        f"sizes differ: {a.shape[:2]} and {b.shape[:2]}"
    a, b = a[:rows, :width], b[:rows, :width]
    best = np.full(a.shape[:2], 255, np.int16)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            moved = np.roll(np.roll(b, dy, 0), dx, 1)
            best = np.minimum(best, np.abs(a - moved).max(axis=2))
    return float((best > threshold).mean())


@dataclass(frozen=True)
class Rect:
    """An axis-aligned box on the page, pixels."""

    left: float
    top: float
    right: float
    bottom: float

    def inside(self, other: Rect, slack: float = 0.5) -> bool:
        return (self.left >= other.left - slack and self.top >= other.top - slack and
                self.right <= other.right + slack and self.bottom <= other.bottom + slack)

    def overlaps(self, other: Rect, slack: float = 0.5) -> bool:
        return (min(self.right, other.right) - max(self.left, other.left) > slack and
                min(self.bottom, other.bottom) - max(self.top, other.top) > slack)

    @property
    def area(self) -> float:
        return max(0.0, self.right - self.left) * max(0.0, self.bottom - self.top)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _box(m: Matrix, xs: list[float], ys: list[float]) -> Rect:
    points = [_apply(m, x, y) for x, y in zip(xs, ys, strict=True)]
    return Rect(min(p[0] for p in points), min(p[1] for p in points),
                max(p[0] for p in points), max(p[1] for p in points))


def _path_box(m: Matrix, d: str) -> Rect | None:
    numbers = [float(v) for v in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", d)]
    if len(numbers) < 4 or re.search(r"[a-z]", d.replace("e", "")):
        return None  # relative commands: QSvgGenerator writes absolute ones only
    return _box(m, numbers[0::2], numbers[1::2])


@dataclass(frozen=True)
class SvgText:
    """A ``<text>`` of the SVG: its string, its box on the page and the clip it is drawn in."""

    text: str
    box: Rect
    clip: Rect | None


@dataclass
class SvgPage:
    """What an exported SVG draws: texts, filled shapes (boxes), its page."""

    page: Rect
    texts: list[SvgText]
    filled: list[Rect]  # filled paths and rects, in the order drawn

    def label_boxes(self) -> list[tuple[SvgText, Rect]]:
        """Each text drawn on the picture (in a clip) with the box it was drawn on."""
        return [(t, self.box_of(t)) for t in self.texts if t.clip is not None]

    def box_of(self, text: SvgText) -> Rect:
        """The smallest filled shape that holds ``text`` (the text's own box when none)."""
        holding = [r for r in self.filled if text.box.inside(r) and r.area < 40 * text.box.area]
        return min(holding, key=lambda r: r.area, default=text.box)


def read_svg(path: Path) -> SvgPage:
    """The texts and filled shapes of an SVG written by the export, in page pixels."""
    root = ET.parse(path).getroot()
    clips = {}
    for clip in root.iter(f"{{{SVG_NS}}}clipPath"):
        boxes = [_path_box(_IDENTITY, p.get("d", "")) for p in clip]
        clips[clip.get("id")] = boxes[0] if boxes else None
    x, y, w, h = (float(v) for v in root.get("viewBox", "0 0 0 0").split())
    page = SvgPage(Rect(x, y, x + w, y + h), [], [])
    _read(root, _IDENTITY, None, clips, page, {})
    return page


def _read(element: ET.Element, matrix: Matrix, clip: Rect | None, clips: dict, page: SvgPage,
          style: dict[str, str]) -> None:
    if element.tag in (f"{{{SVG_NS}}}defs", f"{{{SVG_NS}}}clipPath", f"{{{SVG_NS}}}mask",
                       f"{{{SVG_NS}}}pattern"):
        return
    matrix = compose(matrix, parse_transform(element.get("transform")))
    ref = element.get("clip-path", "")
    if ref.startswith("url(#"):
        clip = clips.get(ref[5:-1], clip)
    style = {**style, **{k: v for k, v in element.attrib.items()
                         if k in ("fill", "font-size", "fill-opacity")}}
    tag = element.tag.split("}")[-1]
    if tag == "text":
        size = float(style.get("font-size", "12"))
        x0, y0 = float(element.get("x", "0")), float(element.get("y", "0"))
        width = float(element.get("textLength", "0"))
        box = _box(matrix, [x0, x0 + width], [y0 - 0.76 * size, y0 + 0.22 * size])
        page.texts.append(SvgText("".join(element.itertext()), box, clip))
    elif tag in ("path", "rect") and style.get("fill", "none") != "none":
        if tag == "rect":
            rx, ry = float(element.get("x", "0")), float(element.get("y", "0"))
            box = _box(matrix, [rx, rx + float(element.get("width", "0"))],
                       [ry, ry + float(element.get("height", "0"))])
        else:
            box = _path_box(matrix, element.get("d", ""))
        if box is not None:
            page.filled.append(box)
    for child in element:
        _read(child, matrix, clip, clips, page, style)
