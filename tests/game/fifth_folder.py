"""A throwaway fifth rule system: the Epic 40,000 folder copied under a new name (no Qt).

:func:`copy_epic_folder` writes ``board/game/systems/epic/`` as a new package
``necro_folder`` (outside the source tree): its modules name their own package, and its
description (``description.py``, the one place a folder names its system) the new system,
``"necro"``, with its own label. Nothing else changes: the copy reads the same rules
(``rules.epic40k``). :func:`necro_registered` adds it by the registry alone
(``board.game.systems.add_folder``) and takes it away afterwards (``remove_folder``): no enum,
no table, no file of the program is touched.
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
EPIC = ROOT / "board" / "game" / "systems" / "epic"
PACKAGE = "necro_folder"
NAME, LABEL, SHORT = "necro", "Necromunda (test)", "Necro"
HALF = 1.7605  # half the side of the medium building, inches
STAND = Base.round_mm(20)
EDGE = 20.0 - HALF - STAND.length_in / 2


def copy_epic_folder(into: pathlib.Path) -> pathlib.Path:
    """The Epic folder as the package ``necro_folder`` under ``into``: a copy, renamed."""
    package = into / PACKAGE
    package.mkdir(parents=True)
    for source in EPIC.glob("*.py"):
        text = source.read_text(encoding="utf-8").replace("board.game.systems.epic", PACKAGE)
        if source.name == "description.py":
            named = '"epic40k", "Epic 40,000", "Epic",'
            assert named in text, "the Epic folder names its system once, in its description"
            text = text.replace(named, f'"{NAME}", "{LABEL}", "{SHORT}",')
        (package / source.name).write_text(text, encoding="utf-8")
    return package


@contextmanager
def necro_registered(into: pathlib.Path) -> Iterator[RuleSystem]:
    """The copied folder registered for the time of a test; the new system."""
    copy_epic_folder(into)
    sys.path.insert(0, str(into))
    try:
        (system,) = add_folder(PACKAGE)
        yield system
    finally:
        remove_folder(PACKAGE)
        sys.path.remove(str(into))
        for name in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def necro_block(library: dict[str, Datasheet]) -> Datasheet:
    """Epic's medium building, written for the new system (a datasheet naming it)."""
    return dataclasses.replace(library["epic40k_medium_building"], id="necro_block",
                               name="Necro block", systems=(NAME,))


def necro_board(system: RuleSystem, sheet: Datasheet) -> Scenario:
    """Seed 001's first worked example on a building of the new system, and a Titan to shoot."""
    marines = Unit("assault", "Assault Marines", samples.RED, TroopType.INFANTRY,
                   [Model(m, STAND, EDGE, 18.6 + 0.85 * k)
                    for k, m in enumerate(("am1", "am2", "am3", "lib"))],
                   stats={"assault_factor": 4, "assault_factors": {"lib": 6},
                          "psykers": ["lib"], "armour": 4})
    titan = Unit("titan", "Warlord Titan", samples.BLUE, TroopType.WAR_ENGINE,
                 [Model("w", Base.round_mm(40), 40.0, 20.0)], stats={"armour": 6})
    scenario = samples.scenario(system, [TerrainPiece("block", sheet.id, 20.0, 20.0)],
                                [marines, titan])
    scenario.custom_datasheets = [sheet]
    return scenario
