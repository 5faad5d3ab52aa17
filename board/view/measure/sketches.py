"""Turn the game's measurements into pictures (:class:`Sketch`): no computing, only drawing.

The numbers come from :mod:`board.game.measuring.ruler`, :mod:`board.game.measuring.within`
and :mod:`board.game.measuring.rings`; here they become paths, lines and labels in the board's
colours: green wholly within, amber within, red not (with by how much), yellow rulers; the
rings' colours (drawn by :mod:`board.view.measure.ring_item`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

import shapely
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainterPath
from shapely.geometry.base import BaseGeometry

from board.game.core.units import excess_text
from board.game.kit import Circle, Shape, reach_area
from board.game.measuring.ruler import RulerReading
from board.game.measuring.within import WithinReading
from board.view.convert import geometry_to_path, to_point
from board.view.measure.sketch import Area, Label, Line, Sketch

__all__ = [
    "WHOLLY",
    "WITHIN",
    "NOT_WITHIN",
    "RULER",
    "RING_COLOURS",
    "DRAW_TOLERANCE",
    "shape_path",
    "ruler_sketch",
    "reach_path",
    "within_sketch",
    "hover_sketch",
    "HOVER",
]

WHOLLY = QColor("#43a047")
WITHIN = QColor("#ffb300")
NOT_WITHIN = QColor("#e53935")
RULER = QColor("#ffeb3b")
#: What a click would measure to, while the pointer is over it.
HOVER = QColor("#00e5ff")
#: Ring colours, one per distance in turn.
RING_COLOURS = (QColor("#29b6f6"), QColor("#ab47bc"), QColor("#ff7043"), QColor("#26a69a"))

_CLEAR = QColor(0, 0, 0, 0)

#: How far a drawn ring or reach area may stray from the exact one, inches. The numbers are
#: always measured on the exact shapes; drawing 0.0005" chords costs three times as much.
DRAW_TOLERANCE = 0.005


def _alpha(colour: QColor, alpha: int) -> QColor:
    faded = QColor(colour)
    faded.setAlpha(alpha)
    return faded


def shape_path(shape: Shape | BaseGeometry | shapely.Geometry) -> QPainterPath:
    """A base (circle or polygon) or an area as a path, inches."""
    if isinstance(shape, Circle):
        path = QPainterPath()
        path.addEllipse(QPointF(shape.x, shape.y), shape.radius, shape.radius)
        return path
    return geometry_to_path(shape)


def _top(path: QPainterPath) -> QPointF:
    rect = path.boundingRect()
    return QPointF(rect.center().x(), rect.top())


def ruler_sketch(reading: RulerReading, ends: Sequence[Shape], title: str = "") -> Sketch:
    """The ruler's line between its two points, the two parts outlined, the distance written."""
    start, end = to_point(reading.start), to_point(reading.end)
    areas = [Area(shape_path(s), RULER, _CLEAR) for s in ends if not _is_point(s)]
    text = f"{title}{reading.text}" + (" centre to centre" if reading.centre_to_centre else "")
    middle = (start + end) / 2
    return Sketch(areas, [Line(start, end, RULER)], [Label(middle, text, QColor(40, 40, 0, 220))])


def _is_point(shape: Shape) -> bool:
    return not isinstance(shape, Circle) and shape.geom_type == "Point"


def reach_path(shapes: tuple[Shape, ...], reach: float) -> QPainterPath:
    """The area within ``reach`` inches of any of ``shapes``, as drawn (empty for none).

    Kept for the last few asked: while a unit is dragged, the target it is checked against
    stays where it is.
    """
    return _reach_path(shapes, reach)


def reach_path_at(shapes: tuple[Shape, ...], reaches: tuple[float | None, ...]) -> QPainterPath:
    """The area within each shape's own reach on the table (a raised target's is nearer).

    ``reaches`` are :func:`geometry.ground_reach`'s, one a shape (``None``: none reaches the
    table); kept like :func:`reach_path`.
    """
    if len(set(reaches)) == 1:
        only = reaches[0] if reaches else None
        return _reach_path(shapes, only) if only is not None and only > 0 else QPainterPath()
    return _reach_paths(shapes, reaches)


@lru_cache(maxsize=16)
def _reach_paths(shapes: tuple[Shape, ...], reaches: tuple[float | None, ...]) -> QPainterPath:
    areas = [reach_area(s, g) for s, g in zip(shapes, reaches, strict=True) if g]
    if not areas:
        return QPainterPath()
    area = shapely.union_all(areas)
    return shape_path(shapely.simplify(area, DRAW_TOLERANCE)) if not area.is_empty else \
        QPainterPath()


@lru_cache(maxsize=16)
def _reach_path(shapes: tuple[Shape, ...], reach: float) -> QPainterPath:
    if not shapes:
        return QPainterPath()
    area = shapely.union_all([reach_area(s, reach) for s in shapes])
    return shape_path(shapely.simplify(area, DRAW_TOLERANCE)) if not area.is_empty else \
        QPainterPath()


def within_sketch(reading: WithinReading, models: Mapping[str, Shape],
                  reach: QPainterPath, title: str) -> Sketch:
    """Every model outlined by its verdict, and one callout for the unit.

    ``reach`` is the area within the distance of the target (drawn dashed unless empty). The
    callout says the unit's verdict and, when some models are not within, how many and by how
    much at most (``2 not within, up to +1.51"``); each model's numbers are in the dock.
    """
    sketch = Sketch()
    if not reach.isEmpty():
        sketch.areas.append(Area(reach, WITHIN, _alpha(WITHIN, 28), dashed=True))
    top: QPointF | None = None
    for model in reading.models:
        path = shape_path(models[model.model_id])
        colour = WHOLLY if model.wholly else WITHIN if model.within else NOT_WITHIN
        sketch.areas.append(Area(path, colour, _alpha(colour, 150), width=3.0))
        here = _top(path)
        top = here if top is None or here.y() < top.y() else top
    if top is not None:
        colour = {"wholly within": WHOLLY, "within": WITHIN}.get(reading.verdict, NOT_WITHIN)
        sketch.labels.append(Label(top, title + _misses(reading),
                                   _alpha(colour.darker(250), 230), -16.0))
    return sketch


def _misses(reading: WithinReading) -> str:
    """``, 2 not within, up to +1.51"`` (nothing when every model is within)."""
    failing = reading.failing
    if not failing or reading.zone or len(failing) == len(reading.models) == 1:
        return ""
    worst = excess_text(max(m.closest for m in failing) - reading.reach, reading.unit)
    return f"\n{len(failing)} not within, up to +{worst}"


def hover_sketch(shapes: Sequence[Shape | BaseGeometry], name: str, pick: float) -> Sketch:
    """What a click would measure to: each shape outlined, a point ringed, and its name.

    ``pick`` is the picking distance in inches (a point is ringed that wide).
    """
    sketch = Sketch()
    top: QPointF | None = None
    for shape in shapes:
        if not isinstance(shape, Circle) and shape.geom_type == "Point":
            (x, y), = shape.coords
            path = QPainterPath()
            path.addEllipse(QPointF(x, y), pick, pick)
        else:
            path = shape_path(shape)
        sketch.areas.append(Area(path, HOVER, _alpha(HOVER, 40), width=2.5))
        here = _top(path)
        top = here if top is None or here.y() < top.y() else top
    if top is not None:
        sketch.labels.append(Label(top, name, _alpha(HOVER.darker(300), 235), -16.0))
    return sketch
