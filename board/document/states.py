"""A terrain piece's saved ``state``, checked against its type when the file is read.

``TerrainPiece.state`` holds the rules' own record of a building (hull points lost, the
garrison, the Epic damage capacity left…) as plain JSON values. A value of the wrong type
(``"hull_points_lost": "x"``) would otherwise be found only when the building is clicked or
shot; here it is refused with the file, naming the key. The state's type depends on the
scenario's rule system:

- Warhammer 40,000 and Horus Heresy: :class:`rules.wh40k.BuildingState` (its fields read from
  the dataclass, so a field added there is checked here too) and its effects;
- Epic 40,000: :class:`rules.epic40k.BuildingState` as its ``to_dict`` writes it;
- Warhammer Fantasy: ``{"garrison": null | GARRISON}``
  (:class:`rules.warhammer_fantasy.GarrisonState`).

An empty state is always fine (a building nothing has happened to yet). The rules are loaded
with the first state that is not empty (:func:`_tables`): a board of untouched buildings, the
demo's, reaches its first paint without them.

>>> from board.document.model import RuleSystem
>>> check_state({"hull_points_lost": 1}, RuleSystem.WH40K, "state")
>>> check_state({"hull_points_lost": "x"}, RuleSystem.WH40K, "state")
Traceback (most recent call last):
...
board.document.errors.ScenarioError: state.hull_points_lost: expected a whole number, got "x"
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from board.document.errors import ScenarioError
from board.document.fields import Fields, describe
from board.document.model import RuleSystem

__all__ = ["check_state", "MAX_COUNT", "STATE_TYPES"]

#: The largest count a state may hold (hull points lost, shields down, a turn number…).
MAX_COUNT = 100_000

Check = Callable[[Fields, str], None]


def _count(f: Fields, key: str) -> None:
    f.integer(key, minimum=0, maximum=MAX_COUNT)


def _signed_count(f: Fields, key: str) -> None:
    f.integer(key, minimum=-MAX_COUNT, maximum=MAX_COUNT)


def _flag(f: Fields, key: str) -> None:
    f.flag(key)


def _text(f: Fields, key: str) -> None:
    f.text(key, non_empty=False)


def _optional_text(f: Fields, key: str) -> None:
    if f.data[key] is not None:
        _text(f, key)


def _texts(f: Fields, key: str) -> None:
    for i, value in enumerate(f.items(key)):
        if not isinstance(value, str):
            raise ScenarioError(f"expected a string, got {describe(value)}", f.at(f"{key}[{i}]"))


def _optional_count(f: Fields, key: str) -> None:
    f.optional_integer(key, minimum=1, maximum=MAX_COUNT)


def _member(enum: type[Enum], optional: bool = False) -> Check:
    def check(f: Fields, key: str) -> None:
        if optional and f.data[key] is None:
            return
        f.choice(key, enum)
    return check


def _optional_number(f: Fields, key: str) -> None:
    f.optional_number(key, above=None)


def _turn(f: Fields, key: str) -> None:
    if f.data[key] is None:
        return
    turn = f.child(key)
    _fields(turn, {"game_turn": _count, "player": _text, "seat": _count},
            required=("game_turn", "player", "seat"))


def _effects(f: Fields, key: str) -> None:
    for effect in f.children(key):
        _fields(effect, _tables().effect, required=("kind", "source"))


def _from_dataclass(cls: type, by_type: Mapping[str, Check]) -> dict[str, Check]:
    """Checks for a dataclass's fields; a type not listed is left to the rules' ``from_dict``."""
    return {field.name: by_type.get(str(field.type), _unchecked)
            for field in dataclasses.fields(cls)}


def _unchecked(f: Fields, key: str) -> None:
    """A field whose type only the rules' ``from_dict`` checks."""


@dataclasses.dataclass(frozen=True)
class _Tables:
    """The checks read from the rules' own types: 40K state and effect, Epic state."""

    wh40k: dict[str, Check]
    effect: dict[str, Check]
    epic: dict[str, Check]


@functools.cache
def _tables() -> _Tables:
    """The checks, built once, when the first state that is not empty is read.

    The rules are imported here for start-up time, not to break a cycle: a board whose
    buildings have no state (the demo's) is painted without loading them.
    """
    from rules import epic40k, wh40k
    from rules.wh40k.tables import Affected, BuildingCondition, DamageResult

    by_type: dict[str, Check] = {  # how each annotation of the 40K dataclasses is checked
        "int": _count, "bool": _flag, "str": _text, "str | None": _optional_text,
        "list[str]": _texts, "tuple[str, ...]": _texts, "float | None": _optional_number,
        "BuildingCondition": _member(BuildingCondition),
        "DamageResult": _member(DamageResult),
        "DamageResult | None": _member(DamageResult, True),
        "Affected | None": _member(Affected, True), "PlayerTurn | None": _turn,
        "list[Effect]": _effects,
    }
    epic: dict[str, Check] = {
        "system": _text, "size": _member(epic40k.SizeClass),
        "damage_capacity": _signed_count, "condition": _member(epic40k.Condition),
        "on_fire": _flag, "assault_factor": _optional_count, "armour": _optional_count,
    }
    return _Tables(_from_dataclass(wh40k.BuildingState, by_type),
                   _from_dataclass(wh40k.Effect, by_type), epic)


_GARRISON: dict[str, Check] = {"unit": _text, "side": _text, "entered_turn": _count,
                               "characters": _texts}


def _garrison(f: Fields, key: str) -> None:
    if f.data[key] is not None:
        _fields(f.child(key), _GARRISON, required=("unit", "side", "entered_turn"))


def _fields(f: Fields, checks: Mapping[str, Check], required: tuple[str, ...] = ()) -> None:
    f.refuse_unknown(checks)
    for key in required:
        f.raw(key)
    for key, check in checks.items():
        if key in f.data:
            check(f, key)


def _read_40k(state: Mapping[str, Any]) -> None:
    from rules import wh40k  # loaded with the first state (see :func:`_tables`)

    wh40k.BuildingState.from_dict(state)


def _read_epic(state: Mapping[str, Any]) -> None:
    from rules import epic40k

    epic40k.BuildingState.from_dict(state)


def _read_fantasy(state: Mapping[str, Any]) -> None:
    from rules import warhammer_fantasy

    garrison = state.get("garrison")
    if garrison:
        warhammer_fantasy.GarrisonState.from_dict(garrison)


def _check_40k(f: Fields) -> None:
    _fields(f, _tables().wh40k)


def _check_epic(f: Fields) -> None:
    _fields(f, _tables().epic, required=("size",))


def _check_fantasy(f: Fields) -> None:
    _fields(f, {"garrison": _garrison})


#: Each system's saved building state: its fields' checks, then the rules' own reading (the
#: last word on what it means). Every system is named: a system missing here has its states
#: refused with a message, never read as another system's.
STATE_TYPES: dict[RuleSystem, tuple[Callable[[Fields], None],
                                    Callable[[Mapping[str, Any]], None]]] = {
    RuleSystem.WH40K: (_check_40k, _read_40k),
    RuleSystem.HORUS_HERESY: (_check_40k, _read_40k),
    RuleSystem.EPIC40K: (_check_epic, _read_epic),
    RuleSystem.WARHAMMER_FANTASY: (_check_fantasy, _read_fantasy),
}


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
    if system not in STATE_TYPES:
        raise ScenarioError(f"no building state is known for {system.label}: a piece of it is "
                            "saved with an empty state", where)
    check, read_back = STATE_TYPES[system]
    check(Fields(dict(state), where))
    try:
        read_back(state)
    except (ValueError, KeyError, TypeError) as error:
        raise ScenarioError(f"the {system.label} rules cannot read this building state: "
                            f"{error}", where) from None
