"""The battlements' terrain tests rolled when a drag moves models on or off them (seed 000).

Battlements are difficult terrain. A drag that moves a unit's models onto, off or along them
rolls the test the unit type needs (:mod:`rules.wh40k.terrain`) with the board's dice, in the
same undo step as the move, and applies it:

- **difficult** (2D6, the highest die is the farthest the unit may move): rolled once per unit
  per player turn (kept in ``Unit.stats``: ``difficult_terrain_on``, ``[game turn, side]``,
  and ``difficult_terrain_move``, the highest die); a drag that took a model of the unit
  farther than that (the straight line from where it was picked up) is undone for that
  unit, its models put back, the roll kept;
- **dangerous** (a D6 per model starting or ending on the battlements): on a 1 a vehicle loses
  a hull point and is Immobilised (the board keeps no hull points for vehicles: the log says
  so), another model suffers a Wound with no cover save, its armour or invulnerable save from
  the unit's ``save``/``invulnerable`` stats; a model of one Wound (``wounds``) that fails is
  removed;
- Jump, Jet Pack, Jetbike and Skimmer units starting or ending there: no test, no die.

Each unit tested gets one log line with its dice and the seed, so a shared board's fair seed
replays like every other roll.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from board.document.datasheet import Datasheet
from board.document.model import LogEntry, Scenario, Unit
from board.game.core.names import Namer
from board.game.core.world import World
from board.game.measuring.rings import moved_world
from board.game.occupancy.common import turn_mark
from geometry import EPSILON, format_distance
from rules.dice import Dice
from rules.wh40k.battlements import BattlementsMove, TerrainTest
from rules.wh40k.terrain import TerrainOptions, battlements_move, roll_terrain_test

__all__ = ["DIFFICULT_TERRAIN_ON", "DIFFICULT_TERRAIN_MOVE", "TerrainTests", "terrain_tests"]

XY = tuple[float, float]

#: ``Unit.stats`` keys: the player turn of the unit's difficult-terrain roll (``[game turn,
#: side]``) and its highest die.
DIFFICULT_TERRAIN_ON, DIFFICULT_TERRAIN_MOVE = "difficult_terrain_on", "difficult_terrain_move"


@dataclass
class TerrainTests:
    """What the tests did: the units' new versions, the log lines, the models kept back."""

    units: dict[str, Unit | None] = field(default_factory=dict)
    log: list[LogEntry] = field(default_factory=list)
    #: Models whose move was undone (too far for the difficult-terrain roll) or who died.
    not_moved: set[str] = field(default_factory=set)


def _options(scenario: Scenario) -> tuple[TerrainOptions, str]:
    try:
        return TerrainOptions.from_dict(scenario.options), ""
    except ValueError as error:
        return TerrainOptions(), f" ({error}: played as false)"


def _save(unit: Unit) -> int | None:
    saves = [v for v in (unit.stats.get("save"), unit.stats.get("invulnerable"))
             if isinstance(v, int) and not isinstance(v, bool)]
    return min(saves) if saves else None


def terrain_tests(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                  moved: Mapping[str, XY], dice: Dice) -> TerrainTests:
    """Roll and apply the terrain test of every unit ``moved`` took on or off battlements.

    ``world`` is the table before the drag; ``moved`` each dragged model's shift (inches).
    The units returned carry the models where the drag left them (or back where they were),
    less the models lost.
    """
    out = TerrainTests()
    before = world.on_battlements(list(moved))
    after = moved_world(world, moved).on_battlements(list(moved))
    options, note = _options(scenario)
    namer = Namer.for_scenario(scenario, world)
    mark = turn_mark(scenario)
    for unit_id in dict.fromkeys(world.models[m].unit_id for m in moved if m in world.models):
        ids = [m for m in moved if m in world.models and world.models[m].unit_id == unit_id]
        concerned = [m for m in ids if m in before or m in after]
        if not concerned:
            continue
        unit = scenario.unit(unit_id)
        started, ended = any(m in before for m in ids), any(m in after for m in ids)
        move = battlements_move(unit.troop_type.value, started, ended,
                                dangerous_types=options.dangerous_types)
        pieces = {p for m in ids for p in (before.get(m), after.get(m)) if p}
        where = ", ".join(sorted(namer.piece(p) for p in pieces))
        new = copy.deepcopy(unit)
        back: set[str] = set()
        if move.test is TerrainTest.DIFFICULT:
            text, back = _difficult(new, move, ids, moved, dice, mark)
        else:
            result = roll_terrain_test(move, concerned, dice, _save(unit),
                                       int(unit.stats.get("wounds", 1)), unit.name)
            names = {m: namer.model(m) for m in concerned}
            text = result.describe(names)
            if result.hull_points_lost:
                text += " (the board keeps no vehicle hull points: mark it)"
            lost = set(result.lost)
            new.models = [m for m in new.models if m.id not in lost]
            back |= lost
        for model in new.models:
            if model.id in moved and model.id not in back:
                dx, dy = moved[model.id]
                model.x, model.y = model.x + dx, model.y + dy
        rolls = dice.take()
        entry = LogEntry(f"{unit.name} ({where}): {text}{note if rolls else ''}",
                         [r.to_dict() for r in rolls], dice.seed if rolls else None)
        out.log.append(entry)
        out.not_moved |= back
        # A unit put back is written even when nothing else changed (a roll reused this turn):
        # the drag's own move is applied first, and only this puts the models back.
        if back or new.models != unit.models or new.stats != unit.stats:
            out.units[unit_id] = new if new.models else None
    return out


def _difficult(new: Unit, move: BattlementsMove, ids: list[str], moved: Mapping[str, XY],
               dice: Dice, mark: list[Any] | None) -> tuple[str, set[str]]:
    """Roll (or reuse this turn's roll) and put the unit back when it went too far."""
    stored = new.stats.get(DIFFICULT_TERRAIN_MOVE)
    if mark is not None and new.stats.get(DIFFICULT_TERRAIN_ON) == mark \
            and isinstance(stored, int) and not isinstance(stored, bool):
        highest = stored
        text = f"{move.reason}: rolled this turn already: may move up to {highest}\""
    else:
        result = roll_terrain_test(move, ids, dice, who=new.name)
        highest = result.highest or 0
        text = result.describe()
        if mark is not None:
            new.stats[DIFFICULT_TERRAIN_ON] = list(mark)
            new.stats[DIFFICULT_TERRAIN_MOVE] = highest
    farthest = max(math.hypot(*moved[m]) for m in ids)
    if farthest > highest + EPSILON:
        text += (f"; moved {format_distance(farthest, highest)}, farther than {highest}\": "
                 f"the models go back (move them again, up to {highest}\")")
        return text, set(ids)
    return text + f"; moved {format_distance(farthest, highest)}", set()
