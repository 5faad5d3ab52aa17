"""A scenario as it would be with some models moved: what overlays show during a drag.

A drag moves items on the board before the document changes (the move is one undo step, on
release). An overlay that should follow the drag asks about :func:`moved_scenario`, which
copies only the units whose models moved, so that a world cache reuses every other shape.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping

from board.document.model import Scenario

__all__ = ["moved_scenario"]


def moved_scenario(scenario: Scenario,
                   positions: Mapping[str, tuple[float, float]]) -> Scenario:
    """Return ``scenario`` with the models in ``positions`` at those ``(x, y)``, inches.

    The scenario itself is not changed; units without a moved model are shared.

    Examples
    --------
    >>> from board.document.model import Base, Model, TroopType, Unit
    >>> unit = Unit("u", "U", "red", TroopType.INFANTRY, [Model("m", Base.round_mm(25), 1, 1)])
    >>> still = Unit("s", "S", "red", TroopType.INFANTRY, [Model("n", Base.round_mm(25), 5, 5)])
    >>> scenario = Scenario(units=[unit, still])
    >>> moved = moved_scenario(scenario, {"m": (3.0, 4.0)})
    >>> moved.unit("u").models[0].x, scenario.unit("u").models[0].x, moved.unit("s") is still
    (3.0, 1, True)
    """
    if not positions:
        return scenario
    units = []
    for unit in scenario.units:
        if not any(m.id in positions for m in unit.models):
            units.append(unit)
            continue
        unit = copy.deepcopy(unit)
        for model in unit.models:
            if model.id in positions:
                model.x, model.y = positions[model.id]
        units.append(unit)
    return dataclasses.replace(scenario, units=units)
