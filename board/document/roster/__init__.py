"""Army lists from BattleScribe (``.ros``, ``.rosz``) and New Recruit (JSON): read safely.

:func:`read_roster` turns a file's bytes into a :class:`Roster` (plain dataclasses, no Qt);
``board.game.army`` maps it onto the scenario (units, bases, stats, deployment).
"""

from board.document.roster.model import Profile, Roster, RosterModel, RosterUnit, Skipped
from board.document.roster.read import RosterError, read_roster, read_roster_file

__all__ = ["Profile", "Roster", "RosterModel", "RosterUnit", "Skipped", "RosterError",
           "read_roster", "read_roster_file"]
