"""Army lists from BattleScribe (``.ros``, ``.rosz``) and New Recruit (JSON): read safely.

:func:`read_roster` turns a file's bytes into a :class:`Roster` (plain dataclasses, no Qt);
``board.game.army`` maps it onto the scenario (units, bases, stats, deployment).

The reading (:mod:`board.document.roster.read`, with the XML parser it needs: some 1.5 MB of
a board's memory, issue 38) is imported when one of its names is first asked for, at the
first army import: the systems' datasheets read :mod:`board.document.roster.bases` at
start-up, and that must not bring the parser with it.
"""

from typing import TYPE_CHECKING, Any

from board.document.roster.model import Profile, Roster, RosterModel, RosterUnit, Skipped

if TYPE_CHECKING:
    from board.document.roster.read import RosterError, read_roster, read_roster_file

__all__ = ["Profile", "Roster", "RosterModel", "RosterUnit", "Skipped", "RosterError",
           "read_roster", "read_roster_file"]

#: The names of :mod:`board.document.roster.read` this package hands on.
_READING = ("RosterError", "read_roster", "read_roster_file")


def __getattr__(name: str) -> Any:
    """``RosterError``, ``read_roster`` and ``read_roster_file``, imported when first asked for."""
    if name in _READING:
        from board.document.roster import read

        return getattr(read, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
