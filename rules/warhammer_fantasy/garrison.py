"""Garrisoning a building in Warhammer Fantasy (seed 002; RULES.md sections 3 and 4).

A garrison is one unit plus the characters that joined it. It goes in by reaching the
building in the Movement phase, comes out only in the Remaining Moves sub-phase of a later
turn, never charges out, and a frenzied garrison is forced out toward the nearest enemy.

>>> building_line_of_sight(3), model_line_of_sight_bonus(3)
(15, 10)
>>> bool(may_garrison("cavalry", occupied=False, marched=False, reformed=False))
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.decision import Decision
from rules.words import says

__all__ = [
    "GARRISON_TROOP_TYPES",
    "LINE_OF_SIGHT_PER_FLOOR",
    "EXIT_MIN_DISTANCE",
    "building_line_of_sight",
    "model_line_of_sight_bonus",
    "may_garrison",
    "GarrisonState",
    "may_join",
    "ExitPlacement",
    "may_leave",
    "may_charge_out",
    "forced_exit",
]

#: Seed 002: only these troop types may garrison, unless stated otherwise.
GARRISON_TROOP_TYPES = ("infantry", "war_beast", "swarm")

#: Seed 002: a building's Line of Sight value is 5 for each floor.
LINE_OF_SIGHT_PER_FLOOR = 5

#: Seed 002 and RULES.md §4 seeds 002/004 decision 3: a leaving unit keeps 1" away.
EXIT_MIN_DISTANCE = 1.0


def building_line_of_sight(floors: int) -> int:
    """Return the building's Line of Sight value: 5 for each floor (seed 002)."""
    if floors < 1:
        raise ValueError(f"a building has 1 or more floors, not {floors}")
    return LINE_OF_SIGHT_PER_FLOOR * floors


def model_line_of_sight_bonus(floor: int) -> int:
    """Return what a model on ``floor`` (1 = ground) adds to its own Line of Sight value.

    RULES.md §4 seeds 002/004 decision 11: +5 for each floor above the first.
    """
    if floor < 1:
        raise ValueError(f"floors are counted from 1 (the ground floor), not {floor}")
    return LINE_OF_SIGHT_PER_FLOOR * (floor - 1)


def may_garrison(
    troop_type: str,
    *,
    occupied: bool,
    marched: bool,
    reformed: bool,
    room_on_top_floor: bool = False,
) -> Decision:
    """Whether a unit reaching an empty building in the Movement phase may garrison it."""
    if occupied:
        return Decision.no("the building already holds a unit; it must leave or be driven out")
    if marched or reformed:
        done = "marched" if marched else "reformed"
        return Decision.no(f"a unit that {done} this turn cannot garrison a building")
    if troop_type == "war_machine":
        if room_on_top_floor:
            return Decision.yes("the war machine has room to deploy on the top floor")
        return Decision.no("a war machine may garrison only with room to deploy on the top floor")
    if troop_type not in GARRISON_TROOP_TYPES:
        return Decision.no(
            f"only infantry, war beasts and swarms may garrison a building, not "
            f"{troop_type.replace('_', ' ')}"  # "monstrous infantry", not its code
        )
    return Decision.yes(f"{troop_type.replace('_', ' ')} may garrison an empty building")


@dataclass
class GarrisonState:
    """Who holds the building: the unit, its side, the characters who joined, the turn it went in.

    Kept as plain JSON values in ``TerrainPiece.state`` (``to_dict``/``from_dict``).
    ``name`` is what the players call the unit (the board gives it; not saved): the texts
    name the unit by it, by its id when it is not given.
    """

    unit: str
    side: str
    entered_turn: int
    characters: list[str] = field(default_factory=list)
    name: str = field(default="", compare=False)

    @property
    def unit_name(self) -> str:
        """The garrisoning unit as the players call it (its id when no name was given)."""
        return self.name or self.unit

    def to_dict(self) -> dict[str, Any]:
        """Return plain JSON values."""
        return {"unit": self.unit, "side": self.side, "entered_turn": self.entered_turn,
                "characters": list(self.characters)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GarrisonState:
        """Read the garrison back; a missing or wrong value is named."""
        for key, kind in (("unit", str), ("side", str), ("entered_turn", int)):
            value = data.get(key)
            if not isinstance(value, kind):
                raise ValueError(f"garrison state: {key} {value!r} is not a {kind.__name__}")
        characters = data.get("characters", [])
        if not isinstance(characters, list) or not all(isinstance(c, str) for c in characters):
            raise ValueError(f"garrison state: characters {characters!r} is not a list of ids")
        return cls(data["unit"], data["side"], data["entered_turn"], list(characters))


def may_join(character_side: str, garrison: GarrisonState | None, in_contact: bool) -> Decision:
    """Whether a character may join the garrison by moving into base contact with the building."""
    if garrison is None:
        return Decision.no("the building is empty: a character joins a garrison, not a building")
    if character_side != garrison.side:
        return Decision.no("the building is held by the enemy: assault it instead")
    if not in_contact:
        return Decision.no("the character must move into base contact with the building")
    return Decision.yes(f"the character joins {garrison.unit_name} in the building")


@dataclass(frozen=True)
class ExitPlacement:
    """Geometry facts about where a leaving unit is placed (inches, to the building footprint).

    ``nearest`` is the distance of the closest model (its rear rank); ``farthest`` that of the
    model placed farthest away.
    """

    nearest: float
    farthest: float


def may_leave_now(garrison: GarrisonState, turn: int, remaining_moves: bool) -> Decision:
    """Whether the garrison may leave at this moment of the game, wherever it is placed.

    Seed 002: "A garrison can exit during its Remaining Moves sub-phase, though not the same
    turn it garrisoned the building". The board checks the placement model by model.
    """
    if not remaining_moves:
        return Decision.no("a garrison leaves only in its Remaining Moves sub-phase, in its "
                           "own Movement phase")
    if turn == garrison.entered_turn:
        return Decision.no(f"{garrison.unit_name} went in this turn (turn {turn}) and cannot "
                           "leave yet")
    return Decision.yes(f"{garrison.unit_name} may leave in its Remaining Moves")


def may_leave(
    garrison: GarrisonState,
    turn: int,
    remaining_moves: bool,
    placement: ExitPlacement,
    movement: float,
) -> Decision:
    """Whether the garrison may leave, placed as ``placement`` says (seed 002).

    RULES.md §4 seeds 002/004 decision 3: the rear rank at 1", every model at least 1" and no
    model more than twice its Movement from the building; the unit moves no further that turn.
    """
    now = may_leave_now(garrison, turn, remaining_moves)
    if not now:
        return now
    if placement.nearest < EXIT_MIN_DISTANCE:
        return Decision.no(
            f"a model is {placement.nearest:.2f}\" from the building; all must be 1\" or more"
        )
    if placement.farthest > 2 * movement:
        return Decision.no(
            f"a model is {placement.farthest:.2f}\" from the building, more than twice its "
            f"Movement ({2 * movement:g}\")"
        )
    name = garrison.unit_name
    return Decision.yes(f"{name} {says(name, 'leaves', 'leave')} the building and "
                        f"{says(name, 'moves', 'move')} no further this turn")


def may_charge_out() -> Decision:
    """Refuse a charge out of a building: a garrison never charges out (seed 002)."""
    return Decision.no("a garrison can never charge out of a building; it must leave first")


def forced_exit(frenzied: bool, enemy_in_charge_reach: bool) -> Decision:
    """Whether a frenzied (or otherwise forced to charge) garrison must leave toward the enemy.

    Seed 002: instead of charging it leaves, toward the nearest enemy.
    """
    if frenzied and enemy_in_charge_reach:
        return Decision.yes(
            "the garrison is forced to charge: it leaves the building toward the nearest enemy "
            "instead of charging"
        )
    return Decision.no("the garrison is not forced out")
