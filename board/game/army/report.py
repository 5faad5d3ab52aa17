"""An import plan in words: one line per unit (what it maps to), per note, per skipped entry.

The ``battleboard import-list`` command prints these lines; the dialog shows the same facts
in its table.
"""

from __future__ import annotations

from board.game.army.mapping import UnitPlan
from board.game.army.plan import ImportPlan
from rules.words import counted

__all__ = ["unit_line", "plan_lines", "sourced_line"]


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


def sourced_line(plan: ImportPlan) -> str:
    """``bases: 12 of 13 units on a sourced base (1 guessed: …)``."""
    placed = [u for u in plan.units if u.placeable]
    guessed = [u.name for u in placed if not u.sourced]
    line = (f"bases: {len(placed) - len(guessed)} of {counted(len(placed), 'unit')} on a "
            "sourced base")
    if guessed:
        shown = ", ".join(guessed[:5]) + (", …" if len(guessed) > 5 else "")
        line += f" ({len(guessed)} guessed: {shown})"
    return line


def _model_lines(unit: UnitPlan) -> list[str]:
    """One line per kind of model when a unit's models stand on different bases.

    A sergeant on 40 mm beside troopers on 32 mm, or bases from two sources.
    """
    kinds = {(unit.base_of(m).label, m.choice.source) for m in unit.models}
    if len(unit.models) < 2 or len(kinds) < 2:
        return []
    return [f"      {m.count} × {m.name}: base {unit.base_of(m).label} ({m.choice.source})"
            for m in unit.models]


def plan_lines(plan: ImportPlan) -> list[str]:
    """Every line of the plan: the list, each unit and its notes, what is removed, skipped."""
    roster = plan.roster
    lines = [f"{roster.name} ({roster.source_format}, {roster.game_system or 'no game system'}"
             f"{_points(roster.points)}): {counted(len(plan.units), 'unit')}, "
             f"{counted(plan.models, 'model')} "
             f"for side {plan.side}"]
    for unit in plan.units:
        mark = "kept" if unit.key in plan.kept else "new"
        lines.append(f"  {mark}: {unit_line(unit)}")
        lines.extend(_model_lines(unit))
        lines.extend(f"      {note}" for note in unit.notes)
    lines.extend(f"  removed (no longer in the list): {u.name}" for u in plan.removed)
    lines.extend(f"  removed (replaced by this list): {u.name}" for u in plan.replaced)
    if plan.beside:
        lines.append(f"  beside: {plan.beside} units of another list on side {plan.side} "
                     f"stay where they are (--replace takes them off)")
    lines.append(f"  {sourced_line(plan)}")
    lines.extend(f"  not a unit: {s.name} ({s.force}): {s.reason}" for s in plan.skipped)
    return lines
