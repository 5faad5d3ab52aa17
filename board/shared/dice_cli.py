"""``battleboard dice FILE``: re-verify every fairly seeded roll of a saved game (no window).

Each proof kept in the file is checked (every secret against its commitment, the seed from
the secrets), then every log entry whose seed is a fair seed is replayed from it, and every
agreed seed must be the seed of a log entry (an entry whose fair seed was swapped for another
one, with that seed's dice, leaves its proof unused). Exit status 0 when all of them check
(one line per entry), 1 when one does not (the reason on stderr), 2 when the file cannot be
read.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from board.document.errors import ScenarioError
from board.document.io import load_scenario
from board.shared.dice import (
    FairDiceError,
    FairRoll,
    proofs_from_options,
    verify_scenario_dice,
)

__all__ = ["main", "unused_proofs"]


def unused_proofs(proofs: list[FairRoll], log: Sequence[Any]) -> list[FairRoll]:
    """The agreed rolls whose seed no log entry has.

    A fair roll is agreed to be rolled: a proof no entry uses is what is left when an
    entry's fair seed is swapped for another seed (and its dice for that seed's), which the
    replay alone cannot see (the entry then looks like any unshared roll).
    """
    seeds = {entry.seed for entry in log}
    return [roll for roll in proofs if roll.seed is not None and roll.seed not in seeds]


def main(argv: Sequence[str]) -> int:
    """Verify the file named in ``argv``; return the exit status."""
    if len(argv) != 1:
        print("usage: battleboard dice FILE", file=sys.stderr)
        return 2
    try:
        scenario = load_scenario(Path(argv[0]))
    except ScenarioError as error:
        print(f"battleboard dice: {error}", file=sys.stderr)
        return 2
    try:
        proofs = proofs_from_options(scenario.options)
        lines = verify_scenario_dice(scenario.options, scenario.log)
    except FairDiceError as error:
        print(f"battleboard dice: NOT FAIR: {error}", file=sys.stderr)
        return 1
    for line in lines:
        print(line)
    unused = unused_proofs(proofs, scenario.log)
    if unused:
        for roll in unused:
            print(f"battleboard dice: NOT FAIR: roll {roll.roll_id}: its agreed seed {roll.seed} "
                  "is the seed of no log entry (an entry's seed swapped for another, with new "
                  "dice; or a seed agreed and never rolled)", file=sys.stderr)
        return 1
    print(f"{len(proofs)} fair seeds checked, {len(lines)} log entries replayed from them: "
          "all fair")
    return 0
