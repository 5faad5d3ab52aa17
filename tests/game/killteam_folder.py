"""A throwaway fifth rule system: the **40K** folder copied under a new name (no Qt).

:func:`copy_fortyk_folder` writes ``board/game/systems/wh40k/`` as a new package
``killteam_folder`` (outside the source tree): its modules name their own package, and its
description (the one place a folder names its systems) the two new systems, ``"killteam"``
and ``"killteam_hh"``, with their own labels. Nothing else changes: the copy reads the same
rules (``rules.wh40k``), rolls on the tables its own folder names (``damage.py``) and saves
its buildings through its own reader. :func:`killteam_registered` adds it by the registry
alone (the one line of ``FOLDERS``: ``board.game.systems.add_folder``) and takes it away.
"""

from __future__ import annotations

import dataclasses
import pathlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from board.document.datasheet import Datasheet
from board.document.model import Base, Model, RuleSystem, Scenario, TerrainPiece, TroopType, Unit
from board.game.systems import add_folder, remove_folder
from tests.game import samples

ROOT = pathlib.Path(__file__).resolve().parents[2]
FORTYK = ROOT / "board" / "game" / "systems" / "wh40k"
PACKAGE = "killteam_folder"
#: A 32 mm base's centre touching the bastion's west wall (x = 21) when it stands at x = 24.
WEST_CONTACT = 21.0 - 16 / 25.4 - 0.02
NAMES = (("wh40k", "Warhammer 40,000", "40K", "killteam", "Kill Team (test)", "KT"),
         ("horus_heresy", "Horus Heresy", "HH", "killteam_hh", "Kill Team HH (test)", "KTH"))


def copy_fortyk_folder(into: pathlib.Path) -> pathlib.Path:
    """The 40K folder as the package ``killteam_folder`` under ``into``: a copy, renamed."""
    package = into / PACKAGE
    package.mkdir(parents=True)
    for source in FORTYK.glob("*.py"):
        text = source.read_text(encoding="utf-8").replace("board.game.systems.wh40k", PACKAGE)
        if source.name == "description.py":
            for old, old_label, old_short, new, label, short in NAMES:
                named = f'SystemDescription("{old}", "{old_label}", "{old_short}",'
                assert named in text, "the 40K folder names its systems once, in its description"
                text = text.replace(named, f'SystemDescription("{new}", "{label}", "{short}",')
        (package / source.name).write_text(text, encoding="utf-8")
    return package


@contextmanager
def killteam_registered(into: pathlib.Path) -> Iterator[RuleSystem]:
    """The copied folder registered for the time of a test; its first system."""
    copy_fortyk_folder(into)
    sys.path.insert(0, str(into))
    try:
        systems = add_folder(PACKAGE)
        yield systems[0]
    finally:
        remove_folder(PACKAGE)
        sys.path.remove(str(into))
        for name in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def killteam_bastion(library: dict[str, Datasheet]) -> Datasheet:
    """The Imperial Bastion, written for the new system (a datasheet naming it)."""
    return dataclasses.replace(library["imperial_bastion"], id="kt_bastion",
                               name="Kill Team bastion", systems=("killteam",))


def killteam_board(system: RuleSystem, sheet: Datasheet) -> Scenario:
    """A bastion of the new system, a Devastator squad with a lascannon and an assault squad
    in base contact with it."""
    squad = Unit("assault", "Assault Squad", samples.RED, TroopType.INFANTRY,
                 [Model(f"a{k}", Base.round_mm(32), WEST_CONTACT, 22.0 + 1.3 * k)
                  for k in range(3)],
                 stats={"ws": 4, "s": 4, "i": 4, "a": 2, "leadership": 9, "save": 3,
                        "toughness": 4, "wounds": 1, "bs": 4})
    devastators = Unit("devs", "Devastator Squad", samples.BLUE, TroopType.INFANTRY,
                       [Model("d1", Base.round_mm(32), 50.0, 24.0)],
                       stats={"bs": 4, "leadership": 9, "save": 3})
    scenario = samples.scenario(system, [TerrainPiece("bastion", sheet.id, 24.0, 24.0)],
                                [squad, devastators])
    scenario.custom_datasheets = [sheet]
    return scenario
