"""What Epic 40,000 buildings do by themselves inside a game turn (seed 001; no Qt).

Two steps of the Epic game turn the board plays when the players reach them
(:data:`EPIC_STEPS`, the Shooting and turn dock's buttons; once each game turn,
:func:`board.game.turns.play_phase_step`):

- **end of the Movement phase**: every crumbling building rolls a D6 to hit each stand still
  inside (its own armour, no +2: RULES.md §4 seed 001 decision 3); the stands killed are
  removed (:func:`rules.epic40k.end_of_movement_phase`);
- **start of the Shooting phase**: every burning building (critical row 12) attacks each
  detachment inside with D6 firepower (+2 armour for being inside), puts a blast marker on a
  detachment hit, and takes **1 point of damage from the flames** (no critical damage); a
  building brought to 0 rolls on the catastrophic table (:func:`rules.epic40k.
  start_of_shooting_phase`).

The start of a game turn (unstable and crumbling buildings fall on 5+) is :mod:`.turn`, played
by End turn.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario
from board.game.core.assault import remove_models, stat_int, unit_version
from board.game.core.buildings import building_rules, write_back
from board.game.core.names import Namer
from board.game.core.world import World, WorldCache
from board.game.systems.epic.shooting import epic_fall
from board.game.systems.epic.site import epic_site
from board.game.systems.protocol import PhaseStep
from rules import epic40k
from rules.dice import Dice
from rules.words import counted, says

__all__ = ["MOVEMENT_END", "SHOOTING_START", "EPIC_STEPS", "play_step"]

MOVEMENT_END, SHOOTING_START = "movement_end", "shooting_start"
#: The steps the board offers, in the order of the game turn.
EPIC_STEPS = (
    PhaseStep(MOVEMENT_END, "End of Movement phase",
              "a crumbling building hits each stand still inside at the end of each "
              "movement phase"),
    PhaseStep(SHOOTING_START, "Start of Shooting phase",
              "a burning building attacks the detachments inside at the start of "
              "the shooting phase and takes 1 point of damage from the flames each turn"),
)


def _crumble(scenario: Scenario, world: World, piece_id: str, state: epic40k.BuildingState,
             dice: Dice, change: Change, namer: Namer) -> list[str]:
    outcome = epic40k.end_of_movement_phase(state, epic_site(scenario, world, piece_id), dice)
    lines = [f"{namer.piece(piece_id)} is crumbling: {outcome.description}"]
    lines += [f"  {namer.model(h.unit)}: needs {h.needed}+, rolled "
              f"{' then '.join(str(r.faces[0]) for r in h.rolls)}: "
              f"{'destroyed' if h.killed else 'survives'}" for h in outcome.hits]
    lost = remove_models(scenario, change, sorted(h.unit for h in outcome.hits if h.killed))
    return lines + ([f"destroyed: {', '.join(lost)}"] if lost else [])


def _burn(scenario: Scenario, world: World, piece_id: str, state: epic40k.BuildingState,
          dice: Dice, change: Change, namer: Namer) -> list[str]:
    outcome = epic40k.start_of_shooting_phase(state, epic_site(scenario, world, piece_id), dice)
    lines = [f"{namer.piece(piece_id)} is burning (critical row 12):"]
    for attack in outcome.attacks:
        lines.append(f"  fire against {namer.unit(attack.detachment)}: firepower "
                     f"{attack.firepower.total}, {sum(h.killed for h in attack.hits)} of "
                     f"{counted(len(attack.hits), 'hit')} kill")
    damage = outcome.damage
    if damage is not None:
        lines.append(f"  {damage.description} (flames cause no critical damage)")
    killed = {h.unit for a in outcome.attacks for h in a.hits if h.killed}
    if damage is not None and damage.catastrophic and damage.catastrophic.collapse:
        killed |= damage.catastrophic.collapse.killed
    lost = remove_models(scenario, change, sorted(killed))
    lines += [f"destroyed: {', '.join(lost)}"] if lost else []
    for detachment, count in outcome.blast_markers.items():
        if change.units.get(detachment, True) is None:
            continue
        unit = unit_version(scenario, change, detachment)
        unit.stats["blast_markers"] = stat_int(unit, "blast_markers", default=0) + count
        lines.append(f"{unit.name} {says(unit.name, 'gains', 'gain')} {count} blast "
                     f"marker{'s' * (count > 1)}")
    if not state.standing:
        lines += epic_fall(scenario, change, piece_id, set())
    return lines


_STEP: dict[str, tuple[Callable[[epic40k.BuildingState], bool], Callable[..., list[str]]]] = {
    MOVEMENT_END: (lambda s: s.standing and s.condition is epic40k.Condition.CRUMBLING, _crumble),
    SHOOTING_START: (lambda s: s.standing and s.on_fire, _burn),
}


def play_step(key: str, scenario: Scenario, library: Mapping[str, Datasheet], dice: Dice,
              change: Change) -> list[str]:
    """Play the step ``key`` for every Epic building it concerns; the changes into ``change``."""
    concerns, play = _STEP[key]
    world = WorldCache(library).world_for(scenario)
    namer = Namer.for_scenario(scenario, world)
    lines: list[str] = []
    for piece in scenario.terrain:
        state = building_rules(scenario, library, piece)
        if not isinstance(state, epic40k.BuildingState) or not concerns(state):
            continue
        lines += play(scenario, world, piece.id, state, dice, change, namer)
        new = copy.deepcopy(change.pieces.get(piece.id) or piece)
        write_back(new, state, scenario.rule_system)
        change.pieces[piece.id] = new
    if not lines:
        step = next(s for s in EPIC_STEPS if s.key == key)
        lines.append(f"{step.label}: no building is "
                     f"{'crumbling' if key == MOVEMENT_END else 'burning'}")
    return lines
