"""Where a group of models or pieces goes: formations, drag offsets, turns (pure arithmetic).

The document's edit API (:mod:`board.document.edits`) re-exports these for its callers.
"""

from __future__ import annotations

from collections.abc import Mapping

from board.document.edit_error import EditError
from geometry.plane import rotate_point

__all__ = ["offset_positions", "formation_positions", "turn_placements", "snapped_offset"]

Point = tuple[float, float]
Placement = tuple[float, float, float]


def offset_positions(positions: Mapping[str, Point], dx: float, dy: float) -> dict[str, Point]:
    """Every position moved by ``(dx, dy)``: a dragged group keeps its formation.

    >>> offset_positions({"a": (1.0, 2.0), "b": (3.0, 2.5)}, 0.5, -1.0)
    {'a': (1.5, 1.0), 'b': (3.5, 1.5)}
    """
    return {key: (x + dx, y + dy) for key, (x, y) in positions.items()}


def formation_positions(
    count: int, spacing: float, centre: Point, per_rank: int = 5
) -> list[Point]:
    """Place ``count`` models in ranks of ``per_rank``, ``spacing`` apart.

    The formation is centred on ``centre``; the first rank is the one furthest up the table.

    >>> formation_positions(3, 1.5, (10.0, 10.0))
    [(8.5, 10.0), (10.0, 10.0), (11.5, 10.0)]
    >>> formation_positions(0, 1.0, (0.0, 0.0))
    []
    """
    if count < 0 or spacing <= 0 or per_rank < 1:
        raise EditError(
            f"formation needs count >= 0, spacing > 0, per_rank >= 1; got "
            f"{count}, {spacing}, {per_rank}"
        )
    files = min(count, per_rank)
    ranks = -(-count // per_rank) if count else 0
    x0 = centre[0] - (files - 1) * spacing / 2
    y0 = centre[1] - (ranks - 1) * spacing / 2
    return [(x0 + (i % per_rank) * spacing, y0 + (i // per_rank) * spacing) for i in range(count)]


def turn_placements(
    placements: Mapping[str, Placement], groups: Mapping[str, str], degrees: float
) -> dict[str, Placement]:
    """Turn pieces ``degrees`` clockwise, each group about the mean of its pieces' origins.

    ``groups`` gives each piece's group (a multi-part building turns as one; a lone piece is
    its own group and turns in place).

    >>> turn_placements({"a": (10.0, 10.0, 0.0)}, {"a": "a"}, 90.0)
    {'a': (10.0, 10.0, 90.0)}
    >>> turned = turn_placements({"l": (0.0, 0.0, 0.0), "r": (4.0, 0.0, 0.0)},
    ...                          {"l": "g", "r": "g"}, 90.0)
    >>> {k: tuple(round(v, 9) for v in p) for k, p in turned.items()}
    {'l': (2.0, -2.0, 90.0), 'r': (2.0, 2.0, 90.0)}
    """
    members: dict[str, list[str]] = {}
    for piece_id in placements:
        members.setdefault(groups.get(piece_id, piece_id), []).append(piece_id)
    turned: dict[str, Placement] = {}
    for ids in members.values():
        cx = sum(placements[i][0] for i in ids) / len(ids)
        cy = sum(placements[i][1] for i in ids) / len(ids)
        for i in ids:
            x, y, rotation = placements[i]
            rx, ry = rotate_point((x - cx, y - cy), degrees)  # the program's one rotation
            turned[i] = (cx + rx, cy + ry, (rotation + degrees) % 360.0)
    return turned


def snapped_offset(anchor: Point, dx: float, dy: float, step: float) -> Point:
    """Return the drag offset that lands ``anchor`` on the nearest multiple of ``step`` inches.

    The rest of a dragged group moves by the same offset, so its formation is kept. A
    ``step`` of 0 (or less) means no snapping.

    >>> snapped_offset((10.2, 5.0), 1.1, -0.3, 0.5)
    (1.3, -0.5)
    >>> snapped_offset((10.2, 5.0), 1.1, -0.3, 0.0)
    (1.1, -0.3)
    """
    if step <= 0:
        return dx, dy
    x = round((anchor[0] + dx) / step) * step
    y = round((anchor[1] + dy) / step) * step
    return round(x - anchor[0], 9), round(y - anchor[1], 9)
