r"""A roster's fields read strictly: text where text belongs, lists where lists belong.

A list comes from someone else's machine (a club's shared folder, a forum post), so a field of
the wrong type is refused with its path and what it holds, never read as something else: an
object where a name belongs would otherwise stand on the board as ``{'$t': 1}``. Names lose the
bidirectional controls (U+202A-202E, U+2066-2069) and other control characters that could make
one name show as another in a shared game's log.

>>> text({"name": "Tactical\u202e Squad"}, "name", "forces[0]")
'Tactical Squad'
>>> text({"name": {"$t": 1}}, "name", "forces[0]")
Traceback (most recent call last):
...
board.document.errors.ScenarioError: forces[0].name: must be text, got an object ({'$t': 1})
>>> items({"selections": {"id": "x"}}, "selections", "f")
Traceback (most recent call last):
...
board.document.errors.ScenarioError: f.selections: must be a list, got an object ({'id': 'x'})
"""

from __future__ import annotations

import re
from typing import Any

from board.document.errors import ScenarioError

__all__ = ["clean", "text", "items", "value_text", "CONTROLS"]

#: The characters taken out of names: bidirectional embeddings, overrides and isolates, and the
#: C0 and C1 controls (a tab or a line break in a name is shown as a space).
CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\x00-\x1f\x7f-\x9f]")
_KINDS = {dict: "an object", list: "a list", str: "text", bool: "true or false",
          int: "a number", float: "a number"}


def _kind(value: object) -> str:
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return f"{_KINDS.get(type(value), type(value).__name__)} ({shown})"


def clean(name: str) -> str:
    r"""``name`` without bidirectional or other control characters, spaces collapsed.

    >>> clean("Ann\u2066\u202eLarry\u2069  the\tBold")
    'AnnLarry the Bold'
    """
    return " ".join(CONTROLS.sub(lambda m: " " if m.group() in "\t\n\r" else "", name).split())


def text(node: dict[str, Any], key: str, where: str) -> str:
    """The text at ``node[key]`` (``""`` when absent or null), cleaned; refuse anything else."""
    value = node.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ScenarioError(f"must be text, got {_kind(value)}", f"{where}.{key}")
    return clean(value)


def value_text(node: dict[str, Any], key: str, where: str) -> str:
    """A characteristic's or cost's value: text or a number, as text; refuse a list or object."""
    value = node.get(key)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise ScenarioError(f"must be text or a number, got {_kind(value)}", f"{where}.{key}")
    return clean(str(value))


def items(node: dict[str, Any], key: str, where: str) -> list[dict[str, Any]]:
    """The objects listed at ``node[key]`` (none when absent or null); refuse anything else."""
    value = node.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScenarioError(f"must be a list, got {_kind(value)}", f"{where}.{key}")
    for k, item in enumerate(value):
        if not isinstance(item, dict):
            raise ScenarioError(f"must be an object, got {_kind(item)}", f"{where}.{key}[{k}]")
    return value
