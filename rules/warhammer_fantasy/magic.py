"""Magic and war machines around a garrisoned building, and large buildings (seed 002).

Seed 002: "Buildings offer no extra protection against magic missiles or spells that affect a
whole unit or target individual models. Template spells and Miscast damage follow the usual
template rules for buildings (hitting D6 models -- see Template Weapons). A Wizard inside a
building casts spells normally, following the line of sight and range rules below." The
garrison's line of sight runs from any point of the building, all round, and range is measured
from its closest point; "War Machines must still pivot on the spot as normal."

>>> spell_protection(SpellKind.MAGIC_MISSILE).allowed
False
>>> garrison_arc("infantry"), garrison_arc("war_machine")
(360.0, 90.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.decision import Decision
from rules.dice import Dice
from rules.warhammer_fantasy.options import FantasyOptions
from rules.warhammer_fantasy.shooting import (
    TemplateOutcome,
    TemplateWeapon,
    in_range_from_building,
    template_hits_on_garrison,
)

__all__ = [
    "SpellKind",
    "spell_protection",
    "template_spell_hits",
    "miscast_hits",
    "wizard_in_range",
    "garrison_arc",
    "WAR_MACHINE_ARC",
    "SECTION_LIMIT",
    "Sections",
    "section_advice",
]


class SpellKind(StrEnum):
    """How a spell reaches its target."""

    MAGIC_MISSILE = "magic_missile"
    WHOLE_UNIT = "whole_unit"  # a spell that affects a whole unit
    INDIVIDUAL_MODELS = "individual_models"  # a spell that targets individual models
    TEMPLATE = "template"


def spell_protection(kind: SpellKind) -> Decision:
    """Whether a building protects its garrison from a spell beyond the template rules.

    Seed 002: no extra protection against magic missiles, whole-unit spells or spells that
    target individual models (``Decision.no``: no hard cover, nothing); a template spell
    follows the template rules (``Decision.yes``: D6 hits, see :func:`template_spell_hits`).
    """
    if kind is SpellKind.TEMPLATE:
        return Decision.yes("a template spell follows the template rules for buildings: it "
                            "hits D6 models of the garrison")
    what = {SpellKind.MAGIC_MISSILE: "magic missiles",
            SpellKind.WHOLE_UNIT: "spells that affect a whole unit",
            SpellKind.INDIVIDUAL_MODELS: "spells that target individual models"}[kind]
    return Decision.no(f"the building gives no extra protection against {what}: resolve the "
                       f"spell as against a unit in the open")


def template_spell_hits(spell: str, strength: int, models_inside: int,
                        options: FantasyOptions, dice: Dice) -> TemplateOutcome:
    """Roll the D6 hits a template spell touching the building inflicts on the garrison.

    Seed 002: as a template weapon (:func:`template_hits_on_garrison`); in WAP no model is hit
    twice by one template, so the hits are at most the models inside.
    """
    return template_hits_on_garrison(TemplateWeapon(spell, strength), models_inside, True,
                                     options, dice)


def miscast_hits(strength: int, models_inside: int, options: FantasyOptions,
                 dice: Dice) -> TemplateOutcome:
    """Roll the D6 hits a miscast's template damage inflicts on a garrison (seed 002)."""
    return template_hits_on_garrison(TemplateWeapon("miscast", strength), models_inside, True,
                                     options, dice)


def wizard_in_range(distance_from_closest_point: float, spell_range: float) -> Decision:
    """Whether a wizard inside reaches a target: range from the building's closest point.

    Seed 002: a wizard inside casts normally, with the garrison's line of sight (from any
    point of the building, all round) and range (from its closest point; the board measures).

    >>> bool(wizard_in_range(18.0, 18.0)), bool(wizard_in_range(18.001, 18.0))
    (True, False)
    """
    return in_range_from_building(distance_from_closest_point, spell_range)


#: A war machine's arc when it has pivoted to face its target (RULES.md section 3: the
#: forward arc is 90 degrees; our reading of "must still pivot on the spot as normal").
WAR_MACHINE_ARC = 90.0


def garrison_arc(troop_type: str) -> float:
    """Return the arc a garrisoning model shoots in, degrees.

    Seed 002: a garrison's forward arc is all round (360), but "War Machines must still pivot
    on the spot as normal": a war machine shoots in its own arc after pivoting to face.
    """
    return WAR_MACHINE_ARC if troop_type == "war_machine" else 360.0


#: Seed 002: the rules assume a building under 6" x 6".
SECTION_LIMIT = 6.0


@dataclass(frozen=True)
class Sections:
    """How a large building is played: whole, or split into sections (a datasheet option)."""

    count: int
    reason: str


def section_advice(width: float, depth: float) -> Sections:
    """Advise how many sections a building of ``width`` x ``depth`` inches is best split into.

    Seed 002: "These rules assume a fairly small (under 6"x6"), uniform building -- ... a
    larger or more complex one ... is usually best broken into several sections, each treated
    as its own separate building that can be occupied and assaulted independently." Each
    section is then its own datasheet part (a multi-part datasheet), garrisoned and assaulted
    on its own. The advice is ceil(width / 6) x ceil(depth / 6) sections.

    >>> section_advice(5, 4).count, section_advice(12, 5).count, section_advice(12, 12).count
    (1, 2, 4)
    """
    if width <= 0 or depth <= 0:
        raise ValueError(f"a building measures more than 0 each way, not {width} x {depth}")
    across = -(-width // SECTION_LIMIT)
    deep = -(-depth // SECTION_LIMIT)
    count = int(max(across, 1) * max(deep, 1))
    if width <= SECTION_LIMIT and depth <= SECTION_LIMIT:
        return Sections(1, f"{width:g}\" x {depth:g}\" is within 6\" x 6\": one building")
    return Sections(count, f"{width:g}\" x {depth:g}\" is larger than 6\" x 6\": best played "
                           f"as {count} sections, each occupied and assaulted on its own")
