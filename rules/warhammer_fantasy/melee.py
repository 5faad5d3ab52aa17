"""One round of the fight for a building (seed 002; RULES.md sections 3 and 4).

Blows go in Initiative order, highest first, equal Initiative at the same time. Each model
attacks the rank and file unless its player declared it attacks a character or champion in the
enemy party (at most half the models of the party attacking, at least one); two models in the
challenge fight only each other. No charge bonuses of any kind (RULES.md §4 seeds 002/004
decision 4: not even WAP's +1 Initiative for chargers).

>>> hit_needed(4, 3), hit_needed(3, 3), hit_needed(3, 7)
(3, 4, 5)
>>> wound_needed(5, 3), wound_needed(3, 5), wound_needed(3, 7)
(2, 6, None)
>>> save_needed(5, 4)
6
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.atomic import atomic
from rules.dice import Dice, Roll
from rules.warhammer_fantasy.options import FantasyOptions
from rules.warhammer_fantasy.party import AssaultParty, Fighter

__all__ = [
    "hit_needed",
    "wound_needed",
    "save_needed",
    "Challenge",
    "Strike",
    "RoundOutcome",
    "max_attackers_on_character",
    "in_contact_with",
    "fight_round",
]


def hit_needed(attacker_ws: int, defender_ws: int) -> int:
    """Return the to-hit roll in close combat from the two Weapon Skills."""
    if attacker_ws > defender_ws:
        return 3
    return 5 if defender_ws > 2 * attacker_ws else 4


def wound_needed(strength: int, toughness: int) -> int | None:
    """Return the to-wound roll from Strength and Toughness (``None``: cannot wound)."""
    difference = strength - toughness
    if difference <= -4:
        return None
    return {2: 2, 1: 3, 0: 4, -1: 5}.get(min(difference, 2), 6)


def save_needed(save: int | None, strength: int) -> int | None:
    """Return the armour save after the Strength modifier (-1 per point over 3)."""
    if save is None:
        return None
    needed = save + max(strength - 3, 0)
    return needed if needed <= 6 else None


@dataclass(frozen=True)
class Challenge:
    """The one challenge of the assault: two models already in the parties."""

    challenger: str
    accepter: str


@dataclass(frozen=True)
class Strike:
    """One model's blows: every roll, the numbers needed, unsaved wounds."""

    fighter: str
    target: str
    hits: Roll
    hit_on: int
    wounds: Roll | None
    wound_on: int | None
    saves: Roll | None
    save_on: int | None
    wards: Roll | None
    unsaved: int
    stomp: bool = False  # Stomps: automatic hits on the model in base contact


@dataclass(frozen=True)
class RoundOutcome:
    """A round: every strike, the wounds each side caused for the result, the casualties."""

    strikes: tuple[Strike, ...]
    wounds_caused: dict[str, int]  # unit id → wounds counted toward the result
    overkill: dict[str, int]
    casualties: dict[str, tuple[str, ...]]
    stepped_up: dict[str, tuple[str, ...]]


def max_attackers_on_character(party_size: int) -> int:
    """Return how many models may attack a character instead of the rank and file.

    RULES.md §4 seeds 002/004 decision 2: half the attacking party, rounded down, at least 1.
    """
    return max(party_size // 2, 1)


def in_contact_with(fighter: str, challenge: Challenge | None, nominated: str) -> str:
    """Return the model ``fighter`` counts as in base contact with (for Stomps and the like).

    Seed 002: the enemy model its opponent nominated, or its foe in a challenge.
    """
    if challenge and fighter == challenge.challenger:
        return challenge.accepter
    if challenge and fighter == challenge.accepter:
        return challenge.challenger
    return nominated


@atomic("attacker", "defender", "dice")
def fight_round(
    attacker: AssaultParty,
    defender: AssaultParty,
    dice: Dice,
    options: FantasyOptions,
    targets: Mapping[str, str] | None = None,
    challenge: Challenge | None = None,
    nominated: Mapping[str, str] | None = None,
) -> RoundOutcome:
    """Fight one round between the two assault parties (both are changed).

    ``targets`` maps a model to the enemy character or champion it attacks instead of the rank
    and file. ``nominated`` maps a model with Stomps to the enemy model its opponent nominated
    as in base contact with it (seed 002); unless told, the last rank-and-file model of the
    enemy party. The Stomps
    come after the last Initiative step.
    """
    targets = dict(targets or {})
    _check_challenge(attacker, defender, challenge)
    for own, enemy in ((attacker, defender), (defender, attacker)):
        _check_targets(own, enemy, targets, challenge)
    tally = _Tally(attacker, defender, options)
    tally.challenge = challenge
    for step in sorted({m.i for m in [*attacker.members, *defender.members]}, reverse=True):
        _initiative_step(step, tally, dice, targets, challenge)
    _stomps(tally, dice, dict(nominated or {}), challenge)
    return tally.outcome()


class _Tally:
    def __init__(self, attacker: AssaultParty, defender: AssaultParty, opts: FantasyOptions):
        self.parties = (attacker, defender)
        self.options = opts
        self.challenge: Challenge | None = None
        self.struck: set[str] = set()
        self.strikes: list[Strike] = []
        self.wounds = {attacker.unit.id: 0, defender.unit.id: 0}
        self.overkill = {attacker.unit.id: 0, defender.unit.id: 0}
        self.start = {p.unit.id: (len(p.casualties), len(p.stepped_up)) for p in self.parties}

    def enemy_of(self, party: AssaultParty) -> AssaultParty:
        return self.parties[1] if party is self.parties[0] else self.parties[0]

    def outcome(self) -> RoundOutcome:
        cas = {p.unit.id: tuple(p.casualties[self.start[p.unit.id][0]:]) for p in self.parties}
        up = {p.unit.id: tuple(p.stepped_up[self.start[p.unit.id][1]:]) for p in self.parties}
        return RoundOutcome(tuple(self.strikes), dict(self.wounds), dict(self.overkill), cas, up)


def _check_challenge(a: AssaultParty, d: AssaultParty, challenge: Challenge | None) -> None:
    if challenge is None:
        return
    pairs = [(a, d), (d, a)]
    if not any(p.has(challenge.challenger) and q.has(challenge.accepter) for p, q in pairs):
        raise ValueError(
            f"a challenge is fought only between models already in the two assault parties: "
            f"{challenge.challenger} and {challenge.accepter} are not"
        )


def _check_targets(
    own: AssaultParty, enemy: AssaultParty, targets: dict[str, str], ch: Challenge | None
) -> None:
    mine = {f: t for f, t in targets.items() if own.has(f)}
    duellists = {ch.challenger, ch.accepter} if ch else set()
    for fighter, target in mine.items():
        model = next((m for m in enemy.members if m.id == target), None)
        if model is None or not model.may_be_singled_out:
            raise ValueError(f"{fighter} may attack only a character or champion in the enemy "
                             f"party, and {target} is not one")
        if fighter in duellists or target in duellists:
            raise ValueError(f"{fighter} → {target}: models in the challenge fight only there")
    limit = max_attackers_on_character(len(own.members))
    if len(mine) > limit:
        raise ValueError(f"{len(mine)} models of {own.unit.name} attack characters; at most "
                         f"half of its {len(own.members)} may ({limit})")


def _initiative_step(
    step: int, tally: _Tally, dice: Dice, targets: dict[str, str], ch: Challenge | None
) -> None:
    """All models of Initiative ``step`` strike, then the casualties are taken."""
    pending: list[tuple[AssaultParty, Fighter | None, Strike, bool]] = []
    for party in tally.parties:
        enemy = tally.enemy_of(party)
        for model in [m for m in party.members if m.i == step and m.id not in tally.struck]:
            tally.struck.add(model.id)
            victim, duel = _target_of(model, enemy, targets, ch)
            if victim is None:
                continue
            strike = _strike(model, victim, dice)
            tally.strikes.append(strike)
            single = victim if (duel or targets.get(model.id) == victim.id) else None
            pending.append((enemy, single, strike, duel))
    for enemy, single, strike, duel in pending:
        _take_wounds(tally, enemy, single, strike.unsaved, duel)


def _target_of(
    model: Fighter, enemy: AssaultParty, targets: dict[str, str], ch: Challenge | None
) -> tuple[Fighter | None, bool]:
    duellists = {ch.challenger, ch.accepter} if ch else set()
    if model.id in duellists and ch is not None:
        foe = ch.accepter if model.id == ch.challenger else ch.challenger
        found = next((m for m in enemy.members if m.id == foe), None)
        return found, True
    chosen = next((m for m in enemy.members if m.id == targets.get(model.id)), None)
    if chosen is not None:
        return chosen, False
    rank = [m for m in enemy.rank_and_file if m.id not in duellists]
    others = [m for m in enemy.members if m.id not in duellists]
    pool = rank or others
    return (pool[0] if pool else None), False


def _strike(model: Fighter, victim: Fighter, dice: Dice) -> Strike:
    """Roll one model's attacks; a cavalry model fights with its rider only (seed 002)."""
    hit_on = hit_needed(model.ws, victim.ws)
    hits = dice.roll(model.a, f"{model.label} attacks {victim.label}: to hit ({hit_on}+)")
    scored = sum(f >= hit_on for f in hits.faces)
    wound_on = wound_needed(model.s, victim.t)
    wounds = saves = wards = None
    wounded = 0
    if scored and wound_on is not None:
        wounds = dice.roll(scored, f"{model.label}: to wound ({wound_on}+)")
        wounded = sum(f >= wound_on for f in wounds.faces)
    save_on = save_needed(victim.save, model.s)
    if wounded and save_on is not None:
        saves = dice.roll(wounded, f"{victim.label}: armour save ({save_on}+)")
        wounded -= sum(f >= save_on for f in saves.faces)
    if wounded and victim.ward is not None:
        wards = dice.roll(wounded, f"{victim.label}: ward save ({victim.ward}+)")
        wounded -= sum(f >= victim.ward for f in wards.faces)
    return Strike(model.id, victim.id, hits, hit_on, wounds, wound_on, saves, save_on, wards,
                  wounded)


def _stomps(tally: _Tally, dice: Dice, nominated: dict[str, str],
            ch: Challenge | None) -> None:
    """Each surviving model with Stomps hits the model it is in base contact with (seed 002)."""
    for party in tally.parties:
        enemy = tally.enemy_of(party)
        for model in [m for m in party.members if m.stomps > 0]:
            pool = enemy.rank_and_file or enemy.members
            chosen = nominated.get(model.id) or (pool[-1].id if pool else "")
            contact = in_contact_with(model.id, ch, chosen)
            victim = next((m for m in enemy.members if m.id == contact), None)
            if victim is None and contact == chosen and pool:
                victim = pool[-1]  # the model named fell: the next in contact is the last
            if victim is None:
                continue
            strike = _stomp(model, victim, dice)
            tally.strikes.append(strike)
            duel = ch is not None and model.id in (ch.challenger, ch.accepter)
            _take_wounds(tally, enemy, victim, strike.unsaved, duel)


def _stomp(model: Fighter, victim: Fighter, dice: Dice) -> Strike:
    """Stomps hit automatically: wound, armour and ward saves as any blow."""
    hits = Roll(f"{model.label} stomps {victim.label}: {model.stomps} automatic hits",
                (model.stomps,), max(model.stomps, 1))  # a count, not a die
    wound_on = wound_needed(model.s, victim.t)
    wounds = saves = wards = None
    wounded = 0
    if wound_on is not None:
        wounds = dice.roll(model.stomps, f"{model.label} stomps: to wound ({wound_on}+)")
        wounded = sum(f >= wound_on for f in wounds.faces)
    save_on = save_needed(victim.save, model.s)
    if wounded and save_on is not None:
        saves = dice.roll(wounded, f"{victim.label}: armour save ({save_on}+)")
        wounded -= sum(f >= save_on for f in saves.faces)
    if wounded and victim.ward is not None:
        wards = dice.roll(wounded, f"{victim.label}: ward save ({victim.ward}+)")
        wounded -= sum(f >= victim.ward for f in wards.faces)
    return Strike(model.id, victim.id, hits, 0, wounds, wound_on, saves, save_on, wards,
                  wounded, stomp=True)


def _take_wounds(
    tally: _Tally, party: AssaultParty, single: Fighter | None, wounds: int, duel: bool
) -> None:
    """Apply wounds: on a singled-out model (overkill counts in a challenge), else rank and file.

    Seed 002: overkill from a challenge counts toward the result (no cap in WAP; the 8th
    edition's +5 cap, RULES.md section 3, by the option); wounds on the rank and file fall on
    the back of the unit, never on the two models fighting the challenge.
    """
    scorer = tally.enemy_of(party).unit.id
    if single is not None:
        left = party.wounds_left[single.id]
        dealt = min(wounds, left)
        cap = tally.options.overkill_cap
        over = wounds - dealt
        extra = (over if cap is None else min(over, cap)) if duel else 0
        tally.wounds[scorer] += dealt + extra
        tally.overkill[scorer] += extra
        party.wounds_left[single.id] = left - dealt
        if left - dealt <= 0 and party.has(single.id):
            party.remove(single)
        return
    tally.wounds[scorer] += wounds
    spared = frozenset({ch.challenger, ch.accepter}) if (ch := tally.challenge) else frozenset()
    for _ in range(wounds):
        if party.next_casualty(spared) is None:
            return
        party.wound_rank_and_file(spared)
