"""A count of the changes that can move what an overlay's labels keep off, for its cache.

An overlay laying out its labels at rest reads every model, symbol and label near them
(:func:`board.view.items.obstacles.label_obstacles`: some 18 ms on a board of 1,000 models).
What it read is kept (:class:`board.view.items.obstacles.ObstacleCache`) until this count
moves. It moves on every edit of the document, every move of a drag, every label whose
text, place or form on the board alone changes, every overlay's labels painted elsewhere,
and every model or building moved without an edit (another player's drag shown live).
Counted for every board at once: a change on one board only costs another a new reading.
"""

from __future__ import annotations

__all__ = ["board_changed", "changes"]

_count = [0]


def board_changed() -> None:
    """Something an overlay's labels keep off may have changed: read them again."""
    _count[0] += 1


def changes() -> int:
    """How many times :func:`board_changed` was called."""
    return _count[0]
