"""Walk a roster tree (New Recruit's JSON, or a ``.ros`` turned into the same dicts) into units.

A *unit* is a force's top-level selection of ``type`` ``unit`` or ``model``, or any
selection with a unit profile (``Unit``, ``Model``, ``Vehicle``…). BattleScribe 2.x lists a
force's selections under ``force/selections``; 1.x under ``force/categories/category/selections``:
both are read. A unit's models are its ``model`` selections at any depth, ``number`` of each; a
``model`` that holds other models (a Crisis Commander with two Gun Drones) is a model too, beside
them. A unit with no model entries but its own profile is marked :attr:`RosterModel.assumed`: the
list does not say how many models it has (the mapping takes the datasheet's minimum where a
source gives one, and flags it). A ``unit`` selection inside another (a 7th-edition dedicated
transport) is a unit of its own. Everything else at the top of a force (army rules, detachments,
battle size) is listed in :attr:`Roster.skipped` with why: nothing is dropped silently.

The tree is checked field by field first (:func:`~board.document.roster.tree.check_tree`): a
field of the wrong type is refused with its path, and names lose their control characters.
"""

from __future__ import annotations

import re
from typing import Any

from board.document.errors import ScenarioError
from board.document.limits import MAX_MODELS, MAX_UNITS
from board.document.roster.fields import clean
from board.document.roster.model import Profile, Roster, RosterModel, RosterUnit, Skipped
from board.document.roster.tree import check_tree

__all__ = ["walk_roster", "UNIT_PROFILES", "is_unit_profile"]

#: Profile types that hold a model's characteristics (BSData's 40K 7th edition, Horus Heresy
#: 2022, Warhammer Fantasy 8th edition, Epic Armageddon, 40K 8th-10th editions).
UNIT_PROFILES = frozenset({
    "unit", "model", "vehicle", "walker", "knights and titans", "war engine",
    "unit profile", "model profile", "monster", "mount", "chariot", "war machine",
    "character", "fortification", "vehicle profile", "flyer"})
#: A count written in a model's name: "2x MV1 Gun Drone".
_COUNTED = re.compile(r"^(\d{1,4})\s*[x×]\s+(\S.*)$")
#: Costs read as points (BSData spells them ``pts``, ``Pts``, ``Points``).
_POINTS = {"pts", "points", " pts", "point"}


def is_unit_profile(profile: Profile) -> bool:
    """Whether ``profile`` holds a model's characteristics (not a weapon, rule or ability)."""
    return profile.type_name.strip().lower() in UNIT_PROFILES


# The tree is checked (check_tree) before it is walked: these read it without asking again.
def _text(node: dict[str, Any], key: str) -> str:
    value = node.get(key)
    return "" if value is None else clean(str(value))


def _list(node: dict[str, Any], key: str) -> list[dict[str, Any]]:
    return node.get(key) or []


def _number(node: dict[str, Any], where: str) -> int:
    raw = node.get("number", 1)
    try:
        number = int(float(raw)) if not isinstance(raw, bool) else None
    except (TypeError, ValueError):
        number = None
    if number is None or number != float(raw) or not 0 <= number <= MAX_MODELS:
        raise ScenarioError(f"a selection's number must be a whole number from 0 to "
                            f"{MAX_MODELS:,}, got {raw!r}"[:200], where)
    return number


def _points(node: dict[str, Any]) -> float | None:
    for cost in _list(node, "costs"):
        if _text(cost, "name").lower() in _POINTS:
            try:
                return float(cost.get("value", 0))
            except (TypeError, ValueError):
                return None
    return None


def _profile(node: dict[str, Any]) -> Profile:
    values = {_text(c, "name"): _text(c, "$text" if "$text" in c else "value")
              for c in _list(node, "characteristics")}
    return Profile(_text(node, "name"), _text(node, "typeName"), values)


def _profiles(node: dict[str, Any]) -> tuple[Profile, ...]:
    return tuple(_profile(p) for p in _list(node, "profiles"))


def _unit_profile(node: dict[str, Any]) -> Profile | None:
    return next((p for p in _profiles(node) if is_unit_profile(p)), None)


def _is_unit(node: dict[str, Any]) -> bool:
    return node.get("type") in ("unit", "model") or _unit_profile(node) is not None


def _force_selections(force: dict[str, Any], where: str) -> list[tuple[dict[str, Any], str]]:
    """A force's selections: 2.x's own list, then 1.x's, one list per category."""
    found = [(s, f"{where}.selections[{k}]") for k, s in enumerate(_list(force, "selections"))]
    for c, category in enumerate(_list(force, "categories")):
        found += [(s, f"{where}.categories[{c}].selections[{k}]")
                  for k, s in enumerate(_list(category, "selections"))]
    return found


class _Walker:
    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.units: list[RosterUnit] = []
        self.skipped: list[Skipped] = []
        self.models = 0

    def force(self, force: dict[str, Any], where: str) -> None:
        name = _text(force, "catalogueName") or _text(force, "name")
        for selection, at in _force_selections(force, where):
            self.top(selection, name, at)
        for k, inner in enumerate(_list(force, "forces")):  # New Recruit's regiments
            self.force(inner, f"{where}.forces[{k}]")

    def top(self, node: dict[str, Any], force: str, where: str) -> None:
        name = _text(node, "customName") or _text(node, "name") or "(unnamed)"
        if _is_unit(node) or _upgrade_models(node, where):  # (8th edition data: a unit of
            self.unit(node, force, where)                   # type upgrade, models likewise)
            return
        inner = [(k, s) for k, s in enumerate(_list(node, "selections")) if _is_unit(s)]
        for k, selection in inner:  # a formation or detachment choice holding units
            self.unit(selection, force, f"{where}.selections[{k}]")
        if not inner:
            kind = _text(node, "type") or "selection"
            article = "an" if kind[:1] in "aeiou" else "a"
            self.skipped.append(Skipped(name, force, f"{article} {kind} with no model profile "
                                                     f"(an army rule, option or detachment)"))

    def unit(self, node: dict[str, Any], force: str, where: str) -> None:
        models: list[RosterModel] = []
        own = _unit_profile(node)
        if _counts_itself(node):  # a character: itself, and any models it holds
            models.append(_model(node, where, own))
        for k, child in enumerate(_list(node, "selections")):
            self.models_of(child, own, models, force, f"{where}.selections[{k}]")
        if not models or node.get("type") == "unit":  # 8th-9th edition data: models as
            models += _upgrade_models(node, where)     # upgrades with a profile of their own
        leader = _leader(node, own, models)
        if leader is not None:  # a character who comes with others (a Dark Apostle, his
            models.insert(0, leader)  # Disciples): the unit's own profile is a model too
        if not models and own is not None:  # a unit that lists no models: how many is unsaid
            models = [RosterModel(_text(node, "name"), 1, own, _wargear(node), assumed=True)]
        key = _text(node, "id") or f"{_text(node, 'entryId')}#{len(self.units)}"
        transports = [m for m in models if _is_vehicle(m.profile)]
        if len(transports) == len(models):
            transports = []
        unit = RosterUnit(
            key=key, name=_text(node, "name") or "(unnamed)", force=force,
            entry_id=_text(node, "entryId"),
            categories=tuple(_text(c, "name") for c in _list(node, "categories")),
            models=tuple(m for m in models if m.count and m not in transports),
            profiles=_profiles(node), points=_total_points(node),
            custom_name=_text(node, "customName"))
        self.count(unit, where)
        self.units.append(unit)
        for k, vehicle in enumerate(transports):  # bought with the squad, a unit of its own
            transport = RosterUnit(key=f"{key}/transport-{k}", name=vehicle.name, force=force,
                                   entry_id="", categories=(), models=(vehicle,),
                                   profiles=(vehicle.profile,) if vehicle.profile else (),
                                   points=None)
            self.count(transport, where)
            self.units.append(transport)

    def models_of(self, node: dict[str, Any], inherited: Profile | None,
                  models: list[RosterModel], force: str, where: str) -> None:
        if node.get("type") == "unit":  # a unit inside a unit: a transport of its own
            self.unit(node, force, where)
            return
        profile = _unit_profile(node) or inherited
        if _counts_itself(node):
            models.append(_model(node, where, profile))
        for k, child in enumerate(_list(node, "selections")):  # a model may hold models
            self.models_of(child, profile, models, force, f"{where}.selections[{k}]")

    def count(self, unit: RosterUnit, where: str) -> None:
        self.models += unit.model_count
        if self.models > MAX_MODELS:
            raise ScenarioError(f"the list has more than {MAX_MODELS:,} models; a scenario "
                                f"holds at most {MAX_MODELS:,}", where)
        if len(self.units) >= MAX_UNITS:
            raise ScenarioError(f"the list has more than {MAX_UNITS:,} units; a scenario "
                                f"holds at most {MAX_UNITS:,}", where)


#: Profile types of a vehicle: one bought inside an infantry unit is a transport of its own.
_VEHICLES = frozenset({"vehicle", "walker", "flyer", "vehicle profile"})


def _is_vehicle(profile: Profile | None) -> bool:
    return profile is not None and profile.type_name.strip().lower() in _VEHICLES


def _counts_itself(node: dict[str, Any]) -> bool:
    """Whether a ``model`` selection is a model itself.

    Always, unless it only groups others (an "Achilles Ridgerunners" entry holding its
    "Achilles Ridgerunner" models); one with a profile of its own holding models is a model too
    (a Crisis Commander with Gun Drones).
    """
    if node.get("type") != "model":
        return False
    holds = any(c.get("type") == "model" for c in _list(node, "selections"))
    return not holds or _unit_profile(node) is not None


def _leader(node: dict[str, Any], own: Profile | None,
            models: list[RosterModel]) -> RosterModel | None:
    """The character a ``unit`` is named after, when no model it lists is that character.

    9th-edition data: a Grimnyr with two CORVs; the unit's own profile has its name.
    """
    if node.get("type") != "unit" or own is None or not models:
        return None
    name = own.name.lower()
    if name != _text(node, "name").lower():
        return None
    if any(m.name.lower() == name or (m.profile is not None and m.profile.name.lower() == name)
           for m in models):
        return None
    return RosterModel(own.name, 1, own, ())


def _model(node: dict[str, Any], where: str, profile: Profile | None) -> RosterModel:
    """A model entry: ``number`` of it, times a count its name begins with.

    8th-edition data names a vehicle's drones "2x MV1 Gun Drone".
    """
    name, number = _text(node, "name"), _number(node, where)
    counted = _COUNTED.match(name)
    if counted is not None:
        name, number = counted.group(2), number * int(counted.group(1))
        if number > MAX_MODELS:
            raise ScenarioError(f"a selection holds more than {MAX_MODELS:,} models", where)
    return RosterModel(name, number, profile, _wargear(node))


def _base_name(name: str) -> str:
    """A model entry's name without its note: "Scout w/Boltgun" → "scout"."""
    return re.split(r"\s*(?:\(|\[|\bw/)", name.lower(), maxsplit=1)[0].strip()


def _upgrade_models(node: dict[str, Any], where: str) -> list[RosterModel]:
    """The ``upgrade`` selections under a unit that are its models (8th-9th edition data).

    One with a unit profile of its own (a "Guardsman"
    ×3 in a Special Weapons Squad), or one named as one of the unit's own unit profiles
    ("Scout w/Boltgun" ×4 beside the squad's "Scout" profile). A selection counted is not
    looked into further; a ``unit`` inside is a unit of its own.
    """
    found: list[RosterModel] = []
    named = {_base_name(p.name): p for p in _profiles(node) if is_unit_profile(p)}
    stack = [(child, f"{where}.selections[{k}]")
             for k, child in enumerate(_list(node, "selections"))]
    while stack:
        child, at = stack.pop(0)
        if child.get("type") in ("unit", "model"):
            continue
        profile = _unit_profile(child) or named.get(_base_name(_text(child, "name")))
        if profile is not None:
            found.append(_model(child, at, profile))
            continue
        stack += [(c, f"{at}.selections[{k}]") for k, c in enumerate(_list(child, "selections"))]
    return found


def _wargear(node: dict[str, Any]) -> tuple[str, ...]:
    """The upgrades a model carries (weapons and other wargear), ``2x`` when more than one."""
    found: list[str] = []
    stack = list(reversed(_list(node, "selections")))
    while stack:
        child = stack.pop()
        if child.get("type") in ("model", "unit"):
            continue
        number = child.get("number", 1)
        name = _text(child, "name")
        if name:
            found.append(f"{number}x {name}" if str(number) not in ("1", "1.0") else name)
        stack.extend(reversed(_list(child, "selections")))
    return tuple(found)


def _total_points(node: dict[str, Any]) -> float | None:
    """The unit's points: its own cost and every selection's under it."""
    total, seen = 0.0, False
    stack = [node]
    while stack:
        current = stack.pop()
        points = _points(current)
        if points is not None:
            total, seen = total + points, True
        # a unit inside (a transport) is a unit of its own, with its own points
        stack.extend(s for s in _list(current, "selections") if s.get("type") != "unit")
    return total if seen else None


def walk_roster(tree: dict[str, Any], kind: str) -> Roster:
    """The :class:`Roster` a roster tree describes (``kind`` names the format read)."""
    check_tree(tree)
    walker = _Walker(kind)
    forces = _list(tree, "forces")
    for k, force in enumerate(forces):
        walker.force(force, f"forces[{k}]")
    return Roster(
        name=_text(tree, "name") or "Army list",
        game_system=_text(tree, "gameSystemName"),
        source_format=kind,
        points=_points(tree),
        units=walker.units,
        skipped=walker.skipped,
        forces=[_text(f, "catalogueName") or _text(f, "name") for f in forces],
        selections=sum(1 for _ in _all_selections(tree)),
        roster_id=_text(tree, "id"),
    )


def _all_selections(tree: dict[str, Any]) -> Any:
    stack = [tree]
    while stack:
        node = stack.pop()
        for key in ("forces", "categories", "selections"):
            children = _list(node, key)
            if key == "selections":
                yield from children
            stack.extend(children)
