"""The bundle's icons: ``resources/icons/battleboard.svg`` drawn at the standard sizes.

Usage: python .ci/bundle/icons.py OUT  (OUT/icons/hicolor/NxN/apps/battleboard.png and
OUT/icons/hicolor/scalable/apps/battleboard.svg), run by .ci/bundle/build with the bundle's
Qt, offscreen.
"""

import os
import shutil
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

SVG = Path(__file__).resolve().parents[2] / "resources" / "icons" / "battleboard.svg"

#: The sizes of the hicolor theme's application icons (Icon Theme Specification).
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def main(out: Path) -> int:
    """Draw every size into ``out``; exit 1 if the SVG cannot be read."""
    _app = QGuiApplication(["icons"])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"icons: cannot read {SVG}")
        return 1
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        folder = out / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        image.save(str(folder / "battleboard.png"))
    scalable = out / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copy(SVG, scalable / "battleboard.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
