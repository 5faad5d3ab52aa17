"""Warhammer Fantasy as the document knows it (registered at start-up).

Its name, label and inches, the profile the unit editor offers, the stats its rules read, and
how a saved building state is checked when a file is read: ``{"garrison": null | GARRISON}``
(:class:`rules.warhammer_fantasy.GarrisonState`). The rules are loaded with the first state
that is not empty.
"""

from __future__ import annotations

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

__all__ = ["DESCRIPTIONS", "WARHAMMER_FANTASY"]

_GARRISON: dict[str, st.Check] = {"unit": st.text, "side": st.text, "entered_turn": st.count,
                                  "characters": st.texts}


def _garrison(f: Fields, key: str) -> None:
    if f.data[key] is not None:
        st.fields(f.child(key), _GARRISON, required=("unit", "side", "entered_turn"))


def _check(f: Fields) -> None:
    st.fields(f, {"garrison": _garrison})


def _read_back(state: Mapping[str, Any]) -> None:
    from rules import warhammer_fantasy  # loaded with the first state, not at start-up

    garrison = state.get("garrison")
    if garrison:
        warhammer_fantasy.GarrisonState.from_dict(garrison)


DESCRIPTIONS = (SystemDescription(
    "warhammer_fantasy", "Warhammer Fantasy (Warhammer Armies Project)", "Fantasy",
    DistanceUnit.INCH,
    tuple(ProfileField(*f) for f in (("M", "movement", 4), ("WS", "ws", 3), ("BS", "bs", 3),
                                      ("S", "s", 3), ("T", "t", 3), ("W", "w", 1),
                                      ("I", "i", 3), ("A", "a", 1), ("Ld", "leadership", 7),
                                      ("Armour save", "save", 6),
                                      ("Unit strength", "unit_strength", 1),
                                      ("Ranks of", "ranks", 5))),
    ("movement", "ws", "bs", "s", "t", "w", "i", "a", "leadership", "save", "stomps", "ward",
     "unit_strength", "musician", "champion", "standard", "ranks", "missile", "line_of_sight",
     "marched", "reformed", "frenzy"),
    SavedState(_check, _read_back), building_floors=True),)
(WARHAMMER_FANTASY,) = (d.system for d in DESCRIPTIONS)
