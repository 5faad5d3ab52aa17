"""Decisions: a yes or no with the reason a player reads."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Decision"]


@dataclass(frozen=True)
class Decision:
    """Whether something is allowed, and why, in words with the numbers.

    >>> d = Decision.no("cannot embark: building holds 20 models, unit has 22")
    >>> bool(d), d.reason
    (False, 'cannot embark: building holds 20 models, unit has 22')
    """

    allowed: bool
    reason: str

    def __bool__(self) -> bool:
        return self.allowed

    @classmethod
    def yes(cls, reason: str = "") -> Decision:
        """An allowed decision."""
        return cls(True, reason)

    @classmethod
    def no(cls, reason: str) -> Decision:
        """A refusal; ``reason`` says why."""
        return cls(False, reason)
