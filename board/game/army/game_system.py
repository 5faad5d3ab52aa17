"""Which of the board's rule systems a list is for, and which edition, from the name it gives.

A list names its game system (BattleScribe's ``gameSystemName``: "Warhammer 40,000 10th
Edition", "Horus Heresy (2022)", "Epic Armageddon"). Each system's folder says which names are
its own (``ROSTER.game_systems``); the edition is an ordinal or a year in the name, or a word a
folder declares (``ROSTER.editions``). A list for another system than the scenario's is refused
by the import unless the player says to go on (:func:`wrong_system`).

>>> from board.document.model import RuleSystem
>>> list_system("Warhammer 40,000 10th Edition")
(RuleSystem('wh40k'), '10th')
>>> list_system("Horus Heresy (2022)")
(RuleSystem('horus_heresy'), '2022')
>>> list_system("Warhammer 40,000: Kill Team (2021)")
(None, '2021')
>>> wrong_system("Epic Armageddon", RuleSystem.WH40K)
'the list is for Epic Armageddon (Epic 40,000), not Warhammer 40,000 as this scenario is'
>>> wrong_system("", RuleSystem.WH40K) is None
True
"""

from __future__ import annotations

import re

from board.document.model import RuleSystem
from board.game.systems.roster_profiles import roster_reading

__all__ = ["list_system", "wrong_system", "edition_of"]

_ORDINAL = re.compile(r"\b(\d{1,2})(st|nd|rd|th)\b")
_YEAR = re.compile(r"\b(19[89]\d|20\d\d)\b")


def edition_of(game_system: str, system: RuleSystem | None = None) -> str:
    """The edition ``game_system`` names: a folder's word, an ordinal, a year, or ``""``."""
    low = game_system.lower()
    if system is not None:
        for pattern, label in roster_reading(system).editions:
            if re.search(pattern, low):
                return label
    found = _ORDINAL.search(low) or _YEAR.search(low)
    return found.group(0) if found else ""


def list_system(game_system: str) -> tuple[RuleSystem | None, str]:
    """The registered system ``game_system`` names (``None``: none of them), and its edition."""
    low = game_system.lower()
    for system in RuleSystem:
        for name, pattern in roster_reading(system).game_systems:
            if name == system and re.search(pattern, low):
                return system, edition_of(game_system, system)
    return None, edition_of(game_system)


def wrong_system(game_system: str, scenario: RuleSystem) -> str | None:
    """Why a list for ``game_system`` does not belong on a ``scenario`` board (``None``: it does).

    A list that names no game system is let through (nothing says it is wrong).
    """
    if not game_system.strip():
        return None
    system, _ = list_system(game_system)
    if system == scenario:
        return None
    known = f" ({system.label})" if system is not None else \
        " (not a game battleboard plays)"
    return (f"the list is for {game_system}{known}, not {scenario.label} as this scenario "
            f"is")
