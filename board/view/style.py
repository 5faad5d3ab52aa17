"""Colours and sizes the board draws with, in one place so the items agree.

Sizes ending in ``_PX`` are screen pixels (markers and labels that ignore the zoom); the rest
are inches.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont

__all__ = [
    "CLOTH",
    "CLOTH_EDGE",
    "GRID_MINOR",
    "GRID_MAJOR",
    "BUILDING_FILL",
    "BUILDING_EDGE",
    "BATTLEMENTS",
    "ACCESS_POINT",
    "FIRE_POINT",
    "WEAPON",
    "ARMOUR_BADGE",
    "LABEL_TEXT",
    "LABEL_BACK",
    "SELECTION",
    "LEGAL",
    "ILLEGAL",
    "NO_SIDE",
    "REFUSED_TEXT",
    "DONE_TEXT",
    "MARKER_PX",
    "label_font",
]

CLOTH = QColor("#6f8f4e")
CLOTH_EDGE = QColor("#2f3d22")
GRID_MINOR = QColor("#84a068")  # opaque: a translucent hairline costs 10x
GRID_MAJOR = QColor("#a2b68c")
BUILDING_FILL = QColor("#8a8378")
BUILDING_EDGE = QColor("#2b2824")
BATTLEMENTS = QColor("#d8cba8")
ACCESS_POINT = QColor("#35c24a")
FIRE_POINT = QColor("#e53935")
WEAPON = QColor("#ffb300")
ARMOUR_BADGE = QColor("#1f2a44")
LABEL_TEXT = QColor("#ffffff")
LABEL_BACK = QColor(20, 20, 20, 190)
SELECTION = QColor("#ffee58")
#: A model placed legally / illegally (disembarking, the assault's marks).
LEGAL = QColor("#2ecc40")
ILLEGAL = QColor("#ff3b30")
#: A model or colour of no known side.
NO_SIDE = QColor("#808080")
#: Text that says no (a refusal, models out of zone), and text that says done.
REFUSED_TEXT = QColor("#c62828")
DONE_TEXT = QColor("#2e7d32")

#: The size of access point, fire point and weapon markers, screen pixels.
MARKER_PX = 18.0


def label_font(point_size: float = 8.0, bold: bool = False) -> QFont:
    """Return the font of the board's labels, sized in pixels (``point_size`` at 96 dpi).

    In pixels, not points: a label's box is measured in pixels, and an export to a device of
    another resolution (a PDF) must draw the same text in the same box, whole.
    """
    font = QFont()
    font.setPixelSize(max(1, round(point_size * 96.0 / 72.0)))
    font.setBold(bold)
    return font
