"""Datasheet JSON ⇄ :class:`~board.document.datasheet.Datasheet`, with validation.

One datasheet is one JSON object (one file in ``resources/datasheets/``, or one entry of a
scenario's ``custom_datasheets``); ``docs/scenario-format.md`` lists every field. Reading
refuses, with a :class:`~board.document.errors.ScenarioError` naming the field, anything the
rules could not use: a footprint that is not a simple polygon, an armour value for an unknown
facing, an access point far from the walls, a part adjacency naming a part that is not there.
Checks that need other datasheets (the parts of a multi-part building) are made by the library.
"""

from __future__ import annotations

import re
from typing import Any

from board.document.datasheet import (
    BATTLEMENTS_LEVEL,
    ESCAPE_HATCH_REACH,
    FACINGS,
    AccessPoint,
    Battlements,
    Datasheet,
    EmplacedWeapon,
    FirePoint,
    Level,
    PartRef,
    SizeClass,
    TerrainKind,
    VoidShieldProjection,
    WeaponProfile,
)
from board.document.errors import ScenarioError
from board.document.fields import Fields
from board.document.jsontext import check_value
from board.document.limits import MAX_PARTS, MAX_POINTS, MAX_VERTICES
from board.document.model import RuleSystem
from board.document.shapes import check_near_outline, check_simple_polygon, check_within

__all__ = ["datasheet_from_dict", "datasheet_to_dict", "weapon_to_dict", "DATASHEET_FIELDS"]

DATASHEET_FIELDS = (
    "id", "name", "kind", "systems", "footprint", "size", "armour", "transport_capacity",
    "hull_points", "damage_capacity", "assault_factor", "epic_armour", "height", "floors",
    "access_points", "fire_points", "battlements", "levels", "emplaced_weapons", "impassable",
    "mighty_bulwark", "void_shields", "projects_void_shields", "parts", "adjacent_parts",
    "notes", "tags",
)
_WEAPON_FIELDS = ("name", "range", "strength", "ap", "type", "shots", "blast", "template",
                  "special")
_ID = re.compile(r"^[A-Za-z0-9_.\-]+$")

#: How far (inches) a door or firing slit may sit from the footprint's outline.
OUTLINE_TOLERANCE = 0.5
#: The largest value of a datasheet's counts (armour, hull points, capacity, strength…).
MAX_VALUE = 1_000
#: The largest local coordinate or height of a datasheet, inches (the biggest are 20).
MAX_SIZE_IN = 1_000.0


def _identifier(f: Fields, key: str) -> str:
    value = f.text(key)
    if not _ID.match(value):
        raise ScenarioError(f"an id uses only letters, digits, '_', '.', '-'; got {value!r}",
                            f.at(key))
    return value


def _systems(f: Fields) -> tuple[str, ...]:
    values = f.items("systems", limit=len(RuleSystem), what="rule systems")
    known = set(RuleSystem)  # the registered systems (board/document/rule_systems.py)
    if not values:
        raise ScenarioError(f"name at least one rule system ({', '.join(sorted(known))})",
                            f.at("systems"))
    for i, value in enumerate(values):
        if not isinstance(value, str) or value not in known:
            names = ", ".join(sorted(known))
            raise ScenarioError(f"unknown rule system {value!r} (known: {names})",
                                f.at(f"systems[{i}]"))
    return tuple(values)


def _armour(f: Fields) -> dict[str, int] | None:
    value = f.raw("armour", None)
    if value is None:
        return None
    if not isinstance(value, dict):
        return dict.fromkeys(FACINGS, f.integer("armour", minimum=0, maximum=MAX_VALUE))
    armour = f.child("armour")
    armour.refuse_unknown(FACINGS)
    return {facing: armour.integer(facing, minimum=0, maximum=MAX_VALUE) for facing in FACINGS}


def weapon_from_fields(f: Fields) -> WeaponProfile:
    """Read a weapon profile (``range`` in inches; ``ap`` ``null`` for AP -)."""
    f.refuse_unknown(_WEAPON_FIELDS)
    special = f.items("special", [], limit=MAX_POINTS, what="special rules")
    for i, item in enumerate(special):
        if not isinstance(item, str):
            raise ScenarioError("a special rule is a string", f.at(f"special[{i}]"))
    return WeaponProfile(
        name=f.text("name"), range=f.number("range", above=0, maximum=MAX_SIZE_IN),
        strength=f.integer("strength", minimum=-MAX_VALUE, maximum=MAX_VALUE),
        ap=f.optional_integer("ap", minimum=1, maximum=MAX_VALUE), type=f.text("type"),
        shots=f.integer("shots", 1, minimum=1, maximum=MAX_VALUE),
        blast=f.optional_number("blast", above=0, maximum=MAX_SIZE_IN),
        template=f.flag("template"), special=tuple(special))


def _access_point(f: Fields) -> AccessPoint:
    f.refuse_unknown(("id", "x", "y", "label", "escape_hatch"))
    return AccessPoint(_identifier(f, "id"), _local(f, "x"), _local(f, "y"),
                       f.text("label", "", non_empty=False), f.flag("escape_hatch"))


def _fire_point(f: Fields) -> FirePoint:
    f.refuse_unknown(("id", "x", "y", "facing", "models"))
    facing = f.text("facing")
    if facing not in FACINGS:
        raise ScenarioError(f"a facing is one of {', '.join(FACINGS)}; got {facing!r}",
                            f.at("facing"))
    return FirePoint(_identifier(f, "id"), _local(f, "x"), _local(f, "y"), facing,
                     f.integer("models", 2, minimum=1, maximum=MAX_VALUE))


def _emplaced_weapon(f: Fields) -> EmplacedWeapon:
    f.refuse_unknown(("id", "x", "y", "weapon", "on_battlements"))
    return EmplacedWeapon(_identifier(f, "id"), _local(f, "x"), _local(f, "y"),
                          weapon_from_fields(f.child("weapon")),
                          on_battlements=f.flag("on_battlements"))


def _battlements(f: Fields) -> Battlements | None:
    if not f.has("battlements"):
        return None
    b = f.child("battlements")
    b.refuse_unknown(("polygon", "height"))
    polygon = b.points("polygon", limit=MAX_VERTICES)
    check_simple_polygon(polygon, b.at("polygon"))
    return Battlements(polygon, b.number("height", 0.0, minimum=0, maximum=MAX_SIZE_IN))


def _level(f: Fields) -> Level:
    f.refuse_unknown(("id", "name", "height", "polygon", "capacity"))
    polygon = f.points("polygon", [], limit=MAX_VERTICES)
    if polygon:
        check_simple_polygon(polygon, f.at("polygon"))
    return Level(_identifier(f, "id"), f.text("name"),
                 f.number("height", minimum=0, maximum=MAX_SIZE_IN), polygon,
                 f.optional_integer("capacity", minimum=1, maximum=MAX_VALUE))


def _projection(f: Fields) -> VoidShieldProjection | None:
    if not f.has("projects_void_shields"):
        return None
    p = f.child("projects_void_shields")
    p.refuse_unknown(("shields", "range", "armour"))
    return VoidShieldProjection(p.integer("shields", minimum=1, maximum=MAX_VALUE),
                                p.number("range", 12.0, above=0, maximum=MAX_SIZE_IN),
                                p.integer("armour", 12, minimum=1, maximum=MAX_VALUE))


def _part(f: Fields) -> PartRef:
    f.refuse_unknown(("part", "datasheet", "x", "y", "rotation"))
    return PartRef(_identifier(f, "part"), _identifier(f, "datasheet"), _local(f, "x"),
                   _local(f, "y"), f.number("rotation", 0.0))


def _adjacent(f: Fields, parts: tuple[PartRef, ...]) -> tuple[tuple[str, str], ...]:
    names = {p.part for p in parts}
    pairs = []
    pairs_given = f.items("adjacent_parts", [], limit=MAX_PARTS * MAX_PARTS, what="pairs")
    for i, value in enumerate(pairs_given):
        where = f.at(f"adjacent_parts[{i}]")
        if not (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, str) and v in names for v in value)):
            raise ScenarioError(f"expected a pair of part names from {sorted(names)}, got "
                                f"{value!r}", where)
        pairs.append((str(value[0]), str(value[1])))
    return tuple(pairs)


def _unique(items: tuple[Any, ...], key: str, where: str) -> None:
    seen: set[str] = set()
    for i, item in enumerate(items):
        value = getattr(item, key)
        if value in seen:
            raise ScenarioError(f"duplicate {key} {value!r}", f"{where}[{i}].{key}")
        seen.add(value)


def _strings(f: Fields, key: str) -> tuple[str, ...]:
    values = f.items(key, [], limit=MAX_POINTS, what="strings")
    for i, value in enumerate(values):
        if not isinstance(value, str):
            raise ScenarioError("expected a string", f.at(f"{key}[{i}]"))
    return tuple(values)


def _local(f: Fields, key: str) -> float:
    """A coordinate of the datasheet's local frame (inches from its reference point)."""
    return f.number(key, maximum=MAX_SIZE_IN)


def _listed(f: Fields, key: str) -> list[Fields]:
    """The objects of one of the datasheet's point lists (at most :data:`MAX_POINTS`)."""
    return f.children(key, [], limit=MAX_POINTS, what=key.replace("_", " "))


def datasheet_from_dict(data: object, where: str = "") -> Datasheet:
    """Read and validate one datasheet.

    Parameters
    ----------
    data
        The decoded JSON object.
    where
        Its location, put in front of every error's ``where``.

    Raises
    ------
    ScenarioError
        Naming the first field that is missing, of the wrong type or inconsistent.
    """
    check_value(data, where)
    f = Fields(data, where)
    f.refuse_unknown(DATASHEET_FIELDS)
    kind = f.choice("kind", TerrainKind)
    parts = tuple(_part(p) for p in f.children("parts", [], limit=MAX_PARTS, what="parts"))
    sheet = Datasheet(
        id=_identifier(f, "id"), name=f.text("name"), kind=kind, systems=_systems(f),
        footprint=f.points("footprint", [], limit=MAX_VERTICES),
        size=None if not f.has("size") else f.choice("size", SizeClass),
        armour=_armour(f),
        transport_capacity=f.optional_integer("transport_capacity", minimum=0, maximum=MAX_VALUE),
        hull_points=f.optional_integer("hull_points", minimum=1, maximum=MAX_VALUE),
        damage_capacity=f.optional_integer("damage_capacity", minimum=1, maximum=MAX_VALUE),
        assault_factor=f.optional_integer("assault_factor", minimum=0, maximum=MAX_VALUE),
        epic_armour=f.optional_integer("epic_armour", minimum=1, maximum=MAX_VALUE),
        height=f.number("height", 0.0, minimum=0, maximum=MAX_SIZE_IN),
        floors=f.integer("floors", 1, minimum=1, maximum=MAX_VALUE),
        access_points=tuple(_access_point(a) for a in _listed(f, "access_points")),
        fire_points=tuple(_fire_point(a) for a in _listed(f, "fire_points")),
        battlements=_battlements(f),
        levels=tuple(_level(a) for a in _listed(f, "levels")),
        emplaced_weapons=tuple(_emplaced_weapon(a) for a in _listed(f, "emplaced_weapons")),
        impassable=f.flag("impassable"), mighty_bulwark=f.flag("mighty_bulwark"),
        void_shields=f.integer("void_shields", 0, minimum=0, maximum=MAX_VALUE),
        projects_void_shields=_projection(f), parts=parts,
        adjacent_parts=_adjacent(f, parts), notes=f.text("notes", "", non_empty=False),
        tags=_strings(f, "tags"))
    _check_consistent(sheet, f)
    return sheet


def _check_consistent(sheet: Datasheet, f: Fields) -> None:
    """Check what no single field shows: the shape, where the points sit, the parts."""
    for key in ("access_points", "fire_points", "emplaced_weapons", "levels"):
        _unique(getattr(sheet, key), "id", f.at(key))
    if sheet.battlements is not None and any(v.id == BATTLEMENTS_LEVEL for v in sheet.levels):
        raise ScenarioError(f"level id {BATTLEMENTS_LEVEL!r} is the battlements' own; name the "
                            "level otherwise", f.at("levels"))
    _unique(sheet.parts, "part", f.at("parts"))
    if sheet.kind is TerrainKind.MULTI_PART:
        if len(sheet.parts) < 2:
            raise ScenarioError(f"a multi-part building has at least 2 parts, got "
                                f"{len(sheet.parts)}", f.at("parts"))
        if sheet.footprint:
            check_simple_polygon(sheet.footprint, f.at("footprint"))
        return
    if sheet.parts:
        raise ScenarioError(f"only kind 'multi_part' has parts (this is {sheet.kind.value!r})",
                            f.at("parts"))
    check_simple_polygon(sheet.footprint, f.at("footprint"))
    _check_points(sheet, f)


def _check_points(sheet: Datasheet, f: Fields) -> None:
    outline = sheet.footprint
    for key in ("access_points", "fire_points"):
        for i, p in enumerate(getattr(sheet, key)):
            reach = ESCAPE_HATCH_REACH if getattr(p, "escape_hatch", False) else OUTLINE_TOLERANCE
            check_near_outline((p.x, p.y), outline, reach, f.at(f"{key}[{i}]"))
    for i, w in enumerate(sheet.emplaced_weapons):
        check_within((w.x, w.y), outline, OUTLINE_TOLERANCE, f.at(f"emplaced_weapons[{i}]"))
    if sheet.battlements is not None:
        for i, p in enumerate(sheet.battlements.polygon):
            check_within(p, outline, 0.01, f.at(f"battlements.polygon[{i}]"))
    for k, level in enumerate(sheet.levels):
        for i, p in enumerate(level.polygon):
            check_within(p, outline, 0.01, f.at(f"levels[{k}].polygon[{i}]"))


def weapon_to_dict(weapon: WeaponProfile) -> dict[str, Any]:
    """Write a weapon profile as JSON values."""
    return {"name": weapon.name, "range": weapon.range, "strength": weapon.strength,
            "ap": weapon.ap, "type": weapon.type, "shots": weapon.shots, "blast": weapon.blast,
            "template": weapon.template, "special": list(weapon.special)}


def datasheet_to_dict(sheet: Datasheet) -> dict[str, Any]:
    """Write a datasheet as JSON values that :func:`datasheet_from_dict` reads back equal."""
    b = sheet.battlements
    v = sheet.projects_void_shields
    return {
        "id": sheet.id, "name": sheet.name, "kind": sheet.kind.value,
        "systems": list(sheet.systems), "footprint": [list(p) for p in sheet.footprint],
        "size": sheet.size.value if sheet.size else None, "armour": sheet.armour,
        "transport_capacity": sheet.transport_capacity, "hull_points": sheet.hull_points,
        "damage_capacity": sheet.damage_capacity, "assault_factor": sheet.assault_factor,
        "epic_armour": sheet.epic_armour, "height": sheet.height, "floors": sheet.floors,
        "access_points": [{"id": a.id, "x": a.x, "y": a.y, "label": a.label,
                           **({"escape_hatch": True} if a.escape_hatch else {})}
                          for a in sheet.access_points],
        "fire_points": [{"id": p.id, "x": p.x, "y": p.y, "facing": p.facing, "models": p.models}
                        for p in sheet.fire_points],
        "battlements": None if b is None else {"polygon": [list(p) for p in b.polygon],
                                               "height": b.height},
        "levels": [{"id": v.id, "name": v.name, "height": v.height,
                    "polygon": [list(p) for p in v.polygon], "capacity": v.capacity}
                   for v in sheet.levels],
        "emplaced_weapons": [{"id": w.id, "x": w.x, "y": w.y, "weapon": weapon_to_dict(w.weapon),
                              "on_battlements": w.on_battlements} for w in sheet.emplaced_weapons],
        "impassable": sheet.impassable, "mighty_bulwark": sheet.mighty_bulwark,
        "void_shields": sheet.void_shields,
        "projects_void_shields": None if v is None else {"shields": v.shields, "range": v.range,
                                                         "armour": v.armour},
        "parts": [{"part": p.part, "datasheet": p.datasheet, "x": p.x, "y": p.y,
                   "rotation": p.rotation} for p in sheet.parts],
        "adjacent_parts": [list(pair) for pair in sheet.adjacent_parts],
        "notes": sheet.notes, "tags": list(sheet.tags),
    }
