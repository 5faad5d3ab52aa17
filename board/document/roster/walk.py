"""Walk a roster tree (New Recruit's JSON, or a ``.ros`` turned into the same dicts) into units.

A *unit* is a force's top-level selection of ``type`` ``unit`` or ``model``, or any
selection with a unit profile (``Unit``, ``Model``, ``Vehicle``…). A unit's models are its
``model`` selections at any depth, ``number`` of each; a unit with none is ``number`` models
of itself. A ``unit`` selection inside another (a 7th-edition dedicated transport) is a unit
of its own. Everything else at the top of a force (army rules, detachments, battle size) is
listed in :attr:`Roster.skipped` with why: nothing is dropped silently.
"""

from __future__ import annotations

from typing import Any

from board.document.errors import ScenarioError
from board.document.limits import MAX_MODELS, MAX_UNITS
from board.document.roster.model import Profile, Roster, RosterModel, RosterUnit, Skipped

__all__ = ["walk_roster", "UNIT_PROFILES", "is_unit_profile"]

#: Profile types that hold a model's characteristics (BSData's 40K 7th edition, Horus Heresy
#: 2022, Warhammer Fantasy 8th edition, Epic Armageddon, 40K 8th-10th editions).
UNIT_PROFILES = frozenset({
    "unit", "model", "vehicle", "walker", "knights and titans", "war engine",
    "unit profile", "model profile", "monster", "mount", "chariot", "war machine",
    "character", "fortification", "vehicle profile", "flyer"})
#: Costs read as points (BSData spells them ``pts``, ``Pts``, ``Points``).
_POINTS = {"pts", "points", " pts", "point"}


def is_unit_profile(profile: Profile) -> bool:
    """Whether ``profile`` holds a model's characteristics (not a weapon, rule or ability)."""
    return profile.type_name.strip().lower() in UNIT_PROFILES


def _text(value: object) -> str:
    return value if isinstance(value, str) else "" if value is None else str(value)


def _list(node: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = node.get(key)
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _number(node: dict[str, Any], where: str) -> int:
    raw = node.get("number", 1)
    try:
        number = int(float(raw)) if not isinstance(raw, bool) else None
    except (TypeError, ValueError):
        number = None
    if number is None or number != float(raw) or not 0 <= number <= MAX_MODELS:
        raise ScenarioError(f"a selection's number must be a whole number from 0 to "
                            f"{MAX_MODELS:,}, got {raw!r}", where)
    return number


def _points(node: dict[str, Any]) -> float | None:
    for cost in _list(node, "costs"):
        if _text(cost.get("name")).strip().lower() in _POINTS:
            try:
                return float(cost.get("value", 0))
            except (TypeError, ValueError):
                return None
    return None


def _profile(node: dict[str, Any]) -> Profile:
    values = {_text(c.get("name")): _text(c.get("$text", c.get("value", ""))).strip()
              for c in _list(node, "characteristics")}
    return Profile(_text(node.get("name")), _text(node.get("typeName")), values)


def _profiles(node: dict[str, Any]) -> tuple[Profile, ...]:
    return tuple(_profile(p) for p in _list(node, "profiles"))


def _unit_profile(node: dict[str, Any]) -> Profile | None:
    return next((p for p in _profiles(node) if is_unit_profile(p)), None)


def _is_unit(node: dict[str, Any]) -> bool:
    return node.get("type") in ("unit", "model") or _unit_profile(node) is not None


class _Walker:
    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.units: list[RosterUnit] = []
        self.skipped: list[Skipped] = []
        self.models = 0

    def force(self, force: dict[str, Any], where: str) -> None:
        name = _text(force.get("catalogueName") or force.get("name"))
        for k, selection in enumerate(_list(force, "selections")):
            self.top(selection, name, f"{where}.selections[{k}]")
        for k, inner in enumerate(_list(force, "forces")):  # New Recruit's regiments
            self.force(inner, f"{where}.forces[{k}]")

    def top(self, node: dict[str, Any], force: str, where: str) -> None:
        name = _text(node.get("customName") or node.get("name")) or "(unnamed)"
        if _is_unit(node):
            self.unit(node, force, where)
            return
        inner = [(k, s) for k, s in enumerate(_list(node, "selections")) if _is_unit(s)]
        for k, selection in inner:  # a formation or detachment choice holding units
            self.unit(selection, force, f"{where}.selections[{k}]")
        if not inner:
            kind = _text(node.get("type")) or "selection"
            article = "an" if kind[:1] in "aeiou" else "a"
            self.skipped.append(Skipped(name, force, f"{article} {kind} with no model profile "
                                                     f"(an army rule, option or detachment)"))

    def unit(self, node: dict[str, Any], force: str, where: str) -> None:
        models: list[RosterModel] = []
        own = _unit_profile(node)
        for k, child in enumerate(_list(node, "selections")):
            self.models_of(child, own, models, force, f"{where}.selections[{k}]")
        if not models:
            count = _number(node, where) if node.get("type") == "model" else 1
            if node.get("type") == "unit" and own is None:
                count = 0
            models = [RosterModel(_text(node.get("name")), count, own, _wargear(node))]
        key = _text(node.get("id")) or f"{_text(node.get('entryId'))}#{len(self.units)}"
        unit = RosterUnit(
            key=key, name=_text(node.get("name")) or "(unnamed)", force=force,
            entry_id=_text(node.get("entryId")),
            categories=tuple(_text(c.get("name")) for c in _list(node, "categories")),
            models=tuple(m for m in models if m.count), profiles=_profiles(node),
            points=_total_points(node), custom_name=_text(node.get("customName")))
        self.count(unit, where)
        self.units.append(unit)

    def models_of(self, node: dict[str, Any], inherited: Profile | None,
                  models: list[RosterModel], force: str, where: str) -> None:
        if node.get("type") == "unit":  # a unit inside a unit: a transport of its own
            self.unit(node, force, where)
            return
        profile = _unit_profile(node) or inherited
        if node.get("type") == "model":
            models.append(RosterModel(_text(node.get("name")), _number(node, where),
                                      profile, _wargear(node)))
            return
        for k, child in enumerate(_list(node, "selections")):
            self.models_of(child, profile, models, force, f"{where}.selections[{k}]")

    def count(self, unit: RosterUnit, where: str) -> None:
        self.models += unit.model_count
        if self.models > MAX_MODELS:
            raise ScenarioError(f"the list has more than {MAX_MODELS:,} models; a scenario "
                                f"holds at most {MAX_MODELS:,}", where)
        if len(self.units) >= MAX_UNITS:
            raise ScenarioError(f"the list has more than {MAX_UNITS:,} units; a scenario "
                                f"holds at most {MAX_UNITS:,}", where)


def _wargear(node: dict[str, Any]) -> tuple[str, ...]:
    """The upgrades a model carries (weapons and other wargear), ``2x`` when more than one."""
    found: list[str] = []
    stack = list(reversed(_list(node, "selections")))
    while stack:
        child = stack.pop()
        if child.get("type") in ("model", "unit"):
            continue
        number = child.get("number", 1)
        name = _text(child.get("name"))
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
    walker = _Walker(kind)
    forces = _list(tree, "forces")
    for k, force in enumerate(forces):
        walker.force(force, f"forces[{k}]")
    return Roster(
        name=_text(tree.get("name")) or "Army list",
        game_system=_text(tree.get("gameSystemName")),
        source_format=kind,
        points=_points(tree),
        units=walker.units,
        skipped=walker.skipped,
        forces=[_text(f.get("catalogueName") or f.get("name")) for f in forces],
        selections=sum(1 for _ in _all_selections(tree)),
    )


def _all_selections(tree: dict[str, Any]) -> Any:
    stack = [tree]
    while stack:
        node = stack.pop()
        for key in ("forces", "selections"):
            children = _list(node, key)
            if key == "selections":
                yield from children
            stack.extend(children)
