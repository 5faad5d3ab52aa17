"""The words the board writes with, for the view: counts, verbs, possessives, "model"/"stand".

The rules' own (:mod:`rules.words`) and each system's facts, handed to the view (which
reaches the rules through ``board.game`` only) without loading them at import: the rules
package and the systems' facts (which load the geometry) are imported when a word is first
asked for, after the window's first paint (tests/board/test_launch.py).

>>> counted(1, "door"), says("Black Orcs", "flees", "flee"), possessive("Black Orcs")
('1 door', 'flee', "Black Orcs'")
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from board.document.model import RuleSystem

__all__ = ["counted", "possessive", "says", "member_word"]


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and its noun, agreeing (:func:`rules.words.counted`)."""
    from rules.words import counted as rules_counted

    return rules_counted(count, singular, plural)


def says(name: str, singular_form: str, plural_form: str) -> str:
    """The verb form that agrees with ``name`` (:func:`rules.words.says`)."""
    from rules.words import says as rules_says

    return rules_says(name, singular_form, plural_form)


def possessive(name: str) -> str:
    """``name``'s possessive (:func:`rules.words.possessive`)."""
    from rules.words import possessive as rules_possessive

    return rules_possessive(name)


def member_word(system: RuleSystem) -> str:
    """What the players of ``system`` call one of a unit's models.

    >>> from board.document.model import RuleSystem
    >>> member_word(RuleSystem.EPIC40K), member_word(RuleSystem.WH40K)
    ('stand', 'model')
    """
    from board.game.systems.facts import facts_for

    return facts_for(system).member_word
