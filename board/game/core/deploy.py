"""The scenario's deployment map, each side's zone, and the models outside it.

The map comes from ``scenario.options["deployment"]``:

- a map key (``"dawn_of_war"``, ``"hammer_and_anvil"``, ``"vanguard_strike"``,
  ``"battleline"``), or
- ``{"map": key, "zones": {side_id: zone_name, ...}}`` to say which side deploys where, or
- ``{"map": id, "name": name, "polygons": {zone_name: [[x, y], ...], ...}, "zones": {...}}``:
  a map the file draws itself (a published layout's pattern, ``board.game.layouts``), its
  zones by their corners in inches.

Without the option each rule system has its default map (Dawn of War for 40K, Horus Heresy
and Epic 40,000 — its 12" strips are 30.5 cm, about the usual Epic deployment depth —, and
Battleline for Warhammer Fantasy), and the sides take the map's zones in the order they are
listed.

Sides the option does not place take the zones that hold most of their models' centres (so a
board set up by hand reads as the players laid it out); with no models, or a tie, they take
the zones in the order the sides are listed (the first side ``top`` or ``left``).

>>> from board.document.model import Scenario, Side
>>> scenario = Scenario(sides=[Side("a", "A", "#ff0000"), Side("b", "B", "#0000ff")])
>>> plan = deployment_for(scenario)
>>> plan.map.name, plan.zones
('Dawn of War', {'a': 'top', 'b': 'bottom'})
>>> scenario.options["deployment"] = "spearhead"
>>> deployment_for(scenario)
Traceback (most recent call last):
...
board.game.core.deploy.DeploymentError: options.deployment: no deployment map 'spearhead'; \
maps: dawn_of_war, hammer_and_anvil, vanguard_strike, battleline
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from board.document.model import RuleSystem, Scenario
from board.game.core.units import display_unit, excess_text
from board.game.core.world import World
from board.game.systems.facts import facts_for
from geometry import DeploymentMap, UnitCheck, deployment_map, wholly_within_zone
from rules.words import counted

if TYPE_CHECKING:
    from board.game.core.names import Namer

__all__ = [
    "DEFAULT_DEPLOYMENT",
    "DeploymentError",
    "Deployment",
    "UnitDeployment",
    "deployment_for",
    "models_out_of_zone",
]

class _DefaultDeployment(Mapping[RuleSystem, str]):
    """Each registered system's default map, asked of its facts (a system added later too)."""

    def __getitem__(self, system: RuleSystem) -> str:
        return facts_for(system).default_deployment

    def __iter__(self) -> Iterator[RuleSystem]:
        return iter(RuleSystem)

    def __len__(self) -> int:
        return len(RuleSystem)


#: The map a rule system deploys on when the scenario names none.
DEFAULT_DEPLOYMENT: Mapping[RuleSystem, str] = _DefaultDeployment()


class DeploymentError(ValueError):
    """A ``deployment`` option that cannot be used (the message names the value)."""


@dataclass(frozen=True)
class Deployment:
    """The map for this table and which zone each side deploys in (side id → zone name)."""

    map: DeploymentMap
    zones: dict[str, str]

    def zone_of(self, side: str) -> BaseGeometry:
        """Return the polygon of ``side``'s zone."""
        return self.map.zone(self.zones[side])

    def zone(self, name: str) -> BaseGeometry:
        """Return the zone called ``name`` (for a zone target)."""
        return self.map.zone(name)


def _option(scenario: Scenario) -> tuple[str, Mapping[str, Any]]:
    raw = scenario.options.get("deployment")
    if raw is None:
        return DEFAULT_DEPLOYMENT[scenario.rule_system], {}
    if isinstance(raw, str):
        return raw, {}
    if isinstance(raw, Mapping) and isinstance(raw.get("map"), str):
        zones = raw.get("zones", {})
        if not isinstance(zones, Mapping):
            raise DeploymentError(f"options.deployment.zones must be an object, got {zones!r}")
        return raw["map"], zones
    form = '{"map": key, "zones": {...}}'
    raise DeploymentError(f"options.deployment must be a map key or {form}, got {raw!r}")


def _drawn_map(scenario: Scenario, raw: Mapping[str, Any]) -> DeploymentMap:
    """The map a file draws itself: each zone a polygon by its corners (inches)."""
    polygons = raw["polygons"]
    if not isinstance(polygons, Mapping) or not polygons:
        raise DeploymentError(f"options.deployment.polygons must name zones, got {polygons!r}")
    zones = []
    for name, corners in polygons.items():
        try:
            zone = Polygon([(float(x), float(y)) for x, y in corners])
        except (TypeError, ValueError):
            zone = Polygon()
        if zone.is_empty or not zone.is_valid or zone.area <= 0.0:
            raise DeploymentError(f"options.deployment.polygons.{name}: not a simple polygon "
                                  f"of [x, y] corners")
        zones.append((str(name), zone))
    table = scenario.table
    return DeploymentMap(str(raw.get("name") or raw["map"]), scenario.rule_system.value,
                         table.width, table.height, tuple(zones))


def _plan(scenario: Scenario, key: str) -> DeploymentMap:
    raw = scenario.options.get("deployment")
    if isinstance(raw, Mapping) and "polygons" in raw:
        return _drawn_map(scenario, raw)
    try:
        return deployment_map(key, scenario.table.width, scenario.table.height)
    except KeyError as error:
        raise DeploymentError(f"options.deployment: {error.args[0]}") from None


def deployment_for(scenario: Scenario) -> Deployment:
    """Return the scenario's deployment (see the module docstring)."""
    key, chosen = _option(scenario)
    plan = _plan(scenario, key)
    names = plan.zone_names
    sides = [side.id for side in scenario.sides]
    for side, zone in chosen.items():
        if side not in sides:
            known = ", ".join(sides) or "none"
            raise DeploymentError(f"options.deployment.zones names side {side!r}; sides: {known}")
        if zone not in names:
            raise DeploymentError(f"options.deployment.zones: {plan.name} has no zone {zone!r}; "
                                  f"zones: {', '.join(names)}")
    zones = {side: str(chosen[side]) for side in sides if side in chosen}
    free = [side for side in sides if side not in zones]
    left = [name for name in names if name not in zones.values()]
    zones.update(_by_where_they_stand(scenario, plan, free, left or list(names)))
    return Deployment(plan, {side: zones[side] for side in sides})


def _by_where_they_stand(scenario: Scenario, plan: DeploymentMap, sides: list[str],
                         names: list[str]) -> dict[str, str]:
    """Give each side a zone, most model centres inside first; listed order on a tie."""
    if len(sides) > len(names):
        return {side: names[k % len(names)] for k, side in enumerate(sides)}
    centres = {side: shapely.points(np.array([(m.x, m.y) for u in scenario.units
                                              if u.side == side and u.on_table
                                              for m in u.models], dtype=float).reshape(-1, 2))
               for side in sides}
    inside = {(side, name): _covered(plan.zone(name), centres[side])
              for side in sides for name in names}
    best = max(permutations(names, len(sides)),
               key=lambda order: sum(inside[s, n] for s, n in zip(sides, order, strict=True)))
    return dict(zip(sides, best, strict=True))


def _covered(zone: BaseGeometry, points: Any) -> int:
    """How many of ``points`` (an array of them) ``zone`` covers, asked of all at once."""
    return int(np.count_nonzero(shapely.covers(zone, points))) if len(points) else 0


@dataclass(frozen=True)
class UnitDeployment:
    """A unit against its side's zone: the check of every model, and who is out."""

    unit_id: str
    side: str
    zone: str
    check: UnitCheck
    unit: str = "in"

    @property
    def out_of_zone(self) -> tuple[str, ...]:
        """The models not wholly inside the zone."""
        return tuple(v.model_id for v in self.check.failing)

    def explain(self, namer: Namer | None = None) -> str:
        """The unit in words: how many models are out, each with how far it sticks out.

        With a ``namer``, the unit, its models and the zone are named, not given by id.
        """
        out = self.check.failing
        unit = namer.unit(self.unit_id) if namer else self.unit_id
        zone = namer.zone("deployment", self.zone) if namer else f"zone {self.zone}"
        word = namer.word if namer else "model"  # "stand" in Epic 40,000
        head = f"{unit}: {len(out)} of {counted(len(self.check.model_ids), word)} out of {zone}"
        if not out:
            return head
        name = namer.member if namer else str
        far = "; ".join(f"{name(v.model_id)} by {excess_text(v.excess, self.unit)}"
                        if v.excess != float("inf")
                        else f"{name(v.model_id)} (the zone is empty)" for v in out)
        return f"{head}: {far}"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (an empty zone gives ``null`` distances)."""
        return {"unit": self.unit_id, "side": self.side, "zone": self.zone,
                "models": len(self.check.model_ids),
                "out": [{"model": v.model_id,
                         "by": None if v.excess == float("inf") else v.excess}
                        for v in self.check.failing]}


def models_out_of_zone(world: World, plan: Deployment) -> tuple[UnitDeployment, ...]:
    """Check every unit on the table against its side's zone."""
    found = []
    for unit in world.units.values():
        if not unit.on_table or not unit.models or unit.side not in plan.zones:
            continue
        check = wholly_within_zone(world.unit_models(unit.id), plan.zone_of(unit.side))
        found.append(UnitDeployment(unit.id, unit.side, plan.zones[unit.side], check,
                                    display_unit(world.rule_system)))
    return tuple(found)
