"""The one error the document layer raises for a bad file or bad data.

A :class:`ScenarioError` says what is wrong and why, with the numbers, and where: a JSON
location such as ``units[3].models[0].base`` and, when it came from a file, the file's path.
Its ``str()`` is meant to be read in a dialog.

>>> err = ScenarioError("diameter must be more than 0 mm, got -25", "units[3].models[0].base")
>>> str(err)
'units[3].models[0].base: diameter must be more than 0 mm, got -25'
>>> str(err.in_file("army.json"))
'army.json, units[3].models[0].base: diameter must be more than 0 mm, got -25'
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["ScenarioError", "join_where", "clip", "one_line", "MAX_MESSAGE"]

#: The longest ``str()`` of a :class:`ScenarioError`, characters (one readable dialog line).
MAX_MESSAGE = 300
#: Of which the location (file path and JSON location) takes at most this many.
MAX_WHERE = 140


_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def one_line(text: str) -> str:
    r"""Make ``text`` one printable line: control characters as spaces, lone surrogates escaped.

    >>> one_line("a\nb"), one_line("x\ud800")
    ('a b', 'x\\ud800')
    """
    if not text.isascii():
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return _CONTROL.sub(" ", text)


def clip(text: str, size: int, *, middle: bool = False) -> str:
    """Shorten ``text`` to at most ``size`` characters, marking the cut with ``...``.

    ``middle`` keeps the start and the end (a path: the folder's start and the file name).

    >>> clip("abcdefghij", 8), clip("abcdefghij", 8, middle=True), clip("abc", 8)
    ('abcde...', 'ab...hij', 'abc')
    """
    if len(text) <= size:
        return text
    if not middle:
        return text[: size - 3] + "..."
    tail = (size - 3) // 2 + (size - 3) % 2
    return text[: size - 3 - tail] + "..." + text[-tail:]


def join_where(*parts: str) -> str:
    """Join location parts, skipping empty ones: ``units[3]`` + ``name`` → ``units[3].name``.

    A part that starts with ``[`` is appended without a dot.

    >>> join_where("", "units[3]", "models", "[0]")
    'units[3].models[0]'
    >>> join_where("", "")
    ''
    """
    text = ""
    for part in parts:
        if not part:
            continue
        if text and not part.startswith("["):
            text += "."
        text += part
    return text


class ScenarioError(Exception):
    """A scenario or datasheet file (or dict) that cannot be used.

    Parameters
    ----------
    message
        What is wrong and why, with the numbers.
    where
        Where it is: a JSON location (``terrain[2].datasheet``), possibly preceded by the file
        path (``demo.json, terrain[2].datasheet``). Empty when it concerns the whole thing.
    """

    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(message, where)
        self.message = message
        self.where = where
        #: The file ``where`` starts with (set by :meth:`in_file`), kept whole when shortened.
        self.file = ""

    def __str__(self) -> str:
        """The one line a player reads: at most :data:`MAX_MESSAGE` characters."""
        message = one_line(self.message)
        if not self.where:
            return clip(message, MAX_MESSAGE)
        where = one_line(self.where)
        if self.file and where.startswith(f"{self.file}, "):
            location = where[len(self.file) + 2:]
            where = (f"{clip(one_line(self.file), MAX_WHERE - 40, middle=True)}, "
                     f"{clip(location, 40 + max(0, MAX_WHERE - 40 - len(self.file)), middle=True)}")
        else:
            where = clip(where, MAX_WHERE, middle=True)
        return f"{where}: {clip(message, MAX_MESSAGE - len(where) - 2)}"

    def in_file(self, path: str | Path) -> ScenarioError:
        """Return the same error with the file's path put in front of ``where``."""
        where = f"{path}, {self.where}" if self.where else str(path)
        error = ScenarioError(self.message, where)
        error.file = str(path)
        return error
