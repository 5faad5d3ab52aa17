"""The gap between two oval bases, from their support functions (the separating axis).

Two convex shapes ``A`` and ``B`` that do not meet are as far apart as the widest gap
between them measured along one direction: for a unit direction ``u``,
``gap(u) = u·(c_B − c_A) − h_A(u) − h_B(u)``, where ``c`` is a centre and ``h(u)`` how far
the shape reaches from its centre along ``u`` (an oval reaches as far along ``−u`` as along
``u``). The distance is the largest ``gap(u)`` over all directions, and every direction's gap
is at most the distance (a lower bound, so a search can only fall short of it, never past
it). Shapes that meet have no positive gap: the distance is 0.

For an ellipse with semi-axes ``a`` (across) and ``b`` (along its facing),
``h(u) = hypot(a·(u·e_a), b·(u·e_b))``, smooth in the angle of ``u``, so the search samples
:data:`SAMPLES` directions and refines every sampled peak by golden section to a
hundred-billionth of a degree.

>>> from geometry.ellipse import Ellipse
>>> round(gap_between(Ellipse(0.0, 0.0, 2.0, 1.0, 0.0), Ellipse(5.0, 0.0, 2.0, 1.0, 0.0)), 12)
3.0
>>> round(gap_between(Ellipse(0.0, 0.0, 2.0, 1.0, 0.0), Ellipse(0.0, 6.0, 2.0, 1.0, 90.0)), 12)
3.0
>>> gap_between(Ellipse(0.0, 0.0, 2.0, 1.0, 0.0), Ellipse(1.0, 1.0, 2.0, 1.0, 45.0))
0.0
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from geometry.ellipse import Ellipse

__all__ = ["gap_between"]

#: Directions sampled before the peaks are refined (a step of 0.7°).
SAMPLES = 512
#: Golden-section steps per peak: the bracket of two samples shrinks below 1e-12 radians.
STEPS = 64
_GOLDEN = (math.sqrt(5.0) - 1.0) / 2.0


def gap_between(a: Ellipse, b: Ellipse) -> float:
    """Closest-point distance between two ovals, inches; 0 where they meet.

    Never more than the true distance, and below it only by rounding (the peak's angle is
    found to 1e-12 radians, where the gap is flat).
    """
    dx, dy = b.x - a.x, b.y - a.y
    aux, auy, avx, avy = a.axes
    bux, buy, bvx, bvy = b.axes
    aw, al, bw, bl = a.half_width, a.half_length, b.half_width, b.half_length

    def gap(theta: float) -> float:
        c, s = math.cos(theta), math.sin(theta)
        return (c * dx + s * dy
                - math.hypot(aw * (c * aux + s * auy), al * (c * avx + s * avy))
                - math.hypot(bw * (c * bux + s * buy), bl * (c * bvx + s * bvy)))

    step = 2.0 * math.pi / SAMPLES
    theta = np.arange(SAMPLES, dtype=np.float64) * step
    c, s = np.cos(theta), np.sin(theta)
    gaps = (c * dx + s * dy
            - np.hypot(aw * (c * aux + s * auy), al * (c * avx + s * avy))
            - np.hypot(bw * (c * bux + s * buy), bl * (c * bvx + s * bvy)))
    peaks = np.flatnonzero((gaps >= np.roll(gaps, 1)) & (gaps >= np.roll(gaps, -1)))
    best = float(gaps.max())
    for k in peaks.tolist():
        best = max(best, _golden_peak(gap, k * step - step, k * step + step))
    return max(best, 0.0)


def _golden_peak(gap: Callable[[float], float], lo: float, hi: float) -> float:
    """The largest gap golden-section search finds between angles ``lo`` and ``hi``."""
    x1, x2 = hi - _GOLDEN * (hi - lo), lo + _GOLDEN * (hi - lo)
    f1, f2 = gap(x1), gap(x2)
    for _ in range(STEPS):
        if f1 < f2:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + _GOLDEN * (hi - lo)
            f2 = gap(x2)
        else:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - _GOLDEN * (hi - lo)
            f1 = gap(x1)
    return max(f1, f2)
