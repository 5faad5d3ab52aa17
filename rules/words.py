"""Counts in words as a player reads them: ``1 model``, ``2 models``, ``1 die``, ``3 dice``.

>>> counted(1, "model"), counted(2, "model"), counted(0, "model")
('1 model', '2 models', '0 models')
>>> counted(1, "die", "dice"), counted(4, "die", "dice"), counted(1_500, "model")
('1 die', '4 dice', '1,500 models')
>>> noun(1, "unit"), noun(3, "unit"), verb(1, "hit", "hits"), verb(2, "hit", "hits")
('unit', 'units', 'hits', 'hit')
"""

from __future__ import annotations

__all__ = ["counted", "noun", "verb"]

#: Plurals that are not the word and an ``s``.
IRREGULAR = {"die": "dice", "casualty": "casualties", "inch": "inches", "is": "are",
             "was": "were", "has": "have"}


def noun(count: int, singular: str, plural: str | None = None) -> str:
    """``singular`` for one, else ``plural`` (the word and an ``s`` when not given)."""
    if count == 1:
        return singular
    return plural or IRREGULAR.get(singular, singular + "s")


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """The count and its noun: ``1 model``, ``2 models`` (thousands separated by commas)."""
    return f"{count:,} {noun(count, singular, plural)}"


def verb(count: int, plural_form: str, singular_form: str) -> str:
    """The verb agreeing with ``count`` things: ``1 die hits``, ``2 dice hit``."""
    return singular_form if count == 1 else plural_form
