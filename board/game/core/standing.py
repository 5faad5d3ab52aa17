"""Where a model may stand: not on another base, not in a building, not off the table (no Qt).

A model put somewhere new (dropped after a drag, turned, imported, added) must stand wholly
on the table, clear of every other model's base (touching is fine), and out of every building
and impassable piece, except on a building's battlements, where 40K models stand (seed 000;
"wholly on" them, as :meth:`~board.game.core.world.World.on_battlements` reads it). Embarked
and garrisoned units are not on the table and stand nowhere. Area terrain, craters and ruins
are places to stand.

:func:`standing_clashes` answers for many models at once with one bulk query of a spatial
index of the bases already on the table (kept per world), then measures only the pairs whose
boxes meet: round bases analytically, the rest by :func:`geometry.overlap_depth`. How far a
clash goes is the shortest move that clears it. :func:`clash_text` says it the way a player
reads it, with the numbers (centimetres in Epic 40,000).

>>> from board.document.model import Model, Scenario, Table
>>> from board.document.io import default_library
>>> from board.game.core.world import WorldCache
>>> world = WorldCache(default_library()).world_for(Scenario(table=Table(72, 48)))
>>> standing_clashes(world, {"a": Circle(0.2, 10, 0.5), "b": Circle(10, 10, 0.5)}, (72, 48))
(Clash(model_id='a', kind=<ClashKind.OFF_TABLE: 'off table'>, other='', depth=0.3),)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

import numpy as np
import shapely
from shapely import STRtree

from board.document.model import Model, Scenario
from board.game.core.names import Namer
from board.game.core.world import World
from geometry import (
    Circle,
    Shape,
    format_distance,
    model_footprint,
    off_table_by,
    overlap_depth,
    shape_box,
    wholly_within,
)

__all__ = ["ClashKind", "Clash", "TOUCH", "standing_clashes", "clash_text", "placed_shapes",
           "overlapping_pairs", "placement_clashes", "placement_refusal", "translated",
           "DragCheck", "off_table_clashes", "base_box", "clash_short"]

XY = tuple[float, float]
#: Inches two bases may run into each other and still count as touching: the thousandth of
#: an inch players measure to (and twice an oval polygon's departure from its ellipse).
TOUCH = 0.001


class ClashKind(Enum):
    """What a placed model clashes with."""

    MODEL = "model"
    TERRAIN = "terrain"
    OFF_TABLE = "off table"


@dataclass(frozen=True)
class Clash:
    """One placed model's clash: with a model or a piece (``other``), or the table's edge.

    ``depth`` is inches: the shortest move that clears it (how far off the table).
    """

    model_id: str
    kind: ClashKind
    other: str
    depth: float


def placed_shapes(scenario: Scenario, placements: Mapping[str, tuple[float, float, float]],
                  ) -> dict[str, Shape]:
    """The bases the models would have at ``(x, y, facing)`` (models of ``scenario``)."""
    models = _models_by_id(scenario, placements)
    shapes: dict[str, Shape] = {}
    for model_id, (x, y, facing) in placements.items():
        base = models[model_id].base
        shapes[model_id] = model_footprint(base.shape.value, base.length, base.width, x, y,
                                           facing)
    return shapes


def _models_by_id(scenario: Scenario, wanted: Iterable[str]) -> dict[str, Model]:
    """The wanted models by id, in one pass over the scenario (a drag of 1,000 asks 1,000)."""
    ids = set(wanted)
    return {m.id: m for u in scenario.units for m in u.models if m.id in ids}


def translated(shape: Shape, dx: float, dy: float) -> Shape:
    """A base moved by ``(dx, dy)`` (a drag's preview).

    >>> translated(Circle(1.0, 1.0, 0.5), 2.0, 0.0)
    Circle(x=3.0, y=1.0, radius=0.5)
    """
    if isinstance(shape, Circle):
        return Circle(shape.x + dx, shape.y + dy, shape.radius)
    return shapely.transform(shape, lambda xy: xy + (dx, dy))


@lru_cache(maxsize=4)
def _index(world: World) -> tuple[list[str], list[Shape], STRtree, STRtree, list[str]]:
    """The world's model bases in an STRtree of their boxes, and the solid pieces' in one."""
    ids = list(world.models)
    shapes = [world.models[m].shape for m in ids]
    boxes = np.array([shape_box(s) for s in shapes], dtype=float).reshape(-1, 4)
    tree = STRtree(shapely.box(boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]))
    solid = [pid for pid, p in world.pieces.items() if p.solid]
    terrain = STRtree([world.pieces[pid].footprint for pid in solid])
    return ids, shapes, tree, terrain, solid


def _boxes(shapes: list[Shape]) -> np.ndarray:
    boxes = np.array([shape_box(s) for s in shapes], dtype=float).reshape(-1, 4)
    return shapely.box(boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3])


def _depth(a: Shape, b: Shape) -> float:
    if isinstance(a, Circle) and isinstance(b, Circle):  # most pairs: no function call deeper
        return a.radius + b.radius - ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5
    return overlap_depth(a, b)


def standing_clashes(world: World, placed: Mapping[str, Shape], table: XY, *,
                     among: bool = False) -> tuple[Clash, ...]:
    """Every clash of the ``placed`` bases: off the ``table``, on a base, in a solid piece.

    ``placed`` maps model ids to the bases they would have; those models' own bases in
    ``world`` (where they stood before) are not obstacles. ``among``: also the placed bases
    with one another (a formation turned or imported; a drag keeps its own formation, and
    two bases of it that overlapped before still do).
    """
    ids = list(placed)
    shapes = [placed[m] for m in ids]
    clashes = [Clash(m, ClashKind.OFF_TABLE, "", depth) for m, s in zip(ids, shapes, strict=True)
               if (depth := off_table_by(s, table[0], table[1])) > TOUCH]
    if not ids:
        return ()
    known, known_shapes, tree, terrain, solid = _index(world)
    boxes = _boxes(shapes)
    for k, j in tree.query(boxes).T.tolist():
        other = known[j]
        if other not in placed and (depth := _depth(shapes[k], known_shapes[j])) > TOUCH:
            clashes.append(Clash(ids[k], ClashKind.MODEL, other, depth))
    if among:
        clashes += _among(ids, shapes, boxes)
    clashes += _in_terrain(world, ids, shapes, terrain.query(boxes).T.tolist(), solid)
    return tuple(clashes)


def _among(ids: list[str], shapes: list[Shape], boxes: np.ndarray) -> list[Clash]:
    found = []
    for k, j in STRtree(boxes).query(boxes).T.tolist():
        if k < j and (depth := _depth(shapes[k], shapes[j])) > TOUCH:
            found.append(Clash(ids[k], ClashKind.MODEL, ids[j], depth))
    return found


def _in_terrain(world: World, ids: list[str], shapes: list[Shape],
                pairs: Iterable[list[int]], solid: list[str]) -> list[Clash]:
    """Bases in a building or impassable piece, unless wholly on its battlements."""
    found = []
    for k, j in pairs:
        piece = world.pieces[solid[j]]
        roof = piece.battlements
        if roof is not None and wholly_within(shapes[k], roof, 0.0):
            continue
        if (depth := overlap_depth(shapes[k], piece.footprint)) > TOUCH:
            found.append(Clash(ids[k], ClashKind.TERRAIN, solid[j], depth))
    return found


class DragCheck:
    """:func:`standing_clashes` of a group moved by ``(dx, dy)``, fast enough for every move.

    One STRtree query a move, with the box of the whole group; round bases against round
    bases in one numpy expression; anything else (a hull, a building, the table's edge) only
    where the group's box reaches it, exactly as :func:`standing_clashes` measures it.
    """

    def __init__(self, world: World, bases: Mapping[str, Shape], table: XY) -> None:
        self.world, self.bases, self.table = world, dict(bases), table
        self.ids = list(self.bases)
        boxes = np.array([shape_box(s) for s in self.bases.values()], dtype=float).reshape(-1, 4)
        self.box = (boxes[:, 0].min(), boxes[:, 1].min(), boxes[:, 2].max(), boxes[:, 3].max()) \
            if len(boxes) else (0.0, 0.0, 0.0, 0.0)
        round_ = [isinstance(s, Circle) for s in self.bases.values()]
        self.circles = np.array([[s.x, s.y, s.radius] if isinstance(s, Circle) else [0, 0, 0]
                                 for s in self.bases.values()], dtype=float).reshape(-1, 3)
        self.round = np.array(round_, dtype=bool)
        known, known_shapes, _, _, _ = _index(world)
        self.known_xyr = np.array([[k.x, k.y, k.radius] if isinstance(k, Circle) else [0, 0, -1]
                                   for k in known_shapes], dtype=float).reshape(-1, 3)
        self.own = np.array([m in self.bases for m in known], dtype=bool)

    def at(self, dx: float, dy: float) -> tuple[Clash, ...]:
        """The clashes of the group moved by ``(dx, dy)``."""
        if not self.round.all():  # a hull or an oval: one model as a rule, measured in full
            return standing_clashes(self.world, {m: translated(s, dx, dy)
                                                 for m, s in self.bases.items()}, self.table)
        x0, y0, x1, y1 = self.box
        group = shapely.box(x0 + dx, y0 + dy, x1 + dx, y1 + dy)
        known, known_shapes, tree, terrain, solid = _index(self.world)
        xyr = self.circles + (dx, dy, 0.0)
        edge = x0 + dx < 0 or y0 + dy < 0 or x1 + dx > self.table[0] or y1 + dy > self.table[1]
        clashes: list[Clash] = self._off_table(xyr) if edge else []
        near = tree.query(group)
        near = near[~self.own[near]]
        if len(near):
            clashes += self._on_bases(xyr, near, known, known_shapes)
        pieces = terrain.query(group)
        if len(pieces):
            clashes += self._in_pieces(xyr, pieces, solid)
        return tuple(clashes)

    def _in_pieces(self, xyr: np.ndarray, pieces: np.ndarray, solid: list[str]) -> list[Clash]:
        """The bases whose boxes reach a solid piece's box, checked exactly."""
        bounds = np.array([self.world.pieces[solid[j]].footprint.bounds for j in pieces.tolist()])
        lo, hi = xyr[:, :2] - xyr[:, 2:], xyr[:, :2] + xyr[:, 2:]
        meet = ((lo[:, None, :] < bounds[None, :, 2:]) & (hi[:, None, :] > bounds[None, :, :2])
                ).all(axis=2)
        pairs = [[int(k), int(pieces[j])] for k, j in zip(*np.nonzero(meet), strict=True)]
        shapes: list[Shape] = [Circle(x, y, r) for x, y, r in xyr.tolist()]
        return _in_terrain(self.world, self.ids, shapes, pairs, solid) if pairs else []

    def _off_table(self, xyr: np.ndarray) -> list[Clash]:
        over = np.maximum.reduce([xyr[:, 2] - xyr[:, 0], xyr[:, 2] - xyr[:, 1],
                                  xyr[:, 0] + xyr[:, 2] - self.table[0],
                                  xyr[:, 1] + xyr[:, 2] - self.table[1]])
        return [Clash(self.ids[k], ClashKind.OFF_TABLE, "", float(over[k]))
                for k in np.flatnonzero(over > TOUCH).tolist()]

    def _on_bases(self, xyr: np.ndarray, near: np.ndarray, known: list[str],
                  known_shapes: list[Shape]) -> list[Clash]:
        """Round bases against round ones in one expression; a hull or an oval one by one."""
        is_round = self.known_xyr[near, 2] >= 0
        round_near = near[is_round]
        other = self.known_xyr[round_near]
        depth = xyr[:, None, 2] + other[None, :, 2] - np.hypot(
            xyr[:, None, 0] - other[None, :, 0], xyr[:, None, 1] - other[None, :, 1])
        found = [Clash(self.ids[k], ClashKind.MODEL, known[round_near[j]], float(depth[k, j]))
                 for k, j in zip(*np.nonzero(depth > TOUCH), strict=True)]
        for j in near[~is_round].tolist():
            for k, (x, y, r) in enumerate(xyr.tolist()):
                if (d := overlap_depth(Circle(x, y, r), known_shapes[j])) > TOUCH:
                    found.append(Clash(self.ids[k], ClashKind.MODEL, known[j], d))
        return found


def off_table_clashes(world: World, table: XY) -> tuple[Clash, ...]:
    """Every model on the table standing (partly) off it (a file's, a peer's)."""
    return tuple(Clash(m, ClashKind.OFF_TABLE, "", depth) for m, s in world.models.items()
                 if (depth := off_table_by(s.shape, *table)) > TOUCH)


def base_box(shape: Shape) -> tuple[float, float, float, float]:
    """A base's box ``(x0, y0, x1, y1)``, inches (for the view, which takes no geometry)."""
    return shape_box(shape)


def overlapping_pairs(world: World) -> tuple[Clash, ...]:
    """Every two bases on the table that overlap, and every base in a piece or off the table.

    For the board at rest (a file, a building placed on models): each pair once.
    """
    return standing_clashes(world, {m: s.shape for m, s in world.models.items()},
                            (float("inf"), float("inf")), among=True)


def placement_clashes(scenario: Scenario, world: World,
                      placements: Mapping[str, tuple[float, float, float]], *,
                      among: bool = False) -> tuple[Clash, ...]:
    """The clashes of models put at ``(x, y, facing)``; a base that lands where it was is left.

    A round base turned in place, or a model not moved, stands where it stood: a clash it
    already had (a file's) is the board's to flag, not this move's to refuse.
    """
    moved = {}
    models = _models_by_id(scenario, placements)
    for model_id, (x, y, facing) in placements.items():
        model = models[model_id]
        same_facing = facing == model.facing or model.base.shape.value == "round"
        if (x, y) != (model.x, model.y) or not same_facing:
            moved[model_id] = (x, y, facing)
    table = (scenario.table.width, scenario.table.height)
    return standing_clashes(world, placed_shapes(scenario, moved), table, among=among)


def placement_refusal(scenario: Scenario, world: World,
                      placements: Mapping[str, tuple[float, float, float]], *,
                      among: bool = False) -> str:
    """Why the models may not stand at ``placements``, in a player's words; "" if they may."""
    clashes = placement_clashes(scenario, world, placements, among=among)
    return clash_text(clashes, world, Namer.for_world(world, scenario),
                      cm=scenario.rule_system.uses_cm)


# -- the words ------------------------------------------------------------------------------


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _models_text(model_ids: list[str], world: World, namer: Namer) -> str:
    """``Rhino``, ``Tactical Squad, model 3``, ``4 models of Tactical Squad``, ``6 models``."""
    units = {world.models[m].unit_id if m in world.models else "" for m in model_ids}
    if len(model_ids) == 1:
        return namer.model(model_ids[0])
    if len(units) == 1 and "" not in units:
        return f"{_plural(len(model_ids), namer.word)} of {namer.unit(units.pop())}"
    return _plural(len(model_ids), namer.word)


def _distance(depth: float, cm: bool) -> str:
    return format_distance(depth, limit=0.0, unit="cm" if cm else "in")


def clash_text(clashes: Iterable[Clash], world: World, namer: Namer, cm: bool = False) -> str:
    """The clashes in a player's words, with the numbers; "" when there are none.

    ``Rhino overlaps 4 models of Tactical Squad by up to 1.25"``; each unit, piece and the
    table's edge said once, with its deepest clash.
    """
    clashes = list(clashes)
    if not clashes:
        return ""
    movers = list(dict.fromkeys(c.model_id for c in clashes))
    subject = _models_text(movers, world, namer)
    plural = len(movers) > 1
    parts = _overlap_parts(clashes, world, namer, cm)
    off = [c.depth for c in clashes if c.kind is ClashKind.OFF_TABLE]
    words = []
    if parts:
        words.append(f"overlap{'' if plural else 's'} " + " and ".join(parts))
    if off:
        up_to = "up to " if len(off) > 1 else ""
        words.append(f"stand{'' if plural else 's'} off the table by {up_to}"
                     f"{_distance(max(off), cm)}")
    return f"{subject} {' and '.join(words)}"


def clash_short(clashes: Iterable[Clash], cm: bool = False) -> str:
    """The numbers alone, for a crowded board: ``overlap up to 1.25"``, ``off table 0.31"``."""
    clashes = list(clashes)
    overlaps = [c.depth for c in clashes if c.kind is not ClashKind.OFF_TABLE]
    off = [c.depth for c in clashes if c.kind is ClashKind.OFF_TABLE]
    words = [f"overlap {'up to ' if len(overlaps) > 1 else ''}{_distance(max(overlaps), cm)}"
             ] if overlaps else []
    if off:
        words.append(f"off table {_distance(max(off), cm)}")
    return ", ".join(words)


def _overlap_parts(clashes: list[Clash], world: World, namer: Namer, cm: bool) -> list[str]:
    """``4 models of Tactical Squad by up to 1.25"``, ``Imperial Bastion by 0.40"``."""
    by_what: dict[tuple[str, str], list[Clash]] = {}
    for c in clashes:
        if c.kind is ClashKind.MODEL:
            key = ("unit", world.models[c.other].unit_id if c.other in world.models else c.other)
        elif c.kind is ClashKind.TERRAIN:
            key = ("piece", c.other)
        else:
            continue
        by_what.setdefault(key, []).append(c)
    parts = []
    for (kind, _), found in by_what.items():
        others = list(dict.fromkeys(c.other for c in found))
        name = namer.piece(others[0]) if kind == "piece" else _models_text(others, world, namer)
        up_to = "up to " if len(found) > 1 else ""
        parts.append(f"{name} by {up_to}{_distance(max(c.depth for c in found), cm)}")
    return parts
