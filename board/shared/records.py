"""What the other player may change of a unit of mine: the rules' effects, nothing else.

A remote player's rules act on the receiving board's units too: their shot kills models
(the record loses them), forces a unit out of a building (it disembarks, its models placed),
gives it blast markers; their undo puts all that back. No rule of theirs renames a unit of
mine, gives it to their side, changes its troop type, its profile (Leadership, Toughness…),
a model's base or number, or adds a model it never had. :func:`foreign_edits` names such
changes in a remote :class:`~board.document.changes.Change`; the receiving board then refuses
the whole transaction (not the allowed part alone: what came with a forgery is not trusted)
and writes its own record of the unit back into the shared document.

The moves of my models are :func:`board.shared.incoming.foreign_moves`' business.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from board.document.changes import Change
from board.document.model import Model, Scenario, Unit
from board.document.stats import shown_name, stat

__all__ = ["RULE_MARKS", "UnitHistory", "unit_edits", "foreign_edits"]

#: The stats the rules write on a unit as the game goes (the player turn it embarked,
#: disembarked, came out of an escape hatch, rolled for difficult terrain; its blast
#: markers): the other player's shot, assault or undo may change them on my unit.
RULE_MARKS = frozenset({"embarked_on", "disembarked_on", "escape_hatch_on",
                        "difficult_terrain_on", "difficult_terrain_move", "blast_markers"})


@dataclass
class UnitHistory:
    """What each unit has been on this board: its models and the buildings it was in.

    An undo of the other player's shot gives a unit back models it lost, or puts it back in
    the building it was forced out of: allowed, as those models and that building are known.
    """

    models: dict[str, dict[str, Model]] = field(default_factory=dict)
    homes: dict[str, set[str]] = field(default_factory=dict)

    def note(self, units: Iterable[Unit]) -> None:
        """Remember these units' models and the building each is in."""
        for unit in units:
            known = self.models.setdefault(unit.id, {})
            for model in unit.models:
                known.setdefault(model.id, model)
            if unit.embarked_in is not None:
                self.homes.setdefault(unit.id, set()).add(unit.embarked_in)


_UNSET = object()


def _profile(unit: Unit) -> dict[str, object]:
    """The unit's stats but the rules' marks: what only its player sets (every key alike)."""
    return {key: value for key, value in unit.stats.items() if key not in RULE_MARKS}


_FIELDS = (("name", "name"), ("side", "side"), ("troop_type", "troop type"),
           ("joined_to", "joined unit"))


def _model_edits(old: Unit, new: Unit, history: UnitHistory) -> list[str]:
    known = {**history.models.get(old.id, {}), **{m.id: m for m in old.models}}
    found = []
    numbers = {m.id: m.number if m.number is not None else k
               for k, m in enumerate(old.models, start=1)}
    for model in new.models:
        before = known.get(model.id)
        if before is None:
            found.append("its models (one added that was never one of them)")
            continue
        which = f"model {numbers[model.id]}" if model.id in numbers else "a model it lost"
        if model.base != before.base:
            found.append(f"the base of {which}")  # by its number in the unit, never its id
        if model.number != before.number:
            found.append(f"the number of {which}")
    return found


def _stat_name(key: str) -> str:
    """A stat as a player reads it (``Leadership``), never its key in the file."""
    try:
        return shown_name(stat(key))
    except KeyError:
        return key.replace("_", " ")


def unit_edits(old: Unit, new: Unit, history: UnitHistory) -> list[str]:
    """The fields of ``old`` that ``new`` changes beyond what the rules do (their names).

    >>> from board.document.model import Base, TroopType
    >>> old = Unit("u", "Squad", "blue", TroopType.INFANTRY,
    ...            [Model("m1", Base.round_mm(25), 1, 1), Model("m2", Base.round_mm(25), 2, 1)])
    >>> new = Unit("u", "Squad", "blue", TroopType.INFANTRY, [old.models[0]])
    >>> unit_edits(old, new, UnitHistory())  # a casualty
    []
    >>> new.name, new.stats = "Traitors", {"leadership": 2, "blast_markers": 1}
    >>> unit_edits(old, new, UnitHistory())
    ['its name', 'its stats (Leadership)']
    """
    found = [f"its {words}" for name, words in _FIELDS if getattr(old, name) != getattr(new, name)]
    before, after = _profile(old), _profile(new)
    stats = sorted(key for key in before.keys() | after.keys()
                   if before.get(key, _UNSET) != after.get(key, _UNSET))
    if stats:
        found.append(f"its stats ({', '.join(_stat_name(key) for key in stats)})")
    if (new.embarked_in is not None and new.embarked_in != old.embarked_in
            and new.embarked_in not in history.homes.get(old.id, set())):
        found.append("the building it is in (now one it was never in)")
    return found + _model_edits(old, new, history)


def foreign_edits(local: Scenario, change: Change, side: str,
                  history: UnitHistory) -> dict[str, list[str]]:
    """The units of ``side`` whose record a remote ``change`` alters beyond the rules' effects.

    Returns unit id → the names of the fields changed (a unit destroyed, or one of another
    side, is not listed).
    """
    local_units = {u.id: u for u in local.units if u.side == side}
    found: dict[str, list[str]] = {}
    for unit_id, new in change.units.items():
        old = local_units.get(unit_id)
        if old is None or new is None:
            continue
        edits = unit_edits(old, new, history)
        if edits:
            found[unit_id] = edits
    return found
