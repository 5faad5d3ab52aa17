"""Making a new unit from the Add unit form or the unit editor.

The unit stands in the formation its system uses (ranks for Warhammer Fantasy, a loose group
otherwise) in the free table space nearest the point asked for
(:func:`board.game.placement.free_formation`).
"""

from __future__ import annotations

from collections.abc import Sequence

from board.document.edits import ScenarioDocument
from board.document.model import Model, Unit
from board.game.core.names import member_word
from board.game.core.units import display_unit
from board.game.placement import Box, free_formation
from board.game.systems.setup import RANKED
from board.view.palette import UnitSpec

__all__ = ["build_unit", "FORMATION_GAP"]

#: Space left between neighbouring bases of a loose group, inches (kept for callers).
FORMATION_GAP = 1.0


def build_unit(document: ScenarioDocument, spec: UnitSpec, centre: tuple[float, float],
               blocked: Sequence[Box] = ()) -> Unit:
    """Return a unit of ``spec.count`` models near ``centre`` clear of ``blocked``, fresh ids.

    A :class:`~board.game.placement.NoRoomError` says when the table has no room for it.
    """
    scenario = document.scenario
    ranked = scenario.rule_system in RANKED
    per_rank = int(spec.stats.get("ranks", 5)) if ranked else 5
    positions = free_formation(spec.count, spec.base.length_in, spec.base.width_in, centre,
                               (scenario.table.width, scenario.table.height), blocked,
                               ranked=ranked, per_rank=per_rank,
                               unit=display_unit(scenario.rule_system),
                               word=member_word(scenario.rule_system))
    unit_id = document.new_id("unit")
    model_ids = document.new_ids(f"{unit_id}.m", spec.count)
    models = [Model(mid, spec.base, x, y, number=k)
              for k, (mid, (x, y)) in enumerate(zip(model_ids, positions, strict=True), start=1)]
    stats = dict(spec.stats)
    for key, model_id in zip(spec.command, model_ids, strict=False):
        stats[key] = model_id
    return Unit(unit_id, spec.name, spec.side, spec.troop_type, models, stats=stats)
