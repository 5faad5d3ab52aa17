"""The 40K datasheet source (wh40kdc) costs nothing before the first 40K import that asks it.

Run in a fresh interpreter, as a player's session starts: the board's modules, the import's
code and a Warhammer Fantasy import leave ``wh40kdc`` unloaded; the first 40K unit mapped
loads it, once.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import sys
from board.document.model import RuleSystem
from board.document.roster import read_roster
from board.document.roster.bases import BaseLibrary
from board.game.army import mapping
from board.game.army.plan import plan_import
import board.import_list
from tests.game import roster_samples as samples
from tests.game.test_army_import import _scenario
library = BaseLibrary.shipped()
print("after import:", "wh40kdc" in sys.modules)
fantasy = read_roster(samples.to_ros(samples.fantasy_8th()).encode(), "f.ros")
plan_import(_scenario(RuleSystem.WARHAMMER_FANTASY), fantasy, "red", library)
print("after a Fantasy import:", "wh40kdc" in sys.modules)
forty = read_roster(samples.to_ros(samples.wh40k_10th()).encode(), "w.ros")
plan = plan_import(_scenario(RuleSystem.WH40K), forty, "red", library)
print("after a 40K import:", "wh40kdc" in sys.modules)
print("same source:", mapping.datasheet_source(RuleSystem.WH40K) is
      mapping.datasheet_source(RuleSystem.WH40K))
print("origins:", sorted({m.choice.origin for u in plan.units for m in u.models}))
"""


def test_wh40kdc_is_loaded_at_the_first_40k_import_and_not_before():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, env={"PYTHONPATH": str(ROOT),
                                                      "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:4] == ["after import: False", "after a Fantasy import: False",
                         "after a 40K import: True", "same source: True"]
    assert "datasheet" in lines[4]
