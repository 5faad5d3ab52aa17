"""Counts in words as a player reads them: ``1 model``, ``2 models``, ``1 die``, ``3 dice``.

>>> counted(1, "model"), counted(2, "model"), counted(0, "model")
('1 model', '2 models', '0 models')
>>> counted(1, "die", "dice"), counted(4, "die", "dice"), counted(1_500, "model")
('1 die', '4 dice', '1,500 models')
>>> noun(1, "unit"), noun(3, "unit"), verb(1, "hit", "hits"), verb(2, "hit", "hits")
('unit', 'units', 'hits', 'hit')

A unit's or a side's name takes the verb its last noun asks for: ``Black Orcs withdraw``,
``Spearmen have``, ``Tactical Squad withdraws``, ``Chaos Space Marines of Khor deploy``.

>>> [says(name, "withdraws", "withdraw") for name in ("Black Orcs", "Spearmen", "Orc Boyz",
...  "Tactical Squad", "Chaos Space Marines of Khor", "Great Cannon", "Lord of Chaos")]
['withdraw', 'withdraw', 'withdraw', 'withdraws', 'withdraw', 'withdraws', 'withdraws']
"""

from __future__ import annotations

__all__ = ["counted", "noun", "verb", "plural_name", "says", "possessive"]

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


#: Last words that end like a plural and are not one.
SINGULAR_ENDINGS = ("ss", "us", "is", "chaos", "khorne", "nurgle")


def plural_name(name: str) -> bool:
    """Whether a unit's or a side's name is plural: its head noun (before "of") is.

    ``Black Orcs``, ``Spearmen``, ``Orc Boyz`` are; ``Tactical Squad``, ``Lord of Chaos`` not.
    """
    head = name.split(" of ")[0].split(" (")[0].split()
    if not head:
        return False
    last = head[-1].lower().rstrip(".,;:!?")
    if last.endswith(SINGULAR_ENDINGS):
        return False
    return last.endswith(("s", "men", "z")) or last in {"gretchin", "folk", "people"}


def says(name: str, singular_form: str, plural_form: str) -> str:
    """The verb agreeing with ``name``: ``says("Black Orcs", "is", "are")`` is ``are``."""
    return plural_form if plural_name(name) else singular_form


def possessive(name: str) -> str:
    """``name``'s, with the apostrophe alone after a final s.

    >>> possessive("Black Orcs"), possessive("Orc Boyz"), possessive("Spearmen")
    ("Black Orcs'", "Orc Boyz's", "Spearmen's")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"
