"""Choosing the deployment map, and the models out of zone per unit, for the board's Deploy tools.

The map lives in ``scenario.options["deployment"]`` (see
:mod:`board.game.core.deploy`); choosing another is a :class:`~board.document.changes.Change`
of that option, so it is one undo step.

>>> from board.document.model import Scenario, Side
>>> scenario = Scenario(sides=[Side("a", "A", "#ff0000"), Side("b", "B", "#0000ff")])
>>> [(c.key, c.current) for c in deployment_choices(scenario)][:2]
[('dawn_of_war', True), ('hammer_and_anvil', False)]
>>> choose_deployment(scenario, "hammer_and_anvil").options
{'deployment': 'hammer_and_anvil'}
>>> choose_deployment(scenario, "dawn_of_war").empty  # already the map in use
True
>>> choose_deployment(scenario, "spearhead")
Traceback (most recent call last):
...
board.game.core.deploy.DeploymentError: no deployment map 'spearhead'; maps: dawn_of_war, \
hammer_and_anvil, vanguard_strike, battleline
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from shapely.geometry import box

from board.document.changes import Change
from board.document.model import Scenario, Unit
from board.game.core.deploy import (
    DEFAULT_DEPLOYMENT,
    Deployment,
    DeploymentError,
    UnitDeployment,
    deployment_for,
    models_out_of_zone,
)
from board.game.core.names import member_word
from board.game.core.units import display_unit, excess_text
from board.game.core.world import World
from geometry import DEPLOYMENT_MAPS, deployment_map, wholly_within_zone
from rules.words import counted

__all__ = [
    "MapChoice",
    "DeploymentRow",
    "DeploymentStatus",
    "current_map_key",
    "deployment_choices",
    "choose_deployment",
    "deployment_status",
    "restatus_units",
    "caption_point",
]


@dataclass(frozen=True)
class MapChoice:
    """A map the player may choose: its key, its name, and whether it is the one in use."""

    key: str
    name: str
    current: bool
    default: bool


def current_map_key(scenario: Scenario) -> str:
    """Return the key of the map the scenario deploys on (its option, or the system default)."""
    raw = scenario.options.get("deployment")
    if isinstance(raw, str):
        return raw
    if isinstance(raw, Mapping) and isinstance(raw.get("map"), str):
        return str(raw["map"])
    return DEFAULT_DEPLOYMENT[scenario.rule_system]


def deployment_choices(scenario: Scenario) -> tuple[MapChoice, ...]:
    """Every deployment map, the one in use and the rule system's default marked."""
    current = current_map_key(scenario)
    default = DEFAULT_DEPLOYMENT[scenario.rule_system]
    table = scenario.table
    raw = scenario.options.get("deployment")
    drawn = (MapChoice(current, str(raw.get("name") or current), True, False),) \
        if isinstance(raw, Mapping) and "polygons" in raw else ()  # a layout's own map
    return drawn + tuple(
        MapChoice(key, deployment_map(key, table.width, table.height).name, key == current,
                  key == default)
        for key in DEPLOYMENT_MAPS
    )


def choose_deployment(scenario: Scenario, key: str) -> Change:
    """Return the change that makes ``key`` the scenario's map (empty if it already is).

    Zones the option assigned to sides are kept when the new map has zones of those names;
    otherwise the sides take zones by where their models stand.
    """
    if key == current_map_key(scenario):
        return Change()
    if key not in DEPLOYMENT_MAPS:
        raise DeploymentError(f"no deployment map {key!r}; maps: {', '.join(DEPLOYMENT_MAPS)}")
    if key == current_map_key(scenario):
        return Change()
    raw = scenario.options.get("deployment")
    names = deployment_map(key, scenario.table.width, scenario.table.height).zone_names
    zones = raw.get("zones") if isinstance(raw, Mapping) else None
    if isinstance(zones, Mapping) and zones and all(z in names for z in zones.values()):
        return Change(options={"deployment": {"map": key, "zones": dict(zones)}})
    return Change(options={"deployment": key})


@dataclass(frozen=True)
class DeploymentRow:
    """One unit against its side's zone, in words for the dock."""

    unit_id: str
    unit_name: str
    side_name: str
    zone: str
    models: int
    out: tuple[str, ...]
    text: str
    #: How far each model of :attr:`out` sticks out, as the board writes it.
    out_by: tuple[str, ...] = ()
    #: How far each model of :attr:`out` sticks out, inches (``inf``: the zone is empty).
    excess: tuple[float, ...] = ()


@dataclass(frozen=True)
class DeploymentStatus:
    """The map in use, each side's zone, and every unit's count of models out of zone.

    ``plan`` is ``None`` and ``error`` says why when the scenario's option cannot be used.
    """

    plan: Deployment | None
    rows: tuple[DeploymentRow, ...]
    error: str = ""
    #: Each side's name by id, for the headline (the id when a side is not named).
    side_names: Mapping[str, str] = field(default_factory=dict)
    #: What the system calls one of a unit's models (``stand`` in Epic 40,000).
    word: str = "model"

    @property
    def models_out(self) -> int:
        """How many models stand (partly) outside their side's zone."""
        return sum(len(row.out) for row in self.rows)

    @property
    def out_model_ids(self) -> frozenset[str]:
        """The ids of the models out of zone."""
        return frozenset(mid for row in self.rows for mid in row.out)

    def headline(self) -> str:
        """One line: the map, who deploys where, and how many models are out."""
        if self.plan is None:
            return f"No deployment: {self.error}"
        zones = ", ".join(f"{self.side_names.get(side, side)} {zone}"
                          for side, zone in self.plan.zones.items())
        return f"{self.plan.map.name} ({zones}): {counted(self.models_out, self.word)} out of zone"


def _by_text(excess: float, unit: str) -> str:
    return excess_text(excess, unit) if excess != float("inf") else "(the zone is empty)"


def _row_text(name: str, side: str, zone: str, total: int,
              out: list[tuple[str, float]], unit: str) -> str:
    head = f"{name} ({side}, zone {zone}): {len(out)} of {total} out"
    if not out:
        return head
    return f"{head}: " + "; ".join(f"{mid} by {_by_text(by, unit)}" for mid, by in out)


def _model_word(unit: Unit, model_id: str, word: str = "model") -> str:
    """A model as its unit's row names it: ``model 3`` (``the model`` when it is alone).

    Its number is the one it keeps when others of its unit are lost, as the report's.
    """
    if len(unit.models) == 1:
        return f"the {word}"
    number = next((m.number if m.number is not None else k
                   for k, m in enumerate(unit.models, start=1) if m.id == model_id), None)
    return f"{word} {number}" if number is not None else model_id


def _row(scenario: Scenario, world: World, found: UnitDeployment) -> DeploymentRow:
    unit = world.units[found.unit_id]
    side = next((s.name for s in scenario.sides if s.id == unit.side), unit.side)
    word = member_word(scenario.rule_system)
    out = [(_model_word(unit, v.model_id, word), float(v.excess))
           for v in found.check.failing]
    text = _row_text(unit.name, side, found.zone, len(found.check.model_ids), out, found.unit)
    return DeploymentRow(unit.id, unit.name, side, found.zone, len(found.check.model_ids),
                         found.out_of_zone, text,
                         tuple(_by_text(by, found.unit) for _, by in out),
                         tuple(by for _, by in out))


def deployment_status(scenario: Scenario, world: World) -> DeploymentStatus:
    """Work out the map in use and every unit's models out of its side's zone."""
    try:
        plan = deployment_for(scenario)
    except DeploymentError as error:
        return DeploymentStatus(None, (), str(error))
    return DeploymentStatus(plan, tuple(_row(scenario, world, found)
                                        for found in models_out_of_zone(world, plan)),
                            side_names={s.id: s.name for s in scenario.sides},
                            word=member_word(scenario.rule_system))


def restatus_units(status: DeploymentStatus, scenario: Scenario, world: World,
                   unit_ids: Iterable[str]) -> DeploymentStatus:
    """``status`` with the rows of ``unit_ids`` worked out again (``scenario`` as it is now).

    What a drag needs: only the dragged units are measured again (a whole table of 1,000
    models takes tens of milliseconds, a unit of 20 about one); the map and the zones are
    kept, since a drag does not change them.
    """
    if status.plan is None:
        return status
    plan, again = status.plan, {}
    for unit_id in unit_ids:
        unit = world.units.get(unit_id)
        if unit is None or not unit.on_table or not unit.models or unit.side not in plan.zones:
            continue
        check = wholly_within_zone(world.unit_models(unit_id), plan.zone_of(unit.side))
        found = UnitDeployment(unit_id, unit.side, plan.zones[unit.side], check,
                               display_unit(world.rule_system))
        again[unit_id] = _row(scenario, world, found)
    return DeploymentStatus(plan, tuple(again.get(r.unit_id, r) for r in status.rows),
                            side_names=status.side_names, word=status.word)


#: How deep the band along a zone's table edge is in which its caption goes, inches.
CAPTION_BAND = 1.5


def caption_point(plan: Deployment, zone: str) -> tuple[float, float]:
    """Where to write a zone's name: inside it, against the table edge(s) it is named after.

    So the caption sits by the players' own edge rather than among the terrain in the middle.

    >>> from board.document.model import Scenario, Side
    >>> plan = deployment_for(Scenario(sides=[Side("a", "A", "#f00"), Side("b", "B", "#00f")]))
    >>> caption_point(plan, "top"), caption_point(plan, "bottom")
    ((36.0, 0.75), (36.0, 47.25))
    """
    polygon = plan.zone(zone)
    if polygon.is_empty:
        return (plan.map.width / 2, plan.map.height / 2)
    w, h, d = plan.map.width, plan.map.height, CAPTION_BAND
    bands = {"top": box(0, 0, w, d), "bottom": box(0, h - d, w, h),
             "left": box(0, 0, d, h), "right": box(w - d, 0, w, h)}
    band = bands.get(zone.split("_")[0])
    near = polygon.intersection(band) if band is not None else polygon
    if near.is_empty:
        near = polygon
    # A strip's band is a rectangle: its centroid is its middle. A corner zone's band is
    # a wedge whose centroid may fall outside it.
    where = near.centroid if near.covers(near.centroid) else near.representative_point()
    return (round(where.x, 6), round(where.y, 6))
