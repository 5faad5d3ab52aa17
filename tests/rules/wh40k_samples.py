"""Shared sample buildings, weapons and units for the 40K / Horus Heresy rules tests.

The named buildings follow seed 000 and RULES.md §1 "Sample datasheets".
"""

from __future__ import annotations

from rules.wh40k import (
    Building,
    BuildingProfile,
    BuildingState,
    EmplacedWeaponSpec,
    FirePointSpec,
    TurnClock,
    UnitFacts,
    WeaponProfile,
)

HEAVY_BOLTER = WeaponProfile("heavy bolter", 36, 5, 4, "Heavy 3", shots=3)
ICARUS_LASCANNON = WeaponProfile("Icarus lascannon", 96, 9, 2, "Heavy 1")
LASCANNON = WeaponProfile("lascannon", 48, 9, 2, "Heavy 1")
MELTA = WeaponProfile("multi-melta", 24, 8, 1, "Heavy 1")
BATTLE_CANNON = WeaponProfile("battle cannon", 72, 8, 3, "Ordnance 1", blast=5.0)
MISSILE_SILO = WeaponProfile("Hellfury missiles", 48, 4, 5, "Heavy 1", blast=5.0,
                             special=("One use",))
BOLTGUN = WeaponProfile("boltgun", 24, 4, 5, "Rapid Fire")

RED, BLUE = "red", "blue"

#: What the players call the sample sides, units, models and weapons (the board gives these).
NAMES = {RED: "Ultramarines", BLUE: "Ork Waaagh", "tactical": "Tactical Squad Cato",
         "captain": "Captain Lysander", "orks": "Boyz Mob", "devastators": "Devastator Squad",
         "tactical-3": "Tactical Squad Cato, model 3", "hb-front": "heavy bolter (front)",
         "hb-rear": "heavy bolter (rear)"}


def clock(active: str = BLUE, game_turn: int = 2) -> TurnClock:
    """Red goes first; by default it is blue's turn 2 (blue shoots red's building)."""
    return TurnClock((RED, BLUE), game_turn, active)


def bastion_profile(**changes: object) -> BuildingProfile:
    """The Imperial Bastion: medium, armour 14, 4 hull points, one door, fire points,
    battlements, a heavy bolter on each facing and an Icarus lascannon on the roof."""
    weapons = tuple(
        EmplacedWeaponSpec(f"hb-{facing}", HEAVY_BOLTER)
        for facing in ("front", "right", "rear", "left")
    ) + (EmplacedWeaponSpec("icarus", ICARUS_LASCANNON, on_battlements=True),)
    facts: dict[str, object] = dict(
        name="Imperial Bastion",
        access_points=("door",),
        fire_points=tuple(FirePointSpec(f"fp-{f}", f) for f in ("front", "right", "rear", "left")),
        battlements=True,
        emplaced_weapons=weapons,
    )
    facts.update(changes)
    return BuildingProfile.from_values("bastion", 14, "medium", **facts)  # type: ignore[arg-type]


def bastion(names: dict[str, str] | None = None, **state: object) -> Building:
    """A fresh Imperial Bastion, claimed by nobody unless ``state`` says otherwise.

    ``names`` is what the board would say the units are called (ids shown when not given).
    """
    return Building(bastion_profile(), BuildingState(**state),  # type: ignore[arg-type]
                    names=names or {})


def plain_building(armour: int = 12, hull_points: int | None = None, size: str = "medium",
                   **facts: object) -> Building:
    """A building with no weapons and no battlements (the odds tests use it)."""
    profile = BuildingProfile.from_values(
        "block", armour, size, hull_points=hull_points, access_points=("door",),
        **facts,  # type: ignore[arg-type]
    )
    return Building(profile)


def squad(unit_id: str = "tactical", side: str = RED, models: int = 10,
          leadership: int = 8, troop_type: str = "infantry") -> UnitFacts:
    """An infantry unit of ``models`` models named ``<unit_id>-<n>``."""
    names = tuple(f"{unit_id}-{n}" for n in range(1, models + 1))
    return UnitFacts(unit_id, side, names, leadership, troop_type)


def occupy(building: Building, *units: UnitFacts) -> None:
    """Put ``units`` inside ``building`` directly (test set-up, no embark checks)."""
    building.state.occupants = [u.id for u in units]
    building.state.occupying_side = units[0].side
    building.state.claimed_by = units[0].side
