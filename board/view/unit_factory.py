"""Making a new unit from the Add unit form."""

from __future__ import annotations

from board.document.edits import ScenarioDocument, formation_positions
from board.document.model import Model, Unit
from board.view.palette import UnitSpec

__all__ = ["build_unit", "FORMATION_GAP"]

#: Space left between neighbouring bases in a new unit's ranks, inches.
FORMATION_GAP = 0.5


def build_unit(document: ScenarioDocument, spec: UnitSpec, centre: tuple[float, float]) -> Unit:
    """Return a unit of ``spec.count`` models in ranks of five, centred on ``centre``, fresh ids."""
    spacing = max(spec.base.length_in, spec.base.width_in) + FORMATION_GAP
    unit_id = document.new_id("unit")
    model_ids = document.new_ids(f"{unit_id}.m", spec.count)
    positions = formation_positions(spec.count, spacing, centre)
    models = [Model(mid, spec.base, x, y, number=k)
              for k, (mid, (x, y)) in enumerate(zip(model_ids, positions, strict=True), start=1)]
    return Unit(unit_id, spec.name, spec.side, spec.troop_type, models)
