"""Models standing on levels: where each raised model stands, and what is wrong with it.

A model stands on a level when the document says so (``Model.level``: a piece's level, or
its battlements) or when its base is wholly on a building's battlements. :func:`raised_models`
lists them with their height; each one is checked against its level (no Qt):

- the piece and the level exist (a file may name one its datasheet does not have);
- the base stands wholly on the level's area (its polygon, else the piece's footprint);
- the level holds no more models than its capacity (the models beyond it are each flagged).

>>> from board.document.io import default_library
>>> from board.document.model import Base, LevelRef, Model, Scenario, TerrainPiece, TroopType, Unit
>>> from board.game.core.world import WorldCache
>>> up = Model("m", Base.round_mm(32), 30, 18, level=LevelRef("r", "upper"))
>>> off = Model("n", Base.round_mm(32), 28, 22, level=LevelRef("r", "upper"))
>>> scenario = Scenario(terrain=[TerrainPiece("r", "wh40k_ruins", 30, 20)],
...                     units=[Unit("u", "Squad", "red", TroopType.INFANTRY, [up, off])])
>>> world = WorldCache(default_library()).world_for(scenario)
>>> for standing in raised_models(world):
...     print(standing.model_id, standing.height, standing.problem or "fine")
m 3.0 fine
n 3.0 not wholly on Upper level of Ruins (40K) (its base is off it by 3.13"; measured on the table)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shapely.affinity import translate
from shapely.geometry.base import BaseGeometry

from board.document.changes import Change
from board.document.datasheet import BATTLEMENTS_LEVEL, Level, levels_of
from board.document.model import LevelRef, Scenario, Unit
from board.game.core.world import World
from geometry import (
    Circle,
    Shape,
    distance,
    farthest_distance,
    format_distance,
    overlap_depth,
    wholly_within,
)

__all__ = ["Standing", "raised_models", "level_area", "level_choices", "current_level",
           "level_change", "stepped_off"]


@dataclass(frozen=True)
class Standing:
    """A model off the table's surface: on ``level`` of ``piece`` at ``height`` inches.

    ``problem`` says what is wrong with it standing there ("" when nothing is).
    """

    model_id: str
    piece: str
    level: str
    level_name: str
    height: float
    problem: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {"model": self.model_id, "piece": self.piece, "level": self.level,
                "level_name": self.level_name, "height_in": self.height,
                "problem": self.problem}


def _level(world: World, ref: LevelRef) -> Level | None:
    piece = world.pieces.get(ref.piece)
    if piece is None:
        return None
    return next((v for v in levels_of(piece.sheet) if v.id == ref.level), None)


def level_area(world: World, ref: LevelRef) -> BaseGeometry | None:
    """The area of the table a level covers (its polygon placed, else the piece's footprint)."""
    piece = world.pieces.get(ref.piece)
    if piece is None:
        return None
    return dict(piece.level_areas).get(ref.level)


def raised_models(world: World) -> tuple[Standing, ...]:
    """Every model on a level or the battlements, with its height and any problem."""
    on_roofs = world.on_battlements(list(world.models))
    found: list[Standing] = []
    counts: dict[tuple[str, str], int] = {}
    for model_id, shape in world.models.items():
        ref = shape.level
        if ref is None and model_id in on_roofs:
            ref = LevelRef(on_roofs[model_id], BATTLEMENTS_LEVEL)
        if ref is None:
            continue
        level = _level(world, ref)
        if level is None:
            found.append(Standing(model_id, ref.piece, ref.level, ref.level, 0.0,
                                  f"stands on level {ref.level!r} of {ref.piece!r}, which the "
                                  "table does not have (measured on the table)"))
            continue
        counts[(ref.piece, ref.level)] = counts.get((ref.piece, ref.level), 0) + 1
        problem = _off_level(world, model_id, ref, level)
        if not problem and level.capacity is not None and counts[(ref.piece, ref.level)] > \
                level.capacity:
            problem = (f"{level.name} of {world.pieces[ref.piece].sheet.name} holds "
                       f"{level.capacity} models; "
                       "this one is over")
        found.append(Standing(model_id, ref.piece, ref.level, level.name, level.height, problem))
    return tuple(found)


def _off_level(world: World, model_id: str, ref: LevelRef, level: Level) -> str:
    """Why the model's base is not wholly on the level's area ("" when it is)."""
    area = level_area(world, ref)
    assert area is not None
    out = farthest_distance(world.models[model_id].shape, area)
    if out <= 1e-9:
        return ""
    return (f"not wholly on {level.name} of {world.pieces[ref.piece].sheet.name} "
            f"(its base is off it by {format_distance(out)}; measured on the table)")


def current_level(world: World, model_id: str) -> LevelRef | None:
    """The level a model stands on: the document's, else the battlements it is wholly on."""
    ref = world.models[model_id].level
    if ref is not None:
        return ref
    roof = world.on_battlements([model_id]).get(model_id)
    return LevelRef(roof, BATTLEMENTS_LEVEL) if roof is not None else None


def level_choices(world: World, model_id: str) -> list[tuple[LevelRef | None, float, str]]:
    """Where a model may stand where it is, lowest first: ``(level, height, name)``.

    The table (``None``) unless its base is in a building or impassable piece, then each
    level of a piece whose area holds the base wholly.
    """
    shape = world.models[model_id].shape
    found: list[tuple[LevelRef | None, float, str]] = []
    if not any(p.solid and overlap_depth(shape, p.footprint) > 1e-3
               for p in world.pieces.values()):
        found.append((None, 0.0, "the table"))
    for piece in world.pieces.values():
        for level in levels_of(piece.sheet):
            area = dict(piece.level_areas)[level.id]
            if wholly_within(shape, area, 0.0):
                found.append((LevelRef(piece.piece_id, level.id), level.height,
                              f"{level.name} of {piece.sheet.name}"))
    return sorted(found, key=lambda row: row[1])


def _over_capacity(world: World, moves: dict[str, tuple[LevelRef | None, str]]) -> str:
    """Why the moves would put more models on a level than it holds ("" when they fit)."""
    wanted = {ref: name for ref, name in moves.values() if ref is not None}
    roofs = world.on_battlements(list(world.models))
    for ref, name in wanted.items():
        level = _level(world, ref)
        if level is None or level.capacity is None:
            continue
        count = 0
        for model_id, shape in world.models.items():
            now = shape.level or (LevelRef(roofs[model_id], BATTLEMENTS_LEVEL)
                                  if model_id in roofs else None)
            count += (moves[model_id][0] if model_id in moves else now) == ref
        if count > level.capacity:
            return f"{name} holds {level.capacity} models; {count} would stand on it"
    return ""


def level_change(scenario: Scenario, world: World, model_ids: Sequence[str],
                 step: int) -> tuple[Change, str] | str:
    """Move each model ``step`` levels up (down when negative): the change and its words.

    A model with no level that far stays; a string says why nothing moves at all.
    """
    moves: dict[str, tuple[LevelRef | None, str]] = {}
    for model_id in model_ids:
        if model_id not in world.models:
            continue
        choices = level_choices(world, model_id)
        now = current_level(world, model_id)
        at = next((k for k, row in enumerate(choices) if row[0] == now), None)
        to = (0 if step > 0 else len(choices) - 1) if at is None else at + step
        if 0 <= to < len(choices) and (at is None or to != at):
            moves[model_id] = (choices[to][0], choices[to][2])
    if not moves:
        way = "higher" if step > 0 else "lower"
        return f"No level {way} under the selected models"
    full = _over_capacity(world, moves)
    if full:
        return full
    units: dict[str, Unit | None] = {}
    for unit in scenario.units:
        if any(m.id in moves for m in unit.models):
            new = copy.deepcopy(unit)
            for model in new.models:
                if model.id in moves:
                    model.level = moves[model.id][0]
            units[unit.id] = new
    places = sorted({name for _, name in moves.values()})
    words = f"{len(moves)} model{'s' if len(moves) != 1 else ''} to {', '.join(places)}"
    return Change(units=units), words


def stepped_off(scenario: Scenario, world: World, old: Mapping[str, tuple[float, float]],
                new: Mapping[str, tuple[float, float]]) -> Change | None:
    """Models a drag took wholly off their level stand on the table again, or ``None``.

    ``world`` is the board before the drag; ``old`` and ``new`` the dragged models' centres
    before and after. A base that still touches its level's area keeps the level (flagged
    while it is partly off it: a slip of the mouse at an edge is shown, not undone); one that
    touches none of it was put down on the table. The change holds the dragged units as the
    drag leaves them (their models where they were dropped), those models on the table.
    """
    off = set()
    for model_id, (x, y) in new.items():
        standing = world.models.get(model_id)
        area = level_area(world, standing.level) if standing and standing.level else None
        if standing is None or area is None or model_id not in old:
            continue
        if distance(_shifted(standing.shape, x - old[model_id][0], y - old[model_id][1]),
                    area) > 0.0:
            off.add(model_id)
    if not off:
        return None
    units: dict[str, Unit | None] = {}
    for unit in scenario.units:
        if any(m.id in off for m in unit.models):
            changed = copy.deepcopy(unit)
            for model in changed.models:
                if model.id in new:
                    model.x, model.y = new[model.id]
                if model.id in off:
                    model.level = None
            units[unit.id] = changed
    return Change(units=units)


def _shifted(shape: Shape, dx: float, dy: float) -> Shape:
    """``shape`` moved ``(dx, dy)`` inches."""
    if isinstance(shape, Circle):
        return Circle(shape.x + dx, shape.y + dy, shape.radius)
    return translate(shape, dx, dy)
