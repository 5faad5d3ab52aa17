"""The error of an edit the document refuses (its own module: the edit modules all raise it)."""

from __future__ import annotations

__all__ = ["EditError"]


class EditError(ValueError):
    """An edit the document refuses, with the reason a player reads."""
