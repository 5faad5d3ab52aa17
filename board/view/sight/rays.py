"""A line-of-sight reading's rays kept as arrays, to be drawn moved with their models.

While a unit is dragged the last reading is drawn moved between readings (see
:mod:`board.view.sight.overlay`): each ray starts at an eye that moves with its model and
ends on a target model (which may move too) or on a facing (which stays).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor

from board.game.sight import SightReading
from board.view.fans import MovingFans
from board.view.measure.sketch import FAN_SPACING_PX, LineBatch

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
        at_eye = {eye: index.get(owner, none) for eye, owner in eye_owner.items()}
        # A ray to a facing ends where it is: no model moves it.
        rays = [ray for model in reading.models for ray in model.rays]
        by_end = [index.get(model.model_id, none) for model in reading.models
                  for _ in model.rays]
        rays += [ray for facing in reading.facings for ray in facing.rays]
        by_end += [none] * (len(rays) - len(by_end))
        self.starts = np.array([ray.start for ray in rays], dtype=float).reshape(-1, 2)
        self.ends = np.array([ray.end for ray in rays], dtype=float).reshape(-1, 2)
        self.by_start = np.array([at_eye.get(ray.start, none) for ray in rays], dtype=np.intp)
        self.by_end = np.array(by_end, dtype=np.intp)
        self.owners = owners
        # Each ray's colour: 0 blocked, 1 partly hidden (drawn so only with ``partly``), 2 clear.
        kinds = np.array([0 if ray.blocked else 1 if partly is not None and ray.partly else 2
                          for ray in rays], dtype=np.intp)
        colours = (blocked, partly if partly is not None else clear, clear)
        #: Each colour (in the order first drawn) with the indices of its rays.
        self.groups: list[tuple[QColor, np.ndarray]] = []
        chosen: dict[int, tuple[QColor, list[np.ndarray]]] = {}
        found, first = np.unique(kinds, return_index=True)
        for kind in found[np.argsort(first)]:
            colour = colours[int(kind)]
            chosen.setdefault(colour.rgba(), (colour, []))[1].append(np.flatnonzero(kinds == kind))
        self.groups = [(colour, np.sort(np.concatenate(parts)))
                       for colour, parts in chosen.values()]
        #: Per colour: its rays' ends and, per ray, the rows of ``shift`` that move its start
        #: and its end.
        self._parts = [(colour, np.hstack([self.starts[rows], self.ends[rows]]),
                        np.stack([self.by_start[rows], self.by_end[rows]], axis=1))
                       for colour, rows in self.groups]
        #: Per colour, how its rays fan out, kept from move to move (planned at a paint).
        self._fans = [MovingFans(by_row, FAN_SPACING_PX) for _, _, by_row in self._parts]

    def batches(self, moved: dict[str, XY]) -> list[LineBatch]:
        """Every ray, each end shifted with the model it belongs to, one batch per colour."""
        shift = np.zeros((len(self.owners) + 1, 2))
        rows = [k for k, model_id in enumerate(self.owners) if model_id in moved]
        if rows:
            shift[rows] = [moved[self.owners[k]] for k in rows]
        batches = []
        for (colour, ends, by_row), fans in zip(self._parts, self._fans, strict=True):
            if rows:
                ends = ends + shift[by_row].reshape(-1, 4)
            batches.append(LineBatch(colour, ends, fans))
        return batches
