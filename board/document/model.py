"""The scenario document: plain Python dataclasses, no Qt.

Conventions (DESIGN.md):

- distances are inches (floats); model bases are entered in millimetres (25.4 mm = 1 inch),
  vehicle hulls in inches;
- the table origin is the top-left corner, x to the right, y down the table;
- angles are degrees, clockwise on screen; a facing or rotation of 0 points up the table
  (toward y = 0), 90 points right (+x). So the unit vector of facing ``a`` is
  ``(sin a, -cos a)``.

The document holds state; it does not compute shapes (``geometry/``) or decide rules
(``rules/``). Edits go through :class:`board.document.scenario_edits` style methods so that the
view's undo commands can call them and observers hear about them.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from board.document.datasheet import Datasheet
from board.document.rule_systems import RuleSystem

__all__ = [
    "MM_PER_INCH",
    "RuleSystem",
    "TroopType",
    "BaseShape",
    "Base",
    "LevelRef",
    "Model",
    "Unit",
    "number_models",
    "Side",
    "Table",
    "TerrainPiece",
    "LogEntry",
    "Annotation",
    "Scenario",
    "TABLE_SIZES",
]

MM_PER_INCH = 25.4


class TroopType(StrEnum):
    """The troop types the seeds' building rules tell apart."""

    INFANTRY = "infantry"
    JUMP_INFANTRY = "jump_infantry"
    JET_PACK_INFANTRY = "jet_pack_infantry"
    INDEPENDENT_CHARACTER = "independent_character"
    BIKES = "bikes"
    JETBIKES = "jetbikes"
    VEHICLE = "vehicle"
    SKIMMER = "skimmer"
    WALKER = "walker"
    MONSTROUS_CREATURE = "monstrous_creature"
    WAR_ENGINE = "war_engine"
    CHARACTER = "character"
    CAVALRY = "cavalry"
    MONSTROUS_CAVALRY = "monstrous_cavalry"
    MONSTROUS_INFANTRY = "monstrous_infantry"
    WAR_BEAST = "war_beast"
    SWARM = "swarm"
    CHARIOT = "chariot"
    MONSTER = "monster"
    WAR_MACHINE = "war_machine"

    @property
    def label(self) -> str:
        """The name a player reads: ``jet_pack_infantry`` → ``Jet pack infantry``."""
        return self.value.replace("_", " ").capitalize()


class BaseShape(StrEnum):
    """How a model's base (or hull) is given."""

    ROUND = "round"  # diameter in mm
    OVAL = "oval"  # length × width in mm
    HULL = "hull"  # rectangle, length × width in inches
    SQUARE = "square"  # side in mm
    RECTANGLE = "rectangle"  # length × width in mm (a cavalry or monster base)

    @property
    def in_mm(self) -> bool:
        """Whether its sizes are millimetres (every shape but a hull)."""
        return self is not BaseShape.HULL

    @property
    def rectangular(self) -> bool:
        """Whether it is drawn and measured as a rectangle."""
        return self in (BaseShape.HULL, BaseShape.SQUARE, BaseShape.RECTANGLE)


@dataclass(frozen=True)
class Base:
    """A model's base as the player enters it.

    ``length`` and ``width`` keep the units they were entered in (millimetres for round and
    oval bases, inches for hulls) so that a file round-trips exactly; use :attr:`length_in`
    and :attr:`width_in` for geometry. ``length`` runs along the model's facing.
    """

    shape: BaseShape
    length: float
    width: float

    @classmethod
    def round_mm(cls, diameter: float) -> Base:
        """A round base of ``diameter`` millimetres."""
        return cls(BaseShape.ROUND, float(diameter), float(diameter))

    @classmethod
    def oval_mm(cls, length: float, width: float) -> Base:
        """An oval base, ``length`` (along the facing) × ``width`` millimetres."""
        return cls(BaseShape.OVAL, float(length), float(width))

    @classmethod
    def hull_in(cls, length: float, width: float) -> Base:
        """A rectangular vehicle hull, ``length`` (along the facing) × ``width`` inches."""
        return cls(BaseShape.HULL, float(length), float(width))

    @classmethod
    def square_mm(cls, side: float) -> Base:
        """A square base of ``side`` millimetres (Warhammer Fantasy infantry: 20 or 25 mm)."""
        return cls(BaseShape.SQUARE, float(side), float(side))

    @classmethod
    def rectangle_mm(cls, length: float, width: float) -> Base:
        """A rectangular base, ``length`` (along the facing) × ``width`` millimetres."""
        return cls(BaseShape.RECTANGLE, float(length), float(width))

    @property
    def length_in(self) -> float:
        """Length along the facing, inches."""
        return self.length if self.shape is BaseShape.HULL else self.length / MM_PER_INCH

    @property
    def width_in(self) -> float:
        """Width across the facing, inches."""
        return self.width if self.shape is BaseShape.HULL else self.width / MM_PER_INCH

    @property
    def label(self) -> str:
        """How a player names it: ``32 mm``, ``60×35 mm oval``, ``4.5×3 in hull``."""
        if self.shape is BaseShape.ROUND:
            return f"{self.length:g} mm"
        if self.shape is BaseShape.OVAL:
            return f"{self.length:g}×{self.width:g} mm oval"
        if self.shape is BaseShape.SQUARE:
            return f"{self.length:g} mm square"
        if self.shape is BaseShape.RECTANGLE:
            return f"{self.width:g}×{self.length:g} mm rectangle"
        return f"{self.length:g}×{self.width:g} in hull"


@dataclass(frozen=True)
class LevelRef:
    """Where a model stands above the table: a level (its id) of a terrain piece."""

    piece: str
    level: str


@dataclass
class Model:
    """One model on the table: its base, the position of the base's centre, its facing.

    ``number`` is how the players count it in its unit (``Guard Squad, model 3``): given once,
    it stays when other models of the unit are lost, so that the log and the board keep
    naming the same model. ``None``: its place in the unit. ``level``: the level of a piece
    it stands on (battlements, a floor, a ruin's level; docs/measure.md, Heights), ``None``
    on the table (or wholly on a building's battlements, which lift it all the same).
    """

    id: str
    base: Base
    x: float
    y: float
    facing: float = 0.0
    number: int | None = None
    level: LevelRef | None = None


@dataclass
class Unit:
    """A unit: models of one side that move and fight together.

    ``embarked_in`` names the terrain piece the unit is inside (its models are then not on the
    table and their positions are kept only as the formation it will come out in).
    ``joined_to`` names the unit an independent character has joined. ``stats`` holds the few
    profile values the building rules ask for (``movement``, ``unit_strength``,
    ``assault_factor``, ``leadership``…) keyed by the rulebook's names.
    """

    id: str
    name: str
    side: str
    troop_type: TroopType
    models: list[Model] = field(default_factory=list)
    embarked_in: str | None = None
    joined_to: str | None = None
    stats: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        number_models(self.models)

    @property
    def on_table(self) -> bool:
        """Whether the unit's models stand on the table (not embarked)."""
        return self.embarked_in is None


def number_models(models: list[Model]) -> None:
    """Give each model without a number the next free one, in order (1, 2, 3… by place).

    Examples
    --------
    >>> base = Base.round_mm(25)
    >>> models = [Model("a", base, 0, 0, number=2), Model("b", base, 0, 0)]
    >>> number_models(models)
    >>> [m.number for m in models]
    [2, 1]
    """
    taken = {m.number for m in models if m.number is not None}
    free = (n for n in itertools.count(1) if n not in taken)
    for model in models:
        if model.number is None:
            model.number = next(free)


@dataclass
class Side:
    """One of the two players' sides: an id, a name and a colour (``#rrggbb``)."""

    id: str
    name: str
    colour: str


@dataclass(frozen=True)
class Table:
    """The playing surface, inches."""

    width: float = 72.0
    height: float = 48.0


#: The table sizes offered when making a new scenario (inches).
TABLE_SIZES: tuple[Table, ...] = (Table(72.0, 48.0), Table(48.0, 48.0), Table(44.0, 30.0))


@dataclass
class TerrainPiece:
    """A placed instance of a terrain datasheet.

    ``x``, ``y`` place the datasheet's local origin on the table; ``rotation`` turns it
    clockwise (degrees); the datasheet's front then faces ``rotation``. A part of a multi-part
    building is a piece of its own whose ``group`` names the other parts' shared group and
    ``part`` its role in it, and ``group_datasheet`` the multi-part datasheet the group was
    placed from (it lists which parts are adjacent). ``claimed_by`` is a side id or ``None``.
    ``state`` is the building's game state as the rules module records it (hull points lost,
    armour lost, effects…), kept as plain JSON values.
    """

    id: str
    datasheet: str
    x: float
    y: float
    rotation: float = 0.0
    claimed_by: str | None = None
    group: str | None = None
    part: str | None = None
    state: dict[str, Any] = field(default_factory=dict)
    group_datasheet: str | None = None


@dataclass
class LogEntry:
    """One line of the scenario's log: what happened, and every die rolled for it."""

    text: str
    rolls: list[dict[str, Any]] = field(default_factory=list)
    seed: int | None = None


@dataclass
class Annotation:
    """A measurement the players chose to keep on the board (kind-specific ``data``)."""

    id: str
    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Scenario:
    """The whole document: table, rule system and its options, sides, terrain, units, log.

    ``custom_datasheets`` are datasheets that travel with the file (terrain the library does
    not ship); look pieces up in ``library.including(scenario.custom_datasheets)``.
    """

    name: str = "Untitled"
    table: Table = field(default_factory=Table)
    rule_system: RuleSystem = RuleSystem.WH40K
    options: dict[str, Any] = field(default_factory=dict)
    sides: list[Side] = field(default_factory=list)
    terrain: list[TerrainPiece] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    annotations: list[Annotation] = field(default_factory=list)
    #: Datasheets this scenario defines itself (custom terrain), saved in its file.
    custom_datasheets: list[Datasheet] = field(default_factory=list)

    # -- look-ups ---------------------------------------------------------------------------
    def side(self, side_id: str) -> Side:
        """The side with ``side_id`` (``KeyError`` if none)."""
        for side in self.sides:
            if side.id == side_id:
                return side
        raise KeyError(side_id)

    def unit(self, unit_id: str) -> Unit:
        """The unit with ``unit_id`` (``KeyError`` if none)."""
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    def piece(self, piece_id: str) -> TerrainPiece:
        """The terrain piece with ``piece_id`` (``KeyError`` if none)."""
        for piece in self.terrain:
            if piece.id == piece_id:
                return piece
        raise KeyError(piece_id)

    def model(self, model_id: str) -> tuple[Unit, Model]:
        """The model with ``model_id`` and the unit it belongs to (``KeyError`` if none)."""
        for unit in self.units:
            for model in unit.models:
                if model.id == model_id:
                    return unit, model
        raise KeyError(model_id)

    def units_in(self, piece_id: str) -> list[Unit]:
        """The units embarked in the piece ``piece_id``."""
        return [u for u in self.units if u.embarked_in == piece_id]
