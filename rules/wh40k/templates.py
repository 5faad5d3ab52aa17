"""Blast and template weapons around buildings (seed 000; RULES.md §1 and §4, 000 decision 8).

- A blast or template that hits a unit on the battlements also gives the building one hit at
  the weapon's Strength and AP, on the facing toward the firer; a barrage strikes a side facing.
- No Escape: a template touching one of the building's fire points gives the occupants D6 hits
  (Strength and AP of the weapon, randomly allocated).

Whether the marker touched the battlements or a fire point is a geometry fact.

>>> from rules.dice import FixedDice
>>> from rules.wh40k.profile import BuildingProfile, WeaponProfile
>>> from rules.turns import TurnClock
>>> keep = Building(BuildingProfile.from_values("keep", 11, "small", battlements=True))
>>> flamer = WeaponProfile("heavy flamer", 0, 5, 4, "Assault 1", template=True)
>>> out = battlements_blast_hit(keep, flamer, "front", FixedDice([6]), TurnClock(("a", "b")))
>>> out.penetration.result.value, keep.hull_points
('glancing hit', 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.atomic import atomic
from rules.dice import Dice, Roll
from rules.turns import TurnClock
from rules.wh40k.attack import HitOutcome, resolve_hit
from rules.wh40k.building import Building
from rules.wh40k.effects import Surroundings
from rules.wh40k.penetration import Attack
from rules.wh40k.profile import WeaponProfile
from rules.wh40k.tables import WH40K_DAMAGE_TABLE, DamageTable

__all__ = ["SIDE_FACINGS", "battlements_blast_hit", "NoEscapeHits", "no_escape_hits"]

#: The facings a barrage may strike.
SIDE_FACINGS = ("left", "right")


@atomic("building", "dice")
def battlements_blast_hit(
    building: Building,
    weapon: WeaponProfile,
    facing: str,
    dice: Dice,
    clock: TurnClock,
    table: DamageTable = WH40K_DAMAGE_TABLE,
    surroundings: Surroundings | None = None,
) -> HitOutcome:
    """Resolve the building's one hit from a blast or template that hit its battlements.

    ``facing`` is the facing toward the firer (a geometry fact); a Barrage weapon must name a
    side facing.
    """
    if not (weapon.blast or weapon.template):
        raise ValueError(f"{weapon.name} is neither a blast nor a template weapon")
    if not building.profile.battlements:
        raise ValueError(f"{building.name} has no battlements")
    if weapon.has("Barrage") and facing not in SIDE_FACINGS:
        raise ValueError(f"a barrage strikes a side facing {SIDE_FACINGS}, not {facing!r}")
    attack = Attack.from_weapon(weapon)
    return resolve_hit(building, attack, facing, dice, clock, table, surroundings)


@dataclass(frozen=True)
class NoEscapeHits:
    """D6 hits on the occupants from a template touching a fire point."""

    unit_ids: tuple[str, ...]
    roll: Roll
    strength: int | None
    ap: int | None

    @property
    def hits(self) -> int:
        """How many hits, randomly allocated."""
        return self.roll.total


@atomic("building", "dice")
def no_escape_hits(building: Building, weapon: WeaponProfile, dice: Dice) -> NoEscapeHits | None:
    """Roll No Escape for a template touching a fire point; ``None`` if nobody is inside."""
    if not weapon.template:
        raise ValueError(f"{weapon.name} is not a template weapon: No Escape does not apply")
    if not building.occupied:
        return None
    units = tuple(building.state.occupants)
    roll = dice.roll(1, f"No Escape: hits on {building.name_of(units)}")
    return NoEscapeHits(units, roll, weapon.strength, weapon.ap)
