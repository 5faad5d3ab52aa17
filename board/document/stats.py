"""Unit stats: the one declared table of every value a rule reads from ``Unit.stats``.

Each :class:`Stat` says its key (the rulebook's name), its kind, its unit, the range a player
may enter and the modules that read it; which rule systems it belongs to, each system's
description says (``SystemDescription.stats_read``, :func:`systems_of`). The table is used
three ways:

- :func:`check_stats` refuses a bad value on load, with the JSON location
  (``units[2].stats.ws: Weapon Skill must be a whole number from 0 to 10, got 12``);
- the typed accessors (:func:`stat_int`, :func:`stat_number`, :func:`stat_flag`) read a value
  with its default;
- :data:`PROFILES` lists each system's profile, the fields the unit editor offers (each
  system's description declares it);
- :func:`stats_markdown` writes the table of ``docs/scenario-format.md`` (a test compares them).

Keys the table does not know are kept as they are (a player's notes).

>>> check_stats({"ws": 4, "t": 3}, "units[0].stats")
>>> check_stats({"ws": 12}, "units[0].stats")
Traceback (most recent call last):
...
board.document.errors.ScenarioError: units[0].stats.ws: Weapon Skill (WS) must be a whole \
number from 0 to 10, got 12
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from board.document.errors import ScenarioError, join_where
from board.document.fields import describe
from board.document.model import Unit
from board.document.rule_systems import ProfileField, RuleSystem, description_of

__all__ = [
    "Kind",
    "Stat",
    "STATS",
    "PROFILES",
    "ProfileField",
    "SHARED",
    "systems_of",
    "stat",
    "check_stats",
    "check_value",
    "stat_int",
    "stat_number",
    "stat_flag",
    "missing_stat_text",
    "EDIT_UNIT_PLACE",
    "stats_markdown",
]

#: Where a player enters a unit's stats (the unit editor), as messages name it.
#: With no unit selected (a unit inside a building cannot be), it asks which unit.
EDIT_UNIT_PLACE = "Units ▸ Edit Unit… (Ctrl+Shift+U)"

#: The stats every system's units carry (the program writes them): each system's description
#: lists only the ones its own rules read (``SystemDescription.stats_read``).
SHARED = ("embarked_on", "disembarked_on", "roster")


class Kind(StrEnum):
    """What sort of JSON value a stat is."""

    INT = "whole number"
    NUMBER = "number"
    FLAG = "`true`/`false`"
    MODEL = "model id"
    MODELS = "array of model ids"
    ARMOUR = "whole number, or `{\"front\", \"right\", \"rear\", \"left\"}` of whole numbers"
    MISSILE = "`{\"range\": inches, \"strength\": whole number, \"shots\": whole number}`"
    FACTORS = "`{model id: whole number}`"
    ROSTER = ("`{\"key\": text, \"entry\": text, \"points\": number, \"wargear\": [text], "
              "\"models\": [{\"name\": text, \"count\": whole number, \"wargear\": [text]}], "
              "\"guessed\": true/false, \"list\": text}`")
    TURN = "`[game turn, side id]`"


@dataclass(frozen=True)
class Stat:
    """One value a rule reads from ``Unit.stats``.

    ``low``/``high`` bound a number (``None``: unbounded); ``default`` is what a missing value
    reads as (``None``: the rule that needs it refuses, naming it); ``default_text`` says the
    same in words for the doc. Which modules read it is not written here: the doc's table
    finds them in the code (:mod:`board.stat_readers`), so a copied system folder needs no
    row changed.
    """

    key: str
    name: str
    kind: Kind
    unit: str
    low: float | None
    high: float | None
    default: Any
    default_text: str
    meaning: str

    @property
    def range_text(self) -> str:
        """``0 to 10``, ``at least 0``, or empty."""
        if self.low is not None and self.high is not None:
            return f"{self.low:g} to {self.high:g}"
        if self.low is not None:
            return f"at least {self.low:g}"
        return ""


def _s(key: str, name: str, kind: Kind, unit: str, low: float | None, high: float | None,
       default: Any, default_text: str, meaning: str) -> Stat:
    return Stat(key, name, kind, unit, low, high, default, default_text, meaning)


_CHAR = (0, 10)
#: Every stat the program reads or the unit editor offers, in the doc's order.
STATS: tuple[Stat, ...] = (
    _s("movement", "Movement", Kind.NUMBER, "inches (Fantasy), cm (Epic 40,000)", 0, 100, None,
       "Epic: 10 cm (infantry's move); Fantasy: none",
       "the unit's move: how far an Epic detachment may come out of a building; a Fantasy "
       "garrison leaves up to twice it, and a charge needs it"),
    _s("ws", "Weapon Skill", Kind.INT, "—", *_CHAR, None, "none (needed)",
       "Weapon Skill, in a Fantasy building assault"),
    _s("bs", "Ballistic Skill", Kind.INT, "—", *_CHAR, None,
       "none (needed to Stand & Shoot)", "Ballistic Skill of a Fantasy garrison's missile fire"),
    _s("s", "Strength", Kind.INT, "—", *_CHAR, None, "none (needed)",
       "Strength"),
    _s("t", "Toughness", Kind.INT, "—", *_CHAR, None, "none (needed)",
       "Toughness (Fantasy): a building assault, a template or cannonball on a garrison"),
    _s("toughness", "Toughness", Kind.INT, "—", 1, 10, None,
       "none: the hits are reported for the players",
       "Toughness (40K); with it a building's hits on the units inside, No Escape and "
       "automated fire are rolled to wound"),
    _s("w", "Wounds", Kind.INT, "—", 1, 20, 1, "1",
       "Wounds of each model (Fantasy)"),
    _s("wounds", "Wounds", Kind.INT, "—", 1, 20, 1, "1",
       "Wounds of each model (40K)"),
    _s("i", "Initiative", Kind.INT, "—", *_CHAR, None, "none (needed)",
       "Initiative: who strikes first"),
    _s("a", "Attacks", Kind.INT, "—", *_CHAR, None, "none (needed)",
       "Attacks of each model"),
    _s("leadership", "Leadership", Kind.INT, "—", 2, 12, None,
       "8 in the 40K building rules; Fantasy: none (needed)",
       "Leadership: 40K Pinning tests of units forced out of a building (the best of the unit "
       "and its characters); the Fantasy Break test in a building assault and a garrison's "
       "Panic test"),
    _s("save", "Armour save", Kind.INT, "the roll (`3` for 3+)", 1, 6, None, "none: no save",
       "the armour save"),
    _s("invulnerable", "Invulnerable save", Kind.INT, "2 to 6", 2, 6, None, "none",
       "the invulnerable save"),
    _s("stomps", "Stomps", Kind.INT, "hits", 0, 10, 0, "0",
       "Stomp hits of each model at the end of a building assault's round, on the enemy model "
       "its opponent names as in base contact"),
    _s("ward", "Ward save", Kind.INT, "2 to 6", 2, 6, None, "none",
       "the ward save"),
    _s("unit_strength", "Unit Strength", Kind.INT, "—", 1, 10, 1, "1",
       "Unit Strength of each model (the combat result's outnumbering)"),
    _s("musician", "Musician", Kind.MODEL, "—", None, None, None, "none",
       "the unit's musician"),
    _s("champion", "Champion", Kind.MODEL, "—", None, None, None, "none",
       "the unit's champion"),
    _s("standard", "Standard bearer", Kind.MODEL, "—", None, None, None, "none",
       "the unit's standard bearer (kept for the players)"),
    _s("ranks", "Models per rank", Kind.INT, "models", 1, 50, 5, "5",
       "how many models stand in each rank when the unit is placed"),
    _s("missile", "Missile weapon", Kind.MISSILE, "inches", None, None, None,
       "none (needed to Stand & Shoot); `shots` 1", "the garrison's missile weapon"),
    _s("line_of_sight", "Line of Sight value", Kind.NUMBER, "Line of Sight value", 0, 20, None,
       "by troop type in sight: cavalry, monstrous infantry and chariot 2, monstrous cavalry 3, "
       "monster 4, others 1; 1 in a building assault",
       "the models' Line of Sight value, for sight and whether an assaulter sees the building"),
    _s("height", "Height", Kind.NUMBER, "inches", 0, 50, None,
       "by troop type: vehicle and skimmer 3, walker and monstrous creature 3.5, war engine 5, "
       "others 1.5", "the models' height, for line of sight"),
    _s("marched", "Marched", Kind.FLAG, "—", None, None, False, "`false`",
       "the unit marched this turn: it may not garrison a building"),
    _s("reformed", "Reformed", Kind.FLAG, "—", None, None, False, "`false`",
       "the unit reformed this turn: it may not garrison a building"),
    _s("frenzy", "Frenzy", Kind.FLAG, "—", None, None, False, "`false`",
       "the unit is frenzied: as its turn begins, garrisoning a building with an enemy within "
       "its charge reach, it is forced out toward that enemy"),
    _s("armour", "Armour", Kind.ARMOUR, "Armour Value (40K); kill roll (Epic)", 1, 15, None,
       "none: a 40K hull without it has no facings shown; Epic: needed",
       "40K/HH: a vehicle's Armour Value (one for every facing or one per facing), shown per "
       "facing in line of sight; Epic: the save/armour, the kill roll of its stands (`4` for "
       "4+)"),
    _s("assault_factor", "Close assault factor", Kind.INT, "—", 0, 40, None,
       "none (needed unless `assault_factors` names the stand)",
       "each stand's close assault factor"),
    _s("firepower", "Firepower", Kind.INT, "—", 0, 40, None, "none",
       "each stand's firepower (kept for the players; the building rules use the weapons "
       "fired)"),
    _s("assault_factors", "Assault factors by stand", Kind.FACTORS, "—", 0, 40, None, "`{}`",
       "the stands whose assault factor differs (a Librarian among Assault Marines)"),
    _s("psyker", "Psyker", Kind.FLAG, "—", None, None, False, "`false`",
       "every stand is a psyker"),
    _s("psykers", "Psyker stands", Kind.MODELS, "—", None, None, None, "`[]`",
       "the stands that are psykers"),
    _s("close_combat_weapon", "Close-combat weapon", Kind.FLAG, "—", None, None, False,
       "`false`",
       "a war engine's close-combat weapon (doubled assault factor, D6 damage, an automatic "
       "critical)"),
    _s("blast_markers", "Blast markers", Kind.INT, "—", 0, 99, 0, "0",
       "the detachment's blast markers; the program adds those critical damage gives"),
    _s("embarked_on", "Embarked on", Kind.TURN, "player turn", None, None, None, "none",
       "written by the program: the player turn the unit last went into a building (a 40K "
       "unit may not come out in the same turn)"),
    _s("disembarked_on", "Disembarked on", Kind.TURN, "player turn", None, None, None, "none",
       "written by the program: the player turn the unit last came out (it may not go back in "
       "that turn)"),
    _s("difficult_terrain_on", "Difficult terrain rolled on", Kind.TURN, "player turn", None,
       None, None, "none",
       "written by the program: the player turn of the unit's difficult-terrain test on "
       "battlements"),
    _s("difficult_terrain_move", "Difficult terrain move", Kind.INT, "inches", 1, 6, None,
       "none",
       "written by the program: that test's highest die, the farthest the unit may move that "
       "turn"),
    _s("escape_hatch_on", "Came out of an escape hatch on", Kind.TURN, "player turn", None,
       None, None, "none",
       "written by the program: the player turn the unit came out of a building by an escape "
       "hatch (the escape hatch rule: it may not charge that turn)"),
    _s("oc", "Objective Control", Kind.INT, "—", 0, 99, 1,
       "1 (our default: enter the datasheet's; 0 for a battle-shocked model)",
       "40K 10th edition and later: each model's Objective Control, summed within range of "
       "an objective marker (the import reads a list's `OC`)"),
    _s("objective_secured", "Objective Secured", Kind.FLAG, "—", None, None, False, "`false`",
       "40K 7th edition: the unit controls an objective marker even with enemy scoring units "
       "in range"),
    _s("roster", "Army list entry", Kind.ROSTER, "—", None, None, None, "none",
       "written by File ▸ Import Army List: the list's entry the unit came from (kept on a "
       "re-import), its points, its wargear (in all and per kind of model), whether its "
       "base is still a guess, and the list's own id (a re-import of the same list is told "
       "from a different list by it)"),
)

_BY_KEY = {s.key: s for s in STATS}


def stat(key: str) -> Stat:
    """Return the declared stat ``key`` (``KeyError`` if the table has none)."""
    return _BY_KEY[key]


class _Profiles(Mapping[RuleSystem, tuple[ProfileField, ...]]):
    """Each registered system's profile, as its description declares it."""

    def __getitem__(self, system: RuleSystem) -> tuple[ProfileField, ...]:
        try:
            return description_of(system).profile
        except ValueError:
            raise KeyError(system) from None

    def __iter__(self) -> Iterator[RuleSystem]:
        return iter(RuleSystem)

    def __len__(self) -> int:
        return len(RuleSystem)


#: Each system's profile, in the rulebook's column order, with a line trooper's values: the
#: fields the unit editor offers (declared in each system's description).
PROFILES: Mapping[RuleSystem, tuple[ProfileField, ...]] = _Profiles()


def systems_of(s: Stat) -> tuple[RuleSystem, ...]:
    """The registered systems whose rules read ``s`` (every one for a :data:`SHARED` stat)."""
    return tuple(r for r in RuleSystem
                 if s.key in SHARED or s.key in description_of(r).stats_read)


# -- checking ----------------------------------------------------------------------------------

def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


def shown_name(s: Stat) -> str:
    """The stat as a player reads it: ``Weapon Skill (WS)``, with the profile's own letters.

    A long key (``toughness``, ``assault_factor``) is a code, not shown: ``Toughness``.
    """
    return f"{s.name} ({s.key.upper()})" if len(s.key) <= 3 else s.name


def _bounded(s: Stat, value: float, where: str, what: str) -> None:
    if (s.low is not None and value < s.low) or (s.high is not None and value > s.high):
        raise ScenarioError(f"{shown_name(s)} must be {what} from {s.range_text}, "
                            f"got {value:g}", where)


def check_value(key: str, value: object, where: str = "") -> None:
    """Refuse ``value`` for the declared stat ``key`` with a :class:`ScenarioError`.

    ``None`` is a missing value and always accepted. Unknown keys are accepted.
    """
    s = _BY_KEY.get(key)
    if s is None or value is None:
        return
    bad = ScenarioError(f"{shown_name(s)} must be {s.kind.value}, got {describe(value)}",
                        where)
    if s.kind is Kind.INT:
        if not _whole(value):
            raise bad
        _bounded(s, float(value), where, "a whole number")  # type: ignore[arg-type]
    elif s.kind is Kind.NUMBER:
        if not _number(value):
            raise bad
        _bounded(s, float(value), where, "a number")  # type: ignore[arg-type]
    elif s.kind is Kind.FLAG:
        if not isinstance(value, bool):
            raise bad
    elif s.kind is Kind.MODEL:
        if not isinstance(value, str) or not value:
            raise bad
    elif s.kind is Kind.MODELS:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise bad
    elif s.kind is Kind.TURN:
        if not (isinstance(value, list) and len(value) == 2 and _whole(value[0])
                and isinstance(value[1], str)):
            raise bad
    else:
        _check_compound(s, value, where, bad)


#: The roster record's fields and what each must be (any may be missing).
_ROSTER_FIELDS = {
    "key": lambda v: isinstance(v, str) and bool(v),
    "entry": lambda v: v is None or isinstance(v, str),
    "points": lambda v: v is None or _number(v),
    "wargear": lambda v: isinstance(v, list) and len(v) <= 50
    and all(isinstance(w, str) for w in v),
    "models": lambda v: isinstance(v, list) and len(v) <= 50 and all(_roster_model(m) for m in v),
    "guessed": lambda v: isinstance(v, bool),
    "list": lambda v: isinstance(v, str) and len(v) <= 200,
}


def _roster_model(value: object) -> bool:
    """One kind of model of an army list entry: its name, how many, each one's wargear."""
    return (isinstance(value, dict) and set(value) <= {"name", "count", "wargear"}
            and isinstance(value.get("name"), str) and _whole(value.get("count"))
            and 0 <= value["count"] <= 20_000 and isinstance(value.get("wargear", []), list)
            and len(value.get("wargear", [])) <= 50
            and all(isinstance(w, str) for w in value.get("wargear", [])))


def _roster_record(value: object) -> bool:
    """Whether ``value`` is an army list entry's record (``Kind.ROSTER``), field by field."""
    return isinstance(value, dict) and all(
        field in _ROSTER_FIELDS and _ROSTER_FIELDS[field](v) for field, v in value.items())


def _check_compound(s: Stat, value: object, where: str, bad: ScenarioError) -> None:
    if s.kind is Kind.ARMOUR:
        if isinstance(value, dict):
            if set(value) != {"front", "right", "rear", "left"}:
                raise bad
            for facing, number in value.items():
                if not _whole(number):
                    raise bad
                _bounded(s, float(number), join_where(where, facing), "a whole number")
            return
        if not _whole(value):
            raise bad
        _bounded(s, float(value), where, "a whole number")  # type: ignore[arg-type]
    elif s.kind is Kind.FACTORS:
        if not isinstance(value, dict):
            raise bad
        for model_id, number in value.items():
            if not _whole(number):
                raise bad
            _bounded(s, float(number), join_where(where, str(model_id)), "a whole number")
    elif s.kind is Kind.ROSTER:
        if not _roster_record(value):
            raise bad
    elif s.kind is Kind.MISSILE:
        if not isinstance(value, dict) or not _number(value.get("range")) \
                or not _whole(value.get("strength")) \
                or not (value.get("shots") is None or _whole(value.get("shots"))):
            raise bad


def check_stats(stats: Mapping[str, Any], where: str = "") -> None:
    """Refuse the first bad declared value in ``stats``, naming ``where`` + its key."""
    for key, value in stats.items():
        check_value(key, value, join_where(where, key))


# -- typed accessors ---------------------------------------------------------------------------

def missing_stat_text(unit: Unit, key: str) -> str:
    """Say which stat is missing and where a player enters it."""
    from rules.words import says  # the first paint reads no rules (a refusal comes later)

    s = _BY_KEY.get(key)
    name = shown_name(s) if s is not None else key.replace("_", " ")
    return (f"{unit.name} {says(unit.name, 'has', 'have')} no {name} in "
            f"{says(unit.name, 'its', 'their')} stats: enter it in {EDIT_UNIT_PLACE}")


def stat_int(unit: Unit, key: str) -> int | None:
    """The whole number ``key`` of ``unit``, its declared default when absent (maybe None)."""
    value = unit.stats.get(key)
    if value is None:
        return _BY_KEY[key].default if key in _BY_KEY else None
    check_value(key, value, key)
    return int(value)


def stat_number(unit: Unit, key: str) -> float | None:
    """The number ``key`` of ``unit``, its declared default when absent (maybe None)."""
    value = unit.stats.get(key)
    if value is None:
        default = _BY_KEY[key].default if key in _BY_KEY else None
        return None if default is None else float(default)
    check_value(key, value, key)
    return float(value)


def stat_flag(unit: Unit, key: str) -> bool:
    """The yes/no ``key`` of ``unit`` (missing is no)."""
    value = unit.stats.get(key)
    if value is None:
        return False
    check_value(key, value, key)
    return bool(value)


# -- the doc -----------------------------------------------------------------------------------

def stats_markdown(read_by: Mapping[str, Iterable[str]]) -> str:
    """The Unit stats table of ``docs/scenario-format.md``, one row per declared stat.

    ``read_by``: each key's reading modules, named from ``board.game`` down
    (``systems.fantasy.assault_facts``), as :func:`board.stat_readers.readers` finds them.
    """
    lines = ["| key | name | type | unit | range | default | systems | read by | what it is |",
             "|---|---|---|---|---|---|---|---|---|"]
    for s in STATS:
        systems = ", ".join(description_of(r).short for r in systems_of(s))
        read = ", ".join(f"`{m}`" for m in sorted(read_by.get(s.key, ()))) \
            or "the unit editor only"
        lines.append(f"| `{s.key}` | {s.name} | {s.kind.value} | {s.unit} | "
                     f"{s.range_text or '—'} | {s.default_text} | {systems} | {read} | "
                     f"{s.meaning} |")
    lines.append("")
    lines.append("The profile the unit editor offers for each system (label: key, default):")
    lines.append("")
    for system, fields in PROFILES.items():
        cells = ", ".join(f"{f.label}: `{f.key}` {f.default}" for f in fields)
        lines.append(f"- {system.label}: {cells}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover - prints the doc's table
    from board.stat_readers import readers

    print(stats_markdown(readers()), end="")
