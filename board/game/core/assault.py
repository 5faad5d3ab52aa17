"""Storming a building: what the three rule systems' assaults share (no Qt).

The Storm dialog of each :class:`~board.game.systems.protocol.AssaultKind` fills in an order
(a :class:`CloseCombatOrder`; a :class:`StandsOrder` of the :class:`AssaultStand` objects the
system lists) and hands it to the scenario's ``GameSystem.assault_preview`` and ``storm``, as
the Shoot dialog hands its order to ``shot_preview`` and ``shoot``.

Each rule system has its own module: :mod:`board.game.systems.epic.assault` (Epic 40,000 close
assault), :mod:`board.game.systems.fantasy.assault` (the Warhammer Fantasy building assault) and
:mod:`board.game.systems.wh40k.assault` (40K and Horus Heresy close combat against a building). Each
reads the facts from the document and geometry, lets ``rules/`` decide, and hands back an
:class:`AssaultResult`: the whole effect as ONE :class:`~board.document.changes.Change` (the
building's state, casualties removed, units moved, the log line with every roll and the seed),
so that the board applies and undoes the assault in one step.

Profile values come from ``Unit.stats`` under the rulebook's names; a missing or bad value is
refused with an :class:`AssaultError` naming the unit and the key.

>>> from board.document.model import TroopType, Unit
>>> squad = Unit("u", "Spearmen", "red", TroopType.INFANTRY, stats={"leadership": 7})
>>> stat_int(squad, "leadership")
7
>>> stat_int(squad, "movement")
Traceback (most recent call last):
...
board.game.core.assault.MissingStatError: Spearmen have no Movement in their stats: \
enter it in Units ▸ Edit Unit… (Ctrl+Shift+U)
>>> stat_int(squad, "movement", default=4)
4
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field

from board.document.changes import Change
from board.document.model import LogEntry, Scenario, Unit
from board.document.stats import missing_stat_text
from board.game.core.names import Namer
from rules.decision import Decision
from rules.dice import Dice

__all__ = [
    "AssaultError",
    "MissingStatError",
    "AssaultResult",
    "CloseCombatAttack",
    "CloseCombatOrder",
    "AssaultStand",
    "StandsOrder",
    "stat_int",
    "stat_flag",
    "log_entry",
    "remove_models",
    "unit_version",
]


class AssaultError(ValueError):
    """An assault the rules or the facts refuse; the message says why, with the numbers."""


class MissingStatError(AssaultError):
    """A unit lacks a stat its rule reads; ``unit_id`` and ``key`` say which.

    A dialog showing it offers to open that unit in the unit editor, wherever the unit is.
    """

    def __init__(self, unit: Unit, key: str) -> None:
        super().__init__(missing_stat_text(unit, key))
        self.unit_id, self.key = unit.id, key


@dataclass
class AssaultResult:
    """An assault's whole effect on the document, and the lines a player reads."""

    change: Change
    lines: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """Every line, one per row."""
        return "\n".join(self.lines)


@dataclass(frozen=True)
class CloseCombatAttack:
    """The attacks made against a building: the weapon, its Strength and AP, how many.

    ``armourbane`` rolls 2D6 for penetration (melta bombs); ``haywire`` uses Haywire's own
    roll instead of penetration (seed 000).
    """

    name: str
    strength: int
    ap: int | None
    attacks: int
    armourbane: bool = False
    haywire: bool = False

    def __post_init__(self) -> None:
        if self.attacks < 1:
            raise AssaultError(f"{self.name}: at least 1 attack, not {self.attacks}")
        if not 1 <= self.strength <= 10:
            raise AssaultError(f"{self.name}: Strength runs from 1 to 10, not {self.strength}")
        if self.ap is not None and not 1 <= self.ap <= 6:
            raise AssaultError(f"{self.name}: AP runs from 1 to 6 (or –), not {self.ap}")

    @property
    def text(self) -> str:
        """``Melta bombs: 2 attacks, S8 AP1, Armourbane``."""
        ap = "–" if self.ap is None else str(self.ap)
        special = ", Armourbane" * self.armourbane + ", Haywire" * self.haywire
        return (f"{self.name}: {self.attacks} attack{'s' * (self.attacks != 1)}, "
                f"S{self.strength} AP{ap}{special}")


@dataclass(frozen=True)
class CloseCombatOrder:
    """The close-combat form's order: the ``attack``, and the unit fighting (its name).

    ``attacker`` may be ``None`` for the odds before a unit is chosen.
    """

    attack: CloseCombatAttack
    attacker: str | None = None


@dataclass(frozen=True)
class AssaultStand:
    """A stand (a model) in contact with the building, and whether it may assault.

    ``label`` is what it brings in the system's words (``Assault Marines m3: AF 6, psyker
    (0.3 cm)``), ``distance_cm`` how far its base is from the footprint; ``decision`` a no
    with the reason when it may not take part.
    """

    model_id: str
    unit_id: str
    unit_name: str
    side: str
    distance_cm: float
    label: str
    decision: Decision


@dataclass(frozen=True)
class StandsOrder:
    """The stands chosen to assault (model ids), and the defender's pick for the debris.

    ``debris_target``: the stand inside the debris of Epic critical row 10 falls on
    (``None``: the first inside).
    """

    chosen: tuple[str, ...]
    debris_target: str | None = None


_MISSING = object()


def stat_int(unit: Unit, key: str, default: int | None | object = _MISSING) -> int:
    """Return the whole number ``unit.stats[key]``; a missing or bad value is named."""
    value = unit.stats.get(key, default)
    if value is _MISSING or value is None:
        raise MissingStatError(unit, key)
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise AssaultError(f"{unit.name}: stats {key} {value!r} is not a whole number")
    return int(value)


def stat_flag(unit: Unit, key: str) -> bool:
    """Return ``unit.stats[key]`` as a yes or no (missing is no)."""
    value = unit.stats.get(key, False)
    if not isinstance(value, bool):
        raise AssaultError(f"{unit.name}: stats {key} {value!r} is not true or false")
    return value


def log_entry(text: str, dice: Dice, names: Namer | None = None) -> LogEntry:
    """Return the log line of an assault: the text, every roll since the last, and the seed.

    With ``names``, the ids a rules module wrote in the text and the rolls' purposes are
    written as names (:meth:`Namer.say`).
    """
    rolls = [r.to_dict() for r in dice.take()]
    if names is not None:
        text = names.say(text)
        for roll in rolls:
            roll["purpose"] = names.say(str(roll.get("purpose", "")))
    return LogEntry(text, rolls, dice.seed)


def unit_version(scenario: Scenario, change: Change, unit_id: str) -> Unit:
    """Return the change's new version of a unit, making it (a deep copy) on first use."""
    found = change.units.get(unit_id)
    if found is None:
        found = copy.deepcopy(scenario.unit(unit_id))
        change.units[unit_id] = found
    return found


def remove_models(scenario: Scenario, change: Change, model_ids: Iterable[str]) -> list[str]:
    """Take the models in ``model_ids`` off their units in ``change``; return the names lost.

    A unit that loses every model is removed. Returns each model's name as the scenario had it
    (``Guard Squad, model 2``; the unit's name alone for a one-model unit).
    """
    names = Namer.for_scenario(scenario, None)
    lost: list[str] = []
    by_unit: dict[str, list[str]] = {}
    for model_id in model_ids:
        unit, _ = scenario.model(model_id)
        by_unit.setdefault(unit.id, []).append(model_id)
    for unit_id, dead in by_unit.items():
        if unit_id in change.units and change.units[unit_id] is None:
            continue
        unit = unit_version(scenario, change, unit_id)
        unit.models = [m for m in unit.models if m.id not in dead]
        lost += [names.model(m) for m in dead]
        if not unit.models:
            change.units[unit_id] = None
    return lost
