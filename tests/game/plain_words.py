"""The words test without Qt: ids, enum spellings, number and unit in what a player reads.

:func:`scenario_ids` gathers the ids a player never reads; :func:`id_leaks` names each one
(or an enum's spelling) found in a text as a word of its own; :func:`faults` reads texts as a
player would: a plural unit named with a singular verb, a missing article ("is walker"), a
line said twice in a row, inches on a board that measures in centimetres.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from board.document.model import Scenario

__all__ = ["ENUM", "WRONG", "scenario_ids", "id_leaks", "faults", "said_twice"]

#: What a player must never read, each with what it is instead.
WRONG: dict[str, re.Pattern[str]] = {
    "a document number (say the rule's name)": re.compile(
        r"\bseed 0\d\d\b|\bFAQ\b|RULES\.md|§|\bdecision \d", re.IGNORECASE),
    "one of a plural": re.compile(  # not a name's number: "Swordsmen, model 1 attacks"
        r"(?<![\d.,:/-])(?<!model )(?<!stand )\b1 (models|dice|hits|units|stands|shots|wounds|"
        r"attacks|points|"
        r"casualties|weapons|buildings|detachments|steps|rolls|criticals|turns)\b"),
    "many of a singular": re.compile(  # "hit" is left out: "6 shots, 4 hit" is a verb
        r"(?<![\d.,:/-])\b(0|[2-9]|\d\d+) (model|die|unit|stand|shot|wound|attack|"
        r"casualty|weapon|building|detachment|step|roll)\b(?! (point|of|in|test|on|at|by|base))"),
    "a verb that disagrees": re.compile(
        r"\bthe (building|garrison|assaulter) win\b|\bthe (assaulters|attackers) wins\b"),
}

#: An enum's spelling in text: ``TroopType.WALKER``, ``<ShooterKind.UNIT: 'unit'>``.
ENUM = re.compile(r"\b[A-Z][A-Za-z]+\.[A-Z_]{2,}\b|<[A-Z][A-Za-z]+\.")

#: Inches in a text: a figure with an inch mark, or the word.
INCHES = re.compile(r"\d\"|\binch(es)?\b")

#: "is walker", "is infantry unit": a troop type read as a name, with no article.
NO_ARTICLE = re.compile(r"\bis (walker|vehicle|monster|infantry unit|war machine|cavalry unit"
                        r"|chariot|monstrous creature|character|building)\b")

#: One of any plural noun: "1 doors" (the verbs a count of one takes are let be: "1 hits").
ONE_OF_MANY = re.compile(r"(?<![\d.,:/-])(?<!model )(?<!stand )(?<!turn )\b1 "
                         r"(?!(is|has|was|hits|scores|wins|loses|misses|fails|passes|saves|goes|dies|flees|falls|stands|remains|counts|gets)\b)"
                         r"[a-z]+[^su\W]s\b")

#: A turn that was never played: "in since turn 0".
TURN_ZERO = re.compile(r"\bturn 0\b")

#: A count that will not say its number: "5 model(s)".
EITHER_NUMBER = re.compile(r"\w\(s\)")

#: An enum's value read out: "not war_engine", "monstrous_cavalry may".
SNAKE = re.compile(r"(?<![\w./\\-])[a-z]+(_[a-z]+)+\b(?!\.\w)")  # not a file's name

#: A result named, then named again at once: "= 3: Partial Collapse; Partial Collapse (…)".
REPEATED = re.compile(r"\b([A-Z][A-Za-z!]+(?: [A-Z][A-Za-z!]+)*); \1 \(")

#: "a" before a name that starts with a vowel: "onto a Epic 40,000 board".
A_BEFORE_VOWEL = re.compile(r"\ba [AEIO][a-z]")

#: A count of nothing said beside "nobody": "inside: nobody, 0 models".
COUNTED_NOBODY = re.compile(r"\b(nobody|no one|none), 0\b")


def scenario_ids(scenario: Scenario) -> set[str]:
    """The ids a player never reads: units, models, pieces, sides, kept measurements."""
    ids = {u.id for u in scenario.units} | {m.id for u in scenario.units for m in u.models}
    ids |= {p.id for p in scenario.terrain} | {s.id for s in scenario.sides}
    ids |= {a.id for a in scenario.annotations}
    names = {u.name for u in scenario.units} | {s.name for s in scenario.sides}
    # An id that is a plain word ("bastion") may be a word of a sentence: only ids that
    # look like ids (a digit, "-", "_" or ".") are looked for.
    return {i for i in ids if re.search(r"[0-9_.\-]", i) and i not in names}


def id_leaks(texts: Iterable[str], ids: set[str]) -> list[str]:
    """Each text holding an id as a word of its own, or an enum's spelling."""
    leaks = []
    for text in texts:
        words = set(re.findall(r"[A-Za-z0-9_.\-]+", text)) | set(re.findall(r"[A-Za-z0-9_\-]+",
                                                                              text))
        hit = sorted(words & ids)
        if hit or ENUM.search(text):
            leaks.append(f"{hit or ENUM.search(text).group(0)} in {text!r}")  # type: ignore[union-attr]
    return leaks


def plural_verbs(names: Iterable[str]) -> re.Pattern[str] | None:
    """A plural name followed by a singular verb ("Black Orcs withdraws"), for ``names``."""
    plural = sorted({n for n in names if re.search(r"((?<!s)s|men|Boyz)$", n)},
                    key=len, reverse=True)
    if not plural:
        return None
    names = "|".join(re.escape(n) for n in plural)
    return re.compile(r"\b(" + names + r")((?<=s)'s\b"  # "Black Orcs's", not "Swordsmen's"
                      r"| (are|were) [^;:,.]*? and [a-z]+(?<![su])s\b| "
                      r"(is|has|was|(?!(as|its|this|plus|models|stands|shots|hits|wounds|points|casualties"
                      r"|attacks|weapons|units)\b)[a-z]+(?<![su])s)\b)")


def said_twice(lines: list[str]) -> list[str]:
    """Each non-blank line that is the same as the line before it."""
    return [b for a, b in zip(lines, lines[1:], strict=False) if b.strip() and a == b]


#: A model counted or numbered where the players count stands (Epic 40,000).
MODELS = re.compile(r"\b\d+ models?\b|\bmodel \d+\b")


def faults(texts: Iterable[str], scenario: Scenario, cm: bool = False,
           stands: bool = False) -> list[str]:
    """What reads wrong in ``texts``: ids, enums, plural names with singular verbs, no article,
    (``cm``) inches on a board measured in centimetres, (``stands``) models counted where
    the players count stands."""
    texts = list(texts)
    found = id_leaks(texts, scenario_ids(scenario))
    verbs = plural_verbs([u.name for u in scenario.units] + [s.name for s in scenario.sides])
    for text in texts:
        if verbs is not None and (hit := verbs.search(text)):
            found.append(f"{hit.group(0)!r} disagrees in {text!r}")
        for why, pattern in WRONG.items():
            if hit := pattern.search(text):
                found.append(f"{why}: {hit.group(0)!r} in {text!r}")
        if hit := TURN_ZERO.search(text):
            found.append(f"{hit.group(0)!r}, a turn never played, in {text!r}")
        if hit := ONE_OF_MANY.search(text):
            found.append(f"{hit.group(0)!r}: one of a plural, in {text!r}")
        if hit := EITHER_NUMBER.search(text):
            found.append(f"{hit.group(0)!r} will not say its number in {text!r}")
        if hit := REPEATED.search(text):
            found.append(f"{hit.group(1)!r} said twice in a row in {text!r}")
        if hit := SNAKE.search(text):
            found.append(f"{hit.group(0)!r} is a code, not a word, in {text!r}")
        if hit := A_BEFORE_VOWEL.search(text):
            found.append(f"{hit.group(0)!r} wants 'an' in {text!r}")
        if hit := COUNTED_NOBODY.search(text):
            found.append(f"{hit.group(0)!r} counts nobody in {text!r}")
        if hit := NO_ARTICLE.search(text):
            found.append(f"{hit.group(0)!r} lacks an article in {text!r}")
        if stands and (hit := MODELS.search(text)):
            found.append(f"models ({hit.group(0)!r}) where stands are counted in {text!r}")
        if cm and (hit := INCHES.search(text)):
            found.append(f"inches ({hit.group(0)!r}) on a cm board in {text!r}")
    return found
