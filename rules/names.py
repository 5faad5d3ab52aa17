"""What the players call the things the rules speak of by id (40K's texts and the turn clock).

The rules keep ids for their logic; the board gives the names as one plain mapping (a side's
name, a unit's name, ``Unit name, model N``, an emplaced weapon's name and wall) and every text
the rules build names things through :func:`called`. An id the mapping does not hold is shown
as itself, so the rules work (and their doctests read) without any names.

>>> names = {"red-vets": "Veteran Squad", "m3": "Veteran Squad, model 3"}
>>> called("red-vets", names), called(("red-vets", "blue-1"), names)
('Veteran Squad', 'Veteran Squad, blue-1')
>>> called(("m3", "m4"), names)
'Veteran Squad, model 3; m4'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

__all__ = ["Names", "NO_NAMES", "called"]

#: Ids to what the players call them.
Names = Mapping[str, str]
#: No names given: every id is shown as itself.
NO_NAMES: Names = MappingProxyType({})


def called(ids: str | Iterable[str], names: Names | None = None) -> str:
    """The name of ``ids`` (one id, or several joined; ``;`` between names holding a comma)."""
    names = names if names is not None else NO_NAMES
    if isinstance(ids, str):
        return names.get(ids, ids)
    shown = [names.get(i, i) for i in ids]
    return ("; " if any(", " in s for s in shown) else ", ").join(shown)
