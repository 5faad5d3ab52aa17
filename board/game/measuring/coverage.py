"""Void-shield coverage per unit: covered, partly in (not covered), or out.

Seed 000 and RULES.md section 4 (decision 13): a Void Shield Generator's shields protect a unit
only if every model of it is wholly within 12" of the generator's footprint. A unit with some
model inside a zone but not all wholly inside is *partly in*, and not covered. Each model is
``wholly in``, ``partly in`` or ``out`` against its best generator. Built on
:func:`geometry.unit_wholly_within`, as :func:`geometry.void_shield_cover` is.

The generators are the pieces whose datasheet projects void shields (``projects_void_shields``:
range and count), whatever the rule system, as :mod:`.measure` measures a ``void_shield`` zone:
only 40K and Horus Heresy datasheets project them, so a system without them has none on the
table and an empty coverage.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import shapely
from shapely.geometry.base import BaseGeometry

from board.game.core.heights import piece_span, unit_check
from board.game.core.units import excess_text
from board.game.core.world import World
from geometry import EPSILON, void_shield_zone

if TYPE_CHECKING:
    from board.game.core.names import Namer

__all__ = [
    "Coverage",
    "ModelCoverage",
    "UnitCoverage",
    "unit_coverage",
    "void_shield_coverage",
    "void_shield_area",
]


class Coverage(StrEnum):
    """A unit's or a model's standing against the projected void shields."""

    COVERED = "covered"
    PARTLY_IN = "partly in (not covered)"
    OUT = "out"


@dataclass(frozen=True)
class ModelCoverage:
    """One model: ``wholly in``, ``partly in`` or ``out`` of the zones.

    ``sticks_out`` is how far (inches) its farthest part lies beyond the zone it is best
    placed in (0 when wholly in one).
    """

    model_id: str
    status: str
    sticks_out: float


@dataclass(frozen=True)
class UnitCoverage:
    """A unit's coverage, the generators that cover it, and every model's standing."""

    unit_id: str
    side: str
    status: Coverage
    covered_by: tuple[str, ...]
    models: tuple[ModelCoverage, ...]

    @property
    def sticking_out(self) -> tuple[ModelCoverage, ...]:
        """The models that keep the unit from being covered (not wholly in any zone)."""
        return tuple(m for m in self.models if m.status != "wholly in")

    def explain(self, namer: Namer | None = None) -> str:
        """The unit in words, with the models that stick out and by how much.

        With a ``namer``, the unit, its models and the generators are named, not given by id.
        """
        unit = namer.unit(self.unit_id) if namer else self.unit_id
        head = f"{unit}: {self.status.value}"
        if self.covered_by:
            by = [namer.piece(p) for p in self.covered_by] if namer else self.covered_by
            return f"{head} by {', '.join(by)}"
        if self.status is Coverage.OUT:
            return head
        worst = ", ".join(f"{namer.member(m.model_id) if namer else m.model_id} {m.status}, "
                          f"{excess_text(m.sticks_out)} out" for m in self.sticking_out)
        return f"{head}: {worst}"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {"unit": self.unit_id, "side": self.side, "status": self.status.value,
                "covered_by": list(self.covered_by),
                "models": [{"model": m.model_id, "status": m.status,
                            "sticks_out": m.sticks_out} for m in self.models]}


def _generators(world: World) -> list[tuple[str, BaseGeometry, float]]:
    """Every generator's id, footprint and projection range (12" unless its datasheet says)."""
    return [(p.piece_id, p.footprint, p.void_shields.range)
            for p in world.pieces.values() if p.void_shields]


def _model_row(model_id: str, near: list[float], far: list[float],
               reaches: list[float]) -> ModelCoverage:
    out = min(f - r for f, r in zip(far, reaches, strict=True))
    if out <= EPSILON:
        return ModelCoverage(model_id, "wholly in", 0.0)
    partly = any(n <= r + EPSILON for n, r in zip(near, reaches, strict=True))
    return ModelCoverage(model_id, "partly in" if partly else "out", out)


def unit_coverage(world: World, unit_id: str) -> UnitCoverage:
    """Check one unit on the table against every Void Shield Generator's zone."""
    generators = _generators(world)
    if not generators:
        raise ValueError("the scenario has no Void Shield Generator")
    models = world.unit_models(unit_id)
    # heights count by the scenario's rule: a model up on a tower is measured to the
    # generator's top (board.game.core.heights)
    wholly = [(gid, unit_check(world, models, fp, piece_span(world, gid), r, True)[0])
              for gid, fp, r in generators]
    partly = [unit_check(world, models, fp, piece_span(world, gid), r, False)[0]
              for gid, fp, r in generators]
    reaches = [r for _, _, r in generators]
    rows = tuple(_model_row(mid, [float(c.distances[k]) for c in partly],
                            [float(c.distances[k]) for _, c in wholly], reaches)
                 for k, (mid, _) in enumerate(models))
    covered_by = tuple(gid for gid, check in wholly if check.ok and models)
    if covered_by:
        status = Coverage.COVERED
    elif any(r.status != "out" for r in rows):
        status = Coverage.PARTLY_IN
    else:
        status = Coverage.OUT
    return UnitCoverage(unit_id, world.units[unit_id].side, status, covered_by, rows)


def void_shield_coverage(world: World) -> tuple[UnitCoverage, ...]:
    """Every unit on the table against the generators; empty when there are none."""
    if not _generators(world):
        return ()
    on_table = [uid for uid, unit in world.units.items() if unit.on_table and unit.models]
    return tuple(unit_coverage(world, uid) for uid in on_table)


def void_shield_area(world: World) -> BaseGeometry | None:
    """Every generator's zone in ``world`` as one area (overlaps merged); ``None``: none."""
    zones = [void_shield_zone(p.footprint, p.void_shields.range)
             for p in world.pieces.values() if p.void_shields]
    return shapely.union_all(zones) if zones else None
