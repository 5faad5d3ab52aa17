"""Leader lines that never cross a label's text: the last pass of the board's layout. No Qt.

A label moved away from what it labels is joined to its anchor by a leader line, drawn from
the anchor to the nearest point of the label's box. Placed one overlay after another, such a
line could run through another label ("Chaos B|kers"): the spot was clear, the way to it was
not. :func:`untangle` looks at every leader once all labels are placed; one that crosses a
label's text is moved to the nearest spot round its anchor (the same rings the layout tries)
that is clear of every box and from which the line crosses no text and no other leader; where
there is none, it stays (it was the best clear room).

>>> texts = [(40.0, 0.0, 60.0, 100.0)]  # a tall label between the anchor and its box
>>> crosses((0.0, 50.0), (100.0, 40.0, 140.0, 60.0), texts[0])
True
>>> crosses((0.0, 50.0), (-50.0, 40.0, -10.0, 60.0), texts[0])
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from board.game.core.label_layout import LEADER_AFTER, LabelBox, candidate_spots
from board.game.core.label_rects import meets
from board.game.core.label_room import clear_room

__all__ = ["Leader", "leader_end", "crosses", "untangle", "segment_boxes", "INSET", "ROOM_TRIES"]

Rect = tuple[float, float, float, float]
XY = tuple[float, float]

#: Clear rooms tried on the page for a label whose rings hold no spot (each found whose
#: line crosses text is set aside, with half a label's room round it, and the next tried).
ROOM_TRIES = 8

#: How far inside a box a line must reach to cross it, pixels (a line grazing a box's
#: rounded corner, where no letter is, does not count).
INSET = 1.0


@dataclass
class Leader:
    """A label as :func:`untangle` sees it: its box, anchor, what it was asked as, its line."""

    box: Rect
    at: XY
    asked: LabelBox
    leader: bool


def leader_end(at: XY, box: Rect) -> XY:
    """Where a leader from ``at`` meets ``box``: the box's nearest point."""
    return (min(max(at[0], box[0]), box[2]), min(max(at[1], box[1]), box[3]))


def _segment_meets(a: XY, b: XY, rect: Rect) -> bool:
    """Whether the segment ``a``–``b`` passes through the inside of ``rect`` (Liang–Barsky)."""
    if rect[0] >= rect[2] or rect[1] >= rect[3]:
        return False
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - rect[0]), (dx, rect[2] - a[0]),
                 (-dy, a[1] - rect[1]), (dy, rect[3] - a[1])):
        if p == 0.0:
            if q <= 0.0:
                return False
            continue
        t = q / p
        if p < 0.0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return False
    return True


def crosses(at: XY, box: Rect, other: Rect, inset: float = INSET) -> bool:
    """Whether the leader from ``at`` to ``box`` runs through ``other`` (``inset`` inside)."""
    inner = (other[0] + inset, other[1] + inset, other[2] - inset, other[3] - inset)
    return _segment_meets(at, leader_end(at, box), inner)


def _tangled(label: Leader, texts: Sequence[Rect]) -> bool:
    """Whether ``label``'s leader crosses one of ``texts`` (its own box aside)."""
    return label.leader and any(crosses(label.at, label.box, t) for t in texts
                                if t != label.box)


def untangle(labels: Sequence[Leader], fixed: Sequence[Rect], hard: Sequence[Rect],
             bounds: Rect, rings: int = 48) -> list[int]:
    """Move the labels whose leaders cross text (see the module); the ones moved, by index.

    ``labels`` are the overlays' labels shown, in the order placed (changed in place);
    ``fixed`` the board's labels shown (text that stays); ``hard`` what no label may cover
    (models, symbols); ``bounds`` the page. A label is moved only to a spot clear of all of
    those and of every other label, whose own line crosses no text, whose box no other
    leader crosses, on the page: round its anchor in the layout's rings, else in the
    nearest clear room on the page. When a tangled label has no such spot, the labels its
    line crosses are moved out of its way instead, if they have one.
    """
    moved: list[int] = []
    for k, label in enumerate(labels):
        if not _tangled(label, list(fixed) + [other.box for other in labels]):
            continue
        if _move(k, labels, fixed, hard, bounds, rings):
            moved.append(k)
            continue
        in_way = [j for j, other in enumerate(labels)
                  if j != k and label.leader and crosses(label.at, label.box, other.box)]
        moved += [j for j in in_way if _move(j, labels, fixed, hard, bounds, rings)]
    return sorted(set(moved))


def _move(k: int, labels: Sequence[Leader], fixed: Sequence[Rect], hard: Sequence[Rect],
          bounds: Rect, rings: int) -> bool:
    """Move label ``k`` to the nearest untangled clear spot, if any (see :func:`untangle`)."""
    label = labels[k]
    others = [other.box for j, other in enumerate(labels) if j != k]
    lines = [box for j, other in enumerate(labels) if j != k and other.leader
             for box in segment_boxes(other.at, leader_end(other.at, other.box))]
    blocked = list(hard) + list(fixed) + others + lines
    spots = [s for s in candidate_spots(label.asked, rings=rings)
             if bounds[0] <= s[0] and s[2] <= bounds[2] and bounds[1] <= s[1] and s[3] <= bounds[3]]
    hits = meets(spots, blocked) if spots else None
    clear = [not bool(row.any()) for row in hits] if hits is not None else []
    texts = list(fixed) + others
    for spot in (s for s, free in zip(spots, clear, strict=True) if free):
        if _gap(spot, label.at) <= LEADER_AFTER or not any(crosses(label.at, spot, t)
                                                          for t in texts):
            label.box, label.leader = spot, _gap(spot, label.at) > LEADER_AFTER
            return True
    for _ in range(ROOM_TRIES):  # the nearest clear room on the page whose line crosses nothing
        room = clear_room(label.asked.width, label.asked.height, label.at, blocked, bounds)
        if room is None:
            return False
        if not any(crosses(label.at, room, t) for t in texts):
            label.box, label.leader = room, _gap(room, label.at) > LEADER_AFTER
            return True
        width, height = label.asked.width, label.asked.height  # the next try a label away
        blocked.append((room[0] - width / 2, room[1] - height, room[2] + width / 2,
                        room[3] + height))
    return False


def segment_boxes(a: XY, b: XY, step: float = 6.0, pad: float = 2.0) -> list[Rect]:
    """Small boxes along the segment ``a``–``b`` that together cover it (grown by ``pad``).

    >>> segment_boxes((0.0, 0.0), (0.0, 10.0))
    [(-2.0, -2.0, 2.0, 7.0), (-2.0, 3.0, 2.0, 12.0)]
    """
    length = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5
    count = max(1, int(length // step) + (1 if length % step else 0))
    found = []
    for n in range(count):
        x0 = a[0] + (b[0] - a[0]) * n / count
        y0 = a[1] + (b[1] - a[1]) * n / count
        x1 = a[0] + (b[0] - a[0]) * (n + 1) / count
        y1 = a[1] + (b[1] - a[1]) * (n + 1) / count
        found.append((min(x0, x1) - pad, min(y0, y1) - pad, max(x0, x1) + pad,
                      max(y0, y1) + pad))
    return found


def _gap(rect: Rect, point: XY) -> float:
    x, y = point
    dx = max(rect[0] - x, 0.0, x - rect[2])
    dy = max(rect[1] - y, 0.0, y - rect[3])
    return float((dx * dx + dy * dy) ** 0.5)
