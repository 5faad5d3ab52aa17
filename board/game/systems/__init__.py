"""One folder per rule system: everything the board does that only one system does.

:data:`FOLDERS` is the registry of the rule systems the program plays: one entry per folder.
A folder holds

- ``description.py``: ``DESCRIPTIONS``, what the document knows of its systems
  (:class:`~board.document.rule_systems.SystemDescription`: name, label, unit of distance,
  stat profile and the stats its rules read, how a saved building state is checked);
- ``facts.py``: ``FACTS``, the lower tier (:class:`~board.game.systems.protocol.SystemFacts`,
  with the setup a player is offered);
- ``building.py``: ``READER``, its building reader
  (:class:`~board.game.systems.protocol.BuildingReader`);
- ``system.py``: ``GAME``, the upper tier (:class:`~board.game.systems.protocol.GameSystem`);
- ``roster.py``: ``ROSTER``, how its army lists are read
  (:class:`~board.game.systems.roster_profiles.RosterReading`).

Registering a folder (:func:`add_folder`, done for each of :data:`FOLDERS` when the program
starts: ``board/__init__.py`` imports this package) hands the document its descriptions at
once, before any file is read; the other parts are imported the first time one is asked for
(:func:`part_of`, by :func:`~board.game.systems.facts.facts_for`,
:func:`~board.game.systems.buildings.reader_for`,
:func:`~board.game.systems.registry.system_for` and
:func:`~board.game.systems.roster_profiles.roster_reading`), so the board's first paint
loads no rules. A folder never imports another one (import-linter).

>>> [str(s) for s in RuleSystem]
['wh40k', 'horus_heresy', 'epic40k', 'warhammer_fantasy']
>>> part_of(RuleSystem.HORUS_HERESY, "facts").__name__
'board.game.systems.wh40k.facts'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from board.document.rule_systems import RuleSystem, register, unregister

__all__ = ["FOLDERS", "add_folder", "remove_folder", "folder_of", "part_of"]

#: The folders of the rule systems the program plays, registered at start-up in this order
#: (the order File ▸ New offers them). A fifth system is one more entry here.
FOLDERS = ("board.game.systems.wh40k", "board.game.systems.epic", "board.game.systems.fantasy")

_FOLDER_OF: dict[RuleSystem, str] = {}
_PARTS: dict[tuple[RuleSystem, str], ModuleType] = {}


def add_folder(package: str) -> tuple[RuleSystem, ...]:
    """Register the folder ``package`` (a module name): its systems are known from now on.

    Returns the systems its description declares. A name already taken by another folder's
    system is refused (``ValueError``) and nothing is registered.
    """
    descriptions = importlib.import_module(f"{package}.description").DESCRIPTIONS
    for d in descriptions:
        taken = _FOLDER_OF.get(d.system)
        if taken is not None and taken != package:
            raise ValueError(f"the rule system {d.name!r} is already played by {taken}")
    systems = tuple(register(d) for d in descriptions)
    for system in systems:
        _FOLDER_OF[system] = package
    return systems


def remove_folder(package: str) -> None:
    """Forget the folder ``package`` and its systems (a test's throwaway system)."""
    for system in [s for s, p in _FOLDER_OF.items() if p == package]:
        unregister(system)
        del _FOLDER_OF[system]
        for key in [k for k in _PARTS if k[0] is system]:
            del _PARTS[key]


def folder_of(system: RuleSystem) -> str:
    """The module name of the folder that plays ``system``."""
    folder = _FOLDER_OF.get(system)
    if folder is None:
        known = ", ".join(_FOLDER_OF)
        raise KeyError(f"no folder plays the rule system {str(system)!r} (known: {known})")
    return folder


def part_of(system: RuleSystem, name: str) -> ModuleType:
    """The module ``name`` (``facts``, ``building``, ``system``, ``roster``) of its folder."""
    key = (system, name)
    if key not in _PARTS:
        _PARTS[key] = importlib.import_module(f"{folder_of(system)}.{name}")
    return _PARTS[key]


for _folder in FOLDERS:
    add_folder(_folder)
