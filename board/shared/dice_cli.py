"""``battleboard dice FILE``: re-verify every fairly seeded roll of a saved game (no window).

Each proof kept in the file is checked (every secret against its commitment, the seed from
the secrets), then every log entry whose seed is a fair seed is replayed from it. Exit
status 0 when all of them check (one line per entry), 1 when one does not (the reason on
stderr), 2 when the file cannot be read.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from board.document.errors import ScenarioError
from board.document.io import load_scenario
from board.shared.dice import FairDiceError, proofs_from_options, verify_scenario_dice

__all__ = ["main"]


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
    print(f"{len(proofs)} fair seeds checked, {len(lines)} log entries replayed from them: "
          "all fair")
    return 0
