"""What an army list says, as read from the file: forces, units, models, profiles, points.

Nothing here is mapped yet: names and characteristics are the list's own words
(``board.game.army`` maps them onto a system's stats, troop types and bases).
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Profile", "RosterModel", "RosterUnit", "Skipped", "Roster"]


@dataclass(frozen=True)
class Profile:
    """One profile of a selection: its name, its type (``Unit``, ``Weapon``…), its values.

    ``characteristics`` keeps the list's order and spelling (``{"WS": "4", "Save": "3+"}``).
    """

    name: str
    type_name: str
    characteristics: dict[str, str]


@dataclass(frozen=True)
class RosterModel:
    """Some models of one kind in a unit: ``count`` of them, with their profile and wargear.

    ``assumed`` marks a unit that lists no models, only its own profile: the list does not say
    how many there are, so ``count`` is 1 until a source or the player says otherwise.
    """

    name: str
    count: int
    profile: Profile | None
    wargear: tuple[str, ...] = ()
    assumed: bool = False


@dataclass(frozen=True)
class RosterUnit:
    """A unit of the list: the selection that is placed on the table as one unit.

    ``key`` is the selection's id in the list (BattleScribe keeps it across edits of the same
    list), or the entry id and position when the file has none; a re-import matches on it.
    """

    key: str
    name: str
    force: str
    entry_id: str
    categories: tuple[str, ...]
    models: tuple[RosterModel, ...]
    profiles: tuple[Profile, ...]
    points: float | None
    custom_name: str = ""

    @property
    def model_count(self) -> int:
        """How many models the unit has."""
        return sum(m.count for m in self.models)


@dataclass(frozen=True)
class Skipped:
    """A selection of the list that is not a unit on the table, and why."""

    name: str
    force: str
    reason: str


@dataclass
class Roster:
    """A whole list: its name, game system, format, points and units (forces flattened).

    ``roster_id`` is the list's own id (BattleScribe and New Recruit keep it across edits of
    the same list): a re-import is told from a different list by it.
    """

    name: str
    game_system: str
    source_format: str
    points: float | None
    units: list[RosterUnit] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    forces: list[str] = field(default_factory=list)
    selections: int = 0
    roster_id: str = ""
