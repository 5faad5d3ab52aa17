"""A shot from the board in any rule system: what is fired, from where, what it gives back.

:class:`ShotPlan` is who fires at which building from where with which :class:`WeaponOrder`;
each system's ``GameSystem.shot_preview`` and ``shoot`` take it with the order of its
``ShotForm`` (``None`` for a profile: the plan's weapon; a :class:`FirepowerOrder`; a
garrison attack) and give back the odds, or a :class:`ShotResult`.
"""

from __future__ import annotations

from dataclasses import dataclass

from board.document.changes import Change

__all__ = ["ShootingError", "ShotResult", "WeaponOrder", "ShotPlan", "FirepowerOrder",
           "GarrisonShot", "AutomatedTarget", "FireResult"]

XY = tuple[float, float]


class ShootingError(ValueError):
    """A shot the rules or the board refuse (the message says why, with the numbers)."""


@dataclass
class ShotResult:
    """What a shot did: the change to push, the lines to show, the facing struck.

    Every roll is in the change's log line; ``facing`` is ``""`` where the system has none.
    """

    change: Change
    lines: list[str]
    facing: str


@dataclass(frozen=True)
class WeaponOrder:
    """The weapon as the dialog takes it; ``emplaced`` is ``(piece id, weapon id)`` if one.

    ``on_battlements``: the blast marker or template also covered the battlements (one more
    hit on the building, RULES.md §4 000 decision 8). ``fire_point``: the template touched a
    fire point (No Escape: D6 hits on the occupants).
    """

    name: str
    shots: int
    bs: int
    strength: int
    ap: int | None
    blast: float | None = None
    template: bool = False
    special: tuple[str, ...] = ()
    emplaced: tuple[str, str] | None = None
    on_battlements: bool = False
    fire_point: bool = False

    def describe(self) -> str:
        """``Lascannon: 2 shots, BS4, S9 AP2, Twin-linked``."""
        ap = "–" if self.ap is None else str(self.ap)
        kind = ", template" if self.template else f", blast {self.blast:g}\"" if self.blast else ""
        specials = "".join(f", {s}" for s in self.special)
        aim = "hits automatically" if self.template else f"BS{self.bs}"
        shots = f"{self.shots} shot{'s' * (self.shots != 1)}"
        return f"{self.name}: {shots}, {aim}, S{self.strength} AP{ap}{kind}{specials}"


@dataclass(frozen=True)
class ShotPlan:
    """Who shoots (``firer`` label, standing at ``at``) with ``weapon`` at ``piece_id``.

    From a building (seed 000): ``by_hand`` is the embarked model firing the emplaced weapon;
    ``from_piece``, ``through`` and ``models`` are the building, the fire point and the
    embarked models shooting through it (:mod:`.fire_record` checks and records them).
    """

    piece_id: str
    weapon: WeaponOrder
    at: XY
    firer: str
    by_hand: str | None = None
    from_piece: str | None = None
    through: str | None = None
    models: tuple[str, ...] = ()


@dataclass(frozen=True)
class FirepowerOrder:
    """An Epic 40,000 shot: its firepower and whether the weapon is super-heavy.

    ``debris_target``: the stand inside the defender chose for the debris of critical row 10
    (``None``: the first).
    """

    firepower: int
    super_heavy: bool
    debris_target: str | None = None


@dataclass(frozen=True)
class GarrisonShot:
    """A shot at a Warhammer Fantasy garrison: the attack (a key the system offers), Strength.

    ``low_strength``: a stone thrower's Strength off the hole; ``centre_over``: the template's
    centre lies over the building; ``bounce``: a cannonball's bounce (WAP: D3 wounds).
    ``shots``, ``ballistic_skill``, ``moved`` and ``long_range``: a missile volley or a bolt
    thrower, rolled to hit against the garrison's hard cover.
    """

    attack: str
    strength: int
    low_strength: int | None = None
    centre_over: bool = True
    bounce: bool = False
    shots: int = 1
    ballistic_skill: int = 3
    moved: bool = False
    long_range: bool = False


@dataclass(frozen=True)
class AutomatedTarget:
    """One emplaced weapon's automated fire: where it is, whom it fires at, and why.

    ``shooter`` names it as a player reads it: ``Heavy bolter (front) of Imperial Bastion``.
    """

    piece_id: str
    weapon_id: str
    weapon: str
    mount: XY
    target: str | None
    bs: int | None
    reason: str
    shots: int = 0
    shooter: str = ""


@dataclass
class FireResult:
    """The targets, the change to push and the lines to show."""

    targets: list[AutomatedTarget]
    change: Change
    lines: list[str]
