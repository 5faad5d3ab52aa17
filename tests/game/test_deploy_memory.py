"""The Deploy check with an oval base in a Vanguard Strike zone, in bounded memory.

A 105×70 mm oval anywhere in a Vanguard Strike zone (a 12" circle cut out of it, ~180 corners)
made ``models_out_of_zone`` ask for 42.6 GiB (found 4 Dec 2026). The check runs here in a child
limited to 1.5 GiB of address space, so the old code fails with MemoryError, not swapping.
"""

import json
import os
import subprocess
import sys
import textwrap

LIMIT = 1536 * 1024 * 1024

CHILD = """
import json, resource
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from board.document.model import Base, Model, TroopType, Unit
from board.game.core.deploy import deployment_for, models_out_of_zone
from board.game.core.world import WorldCache
from tests.game import samples

def oval_unit(unit_id, x, y, facing):
    model = Model(f"{{unit_id}}-1", Base.oval_mm(105, 70), x, y, facing)
    return Unit(unit_id, unit_id, samples.RED, TroopType.VEHICLE, [model])

sc = samples.scenario(units=[oval_unit("inside", 8, 8, 0), oval_unit("across", 36, 20, 30)])
sc.options["deployment"] = {{"map": "vanguard_strike", "zones": {{samples.RED: "top_left"}}}}
world = WorldCache(samples.library()).world_for(sc)
plan = deployment_for(sc)
print(json.dumps([[d.unit_id, d.zone, list(d.out_of_zone), d.explain(),
                   [v.excess for v in d.check.failing]] for d in models_out_of_zone(world, plan)]))
"""


def test_an_oval_in_a_vanguard_strike_zone_is_checked_in_bounded_memory():
    run = subprocess.run([sys.executable, "-c", textwrap.dedent(CHILD.format(limit=LIMIT))],
                         capture_output=True, text=True, timeout=300, check=False,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 0, run.stderr[-2000:]
    inside, across = json.loads(run.stdout.strip().splitlines()[-1])
    assert inside[:3] == ["inside", "top_left", []]
    assert across[:3] == ["across", "top_left", ["across-1"]]
    # its point nearest the table's centre is 9.874" into the cut-out circle (sampled on a
    # 0.004" grid: 9.8738"); a displayed distance never rounds the miss down
    assert 9.8738 <= across[4][0] <= 9.8745
    assert across[3] == 'across: 1 of 1 model out of zone top_left: across-1 by 9.87"'
