"""How each rule system reads an army list's profiles: characteristic names and troop types.

Data the army-list import reads (``board.game.army``), kept here with the systems so that
nothing outside their folders asks which system it plays. The names are BSData's
(BattleScribe data) profile characteristics: 40K 7th edition ``Unit`` (``WS BS S T W I A Ld
Save``), ``Vehicle``/``Walker`` (``Front Side Rear HP``), 40K 8th-10th (``M T Sv W Ld OC``),
Horus Heresy 2022 (``Unit Type Move WS BS S T W I A Ld Save``), Warhammer Fantasy 8th
edition ``Model`` (``M WS BS S T W I A LD ArmourSave WardSave Type``), Epic Armageddon
``Unit`` (``Type Speed Armour CC FF``).
"""

from __future__ import annotations

from board.document.model import RuleSystem, TroopType

__all__ = ["CHARACTERISTICS", "TROOP_WORDS", "NOT_THE_SAME", "LEADERSHIP_ROLL", "FIRST_WORD"]

T = TroopType
_W40 = {"ws": "ws", "bs": "bs", "s": "s", "t": "toughness", "w": "wounds", "i": "i", "a": "a",
        "ld": "leadership", "save": "save", "sv": "save"}
#: Characteristic name (lower case) → the stat key it fills, for each system.
CHARACTERISTICS: dict[RuleSystem, dict[str, str]] = {
    RuleSystem.WH40K: _W40,
    RuleSystem.HORUS_HERESY: _W40,
    RuleSystem.EPIC40K: {"speed": "movement", "move": "movement", "m": "movement",
                         "armour": "armour", "save": "armour", "caf": "assault_factor",
                         "assault": "assault_factor", "close assault": "assault_factor",
                         "firepower": "firepower", "fp": "firepower"},
    RuleSystem.WARHAMMER_FANTASY: {"m": "movement", "ws": "ws", "bs": "bs", "s": "s", "t": "t",
                                   "w": "w", "i": "i", "a": "a", "ld": "leadership",
                                   "armoursave": "save", "armour save": "save", "sv": "save",
                                   "save": "save", "as": "save", "wardsave": "ward",
                                   "ward save": "ward", "ward": "ward"},
}

#: Characteristics a system's lists share a name with but mean something else (kept as notes).
NOT_THE_SAME: dict[RuleSystem, dict[str, str]] = {
    RuleSystem.EPIC40K: {
        "cc": "Epic Armageddon's CC is a to-hit roll, not Epic 40,000's assault factor",
        "ff": "Epic Armageddon's FF is a to-hit roll, not Epic 40,000's firepower"},
}

#: Systems whose lists write Leadership as a roll (``6+``, 40K 10th edition): read as
#: ``14 - roll`` (2D6 >= 6 is 2D6 <= 8, the same odds).
LEADERSHIP_ROLL = frozenset({RuleSystem.WH40K, RuleSystem.HORUS_HERESY})

_W40_WORDS: tuple[tuple[tuple[str, ...], TroopType], ...] = (
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
    (("primarch",), T.INDEPENDENT_CHARACTER))
#: Words (all of them, whole) in a unit's type, profile type or categories → its troop type,
#: the first match wins.
TROOP_WORDS: dict[RuleSystem, tuple[tuple[tuple[str, ...], TroopType], ...]] = {
    RuleSystem.WH40K: _W40_WORDS,
    RuleSystem.HORUS_HERESY: _W40_WORDS,
    RuleSystem.EPIC40K: (
        (("we",), T.WAR_ENGINE), (("war", "engine"), T.WAR_ENGINE), (("titan",), T.WAR_ENGINE),
        (("skimmer",), T.SKIMMER), (("walker",), T.WALKER), (("av",), T.VEHICLE),
        (("lv",), T.VEHICLE), (("vehicle",), T.VEHICLE), (("inf",), T.INFANTRY),
        (("ch",), T.INFANTRY), (("infantry",), T.INFANTRY)),
    RuleSystem.WARHAMMER_FANTASY: (
        (("monstrous", "infantry"), T.MONSTROUS_INFANTRY),
        (("monstrous", "cavalry"), T.MONSTROUS_CAVALRY),
        (("monstrous", "beast"), T.MONSTROUS_INFANTRY), (("war", "beast"), T.WAR_BEAST),
        (("war", "machine"), T.WAR_MACHINE), (("chariot",), T.CHARIOT),
        (("swarm",), T.SWARM), (("monster",), T.MONSTER), (("cavalry",), T.CAVALRY),
        (("character",), T.CHARACTER), (("lords",), T.CHARACTER), (("heroes",), T.CHARACTER),
        (("infantry",), T.INFANTRY)),
}

#: Warhammer Fantasy 8th edition's abbreviated ``Type`` (its first word) → troop type.
FIRST_WORD: dict[RuleSystem, dict[str, TroopType]] = {
    RuleSystem.WARHAMMER_FANTASY: {
        "in": T.INFANTRY, "ca": T.CAVALRY, "mi": T.MONSTROUS_INFANTRY,
        "mc": T.MONSTROUS_CAVALRY, "mb": T.MONSTROUS_INFANTRY, "wb": T.WAR_BEAST,
        "sw": T.SWARM, "ch": T.CHARIOT, "mo": T.MONSTER, "wm": T.WAR_MACHINE},
}
