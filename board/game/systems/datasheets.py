"""A source of datasheets for an army import: each unit's bases per model and its smallest size.

A system's folder may name one (``<system>/roster.py``: ``ROSTER.datasheets``, a loader per
system name); the import asks it before the shipped base table. The loader runs at the first
import that needs it, never before (a board that imports no list pays nothing), and once.

A :class:`DatasheetMatch` says which datasheet a list's unit was matched to and how (by the
list's BattleScribe entry id, or by name), the base of each of its models by the datasheet's
own model names, and the smallest and largest number of models the datasheet allows.

>>> from board.document.model import Base
>>> match = DatasheetMatch("Intercessor Squad", "by BattleScribe id 8da0-4570-c3c-819f",
...                        {"intercessor": Base.round_mm(32)}, Base.round_mm(32), 5)
>>> match.base_for("Intercessors").label, match.base_for("Sergeant Ultima", alone=True).label
('32 mm', '32 mm')
>>> match.base_for("Gun Drone").label  # unnamed, but every model of the squad is on 32 mm
'32 mm'
>>> match.named_base("Gun Drone") is None
True
>>> DatasheetMatch("Rhino", "by name", {}, None, 1, hull=True).base_for("Rhino") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from board.document.model import Base
from board.document.roster.bases import normalise

__all__ = ["DatasheetMatch", "DatasheetSource", "load_once", "name_forms"]


def _singular(name: str) -> str:
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


#: An older edition's designation before a name: "XV88 ", "TX7 ", "MV71 ", "AX-5-2 ", "DX-4 ".
_DESIGNATION = re.compile(r"^[A-Z]{1,3}-?\d+(-\d+)*[A-Za-z]?\s+")
#: A note after a name: "(Heavy Weapon)", "[Legends]", "w/ Burst Cannon", "- Sergeant".
_NOTE = re.compile(r"\s*(\(.*?\)|\[.*?\]|\bw/.*|\s-\s.*)$")


def name_forms(name: str) -> list[str]:
    """The forms of a list's name tried against the datasheets, most literal first.

    >>> name_forms("XV88 Broadside Battlesuits")
    ['XV88 Broadside Battlesuits', 'Broadside Battlesuits', 'Broadside Battlesuit']
    >>> name_forms("Acolyte Hybrid (Heavy Weapon)")
    ['Acolyte Hybrid (Heavy Weapon)', 'Acolyte Hybrid', 'Acolyte Hybrids']
    >>> name_forms("Militarum Tempestus Scions")[-2:]
    ['Tempestus Scions', 'Tempestus Scion']
    """
    forms = [name.strip()]
    forms.append(_DESIGNATION.sub("", forms[-1]))
    forms.append(_NOTE.sub("", forms[-1]).strip())
    forms.append(_other_number(forms[-1]))
    words = forms[-2].split()
    for start in range(1, len(words) - 1):  # a faction's words before the datasheet's name
        rest = " ".join(words[start:])
        forms += [rest, _other_number(rest)]
    return [f for f in dict.fromkeys(forms) if f]


def _other_number(name: str) -> str:
    """``name`` in the other number (a trailing ``s`` taken off or put on)."""
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name + "s"


@dataclass(frozen=True)
class DatasheetMatch:
    """A list's unit matched to a datasheet: its name, how it matched, its bases, its size.

    ``bases`` maps a model's normalised name (the datasheet's) to its base; ``unit_base`` is
    the datasheet's own base, for a model the composition does not name; ``hull`` says the
    datasheet gives no base (the model is measured to its hull, whose size the shipped table
    gives); ``credit`` names the source as a player reads it; ``draft`` says the source marks
    the datasheet's base as a draft (its bases are then shown as unsure).
    """

    name: str
    how: str
    bases: dict[str, Base]
    unit_base: Base | None
    min_models: int | None
    hull: bool = False
    max_models: int | None = None
    credit: str = ""
    draft: bool = False

    def named_base(self, model_name: str) -> Base | None:
        """The base of the composition's model called ``model_name``, if it names one.

        Any of the name's :func:`name_forms` is tried.
        """
        for form in name_forms(model_name):
            base = self.bases.get(normalise(form))
            if base is not None:
                return base
        return None

    def base_for(self, model_name: str, *, alone: bool = False) -> Base | None:
        """The base of the model called ``model_name``, if the datasheet says.

        The composition's model of that name; else the datasheet's base when all its models
        share one or the model is the unit's only kind (``alone``). ``None``: a hull, or models
        on different bases none of which is this one.
        """
        base = self.named_base(model_name)
        if base is not None or self.hull:
            return base
        kinds = set(self.bases.values()) or ({self.unit_base} if self.unit_base else set())
        if len(kinds) == 1:
            return next(iter(kinds))
        return self.unit_base if alone else None


class DatasheetSource(Protocol):
    """What the import asks a datasheet source."""

    credit: str

    def match(self, entry_id: str, names: Iterable[str]) -> DatasheetMatch | None:
        """The datasheet for a list's unit: by ``entry_id`` first, then by ``names``."""

    def model(self, name: str) -> DatasheetMatch | None:
        """A model's base by its name in any datasheet's composition (one base for it)."""


def load_once(loader: Callable[[], DatasheetSource | None]) -> Callable[[], DatasheetSource | None]:
    """``loader`` run at the first call only (the source is kept for the program's life)."""
    return cache(loader)
