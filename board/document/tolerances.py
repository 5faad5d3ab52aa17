"""The tolerances the document's shape checks share, in one place.

:mod:`board.document.shapes` (the plain-Python answers) and
:mod:`board.document.shapes_shapely` (Shapely's) must refuse the same files, so the numbers
they compare against live here, imported by both (``shapes`` imports ``shapes_shapely``
lazily; a constant in either would make the other import it back).

>>> from board.document import shapes, shapes_shapely
>>> shapes.OVERLAP_TOLERANCE is shapes_shapely.OVERLAP_TOLERANCE is OVERLAP_TOLERANCE
True
"""

from __future__ import annotations

__all__ = ["OVERLAP_TOLERANCE", "NO_AREA"]

#: Overlap (square inches) below which two footprints are taken to merely touch.
OVERLAP_TOLERANCE = 1e-6

#: A polygon of no more area than this (square inches) has none: it is refused.
NO_AREA = 1e-9
