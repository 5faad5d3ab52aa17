"""The rule systems a scenario may be played under, and what the document knows of each.

The document does not know the rule systems by heart. Each system's folder,
``board/game/systems/<system>/description.py``, describes its systems
(:class:`SystemDescription`: the name a file spells, the label a player reads, the unit of
distance, the stat profile, the stats its rules read, how its saved building state is checked),
and the program registers those descriptions when it starts (``board/__init__.py`` imports
``board.game.systems``, whose ``FOLDERS`` names each folder), before any file is read. The
document cannot import ``board/game``; it is handed the descriptions instead, and asks them.

A :class:`RuleSystem` is a system's name as a file spells it (``"epic40k"``). Constructing one
checks the name is registered (``ValueError`` otherwise, so a file naming an unknown system is
refused with the known ones listed); iterating the class gives every registered system, in the
order they were registered. Its facts (:attr:`RuleSystem.label`, :attr:`RuleSystem.uses_cm`)
are its description's: nothing here compares one system with another.

>>> RuleSystem("epic40k") is RuleSystem.EPIC40K, RuleSystem.EPIC40K.uses_cm
(True, True)
>>> RuleSystem("necromunda")
Traceback (most recent call last):
...
ValueError: unknown rule system 'necromunda' (known: wh40k, horus_heresy, epic40k, \
warhammer_fantasy)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from board.document.fields import Fields

__all__ = ["RuleSystem", "DistanceUnit", "ProfileField", "SavedState", "SystemDescription",
           "register", "unregister", "description_of", "registered", "floors_told_apart"]

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class _Registered(type):
    """The metaclass that makes ``for system in RuleSystem`` walk the registered systems."""

    def __iter__(cls) -> Iterator[RuleSystem]:
        return iter(registered())

    def __len__(cls) -> int:
        return len(_DESCRIPTIONS)


class RuleSystem(str, metaclass=_Registered):
    """A registered rule system, by the name its files spell (a ``str``).

    One object per name, so ``is`` compares as ``==`` does. The four shipped systems keep
    their names as attributes (``RuleSystem.EPIC40K``) for the code and tests that name one;
    a fifth system's folder makes its own (``RuleSystem("necromunda")`` once registered).
    """

    __slots__ = ()
    _NAMES: ClassVar[dict[str, RuleSystem]] = {}
    WH40K: ClassVar[RuleSystem]
    HORUS_HERESY: ClassVar[RuleSystem]
    EPIC40K: ClassVar[RuleSystem]
    WARHAMMER_FANTASY: ClassVar[RuleSystem]

    def __new__(cls, name: str) -> RuleSystem:
        """The registered system ``name`` (``ValueError`` naming the known ones otherwise)."""
        if isinstance(name, RuleSystem):
            return name
        if not isinstance(name, str) or name not in _DESCRIPTIONS:
            raise ValueError(f"unknown rule system {name!r} (known: {_known()})")
        return cls._NAMES[name]

    @classmethod
    def _named(cls, name: str) -> RuleSystem:
        """The one object of ``name``, registered or not (a description makes its own)."""
        if not _NAME.match(name):
            raise ValueError(f"a rule system's name is lower-case letters, digits and '_', "
                             f"starting with a letter; got {name!r}")
        if name not in cls._NAMES:
            cls._NAMES[name] = str.__new__(cls, name)
        return cls._NAMES[name]

    def __repr__(self) -> str:
        return f"RuleSystem({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (RuleSystem, (str(self),))

    def __copy__(self) -> RuleSystem:
        return self

    def __deepcopy__(self, memo: object) -> RuleSystem:
        return self

    @property
    def value(self) -> str:
        """The name as a file spells it."""
        return str.__str__(self)

    @property
    def description(self) -> SystemDescription:
        """What its folder registered for it."""
        return description_of(self)

    @property
    def label(self) -> str:
        """The name a player reads."""
        return description_of(self).label

    @property
    def uses_cm(self) -> bool:
        """Whether its players measure in centimetres (Epic 40,000, RULES.md section 2)."""
        return description_of(self).unit is DistanceUnit.CM


#: The shipped systems' names: each is what its folder's description registers.
RuleSystem.WH40K = RuleSystem._named("wh40k")
RuleSystem.HORUS_HERESY = RuleSystem._named("horus_heresy")
RuleSystem.EPIC40K = RuleSystem._named("epic40k")
RuleSystem.WARHAMMER_FANTASY = RuleSystem._named("warhammer_fantasy")


class DistanceUnit(StrEnum):
    """The unit a system's players measure in (the board keeps inches underneath)."""

    INCH = "in"
    CM = "cm"


@dataclass(frozen=True)
class ProfileField:
    """One column of a system's profile: its short label and the stat it edits."""

    label: str
    key: str
    default: Any


@dataclass(frozen=True)
class SavedState:
    """How a system's saved building state (``TerrainPiece.state``) is checked on reading.

    ``check`` refuses a field of the wrong type, naming its key
    (:class:`~board.document.errors.ScenarioError`); ``read_back`` is the rules' own reading,
    the last word on what it means (``ValueError``, ``KeyError`` or ``TypeError`` if they
    cannot use it).
    """

    check: Callable[[Fields], None]
    read_back: Callable[[Mapping[str, Any]], None]


@dataclass(frozen=True)
class SystemDescription:
    """What the document knows of one rule system, declared by the system's folder.

    ``short`` names the system in the stats table's column; ``stats_read`` are the declared stat
    keys its rules read (``board/document/stats.py``; the ones every system's units carry are
    listed there); ``state`` is ``None`` for a system whose buildings keep no saved state
    (a state saved for one is refused); ``building_floors`` says its rules tell a building's
    floors apart (a datasheet's ``floors``, which its label then names).
    """

    name: str
    label: str
    short: str
    unit: DistanceUnit
    profile: tuple[ProfileField, ...]
    stats_read: tuple[str, ...]
    state: SavedState | None
    building_floors: bool = False

    @property
    def system(self) -> RuleSystem:
        """The system it describes."""
        return RuleSystem._named(self.name)


_DESCRIPTIONS: dict[str, SystemDescription] = {}


def _known() -> str:
    return ", ".join(_DESCRIPTIONS) or "none registered"


def register(description: SystemDescription) -> RuleSystem:
    """Make ``description``'s system known to the document; returns the system.

    Registering the same description again changes nothing; another one under a name already
    taken is refused (``ValueError``).
    """
    system = description.system
    known = _DESCRIPTIONS.get(description.name)
    if known is not None and known != description:
        raise ValueError(f"the rule system {description.name!r} is already registered "
                         f"({known.label})")
    _DESCRIPTIONS[description.name] = description
    return system


def unregister(system: RuleSystem) -> None:
    """Forget ``system`` (a test's throwaway system); its files are then refused."""
    _DESCRIPTIONS.pop(str(system), None)


def registered() -> tuple[RuleSystem, ...]:
    """Every registered system, in the order they were registered."""
    return tuple(RuleSystem._named(name) for name in _DESCRIPTIONS)


def floors_told_apart(systems: tuple[str, ...]) -> bool:
    """Whether the rules of any registered system among ``systems`` tell floors apart."""
    return any(_DESCRIPTIONS[s].building_floors for s in systems if s in _DESCRIPTIONS)


def description_of(system: RuleSystem | str) -> SystemDescription:
    """The registered description of ``system`` (``ValueError`` naming the known ones)."""
    description = _DESCRIPTIONS.get(str(system))
    if description is None:
        raise ValueError(f"unknown rule system {str(system)!r} (known: {_known()})")
    return description
