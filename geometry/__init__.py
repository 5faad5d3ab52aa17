"""Geometry for the board: pure Shapely 2, in inches, no Qt.

Distances, "within" and "wholly within", zones, line of sight and facings (DESIGN.md).
"""

__all__: list[str] = []
