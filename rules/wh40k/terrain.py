"""Rolling the terrain test a move on or off battlements asks for (seed 000, RULES.md §1).

Seed 000: battlements "are difficult terrain", and "Jump units, Jet Pack units, Jetbikes and
Skimmers do not need to take Dangerous Terrain tests if they start or end their move on a
battlement." RULES.md §1 "Terrain tests": "difficult: roll 2D6, highest = max move. Dangerous:
per model D6, 1 = Wound (no cover save). Vehicles treat difficult as dangerous; fail = −1 HP +
Immobilised."

Which test a unit type takes is :func:`rules.wh40k.battlements.battlements_move`; this module
rolls it with the dice every other resolution uses:

- **difficult**: 2D6 for the unit, the highest die is the farthest it may move;
- **dangerous**: a D6 for each model that started or ended on the battlements; on a 1 a
  vehicle loses a hull point and is Immobilised, any other model suffers a Wound with no cover
  save: its armour or invulnerable save (the better) is rolled when it has one, and a model
  of one Wound that fails it is lost.

Decision (ours, RULES.md does not say): a unit rolls its difficult-terrain test once per player
turn; a later move the same turn uses the same highest die.

Decision (item 4 of issue 14): RULES.md names only vehicles as treating difficult terrain as
dangerous. Bikes and cavalry doing so too is a recalled 7th-edition rule ([R], in neither a
seed nor RULES.md), so by default they take the ordinary difficult-terrain test; the scenario
option ``bikes_and_cavalry_dangerous`` plays the recalled reading.

>>> from rules.dice import FixedDice
>>> test = roll_terrain_test(battlements_move("infantry", False, True), ["m1", "m2"],
...                          FixedDice([2, 5]))
>>> test.highest, test.lost
(5, ())
>>> test = roll_terrain_test(battlements_move("vehicle", True, False), ["t"], FixedDice([1]))
>>> test.immobilised, test.hull_points_lost
(True, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.dice import Dice, Roll
from rules.wh40k.battlements import (
    DIFFICULT_AS_DANGEROUS,
    BattlementsMove,
    TerrainTest,
    battlements_move,
)

__all__ = [
    "DECISION_ONE_DIFFICULT_ROLL_A_TURN",
    "DECISION_BIKES_AND_CAVALRY_DIFFICULT",
    "RECALLED_DANGEROUS",
    "TerrainOptions",
    "TerrainTestResult",
    "roll_terrain_test",
    "battlements_move",
]

#: Our reading: a unit rolls its difficult-terrain test once a player turn; a later move that
#: turn uses the same highest die (no re-roll by moving again).
DECISION_ONE_DIFFICULT_ROLL_A_TURN = "one difficult-terrain roll per unit per player turn"

#: RULES.md names only vehicles: bikes and cavalry take the ordinary difficult-terrain test.
DECISION_BIKES_AND_CAVALRY_DIFFICULT = ("bikes and cavalry test battlements as difficult "
                                        "terrain (the building rules name only vehicles)")

#: The recalled 7th-edition types that treat difficult terrain as dangerous ([R]); the option
#: ``bikes_and_cavalry_dangerous`` adds them to the vehicles.
RECALLED_DANGEROUS = frozenset({"bikes", "cavalry"})


@dataclass(frozen=True)
class TerrainOptions:
    """The 40K terrain options of a scenario (``Scenario.options``)."""

    bikes_and_cavalry_dangerous: bool = False

    @property
    def dangerous_types(self) -> frozenset[str]:
        """The unit types that treat difficult terrain as dangerous."""
        return DIFFICULT_AS_DANGEROUS | (RECALLED_DANGEROUS if self.bikes_and_cavalry_dangerous
                                         else frozenset())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TerrainOptions:
        """Read the options; a value that is not true or false is refused by name."""
        value = data.get("bikes_and_cavalry_dangerous", False)
        if not isinstance(value, bool):
            raise ValueError(f"40K option bikes_and_cavalry_dangerous {value!r} is not true "
                             "or false")
        return cls(value)


@dataclass(frozen=True)
class TerrainTestResult:
    """A rolled terrain test: the dice, and what they did.

    ``highest`` is the farthest a unit may move after a difficult-terrain test (``None`` for
    the others). ``ones`` are the models that rolled a 1 on a Dangerous Terrain test;
    ``lost`` those removed (a failed save, one Wound); ``wounded`` those that kept a Wound
    (more than one); ``hull_points_lost`` and ``immobilised`` the vehicle's damage.
    """

    move: BattlementsMove
    rolls: tuple[Roll, ...] = ()
    highest: int | None = None
    ones: tuple[str, ...] = ()
    saved: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    wounded: tuple[str, ...] = ()
    hull_points_lost: int = 0
    immobilised: bool = False

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        """The result in words, naming models by ``names`` (their ids when not given)."""
        def called(ids: Sequence[str]) -> str:
            return ", ".join((names or {}).get(i, i) for i in ids)

        test = self.move.test
        if test is TerrainTest.NONE:
            return self.move.reason
        faces = "; ".join(f"{len(r.faces)}D{r.sides} → {', '.join(map(str, r.faces))}"
                          for r in self.rolls[:1])
        if test is TerrainTest.DIFFICULT:
            return f"{self.move.reason}: {faces}: may move up to {self.highest}\""
        if not self.ones:
            return f"{self.move.reason}: {faces}: no 1, nothing lost"
        parts = [f"{self.move.reason}: {faces}: a 1 for {called(self.ones)}"]
        if self.hull_points_lost:
            parts.append(f"loses {self.hull_points_lost} hull point"
                         f"{'s' * (self.hull_points_lost != 1)} and is Immobilised")
        if self.saved:
            parts.append(f"saved: {called(self.saved)}")
        if self.lost:
            parts.append(f"lost: {called(self.lost)}")
        if self.wounded:
            parts.append(f"a Wound each (more than one Wound, not removed): "
                         f"{called(self.wounded)}")
        return "; ".join(parts)


def roll_terrain_test(move: BattlementsMove, model_ids: Sequence[str], dice: Dice,
                      save: int | None = None, wounds: int = 1,
                      who: str = "") -> TerrainTestResult:
    """Roll the test ``move`` asks for, for the ``model_ids`` concerned.

    Parameters
    ----------
    move
        The test the move needs (:func:`battlements_move`).
    model_ids
        Dangerous terrain: the models that started or ended on the battlements, one D6 each.
    dice
        The dice of the resolution (every roll recorded with its purpose).
    save
        The model's best armour or invulnerable save (``3`` for 3+), ``None``: none. Never a
        cover save (RULES.md §1).
    wounds
        Each model's Wounds: a model of one Wound that fails is lost.
    who
        The unit's name, for the rolls' purposes.
    """
    if move.test is TerrainTest.NONE or not model_ids:
        return TerrainTestResult(move)
    label = f" ({who})" if who else ""
    if move.test is TerrainTest.DIFFICULT:
        roll = dice.roll(2, f"difficult terrain{label}")
        return TerrainTestResult(move, (roll,), highest=max(roll.faces))
    roll = dice.roll(len(model_ids), f"dangerous terrain{label}")
    ones = tuple(m for m, face in zip(model_ids, roll.faces, strict=True) if face == 1)
    if move.troop_type == "vehicle":
        return TerrainTestResult(move, (roll,), ones=ones, hull_points_lost=len(ones),
                                 immobilised=bool(ones))
    rolls = [roll]
    saved: list[str] = []
    failed: list[str] = []
    for model_id in ones:
        if save is not None:
            kept = dice.roll(1, f"{model_id} save ({save}+) against dangerous terrain")
            rolls.append(kept)
            if kept.faces[0] != 1 and kept.faces[0] >= save:  # a 1 always fails
                saved.append(model_id)
                continue
        failed.append(model_id)
    lost = tuple(failed) if wounds <= 1 else ()
    wounded = () if wounds <= 1 else tuple(failed)
    return TerrainTestResult(move, tuple(rolls), ones=ones, saved=tuple(saved), lost=lost,
                             wounded=wounded)
