"""The hidden share of each column of a target's picture: what each drawn ray stands for.

A sight picture on the board draws rays across a target, one per equal strip of its width
(:func:`geometry.sight.ray_ends`). A plan-view line cannot show heights, so each ray is given
the exact hidden share of its own strip of the target's picture (:mod:`geometry.picture`):
0 (its strip is seen whole), 1 (hidden whole) or in between (a low wall hides the lower part
of it). The strips' shares, weighted by their areas, add up to the target's hidden share, so
what is drawn says what the verdict says.
"""

from __future__ import annotations

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import LineString

from geometry.footprints import Shape
from geometry.index import TerrainIndex
from geometry.picture_plane import clip_at_eye, picture_frames, plan_outlines
from geometry.rules_of_reading import SightRule
from geometry.shadows import TargetPictures

__all__ = ["strip_hidden_shares"]

FloatArray = NDArray[np.float64]


def strip_hidden_shares(index: TerrainIndex, eye: tuple[float, float], eye_height: float,
                        target: Shape, top: float, bottom: float = 0.0,
                        rule: SightRule = SightRule.TRUE_LINE,
                        ignore: frozenset[str] = frozenset(),
                        arc: tuple[float, float] | None = None,
                        samples: int = 16) -> FloatArray:
    """Hidden share (0–1) of each of ``samples`` equal strips across the target's picture.

    The strips run across the target as :func:`geometry.sight.ray_ends` places its rays (its
    width from the eye's left to its right; a facing from its first point to its last).

    Parameters
    ----------
    index : TerrainIndex
        The blockers.
    eye : (float, float)
        The eye on the table, inches.
    eye_height : float
        Its height (inches, or a Line of Sight value).
    target : Circle, Polygon or LineString
        A base (the solid from ``bottom`` to ``top``) or a facing (the upright face).
    top, bottom : float
        The target's top and bottom.
    rule : SightRule
        ``TRUE_LINE`` (heights) or ``LOS_VALUES`` (Warhammer Fantasy).
    ignore : frozenset of str
        Blocker ids that never hide.
    arc : (float, float), optional
        The observer's arc: what lies outside it is hidden.
    samples : int
        How many strips (rays).

    Returns
    -------
    ndarray of float, shape (samples,)

    Examples
    --------
    A 0.75" wall 1" in front of a 1.5" face 12" from an eye 1.5" up hides the lower 45% of
    every strip; a tall building covering its left half hides those strips whole:

    >>> from shapely.geometry import box
    >>> from geometry.index import Blocker
    >>> face = LineString([(12, -1), (12, 1)])
    >>> low = TerrainIndex([Blocker("wall", box(10.9, -5, 11, 5), 0.75)])
    >>> strip_hidden_shares(low, (0, 0), 1.5, face, 1.5, samples=4).round(4).tolist()
    [0.4545, 0.4545, 0.4545, 0.4545]
    >>> tall = TerrainIndex([Blocker("tower", box(5, -5, 6, 0), 4.0)])
    >>> strip_hidden_shares(tall, (0, 0), 1.5, face, 1.5, samples=4).tolist()
    [1.0, 1.0, 0.0, 0.0]
    """
    if samples < 1:
        raise ValueError(f"strips need at least 1 sample, got {samples}")
    at = np.asarray(eye, dtype=float).reshape(1, 2)
    outlines = plan_outlines([target])
    u, dist = picture_frames(at, outlines)
    if clip_at_eye(at, outlines, u, dist)[0]:
        return np.zeros(samples)  # the eye is inside the target: it sees all of it
    if isinstance(outlines[0], LineString) and dist[0] <= 1e-4:
        return np.ones(samples)  # a facing seen edge on
    picture = TargetPictures(at, np.array([float(eye_height)]), outlines, u, dist,
                             np.array([float(top)]), np.array([float(bottom)]), rule)
    shadows, _ = picture.shadows(index, ignore)
    if arc is not None:
        outside, _ = picture.outside_arc(arc)
        shadows = np.concatenate([shadows, outside])
    silhouette = picture.silhouettes[0]
    minx, miny, maxx, maxy = silhouette.bounds
    cuts = np.linspace(minx, maxx, samples + 1)
    columns = shapely.intersection(silhouette, shapely.box(cuts[:-1], miny - 1.0, cuts[1:],
                                                           maxy + 1.0))
    area = shapely.area(columns)
    hidden = np.zeros(samples)
    if len(shadows):
        cover = shapely.union_all(shapely.intersection(shadows, silhouette))
        covered = shapely.area(shapely.intersection(columns, cover))
        hidden = np.clip(covered / np.where(area > 0, area, 1.0), 0.0, 1.0)
        hidden[hidden < 1e-9] = 0.0
        hidden[hidden > 1.0 - 1e-9] = 1.0
    if isinstance(target, LineString):  # strips in the order of the facing's points
        ends = np.asarray(target.coords, dtype=float)[[0, -1]]
        across = picture.project(np.zeros(2, dtype=np.intp), ends, np.zeros(2))[:, 0]
        if across[0] > across[1]:
            hidden = hidden[::-1].copy()
    return np.asarray(hidden, dtype=float)
