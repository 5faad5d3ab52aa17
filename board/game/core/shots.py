"""What a shot from the board gives back, in any rule system (no Qt)."""

from __future__ import annotations

from dataclasses import dataclass, field

from board.document.changes import Change
from rules import wh40k

__all__ = ["ShootingError", "ShotResult"]


class ShootingError(ValueError):
    """A shot the rules or the board refuse (the message says why, with the numbers)."""


@dataclass
class ShotResult:
    """What a shot did: the change to push, the lines to show, the rules' outcome.

    ``hits`` are the 40K rules' outcomes, one per hit (empty in Epic 40,000).
    """

    change: Change
    lines: list[str]
    facing: str
    hits: list[wh40k.HitOutcome] = field(default_factory=list)
