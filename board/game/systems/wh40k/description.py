"""Warhammer 40,000 and the Horus Heresy as the document knows them (registered at start-up).

Their names, labels and inches, the profile the unit editor offers, the stats their rules
read, and how a saved building state is checked when a file is read: a
:class:`rules.wh40k.BuildingState` (its fields read from the dataclass, so a field added
there is checked here too) and its effects. The rules are loaded with the first state that is
not empty (:func:`_checks`): a board of untouched buildings reaches its first paint without
them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from board.document import states as st
from board.document.fields import Fields
from board.document.rule_systems import (
    DistanceUnit,
    ProfileField,
    SavedState,
    SystemDescription,
)

__all__ = ["DESCRIPTIONS", "WH40K", "HORUS_HERESY"]


@functools.cache
def _checks() -> tuple[dict[str, st.Check], dict[str, st.Check]]:
    """The checks of a building's state and of one effect, built with the first state.

    The rules are imported here for start-up time, not to break a cycle.
    """
    from rules import wh40k
    from rules.wh40k.tables import Affected, BuildingCondition, DamageResult

    by_type: dict[str, st.Check] = {  # how each annotation of the 40K dataclasses is checked
        "int": st.count, "bool": st.flag, "str": st.text, "str | None": st.optional_text,
        "list[str]": st.texts, "tuple[str, ...]": st.texts,
        "float | None": st.optional_number,
        "BuildingCondition": st.member(BuildingCondition),
        "DamageResult": st.member(DamageResult),
        "DamageResult | None": st.member(DamageResult, True),
        "Affected | None": st.member(Affected, True), "PlayerTurn | None": st.turn,
        "list[Effect]": _effects,
    }
    return (st.from_dataclass(wh40k.BuildingState, by_type),
            st.from_dataclass(wh40k.Effect, by_type))


def _effects(f: Fields, key: str) -> None:
    for effect in f.children(key):
        st.fields(effect, _checks()[1], required=("kind", "source"))


def _check(f: Fields) -> None:
    st.fields(f, _checks()[0])


def _read_back(state: Mapping[str, Any]) -> None:
    from rules import wh40k  # loaded with the first state (see :func:`_checks`)

    wh40k.BuildingState.from_dict(state)


_PROFILE = tuple(ProfileField(*f) for f in (
    ("WS", "ws", 4), ("BS", "bs", 4), ("S", "s", 4), ("T", "toughness", 4), ("W", "wounds", 1),
    ("I", "i", 4), ("A", "a", 1), ("Ld", "leadership", 8), ("Sv", "save", 3)))
_STATS = ("ws", "bs", "s", "toughness", "wounds", "i", "a", "leadership", "save",
          "invulnerable", "height", "armour", "difficult_terrain_on", "difficult_terrain_move",
          "escape_hatch_on", "oc", "objective_secured")
_STATE = SavedState(_check, _read_back)

#: The Horus Heresy is 40K with its own building damage table: one folder, two systems.
DESCRIPTIONS = (
    SystemDescription("wh40k", "Warhammer 40,000", "40K", DistanceUnit.INCH, _PROFILE, _STATS,
                      _STATE),
    SystemDescription("horus_heresy", "Horus Heresy", "HH", DistanceUnit.INCH, _PROFILE,
                      _STATS, _STATE),
)
WH40K, HORUS_HERESY = (d.system for d in DESCRIPTIONS)
