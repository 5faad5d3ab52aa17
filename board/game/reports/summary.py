"""What the building dock and ``battleboard check`` show about a building.

Armour per facing now, hull points (40K, Horus Heresy) or damage capacity (Epic 40,000), size,
capacity and who is inside, who claims it, the emplaced weapons and whether each may fire now,
the fire points and how many models each takes, the effects in force and until when, and
what is left of it. Every number comes from the rules object (:mod:`board.game.core.buildings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from board.document.datasheet import Datasheet
from board.document.model import RuleSystem, Scenario, TerrainPiece
from board.game.core.buildings import building_rules, sheet_of
from board.game.systems.buildings import BuildingRules
from board.game.systems.fantasy.building import FantasyBuilding
from rules import epic40k, warhammer_fantasy, wh40k

__all__ = ["WeaponLine", "FirePointLine", "BuildingSummary", "summarise", "summarise_all"]


@dataclass(frozen=True)
class WeaponLine:
    """An emplaced weapon: id, name, range (inches), whether it may fire now and why.

    ``label`` is how a player reads it: the weapon and its wall, ``Heavy bolter (front)``.
    """

    id: str
    name: str
    range: float
    may_fire: bool
    reason: str
    label: str = ""


@dataclass(frozen=True)
class FirePointLine:
    """A fire point: id, the wall it is in, how many models may shoot through it."""

    id: str
    facing: str
    models: int


@dataclass(frozen=True)
class BuildingSummary:
    """A building's datasheet facts and state, as numbers and words (see the module docstring).

    ``hull_points`` and ``damage_capacity`` are ``(left, starting)`` pairs or ``None`` where
    the rule system has none; ``capacity`` is in models (``None`` when the rules count units).
    """

    piece_id: str
    name: str
    system: str
    size: str | None
    condition: str
    armour: dict[str, int] | None = None
    hull_points: tuple[int, int] | None = None
    damage_capacity: tuple[int, int] | None = None
    capacity: int | None = None
    inside: tuple[str, ...] = ()
    models_inside: int = 0
    claimed_by: str | None = None
    weapons: tuple[WeaponLine, ...] = ()
    fire_points: tuple[FirePointLine, ...] = ()
    effects: tuple[str, ...] = ()
    facts: tuple[str, ...] = field(default=())
    #: The names of the units inside and of the side holding it (the ids are above).
    inside_names: tuple[str, ...] = ()
    claimed_by_name: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (tuples become lists)."""
        return _lists(asdict(self))

    def lines(self) -> list[str]:
        """The summary in words, one fact a line."""
        out = [f"{self.name}: {self.condition}"]
        if self.size:
            out.append(f"size: {self.size}")
        if self.armour is not None:
            out.append("armour: " + ", ".join(f"{k} {v}" for k, v in self.armour.items()))
        if self.hull_points is not None:
            out.append(f"hull points: {self.hull_points[0]} of {self.hull_points[1]}")
        if self.damage_capacity is not None:
            left, start = self.damage_capacity
            out.append(f"damage capacity: {left} of {start}")
        room = "" if self.capacity is None else f" (capacity {self.capacity} models)"
        inside = ", ".join(self.inside_names or self.inside) or "nobody"
        out.append(f"inside: {inside}, {self.models_inside} models{room}")
        out.append(f"claimed by: {self.claimed_by_name or self.claimed_by or 'nobody'}")
        out.extend(f"weapon {w.label or w.name}, {w.range:g}\": {w.reason}" for w in self.weapons)
        if self.fire_points:
            out.append("fire points: " + ", ".join(f"{p.id} ({p.facing}, {p.models} models)"
                                                   for p in self.fire_points))
        out.extend(f"effect: {e}" for e in self.effects)
        out.extend(self.facts)
        return out


def _lists(value: Any) -> Any:
    """Turn tuples into lists all the way down, as JSON has them."""
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_lists(v) for v in value]
    return value


def _models_inside(scenario: Scenario, piece: TerrainPiece) -> tuple[tuple[str, ...], int]:
    units = scenario.units_in(piece.id)
    return tuple(u.id for u in units), sum(len(u.models) for u in units)


def _wh40k(building: wh40k.Building, base: dict[str, Any]) -> BuildingSummary:
    profile, state = building.profile, building.state
    weapons = []
    for spec in profile.emplaced_weapons:
        decision = wh40k.can_fire(building, spec.id)
        weapon = building.name_of(spec.id)
        reason = decision.reason.removeprefix(f"{weapon}: ").removeprefix(f"{weapon} ")
        weapons.append(WeaponLine(spec.id, spec.weapon.name, spec.weapon.range,
                                  decision.allowed, reason, weapon))
    facts = []
    if building.void_shields_up or profile.void_shields:
        facts.append(f"void shields up: {building.void_shields_up} of {profile.void_shields}")
    if profile.projected_void_shields:
        facts.append(f"projected void shields up: {building.projected_shields_up} of "
                     f"{profile.projected_void_shields}")
    if profile.mighty_bulwark:
        facts.append("Mighty Bulwark: -1 on the damage table")
    return BuildingSummary(
        **base, size=profile.size.value if profile.size else None,
        condition=state.condition.value,
        armour={f: building.armour(f) for f in wh40k.FACINGS},
        hull_points=(building.hull_points, profile.hull_points),
        capacity=profile.transport_capacity, claimed_by=state.claimed_by,
        weapons=tuple(weapons),
        fire_points=tuple(FirePointLine(p.id, p.facing, p.models) for p in profile.fire_points),
        effects=tuple(e.describe(building.names) for e in state.effects), facts=tuple(facts))


def _epic(state: epic40k.BuildingState, sheet: Datasheet, base: dict[str, Any],
          claimed_by: str | None) -> BuildingSummary:
    start = sheet.damage_capacity or epic40k.SIZES[state.size].damage_capacity
    facts = [f"armour: {state.armour}+", f"assault factor: {state.assault_factor}"]
    effects = ("on fire: each Shooting phase a D6-firepower attack on every detachment inside "
               "and the building loses 1 damage capacity each turn",) if state.on_fire else ()
    return BuildingSummary(**base, size=state.size.value, condition=state.condition.value,
                           damage_capacity=(state.damage_capacity, start), claimed_by=claimed_by,
                           effects=effects, facts=tuple(facts))


def _fantasy(building: FantasyBuilding, scenario: Scenario, base: dict[str, Any],
             ) -> BuildingSummary:
    options = warhammer_fantasy.FantasyOptions.from_dict(scenario.options)
    shooters = warhammer_fantasy.shooters_allowed(building.floors, options)
    facts = [f"floors: {building.floors}", f"line of sight value: {building.line_of_sight}",
             f"models that may shoot: {shooters}"]
    garrison = building.garrison
    if garrison is not None:
        unit = next((u.name for u in scenario.units if u.id == garrison.unit), garrison.unit)
        side = next((s.name for s in scenario.sides if s.id == garrison.side), garrison.side)
        facts.append(f"garrison: {unit} of {side}, in since turn "
                     f"{garrison.entered_turn}")
    return BuildingSummary(**base, size=None,
                           condition="garrisoned" if garrison else "empty",
                           claimed_by=garrison.side if garrison else None, facts=tuple(facts))


def _with_names(summary: BuildingSummary, scenario: Scenario) -> BuildingSummary:
    units = {u.id: u.name for u in scenario.units}
    sides = {s.id: s.name for s in scenario.sides}
    held = summary.claimed_by
    return replace(summary, inside_names=tuple(units.get(u, u) for u in summary.inside),
                   claimed_by_name=sides.get(held, held) if held is not None else None)


def summarise(scenario: Scenario, library: Mapping[str, Datasheet],
              piece: TerrainPiece) -> BuildingSummary | None:
    """Summarise one piece, or ``None`` when it is not a building of the scenario's system.

    Examples
    --------
    >>> from board.document.io import default_library
    >>> scenario = Scenario(terrain=[TerrainPiece("b", "imperial_bastion", 10, 10)])
    >>> summary = summarise(scenario, default_library(), scenario.terrain[0])
    >>> summary.lines()[2:4]
    ['armour: front 14, right 14, rear 14, left 14', 'hull points: 4 of 4']
    """
    rules_object: BuildingRules | None = building_rules(scenario, library, piece)
    if rules_object is None:
        return None
    sheet = sheet_of(scenario, library, piece)
    inside, count = _models_inside(scenario, piece)
    base = {"piece_id": piece.id, "name": sheet.name, "system": scenario.rule_system.value,
            "inside": inside, "models_inside": count}
    if isinstance(rules_object, wh40k.Building):
        return _with_names(_wh40k(rules_object, base), scenario)
    if isinstance(rules_object, FantasyBuilding):
        return _with_names(_fantasy(rules_object, scenario, base), scenario)
    assert scenario.rule_system is RuleSystem.EPIC40K
    return _with_names(_epic(rules_object, sheet, base, piece.claimed_by), scenario)


def summarise_all(scenario: Scenario,
                  library: Mapping[str, Datasheet]) -> tuple[BuildingSummary, ...]:
    """Summarise every building of the scenario, in the order of its terrain."""
    found = (summarise(scenario, library, piece) for piece in scenario.terrain)
    return tuple(s for s in found if s is not None)
