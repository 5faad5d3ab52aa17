"""A line-of-sight reading's rays kept as arrays, to be drawn moved with their models.

While a unit is dragged the last reading is drawn moved between readings (see
:mod:`board.view.sight.overlay`): each ray starts at an eye that moves with its model and
ends on a target model (which may move too) or on a facing (which stays).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from board.game.sight import SightReading
from board.view.measure.overlay_item import Line

__all__ = ["RayLines"]

XY = tuple[float, float]


class RayLines:
    """A reading's rays as arrays, and whose model moves each end: redrawn moved cheaply.

    :func:`~board.view.sight.overlay.moved_reading` then
    :func:`~board.view.sight.overlay.sight_sketch` make 320 rays and 320 lines anew on each
    move of a drag; this shifts the ends in numpy and makes the lines only.
    """

    def __init__(self, reading: SightReading, eye_owner: dict[XY, str], owners: list[str],
                 clear: QColor, blocked: QColor) -> None:
        index = {model_id: k for k, model_id in enumerate(owners)}
        none = len(owners)  # the row of no shift
        starts, ends, by_start, by_end, self.colours = [], [], [], [], list[QColor]()
        for model in reading.models:
            for ray in model.rays:
                starts.append(ray.start)
                ends.append(ray.end)
                by_start.append(index.get(eye_owner.get(ray.start, ""), none))
                by_end.append(index.get(model.model_id, none))
                self.colours.append(blocked if ray.blocked else clear)
        for facing in reading.facings:
            for ray in facing.rays:
                starts.append(ray.start)
                ends.append(ray.end)
                by_start.append(index.get(eye_owner.get(ray.start, ""), none))
                by_end.append(none)
                self.colours.append(blocked if ray.blocked else clear)
        self.starts = np.array(starts, dtype=float).reshape(-1, 2)
        self.ends = np.array(ends, dtype=float).reshape(-1, 2)
        self.by_start = np.array(by_start, dtype=np.intp)
        self.by_end = np.array(by_end, dtype=np.intp)
        self.owners = owners

    def lines(self, moved: dict[str, XY]) -> list[Line]:
        """Every ray as a line, each end shifted with the model it belongs to."""
        shift = np.zeros((len(self.owners) + 1, 2))
        for k, model_id in enumerate(self.owners):
            shift[k] = moved.get(model_id, (0.0, 0.0))
        starts = (self.starts + shift[self.by_start]).tolist()
        ends = (self.ends + shift[self.by_end]).tolist()
        return [Line(QPointF(a, b), QPointF(c, d), colour)
                for (a, b), (c, d), colour in zip(starts, ends, self.colours, strict=True)]
