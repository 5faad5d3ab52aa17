"""Spells, miscasts and war machines at a garrisoned building; large buildings (seed 002)."""

import pytest

from rules.dice import FixedDice
from rules.warhammer_fantasy import Edition, FantasyOptions
from rules.warhammer_fantasy.magic import (
    SpellKind,
    garrison_arc,
    miscast_hits,
    section_advice,
    spell_protection,
    template_spell_hits,
    wizard_in_range,
)
from rules.warhammer_fantasy.shooting import garrison_shooting_arc

WAP = FantasyOptions()
WFB8 = FantasyOptions(edition=Edition.WFB8)


@pytest.mark.parametrize("kind", [SpellKind.MAGIC_MISSILE, SpellKind.WHOLE_UNIT,
                                  SpellKind.INDIVIDUAL_MODELS])
def test_no_extra_protection_against_missiles_and_unit_spells(kind: SpellKind) -> None:
    """Seed 002: "Buildings offer no extra protection against magic missiles or spells that
    affect a whole unit or target individual models." """
    verdict = spell_protection(kind)
    assert not verdict and "no extra protection" in verdict.reason


def test_template_spells_and_miscasts_hit_d6_models() -> None:
    """Seed 002: "Template spells and Miscast damage follow the usual template rules for
    buildings (hitting D6 models -- see Template Weapons)." and "No single model can ever
    suffer more than one hit from the same template weapon." (WAP)"""
    assert spell_protection(SpellKind.TEMPLATE)
    spell = template_spell_hits("Fireball", 4, models_inside=10, options=WAP,
                                dice=FixedDice([5]))
    assert (spell.hits, spell.strength) == (5, 4)
    few = miscast_hits(10, models_inside=3, options=WAP, dice=FixedDice([6]))
    assert few.hits == 3 and "none hit twice" in few.description
    assert miscast_hits(10, models_inside=3, options=WFB8, dice=FixedDice([6])).hits == 6


def test_a_wizard_inside_measures_from_the_closest_point() -> None:
    """Seed 002: "A Wizard inside a building casts spells normally, following the line of sight
    and range rules below" -- "Range for a garrison's shooting is always measured from the
    closest point of the building"; exact to 0.001"."""
    assert wizard_in_range(24.0, 24.0) and not wizard_in_range(24.001, 24.0)


def test_war_machines_still_pivot() -> None:
    """Seed 002: "its forward arc is treated as a full 360 degrees ... War Machines must still
    pivot on the spot as normal." """
    assert garrison_shooting_arc() == 360.0 == garrison_arc("infantry")
    assert garrison_arc("war_machine") == 90.0


@pytest.mark.parametrize(("size", "count"), [((5, 4), 1), ((6, 6), 1), ((6.5, 5), 2),
                                             ((12, 5), 2), ((12, 12), 4), ((18, 6), 3)])
def test_sections_of_a_large_building(size: tuple[float, float], count: int) -> None:
    """Seed 002: "These rules assume a fairly small (under 6"x6"), uniform building -- ...
    usually best broken into several sections, each treated as its own separate building that
    can be occupied and assaulted independently." """
    assert section_advice(*size).count == count
    with pytest.raises(ValueError):
        section_advice(0, 5)
