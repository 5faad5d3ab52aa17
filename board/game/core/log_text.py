r"""The scenario's log as text: every entry, every roll with what it was for, and the seed.

The log dock shows these lines and "Export log…" writes them; a player holding the file can
replay any resolution from its seed.

>>> from board.document.model import LogEntry, Scenario
>>> entry = LogEntry("Lascannon hits the bastion (front, armour 14)",
...                  rolls=[{"purpose": "to hit", "faces": [5], "sides": 6},
...                         {"purpose": "armour penetration", "faces": [6], "sides": 6}],
...                  seed=1234)
>>> print("\n".join(entry_lines(1, entry)))
1. Lascannon hits the bastion (front, armour 14)
     seed 1234
     to hit: 1D6 -> 5
     armour penetration: 1D6 -> 6 (total 6)
>>> roll_text({"purpose": "damage", "faces": [2, 5], "sides": 3})
'damage: 2D3 -> 2, 5 (total 7)'
>>> print(log_text(Scenario(name="Empty")))
Log of Empty (Warhammer 40,000): no entries
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from board.document.model import LogEntry, Scenario

__all__ = ["roll_text", "entry_lines", "log_lines", "log_text"]

_KNOWN = ("purpose", "faces", "sides")


def roll_text(roll: Mapping[str, Any]) -> str:
    """One roll in words: what it was for, how many dice of what kind, the faces and total.

    A single die shows no total unless it is the only roll of a test that names its sum
    (``armour penetration``); other keys a rules module adds are written as ``key=value``.
    """
    purpose = str(roll.get("purpose", "roll"))
    faces = [int(f) for f in roll.get("faces", [])]
    sides = int(roll.get("sides", 6))
    shown = ", ".join(str(f) for f in faces) or "no dice"
    text = f"{purpose}: {len(faces)}D{sides} -> {shown}"
    if len(faces) > 1 or "penetration" in purpose:
        text += f" (total {sum(faces)})"
    extra = [f"{key}={value}" for key, value in roll.items() if key not in _KNOWN]
    return f"{text} [{', '.join(extra)}]" if extra else text


def entry_lines(number: int, entry: LogEntry) -> list[str]:
    r"""The entry numbered ``number``: its text, then its seed and its rolls indented.

    A text of several lines (a shot and everything it did) keeps its lines, indented under
    the number.

    >>> entry_lines(2, LogEntry("Lascannon fires\nthe bastion is shaken"))
    ['2. Lascannon fires', '   the bastion is shaken']
    """
    first, *more = entry.text.split("\n")
    lines = [f"{number}. {first}", *(f"   {line}" for line in more)]
    if entry.seed is not None:
        lines.append(f"     seed {entry.seed}")
    lines += [f"     {roll_text(roll)}" for roll in entry.rolls]
    return lines


def log_lines(scenario: Scenario) -> list[str]:
    """Every entry of the scenario's log, numbered from 1, with its rolls and seed."""
    lines: list[str] = []
    for number, entry in enumerate(scenario.log, start=1):
        lines += entry_lines(number, entry)
    return lines


def log_text(scenario: Scenario) -> str:
    """The whole log as one text, headed by the scenario's name and rule system."""
    count = len(scenario.log)
    head = f"Log of {scenario.name} ({scenario.rule_system.label}): "
    if not count:
        return head + "no entries"
    rolls = sum(len(e.rolls) for e in scenario.log)
    head += f"{count} entr{'y' if count == 1 else 'ies'}, {rolls} roll{'s' if rolls != 1 else ''}"
    return "\n".join([head, "", *log_lines(scenario)])
