"""Warhammer Fantasy: how an army list's profiles are read.

BSData's 8th edition ``Model``: ``M WS BS S T W I A LD ArmourSave WardSave Type``.
"""

from __future__ import annotations

from board.document.model import TroopType
from board.game.systems.fantasy.description import WARHAMMER_FANTASY
from board.game.systems.roster_profiles import RosterReading

__all__ = ["ROSTER"]

T = TroopType

ROSTER = RosterReading(
    characteristics={"m": "movement", "ws": "ws", "bs": "bs", "s": "s", "t": "t", "w": "w",
                     "i": "i", "a": "a", "ld": "leadership", "armoursave": "save",
                     "armour save": "save", "sv": "save", "save": "save", "as": "save",
                     "wardsave": "ward", "ward save": "ward", "ward": "ward"},
    troop_words=(
        (("monstrous", "infantry"), T.MONSTROUS_INFANTRY),
        (("monstrous", "cavalry"), T.MONSTROUS_CAVALRY),
        (("monstrous", "beast"), T.MONSTROUS_INFANTRY), (("war", "beast"), T.WAR_BEAST),
        (("war", "machine"), T.WAR_MACHINE), (("chariot",), T.CHARIOT),
        (("swarm",), T.SWARM), (("monster",), T.MONSTER), (("cavalry",), T.CAVALRY),
        (("character",), T.CHARACTER), (("lords",), T.CHARACTER), (("heroes",), T.CHARACTER),
        (("infantry",), T.INFANTRY)),
    first_word={  # 8th edition's abbreviated Type
        "in": T.INFANTRY, "ca": T.CAVALRY, "mi": T.MONSTROUS_INFANTRY,
        "mc": T.MONSTROUS_CAVALRY, "mb": T.MONSTROUS_INFANTRY, "wb": T.WAR_BEAST,
        "sw": T.SWARM, "ch": T.CHARIOT, "mo": T.MONSTER, "wm": T.WAR_MACHINE},
    # BSData names: "Warhammer Fantasy 8th Edition", "Warhammer Armies Project", "Warhammer:
    # The Old World" (its successor, with the same bases)
    game_systems=((WARHAMMER_FANTASY,
                   r"warhammer fantasy|fantasy battle|armies project|old world|\bwfb\b"),),
    editions=((r"old world", "tow"), (r"armies project", "9th")))
