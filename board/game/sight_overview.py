r"""Who sees whom: for one unit, every enemy unit it can see, with the share and the cover.

The line of sight tool's own exact pass (:mod:`board.game.sight`), asked once for every
enemy model on the table at once instead of once per target unit: each of the unit's models
is an eye, each enemy model a target, the visible share of each pair computed in one
vectorised pass over the terrain's convex parts; then, per enemy unit, how many of its models
are seen and how many of those are in cover (40K and the Horus Heresy: 25% or more hidden
from a firer that sees it; on battlements, 4+ cover however seen), as the tool says it.
No rays are traced: the board marks the units, the tool draws the rays of the one chosen.

>>> from board.document.io import default_library
>>> from board.document.model import Base, Model, Scenario, Side, TroopType, Unit
>>> from board.game.core.world import WorldCache
>>> red = Unit("r", "Squad", "red", TroopType.INFANTRY, [Model("r0", Base.round_mm(32), 5, 5)])
>>> blue = Unit("b", "Boyz", "blue", TroopType.INFANTRY, [Model("b0", Base.round_mm(32), 20, 5)])
>>> scenario = Scenario(sides=[Side("red", "Red", "#f00"), Side("blue", "Blue", "#00f")],
...                     units=[red, blue])
>>> world = WorldCache(default_library()).world_for(scenario)
>>> [v.text for v in sight_overview(scenario, world, "r")]
['Boyz: 100% visible\nin the open']
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from numpy.typing import NDArray

from board.document.model import Scenario
from board.game.core.names import Namer
from board.game.core.shooters import Eye, Shooter, ShooterKind, shooter_eyes
from board.game.core.world import World
from board.game.sight import ModelSight, _gives_cover, _shares, _top, sight_rule
from board.game.sight_verdicts import UnitVerdict, unit_verdicts
from geometry import BORDERLINE, COVER_HIDDEN, Circle, RoundBases, Shape
from geometry.picture import hidden_shares_from
from geometry.targeting import SEEN

FloatArray = NDArray[np.float64]

__all__ = ["sight_overview", "enemy_models"]


def enemy_models(world: World, unit_id: str) -> list[str]:
    """Every model on the table of a side other than ``unit_id``'s, in the world's order."""
    side = world.units[unit_id].side
    return [m.model_id for m in world.models.values() if m.side != side]


def _round_shares(world: World, eyes: list[Eye], shapes: list[Shape], tops: FloatArray,
                  bottoms: FloatArray) -> FloatArray:
    """The same pass for round bases seen by models, the bases as one array (no per-base work).

    :func:`geometry.picture.hidden_shares_from` reads a :class:`geometry.RoundBases` as an
    array; the tool's pass hands it a list of circles (a few targets, any shapes).
    """
    xyr = np.array([(c.x, c.y, c.radius) for c in shapes if isinstance(c, Circle)], dtype=float)
    count, many = len(shapes), len(eyes)
    at = np.repeat(np.array([e.observer.points[0] for e in eyes], dtype=float), count, axis=0)
    heights = np.repeat([e.observer.height for e in eyes], count)
    ignore = frozenset().union(*(e.observer.ignore for e in eyes))
    bases = RoundBases(np.tile(xyr, (many, 1)))
    hidden = hidden_shares_from(world.terrain.index, at, heights, bases, np.tile(tops, many),
                                np.tile(bottoms, many), sight_rule(world.rule_system), ignore)
    return (1.0 - hidden).reshape(many, count)


def _sights(world: World, unit_id: str, targets: list[str], cover: bool,
            names: Namer) -> list[ModelSight]:
    eyes = shooter_eyes(world, Shooter(ShooterKind.UNIT, unit_id))
    shapes = [world.models[m].shape for m in targets]
    up = world.on_battlements(targets)
    bottoms = np.array([world.standing_height(m, up) for m in targets], dtype=float)
    tops = np.array([_top(world, m, up) for m in targets], dtype=float)
    simple = all(len(e.observer.points) == 1 and e.observer.arc is None for e in eyes)
    if simple and all(isinstance(c, Circle) for c in shapes):
        shares = _round_shares(world, eyes, shapes, tops, bottoms)
    else:
        shares = _shares(world, eyes, shapes, tops, bottoms)
    # The tool's verdict of each target model (sight._unit_sights), for every column at once.
    seen = shares > SEEN
    hidden = 1.0 - shares
    obscured = np.any(seen & (hidden >= COVER_HIDDEN - 1e-9), axis=0)
    sure = np.any(seen & (hidden >= COVER_HIDDEN + BORDERLINE), axis=0) | np.all(
        ~seen | (hidden <= COVER_HIDDEN - BORDERLINE), axis=0)
    seen_by = seen.sum(axis=0)
    worst = np.where(seen, hidden, -np.inf).max(axis=0)
    found = []
    for j, model_id in enumerate(targets):
        count = int(seen_by[j])
        found.append(ModelSight(
            model_id, float(shares[:, j].max()), bool(obscured[j]) if cover else None, (),
            count, len(eyes), name=names.model(model_id),
            borderline=bool(cover and count and not sure[j]),
            hidden_when_covered=float(worst[j]) if count else 1.0))
    return found


def sight_overview(scenario: Scenario, world: World, unit_id: str,
                   namer: Namer | None = None) -> tuple[UnitVerdict, ...]:
    """Every enemy unit as ``unit_id`` sees it, the units it sees best first.

    Raises :class:`board.game.core.shooters.ShooterError` when the unit is not on the table.
    """
    targets = enemy_models(world, unit_id)
    if not targets:
        shooter_eyes(world, Shooter(ShooterKind.UNIT, unit_id))  # says why if it cannot look
        return ()
    cover = _gives_cover(world.rule_system)
    names = namer if namer is not None else Namer.for_world(world, scenario)
    models = _sights(world, unit_id, targets, cover, names)
    if cover:  # models on battlements have a 4+ cover save, however seen
        roofs = world.on_battlements([m.model_id for m in models])
        models = [replace(m, cover=True, on_battlements=names.piece(roofs[m.model_id]))
                  if m.model_id in roofs else m for m in models]
    unit_of = {m: (world.models[m].unit_id, names.unit(world.models[m].unit_id))
               for m in targets}
    verdicts = unit_verdicts(models, unit_of, names.word)
    return tuple(sorted(verdicts, key=lambda v: (-v.seen, -max(m.visible for m in v.models))))
