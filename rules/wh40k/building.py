"""A 40K building in play: its datasheet facts and its state.

:class:`BuildingState` is everything that changes in a battle (hull points lost, armour lost,
weapons destroyed, who claims it, who is inside or on the battlements, timed effects, what is
left of it). It round-trips through plain JSON values, because the scenario document keeps it
in ``TerrainPiece.state``. :class:`Building` joins a :class:`BuildingProfile` to its state and
answers the questions every rule asks.

>>> from rules.wh40k.profile import BuildingProfile
>>> bastion = Building(BuildingProfile.from_values("bastion", 14, "medium"))
>>> old = Building(bastion.profile, BuildingState(dilapidated=True))
>>> bastion.armour("front"), old.armour("front")
(14, 12)
>>> BuildingState.from_dict(bastion.state.to_dict()) == bastion.state
True
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.names import Names, called
from rules.turns import PlayerTurn
from rules.wh40k.profile import FACINGS, BuildingProfile, EmplacedWeaponSpec
from rules.wh40k.tables import Affected, BuildingCondition, DamageResult

__all__ = ["DILAPIDATED_ARMOUR_LOSS", "Effect", "BuildingState", "Building"]

#: A dilapidated building has this much less armour on each facing (seed 000).
DILAPIDATED_ARMOUR_LOSS = 2


@dataclass(frozen=True)
class Effect:
    """A timed restriction on a building and who it binds.

    ``kind`` is ``"snap_shots"``, ``"no_shooting"``, ``"no_embark"``, ``"no_disembark"`` or
    ``"exit_limit"`` (then ``distance`` is the most a unit may disembark). ``unit_ids``
    names the units bound (occupants or units on the battlements); empty for the building's
    own weapons. It lasts until ``until`` has ended; ``None`` is the rest of the battle.
    """

    kind: str
    affected: Affected | None
    source: DamageResult
    until: PlayerTurn | None
    unit_ids: tuple[str, ...] = ()
    distance: float | None = None

    def describe(self, names: Names | None = None) -> str:
        """Return the effect in words, with when it ends (units and sides by ``names``)."""
        who = self.affected.value if self.affected else "the building"
        units = f" ({called(self.unit_ids, names)})" if self.unit_ids else ""
        what = self.kind.replace("_", " ")
        if self.distance is not None:
            what += f' of {self.distance:g}"'
        end = self.until.describe(names) if self.until else "the end of the battle"
        return f"{self.source.value}: {what} for {who}{units} until {end}"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {
            "kind": self.kind,
            "affected": self.affected.value if self.affected else None,
            "source": self.source.value,
            "until": self.until.to_dict() if self.until else None,
            "unit_ids": list(self.unit_ids),
            "distance": self.distance,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Effect:
        """Read :meth:`to_dict`'s values."""
        return cls(
            kind=str(data["kind"]),
            affected=Affected(data["affected"]) if data.get("affected") else None,
            source=DamageResult(data["source"]),
            until=PlayerTurn.from_dict(data["until"]) if data.get("until") else None,
            unit_ids=tuple(data.get("unit_ids", ())),
            distance=None if data.get("distance") is None else float(data["distance"]),
        )


@dataclass
class BuildingState:
    """What has happened to a building so far (plain values; see :meth:`to_dict`)."""

    hull_points_lost: int = 0
    armour_lost: int = 0
    dilapidated: bool = False
    dilapidated_weapons_fire: bool = False  # the players agreed the guns still work
    destroyed_weapons: list[str] = field(default_factory=list)
    spent_weapons: list[str] = field(default_factory=list)
    claimed_by: str | None = None
    occupants: list[str] = field(default_factory=list)
    occupying_side: str | None = None
    on_battlements: list[str] = field(default_factory=list)
    condition: BuildingCondition = BuildingCondition.STANDING
    destroyed_by: DamageResult | None = None
    battlements_ruined: bool = False
    void_shields_down: int = 0
    projected_shields_down: int = 0
    effects: list[Effect] = field(default_factory=list)
    #: This Shooting phase's record (:mod:`rules.wh40k.phase_record`): emplaced weapon → the
    #: model that fired it by hand; fire point → the models that shot through it; the target.
    hand_fired: dict[str, str] = field(default_factory=dict)
    fire_point_fired: dict[str, list[str]] = field(default_factory=dict)
    phase_target: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values for ``TerrainPiece.state`` (the phase record only when kept)."""
        plain: dict[str, Any] = {
            name: getattr(self, name) for name in _PLAIN_FIELDS if name in self.__dict__
        }
        plain = {k: list(v) if isinstance(v, list) else v for k, v in plain.items()}
        plain["condition"] = self.condition.value
        plain["destroyed_by"] = self.destroyed_by.value if self.destroyed_by else None
        plain["effects"] = [e.to_dict() for e in self.effects]
        if self.hand_fired or self.fire_point_fired or self.phase_target:
            plain["hand_fired"] = dict(self.hand_fired)
            plain["fire_point_fired"] = {k: list(v) for k, v in self.fire_point_fired.items()}
            plain["phase_target"] = self.phase_target
        return plain

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BuildingState:
        """Read :meth:`to_dict`'s values; unknown keys are refused by name."""
        unknown = set(data) - set(_PLAIN_FIELDS) - {"condition", "destroyed_by", "effects",
                                                    *_RECORD_FIELDS}
        if unknown:
            raise ValueError(f"unknown building state keys: {sorted(unknown)}")
        state = cls(**{k: _copy(v) for k, v in data.items() if k in _PLAIN_FIELDS})
        state.condition = BuildingCondition(data.get("condition", "standing"))
        by = data.get("destroyed_by")
        state.destroyed_by = DamageResult(by) if by else None
        state.effects = [Effect.from_dict(e) for e in data.get("effects", ())]
        state.hand_fired = _text_map(data.get("hand_fired") or {}, "hand_fired")
        state.fire_point_fired = {
            str(k): [str(m) for m in _texts(v, f"fire_point_fired.{k}")]
            for k, v in _mapping(data.get("fire_point_fired") or {}, "fire_point_fired").items()}
        target = data.get("phase_target")
        if target is not None and not isinstance(target, str):
            raise ValueError(f"phase_target must be a unit id, not {target!r}")
        state.phase_target = target
        return state


_PLAIN_FIELDS = (
    "hull_points_lost", "armour_lost", "dilapidated", "dilapidated_weapons_fire",
    "destroyed_weapons", "spent_weapons", "claimed_by", "occupants", "occupying_side",
    "on_battlements", "battlements_ruined", "void_shields_down", "projected_shields_down",
)


_RECORD_FIELDS = ("hand_fired", "fire_point_fired", "phase_target")


def _mapping(value: Any, key: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise ValueError(f"{key} must map ids to ids, not {value!r}")
    return value


def _texts(value: Any, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{key} must be a list of model ids, not {value!r}")
    return value


def _text_map(value: Any, key: str) -> dict[str, str]:
    found = _mapping(value, key)
    if not all(isinstance(v, str) for v in found.values()):
        raise ValueError(f"{key} must map weapon ids to model ids, not {value!r}")
    return dict(found)


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, (list, tuple)) else value


@dataclass
class Building:
    """A building in play: ``profile`` (datasheet facts) and ``state`` (what changed).

    ``names`` is what the players call the sides, units, models and emplaced weapons the
    building's rules speak of, by id (the board gives it; it is not saved): every text the
    rules build about the building names them through it.
    """

    profile: BuildingProfile
    state: BuildingState = field(default_factory=BuildingState)
    names: Names = field(default_factory=dict, compare=False, repr=False)

    def checkpoint(self) -> object:
        """Return a copy of the state (the profile never changes; see :mod:`rules.atomic`)."""
        fields = vars(self.state)
        return {k: copy.deepcopy(v) if isinstance(v, list | dict) else v
                for k, v in fields.items()}

    def restore(self, checkpoint: object) -> None:
        """Put the state back as it was at ``checkpoint``, in the same state object."""
        fields = vars(self.state)
        fields.clear()
        fields.update(checkpoint)  # type: ignore[call-overload]

    @classmethod
    def from_dicts(
        cls, datasheet: Mapping[str, Any], state: Mapping[str, Any] | None = None,
        claimed_by: str | None = None,
    ) -> Building:
        """Build from a datasheet's plain values and a ``TerrainPiece.state`` (may be empty).

        ``claimed_by`` (the piece's own field) fills the claim when the state has none yet.
        """
        building_state = BuildingState.from_dict(state or {})
        if "claimed_by" not in (state or {}):
            building_state.claimed_by = claimed_by
        return cls(BuildingProfile.from_dict(datasheet), building_state)

    @property
    def id(self) -> str:
        """The building's id (the terrain piece's)."""
        return self.profile.id

    @property
    def name(self) -> str:
        """The building's name as the players read it: its datasheet's (its id if none)."""
        return self.profile.name or self.profile.id

    def name_of(self, ids: str | Iterable[str]) -> str:
        """What the players call ``ids`` (one id or several: sides, units, models, weapons)."""
        return called(ids, self.names)

    def fire_point_name(self, point_id: str) -> str:
        """What the players call a fire point (``front fire point 2``), else by its id."""
        return self.names.get(point_id) or f"fire point {point_id}"

    def armour(self, facing: str) -> int:
        """Return the Armour Value of ``facing`` now (never below 0, RULES.md §4 000 decision 4)."""
        if facing not in FACINGS:
            raise ValueError(f"unknown facing {facing!r}; facings are {FACINGS}")
        loss = self.state.armour_lost + (DILAPIDATED_ARMOUR_LOSS if self.state.dilapidated else 0)
        return max(0, self.profile.armour[facing] - loss)

    @property
    def lowest_armour(self) -> int:
        """The lowest Armour Value over the four facings."""
        return min(self.armour(f) for f in FACINGS)

    @property
    def hull_points(self) -> int:
        """Hull points left (never below 0)."""
        return max(0, self.profile.hull_points - self.state.hull_points_lost)

    @property
    def destroyed(self) -> bool:
        """Whether the building has been destroyed (collapsed, cratered or ruined)."""
        return self.state.condition is not BuildingCondition.STANDING

    @property
    def occupied(self) -> bool:
        """Whether a unit is inside."""
        return bool(self.state.occupants)

    @property
    def controller(self) -> str | None:
        """The side whose turns time the building's effects: its occupiers, else its claimer."""
        return self.state.occupying_side or self.state.claimed_by

    @property
    def void_shields_up(self) -> int:
        """The building's own void shields still up."""
        return max(0, self.profile.void_shields - self.state.void_shields_down)

    @property
    def projected_shields_up(self) -> int:
        """Projected void shields still up (a Void Shield Generator)."""
        down = self.state.projected_shields_down
        return max(0, self.profile.projected_void_shields - down)

    def weapons_left(self) -> tuple[EmplacedWeaponSpec, ...]:
        """Emplaced weapons not destroyed, and one-shot weapons not yet spent."""
        gone = set(self.state.destroyed_weapons) | set(self.state.spent_weapons)
        return tuple(w for w in self.profile.emplaced_weapons if w.id not in gone)

    def effects_on(self, kind: str, affected: Affected, unit_id: str | None = None) -> list[Effect]:
        """Return the effects of ``kind`` binding ``affected`` (and ``unit_id``, if a unit)."""
        return [
            e for e in self.state.effects
            if e.kind == kind and e.affected in (affected, None)
            and (unit_id is None or not e.unit_ids or unit_id in e.unit_ids)
        ]

    def barred(self, kind: str) -> list[Effect]:
        """Building-wide effects of ``kind`` (``no_embark``, ``no_disembark``)."""
        return [e for e in self.state.effects if e.kind == kind]

    def end_turn(self, finished: PlayerTurn) -> list[Effect]:
        """Drop the effects that end with the turn ``finished``; return them."""
        ended = [e for e in self.state.effects if e.until and e.until.has_ended_by(finished)]
        self.state.effects = [e for e in self.state.effects if e not in ended]
        return ended
