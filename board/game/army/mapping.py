"""One roster unit → what it becomes on the board: troop type, bases, stats, and what is left.

Each value says where it came from: a troop type read from the list's words or guessed, a
base from the player's corrections, the library or a guess, every characteristic mapped onto
the system's stats (``board/document/stats.py``) or kept as a note with why. Nothing a list
says is dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from board.document.errors import ScenarioError
from board.document.model import Base, RuleSystem, TroopType
from board.document.roster.bases import BaseChoice, BaseLibrary
from board.document.roster.model import Profile, RosterModel, RosterUnit
from board.document.roster.walk import is_unit_profile
from board.document.stats import check_value, stat, systems_of
from board.game.army.base_choice import (
    choose_base,
    datasheet_for,
    datasheet_source,
)
from board.game.systems.datasheets import DatasheetMatch, DatasheetSource
from board.game.systems.roster_profiles import roster_reading
from board.game.systems.setup import troop_types

__all__ = ["ModelPlan", "UnitPlan", "map_unit", "troop_type_for", "stats_for"]


@dataclass
class ModelPlan:
    """Some models of one kind: how many, the base chosen and where it came from."""

    name: str
    count: int
    choice: BaseChoice
    wargear: tuple[str, ...] = ()


@dataclass
class UnitPlan:
    """A roster unit as it will stand on the board; the dialog lets the player change it."""

    key: str
    name: str
    troop_type: TroopType
    troop_from: str
    models: list[ModelPlan]
    stats: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    points: float | None = None
    base_override: Base | None = None
    confirmed: bool = False
    count_guess: str = ""
    datasheet: str = ""

    @property
    def count(self) -> int:
        """How many models the unit has."""
        return sum(m.count for m in self.models)

    @property
    def placeable(self) -> bool:
        """Whether the unit has models to place (a unit without is listed, not placed)."""
        return self.count > 0

    @property
    def guessed(self) -> bool:
        """Whether a base or the troop type is a guess the player has not confirmed."""
        if self.confirmed:
            return False
        base_guess = self.base_override is None and any(m.choice.guessed for m in self.models)
        return base_guess or self.troop_from.startswith("guess") or bool(self.count_guess)

    def base_of(self, model: ModelPlan) -> Base:
        """The base a model of ``model``'s kind stands on (the player's choice first)."""
        return self.base_override or model.choice.base

    @property
    def base_text(self) -> str:
        """The bases, as the dialog shows them (``32 mm``, ``32 mm + 40 mm``)."""
        labels = list(dict.fromkeys(self.base_of(m).label for m in self.models))
        return " + ".join(labels) or "—"

    @property
    def base_origin(self) -> str:
        """Where the base came from, in words."""
        if self.base_override is not None:
            return "yours (set here)"
        origins = {m.choice.origin: m.choice for m in self.models}
        if "guess" in origins:
            return origins["guess"].source
        for origin in ("datasheet", "library"):
            if origin in origins:
                choice = origins[origin]
                return choice.source + ("" if choice.sure else " (unsure)")
        return "your correction" if origins else "—"

    @property
    def sourced(self) -> bool:
        """Whether every model stands on a base a source or the player gave (none guessed)."""
        return bool(self.models) and (self.base_override is not None
                                      or all(m.choice.sourced for m in self.models))


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _has(words: list[str], wanted: tuple[str, ...]) -> bool:
    return all(w in words for w in wanted)


def _type_texts(unit: RosterUnit, profile: Profile | None) -> list[tuple[str, str]]:
    texts = []
    if profile is not None:
        for key in ("Unit Type", "Type", "Troop Type"):
            if profile.characteristics.get(key):
                texts.append((f"its {key} “{profile.characteristics[key]}”",
                              profile.characteristics[key]))
        texts.append((f"its {profile.type_name} profile", profile.type_name))
    if unit.categories:
        texts.append(("its categories", " ".join(unit.categories)))
    return texts


def troop_type_for(system: RuleSystem, unit: RosterUnit,
                   profile: Profile | None) -> tuple[TroopType, str]:
    """The unit's troop type and where it came from (``guess…`` when nothing said it)."""
    offered = troop_types(system)
    for where, text in _type_texts(unit, profile):
        words = _words(text)
        first = roster_reading(system).first_word.get(words[0] if words else "")
        if first is not None and first in offered and "Type" in where:
            return first, f"read from {where}"
        for wanted, troop in roster_reading(system).troop_words:
            if troop in offered and _has(words, wanted):
                return troop, f"read from {where}"
    return offered[0], f"guess: nothing in the list names a troop type ({offered[0].label})"


def _number(text: str) -> float | None:
    match = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*(?:\+|\"|”|cm|''|in)?\s*", text)
    return float(match.group(1)) if match else None


def _value(system: RuleSystem, name: str, key: str, text: str) -> tuple[Any, str]:
    """The stat value a characteristic's text gives, and a note when it was converted."""
    if key == "leadership" and text.strip().endswith("+") \
            and roster_reading(system).leadership_roll:
        roll = _number(text)
        if roll is not None:
            return int(14 - roll), (f"{name} {text} read as Leadership {int(14 - roll)} "
                                    f"(2D6 ≥ {int(roll)} has the odds of 2D6 ≤ {int(14 - roll)})")
    number = _number(text)
    if number is None:
        return None, ""
    kind = stat(key).kind.name
    if kind in ("INT", "ARMOUR") and number != int(number):
        return None, ""
    return (int(number) if kind in ("INT", "ARMOUR") else number), ""


def stats_for(system: RuleSystem, profile: Profile | None) -> tuple[dict[str, Any], list[str]]:
    """The stats a profile fills in ``system``, and a note for each characteristic left."""
    if profile is None:
        return {}, ["no profile in the list: enter the stats here or in the unit editor"]
    reading = roster_reading(system)
    table, odd = reading.characteristics, reading.not_the_same
    stats: dict[str, Any] = {}
    notes: list[str] = []
    facings = {k.lower(): v for k, v in profile.characteristics.items()
               if k.lower() in ("front", "side", "rear")}
    for name, text in profile.characteristics.items():
        low = name.strip().lower()
        if low in ("front", "side", "rear", "unit type", "type", "troop type") or not text:
            continue
        key = table.get(low)
        if key is not None and text.strip() in ("-", "*", "—"):
            notes.append(f"{name} {text}: the list gives no value")
            continue
        if key is None:
            why = odd.get(low, f"no {system.label} stat reads it")
            notes.append(f"{name} {text}: kept as a note ({why})")
            continue
        value, converted = _value(system, name, key, text)
        try:
            check_value(key, value, key)
        except ScenarioError as error:
            notes.append(f"{name} {text}: not set ({error.message})")
            continue
        if value is None:
            notes.append(f"{name} {text}: not set (not a number {stat(key).name} can take)")
            continue
        stats[key] = value
        if converted:
            notes.append(converted)
    _armour(system, facings, stats, notes)
    return stats, notes


def _armour(system: RuleSystem, facings: dict[str, str], stats: dict[str, Any],
            notes: list[str]) -> None:
    """A vehicle's Front/Side/Rear as the armour stat (its side for both flanks)."""
    if len(facings) != 3 or system not in systems_of(stat("armour")):
        return
    numbers = {k: _number(v) for k, v in facings.items()}
    if not all(n is not None and n == int(n) for n in numbers.values()):
        notes.append(f"armour {', '.join(f'{k} {v}' for k, v in facings.items())}: not set "
                     f"(not whole numbers)")
        return
    value = {"front": int(numbers["front"] or 0), "right": int(numbers["side"] or 0),
             "rear": int(numbers["rear"] or 0), "left": int(numbers["side"] or 0)}
    try:
        check_value("armour", value, "armour")
    except ScenarioError as error:
        notes.append(f"armour: not set ({error.message})")
        return
    stats["armour"] = value


def _main_profile(unit: RosterUnit) -> Profile | None:
    with_profile = [m for m in unit.models if m.profile is not None]
    if with_profile:
        return max(with_profile, key=lambda m: m.count).profile
    return next((p for p in unit.profiles if is_unit_profile(p)), None)


def _kind(profile: Profile) -> tuple[str, str]:
    """A profile's kind: its type and the first word of its troop type ("Infantry", "AV")."""
    words = _words(profile.characteristics.get("Unit Type")
                   or profile.characteristics.get("Type") or "")
    return profile.type_name.lower(), words[0] if words else ""


def _model_plan(system: RuleSystem, edition: str, unit: RosterUnit, model: RosterModel,
                troop: TroopType, library: BaseLibrary, sheet: DatasheetMatch | None,
                source: DatasheetSource | None) -> ModelPlan:
    alone = len({m.name for m in unit.models}) == 1
    # a squad's sergeant is named for itself, then for its squad (a model of the squad's own
    # kind of profile only: a Rhino in an Epic detachment is not on the infantry's stand)
    kinds = {_kind(m.profile) for m in unit.models if m.profile is not None}
    same_kind = model.profile is None or len(kinds) == 1
    names = ([unit.custom_name, model.name, unit.name] if alone
             else [model.name, unit.name] if same_kind else [model.name])
    choice = choose_base(system, edition, names, model.name, troop, library, sheet,
                         source=source, alone=alone)
    count = model.count
    if model.assumed and sheet is not None and sheet.min_models:
        count = sheet.min_models
    return ModelPlan(model.name, count, choice, model.wargear)


def _count_guess(unit: RosterUnit, sheet: DatasheetMatch | None) -> str:
    if not any(m.assumed for m in unit.models):
        return ""
    if sheet is not None and sheet.min_models and sheet.min_models == sheet.max_models:
        return ""  # the datasheet allows one size only: nothing to confirm
    if sheet is not None and sheet.min_models:
        return (f"the list names no models: {sheet.min_models}, the smallest {sheet.name} "
                f"({sheet.credit}); confirm or set the count")
    return "the list names no models: 1 assumed; confirm or set the count"


def map_unit(system: RuleSystem, unit: RosterUnit, library: BaseLibrary,
             edition: str = "") -> UnitPlan:
    """What ``unit`` becomes on a ``system`` board (bases from ``library``).

    ``edition`` is the list's (``7th``, ``2022``): a shipped row for that edition wins over the
    datasheet source and the other rows.
    """
    profile = _main_profile(unit)
    mine = library.troop_type_of(system.value, unit.name)
    if mine in {t.value for t in troop_types(system)}:
        troop, troop_from = TroopType(mine), "your correction"
    else:
        troop, troop_from = troop_type_for(system, unit, profile)
    stats, notes = stats_for(system, profile)
    source = datasheet_source(system)
    sheet = datasheet_for(source, unit)
    models = [_model_plan(system, edition, unit, m, troop, library, sheet, source)
              for m in unit.models]
    count_guess = _count_guess(unit, sheet)
    if count_guess:
        notes.insert(0, count_guess)
    if not models:
        notes.insert(0, "no models in the list's entry: give it a count here to place it")
    wargear = sorted({w for m in unit.models for w in m.wargear})
    stats["roster"] = {"key": unit.key, "entry": unit.entry_id, "points": unit.points,
                       "wargear": wargear[:50],
                       "models": [{"name": m.name, "count": m.count,
                                   "wargear": list(m.wargear)[:50]} for m in unit.models[:50]]}
    return UnitPlan(unit.key, unit.custom_name or unit.name, troop, troop_from, models, stats,
                    notes, unit.points, count_guess=count_guess,
                    datasheet=f"{sheet.name} ({sheet.how})" if sheet else "")
