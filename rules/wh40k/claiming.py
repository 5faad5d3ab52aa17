"""Who holds a building: claiming (seed 000; RULES.md §4, 000 decision 11).

A building bought with an army starts claimed by that player; any other starts unclaimed. A
unit that enters a building claims it. A unit that moves onto the battlements of an unclaimed,
undestroyed building claims it (battlements never take a building from the enemy: re-claiming
needs entering). A claimed building stays claimed when empty, until it is destroyed or claimed
by the enemy. Each part of a multi-part building is claimed on its own. Every claimed building
has the Sentry Defence System: its emplaced weapons fire automatically (:mod:`.emplaced`).

>>> from rules.wh40k.profile import BuildingProfile
>>> tower = Building(BuildingProfile.from_values("tower", 14, "medium"))
>>> claim_on_battlements(tower, "red").after
'red'
>>> claim_on_battlements(tower, "blue").reason
'blue on the battlements cannot claim it: already claimed by red; only entering re-claims'
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.wh40k.building import Building, BuildingState

__all__ = [
    "ClaimChange",
    "initial_claim",
    "claim_on_entering",
    "claim_on_battlements",
    "release_destroyed",
]


@dataclass(frozen=True)
class ClaimChange:
    """Who claimed the building before and after, and why."""

    building_id: str
    before: str | None
    after: str | None
    reason: str

    @property
    def changed(self) -> bool:
        """Whether the claim changed hands."""
        return self.before != self.after


def initial_claim(state: BuildingState, bought_by: str | None) -> ClaimChange:
    """Set the claim at the start of the game: the buying player's, or nobody's."""
    before = state.claimed_by
    state.claimed_by = bought_by
    why = f"bought with {bought_by}'s army" if bought_by else "not part of any army: unclaimed"
    return ClaimChange("", before, bought_by, why)


def claim_on_entering(building: Building, side: str) -> ClaimChange:
    """Claim the building for ``side``, whose unit enters it."""
    before = building.state.claimed_by
    if building.destroyed:
        return ClaimChange(building.id, before, before, "a destroyed building cannot be claimed")
    building.state.claimed_by = side
    why = "already held" if before == side else "entered"
    who = building.name_of(side)
    return ClaimChange(building.id, before, side, f"{who} {why}: claims {building.name}")


def claim_on_battlements(building: Building, side: str) -> ClaimChange:
    """Claim an unclaimed building for ``side``, whose unit moves onto its battlements."""
    before = building.state.claimed_by
    if building.destroyed:
        return ClaimChange(building.id, before, before, "a destroyed building cannot be claimed")
    if before is not None and before != side:
        why = f"already claimed by {building.name_of(before)}; only entering re-claims"
        why = f"{building.name_of(side)} on the battlements cannot claim it: {why}"
        return ClaimChange(building.id, before, before, why)
    building.state.claimed_by = side
    why = f"{building.name_of(side)} on the battlements claims {building.name}"
    return ClaimChange(building.id, before, side, why)


def release_destroyed(building: Building) -> ClaimChange:
    """Release the claim on a destroyed building: nobody holds it."""
    before = building.state.claimed_by
    if not building.destroyed:
        return ClaimChange(building.id, before, before, "the building still stands")
    building.state.claimed_by = None
    return ClaimChange(building.id, before, None, "destroyed: no longer claimed")
