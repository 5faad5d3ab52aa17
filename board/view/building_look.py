"""What a building looks like on the board, read off its datasheet.

The items draw; this module decides where each symbol and label goes, from the datasheet alone
(local inches, front up), so :class:`~board.view.items.BuildingItem` only paints.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from board.document.datasheet import AccessPoint, Datasheet, EmplacedWeapon, TerrainKind
from board.document.rule_systems import floors_told_apart

__all__ = [
    "FACING_ANGLES",
    "BADGE_HALF",
    "SYMBOL_HALF",
    "Marker",
    "BuildingLook",
    "look_of",
    "boxes_overlap",
]

Point = tuple[float, float]

#: Each facing's outward direction in the local frame, degrees clockwise from up (front).
FACING_ANGLES = {"front": 0.0, "right": 90.0, "rear": 180.0, "left": 270.0}

#: How far inside the wall an armour badge sits, inches.
_BADGE_INSET = 0.75

#: An armour badge's nominal half width and half height, inches: its pixel size at the demo's
#: fitted zoom (some 25 pixels to the inch), where symbols crowd most.
BADGE_HALF = (0.45, 0.4)

#: A door, fire point or weapon symbol's nominal half size, inches, at that zoom.
SYMBOL_HALF = 0.45

#: How far a badge steps along its wall (or further in) looking for a clear spot, inches.
_BADGE_STEP = 0.25

Box = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True)
class Marker:
    """A symbol at a local point: its tooltip and the local direction it points (degrees)."""

    tooltip: str
    at: Point
    angle: float = 0.0
    models: int = 0


@dataclass(frozen=True)
class BuildingLook:
    """Everything a building item paints, in the datasheet's local inches."""

    name: str
    kind: TerrainKind
    footprint: tuple[Point, ...]
    stats: str = ""
    impassable: bool = False
    battlements: tuple[Point, ...] = ()
    armour_badges: tuple[tuple[str, str, Point], ...] = ()  # (facing, text, where)
    #: For each armour badge, the spots along its wall clear of this piece's symbols, best
    #: first, so the item can step a badge away from a neighbouring part's symbols too.
    badge_spots: tuple[tuple[Point, ...], ...] = ()
    access_points: tuple[Marker, ...] = ()
    fire_points: tuple[Marker, ...] = ()
    weapons: tuple[Marker, ...] = ()
    notes: tuple[str, ...] = field(default=())
    #: No name written on the board (its tooltip has it): a datasheet tagged ``quiet``
    #: (an objective marker, a published layout's terrain).
    quiet: bool = False


def _bounds(points: tuple[Point, ...]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points] or [0.0]
    ys = [p[1] for p in points] or [0.0]
    return min(xs), min(ys), max(xs), max(ys)


def boxes_overlap(a: Box, b: Box) -> bool:
    """Return whether two ``(left, top, right, bottom)`` boxes share any area.

    >>> boxes_overlap((0, 0, 1, 1), (0.5, 0.5, 2, 2)), boxes_overlap((0, 0, 1, 1), (1, 0, 2, 1))
    (True, False)
    """
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _touches(box: Box, others: list[Box]) -> bool:
    """Whether ``box`` shares area with any of ``others``."""
    return any(boxes_overlap(box, other) for other in others)


def _span(boxes: list[Box]) -> Box:
    """The box round ``boxes`` (not empty): what touches none of it touches none of them."""
    lefts, tops, rights, bottoms = zip(*boxes, strict=True)
    return min(lefts), min(tops), max(rights), max(bottoms)


def _badge_box(at: Point) -> Box:
    half_w, half_h = BADGE_HALF
    return at[0] - half_w, at[1] - half_h, at[0] + half_w, at[1] + half_h


def _symbol_box(at: Point) -> Box:
    return at[0] - SYMBOL_HALF, at[1] - SYMBOL_HALF, at[0] + SYMBOL_HALF, at[1] + SYMBOL_HALF


def _symbol_points(sheet: Datasheet) -> list[Point]:
    points = [(a.x, a.y) for a in sheet.access_points]
    points += [(f.x, f.y) for f in sheet.fire_points]
    return points + [(w.x, w.y) for w in sheet.emplaced_weapons]


def _candidates(
    start: Point, along: Point, inward: Point, reach: float, depth: float
) -> list[Point]:
    """Spots for a badge: along its wall from the middle (alternating sides), then further in."""
    steps = int(reach / _BADGE_STEP)
    offsets = [0.0] + [k * _BADGE_STEP * s for k in range(1, steps + 1) for s in (1.0, -1.0)]
    layers = range(int(depth / _BADGE_STEP) + 1)
    return [
        (
            start[0] + along[0] * off + inward[0] * layer * _BADGE_STEP,
            start[1] + along[1] * off + inward[1] * layer * _BADGE_STEP,
        )
        for layer in layers
        for off in offsets
    ]


def _badge_walls(
    footprint: tuple[Point, ...],
) -> dict[str, tuple[Point, Point, Point, float, float]]:
    """Each facing's badge search: start, along, inward, reach along the wall, depth inwards.

    A badge starts in the middle of its wall, inset a little, and may move along the wall as
    far as the badge still fits and inwards as far as the footprint's middle.
    """
    left, top, right, bottom = _bounds(footprint)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    inset_x = min(_BADGE_INSET, (right - left) / 4)
    inset_y = min(_BADGE_INSET, (bottom - top) / 4)
    reach_x = max(0.0, (right - left) / 2 - BADGE_HALF[0])  # along the front and rear walls
    reach_y = max(0.0, (bottom - top) / 2 - BADGE_HALF[1])  # along the side walls
    depth_x, depth_y = max(0.0, cx - left - inset_x), max(0.0, cy - top - inset_y)
    return {
        "front": ((cx, top + inset_y), (1.0, 0.0), (0.0, 1.0), reach_x, depth_y),
        "right": ((right - inset_x, cy), (0.0, 1.0), (-1.0, 0.0), reach_y, depth_x),
        "rear": ((cx, bottom - inset_y), (1.0, 0.0), (0.0, -1.0), reach_x, depth_y),
        "left": ((left + inset_x, cy), (0.0, 1.0), (1.0, 0.0), reach_y, depth_x),
    }


def _armour_badges(
    sheet: Datasheet,
) -> tuple[tuple[tuple[str, str, Point], ...], tuple[tuple[Point, ...], ...]]:
    """Put each facing's badge inside its wall, clear of the piece's symbols and other badges.

    A badge starts in the middle of its wall, just inside it, and moves along the wall (then
    further in) to the first spot whose nominal box touches no symbol's box and no badge
    already placed; if there is none it stays in the middle. Returns the badges and, for
    each, every spot clear of the symbols (the chosen one first).
    """
    if not sheet.armour or not sheet.footprint:
        return (), ()
    walls = _badge_walls(sheet.footprint)
    symbols = [_symbol_box(p) for p in _symbol_points(sheet)]
    taken = list(symbols)
    badges, spots_of = [], []
    for facing, (start, along, inward, reach, depth) in walls.items():
        if facing not in sheet.armour:
            continue
        spots = _candidates(start, along, inward, reach, depth)
        boxes = [_badge_box(p) for p in spots]
        # The first spot touching no symbol nor badge; then every spot touching no symbol
        # (only the symbols that reach the spots' span can touch one).
        where = next((p for p, box in zip(spots, boxes, strict=True)
                      if not _touches(box, taken)), start)
        taken.append(_badge_box(where))
        badges.append((facing, str(sheet.armour[facing]), where))
        span = _span(boxes)
        hit: set[int] = set()
        for s0, s1, s2, s3 in (b for b in symbols if boxes_overlap(b, span)):
            hit.update(k for k, (b0, b1, b2, b3) in enumerate(boxes)
                       if b0 < s2 and s0 < b2 and b1 < s3 and s1 < b3)  # boxes_overlap
        clear = [p for k, p in enumerate(spots) if k not in hit]
        spots_of.append((where, *(p for p in clear if p != where)))
    return tuple(badges), tuple(spots_of)


def _outward(at: Point, centre: Point) -> float:
    dx, dy = at[0] - centre[0], at[1] - centre[1]
    if math.hypot(dx, dy) < 1e-9:
        return 0.0
    return math.degrees(math.atan2(dx, -dy)) % 360.0


def _wall_angle(at: Point, footprint: tuple[Point, ...], centre: Point) -> float:
    """Return the outward direction of the wall nearest ``at``: a door faces out of its wall."""
    best: tuple[float, float] | None = None
    for (ax, ay), (bx, by) in zip(footprint, footprint[1:] + footprint[:1], strict=True):
        ex, ey = bx - ax, by - ay
        length2 = ex * ex + ey * ey
        if length2 == 0:
            continue
        t = max(0.0, min(1.0, ((at[0] - ax) * ex + (at[1] - ay) * ey) / length2))
        gap = math.hypot(ax + t * ex - at[0], ay + t * ey - at[1])
        if best is None or gap < best[0]:
            normal = math.degrees(math.atan2(ex, -ey))  # along the wall; turn a quarter out
            mid = ((ax + bx) / 2, (ay + by) / 2)
            out = _outward(mid, centre)
            candidates = ((normal + 90.0) % 360.0, (normal - 90.0) % 360.0)
            angle = min(candidates, key=lambda a: abs((a - out + 180.0) % 360.0 - 180.0))
            best = (gap, angle)
    return best[1] if best is not None and best[0] < 0.5 else _outward(at, centre)


def _stats(sheet: Datasheet) -> str:
    parts = []
    if sheet.size is not None and sheet.size.value not in sheet.name.lower():
        parts.append(f"{sheet.size.value}-sized")  # a name that says it is not told again
    if sheet.hull_points is not None:
        parts.append(f"HP {sheet.hull_points}")
    if sheet.damage_capacity is not None:
        parts.append(f"DC {sheet.damage_capacity}")
    if sheet.assault_factor is not None:
        parts.append(f"AF {sheet.assault_factor}")
    if sheet.floors and floors_told_apart(sheet.systems):  # Fantasy's: every sheet has 1
        parts.append(f"{sheet.floors} floor{'s' if sheet.floors != 1 else ''}")
    if sheet.mighty_bulwark:
        parts.append("Mighty Bulwark")
    if sheet.projects_void_shields is not None:
        shields = sheet.projects_void_shields
        parts.append(f'{shields.shields} void shields {shields.range:g}"')
    if sheet.impassable:
        parts.append("impassable")
    return " · ".join(parts)


def look_of(sheet: Datasheet) -> BuildingLook:
    """Where each part of ``sheet`` is drawn.

    Armour badges sit just inside the middle of each wall; fire points point out of the wall
    they are in; emplaced weapons point away from the footprint's centre.

    >>> from board.document.datasheet import Datasheet, FirePoint, TerrainKind
    >>> sheet = Datasheet("hut", "Hut", TerrainKind.BUILDING, ("wh40k",),
    ...     footprint=((-2, -2), (2, -2), (2, 2), (-2, 2)),
    ...     armour={"front": 11, "right": 10, "rear": 10, "left": 10},
    ...     fire_points=(FirePoint("f1", 2, 0, "right"),))
    >>> look = look_of(sheet)
    >>> look.armour_badges[0], look.fire_points[0].angle
    (('front', '11', (0.0, -1.25)), 90.0)
    """
    badges, spots = _armour_badges(sheet)
    return BuildingLook(
        name=sheet.name,
        kind=sheet.kind,
        footprint=tuple(sheet.footprint),
        stats=_stats(sheet),
        impassable=sheet.impassable,
        battlements=tuple(sheet.battlements.polygon) if sheet.battlements else (),
        armour_badges=badges,
        badge_spots=spots,
        access_points=tuple(_door(sheet, a) for a in sheet.access_points),
        fire_points=tuple(
            Marker(
                f"Fire point ({f.facing}): up to {f.models} "
                f"model{'' if f.models == 1 else 's'} fire through it",  # no rules at first paint
                (f.x, f.y),
                FACING_ANGLES.get(f.facing, 0.0),
                f.models,
            )
            for f in sheet.fire_points
        ),
        weapons=tuple(_gun(sheet, w) for w in sheet.emplaced_weapons),
        quiet="quiet" in sheet.tags,
    )


def _centre(sheet: Datasheet) -> Point:
    left, top, right, bottom = _bounds(sheet.footprint)
    return (left + right) / 2, (top + bottom) / 2


def _door(sheet: Datasheet, door: AccessPoint) -> Marker:
    at = (door.x, door.y)
    angle = _wall_angle(at, tuple(sheet.footprint), _centre(sheet))
    return Marker(f"Access point {door.label or door.id}", at, angle)


def _gun(sheet: Datasheet, gun: EmplacedWeapon) -> Marker:
    at, w = (gun.x, gun.y), gun.weapon
    ap_text = "-" if w.ap is None else str(w.ap)
    tip = f'Emplaced {w.name}: {w.range:g}" S{w.strength} AP{ap_text} {w.type}'
    return Marker(tip, at, _wall_angle(at, tuple(sheet.footprint), _centre(sheet)))
