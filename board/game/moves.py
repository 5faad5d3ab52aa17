"""What a finished drag of models does besides moving them, as the rule system says (no Qt).

In Warhammer 40,000 and the Horus Heresy, a move on or off battlements rolls its terrain test
(:mod:`board.game.systems.wh40k.terrain_tests`) and models moved onto the battlements of an
unclaimed building claim it at once (seed 000;
:func:`board.game.systems.wh40k.battlements.battlement_claims`).
A drag that moves buildings claims nothing: the models on them move with them.

In every system, a model dragged wholly off the level it stood on (its base touching none of
the level's area) stands on the table again, in the same undo step
(:func:`board.game.core.levels.stepped_off`); one dragged partly off keeps its level, flagged.
"""

from __future__ import annotations

from collections.abc import Mapping

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.model import Scenario
from board.game.core.levels import stepped_off
from board.game.core.world import World
from board.game.systems.registry import system_for
from rules.dice import Dice

__all__ = ["shifts", "after_drag"]

XY = tuple[float, float]


def shifts(old: Mapping[str, XY], new: Mapping[str, XY]) -> dict[str, XY]:
    """How far each model moved, ``new - old`` (models in both only).

    >>> shifts({"a": (1.0, 2.0), "b": (0.0, 0.0)}, {"a": (4.0, 6.0)})
    {'a': (3.0, 4.0)}
    """
    return {m: (new[m][0] - x, new[m][1] - y) for m, (x, y) in old.items() if m in new}


def after_drag(scenario: Scenario, library: Mapping[str, Datasheet], world: World,
               old_models: Mapping[str, XY], new_models: Mapping[str, XY],
               pieces_moved: bool, dice: Dice | None = None) -> Change | None:
    """What a finished drag brings with it (a terrain test, a claim, a step down), or ``None``.

    ``world`` is the world before the drag; ``old_models`` and ``new_models`` the dragged
    models' centres before and after; ``dice`` roll any terrain test (fresh dice when not
    given).
    """
    if pieces_moved or not new_models:
        return None
    change = system_for(scenario.rule_system).after_models_moved(
        scenario, library, world, shifts(old_models, new_models), dice)
    down = stepped_off(scenario, world, old_models, new_models)
    if down is None:
        return change
    if change is None:
        return down
    # A unit the rules changed (a terrain test) is theirs: its models keep their levels.
    change.units.update({u: unit for u, unit in down.units.items() if u not in change.units})
    return change
