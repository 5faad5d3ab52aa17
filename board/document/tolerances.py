"""The tolerances the document's shape checks share, in one place.

:mod:`board.document.shapes` (the plain-Python answers) and
:mod:`board.document.shapes_shapely` (Shapely's) must refuse the same files, so the numbers
they compare against live here, imported by both (``shapes`` imports ``shapes_shapely``
lazily; a constant in either would make the other import it back).

>>> OVERLAP_TOLERANCE < 0.001 ** 2  # less than a thousandth of an inch square
True
"""

from __future__ import annotations

__all__ = ["OVERLAP_TOLERANCE", "NO_AREA"]

#: Overlap (square inches) below which two footprints are taken to merely touch.
OVERLAP_TOLERANCE = 1e-6

#: A polygon of no more area than this (square inches) has none: it is refused.
NO_AREA = 1e-9
