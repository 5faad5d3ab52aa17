"""The journal's questions and reports: a file open elsewhere, journals moved aside, a full disk.

Each is one message box with the facts (which file, which process, how many changes, why),
built by a pure function a test can read (``*_text``) and shown by a small function that
returns the player's choice.
"""

from __future__ import annotations

import time
from enum import Enum
from pathlib import Path
from typing import TypeVar

from PySide6.QtWidgets import QMessageBox, QWidget

from board.document.journal import ASIDE_AGE, Recovered

__all__ = [
    "OpenChoice", "Elsewhere", "elsewhere_text", "ask_open_elsewhere", "aside_text",
    "ask_delete_aside", "kept_text", "recovery_text", "SaveChoice", "changed_text",
    "ask_save_over",
]

Button = QMessageBox.StandardButton
Role = QMessageBox.ButtonRole
Choice = TypeVar("Choice", bound=Enum)


class OpenChoice(Enum):
    """What the player chose for a file open in another window."""

    READ_ONLY = "read-only"
    ANYWAY = "anyway"
    CANCEL = "cancel"


class Elsewhere:
    """Another window's journal of the file: its process, since when, its unsaved changes."""

    def __init__(self, path: Path, pid: int, started: float, edits: int) -> None:
        self.path = path
        self.pid = pid
        self.started = started
        self.edits = edits


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def elsewhere_text(file: Path, others: list[Elsewhere]) -> str:
    """What the "open elsewhere" question says.

    >>> elsewhere_text(Path("game.json"), [Elsewhere(Path("j"), 4242, 0.0, 3)]).splitlines()[0]
    'game.json is open in another battleboard window (process 4242, 3 unsaved changes).'
    """
    where = "; ".join(f"process {o.pid}, {_plural(o.edits, 'unsaved change')}" for o in others)
    window = "another battleboard window" if len(others) == 1 else \
        f"{len(others)} other battleboard windows"
    return (f"{file.name} is open in {window} ({where}).\n\n"
            "Open read-only: see it here; Save asks for another file, so the other window's "
            "file is left alone.\n\n"
            "Open anyway: edit it here too, with this window's own journal. Each window's "
            "changes are kept in its own journal; saving over the file after the other window "
            "saved it asks first.")


def ask_open_elsewhere(parent: QWidget, file: Path, others: list[Elsewhere]) -> OpenChoice:
    """Ask what to do with a file another window has open."""
    return _ask(parent, "File open in another window", elsewhere_text(file, others),
                [("Open read-only", Role.AcceptRole, OpenChoice.READ_ONLY),
                 ("Open anyway", Role.DestructiveRole, OpenChoice.ANYWAY)],
                OpenChoice.CANCEL)


class SaveChoice(Enum):
    """What the player chose for a file changed on disk since this window read or saved it."""

    OVERWRITE = "overwrite"
    SAVE_AS = "save as"
    CANCEL = "cancel"


def changed_text(file: Path) -> str:
    """What the question before saving over a file changed elsewhere says.

    >>> changed_text(Path("game.json")).splitlines()[0]
    'game.json was changed on disk since this window opened or saved it (by another window?).'
    """
    return (f"{file.name} was changed on disk since this window opened or saved it (by "
            "another window?).\nSaving here replaces those changes with this board.")


def ask_save_over(parent: QWidget, file: Path) -> SaveChoice:
    """Ask before saving over a file that changed on disk since this window read it."""
    return _ask(parent, "File changed on disk", changed_text(file),
                [("Save As…", Role.AcceptRole, SaveChoice.SAVE_AS),
                 ("Save over it", Role.DestructiveRole, SaveChoice.OVERWRITE)],
                SaveChoice.CANCEL)


def _ask(parent: QWidget, title: str, text: str,
         choices: list[tuple[str, QMessageBox.ButtonRole, Choice]], cancelled: Choice) -> Choice:
    """A warning with the given choices, the first one the default, and Cancel."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, Button.NoButton, parent)
    buttons = [(box.addButton(label, role), value) for label, role, value in choices]
    box.addButton(Button.Cancel)
    box.setDefaultButton(buttons[0][0])
    box.exec()
    clicked = box.clickedButton()
    return next((value for button, value in buttons if clicked is button), cancelled)


def aside_text(moved: list[tuple[Path, str]]) -> str:
    """What the report of journals moved aside says: each new name and why.

    >>> print(aside_text([(Path("/g/.a.json.journal.unreadable-20261204T150000Z"),
    ...                   "journal version 99 is not known (this program reads version 1)")]))
    A journal of unsaved changes could not be read, and was moved aside (not deleted):
    /g/.a.json.journal.unreadable-20261204T150000Z: journal version 99 is not known (this \
program reads version 1)
    It is deleted in 30 days, or now if you choose Delete.
    """
    days = round(ASIDE_AGE / 86400)
    head = ("A journal of unsaved changes could not be read, and was moved aside (not deleted):"
            if len(moved) == 1 else f"{len(moved)} journals of unsaved changes could not be "
            "read, and were moved aside (not deleted):")
    lines = [f"{path}: {why}" for path, why in moved]
    return "\n".join([head, *lines, f"{'It is' if len(moved) == 1 else 'They are'} deleted in "
                      f"{days} days, or now if you choose Delete."])


def ask_delete_aside(parent: QWidget, moved: list[tuple[Path, str]]) -> bool:
    """Report journals moved aside; whether the player chose to delete them now."""
    box = QMessageBox(QMessageBox.Icon.Warning, "A journal could not be read",
                      aside_text(moved), Button.NoButton, parent)
    keep = box.addButton("Keep", Role.AcceptRole)
    delete = box.addButton("Delete", Role.DestructiveRole)
    box.setDefaultButton(keep)
    box.exec()
    return box.clickedButton() is delete


def kept_text(found: Recovered, kept: Path) -> str:
    """What the player reads when part of a journal could not be made again.

    >>> from board.document.model import Scenario
    >>> found = Recovered(Path("x.journal"), Scenario(name="Siege"), None, 2, 0.0, None, 1, "h",
    ...                   "edit 3 (move_models) cannot be made: no model m9", 1)
    >>> print(kept_text(found, Path("x.journal.kept-20261204T150000Z")))
    2 changes were recovered; 1 change could not be made (edit 3 (move_models) cannot be \
made: no model m9).
    The whole journal is kept in x.journal.kept-20261204T150000Z (deleted in 30 days).
    """
    days = round(ASIDE_AGE / 86400)
    return (f"{_plural(found.edits, 'change')} {'was' if found.edits == 1 else 'were'} "
            f"recovered; {_plural(found.left, 'change')} could not be made ({found.note}).\n"
            f"The whole journal is kept in {kept} (deleted in {days} days).")


def recovery_text(found: Recovered) -> str:
    """What the recovery question says: which board, how many changes, when, what is left.

    >>> from board.document.model import Scenario
    >>> found = Recovered(Path("x.journal"), Scenario(name="Siege"), None, 12,
    ...                   0.0, 1764583200.0, 1, "h")
    >>> recovery_text(found).splitlines()[0]
    'battleboard did not close properly while Siege (not saved) was open.'
    """
    where = (found.scenario_file.name if found.scenario_file
             else f"{found.scenario.name} (not saved)")
    when = time.strftime("%d %b %Y %H:%M:%S", time.localtime(found.last or found.started))
    text = (f"battleboard did not close properly while {where} was open.\n"
            f"{_plural(found.edits, 'change')} since it was last saved can be recovered; "
            f"the last at {when}.")
    if found.note:
        text += f"\n({found.note})"
    if found.left:
        text += (f"\n{_plural(found.left, 'change')} after that cannot be made: the journal "
                 "is kept aside whole, whichever you choose.")
    return text
