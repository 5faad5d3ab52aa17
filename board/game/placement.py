"""Where a new unit goes: its formation, in free table space nearest a point (pure, no Qt).

A Warhammer Fantasy unit is drawn up in ranks, bases touching; every other system's unit in a
loose group, bases an inch apart (inside 40K's 2" coherency; Epic stands 2.5 cm apart).
:func:`free_formation` tries the formation centred on the point first, then on points
spiralling out in half-inch steps, and takes the first that lies wholly on the table and
touches nothing already there (terrain footprints and models, given by their boxes).

>>> free_formation(3, 1.0, 1.0, (10.0, 10.0), (72.0, 48.0), ranked=True, per_rank=5)
[(9.0, 10.0), (10.0, 10.0), (11.0, 10.0)]
>>> spots = free_formation(1, 1.0, 1.0, (10.0, 10.0), (72.0, 48.0), [(9.0, 9.0, 11.0, 11.0)])
>>> spots  # an inch clear of what stands there
[(10.0, 12.5)]
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from geometry import CM_PER_INCH
from rules.words import counted

__all__ = ["Box", "free_formation", "formation_offsets", "NoRoomError", "LOOSE_GAP",
           "CLEARANCE", "STEP"]

XY = tuple[float, float]
#: ``(x0, y0, x1, y1)``, inches.
Box = tuple[float, float, float, float]

#: Space between the bases of a loose group, inches.
LOOSE_GAP = 1.0
#: Space kept between the new unit and anything already on the table, inches (a new unit
#: stands clear of buildings and other units: nobody takes it to be in contact).
CLEARANCE = 1.0
#: The search steps out from the wanted centre by this much, inches.
STEP = 0.5


class NoRoomError(ValueError):
    """No free room on the table for the formation."""


def formation_offsets(count: int, length: float, width: float, *, ranked: bool,
                      per_rank: int = 5) -> list[XY]:
    """Each model's centre relative to the formation's centre, front rank first.

    ``length`` (along the facing, up the table) and ``width`` (across) are a base's, inches.
    Ranked: bases touching, ``per_rank`` to a rank. Loose: :data:`LOOSE_GAP` between bases, as
    square a group as the count allows.
    """
    if count < 1 or length <= 0 or width <= 0 or per_rank < 1:
        raise ValueError(f"a formation needs at least one model, bases > 0 and at least one "
                         f"model a rank; got {count} models of {width:g}×{length:g} in, "
                         f"{per_rank} a rank")
    files = min(count, per_rank if ranked else math.ceil(math.sqrt(count)))
    ranks = math.ceil(count / files)
    gap = 0.0 if ranked else LOOSE_GAP
    dx, dy = width + gap, length + gap
    x0, y0 = -(files - 1) * dx / 2.0, -(ranks - 1) * dy / 2.0
    return [(x0 + (k % files) * dx, y0 + (k // files) * dy) for k in range(count)]


def _spiral(centre: XY, reach: float) -> Iterator[XY]:
    """``centre``, then rings of points :data:`STEP` apart, nearest first."""
    yield centre
    ring = 1
    while ring * STEP <= reach:
        r = ring * STEP
        points = max(8, int(2 * math.pi * ring))
        for k in range(points):
            a = 2 * math.pi * k / points
            yield (centre[0] + r * math.sin(a), centre[1] + r * math.cos(a))
        ring += 1


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def free_formation(count: int, length: float, width: float, centre: XY, table: XY,
                   blocked: Sequence[Box] = (), *, ranked: bool = False,
                   per_rank: int = 5, unit: str = "in", word: str = "model") -> list[XY]:
    """Return the models' centres: the formation nearest ``centre`` in free table space.

    ``table`` is ``(width, height)``, inches; ``blocked`` the boxes of what stands there.
    A :class:`NoRoomError` says the formation's size when it fits nowhere, in the board's
    ``unit`` (``"in"`` or ``"cm"``), counting the models as the system's ``word`` does.
    """
    offsets = formation_offsets(count, length, width, ranked=ranked, per_rank=per_rank)
    half_w = max(abs(x) for x, _ in offsets) + width / 2.0
    half_h = max(abs(y) for _, y in offsets) + length / 2.0
    cx = min(max(centre[0], half_w), table[0] - half_w)
    cy = min(max(centre[1], half_h), table[1] - half_h)
    for x, y in _spiral((cx, cy), max(table)):
        if x - half_w < -1e-9 or y - half_h < -1e-9 or x + half_w > table[0] + 1e-9 \
                or y + half_h > table[1] + 1e-9:
            continue
        box = (x - half_w - CLEARANCE, y - half_h - CLEARANCE, x + half_w + CLEARANCE,
               y + half_h + CLEARANCE)
        if not any(_overlaps(box, b) for b in blocked):
            return [(round(x + ox, 6), round(y + oy, 6)) for ox, oy in offsets]
    scale, mark = (CM_PER_INCH, "cm") if unit == "cm" else (1.0, "in")
    raise NoRoomError(f"no free room of {2 * half_w * scale:.1f}×{2 * half_h * scale:.1f} "
                      f"{mark} for {counted(count, word)} on the {table[0] * scale:g}×"
                      f"{table[1] * scale:g} {mark} table")
