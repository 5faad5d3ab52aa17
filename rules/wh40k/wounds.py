"""Resolving a building's hits on the units it holds: to wound, random allocation, saves.

The hits a damage result causes (Strength 6, AP –, Ignores Cover) are randomly allocated
(RULES.md §1): all are rolled to wound against the unit's majority Toughness, then each wound
goes to a randomly picked model, which keeps taking wounds until it dies (a random model "counts
as closest until dead"). Each wound allows the model's best save (armour, unless the AP is low
enough, or invulnerable; never a cover save against Ignores Cover; a roll of 1 always fails).

When the board gives model profiles (:class:`ModelProfile`) in
:attr:`rules.wh40k.effects.Surroundings.profiles`, these rules resolve the hits and report the
casualties with every roll; otherwise the hits are only reported.

>>> to_wound_target(6, 4), to_wound_target(6, 6), to_wound_target(6, 10)
(2, 4, None)
>>> best_save(ModelProfile(toughness=4, save=3), ap=None)
3
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from rules.dice import Dice, Roll
from rules.names import Names, called
from rules.wh40k.units import UnitHits
from rules.words import counted

__all__ = [
    "ModelProfile",
    "to_wound_target",
    "best_save",
    "Allocation",
    "WoundOutcome",
    "resolve_wounds",
]


@dataclass(frozen=True)
class ModelProfile:
    """What a model needs for wounds: Toughness, armour and invulnerable saves, wounds left."""

    toughness: int
    save: int | None = None
    invulnerable: int | None = None
    wounds: int = 1


def to_wound_target(strength: int, toughness: int) -> int | None:
    """Return what a hit of ``strength`` needs to wound ``toughness`` (``None``: it cannot)."""
    difference = strength - toughness
    if difference >= 2:
        return 2
    if difference >= -1:
        return 4 - difference
    return 6 if difference >= -3 else None


def best_save(model: ModelProfile, ap: int | None, ignores_cover: bool = True) -> int | None:
    """Return the best save the model may take against AP ``ap`` (``None``: no save)."""
    options = [model.invulnerable] if model.invulnerable else []
    if model.save and (ap is None or ap > model.save):
        options.append(model.save)
    return max(2, min(options)) if options else None


@dataclass(frozen=True)
class Allocation:
    """The wounds that went to one randomly picked model."""

    model_id: str
    pick: Roll | None
    saves: tuple[Roll, ...]
    wounds_lost: int
    slain: bool


@dataclass(frozen=True)
class WoundOutcome:
    """Hits rolled to wound, and where the wounds went."""

    unit_ids: tuple[str, ...]
    needed: int | None
    wound_roll: Roll | None
    allocations: tuple[Allocation, ...]
    #: The failed To Wound rolls rolled again (Fuel Siphon), if any.
    reroll: Roll | None = None

    @property
    def wounds(self) -> int:
        """How many hits wounded (re-rolls included)."""
        if self.needed is None:
            return 0
        rolled = [*(self.wound_roll.faces if self.wound_roll else ()),
                  *(self.reroll.faces if self.reroll else ())]
        return sum(f >= self.needed for f in rolled)

    @property
    def casualties(self) -> tuple[str, ...]:
        """The models slain."""
        return tuple(a.model_id for a in self.allocations if a.slain)

    @property
    def rolls(self) -> list[Roll]:
        """Every roll, in order."""
        found = [self.wound_roll] if self.wound_roll else []
        found += [self.reroll] if self.reroll else []
        for allocation in self.allocations:
            found += ([allocation.pick] if allocation.pick else []) + list(allocation.saves)
        return found

    def describe(self, names: Names | None = None) -> str:
        """In words (units and models by ``names``)."""
        units = called(self.unit_ids, names)
        if self.needed is None:
            return f"{units}: the hits cannot wound"
        slain = called(self.casualties, names) or "none"
        again = (f" ({len(self.reroll.faces)} failed re-rolled: Fuel Siphon)"
                 if self.reroll else "")
        return f"{units}: {counted(self.wounds, 'wound')} on {self.needed}+{again}; slain: {slain}"


def _majority_toughness(models: Mapping[str, ModelProfile]) -> int:
    counts = Counter(m.toughness for m in models.values())
    return max(counts, key=lambda t: (counts[t], t))


def resolve_wounds(
    hits: UnitHits, models: Mapping[str, ModelProfile], dice: Dice, names: Names | None = None
) -> WoundOutcome:
    """Roll ``hits`` to wound against ``models`` (the living ones, in order) and allocate.

    ``names`` names the units and models in the rolls' purposes, as the log shows them.
    """
    if not models:
        return WoundOutcome(hits.unit_ids, None, None, ())
    needed = to_wound_target(hits.strength, _majority_toughness(models))
    if needed is None or hits.hits == 0:
        return WoundOutcome(hits.unit_ids, needed, None, ())
    roll = dice.roll(hits.hits, f"to wound {called(hits.unit_ids, names)} ({needed}+)")
    wounds = sum(face >= needed for face in roll.faces)
    reroll = None
    if hits.reroll_failed_wounds and wounds < hits.hits:
        reroll = dice.roll(hits.hits - wounds, f"to wound {called(hits.unit_ids, names)} "
                                               f"({needed}+, Fuel Siphon re-roll)")
        wounds += sum(face >= needed for face in reroll.faces)
    alive = dict(models)
    allocations: list[Allocation] = []
    while wounds and alive:
        allocation, used = _allocate(alive, wounds, hits, dice, names)
        wounds -= used
        allocations.append(allocation)
        if allocation.slain:
            del alive[allocation.model_id]
    return WoundOutcome(hits.unit_ids, needed, roll, tuple(allocations), reroll)


def _allocate(
    alive: Mapping[str, ModelProfile], wounds: int, hits: UnitHits, dice: Dice,
    names: Names | None,
) -> tuple[Allocation, int]:
    """Give wounds to one random model until it dies or they run out; return how many it took."""
    living = list(alive)
    pick = dice.roll(1, "random allocation", sides=len(living)) if len(living) > 1 else None
    model_id = living[pick.total - 1] if pick else living[0]
    model = alive[model_id]
    save = best_save(model, hits.ap, hits.ignores_cover)
    saves: list[Roll] = []
    used = lost = 0
    while used < wounds and lost < model.wounds:
        used += 1
        if save is not None:
            saves.append(dice.roll(1, f"{called(model_id, names)} save ({save}+)"))
            if saves[-1].total >= save:
                continue
        lost += 1
    return Allocation(model_id, pick, tuple(saves), lost, lost >= model.wounds), used
