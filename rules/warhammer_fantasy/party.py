"""Fighters, units and the assault party that fights for a building (seed 002).

Both players pick up to Unit Strength 10 (WAP 9th; ten models in 8th edition) from their unit
to fight, at least one model; a character not picked cannot step in later. Casualties come
from the back of the unit as usual (seed 002): the rest of the unit steps up, so the party
stays at full strength while the unit has models left, and the command models at the front (a
musician, a champion) are the last rank and file to fall.

>>> men = FantasyUnit("u", "Spearmen", "infantry", [Fighter(f"m{n}", 3, 3, 3, 3, 1)
...                                                  for n in range(15)], leadership=7)
>>> party = choose_party(men, [], FantasyOptions())
>>> len(party.members), len(party.reserves)
(10, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.dice import Dice, Roll
from rules.warhammer_fantasy.options import FantasyOptions
from rules.words import says

__all__ = [
    "PARTY_SIZE",
    "Fighter",
    "FantasyUnit",
    "AssaultParty",
    "choose_party",
    "casualty_order",
    "who_picks_first",
]

#: Seed 002 and RULES.md §4 seeds 002/004 decision 1: Unit Strength 10 in WAP, ten models
#: in 8th edition, and never fewer than one model.
PARTY_SIZE = 10


@dataclass(frozen=True)
class Fighter:
    """One model's close-combat profile and the flags the assault rules ask about.

    ``save`` is the armour save (5 for 5+, ``None`` for none); ``ward`` a ward save.
    ``mount_attacks`` are a cavalry mount's: seed 002, only the riders fight in an assault.
    ``stomps``: automatic Stomp hits at its Strength on the enemy model it is in base contact
    with (seed 002: in a building, the one its opponent nominates).
    ``name`` is what the players call the model (``Spearmen, model 3``; the board gives it):
    the rolls name it by :attr:`label`, its id when no name was given.
    """

    id: str
    ws: int
    s: int
    t: int
    i: int
    a: int
    w: int = 1
    save: int | None = None
    ward: int | None = None
    unit_strength: int = 1
    character: bool = False
    champion: bool = False
    musician: bool = False
    mount_attacks: int = 0
    name: str = field(default="", compare=False)
    #: Stomp hits it makes at the end of the round on the model it is in base contact with.
    stomps: int = 0

    @property
    def label(self) -> str:
        """The model as the players call it (its id when no name was given)."""
        return self.name or self.id

    @property
    def may_be_singled_out(self) -> bool:
        """Whether enemies may choose to attack this model (a character or champion)."""
        return self.character or self.champion


@dataclass
class FantasyUnit:
    """A unit and the characters who joined it, models listed front to back."""

    id: str
    name: str
    troop_type: str
    models: list[Fighter]
    leadership: int

    @property
    def characters(self) -> list[Fighter]:
        """Return the characters with the unit."""
        return [m for m in self.models if m.character]

    @property
    def rank_and_file(self) -> list[Fighter]:
        """Return the models that are not characters."""
        return [m for m in self.models if not m.character]

    def fighter(self, model_id: str) -> Fighter:
        """Return the model ``model_id`` (a ``KeyError`` naming it if absent)."""
        for model in self.models:
            if model.id == model_id:
                return model
        raise KeyError(f"{self.name} has no model {model_id!r}")


@dataclass
class AssaultParty:
    """The models of one unit fighting at the building, the rest waiting to step up."""

    unit: FantasyUnit
    members: list[Fighter]
    reserves: list[Fighter]
    wounds_left: dict[str, int] = field(default_factory=dict)
    casualties: list[str] = field(default_factory=list)
    stepped_up: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        for model in [*self.members, *self.reserves]:
            self.wounds_left.setdefault(model.id, model.w)

    def has(self, model_id: str) -> bool:
        """Whether ``model_id`` is fighting in the party now."""
        return any(m.id == model_id for m in self.members)

    @property
    def rank_and_file(self) -> list[Fighter]:
        """Return the party's rank-and-file models, front first."""
        return [m for m in self.members if not m.character]

    @property
    def musician(self) -> bool:
        """Whether a musician fights in the party."""
        return any(m.musician for m in self.members)

    def remove(self, model: Fighter) -> None:
        """Take a dead model out of the party (a character or a model struck by name)."""
        self.members.remove(model)
        self.casualties.append(model.id)
        if not model.character and self.reserves:
            fresh = casualty_order(self.reserves)[0]  # the back of the unit steps up
            self.reserves.remove(fresh)
            self.members.append(fresh)
            self.stepped_up.append(fresh.id)

    def next_casualty(self, spared: frozenset[str] = frozenset()) -> Fighter | None:
        """Return the model a wound on the rank and file falls on: the back of the unit.

        Seed 002: "Casualties come from the 'back' of the unit as usual, with extra models
        stepping up to keep the assault party at full strength." The reserves (the back of the
        unit) go first; then the party's own rank and file from the back, command models
        last; then its characters. ``spared`` are models that cannot be hit this way (the two
        in a challenge are in contact only with each other).
        """
        pools = (casualty_order(self.reserves), casualty_order(self.rank_and_file), self.members)
        for pool in pools:
            alive = [m for m in pool if m.id not in spared]
            if alive:
                return alive[0]
        return None

    def wound_rank_and_file(self, spared: frozenset[str] = frozenset()) -> Fighter | None:
        """Put one wound on :meth:`next_casualty`; return the model if it died."""
        model = self.next_casualty(spared)
        if model is None:
            return None
        self.wounds_left[model.id] -= 1
        if self.wounds_left[model.id] > 0:
            return None
        self.casualties.append(model.id)
        if model in self.reserves:
            self.reserves.remove(model)
        else:
            self.members.remove(model)
        return model


def casualty_order(models: Sequence[Fighter]) -> list[Fighter]:
    """Return rank-and-file models in the order they fall: back first, command models last.

    >>> from rules.warhammer_fantasy.party import Fighter
    >>> row = [Fighter("m1", 3, 3, 3, 3, 1), Fighter("mus", 3, 3, 3, 3, 1, musician=True),
    ...        Fighter("m3", 3, 3, 3, 3, 1)]
    >>> [m.id for m in casualty_order(row)]
    ['m3', 'm1', 'mus']
    """
    plain = [m for m in models if not (m.musician or m.champion)]
    command = [m for m in models if m.musician or m.champion]
    return [*reversed(plain), *reversed(command)]


def choose_party(
    unit: FantasyUnit, characters: Sequence[str], options: FantasyOptions
) -> AssaultParty:
    """Pick the assault party: the chosen characters, then rank and file up to the limit.

    RULES.md §4 seeds 002/004 decision 1: WAP fills to Unit Strength 10, 8th edition takes ten
    models, and the party is never empty. Characters not chosen stay out for good.
    """
    chosen = [unit.fighter(c) for c in characters]
    if any(not c.character for c in chosen):
        raise ValueError("only characters are chosen by name; rank and file fill the party")
    room = PARTY_SIZE
    if _size(chosen, options) > room:
        raise ValueError(f"the chosen characters are {_size(chosen, options)} strong, over {room}")
    members = list(chosen)
    rest = unit.rank_and_file
    while rest and _size([*members, rest[0]], options) <= room:
        members.append(rest.pop(0))
    if not members and rest:
        members.append(rest.pop(0))  # never fewer than one model
    if not members:
        raise ValueError(f"{unit.name} {says(unit.name, 'has', 'have')} no model to fight with")
    return AssaultParty(unit, members, rest)


def _size(models: Sequence[Fighter], options: FantasyOptions) -> int:
    return sum(m.unit_strength for m in models) if options.wap else len(models)


def who_picks_first(
    attacker: FantasyUnit, defender: FantasyUnit, options: FantasyOptions, dice: Dice
) -> tuple[str | None, Roll | None]:
    """Roll off for who picks a party first, when characters make the choice matter (seed 002).

    It matters when a unit has a character and more than a party's worth of models.
    Returns the id of the unit that picks first (``None`` if no roll was needed) and the roll.
    """
    def matters(unit: FantasyUnit) -> bool:
        return bool(unit.characters) and _size(unit.models, options) > PARTY_SIZE

    if not (matters(attacker) or matters(defender)):
        return None, None
    a, b = dice.roll_off("who picks the assault party first")
    return (attacker.id if a > b else defender.id), dice.rolls[-1]
