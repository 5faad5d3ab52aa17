"""Epic 40,000: how an army list's profiles are read.

BSData's Epic Armageddon ``Unit``: ``Type Speed Armour CC FF``.
"""

from __future__ import annotations

from board.document.model import TroopType
from board.game.systems.epic.description import EPIC40K
from board.game.systems.roster_profiles import RosterReading

__all__ = ["ROSTER"]

T = TroopType

ROSTER = RosterReading(
    characteristics={"speed": "movement", "move": "movement", "m": "movement",
                     "armour": "armour", "save": "armour", "caf": "assault_factor",
                     "assault": "assault_factor", "close assault": "assault_factor",
                     "firepower": "firepower", "fp": "firepower"},
    troop_words=(
        (("we",), T.WAR_ENGINE), (("war", "engine"), T.WAR_ENGINE), (("titan",), T.WAR_ENGINE),
        (("skimmer",), T.SKIMMER), (("walker",), T.WALKER), (("av",), T.VEHICLE),
        (("lv",), T.VEHICLE), (("vehicle",), T.VEHICLE), (("inf",), T.INFANTRY),
        (("ch",), T.INFANTRY), (("infantry",), T.INFANTRY)),
    not_the_same={
        "cc": "Epic Armageddon's CC is a to-hit roll, not Epic 40,000's assault factor",
        "ff": "Epic Armageddon's FF is a to-hit roll, not Epic 40,000's firepower"},
    # BSData names: "Epic Armageddon", "Epic 40,000", "NetEpic"
    game_systems=((EPIC40K, r"\bepic\b|netepic|armageddon"),),
    editions=((r"armageddon", "armageddon"), (r"epic 40,?000|epic40k", "e40k")))
