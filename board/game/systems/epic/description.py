"""Epic 40,000 as the document knows it (registered at start-up).

Its name, label and centimetres, the profile the unit editor offers, the stats its rules
read, and how a saved building state is checked when a file is read: a
:class:`rules.epic40k.BuildingState` as its ``to_dict`` writes it. The rules are loaded with
the first state that is not empty.
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

__all__ = ["DESCRIPTIONS", "EPIC40K"]


@functools.cache
def _checks() -> dict[str, st.Check]:
    """The checks of a building's state, built with the first state (start-up time)."""
    from rules import epic40k

    return {
        "system": st.text, "size": st.member(epic40k.SizeClass),
        "damage_capacity": st.signed_count, "condition": st.member(epic40k.Condition),
        "on_fire": st.flag, "assault_factor": st.optional_count, "armour": st.optional_count,
    }


def _check(f: Fields) -> None:
    st.fields(f, _checks(), required=("size",))


def _read_back(state: Mapping[str, Any]) -> None:
    from rules import epic40k  # loaded with the first state (see :func:`_checks`)

    epic40k.BuildingState.from_dict(state)


DESCRIPTIONS = (SystemDescription(
    "epic40k", "Epic 40,000", "Epic", DistanceUnit.CM,
    tuple(ProfileField(*f) for f in (("Move (cm)", "movement", 10),
                                      ("Save/armour", "armour", 4),
                                      ("Close assault factor", "assault_factor", 2),
                                      ("Firepower", "firepower", 1))),
    ("movement", "height", "armour", "assault_factor", "firepower", "assault_factors",
     "psyker", "psykers", "close_combat_weapon", "blast_markers"),
    SavedState(_check, _read_back)),)
(EPIC40K,) = (d.system for d in DESCRIPTIONS)
