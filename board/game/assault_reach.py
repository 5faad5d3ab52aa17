"""Who may storm a building from where they stand: the gate in front of every assault tool.

Each system lets a unit assault a building only from a measured distance (the seeds; each
system's folder says its own, ``GameSystem.assault_reach``):

- Warhammer 40,000 and Horus Heresy (seed 000): buildings are "charged and fought in close
  combat" like vehicles, so the unit fights only with a model in base contact
  (:data:`board.game.occupancy.common.BASE_CONTACT`, bases being placed by hand);
- Epic 40,000 (seed 001): the stands in base contact with the building assault it
  (:data:`board.game.systems.epic.assault.CONTACT_CM`);
- Warhammer Fantasy (seed 004): "an assault charge is resolved just as if the building were
  the target unit": the charge reaches Movement + 2D6, so a unit farther than its Movement
  + 12" from the building can never arrive and may not declare; a character assaults with
  the unit it joined.

A unit whose state forbids a charge this turn is refused with the reason (40K: it came out of
an escape hatch, seed 000 FAQ). Only the enemies of the building's holder are candidates.
:func:`assault_candidates` measures every one (nearest model to the footprint), says
whether it may assault and, if not, why, with the figure, in the system's unit; never with
internal ids.
"""

from __future__ import annotations

from dataclasses import dataclass

from board.document.model import Scenario, Unit
from board.game.core.world import World
from board.game.occupancy.common import charge_refusal
from board.game.systems.registry import system_for
from geometry import EPSILON, distance, format_distance

__all__ = ["Candidate", "assault_candidates", "reach_of", "holder_side"]


@dataclass(frozen=True)
class Candidate:
    """One enemy unit on the table and whether it may assault the building from where it is.

    ``distance`` is inches from its nearest model to the footprint; ``reach`` the most the
    system allows (``None`` when the unit lacks the stat that sets it); ``reason`` is empty
    when it may assault.
    """

    unit_id: str
    name: str
    distance: float
    reach: float | None
    reason: str
    unit_word: str = "in"
    #: What the system asks, in words: ``in base contact (within 0.10")``.
    rule: str = ""

    @property
    def allowed(self) -> bool:
        """Whether it may assault."""
        return not self.reason

    @property
    def figure(self) -> str:
        """The measured distance, in the system's unit, never rounding a miss into a hit."""
        return format_distance(self.distance, self.reach, unit=self.unit_word)

    @property
    def text(self) -> str:
        """``Guard Squad: 0.05" away, in base contact (within 0.10")``, or why it may not."""
        if self.allowed:
            return f"{self.name}: {self.figure} away, {self.rule}"
        return f"{self.name}: {self.reason}"


def holder_side(scenario: Scenario, piece_id: str) -> str | None:
    """The side holding the building: its occupants', else the side that claimed it."""
    inside = scenario.units_in(piece_id)
    if inside:
        return inside[0].side
    return scenario.piece(piece_id).claimed_by


def reach_of(scenario: Scenario, unit: Unit) -> tuple[float | None, str]:
    """How close (inches) ``unit`` must be to assault, and the words for it; ``None``: never.

    The scenario's rule system answers (:meth:`GameSystem.assault_reach`).
    """
    return system_for(scenario.rule_system).assault_reach(unit)


def assault_candidates(scenario: Scenario, world: World, piece_id: str) -> list[Candidate]:
    """Every enemy unit on the table, nearest first, with whether it may assault from there."""
    footprint = world.piece(piece_id).footprint
    holder = holder_side(scenario, piece_id)
    word = "cm" if scenario.rule_system.uses_cm else "in"
    found: list[Candidate] = []
    for unit in scenario.units:
        if not unit.on_table or unit.side == holder or unit.joined_to is not None:
            continue
        shapes = world.unit_models(unit.id)
        if not shapes:
            continue
        gap = min(distance(shape, footprint) for _, shape in shapes)
        reach, words = reach_of(scenario, unit)
        if refusal := charge_refusal(scenario, unit):
            reason = refusal
        elif reach is None:
            reason = words
        elif gap > reach + EPSILON:
            reason = (f"{format_distance(gap, reach, unit=word)} from the building: it must be "
                      f"{words} to assault")
        else:
            reason = ""
        found.append(Candidate(unit.id, unit.name, gap, reach, reason, word, words))
    return sorted(found, key=lambda c: (not c.allowed, c.distance, c.name))
