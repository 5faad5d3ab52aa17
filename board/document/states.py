"""A terrain piece's saved ``state``, checked against its type when the file is read.

``TerrainPiece.state`` holds the rules' own record of a building (hull points lost, the
garrison, the Epic damage capacity left…) as plain JSON values. A value of the wrong type
(``"hull_points_lost": "x"``) would otherwise be found only when the building is clicked or
shot; here it is refused with the file, naming the key. The state's type is the scenario's
rule system's: its folder declares it (:class:`~board.document.rule_systems.SavedState` in
its description, ``board/game/systems/<system>/description.py``), with the checks below.
A system whose description has no saved state has every state refused, never read as
another system's.

An empty state is always fine (a building nothing has happened to yet). A system loads its
rules with the first state that is not empty: a board of untouched buildings, the demo's,
reaches its first paint without them.

>>> from board.document.model import RuleSystem
>>> check_state({"hull_points_lost": 1}, RuleSystem.WH40K, "state")
>>> check_state({"hull_points_lost": "x"}, RuleSystem.WH40K, "state")
Traceback (most recent call last):
...
board.document.errors.ScenarioError: state.hull_points_lost: expected a whole number, got "x"
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from board.document.errors import ScenarioError
from board.document.fields import Fields, describe
from board.document.rule_systems import RuleSystem, description_of

__all__ = ["check_state", "MAX_COUNT", "Check", "count", "signed_count", "flag", "text",
           "optional_text", "texts", "optional_count", "member", "optional_number", "turn",
           "fields", "from_dataclass", "unchecked"]

#: The largest count a state may hold (hull points lost, shields down, a turn number…).
MAX_COUNT = 100_000

#: How one field of a state is checked: refuse ``f.data[key]`` naming ``f.at(key)``.
Check = Callable[[Fields, str], None]


def count(f: Fields, key: str) -> None:
    """A whole number from 0 to :data:`MAX_COUNT`."""
    f.integer(key, minimum=0, maximum=MAX_COUNT)


def signed_count(f: Fields, key: str) -> None:
    """A whole number within :data:`MAX_COUNT` either side of 0."""
    f.integer(key, minimum=-MAX_COUNT, maximum=MAX_COUNT)


def flag(f: Fields, key: str) -> None:
    """``true`` or ``false``."""
    f.flag(key)


def text(f: Fields, key: str) -> None:
    """A string, maybe empty."""
    f.text(key, non_empty=False)


def optional_text(f: Fields, key: str) -> None:
    """A string or ``null``."""
    if f.data[key] is not None:
        text(f, key)


def texts(f: Fields, key: str) -> None:
    """An array of strings."""
    for i, value in enumerate(f.items(key)):
        if not isinstance(value, str):
            raise ScenarioError(f"expected a string, got {describe(value)}", f.at(f"{key}[{i}]"))


def optional_count(f: Fields, key: str) -> None:
    """A whole number from 1, or ``null``."""
    f.optional_integer(key, minimum=1, maximum=MAX_COUNT)


def member(enum: type[Enum], optional: bool = False) -> Check:
    """One of ``enum``'s values (or ``null`` if ``optional``)."""
    def check(f: Fields, key: str) -> None:
        if optional and f.data[key] is None:
            return
        f.choice(key, enum)
    return check


def optional_number(f: Fields, key: str) -> None:
    """A finite number or ``null``."""
    f.optional_number(key, above=None)


def turn(f: Fields, key: str) -> None:
    """A player turn (``{"game_turn", "player", "seat"}``) or ``null``."""
    if f.data[key] is None:
        return
    fields(f.child(key), {"game_turn": count, "player": text, "seat": count},
           required=("game_turn", "player", "seat"))


def from_dataclass(cls: type, by_type: Mapping[str, Check]) -> dict[str, Check]:
    """Checks for a dataclass's fields; a type not listed is left to the rules' ``from_dict``."""
    return {field.name: by_type.get(str(field.type), unchecked)
            for field in dataclasses.fields(cls)}


def unchecked(f: Fields, key: str) -> None:
    """A field whose type only the rules' ``from_dict`` checks."""


def fields(f: Fields, checks: Mapping[str, Check], required: tuple[str, ...] = ()) -> None:
    """Refuse a key ``checks`` does not know, a ``required`` one missing, a wrong value."""
    f.refuse_unknown(checks)
    for key in required:
        f.raw(key)
    for key, check in checks.items():
        if key in f.data:
            check(f, key)


def check_state(state: Mapping[str, Any], system: RuleSystem, where: str) -> None:
    """Refuse a piece's saved ``state`` that the rules of ``system`` could not use.

    Parameters
    ----------
    state
        The piece's ``state`` as read from the file.
    system
        The scenario's rule system (it says which type the state is).
    where
        The JSON location of the state, named in the refusal.
    """
    if not state:
        return
    saved = description_of(system).state
    if saved is None:
        raise ScenarioError(f"no building state is known for {system.label}: a piece of it is "
                            "saved with an empty state", where)
    saved.check(Fields(dict(state), where))
    try:
        saved.read_back(state)
    except (ValueError, KeyError, TypeError) as error:
        raise ScenarioError(f"the {system.label} rules cannot read this building state: "
                            f"{error}", where) from None
