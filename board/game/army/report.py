"""An import plan in words: one line per unit (what it maps to), per note, per skipped entry.

The ``battleboard import-list`` command prints these lines; the dialog shows the same facts
in its table.
"""

from __future__ import annotations

from board.game.army.mapping import UnitPlan
from board.game.army.plan import ImportPlan

__all__ = ["unit_line", "plan_lines"]


def _points(points: float | None) -> str:
    return "" if points is None else f", {points:g} pts"


def unit_line(unit: UnitPlan) -> str:
    """``Tactical Squad: 10 models, Infantry (read from …), base 32 mm (source)``."""
    flag = "  [guess: confirm]" if unit.guessed else ""
    if not unit.placeable:
        return f"{unit.name}: not placed ({unit.notes[0] if unit.notes else 'no models'})"
    models = "1 model" if unit.count == 1 else f"{unit.count} models"
    return (f"{unit.name}: {models}{_points(unit.points)}, "
            f"{unit.troop_type.label} ({unit.troop_from}), base {unit.base_text} "
            f"({unit.base_origin}){flag}")


def plan_lines(plan: ImportPlan) -> list[str]:
    """Every line of the plan: the list, each unit and its notes, what is removed, skipped."""
    roster = plan.roster
    lines = [f"{roster.name} ({roster.source_format}, {roster.game_system or 'no game system'}"
             f"{_points(roster.points)}): {len(plan.units)} units, {plan.models} models "
             f"for side {plan.side}"]
    for unit in plan.units:
        mark = "kept" if unit.key in plan.kept else "new"
        lines.append(f"  {mark}: {unit_line(unit)}")
        lines.extend(f"      {note}" for note in unit.notes)
    lines.extend(f"  removed (no longer in the list): {u.name}" for u in plan.removed)
    lines.extend(f"  not a unit: {s.name} ({s.force}): {s.reason}" for s in plan.skipped)
    return lines
