"""Templates, cannonballs and spells on a Warhammer Fantasy garrison, and its Panic (no Qt).

Seed 002: "A template weapon (a stone thrower or cannon, for instance) inflicts D6 hits on any
unit in a building it touches -- a stone thrower's hits use its higher Strength only if the
template's centre lies over the building ... No single model can ever suffer more than one hit
from the same template weapon"; "Buildings offer no extra protection against magic missiles or
spells that affect a whole unit or target individual models. Template spells and Miscast damage
follow the usual template rules for buildings"; "A garrisoned unit takes Panic tests normally
... and flees as any unit breaking from combat would if it fails."

:func:`shoot_garrison` rolls the hits (:func:`rules.warhammer_fantasy.template_hits_on_garrison`),
wounds on Strength against the garrison's Toughness (``t``), its armour save worse by 1 per
Strength over 3 (``save``), Multiple Wounds capped at a model's Wounds (``w``), casualties off
the back of the unit; a quarter lost takes the Panic test on its Leadership, and a garrison
that fails is placed outside, on the far side from the firer, and flees its 2D6 away. All one
change with one log line, every roll and the seed.
"""

from __future__ import annotations

from collections.abc import Mapping

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario, Unit
from board.game.core.assault import log_entry, remove_models, stat_int
from board.game.core.buildings import building_rules, sheet_of
from board.game.core.shots import GarrisonShot, ShootingError, ShotResult
from board.game.core.world import World
from board.game.systems.fantasy.assault_facts import fighters
from board.game.systems.fantasy.building import FantasyBuilding
from board.game.systems.fantasy.friend_panic import (
    flee_from_building,
    friends_panic,
    unit_area,
)
from board.game.systems.fantasy.garrison_missiles import (
    BOLT,
    aim_lines,
    check_aim,
    roll_to_hit,
)
from board.game.systems.fantasy.garrison_shot_odds import odds_lines, shot_odds
from rules import warhammer_fantasy as wf
from rules.dice import Dice
from rules.warhammer_fantasy.magic import (
    SpellKind,
    miscast_hits,
    spell_protection,
    template_spell_hits,
)
from rules.warhammer_fantasy.melee import save_needed, wound_needed
from rules.warhammer_fantasy.panic import Losses, PanicCause, heavy_casualties
from rules.warhammer_fantasy.party import casualty_order
from rules.warhammer_fantasy.shooting import (
    TemplateOutcome,
    TemplateWeapon,
    cannon_multiple_wounds,
    multiply_wounds,
    template_hits_on_garrison,
)
from rules.words import counted, possessive

__all__ = ["ATTACKS", "GarrisonShot", "garrison_targets", "garrison_shot_lines",
           "shoot_garrison"]

XY = tuple[float, float]
#: The attacks rolled to hit against the garrison's hard cover (:mod:`.garrison_missiles`).
MISSILES, BOLT_THROWER = "missiles", BOLT
#: What may hit a garrison, as the dialog offers it: key → name.
ATTACKS = {
    MISSILES: "Missile volley (hard cover)", BOLT_THROWER: "Bolt thrower",
    "stone_thrower": "Stone thrower", "cannon": "Cannon", "template": "Template weapon",
    "template_spell": "Template spell", "miscast": "Miscast",
    SpellKind.MAGIC_MISSILE.value: "Magic missile",
    SpellKind.WHOLE_UNIT.value: "Spell on the whole unit",
    SpellKind.INDIVIDUAL_MODELS.value: "Spell on individual models",
}
_NO_TEMPLATE = {SpellKind.MAGIC_MISSILE.value, SpellKind.WHOLE_UNIT.value,
                SpellKind.INDIVIDUAL_MODELS.value}


def garrison_targets(scenario: Scenario, library: Mapping[str, Datasheet],
                     ) -> list[tuple[str, str]]:
    """``(piece id, label)`` of each garrisoned building: ``House (Spearmen inside)``."""
    found = []
    for piece in scenario.terrain:
        building = building_rules(scenario, library, piece)
        if isinstance(building, FantasyBuilding) and building.garrison is not None:
            found.append((piece.id, f"{library[piece.datasheet].name} "
                                    f"({building.garrison.unit_name} inside)"))
    return found


def _garrison(scenario: Scenario, library: Mapping[str, Datasheet], piece_id: str,
              ) -> tuple[FantasyBuilding, Unit, list[Unit]]:
    building = building_rules(scenario, library, scenario.piece(piece_id))
    if not isinstance(building, FantasyBuilding) or building.garrison is None:
        name = sheet_of(scenario, library, scenario.piece(piece_id)).name
        raise ShootingError(f"{name} holds no garrison to hit")
    return building, scenario.unit(building.garrison.unit), scenario.units_in(piece_id)


def _check(shot: GarrisonShot) -> None:
    if shot.attack not in ATTACKS:
        raise ShootingError(f"no attack {shot.attack!r}; the attacks are {sorted(ATTACKS)}")
    if shot.attack in _NO_TEMPLATE:
        raise ShootingError(spell_protection(SpellKind(shot.attack)).reason)
    if not 1 <= shot.strength <= 10:
        raise ShootingError(f"Strength must be 1 to 10, not {shot.strength}")
    if shot.attack in (MISSILES, BOLT_THROWER):
        check_aim(shot)


def garrison_shot_lines(scenario: Scenario, library: Mapping[str, Datasheet], piece_id: str,
                        shot: GarrisonShot) -> list[str]:
    """What will happen, before rolling (a spell the building does not stop is refused)."""
    _check(shot)
    _, unit, inside = _garrison(scenario, library, piece_id)
    models = sum(len(u.models) for u in inside)
    options = wf.FantasyOptions.from_dict(scenario.options)
    if shot.attack in (MISSILES, BOLT_THROWER):
        return aim_lines(shot, unit) + [
            f"wounds on {possessive(unit.name)} Toughness {stat_int(unit, 't')}, armour save "
            f"{unit.stats.get('save', 'none')}",
            f"a quarter of the unit lost: a Panic test on Leadership "
            f"{stat_int(unit, 'leadership')}",
            *odds_lines(shot_odds(shot, unit, models, None, options), unit)]
    cap = f"at most {models} (the models inside; none hit twice)" if options.wap \
        else "(8th edition: no cap)"
    weapon = _weapon(shot, options)
    return [f"{ATTACKS[shot.attack]} touching the building: D6 hits on {unit.name} {cap}",
            f"Strength {weapon.strength}; wounds on {possessive(unit.name)} Toughness "
            f"{stat_int(unit, 't')}, armour save {unit.stats.get('save', 'none')}",
            "a quarter of the unit lost: a Panic test on Leadership "
            f"{stat_int(unit, 'leadership')}",
            *odds_lines(shot_odds(shot, unit, models, weapon, options), unit)]


def _weapon(shot: GarrisonShot, options: wf.FantasyOptions) -> TemplateWeapon:
    if shot.attack == "stone_thrower":
        return TemplateWeapon("Stone thrower", shot.strength, shot.low_strength, "D6")
    if shot.attack == "cannon":
        return TemplateWeapon("Cannon", shot.strength, None,
                              cannon_multiple_wounds(options, shot.bounce))
    return TemplateWeapon(ATTACKS[shot.attack], shot.strength)


def _hits(shot: GarrisonShot, models: int, options: wf.FantasyOptions,
          dice: Dice) -> TemplateOutcome:
    if shot.attack == "template_spell":
        return template_spell_hits("Template spell", shot.strength, models, options, dice)
    if shot.attack == "miscast":
        return miscast_hits(shot.strength, models, options, dice)
    return template_hits_on_garrison(_weapon(shot, options), models, shot.centre_over,
                                     options, dice)


def _wounds(outcome: TemplateOutcome, unit: Unit, dice: Dice) -> tuple[int, list[str]]:
    """Roll to wound and save each hit; the wounds the unsaved hits cause (MW capped)."""
    toughness, wounds_each = stat_int(unit, "t"), stat_int(unit, "w", default=1)
    armour = None if unit.stats.get("save") is None else stat_int(unit, "save")
    to_wound = wound_needed(outcome.strength, toughness)
    if not outcome.hits:
        return 0, []
    if to_wound is None:
        return 0, [f"Strength {outcome.strength} cannot wound Toughness {toughness}"]
    save = save_needed(armour, outcome.strength)
    total, unsaved = 0, 0
    for k in range(outcome.hits):
        if dice.roll(1, f"to wound ({to_wound}+)").total < to_wound:
            continue
        if save is not None and dice.roll(1, f"armour save ({save}+)").total >= save:
            continue
        unsaved += 1
        carries = outcome.multiple_wounds if k < outcome.multiple_wounds_hits else None
        total += multiply_wounds(1, carries, wounds_each, dice)[0]
    saving = f", saves on {save}+" if save is not None else ", no save"
    return total, [f"{counted(outcome.hits, 'hit')} wound on {to_wound}+{saving}: "
                   f"{unsaved} unsaved, {counted(total, 'wound')}"]


def shoot_garrison(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                   piece_id: str, shot: GarrisonShot, firer: str, at: XY,
                   seed: int | None = None) -> ShotResult:
    """Roll the attack on the garrison of ``piece_id`` and return its effect as one change."""
    _check(shot)
    building, unit, inside = _garrison(scenario, library, piece_id)
    options = wf.FantasyOptions.from_dict(scenario.options)
    dice = Dice(seed)
    name = world.piece(piece_id).sheet.name
    if shot.attack in (MISSILES, BOLT_THROWER):
        outcome = roll_to_hit(shot, sum(len(u.models) for u in inside), dice)
    else:
        outcome = _hits(shot, sum(len(u.models) for u in inside), options, dice)
    wounds, lines = _wounds(outcome, unit, dice)
    lines = [f"{firer}: {ATTACKS[shot.attack]} at {unit.name} in {name}", outcome.description,
             *lines]
    order = [f.id for f in casualty_order(fighters(unit))]
    dead = order[:wounds // stat_int(unit, "w", default=1)]
    change = Change()
    lost = remove_models(scenario, change, dead)
    lines += [f"removed as casualties: {', '.join(lost)}"] if lost else []
    lines += _panic(scenario, change, world, piece_id, building, unit, len(dead), at, options,
                    dice)
    if len(dead) >= len(unit.models):  # destroyed: Panic in the friendly garrisons near it
        lines += friends_panic(scenario, library, world, change, unit,
                               PanicCause.FRIEND_DESTROYED, unit_area(world, unit, piece_id),
                               dice, skip=[piece_id])
    change.log.append(log_entry("\n".join(lines), dice))
    return ShotResult(change, lines, "")


def _panic(scenario: Scenario, change: Change, world: World, piece_id: str,
           building: FantasyBuilding, unit: Unit, dead: int, at: XY,
           options: wf.FantasyOptions, dice: Dice) -> list[str]:
    """Seed 002: a quarter lost in the phase, a Panic test; failed, out and fleeing."""
    if not dead:
        return []
    strength = stat_int(unit, "unit_strength", default=1)
    start = len(unit.models)
    if not heavy_casualties(Losses(dead, start, dead * strength, start * strength), options):
        return [f"{dead} of {start} lost: under a quarter, no Panic test"]
    if dead >= start:
        return []
    test = wf.garrison_panic_test(stat_int(unit, "leadership"), dice)
    lines = [f"{dead} of {start} lost, a quarter or more: {test.verdict}"]
    if not test.passed and test.flee is not None:
        lines += flee_from_building(scenario, change, world, piece_id, building, at,
                                    test.flee.total)
    return lines
