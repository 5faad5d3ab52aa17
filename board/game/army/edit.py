"""What the import dialog changes in a plan: a count, a base, a troop type, the stats (no Qt).

The dialog shows; these functions decide, so a test can make the same edits without a
window. :func:`stats_text` and :func:`parse_stats` write and read a unit's profile as the
unit editor labels it (``WS 4 · BS 4 · S 4 …``, ``board/document/stats.py``'s ``PROFILES``).
"""

from __future__ import annotations

import re
from typing import Any

from board.document.errors import ScenarioError
from board.document.model import Base, RuleSystem, TroopType
from board.document.roster.bases import BaseLibrary, base_from_dict
from board.document.stats import PROFILES, check_value
from board.game.army.mapping import ModelPlan, UnitPlan

__all__ = ["stats_text", "parse_stats", "parse_base", "set_count", "set_base",
           "set_troop_type", "remember", "StatsError", "BASE_FORMS"]

#: The ways a base may be typed (as the board labels them).
BASE_FORMS = "32 mm, 60×35 mm oval, 25 mm square, 25×50 mm rectangle (wide × deep), 4.5×3 in hull"


class StatsError(ValueError):
    """Stats text that cannot be read: which label or value, and why."""


def stats_text(system: RuleSystem, stats: dict[str, Any]) -> str:
    """The profile's values the unit has, as ``WS 4 · BS 4 · Sv 3``."""
    return " · ".join(f"{f.label} {stats[f.key]}" for f in PROFILES[system] if f.key in stats)


def parse_stats(system: RuleSystem, text: str) -> dict[str, Any]:
    """Read ``WS 4 · BS 4 · Sv 3`` back (labels as :func:`stats_text` writes them).

    >>> parse_stats(RuleSystem.WH40K, "WS 5 · Sv 2")
    {'ws': 5, 'save': 2}
    >>> parse_stats(RuleSystem.WH40K, "WS 12")
    Traceback (most recent call last):
    ...
    board.game.army.edit.StatsError: WS 12: Weapon Skill (WS) must be a whole number from 0 to \
10, got 12
    """
    by_label = {f.label.lower(): f.key for f in PROFILES[system]}
    found: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in re.split(r"[·,;]", text))):
        match = re.fullmatch(r"(.+?)\s+(-?\d+(?:\.\d+)?)", part)
        if match is None or match.group(1).lower() not in by_label:
            labels = ", ".join(f.label for f in PROFILES[system])
            raise StatsError(f"{part!r}: write a label and a number; labels: {labels}")
        key = by_label[match.group(1).lower()]
        number = float(match.group(2))
        value: Any = int(number) if number == int(number) else number
        try:
            check_value(key, value, key)
        except ScenarioError as error:
            raise StatsError(f"{part}: {error.message}") from None
        found[key] = value
    return found


def parse_base(text: str) -> Base:
    """A base typed as the board labels it (:attr:`~board.document.model.Base.label`).

    >>> parse_base("60x35 mm oval"), parse_base("25×50 mm rectangle").length
    (Base(shape=<BaseShape.OVAL: 'oval'>, length=60.0, width=35.0), 50.0)
    >>> parse_base("4.5 x 3 in hull").label, parse_base("40mm").label
    ('4.5×3 in hull', '40 mm')
    >>> parse_base("big")
    Traceback (most recent call last):
    ...
    board.game.army.edit.StatsError: 'big' is not a base; write 32 mm, 60×35 mm oval, 25 mm \
square, 25×50 mm rectangle (wide × deep), 4.5×3 in hull
    """
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(?:[×xX*]\s*(\d+(?:\.\d+)?))?\s*(mm|in)?\s*"
                         r"(round|oval|square|rectangle|hull)?\s*", text)
    if match is None:
        raise StatsError(f"{text!r} is not a base; write {BASE_FORMS}")
    first, second, unit, kind = match.groups()
    kind = kind or ("hull" if unit == "in" else "round" if second is None else "")
    if not kind or (kind == "hull") != (unit == "in" or (unit is None and kind == "hull")):
        raise StatsError(f"{text!r} is not a base; write {BASE_FORMS}")
    a, b = float(first), float(second or first)
    shape = {"round": "round", "square": "square", "oval": "oval", "hull": "hull",
             "rectangle": "rectangle"}[kind]
    length, width = (b, a) if kind == "rectangle" else (a, b)  # a rectangle: wide × deep
    try:
        return base_from_dict({"shape": shape, "length": length, "width": width})
    except ScenarioError as error:
        raise StatsError(f"{text}: {error.message}") from None


def set_count(unit: UnitPlan, count: int, system: RuleSystem, library: BaseLibrary) -> None:
    """Give ``unit`` ``count`` models (its commonest kind grows or shrinks)."""
    if count < 0:
        raise ValueError(f"a unit has 0 or more models, got {count}")
    if not unit.models:
        if count:
            choice = library.find(system.value, [unit.name], unit.troop_type.value)
            unit.models.append(ModelPlan(unit.name, count, choice))
        return
    main = max(unit.models, key=lambda m: m.count)
    others = unit.count - main.count
    main.count = max(0, count - others)
    while unit.count > count:  # fewer than the other kinds: take from them
        smallest = next(m for m in unit.models if m.count)
        smallest.count -= 1


def set_base(unit: UnitPlan, base: Base) -> None:
    """The player's base for every model of ``unit`` (a guess no more)."""
    unit.base_override = base
    unit.confirmed = True


def set_troop_type(unit: UnitPlan, troop: TroopType) -> None:
    """The player's troop type for ``unit``."""
    unit.troop_type = troop
    unit.troop_from = "yours (set here)"


def remember(library: BaseLibrary, system: RuleSystem, unit: UnitPlan) -> bool:
    """Keep the player's base and troop type of ``unit`` for next time; whether any was set."""
    chosen_troop = unit.troop_from.startswith("yours")
    if unit.base_override is None and not chosen_troop:
        return False
    for model in unit.models or [ModelPlan(unit.name, 0, library.find(system.value, [],
                                                                       unit.troop_type.value))]:
        base = unit.base_of(model)
        library.correct(system.value, unit.name, base,
                        unit.troop_type.value if chosen_troop else None)
        if unit.base_override is not None and model.name != unit.name:
            library.correct(system.value, model.name, base)
    return True
