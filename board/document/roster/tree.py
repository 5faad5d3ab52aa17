"""A roster tree checked field by field before it is walked: every wrong type refused with its path.

New Recruit writes JSON, and a ``.ros`` is turned into the same tree of dicts and lists
(:mod:`board.document.roster.read`), so one check serves both: the lists the walker reads
(``forces``, ``selections``, ``categories``, ``profiles``, ``characteristics``, ``costs``) must be
lists of objects, the names and ids text, a characteristic's or cost's value text or a number.
After :func:`check_tree` the walker can read the tree without asking again.

>>> check_tree({"forces": [{"selections": [{"name": "Boyz", "number": 10}]}]})
>>> check_tree({"forces": [{"selections": [{"name": ["Boyz"]}]}]})
Traceback (most recent call last):
...
board.document.errors.ScenarioError: forces[0].selections[0].name: must be text, got a list \
(['Boyz'])
"""

from __future__ import annotations

from typing import Any

from board.document.roster.fields import items, text, value_text

__all__ = ["check_tree", "LISTS", "TEXTS"]

#: The lists of a roster tree, each a list of objects.
LISTS = ("forces", "categories", "selections", "profiles", "characteristics", "costs")
#: The fields read as text wherever they appear.
TEXTS = ("id", "name", "customName", "entryId", "type", "typeName", "catalogueName",
         "gameSystemName", "gameSystemId", "catalogueId")
#: The fields read as text or a number.
_VALUES = ("$text", "value")


def check_tree(tree: dict[str, Any], where: str = "") -> None:
    """Refuse (:class:`~board.document.errors.ScenarioError`) a field of the wrong type."""
    stack: list[tuple[dict[str, Any], str]] = [(tree, where)]
    while stack:
        node, at = stack.pop()
        for key in TEXTS:
            text(node, key, at)
        for key in _VALUES:
            value_text(node, key, at)
        for key in LISTS:
            prefix = f"{at}.{key}" if at else key
            stack.extend((child, f"{prefix}[{k}]")
                         for k, child in enumerate(items(node, key, at or "roster")))
