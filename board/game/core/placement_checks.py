"""The words of a placement check: Warhammer Fantasy's exit, overlapping bases, centimetres.

Helpers of :mod:`board.game.occupancy.disembarking`: geometry's checks answer in inches
and one rule at a time; these join the checks a rule system needs and say the numbers the way its
players do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from shapely.geometry.base import BaseGeometry

from geometry import (
    Obstacles,
    PlacementVerdict,
    Problem,
    Shape,
    as_geometry,
    check_garrison_exit,
    format_distance,
)

__all__ = ["fantasy_exit_verdicts", "with_overlaps", "in_cm", "named"]


def fantasy_exit_verdicts(models: list[tuple[str, Shape]], footprint: BaseGeometry, move: float,
                      obstacles: Obstacles) -> tuple[PlacementVerdict, ...]:
    """The garrison exit check plus terrain and enemies (geometry checks each separately)."""
    verdicts = []
    for verdict, (_, shape) in zip(check_garrison_exit(models, footprint, move), models,
                                   strict=True):
        problems = list(verdict.problems)
        inside = obstacles.in_terrain(shape)
        if inside:
            problems.append((Problem.IN_TERRAIN, "inside " + ", ".join(inside)))
        problems += [(Problem.NEAR_ENEMY, f"within 1.00\" of enemy {enemy} ({gap:.2f}\" away)")
                     for enemy, gap in obstacles.near_enemies(shape)]
        verdicts.append(PlacementVerdict(verdict.model_id, tuple(problems),
                                         verdict.measured_from, verdict.reach_distance))
    return tuple(verdicts)


def with_overlaps(verdicts: Sequence[PlacementVerdict],
                   overlaps: Mapping[str, list[str]]) -> tuple[PlacementVerdict, ...]:
    """Add "overlaps …" to the verdicts of models standing on other bases."""
    return tuple(
        PlacementVerdict(v.model_id, v.problems + (
            (Problem.TOO_CLOSE, "overlaps " + ", ".join(overlaps[v.model_id])),)
            if v.model_id in overlaps else v.problems, v.measured_from, v.reach_distance)
        for v in verdicts)


def _cm_text(problem: Problem, verdict: PlacementVerdict, shape: Shape, reach: float,
             obstacles: Obstacles, table: tuple[float, float]) -> str | None:
    """The problem's words with its numbers in centimetres (None: no numbers in it)."""
    if problem is Problem.TOO_FAR:
        far = format_distance(verdict.reach_distance, reach, "cm")
        return (f"too far: farthest part {far} from {verdict.measured_from}, "
                f"limit {format_distance(reach, unit='cm')}")
    if problem is Problem.NEAR_ENEMY:
        return "; ".join(f"within {format_distance(obstacles.gap, unit='cm')} of enemy {enemy} "
                         f"({format_distance(gap, unit='cm')} away)"
                         for enemy, gap in obstacles.near_enemies(shape))
    if problem is Problem.OFF_TABLE:
        minx, miny, maxx, maxy = as_geometry(shape).bounds
        over = max(-minx, -miny, maxx - table[0], maxy - table[1])
        return f"off the table by {format_distance(over, unit='cm')}"
    return None


def in_cm(verdicts: Sequence[PlacementVerdict], models: Sequence[tuple[str, Shape]],
           reach: float, obstacles: Obstacles,
           table: tuple[float, float]) -> tuple[PlacementVerdict, ...]:
    """Epic 40,000 speaks centimetres: the verdicts' numbers converted."""
    out = []
    for verdict, (_, shape) in zip(verdicts, models, strict=True):
        problems: list[tuple[Problem, str]] = []
        for problem, text in verdict.problems:
            if problem is Problem.NEAR_ENEMY and any(p is problem for p, _ in problems):
                continue  # one line names every enemy too near
            words = _cm_text(problem, verdict, shape, reach, obstacles, table)
            problems.append((problem, text if words is None else words))
        out.append(PlacementVerdict(verdict.model_id, tuple(problems), verdict.measured_from,
                                    verdict.reach_distance))
    return tuple(out)


def named(verdicts: Sequence[PlacementVerdict], models: Sequence[tuple[str, Shape]],
          obstacles: Obstacles, piece_name: Callable[[str], str],
          model_name: Callable[[str], str]) -> tuple[PlacementVerdict, ...]:
    """The verdicts with the terrain and enemy models they name by name, not by id.

    Geometry words its problems with the ids it was given (``inside hab-block``, ``within
    1.00" of enemy h12``); a player reads ``inside Building, large (40K)``, ``within 1.00" of
    Cultist Horde, model 12``.
    """
    shapes = dict(models)
    out = []
    for verdict in verdicts:
        shape = shapes[verdict.model_id]
        problems = []
        for problem, text in verdict.problems:
            if problem is Problem.IN_TERRAIN:
                text = "inside " + ", ".join(piece_name(i) for i in obstacles.in_terrain(shape))
            elif problem is Problem.NEAR_ENEMY:
                for enemy, _ in obstacles.near_enemies(shape):
                    text = text.replace(f"of enemy {enemy} (", f"of {model_name(enemy)} (")
            problems.append((problem, text))
        out.append(PlacementVerdict(verdict.model_id, tuple(problems), verdict.measured_from,
                                    verdict.reach_distance))
    return tuple(out)
