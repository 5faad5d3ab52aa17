"""The log as text (board.game.core.log_text): every entry, every roll, the seed."""

from __future__ import annotations

from board.document.model import LogEntry, RuleSystem, Scenario
from board.game.core.log_text import entry_lines, log_lines, log_text, roll_text
from rules.dice import Dice


def test_a_seeded_resolution_is_written_with_every_roll_and_can_be_replayed():
    dice = Dice(seed=20261129)
    hits = dice.roll(3, "to hit (BS 4)")
    pen = dice.roll(2, "armour penetration (S8)")
    entry = LogEntry("Lascannons fire at the bastion", rolls=[r.to_dict() for r in dice.take()],
                     seed=dice.seed)
    lines = entry_lines(4, entry)
    assert lines[0] == "4. Lascannons fire at the bastion"
    assert lines[1] == "     seed 20261129"
    assert lines[2] == f"     to hit (BS 4): 3D6 -> {', '.join(map(str, hits.faces))} " \
                       f"(total {hits.total})"
    assert lines[3].startswith("     armour penetration (S8): 2D6 -> ")
    replay = Dice(seed=entry.seed)
    assert replay.roll(3, "again").faces == hits.faces
    assert replay.roll(2, "again").faces == pen.faces


def test_extra_keys_and_no_dice_are_written_plainly():
    assert roll_text({"purpose": "scatter", "faces": [], "sides": 6}) == \
        "scatter: 0D6 -> no dice"
    assert roll_text({"purpose": "hit", "faces": [4], "sides": 6, "modifier": -1}) == \
        "hit: 1D6 -> 4 [modifier=-1]"


def test_the_whole_log_is_numbered_with_a_count_of_entries_and_rolls():
    scenario = Scenario(name="Siege", rule_system=RuleSystem.EPIC40K, log=[
        LogEntry("Deployment map: Dawn of War"),
        LogEntry("Assault", rolls=[{"purpose": "close assault", "faces": [2, 6], "sides": 6}],
                 seed=9),
    ])
    assert log_lines(scenario) == [
        "1. Deployment map: Dawn of War",
        "2. Assault",
        "     seed 9",
        "     close assault: 2D6 -> 2, 6 (total 8)",
    ]
    text = log_text(scenario)
    assert text.splitlines()[0] == "Log of Siege (Epic 40,000): 2 entries, 1 roll"
    assert text.endswith("close assault: 2D6 -> 2, 6 (total 8)")
