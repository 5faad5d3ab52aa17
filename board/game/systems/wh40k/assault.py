"""Close combat against a building in Warhammer 40,000 and Horus Heresy (seed 000; no Qt).

Attacks on a building in close combat hit automatically and strike its rear armour (RULES.md
§4, seed 000 decision 7); void shields do not stop them. :func:`close_combat_odds` gives the
exact odds of each outcome before rolling; :func:`close_combat` rolls through
:func:`rules.wh40k.resolve_close_combat` and applies the outcome like a shot (the building's
hull points and damage results, occupants hit, forced out, the building fallen to ruins or a
crater) through :mod:`board.game.systems.wh40k.effects`, as ONE change with the log line.
"""

from __future__ import annotations

from collections.abc import Mapping

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario
from board.game.core.assault import AssaultError, AssaultResult, CloseCombatAttack, log_entry
from board.game.core.buildings import building_rules
from board.game.core.clock import TurnError, clock_of
from board.game.core.world import World
from board.game.systems.wh40k.damage import damage_table
from board.game.systems.wh40k.effects import ShotEffects, apply_effects
from board.game.systems.wh40k.shooting import odds_lines
from rules import wh40k
from rules.dice import Dice
from rules.wh40k.attack import CLOSE_COMBAT_FACING
from rules.words import counted, says

__all__ = ["CloseCombatAttack", "rules_attack", "MELTA_BOMBS", "HAYWIRE_GRENADES", "GRENADES",
           "close_combat_building", "close_combat_odds", "odds_text", "close_combat"]


def rules_attack(attack: CloseCombatAttack) -> wh40k.Attack:
    """The rules' attack profile of one hit of ``attack``."""
    return wh40k.Attack(attack.strength, attack.ap, attack.name, 2 if attack.armourbane else 1,
                        attack.haywire)


#: Melta bombs: Strength 8, AP1, Armourbane (2D6 penetration).
MELTA_BOMBS = CloseCombatAttack("Melta bombs", 8, 1, 1, armourbane=True)
#: Haywire grenades: Strength 2, AP –, Haywire.
HAYWIRE_GRENADES = CloseCombatAttack("Haywire grenades", 2, None, 1, haywire=True)
#: The grenades the close-combat form offers ready-made.
GRENADES = (MELTA_BOMBS, HAYWIRE_GRENADES)


def close_combat_building(scenario: Scenario, library: Mapping[str, Datasheet],
                          piece_id: str) -> wh40k.Building:
    """Return the 40K building ``piece_id`` as it is now, or refuse naming why."""
    piece = scenario.piece(piece_id)
    building = building_rules(scenario, library, piece)
    shown = library[piece.datasheet].name if piece.datasheet in library else piece_id
    if not isinstance(building, wh40k.Building):
        raise AssaultError(f"{shown} is not a {scenario.rule_system.label} building")
    if building.destroyed:
        raise AssaultError(f"{shown} is already {building.state.condition.value}")
    return building


def close_combat_odds(scenario: Scenario, library: Mapping[str, Datasheet], piece_id: str,
                      attack: CloseCombatAttack) -> wh40k.AttackOdds:
    """Return the exact odds of ``attack`` against the building's rear armour."""
    building = close_combat_building(scenario, library, piece_id)
    return wh40k.attack_odds(building, CLOSE_COMBAT_FACING, attack.attacks, None,
                             attack.strength, attack.ap,
                             damage_table(scenario.rule_system),
                             penetration_dice=2 if attack.armourbane else 1,
                             haywire=attack.haywire)


#: The odds in words — the same lines the Shoot dialog shows.
odds_text = odds_lines


def close_combat(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                 piece_id: str, attack: CloseCombatAttack, attacker: str,
                 dice: Dice) -> AssaultResult:
    """Roll ``attack`` against the building in close combat and return its whole effect."""
    building = close_combat_building(scenario, library, piece_id)
    try:
        clock = clock_of(scenario)
    except TurnError as error:
        raise AssaultError(str(error)) from None
    effects = ShotEffects(scenario, world, building)
    armour = building.armour(CLOSE_COMBAT_FACING)
    hits = wh40k.resolve_close_combat(building, rules_attack(attack), attack.attacks, dice,
                                      clock, damage_table(scenario.rule_system),
                                      effects.surroundings)
    change = Change()
    head = (f"{attacker} {says(attacker, 'assaults', 'assault')} {building.name} in close "
            f"combat ({CLOSE_COMBAT_FACING} armour {armour}, hits automatically) – {attack.text}")
    lines = [head, *(h.describe() for h in hits)]
    if len(hits) < attack.attacks:
        lines.append(f"{counted(attack.attacks - len(hits), 'attack')} had no building left "
                     "to strike")
    lines += apply_effects(scenario, library, effects, hits, change)
    change.log.append(log_entry("\n".join(lines), dice))
    return AssaultResult(change, lines)
