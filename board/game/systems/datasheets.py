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
>>> match.base_for("Intercessors").label, match.base_for("Sergeant Ultima").label
('32 mm', '32 mm')
>>> DatasheetMatch("Rhino", "by name", {}, None, 1, hull=True).base_for("Rhino") is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from board.document.model import Base
from board.document.roster.bases import normalise

__all__ = ["DatasheetMatch", "DatasheetSource", "load_once"]


def _singular(name: str) -> str:
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


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

    def base_for(self, model_name: str) -> Base | None:
        """The base of the model called ``model_name`` (``None``: the datasheet gives none)."""
        key = normalise(model_name)
        for wanted in (key, _singular(key)):
            for name, base in self.bases.items():
                if wanted in (name, _singular(name)):
                    return base
        if len(set(self.bases.values())) == 1 and not self.hull:
            return next(iter(self.bases.values()))
        return self.unit_base


class DatasheetSource(Protocol):
    """What the import asks a datasheet source."""

    credit: str

    def match(self, entry_id: str, names: Iterable[str]) -> DatasheetMatch | None:
        """The datasheet for a list's unit: by ``entry_id`` first, then by ``names``."""


def load_once(loader: Callable[[], DatasheetSource | None]) -> Callable[[], DatasheetSource | None]:
    """``loader`` run at the first call only (the source is kept for the program's life)."""
    return cache(loader)
