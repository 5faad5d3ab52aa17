"""What the building dock and ``battleboard check`` show about a building, as data (no Qt).

Each rule system fills a :class:`BuildingSummary` from its rules object
(``board/game/systems/<system>/summary.py``); :func:`board.game.reports.summary.summarise`
asks the scenario's system for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from board.document.model import RuleSystem
from board.game.core.names import member_word
from rules.words import counted

__all__ = ["WeaponLine", "FirePointLine", "BuildingSummary"]


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

    def member_word(self) -> str:
        """What the system calls one of a unit's models (``stand`` in Epic 40,000)."""
        try:
            return member_word(RuleSystem(self.system))
        except ValueError:  # a system no longer registered: the plain word
            return "model"

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
        word = self.member_word()
        room = "" if self.capacity is None else f" (capacity {counted(self.capacity, word)})"
        inside = ", ".join(self.inside_names or self.inside)  # nobody: no count of nobody
        held = f"{inside}, {counted(self.models_inside, word)}" if inside else "nobody"
        out.append(f"inside: {held}{room}")
        out.append(f"claimed by: {self.claimed_by_name or self.claimed_by or 'nobody'}")
        out.extend(f"weapon {w.label or w.name}, {w.range:g}\": {w.reason}" for w in self.weapons)
        if self.fire_points:
            out.append("fire points: " + _fire_points_text(self.fire_points))
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


def _fire_points_text(points: Iterable[Any]) -> str:
    """``2 front (2 models each), 1 rear (3 models)``: by wall, never by id."""
    walls: dict[str, list[int]] = {}
    for point in points:
        walls.setdefault(point.facing, []).append(point.models)
    parts = []
    for wall, models in walls.items():
        if len(models) == 1:
            parts.append(f"1 {wall} ({counted(models[0], 'model')})")
        elif len(set(models)) == 1:
            parts.append(f"{len(models)} {wall} ({counted(models[0], 'model')} each)")
        else:
            parts.append(f"{len(models)} {wall} ({', '.join(str(m) for m in models)} models)")
    return ", ".join(parts)
