"""An import, whole: every unit mapped, what a re-import keeps, adds and removes, one Change.

:func:`plan_import` maps a :class:`~board.document.roster.Roster` for one side of a scenario
(nothing changes yet: the dialog shows the plan and lets the player fix it);
:func:`import_change` turns the (possibly edited) plan into one
:class:`~board.document.changes.Change` the document applies — one undo step for the whole
import. A unit imported before is recognised by the list's key kept in its stats
(``stats["roster"]["key"]``) and its list's own id (``stats["roster"]["list"]``): it keeps its
id, and its models keep their ids and places while its model count and bases are unchanged. A
*different* list onto a side that already holds an army is added beside it: nothing of the
other army is removed unless the player asks to replace it (``replace``). A list for another
game system than the scenario's is refused (:class:`WrongSystem`) unless ``any_system``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from board.document.changes import Change
from board.document.edits import ScenarioDocument
from board.document.model import LogEntry, Model, Scenario, Unit
from board.document.roster.bases import BaseLibrary
from board.document.roster.model import Roster, Skipped
from board.game.army.deploy import Formation, deploy_formations
from board.game.army.game_system import list_system, wrong_system
from board.game.army.mapping import UnitPlan, map_unit
from board.game.core.deploy import deployment_for
from board.game.core.names import Namer, member_word
from board.game.core.standing import clash_text, standing_clashes
from board.game.core.world import World
from board.game.placement import Box
from board.game.systems.setup import RANKED
from geometry import model_footprint
from rules.words import counted

__all__ = ["ImportPlan", "ImportError_", "WrongSystem", "plan_import", "import_change",
           "roster_key", "roster_list"]


class ImportError_(ValueError):  # noqa: N801 - ``ImportError`` is Python's own
    """An import that cannot be made (no such side, no zone, no room): the reason."""


class WrongSystem(ImportError_):
    """A list for another game system than the scenario's: both named."""


def roster_key(unit: Unit) -> str | None:
    """The list's key of a unit imported before (``None`` for a unit made by hand)."""
    info = unit.stats.get("roster")
    key = info.get("key") if isinstance(info, dict) else None
    return key if isinstance(key, str) else None


def roster_list(unit: Unit) -> str:
    """The own id of the list a unit was imported from (``""``: unknown, an older import)."""
    info = unit.stats.get("roster")
    value = info.get("list") if isinstance(info, dict) else None
    return value if isinstance(value, str) else ""


@dataclass
class ImportPlan:
    """The units to place (new and kept), the units a re-import removes, what is skipped."""

    roster: Roster
    side: str
    units: list[UnitPlan]
    kept: dict[str, str] = field(default_factory=dict)  # roster key -> existing unit id
    removed: list[Unit] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    beside: int = 0  # units of other lists on the side, left where they stand
    replaced: list[Unit] = field(default_factory=list)  # other lists' units, asked to go
    edition: str = ""

    @property
    def added(self) -> list[UnitPlan]:
        """The units the board does not have yet."""
        return [u for u in self.units if u.key not in self.kept]

    @property
    def models(self) -> int:
        """How many models will stand on the table for the list."""
        return sum(u.count for u in self.units)


def plan_import(scenario: Scenario, roster: Roster, side: str, library: BaseLibrary, *,
                any_system: bool = False, replace: bool = False) -> ImportPlan:
    """Map ``roster`` for ``side`` of ``scenario`` (nothing is changed).

    ``any_system`` lets a list for another game system through; ``replace`` takes every unit
    of other lists on the side off the board (a re-import of the same list always replaces
    its own units).
    """
    sides = [s.id for s in scenario.sides]
    if side not in sides:
        raise ImportError_(f"no side {side!r} in the scenario; sides: "
                           f"{', '.join(sides) or 'none'}")
    wrong = wrong_system(roster.game_system, scenario.rule_system)
    if wrong is not None and not any_system:
        raise WrongSystem(wrong)
    if not roster.units:
        skipped = ", ".join(s.name for s in roster.skipped[:3])
        raise ImportError_(f"the list holds no unit to place ({roster.selections} selections "
                           f"read{'; not units: ' + skipped if skipped else ''})")
    system, edition = list_system(roster.game_system)
    edition = edition if system == scenario.rule_system else ""
    units = [map_unit(scenario.rule_system, u, library, edition) for u in roster.units]
    for unit in units:
        unit.stats["roster"]["list"] = roster.roster_id
    keys = {u.key for u in units}
    imported = [u for u in scenario.units if u.side == side and roster_key(u)]
    same = [u for u in imported if _same_list(u, roster, keys)]
    mine = {roster_key(u): u for u in same}
    kept = {key: mine[key].id for key in keys if key in mine}
    removed = [u for key, u in mine.items() if key not in keys]
    others = [u for u in imported if u not in same]
    return ImportPlan(roster, side, units, kept, removed, list(roster.skipped),
                      beside=0 if replace else len(others), edition=edition,
                      replaced=others if replace else [])


def _same_list(unit: Unit, roster: Roster, keys: set[str]) -> bool:
    """Whether ``unit`` came from ``roster`` (its list's id; an older import: its key)."""
    list_id = roster_list(unit)
    if list_id and roster.roster_id:
        return list_id == roster.roster_id
    return roster_key(unit) in keys


def _unchanged(old: Unit, plan: UnitPlan) -> bool:
    bases = [plan.base_of(m) for m in plan.models for _ in range(m.count)]
    return len(old.models) == len(bases) and all(
        model.base == base for model, base in zip(old.models, bases, strict=True))


def _formation(scenario: Scenario, plan: UnitPlan) -> Formation:
    bases = [plan.base_of(m) for m in plan.models]
    ranked = scenario.rule_system in RANKED
    per_rank = int(plan.stats.get("ranks", 5)) if ranked else 5
    return Formation(plan.count, max(b.length_in for b in bases),
                     max(b.width_in for b in bases), ranked, per_rank)


def _blocked(world: World, keep_out: set[str]) -> list[Box]:
    boxes: list[Box] = []
    for piece in world.pieces.values():
        x0, y0, x1, y1 = piece.footprint.bounds
        boxes.append((float(x0), float(y0), float(x1), float(y1)))
    for model_id, model in world.models.items():
        if model_id not in keep_out:
            x0, y0, x1, y1 = _bounds(model.shape)
            boxes.append((x0, y0, x1, y1))
    return boxes


def _bounds(shape: object) -> Box:
    radius = getattr(shape, "radius", None)
    if radius is not None:
        x, y = float(shape.x), float(shape.y)  # type: ignore[attr-defined]
        return (x - radius, y - radius, x + radius, y + radius)
    x0, y0, x1, y1 = shape.bounds  # type: ignore[attr-defined]
    return (float(x0), float(y0), float(x1), float(y1))


def _stats(plan: UnitPlan) -> dict[str, object]:
    stats = copy.deepcopy(plan.stats)
    info = dict(stats.get("roster", {}))  # type: ignore[call-overload]
    info["guessed"] = plan.guessed
    stats["roster"] = info
    return stats


def import_change(document: ScenarioDocument, world: World, plan: ImportPlan) -> Change:
    """The one :class:`Change` that places ``plan``'s units (and removes what it removes).

    An :class:`ImportError_` says why it cannot (no deployment zone, no room left).
    """
    scenario = document.scenario
    by_id = {u.id: u for u in scenario.units}
    stay: dict[str, Unit] = {}
    to_place: list[UnitPlan] = []
    for unit in plan.units:
        old = by_id.get(plan.kept.get(unit.key, ""))
        if old is not None and _unchanged(old, unit):
            stay[unit.key] = old
        elif unit.placeable:
            to_place.append(unit)
    leaving = {m.id for u in plan.removed + plan.replaced for m in u.models}
    leaving |= {m.id for key, uid in plan.kept.items() if key not in stay
                for m in by_id[uid].models}
    try:
        zone = deployment_for(scenario).zone_of(plan.side)
        spots, facing = deploy_formations(
            [_formation(scenario, u) for u in to_place], zone,
            (scenario.table.width / 2.0, scenario.table.height / 2.0),
            _blocked(world, leaving))
    except ValueError as error:
        raise ImportError_(str(error)) from None
    placed = dict(zip([u.key for u in to_place], spots, strict=True))
    change = _change(document, plan, stay, placed, facing)
    _check_standing(scenario, world, change, leaving)
    return change


def _check_standing(scenario: Scenario, world: World, change: Change,
                    leaving: set[str]) -> None:
    """Refuse a deployment with a base on another, in a building or off the table.

    :func:`board.game.core.standing.standing_clashes` is the board's own check; the deployment
    keeps clear by construction, this makes sure.
    """
    shapes = {m.id: model_footprint(m.base.shape.value, m.base.length, m.base.width, m.x, m.y,
                                    m.facing)
              for unit in change.units.values() if unit is not None for m in unit.models
              if m.id not in world.models or m.id in leaving}
    table = (scenario.table.width, scenario.table.height)
    clashes = [c for c in standing_clashes(world, shapes, table, among=True)
               if c.other not in leaving]
    if clashes:
        units = {u.id: u for u in scenario.units}
        units |= {u.id: u for u in change.units.values() if u is not None}
        names = Namer(units, world.pieces, word=member_word(scenario.rule_system))
        said = clash_text(clashes[:1], world, names, cm=scenario.rule_system.uses_cm)
        raise ImportError_(f"the deployment would not fit: {said}; "  # by name, never an id
                           f"{counted(len(clashes), 'clash', 'clashes')} in all")


def _change(document: ScenarioDocument, plan: ImportPlan, stay: dict[str, Unit],
            placed: dict[str, list[tuple[float, float]]], facing: float) -> Change:
    scenario = document.scenario
    by_id = {u.id: u for u in scenario.units}
    fresh = iter(document.new_ids("unit", sum(1 for u in plan.units if u.key not in plan.kept)))
    change = Change()
    for unit in plan.units:
        if unit.key in stay:
            new = copy.deepcopy(stay[unit.key])
        elif unit.key in placed:
            old = by_id.get(plan.kept.get(unit.key, ""))
            unit_id = old.id if old is not None else next(fresh)
            new = Unit(unit_id, unit.name, plan.side, unit.troop_type,
                       _placed_models(document, unit_id, unit, placed[unit.key], facing))
        else:
            continue  # no models: listed in the dialog, not placed
        new.name, new.troop_type, new.stats = unit.name, unit.troop_type, _stats(unit)
        change.units[new.id] = new
    for gone in plan.removed + plan.replaced:
        change.units[gone.id] = None
    added = sum(1 for u in plan.units if u.key not in plan.kept and u.key in placed)
    taken_off = len(plan.removed) + len(plan.replaced)
    models = sum(u.count for u in plan.units if u.key in placed or u.key in stay)
    side = next((s.name for s in scenario.sides if s.id == plan.side), plan.side)
    change.log.append(LogEntry(
        f"Imported {plan.roster.name} ({plan.roster.source_format}) for {side}: "
        f"{_n(added, 'unit')} added, {len(plan.kept)} kept, {taken_off} removed, "
        f"{_n(models, member_word(scenario.rule_system))}"))  # stands in Epic 40,000
    return change


def _n(count: int, one: str) -> str:
    return f"{count} {one}" if count == 1 else f"{count} {one}s"


def _placed_models(document: ScenarioDocument, unit_id: str, plan: UnitPlan,
                   spots: list[tuple[float, float]], facing: float) -> list[Model]:
    ids = document.new_ids(f"{unit_id}.m", len(spots))
    bases = [plan.base_of(m) for m in plan.models for _ in range(m.count)]
    return [Model(mid, base, x, y, facing, number=k) for k, (mid, base, (x, y))
            in enumerate(zip(ids, bases, spots, strict=True), start=1)]
