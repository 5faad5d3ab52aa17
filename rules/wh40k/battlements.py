"""Moving on and off a building's battlements (seed 000) and the FAQ's terrain answers.

Seed 000: "Battlements are treated as a separate piece of terrain from the building that they
are on top of. They are difficult terrain." A model moving onto, off or across them tests as for
difficult terrain by its unit type (RULES.md section 1, "Terrain tests"); "Jump units, Jet Pack
units, Jetbikes and Skimmers do not need to take Dangerous Terrain tests if they start or end
their move on a battlement."

>>> battlements_move("infantry", started_on=False, ended_on=True).test.value
'difficult'
>>> battlements_move("skimmer", started_on=True, ended_on=False).test.value
'none'
>>> battlements_move("vehicle", started_on=False, ended_on=True).test.value
'dangerous'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.decision import Decision

__all__ = [
    "TerrainTest",
    "BattlementsMove",
    "DANGEROUS_ON_START_OR_END",
    "DIFFICULT_AS_DANGEROUS",
    "battlements_move",
    "may_assault_access_point",
    "may_charge_after_exit",
    "counts_for_radius",
    "gun_emplacement_controllers",
    "fuel_siphon_applies",
]


class TerrainTest(StrEnum):
    """The test a move through difficult terrain asks of a unit."""

    NONE = "none"
    DIFFICULT = "difficult"  # 2D6, the highest die is the farthest the unit may move
    DANGEROUS = "dangerous"  # a D6 per model: a 1 is a Wound, no cover save (vehicles: -1 HP)


#: RULES.md section 1 "Jump / Jet Pack": units that fly over terrain but test for Dangerous
#: Terrain when they start or end in difficult terrain; seed 000 lifts that on battlements.
DANGEROUS_ON_START_OR_END = frozenset({"jump_infantry", "jet_pack_infantry", "jetbikes",
                                       "skimmer"})

#: RULES.md section 1: vehicles treat difficult terrain as dangerous (fail: -1 hull point and
#: Immobilised). RULES.md names no other type: bikes and cavalry doing so too is a recalled
#: 7th-edition rule ([R]), the scenario option ``bikes_and_cavalry_dangerous``
#: (:mod:`rules.wh40k.terrain`), listed in docs/rules-40k.md.
DIFFICULT_AS_DANGEROUS = frozenset({"vehicle"})


@dataclass(frozen=True)
class BattlementsMove:
    """What a unit's move onto, off or across battlements asks of it, and why."""

    troop_type: str
    started_on: bool
    ended_on: bool
    test: TerrainTest
    reason: str


def battlements_move(troop_type: str, started_on: bool, ended_on: bool,
                     crossed: bool = False,
                     dangerous_types: frozenset[str] = DIFFICULT_AS_DANGEROUS,
                     ) -> BattlementsMove:
    """Return the terrain test a move that starts, ends or passes on battlements needs.

    Parameters
    ----------
    troop_type
        The unit's type (``infantry``, ``jump_infantry``, ``vehicle``, ``skimmer`` ...).
    started_on, ended_on
        Whether the unit began or finished the move on the battlements.
    crossed
        Whether it passed over them without starting or ending there.
    dangerous_types
        The types that treat difficult terrain as dangerous (vehicles; with the scenario
        option ``bikes_and_cavalry_dangerous`` also bikes and cavalry).
    """
    if not (started_on or ended_on or crossed):
        return BattlementsMove(troop_type, started_on, ended_on, TerrainTest.NONE,
                               "the move does not touch the battlements")
    where = _where(started_on, ended_on)
    if troop_type in DANGEROUS_ON_START_OR_END:
        return BattlementsMove(troop_type, started_on, ended_on, TerrainTest.NONE,
                               f"{_label(troop_type)} {where}: no Dangerous Terrain test on "
                               f"battlements")
    if troop_type in dangerous_types:
        what = "-1 hull point and Immobilised" if troop_type == "vehicle" else "a Wound"
        return BattlementsMove(troop_type, started_on, ended_on, TerrainTest.DANGEROUS,
                               f"{_label(troop_type)} {where}: battlements are difficult "
                               f"terrain, dangerous to it: a D6 per model, a 1 is {what}")
    return BattlementsMove(troop_type, started_on, ended_on, TerrainTest.DIFFICULT,
                           f"{_label(troop_type)} {where}: battlements are difficult terrain: "
                           f"roll 2D6, the highest die is the farthest it may move")


def _where(started_on: bool, ended_on: bool) -> str:
    if started_on and ended_on:
        return "moving on the battlements"
    if ended_on:
        return "moving onto the battlements"
    return "moving off the battlements" if started_on else "crossing the battlements"


def _label(troop_type: str) -> str:
    return troop_type.replace("_", " ").capitalize()


def may_assault_access_point(escape_hatch: bool) -> Decision:
    """Whether enemies may assault an access point (seed 000 FAQ: not an escape hatch).

    >>> may_assault_access_point(True).allowed
    False
    """
    if escape_hatch:
        return Decision.no("an escape hatch cannot be assaulted as an access point (the "
                           "escape hatch rule)")
    return Decision.yes("an access point may be assaulted")


def may_charge_after_exit(escape_hatch: bool) -> Decision:
    """Whether a unit that left by this access point may charge (Repel the Enemy).

    Seed 000 FAQ: "the unit can't assault out of one" (an escape hatch).
    """
    if escape_hatch:
        return Decision.no("a unit that came out of an escape hatch cannot charge this turn "
                           "(the escape hatch rule)")
    return Decision.yes("Repel the Enemy: a unit leaving by an access point may still charge")


def counts_for_radius(escape_hatch: bool) -> bool:
    """Whether an access point counts as part of the building for radius measurements.

    Seed 000 FAQ: "When measuring special rules that use a radius whilst in a building, does
    the escape hatch count as part of the building? No."
    """
    return not escape_hatch


def gun_emplacement_controllers(sides_in_base_contact: set[str] | frozenset[str]) -> tuple[str,
                                                                                          ...]:
    """Return who controls a gun emplacement: every side with a model in base contact.

    Seed 000 FAQ: "If both players have models in base contact with a gun emplacement, which
    player controls it? They both do."

    >>> gun_emplacement_controllers({"red", "blue"})
    ('blue', 'red')
    """
    return tuple(sorted(sides_in_base_contact))


def fuel_siphon_applies(weapon_name: str, special: tuple[str, ...] | list[str] = ()) -> Decision:
    """Whether a weapon gets the Promethium Relay Pipes' Fuel Siphon: every flamer weapon.

    Seed 000 FAQ: "All weapons that are specifically noted as being flamer weapons receive the
    benefit." A weapon is a flamer when its name or its special rules say so.

    >>> fuel_siphon_applies("Heavy flamer").allowed, fuel_siphon_applies("Meltagun").allowed
    (True, False)
    """
    noted = [weapon_name, *special]
    if any("flamer" in text.casefold() for text in noted):
        return Decision.yes(f"{weapon_name} is a flamer weapon: Fuel Siphon applies")
    return Decision.no(f"{weapon_name} is not noted as a flamer weapon: no Fuel Siphon")
