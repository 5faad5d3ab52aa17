"""Who controls an objective marker, by edition (facts in: who is within range, with what).

**10th edition and later** (the core rules' "Objective Markers"): a model is within range of
an objective marker if it is within 3" horizontally and 5" vertically of it, measured to the
closest part of the marker. A player's Level of Control over a marker is the sum of the
Objective Control (OC) characteristics of their models within range; the player whose Level
of Control is greater controls it; equal levels (none at all included) leave it contested.
A battle-shocked model's OC is 0 (the player enters it so).

**7th edition** (the rulebook's mission rules, "Controlling Objective Markers" and
"Objective Secured"; our reading, docs/objectives.md): a unit is within range when one of its
models is within 3" of the marker. Every unit but a vehicle is a scoring unit. A side
controls a marker when it has a scoring unit within range and the other side has none there;
an enemy scoring unit within range denies it, unless only this side's units there have
Objective Secured, which controls the marker even so; when both sides have Objective Secured
units within range, the side with more scoring units within range controls it. Anything
else leaves it contested.

>>> control_by_level({"red": 3, "blue": 2}).holder
'red'
>>> control_by_level({"red": 2, "blue": 2}).reason
'contested: Red 2, Blue 2'
>>> control_7th([UnitInRange("red", "Tacticals", True, False)]).holder
'red'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rules.words import counted, says

__all__ = ["RANGE_ACROSS", "RANGE_UP", "RANGE_7TH", "Control", "UnitInRange",
           "control_by_level", "control_7th", "uses_level_of_control"]

#: 10th edition: within range is 3" horizontally and 5" vertically.
RANGE_ACROSS, RANGE_UP = 3.0, 5.0
#: 7th edition: within 3".
RANGE_7TH = 3.0


@dataclass(frozen=True)
class Control:
    """Who controls a marker (``None``: contested) and why, with each side's level."""

    holder: str | None
    reason: str
    levels: Mapping[str, int]


@dataclass(frozen=True)
class UnitInRange:
    """A 7th-edition unit with a model within range of the marker."""

    side: str
    unit: str
    scoring: bool
    objective_secured: bool


def uses_level_of_control(edition: str) -> bool:
    """Whether ``edition`` ("10th", "11th"…) counts OC; the 7th and earlier count units.

    >>> uses_level_of_control("11th"), uses_level_of_control("7th"), uses_level_of_control("")
    (True, False, False)
    """
    digits = "".join(ch for ch in edition if ch.isdigit())
    return bool(digits) and int(digits) >= 10


def _controls(side: str) -> str:
    """``Word Bearers control``, ``Red controls``: the verb agrees with the side's name."""
    return f"{side} {says(side, 'controls', 'control')}"


def _named(name: Callable[[str], str] | None) -> Callable[[str], str]:
    return name if name is not None else (lambda side: side.capitalize())


def control_by_level(levels: Mapping[str, int],
                     name: Callable[[str], str] | None = None) -> Control:
    """10th edition: the greater Level of Control holds the marker; a tie contests it."""
    said = _named(name)
    shown = ", ".join(f"{said(s)} {n}" for s, n in levels.items()) or "nobody in range"
    ranked = sorted(levels.items(), key=lambda kv: -kv[1])
    if not ranked or ranked[0][1] <= 0 or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return Control(None, f"contested: {shown}", dict(levels))
    return Control(ranked[0][0], f"{_controls(said(ranked[0][0]))} it: {shown}", dict(levels))


def control_7th(units: Sequence[UnitInRange],
                name: Callable[[str], str] | None = None) -> Control:
    """7th edition: a scoring unit within range and no enemy scoring unit (Objective Secured)."""
    said = _named(name)
    scoring: dict[str, int] = {}
    secured: dict[str, int] = {}
    for u in units:
        if u.scoring:
            scoring[u.side] = scoring.get(u.side, 0) + 1
            secured[u.side] = secured.get(u.side, 0) + int(u.objective_secured)
    shown = ", ".join(f"{said(s)} {counted(n, 'scoring unit')}" for s, n in scoring.items()) \
        or "no scoring unit in range"
    if len(scoring) == 1:
        side = next(iter(scoring))
        return Control(side, f"{_controls(said(side))} it: {shown}", scoring)
    with_secured = [s for s, n in secured.items() if n]
    if len(with_secured) == 1:
        side = with_secured[0]
        return Control(side, f"{_controls(said(side))} it by Objective Secured: {shown}",
                       scoring)
    if len(with_secured) > 1:
        return control_by_level({s: scoring[s] for s in with_secured}, name)
    return Control(None, f"contested: {shown}", scoring)
