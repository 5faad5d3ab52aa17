"""A line-of-sight reading's rays kept as arrays, to be drawn moved with their models.

While a unit is dragged the last reading is drawn moved between readings (see
:mod:`board.view.sight.overlay`): each ray starts at an eye that moves with its model and
ends on a target model (which may move too) or on a facing (which stays).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor

from board.game.sight import SightReading
from board.view.measure.overlay_item import LineBatch

__all__ = ["RayLines"]

XY = tuple[float, float]


class RayLines:
    """A reading's rays as arrays, and whose model moves each end: redrawn moved cheaply.

    Making 320 rays and then 320 lines anew on each move of a drag (what
    :func:`~board.view.sight.overlay.moved_reading` then
    :func:`~board.view.sight.overlay.sight_sketch` would do) costs more than drawing them;
    this shifts the ends in numpy and makes only the segments, one batch per colour.
    """

    def __init__(self, reading: SightReading, eye_owner: dict[XY, str], owners: list[str],
                 clear: QColor, blocked: QColor, partly: QColor | None = None) -> None:
        index = {model_id: k for k, model_id in enumerate(owners)}
        none = len(owners)  # the row of no shift
        starts, ends, by_start, by_end, colours = [], [], [], [], list[QColor]()
        rays = [(ray, model.model_id) for model in reading.models for ray in model.rays]
        rays += [(ray, "") for facing in reading.facings for ray in facing.rays]
        for ray, model_id in rays:  # a ray to a facing ends where it is: no model moves it
            starts.append(ray.start)
            ends.append(ray.end)
            by_start.append(index.get(eye_owner.get(ray.start, ""), none))
            by_end.append(index.get(model_id, none))
            colours.append(blocked if ray.blocked else
                           partly if partly is not None and ray.partly else clear)
        self.starts = np.array(starts, dtype=float).reshape(-1, 2)
        self.ends = np.array(ends, dtype=float).reshape(-1, 2)
        self.by_start = np.array(by_start, dtype=np.intp)
        self.by_end = np.array(by_end, dtype=np.intp)
        self.owners = owners
        #: Each colour (in the order first drawn) with the indices of its rays.
        self.groups: list[tuple[QColor, np.ndarray]] = []
        chosen: dict[int, tuple[QColor, list[int]]] = {}
        for k, colour in enumerate(colours):
            chosen.setdefault(colour.rgba(), (colour, []))[1].append(k)
        self.groups = [(colour, np.array(rays_of, dtype=np.intp))
                       for colour, rays_of in chosen.values()]

    def batches(self, moved: dict[str, XY]) -> list[LineBatch]:
        """Every ray, each end shifted with the model it belongs to, one batch per colour."""
        shift = np.zeros((len(self.owners) + 1, 2))
        for k, model_id in enumerate(self.owners):
            shift[k] = moved.get(model_id, (0.0, 0.0))
        ends = np.hstack([self.starts + shift[self.by_start], self.ends + shift[self.by_end]])
        return [LineBatch(colour, ends[rays_of]) for colour, rays_of in self.groups]
