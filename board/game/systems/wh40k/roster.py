"""Warhammer 40,000 and the Horus Heresy: how their army lists' profiles are read.

BSData's 40K 7th edition ``Unit`` (``WS BS S T W I A Ld Save``), ``Vehicle``/``Walker``
(``Front Side Rear HP``), 40K 8th-10th (``M T Sv W Ld OC``), Horus Heresy 2022 (``Unit Type
Move WS BS S T W I A Ld Save``).
"""

from __future__ import annotations

from board.document.model import TroopType
from board.game.systems.datasheets import load_once
from board.game.systems.roster_profiles import RosterReading
from board.game.systems.wh40k import datasheets_40kdc
from board.game.systems.wh40k.description import HORUS_HERESY, WH40K

__all__ = ["ROSTER"]

T = TroopType

#: Both systems' lists read alike.
ROSTER = RosterReading(
    characteristics={"ws": "ws", "bs": "bs", "s": "s", "t": "toughness", "w": "wounds",
                     "i": "i", "a": "a", "ld": "leadership", "save": "save", "sv": "save",
                     "oc": "oc"},
    troop_words=(
        (("jet", "pack"), T.JET_PACK_INFANTRY), (("jetpack",), T.JET_PACK_INFANTRY),
        (("jump",), T.JUMP_INFANTRY), (("jetbike",), T.JETBIKES), (("jetbikes",), T.JETBIKES),
        (("bike",), T.BIKES), (("bikes",), T.BIKES), (("walker",), T.WALKER),
        (("knights", "and", "titans"), T.WALKER),
        (("dreadnought",), T.WALKER), (("skimmer",), T.SKIMMER),
        (("vehicle", "fly"), T.SKIMMER), (("monstrous",), T.MONSTROUS_CREATURE),
        (("monster",), T.MONSTROUS_CREATURE), (("gargantuan",), T.MONSTROUS_CREATURE),
        (("vehicle",), T.VEHICLE), (("tank",), T.VEHICLE), (("transport",), T.VEHICLE),
        (("character",), T.INDEPENDENT_CHARACTER), (("infantry",), T.INFANTRY),
        (("mounted",), T.BIKES), (("cavalry",), T.BIKES), (("beasts",), T.INFANTRY),
        (("primarch",), T.INDEPENDENT_CHARACTER)),
    leadership_roll=True,
    # BSData names: "Warhammer 40,000 10th Edition", "Horus Heresy (2022)", "Warhammer
    # 30,000 - The Horus Heresy" (Kill Team is a game of its own, not 40K).
    game_systems=((HORUS_HERESY, r"horus heresy|30,?000|\b30k\b|age of darkness"),
                  (WH40K, r"^(?!.*kill ?team).*(40,?000|\b40k\b)")),
    # The current datasheets, per model (40kdc-data): matched by BattleScribe id, then name.
    datasheets={WH40K: load_once(datasheets_40kdc.load)})
