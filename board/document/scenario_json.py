"""Scenario JSON values ⇄ :class:`~board.document.model.Scenario`, field by field.

This module reads and writes each part of a scenario and refuses wrong types and bad values
where they are; :mod:`board.document.checks` then checks what ties the parts together (ids,
sides, datasheets, embarked units). :mod:`board.document.io` puts the two together with files.
"""

from __future__ import annotations

import re
from typing import Any

from board.document.datasheet_json import datasheet_from_dict, datasheet_to_dict
from board.document.distance_option import check_distance_option
from board.document.errors import ScenarioError
from board.document.fields import Fields, describe
from board.document.jsontext import check_value
from board.document.limits import (
    MAX_ANNOTATIONS,
    MAX_CUSTOM_DATASHEETS,
    MAX_LOG_ENTRIES,
    MAX_MODELS,
    MAX_PIECES,
    MAX_ROLLS,
    MAX_TABLE_IN,
    MAX_UNITS,
)
from board.document.model import (
    Annotation,
    Base,
    BaseShape,
    LevelRef,
    LogEntry,
    Model,
    RuleSystem,
    Scenario,
    Side,
    Table,
    TerrainPiece,
    TroopType,
    Unit,
)
from board.document.states import check_state
from board.document.stats import check_stats

__all__ = [
    "FORMAT",
    "VERSION",
    "scenario_fields",
    "check_counts",
    "read_scenario_fields",
    "write_scenario",
    "base_from_fields",
    "base_to_dict",
    "model_to_dict",
    "MAX_BASE_MM",
    "MAX_HULL_IN",
    "unit_from_dict",
    "piece_from_dict",
    "annotation_from_dict",
    "log_entry_from_dict",
]

FORMAT = "battleboard-scenario"
VERSION = 1

#: The largest round or oval base accepted, millimetres (the biggest sold are about 170 mm).
MAX_BASE_MM = 500.0
#: The longest vehicle hull accepted, inches.
MAX_HULL_IN = 48.0
#: The largest number a model may be given in its unit.
MAX_MODEL_NUMBER = 1_000_000

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_TOP = ("format", "version", "name", "table", "rule_system", "options", "sides", "terrain",
        "units", "log", "annotations", "custom_datasheets")
_BASE_SIZES = {BaseShape.ROUND: ("diameter_mm",), BaseShape.OVAL: ("length_mm", "width_mm"),
               BaseShape.HULL: ("length_in", "width_in"), BaseShape.SQUARE: ("side_mm",),
               BaseShape.RECTANGLE: ("length_mm", "width_mm")}


def scenario_fields(data: object, where: str = "") -> Fields:
    """Check the format name and version first, before anything else is read."""
    f = Fields(data, where)
    if "format" not in f.data:
        raise ScenarioError(f"not a battleboard scenario: it has no 'format' field (expected "
                            f"{FORMAT!r})", f.at("format"))
    name = f.raw("format")
    check_value(name, f.at("format"))
    if "version" in f.data:
        check_value(f.data["version"], f.at("version"))
    if name != FORMAT:
        raise ScenarioError(f"not a battleboard scenario: format is {name!r}, expected "
                            f"{FORMAT!r}", f.at("format"))
    version = f.raw("version")
    if isinstance(version, bool) or not isinstance(version, int) or version != VERSION:
        raise ScenarioError(f"unknown format version {version!r}: this program reads version "
                            f"{VERSION}", f.at("version"))
    f.refuse_unknown(_TOP)
    return f


def base_from_fields(f: Fields) -> Base:
    """Read a base: round (``diameter_mm``), oval (``length_mm``, ``width_mm``) or hull."""
    shape = f.choice("shape", BaseShape)
    sizes = _BASE_SIZES[shape]
    f.refuse_unknown(("shape", *sizes))
    limit = MAX_HULL_IN if shape is BaseShape.HULL else MAX_BASE_MM
    unit = "in" if shape is BaseShape.HULL else "mm"
    values = []
    for key in sizes:
        value = f.number(key)
        if not 0 < value <= limit:
            raise ScenarioError(f"a {shape.value} base's {key.split('_')[0]} must be more than "
                                f"0 and at most {limit:g} {unit}, got {value:g}", f.at(key))
        values.append(value)
    return Base(shape, values[0], values[-1])


def base_to_dict(base: Base) -> dict[str, Any]:
    """Write a base with its size fields named by their units."""
    sizes = _BASE_SIZES[base.shape]
    values = (base.length,) if len(sizes) == 1 else (base.length, base.width)
    return {"shape": base.shape.value, **dict(zip(sizes, values, strict=True))}


def _table(f: Fields) -> Table:
    t = f.child("table")
    t.refuse_unknown(("width", "height"))
    return Table(t.number("width", above=0, maximum=MAX_TABLE_IN),
                 t.number("height", above=0, maximum=MAX_TABLE_IN))


def _side(f: Fields) -> Side:
    f.refuse_unknown(("id", "name", "colour"))
    colour = f.text("colour")
    if not _COLOUR.match(colour):
        raise ScenarioError(f"a colour is written #rrggbb, got {colour!r}", f.at("colour"))
    return Side(f.text("id"), f.text("name"), colour)


def _piece(f: Fields) -> TerrainPiece:
    f.refuse_unknown(("id", "datasheet", "x", "y", "rotation", "claimed_by", "group", "part",
                      "group_datasheet", "state"))
    return TerrainPiece(
        f.text("id"), f.text("datasheet"), f.number("x"), f.number("y"),
        f.number("rotation", 0.0), f.optional_text("claimed_by"), f.optional_text("group"),
        f.optional_text("part"), f.mapping("state"), f.optional_text("group_datasheet"))


def _model(f: Fields) -> Model:
    f.refuse_unknown(("id", "base", "x", "y", "facing", "number", "level"))
    return Model(f.text("id"), base_from_fields(f.child("base")), f.number("x"), f.number("y"),
                 f.number("facing", 0.0),
                 f.optional_integer("number", minimum=1, maximum=MAX_MODEL_NUMBER),
                 _level_ref(f))


def _level_ref(f: Fields) -> LevelRef | None:
    """A model's ``level``: ``{"piece": ID, "level": ID}`` or absent (on the table)."""
    if not f.has("level"):
        return None
    ref = f.child("level")
    ref.refuse_unknown(("piece", "level"))
    return LevelRef(ref.text("piece"), ref.text("level"))


def model_to_dict(m: Model) -> dict[str, Any]:
    """A model as JSON values, every field present (``level`` null on the table)."""
    level = None if m.level is None else {"piece": m.level.piece, "level": m.level.level}
    return {"id": m.id, "base": base_to_dict(m.base), "x": m.x, "y": m.y, "facing": m.facing,
            "number": m.number, "level": level}


def _distinct_numbers(models: list[Model], f: Fields) -> list[Model]:
    """Refuse two models of a unit with the same number (the unit numbers the others)."""
    taken: dict[int, int] = {}
    for k, model in enumerate(models):
        if model.number is not None:
            if model.number in taken:
                raise ScenarioError(f"models {taken[model.number] + 1} and {k + 1} of the unit "
                                    f"both have number {model.number}",
                                    f.at(f"models[{k}].number"))
            taken[model.number] = k
    return models


def _unit(f: Fields) -> Unit:
    f.refuse_unknown(("id", "name", "side", "troop_type", "models", "embarked_in", "joined_to",
                      "stats"))
    models = _distinct_numbers([_model(m) for m in f.children("models")], f)
    if not models:
        raise ScenarioError("a unit has at least one model, got none", f.at("models"))
    stats = f.mapping("stats")
    check_stats(stats, f.at("stats"))  # the declared stats (board/document/stats.py)
    return Unit(f.text("id"), f.text("name"), f.text("side"), f.choice("troop_type", TroopType),
                models, f.optional_text("embarked_in"), f.optional_text("joined_to"), stats)


def _log_entry(f: Fields) -> LogEntry:
    f.refuse_unknown(("text", "rolls", "seed"))
    rolls = f.items("rolls", [], limit=MAX_ROLLS, what="rolls")
    for i, roll in enumerate(rolls):
        if not isinstance(roll, dict):
            raise ScenarioError("a roll is an object {...}", f.at(f"rolls[{i}]"))
    return LogEntry(f.text("text", non_empty=False), list(rolls), f.optional_integer("seed"))


def _annotation(f: Fields) -> Annotation:
    f.refuse_unknown(("id", "kind", "data"))
    return Annotation(f.text("id"), f.text("kind"), f.mapping("data"))


def unit_from_dict(data: object, where: str) -> Unit:
    """Read one unit as a file's ``units[i]`` is read (its stats checked; no cross-checks)."""
    return _unit(Fields(data, where))


def piece_from_dict(data: object, where: str) -> TerrainPiece:
    """Read one terrain piece as a file's ``terrain[i]`` is read (its state not yet checked)."""
    return _piece(Fields(data, where))


def annotation_from_dict(data: object, where: str) -> Annotation:
    """Read one annotation (a kept measurement) as a file's ``annotations[i]`` is read."""
    return _annotation(Fields(data, where))


def log_entry_from_dict(data: object, where: str) -> LogEntry:
    """Read one log entry as a file's ``log[i]`` is read."""
    return _log_entry(Fields(data, where))


def _count_models(f: Fields) -> None:
    """Refuse more than :data:`MAX_MODELS` models before reading any of them."""
    units = f.items("units", limit=MAX_UNITS, what="units")
    count = sum(len(u["models"]) for u in units
                if isinstance(u, dict) and isinstance(u.get("models"), list))
    if count > MAX_MODELS:
        raise ScenarioError(f"{count:,} models: the most a scenario may hold is {MAX_MODELS:,}",
                            f.at("units"))


#: The top-level arrays and their limits, checked before anything else is read.
_COUNTED = (("terrain", MAX_PIECES, "terrain pieces"), ("units", MAX_UNITS, "units"),
            ("log", MAX_LOG_ENTRIES, "log entries"),
            ("annotations", MAX_ANNOTATIONS, "annotations"),
            ("custom_datasheets", MAX_CUSTOM_DATASHEETS, "custom datasheets"))


def check_counts(data: object, where: str = "") -> None:
    """Refuse a scenario over a count limit at once, before its values are walked or read."""
    if not isinstance(data, dict):
        return
    f = Fields(data, where)
    for key, limit, what in _COUNTED:
        if isinstance(data.get(key), list):
            f.items(key, limit=limit, what=what)
    if isinstance(data.get("units"), list):
        _count_models(f)


def _rule_system(f: Fields) -> RuleSystem:
    """The scenario's rule system: one the program registered, or a refusal naming them."""
    value = f.raw("rule_system")
    try:
        return RuleSystem(value)
    except ValueError:
        known = ", ".join(RuleSystem)
        raise ScenarioError(f"expected one of {known}, got {describe(value)}",
                            f.at("rule_system")) from None


def read_scenario_fields(f: Fields) -> Scenario:
    """Read every part of a scenario whose format and version were checked."""
    _count_models(f)
    rule_system = _rule_system(f)
    terrain = f.children("terrain", limit=MAX_PIECES, what="terrain pieces")
    scenario = Scenario(
        name=f.text("name", "Untitled", non_empty=False), table=_table(f),
        rule_system=rule_system, options=f.mapping("options"),
        sides=[_side(s) for s in f.children("sides", limit=100, what="sides")],
        terrain=[_piece(p) for p in terrain],
        units=[_unit(u) for u in f.children("units", limit=MAX_UNITS, what="units")],
        log=[_log_entry(e) for e in f.children("log", [], limit=MAX_LOG_ENTRIES,
                                                what="log entries")],
        annotations=[_annotation(a) for a in f.children("annotations", [],
                                                         limit=MAX_ANNOTATIONS,
                                                         what="annotations")],
        custom_datasheets=[datasheet_from_dict(d.data, d.where)
                           for d in f.children("custom_datasheets", [],
                                               limit=MAX_CUSTOM_DATASHEETS,
                                               what="custom datasheets")])
    check_distance_option(scenario.options, f.at("options"))
    for piece, p in zip(scenario.terrain, terrain, strict=True):
        check_state(piece.state, rule_system, p.at("state"))
    return scenario


def _piece_to_dict(p: TerrainPiece) -> dict[str, Any]:
    return {"id": p.id, "datasheet": p.datasheet, "x": p.x, "y": p.y, "rotation": p.rotation,
            "claimed_by": p.claimed_by, "group": p.group, "part": p.part,
            "group_datasheet": p.group_datasheet, "state": p.state}


def _unit_to_dict(u: Unit) -> dict[str, Any]:
    return {"id": u.id, "name": u.name, "side": u.side, "troop_type": u.troop_type.value,
            "embarked_in": u.embarked_in, "joined_to": u.joined_to, "stats": u.stats,
            "models": [model_to_dict(m) for m in u.models]}


def write_scenario(s: Scenario) -> dict[str, Any]:
    """Write a scenario as JSON values, every field present."""
    return {
        "format": FORMAT, "version": VERSION, "name": s.name,
        "table": {"width": s.table.width, "height": s.table.height},
        "rule_system": s.rule_system.value, "options": s.options,
        "sides": [{"id": d.id, "name": d.name, "colour": d.colour} for d in s.sides],
        "terrain": [_piece_to_dict(p) for p in s.terrain],
        "units": [_unit_to_dict(u) for u in s.units],
        "log": [{"text": e.text, "rolls": e.rolls, "seed": e.seed} for e in s.log],
        "annotations": [{"id": a.id, "kind": a.kind, "data": a.data} for a in s.annotations],
        "custom_datasheets": [datasheet_to_dict(d) for d in s.custom_datasheets],
    }
