"""What a building's damage does on the board: the units around it and what is left of it.

:class:`ShotEffects` gathers, before the dice roll, the facts the 40K damage rules ask for
through :class:`rules.wh40k.Surroundings`: the units inside and on the battlements
(Leadership from ``Unit.stats["leadership"]``, 8 if unset), their model profiles when the
stats give ``toughness`` (with ``save``, ``invulnerable``, ``wounds``), and a placer for
models forced out. :func:`apply_effects` then turns the rolled outcome into the new versions of
the building piece and the units in a :class:`~board.document.changes.Change`.

A building left as a crater, or as ruins or a crater, has its datasheet swapped for the
library's crater or ruins datasheet of the scenario's system nearest its size
(:func:`rubble_datasheet`); its rules state stays in the piece as the record of its fall.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from shapely.geometry import Point

from board.document.changes import Change
from board.document.datasheet import Datasheet, TerrainKind
from board.document.model import Model, Scenario, Unit
from board.game.core.buildings import write_back
from board.game.core.names import Namer
from board.game.core.shots import WeaponOrder
from board.game.core.world import World
from board.game.systems.wh40k.battlements import units_on_battlements
from board.game.systems.wh40k.forced_out import ForcedOutPlacer
from board.game.systems.wh40k.occupancy import unit_facts
from rules import wh40k
from rules.dice import Dice
from rules.words import counted, says

__all__ = ["weapon_profile", "ShotEffects", "no_escape", "rubble_datasheet", "apply_effects"]

XY = tuple[float, float]


def weapon_profile(weapon: WeaponOrder) -> wh40k.WeaponProfile:
    """The rules' weapon profile of the Shoot dialog's weapon."""
    return wh40k.WeaponProfile(weapon.name, 0.0, weapon.strength, weapon.ap, "Heavy",
                               weapon.shots, weapon.blast, weapon.template, weapon.special)


def _radius(model: Model) -> float:
    return max(model.base.length_in, model.base.width_in) / 2.0


def _profiles(unit: Unit) -> dict[str, wh40k.ModelProfile] | None:
    stats = unit.stats
    if "toughness" not in stats:
        return None
    profile = wh40k.ModelProfile(int(stats["toughness"]), stats.get("save"),
                                 stats.get("invulnerable"), int(stats.get("wounds", 1)))
    return {m.id: profile for m in unit.models}


class ShotEffects:
    """The facts and geometry answers for one attack on ``building`` (see the module doc)."""

    def __init__(self, scenario: Scenario, world: World, building: wh40k.Building) -> None:
        self.building = building
        self.piece_id = building.id
        inside = scenario.units_in(building.id)
        # Who is on the battlements is where the models stand now, not who went up there.
        building.state.on_battlements = units_on_battlements(world, building.id)
        above = [scenario.unit(u) for u in building.state.on_battlements]
        self.units = {u.id: u for u in [*inside, *above]}
        shapes = world.piece(building.id)
        side = inside[0].side if inside else building.controller or ""
        self.placer = ForcedOutPlacer([Point(a.x, a.y) for a in shapes.access_points],
                                      shapes.footprint, world.obstacles_for(side),
                                      table=(scenario.table.width, scenario.table.height))
        self.chosen_weapons: list[str] = []
        #: Models slain before the building's damage (No Escape).
        self.slain: list[str] = []
        profiles = {u.id: p for u in self.units.values() if (p := _profiles(u))}
        self.surroundings = wh40k.Surroundings(
            units={u.id: unit_facts(u) for u in self.units.values()},
            place_model=self._place, move_off_battlements=self._move_off,
            choose_weapon=self._choose, profiles=profiles)

    def _model(self, unit_id: str, model_id: str) -> Model:
        return next(m for m in self.units[unit_id].models if m.id == model_id)

    def _place(self, unit_id: str, model_id: str) -> wh40k.Placement:
        return self.placer.place(model_id, _radius(self._model(unit_id, model_id)))

    def _move_off(self, unit_id: str, model_id: str) -> bool:
        return self._place(unit_id, model_id) is not wh40k.Placement.NONE

    def _choose(self, left: Sequence[str]) -> str:
        """The controller's pick for Weapon Destroyed: the first listed (noted in the log)."""
        self.chosen_weapons.append(left[0])
        return left[0]


def no_escape(building: wh40k.Building, weapon: WeaponOrder, dice: Dice,
              effects: ShotEffects) -> list[str]:
    """No Escape: a template touching a fire point gives the occupants D6 hits (seed 000).

    With Toughness in the occupants' stats the hits are rolled to wound (the weapon's Strength
    and AP, cover allowed) and the slain noted in ``effects.slain``; otherwise reported.
    """
    found = wh40k.no_escape_hits(building, weapon_profile(weapon), dice)
    if found is None:
        return ["No Escape: nobody is inside"]
    strength = found.strength or 0
    siphon = weapon_profile(weapon).has(wh40k.FUEL_SIPHON)
    hits = wh40k.UnitHits(found.unit_ids, found.roll, "inside (No Escape)", strength, found.ap,
                          ignores_cover=False, reroll_failed_wounds=siphon)
    ap = "–" if found.ap is None else str(found.ap)
    lines = [f"No Escape: {building.name_of(found.unit_ids)} inside take "
             f"{counted(found.hits, 'hit')} at "
             f"S{strength} AP{ap}, randomly allocated"]
    profiles = effects.surroundings.profiles
    if all(u in profiles for u in found.unit_ids) and found.strength:
        models = {m: p for u in found.unit_ids for m, p in profiles[u].items()}
        wounds = wh40k.resolve_wounds(hits, models, dice, building.names)
        effects.slain += wounds.casualties
        lines.append(wounds.describe(building.names))
    return lines


def rubble_datasheet(library: Mapping[str, Datasheet], sheet: Datasheet, system: str,
                     condition: wh40k.BuildingCondition) -> str | None:
    """The crater or ruins datasheet a fallen building leaves, nearest its size (or ``None``)."""
    kinds = {wh40k.BuildingCondition.CRATER: TerrainKind.CRATER,
             wh40k.BuildingCondition.RUINS_OR_CRATER: TerrainKind.RUINS}
    kind = kinds.get(condition)
    if kind is None or not sheet.footprint:
        return None

    def width(s: Datasheet) -> float:
        xs = [p[0] for p in s.footprint] + [p[1] for p in s.footprint]
        return max(xs) - min(xs)

    found = [s for s in library.values()
             if s.kind is kind and system in s.systems and s.footprint]
    if not found:
        return None
    return min(found, key=lambda s: (abs(width(s) - width(sheet)), s.id)).id


def _applied(hits: Sequence[wh40k.HitOutcome]) -> list[wh40k.AppliedResult]:
    return [a for h in hits for a in h.applied]


def _unit_after(unit: Unit, dead: set[str], placed: Mapping[str, XY], left_out: set[str],
                forced: bool, namer: Namer) -> tuple[Unit | None, list[str]]:
    new = copy.deepcopy(unit)
    lines = []
    lost = [m.id for m in unit.models if m.id in dead or m.id in left_out]
    new.models = [m for m in new.models if m.id not in lost]
    for model in new.models:
        if model.id in placed:
            model.x, model.y = placed[model.id]
    if forced and unit.embarked_in is not None:
        new.embarked_in = None
        if new.models:
            count = len(new.models)
            lines.append(f"{unit.name} forced out: {count} model{'s' * (count != 1)} placed")
    if lost:
        loses = says(unit.name, "loses", "lose")
        lines.append(f"{unit.name} {loses} {', '.join(namer.member(m) for m in lost)}")
    return (new if new.models else None), lines


def apply_effects(scenario: Scenario, library: Mapping[str, Datasheet], effects: ShotEffects,
                  hits: Sequence[wh40k.HitOutcome], change: Change) -> list[str]:
    """Put the building's and the units' new versions in ``change``; return what it says."""
    building, applied = effects.building, _applied(hits)
    piece = copy.deepcopy(scenario.piece(building.id))
    write_back(piece, building, scenario.rule_system)
    lines = [f"the controlling player chose {building.name_of(w)} to lose"
             for w in effects.chosen_weapons]
    system = scenario.rule_system.value
    sheet = library.get(piece.datasheet) or next(
        s for s in scenario.custom_datasheets if s.id == piece.datasheet)
    rubble = rubble_datasheet(library, sheet, system, building.state.condition)
    if rubble is not None:
        piece.datasheet = rubble
        # The parts of a multi-part building are separate models (seed 000): the rubble a
        # fallen part leaves is terrain of its own, no longer a part units can move into.
        piece.group = piece.part = piece.group_datasheet = None
        lines.append(f"{building.name} is replaced by {library[rubble].name}")
    change.pieces[building.id] = piece
    dead = {m for a in applied for m in a.casualties} | set(effects.slain)
    forced = any(x.from_inside for a in applied for x in a.exits)
    left_out = {m for a in applied for x in a.exits for m in x.removed}
    placed = effects.placer.positions
    namer = Namer(effects.units, {})
    for unit in effects.units.values():
        new, said = _unit_after(unit, dead, placed, left_out, forced, namer)
        if new is None or said:
            change.units[unit.id] = new
            lines += said
        if new is None:
            lines.append(f"{unit.name} {says(unit.name, 'is', 'are')} destroyed")
    return lines
