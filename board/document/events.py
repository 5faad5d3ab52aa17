"""What one accepted edit changed: the single event every observer of the document hears.

:class:`~board.document.edits.ScenarioDocument` emits one :class:`DocumentChange` per edit it
accepts (``document.changed``), after the scenario has changed. It says what changed by id,
so an observer updates that and nothing else; an observer that only needs "something
changed" compares :attr:`DocumentChange.revision` with the one it last drew.

It also carries the edit itself (:attr:`DocumentChange.op` and :attr:`DocumentChange.args`,
the name and arguments of the document method that made it), which is what the journal
writes down and what a remote peer would send (:mod:`board.document.journal`).

>>> from board.document.model import Base, Model, TroopType, Unit
>>> old = Unit("u", "Squad", "red", TroopType.INFANTRY,
...            [Model("a", Base.round_mm(25), 0, 0), Model("b", Base.round_mm(25), 1, 0)])
>>> new = Unit("u", "Squad", "red", TroopType.INFANTRY, [Model("a", Base.round_mm(25), 0, 2)])
>>> diff = unit_difference(old, new)
>>> sorted(diff.models_changed), sorted(diff.models_removed), diff.units_changed
(['a'], ['b'], ())
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from board.document.model import Unit

__all__ = ["DocumentChange", "unit_difference", "NOTHING"]

_NONE: tuple[str, ...] = ()


@dataclass(frozen=True)
class DocumentChange:
    """One accepted edit: the revision it made, the edit, and the ids of what it changed.

    Every id field is a tuple in the order the edit named them (no id twice).

    Attributes
    ----------
    revision
        The document's revision after this edit (each accepted edit adds one).
    op, args
        The edit: the :class:`~board.document.edits.ScenarioDocument` method's name and its
        arguments (``document.perform(op, args)`` makes the same edit again).
    models_changed
        Models still in their unit whose position, facing, base or number changed.
    models_added, models_removed
        Models put into or taken out of a unit that itself stays.
    units_added, units_removed
        Whole units (with their models).
    units_changed
        Units that stay but whose name, side, troop type, stats, ``embarked_in`` or
        ``joined_to`` changed (their models are reported in the ``models_*`` sets).
    pieces_added, pieces_removed, pieces_changed
        Terrain pieces; a changed piece may have a new datasheet (a building collapsed).
    annotations, options
        Ids of kept measurements and keys of options that were set, changed or removed.
    log
        Whether the log changed.
    replaced
        A whole new scenario (New, Open, recovery): observers redraw everything.
    """

    revision: int = 0
    op: str = ""
    args: dict[str, Any] = field(default_factory=dict, compare=False)
    models_changed: tuple[str, ...] = _NONE
    models_added: tuple[str, ...] = _NONE
    models_removed: tuple[str, ...] = _NONE
    units_added: tuple[str, ...] = _NONE
    units_removed: tuple[str, ...] = _NONE
    units_changed: tuple[str, ...] = _NONE
    pieces_added: tuple[str, ...] = _NONE
    pieces_removed: tuple[str, ...] = _NONE
    pieces_changed: tuple[str, ...] = _NONE
    annotations: tuple[str, ...] = _NONE
    options: tuple[str, ...] = _NONE
    log: bool = False
    replaced: bool = False

    @property
    def units_touched(self) -> tuple[str, ...]:
        """Units added, removed or changed (not counting models that only moved)."""
        return self.units_added + self.units_removed + self.units_changed

    @property
    def models_touched(self) -> tuple[str, ...]:
        """Models moved, added or removed (whole units not included)."""
        return self.models_changed + self.models_added + self.models_removed

    @property
    def board_changed(self) -> bool:
        """Whether anything drawn on the table changed (models, units, terrain, or all)."""
        return bool(self.replaced or self.models_touched or self.units_touched
                    or self.pieces_added or self.pieces_removed or self.pieces_changed)


#: An event that changed nothing (the base the document's edits fill in).
NOTHING = DocumentChange()


@dataclass(frozen=True)
class UnitDifference:
    """What changed between two versions of one unit (see :func:`unit_difference`)."""

    models_changed: tuple[str, ...] = _NONE
    models_added: tuple[str, ...] = _NONE
    models_removed: tuple[str, ...] = _NONE
    units_changed: tuple[str, ...] = _NONE


def unit_difference(old: Unit, new: Unit) -> UnitDifference:
    """Compare two versions of a unit: which models moved, came, went; did the unit change."""
    old_models = {m.id: m for m in old.models}
    new_models = {m.id: m for m in new.models}
    changed = tuple(
        mid for mid, model in new_models.items() if mid in old_models and old_models[mid] != model
    )
    unit_fields = ("name", "side", "troop_type", "stats", "embarked_in", "joined_to")
    same = all(getattr(old, f) == getattr(new, f) for f in unit_fields)
    order = [m.id for m in old.models if m.id in new_models] != [
        m.id for m in new.models if m.id in old_models
    ]
    return UnitDifference(
        models_changed=changed,
        models_added=tuple(m for m in new_models if m not in old_models),
        models_removed=tuple(m for m in old_models if m not in new_models),
        units_changed=_NONE if same and not order else (new.id,),
    )
