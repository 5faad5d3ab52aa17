"""What ties a scenario's parts together: ids, sides, datasheets, embarked and joined units.

:func:`check_scenario` refuses, with a :class:`~board.document.errors.ScenarioError` naming
the JSON location, a scenario whose parts do not fit together. It is run on every scenario
read from a file, after each part has been read on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from board.document.datasheet import Datasheet, TerrainKind
from board.document.errors import ScenarioError, join_where
from board.document.model import Scenario, TerrainPiece, Unit

__all__ = ["check_scenario", "SIDES"]

#: A scenario has exactly this many sides (two players).
SIDES = 2


def _check_unique(ids: Iterable[tuple[str, str]], what: str) -> None:
    """Refuse a repeated id; ``ids`` are (id, where) pairs."""
    first: dict[str, str] = {}
    for value, where in ids:
        if value in first:
            raise ScenarioError(f"duplicate {what} id {value!r} (first used at {first[value]})",
                                where)
        first[value] = where


def _check_sides(scenario: Scenario, where: str) -> None:
    if len(scenario.sides) != SIDES:
        raise ScenarioError(f"a scenario has {SIDES} sides, got {len(scenario.sides)}",
                            join_where(where, "sides"))
    _check_unique(((s.id, join_where(where, f"sides[{i}].id"))
                   for i, s in enumerate(scenario.sides)), "side")


def _check_piece(piece: TerrainPiece, library: Mapping[str, Datasheet], sides: set[str],
                 where: str) -> None:
    if piece.datasheet not in library:
        raise ScenarioError(f"unknown datasheet {piece.datasheet!r} (the library has "
                            f"{len(library)} datasheets)", join_where(where, "datasheet"))
    if library[piece.datasheet].kind is TerrainKind.MULTI_PART:
        raise ScenarioError(f"{piece.datasheet!r} is a multi-part datasheet: place its parts, "
                            "one piece each", join_where(where, "datasheet"))
    if piece.claimed_by is not None and piece.claimed_by not in sides:
        raise ScenarioError(f"claimed by unknown side {piece.claimed_by!r} (sides: "
                            f"{', '.join(sorted(sides))})", join_where(where, "claimed_by"))
    _check_part(piece, library, where)


def _check_part(piece: TerrainPiece, library: Mapping[str, Datasheet], where: str) -> None:
    if piece.group_datasheet is None:
        return
    group = library.get(piece.group_datasheet)
    if group is None or group.kind is not TerrainKind.MULTI_PART:
        raise ScenarioError(f"{piece.group_datasheet!r} is not a multi-part datasheet",
                            join_where(where, "group_datasheet"))
    parts = {p.part: p.datasheet for p in group.parts}
    if piece.group is None or parts.get(piece.part or "") != piece.datasheet:
        raise ScenarioError(f"part {piece.part!r} with datasheet {piece.datasheet!r} is not a "
                            f"part of {group.id!r} (parts: {', '.join(parts)})",
                            join_where(where, "part"))


def _check_groups(terrain: list[tuple[TerrainPiece, str]]) -> None:
    """Refuse a multi-part group that holds a part twice or mixes group datasheets."""
    seen: dict[tuple[str, str], str] = {}
    sheets: dict[str, str | None] = {}
    for piece, where in terrain:
        if piece.group is None:
            continue
        first = sheets.setdefault(piece.group, piece.group_datasheet)
        if first != piece.group_datasheet:
            raise ScenarioError(f"group {piece.group!r} mixes the multi-part datasheets "
                                f"{first!r} and {piece.group_datasheet!r}",
                                join_where(where, "group_datasheet"))
        key = (piece.group, piece.part or "")
        if piece.part is not None and key in seen:
            raise ScenarioError(f"group {piece.group!r} already has its part {piece.part!r} "
                                f"(at {seen[key]})", join_where(where, "part"))
        seen[key] = where


def _check_embarked(unit: Unit, pieces: dict[str, TerrainPiece],
                    library: Mapping[str, Datasheet], where: str) -> None:
    if unit.embarked_in is None:
        return
    at = join_where(where, "embarked_in")
    piece = pieces.get(unit.embarked_in)
    if piece is None:
        raise ScenarioError(f"embarked in {unit.embarked_in!r}, but no terrain piece has that "
                            "id", at)
    sheet = library[piece.datasheet]
    if sheet.kind is not TerrainKind.BUILDING or sheet.impassable:
        why = "impassable" if sheet.impassable else f"a {sheet.kind.value}, not a building"
        raise ScenarioError(f"embarked in {piece.id!r} ({sheet.name}), which is {why} and "
                            "cannot be entered", at)


def _check_joined(unit: Unit, units: dict[str, Unit], where: str) -> None:
    if unit.joined_to is None:
        return
    at = join_where(where, "joined_to")
    other = units.get(unit.joined_to)
    if other is None or other is unit:
        problem = "itself" if other is unit else "a unit that does not exist"
        raise ScenarioError(f"joined to {unit.joined_to!r}: {problem}", at)
    if other.side != unit.side:
        raise ScenarioError(f"joined to {other.id!r} of side {other.side!r}, but this unit is "
                            f"of side {unit.side!r}", at)


def check_scenario(scenario: Scenario, library: Mapping[str, Datasheet], where: str = "") -> None:
    """Refuse a scenario whose parts do not fit together.

    Parameters
    ----------
    scenario
        A scenario whose parts were each read and checked.
    library
        The datasheets its pieces may name (the shipped ones plus its custom ones).
    where
        Put in front of every error's location.
    """
    _check_sides(scenario, where)
    sides = {s.id for s in scenario.sides}
    terrain = [(p, join_where(where, f"terrain[{i}]")) for i, p in enumerate(scenario.terrain)]
    _check_unique(((p.id, join_where(w, "id")) for p, w in terrain), "terrain piece")
    for piece, at in terrain:
        _check_piece(piece, library, sides, at)
    _check_groups(terrain)
    units = [(u, join_where(where, f"units[{i}]")) for i, u in enumerate(scenario.units)]
    _check_unique(((u.id, join_where(w, "id")) for u, w in units), "unit")
    _check_unique(((m.id, join_where(w, f"models[{j}].id"))
                   for u, w in units for j, m in enumerate(u.models)), "model")
    pieces = {p.id: p for p in scenario.terrain}
    by_id = {u.id: u for u in scenario.units}
    for unit, at in units:
        if unit.side not in sides:
            raise ScenarioError(f"unknown side {unit.side!r} (sides: {', '.join(sorted(sides))})",
                                join_where(at, "side"))
        _check_embarked(unit, pieces, library, at)
        _check_joined(unit, by_id, at)
