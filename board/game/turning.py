"""What turning models means in each system (R on the board), as placements (no Qt).

Warhammer Fantasy units stand in ranks, bases touching: turning one base in place would push
its corners into its neighbours (a 25×50 mm cavalry base turned 90° overlaps both of them). So
in a ranked system the selected models of a unit turn together, as a block, about the centre
of their formation (the middle of the box round their bases in the unit's own frame, which
stays put: four quarter turns bring the unit back where it was). The seeds give no pivot for
a reform; the centre is the one that keeps the unit where it stood. A wheel about a front
corner is a move, made by dragging.

Warhammer 40,000, the Horus Heresy and Epic 40,000 place models one by one in a loose group
(skirmish: coherency, not ranks), so each selected model turns about its own centre: a round
base only changes its facing; a hull or an oval turns in place.

Whether the turned bases then stand clear of everything is
:func:`board.game.core.standing.standing_clashes`' to say.

>>> from board.document.model import Base, Model, RuleSystem, Scenario, TroopType, Unit
>>> unit = Unit("u", "Knights", "red", TroopType.CAVALRY,
...             [Model(f"m{k}", Base.rectangle_mm(50.8, 25.4), 10.0 + k, 10.0)
...              for k in range(3)])
>>> fantasy = Scenario(rule_system=RuleSystem.WARHAMMER_FANTASY, units=[unit])
>>> turned = turned_placements(fantasy, ["m0", "m1", "m2"], 90.0)
>>> {m: tuple(round(v, 6) for v in p) for m, p in turned.items()}
{'m0': (11.0, 9.0, 90.0), 'm1': (11.0, 10.0, 90.0), 'm2': (11.0, 11.0, 90.0)}
>>> turned_placements(Scenario(units=[unit]), ["m0"], 90.0)
{'m0': (10.0, 10.0, 90.0)}
"""

from __future__ import annotations

from collections.abc import Iterable

from board.document.model import Model, Scenario
from board.game.systems.setup import RANKED
from geometry.plane import rotate_point

__all__ = ["turned_placements", "turns_as_formation"]

Placement = tuple[float, float, float]


def turns_as_formation(scenario: Scenario) -> bool:
    """Whether a unit's selected models turn together about their centre (ranked systems)."""
    return scenario.rule_system in RANKED


def turned_placements(scenario: Scenario, model_ids: Iterable[str],
                      degrees: float) -> dict[str, Placement]:
    """Each model's ``(x, y, facing)`` after turning ``degrees`` clockwise (see module doc)."""
    groups: dict[str, list[Model]] = {}
    for model_id in model_ids:
        unit, model = scenario.model(model_id)
        groups.setdefault(unit.id if turns_as_formation(scenario) else model.id, []).append(model)
    turned: dict[str, Placement] = {}
    for models in groups.values():
        cx, cy = _formation_centre(models)
        for m in models:
            rx, ry = rotate_point((m.x - cx, m.y - cy), degrees)
            turned[m.id] = (cx + rx, cy + ry, (m.facing + degrees) % 360.0)
    return turned


def _formation_centre(models: list[Model]) -> tuple[float, float]:
    """The middle of the box round the bases' centres, in the frame of the first one's facing.

    A block of ranks is square to its facing; its rear rank may be short, and the box round
    the centres is still the block's.
    """
    if len(models) == 1:
        return models[0].x, models[0].y
    facing = models[0].facing
    local = [rotate_point((m.x, m.y), -facing) for m in models]
    xs, ys = [p[0] for p in local], [p[1] for p in local]
    return rotate_point(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), facing)
