"""What every rule system answers for the board: two typed protocols, one per tier.

:class:`SystemFacts` and :class:`BuildingReader` are the lower tier. The facts (sight heights
and the sight rule, the default deployment; ``systems/<system>/facts.py``,
:func:`board.game.systems.facts.facts_for`) stand on the document alone, so the world of
shapes can ask them before the rules are loaded. The reader (what a building's rules object
is and how it is written back; ``systems/<system>/building.py``,
:func:`board.game.systems.buildings.reader_for`) adds the rules, for
:func:`board.game.core.buildings.building_rules`.

:class:`GameSystem` is the upper tier: what ending a turn does, who may go in or come out of a
building and where, what the dock says, who may fire, which assault applies. Its
implementations (``systems/<system>/system.py``) use the system's own modules and the shared
bridge below them; the shared tools above reach them through
:func:`board.game.systems.registry.system_for`. ``docs/adding-a-rule-system.md`` walks
through both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from board.document.datasheet import Datasheet
from board.document.model import Base, RuleSystem, Scenario, Table, TerrainPiece, TroopType, Unit
from geometry import DistanceRule, SightRule

if TYPE_CHECKING:
    from board.document.changes import Change
    from board.game.core.assault import AssaultResult, AssaultStand, CloseCombatAttack
    from board.game.core.building_summary import BuildingSummary
    from board.game.core.shots import FireResult, ShotPlan, ShotResult, WeaponOrder
    from board.game.core.world import World
    from board.game.occupancy.common import DisembarkPlan, EmbarkAttempt
    from board.game.systems.buildings import BuildingRules
    from geometry import Obstacles, PlacementVerdict, Shape
    from rules.decision import Decision
    from rules.dice import Dice
    from rules.turns import PlayerTurn
    from rules.warhammer_fantasy import AssaultStep, Reaction

__all__ = ["AssaultKind", "ShotForm", "SteppedAssault", "AssaultSteps",
           "PartyMember", "Looker", "PhaseStep", "BuildingNumbers", "SystemSetup",
           "SystemFacts", "BuildingReader", "GameSystem"]


class AssaultKind(StrEnum):
    """Which building assault a rule system plays (the view opens the matching dialog)."""

    CLOSE_COMBAT = "close_combat"  # 40K and Horus Heresy: a unit fights the building
    EPIC = "epic"  # Epic 40,000: assault factors against the garrison
    FANTASY = "fantasy"  # Warhammer Fantasy: declare, react, charge, fight, result


class ShotForm(StrEnum):
    """What the shooting dialog asks for a shot at a building."""

    PROFILE = "profile"  # 40K, HH: shots, BS, Strength, AP... or an emplaced weapon
    FIREPOWER = "firepower"  # Epic 40,000: a super-heavy weapon's firepower
    GARRISON = "garrison"  # Warhammer Fantasy: a template, cannonball or spell on a garrison


class Looker(StrEnum):
    """Who looks from a building clicked away from its fire points and mounts."""

    BATTLEMENTS = "battlements"
    GARRISON = "garrison"


class BuildingNumbers(StrEnum):
    """Which numbers a building of the system has (the building editor asks for them)."""

    ARMOUR = "armour"  # 40K, HH: armour per facing, hull points, capacity, height
    EPIC = "epic"  # Epic 40,000: damage capacity, assault factor, armour (kill roll)
    FLOORS = "floors"  # Warhammer Fantasy: floors and capacity


@dataclass(frozen=True)
class SystemSetup:
    """What a system offers a player setting up (the editors and File ▸ New read it).

    ``troop_types`` the rules tell apart (commonest first), ``base_sizes`` offered as presets,
    ``ranked`` units drawn up in ranks, ``command_group`` (champion, standard, musician),
    ``default_models`` of a new unit, ``tables`` the table sizes its players use (inches),
    ``building_numbers`` the building editor asks for, ``datasheet_systems`` a building drawn
    under the system is written for.
    """

    troop_types: tuple[TroopType, ...]
    base_sizes: tuple[Base, ...]
    ranked: bool
    command_group: bool
    default_models: int
    tables: tuple[Table, ...]
    building_numbers: BuildingNumbers
    datasheet_systems: tuple[str, ...]


@dataclass(frozen=True)
class PhaseStep:
    """A moment inside a game turn when a system's buildings act by themselves.

    The board offers each as a button of the Shooting and turn dock (``label``), played once
    each game turn (:func:`board.game.turns.play_phase_step`); ``rule`` says why, for the log
    and for a refusal.
    """

    key: str
    label: str
    rule: str


XY = tuple[float, float]


@dataclass(frozen=True)
class PartyMember:
    """A model of an assault party as the dialog offers it (never its id, shown)."""

    id: str
    name: str
    stomps: bool
    #: A character or champion: it may issue or accept the challenge.
    may_challenge: bool


class SteppedAssault(Protocol):
    """One building assault played step by step (Warhammer Fantasy), as its dialog drives it.

    Each step returns the log's words; a refused step raises
    :class:`~board.game.core.assault.AssaultError` and changes nothing.
    """

    #: Every line said so far, the declaration first.
    lines: list[str]
    #: The assaulting unit.
    attacker: Unit

    @property
    def step(self) -> AssaultStep:
        """Where the assault stands."""
        ...

    def charge_line(self) -> tuple[XY, XY, float]:
        """The assaulter's nearest point, the building's, and the distance between (inches)."""
        ...

    def may_stand_and_shoot(self) -> bool:
        """Whether the garrison may Stand & Shoot."""
        ...

    def react(self, reaction: Reaction, terror_failed: bool = False) -> str:
        """The garrison's reaction."""
        ...

    def roll_charge(self) -> str:
        """Roll the charge."""
        ...

    def abandon(self) -> str:
        """The assaulter is itself charged: the assault is abandoned, it moves back."""
        ...

    def choose_parties(self, attacker_characters: Sequence[str] = (),
                       defender_characters: Sequence[str] = ()) -> str:
        """Both assault parties (characters by model id)."""
        ...

    def party_members(self) -> tuple[list[PartyMember], list[PartyMember]]:
        """The assaulters' and the garrison's party once chosen; ``([], [])`` before."""
        ...

    def fight(self, nominated: Mapping[str, str] | None = None,
              challenge: tuple[str, str] | None = None) -> str:
        """Fight the round: Stomps on the models nominated; the one challenge (model ids)."""
        ...

    def resolve(self) -> str:
        """The result and the Break test."""
        ...

    def result(self) -> AssaultResult:
        """The whole effect as one change, once the assault is over."""
        ...


class AssaultSteps(Protocol):
    """What the step-by-step assault dialog asks of its system (:class:`AssaultKind` FANTASY)."""

    def garrison(self, scenario: Scenario, library: Mapping[str, Datasheet],
                 piece_id: str) -> Unit | None:
        """The unit holding ``piece_id`` (``None``: nobody)."""
        ...

    def characters_with(self, scenario: Scenario, unit: Unit) -> list[Unit]:
        """The characters that joined ``unit``."""
        ...

    def declare(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                piece_id: str, attacker_id: str, dice: Dice) -> SteppedAssault:
        """Declare the assault (``AssaultError`` with the reason when it may not be)."""
        ...

    def refusals(self, scenario: Scenario, world: World, piece_id: str) -> list[str]:
        """Units that may never assault from where they are, each with the rule: ``[]``."""
        ...


class SystemFacts(Protocol):
    """The lower tier: facts about one rule system the whole bridge may ask."""

    #: The document's rule systems this implementation plays (40K also plays the Heresy).
    rule_systems: tuple[RuleSystem, ...]
    #: How a blocker's height is compared (true lines, or Fantasy's Line of Sight values).
    sight_rule: SightRule
    #: Whether a model 25% or more hidden is in cover (40K, Horus Heresy).
    hidden_gives_cover: bool
    #: The deployment map a scenario of this system deploys on when it names none.
    default_deployment: str
    #: What the players call one of a unit's models: ``stand`` in Epic 40,000 (seed 001 counts
    #: stands), ``model`` elsewhere.
    member_word: str
    #: Who looks from a building clicked away from its fire points and mounts.
    building_looker: Looker
    #: What each of its rule systems offers a player setting up (``systems/<system>/setup.py``).
    setups: dict[RuleSystem, SystemSetup]
    #: How its rules read a distance between things at different heights, and where that
    #: comes from (a scenario's ``distance_rule`` option may pick a house rule instead).
    distance_rule: DistanceRule
    distance_rule_source: str

    def is_building(self, sheet: Datasheet) -> bool:
        """Whether ``sheet`` makes a building (a rules object) in this system."""
        ...

    def building_sight_height(self, sheet: Datasheet) -> float:
        """The height a building's footprint blocks sight up to (inches or a LoS value)."""
        ...

    def model_height(self, unit: Unit) -> float:
        """A unit's model height for sight (inches, or a Line of Sight value)."""
        ...

    def sight_notes(self, scenario: Scenario, piece_id: str) -> tuple[str, ...]:
        """What the rules add when a building is looked at (a Fantasy garrison's cover)."""
        ...


class BuildingReader(Protocol):
    """The lower tier's second half: what a building's rules object is (this needs the rules).

    Kept apart from :class:`SystemFacts` so the board's first paint, which needs only the
    facts, does not load the rules.
    """

    #: The class of this system's building rules objects.
    building_type: type

    def read_building(self, scenario: Scenario, sheet: Datasheet, piece: TerrainPiece,
                      names: Mapping[str, str]) -> BuildingRules:
        """The rules object of ``piece`` (``names``: what players call ids, for its texts).

        Raises ``ValueError``, ``KeyError`` or ``TypeError`` on a bad saved state.
        """
        ...

    def saved_state(self, rules_object: BuildingRules,
                    claimed_by: str | None) -> tuple[dict[str, Any], str | None]:
        """The plain ``state`` and ``claimed_by`` to store for ``rules_object``."""
        ...

    def current_armour(self, rules_object: BuildingRules | None, facing: str) -> int | None:
        """The armour the building has now on ``facing`` (``None``: use the datasheet's)."""
        ...


class GameSystem(SystemFacts, BuildingReader, Protocol):
    """The upper tier: what a rule system does on the board."""

    #: Which building assault it plays.
    assault: AssaultKind
    #: What the shooting dialog asks for a shot at a building.
    shot_form: ShotForm
    #: Why a building itself is not a target of shooting, or ``""`` when it is.
    building_not_shot: str
    #: The moments inside a game turn its buildings act by themselves (Epic: crumbling at
    #: the end of the Movement phase, flames at the start of the Shooting phase); ``()``.
    phase_steps: tuple[PhaseStep, ...]
    #: The special rules the PROFILE shot form offers as ticks (40K: Twin-linked,
    #: Armourbane, Haywire, Fuel Siphon); ``()`` when the system shoots with another form.
    weapon_special_rules: tuple[str, ...]
    #: The grenades the close-combat Storm form offers ready-made (40K: melta bombs, haywire
    #: grenades); ``()`` when the system storms buildings another way.
    grenades: tuple[CloseCombatAttack, ...]
    #: The attacks the GARRISON shot form offers, ``(key, the players' name)``; ``()``.
    garrison_attacks: tuple[tuple[str, str], ...]
    #: The step-by-step assault its dialog drives (Fantasy); ``None`` when it storms in one go.
    assault_steps: AssaultSteps | None

    def end_player_turn(self, scenario: Scenario, library: Mapping[str, Datasheet],
                        finished: PlayerTurn, new_game_turn: bool, dice: Dice,
                        change: Change) -> list[str]:
        """What ending ``finished`` does to the buildings; their new states go into ``change``."""
        ...

    def play_phase_step(self, key: str, scenario: Scenario, library: Mapping[str, Datasheet],
                        dice: Dice, change: Change) -> list[str]:
        """Play the phase step ``key`` (one of :attr:`phase_steps`); changes into ``change``."""
        ...

    def embark_decision(self, world: World, scenario: Scenario, rules_object: BuildingRules,
                        party: list[Unit], piece: TerrainPiece) -> Decision:
        """Whether ``party`` may go into ``piece`` now (a yes may update ``rules_object``)."""
        ...

    def disembark_plan(self, scenario: Scenario, world: World, rules_object: BuildingRules,
                       party: list[Unit], obstacles: Obstacles) -> DisembarkPlan:
        """Where ``party`` may come out of the building, and a first placement."""
        ...

    def exit_verdicts(self, plan: DisembarkPlan, models: list[tuple[str, Shape]],
                      obstacles: Obstacles,
                      table: tuple[float, float]) -> tuple[PlacementVerdict, ...]:
        """Each model of a disembarkation at its place: legal, or why not."""
        ...

    def leave(self, rules_object: BuildingRules, plan: DisembarkPlan,
              onto_battlements: bool) -> Decision:
        """Take the plan's units out of ``rules_object`` (a no: they may not leave)."""
        ...

    def after_models_moved(self, scenario: Scenario, library: Mapping[str, Datasheet],
                           world: World, moved: Mapping[str, tuple[float, float]],
                           dice: Dice | None = None) -> Change | None:
        """What models moved by ``moved`` (each one's shift) bring about: a claim, or ``None``."""
        ...

    def summary(self, rules_object: BuildingRules, scenario: Scenario, sheet: Datasheet,
                piece: TerrainPiece, base: dict[str, Any]) -> BuildingSummary:
        """What the building dock and ``battleboard check`` show (``base``: the shared fields)."""
        ...

    def shootable(self, rules_object: BuildingRules) -> bool:
        """Whether the building stands to be shot at."""
        ...

    def shot_preview(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                     plan: ShotPlan, order: Any) -> tuple[str, list[str]]:
        """Who shoots from where (a line), and the odds before rolling.

        ``order`` is what the system's :class:`ShotForm` adds to the plan (``None`` for a
        profile). Raises :class:`~board.game.core.shots.ShootingError` with the reason when
        the shot may not be made.
        """
        ...

    def shoot(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
              plan: ShotPlan, order: Any, seed: int | None) -> ShotResult:
        """Roll the shot; its whole effect as one change (``ShootingError``: refused)."""
        ...

    def automated_fire(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                       seed: int | None) -> FireResult:
        """The end of the Shooting phase's automated fire (no targets: the system has none)."""
        ...

    def emplaced_firers(self, rules_object: BuildingRules) -> tuple[str | None, tuple[str, ...]]:
        """The side holding the building, and the emplaced weapons it may fire now (ids)."""
        ...

    def assault_reach(self, unit: Unit) -> tuple[float | None, str]:
        """How near the building (inches) ``unit`` must be to assault it, and those words.

        ``None`` with the reason when the unit cannot assault from anywhere (a stat missing,
        a Fantasy character on its own); see :mod:`board.game.assault_reach`.
        """
        ...

    def emplaced_order(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
                       piece_id: str, weapon_id: str,
                       firer_bs: int) -> tuple[WeaponOrder, tuple[float, float]]:
        """The order and mount of emplaced weapon ``weapon_id`` fired by a model of ``firer_bs``.

        Raises :class:`~board.game.core.shots.ShootingError` with the reason when the weapon
        may not fire now (or the system's buildings have no emplaced weapons).
        """
        ...

    def move_between_parts(self, scenario: Scenario, library: Mapping[str, Datasheet],
                           world: World, unit: Unit, inside: str,
                           target_id: str) -> EmbarkAttempt:
        """Move ``unit`` from part ``inside`` of a multi-part building into part ``target_id``.

        A no (nothing changed) says why; the systems without multi-part buildings say so.
        """
        ...

    def assault_stands(self, scenario: Scenario, world: World,
                       piece_id: str) -> list[AssaultStand]:
        """The stands in contact with the building and whether each may assault (Epic); ``[]``."""
        ...

    def assault_preview(self, scenario: Scenario, library: Mapping[str, Datasheet],
                        world: World, piece_id: str, order: Any) -> list[str]:
        """The assault before a die is rolled: the odds, or the totals and bonuses.

        ``order`` is what the system's :class:`AssaultKind` form fills in (a
        :class:`~board.game.core.assault.CloseCombatOrder`, a
        :class:`~board.game.core.assault.StandsOrder`). Raises
        :class:`~board.game.core.assault.AssaultError` with the reason when it may not be made.
        """
        ...

    def storm(self, scenario: Scenario, library: Mapping[str, Datasheet], world: World,
              piece_id: str, order: Any, dice: Dice) -> AssaultResult:
        """Roll the assault; its whole effect as one change (``AssaultError``: refused)."""
        ...
