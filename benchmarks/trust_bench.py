"""What checking a peer's changes item by item costs, beside checking the whole game per change.

On the benchmark's table (50 buildings, 1,000 models; ``benchmarks/board_bench.py``), a host
and a guest board share the game in one process (updates carried by hand, no network). The
guest's updates reach the host, which checks each item as a file's (``board/shared/gate.py``,
``sift.py``) and takes it: a move of one model (a drag's release), a casualty (a unit loses a
model), and a hostile update of a NaN position (refused and healed). Beside each: the naive
check, the whole game read and checked as a file for every change. CPU time (``process_time``)
per update, median of ``--rounds`` rounds.

    python benchmarks/trust_bench.py [--rounds 30]
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pycrdt  # noqa: E402

from benchmarks.board_bench import bench_scenario  # noqa: E402
from board.document.changes import Change, apply_change  # noqa: E402
from board.document.datasheets import load_library  # noqa: E402
from board.document.edits import ScenarioDocument  # noqa: E402
from board.document.io import scenario_from_dict, scenario_to_dict  # noqa: E402
from board.shared.binder import SharedScenario  # noqa: E402


def cpu_ms(work) -> float:
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    library = load_library()
    scenario = bench_scenario(library)
    host = SharedScenario(ScenarioDocument(scenario), pycrdt.Doc(), "Ann", "red", library)
    host.publish()
    guest = SharedScenario(ScenarioDocument(), pycrdt.Doc(), "Bob", "blue", library)
    guest.receive(host.doc.get_update())
    sent: list[bytes] = []
    guest.outgoing.connect(sent.append)
    refused: list[str] = []
    host.refused.connect(refused.append)
    blue = [u for u in guest.document.scenario.units if u.side == "blue" and u.on_table]
    print(f"table: {len(scenario.terrain)} pieces, "
          f"{sum(len(u.models) for u in scenario.units)} models; {args.rounds} rounds")
    figures: dict[str, list[float]] = {"move": [], "casualty": [], "hostile": [], "naive": []}
    for number in range(args.rounds):
        unit = blue[number % len(blue)]
        model = unit.models[0]
        guest.document.move_models({model.id: (model.x + 0.25, model.y)})
        update, sent[:] = sent[-1], []
        figures["move"].append(cpu_ms(lambda u=update: host.receive(u)))
        hit = copy.deepcopy(guest.document.scenario.unit(unit.id))
        hit.models = hit.models[:-1]
        apply_change(guest.document, Change(units={unit.id: hit}))
        update, sent[:] = sent[-1], []
        figures["casualty"].append(cpu_ms(lambda u=update: host.receive(u)))
        state = guest.doc.get_state()
        with guest.doc.transaction():
            guest.r.pos[unit.models[0].id] = "[NaN, 0, 0]"
        update = guest.doc.get_update(state)
        sent[:] = []
        figures["hostile"].append(cpu_ms(lambda u=update: host.receive(u)))
        guest.receive(host.doc.get_update(guest.doc.get_state()))  # the host's repair
        data = scenario_to_dict(host.document.scenario)
        figures["naive"].append(cpu_ms(lambda d=data: scenario_from_dict(d, library)))
    assert scenario_to_dict(host.document.scenario) == scenario_to_dict(guest.document.scenario)
    assert len(refused) == args.rounds, refused[:3]
    for name, what in (("move", "a move of one model, its position checked"),
                       ("casualty", "a casualty, the unit's record and the game checked"),
                       ("hostile", "a NaN position refused, the room healed"),
                       ("naive", "naive: the whole game read and checked as a file")):
        values = figures[name]
        print(f"{what}: median {statistics.median(values):.2f} ms CPU, "
              f"max {max(values):.2f} ms" + (" (baseline)" if name == "naive" else ""))
    print("boards equal at the end: True; refusals: one per hostile update")
    return 0


if __name__ == "__main__":
    sys.exit(main())
