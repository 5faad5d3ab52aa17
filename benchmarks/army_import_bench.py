"""Importing a 2,000-point, 200-model army list to a painted board (not a test), beside typing it.

The real main window (every feature installed, offscreen) on the demo table (its buildings, no
units), deployed on Hammer and Anvil. The list is a
40K 7th-edition Space Marine army written as BattleScribe writes a ``.ros`` (the shapes of
``tests/game/roster_samples.py``): 2 Captains, 13 Tactical Squads of 10, 5 Devastator
Squads of 5, 4 Terminator Squads of 5, 5 Bike Squads of 3, 5 Dreadnoughts and 3 Rhinos -
200 models in 37 units, 2,000 points. The import is timed from the file on disk to the board
painted with the army deployed: reading, mapping, deploying, the one undo step pushed, the
repaint.

Beside it, in the same run, the baseline: the same 37 units added one by one as the unit
editor does (one ``AddUnitCommand`` each, the board repainted after each: the window's own
work when a player types them in), and the number of editor actions a player makes to type
them: per unit, open *Add unit*, its name, troop type, base, model count, each stat the list
gave, OK, and one drag into the deployment zone. Run from the repository root:

    python benchmarks/army_import_bench.py [--runs 5]
"""

from __future__ import annotations

import argparse
import copy
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.game import roster_samples as rs  # noqa: E402


def army() -> dict:
    """The 2,000-point list (points per unit chosen to add up to 2,000)."""
    units = [rs.sel("Captain", "model", 1, [rs.profile(
        "Captain", "Unit", Unit_Type="Infantry (Character)", WS="6", BS="5", S="4", T="4",
        W="3", I="5", A="3", Ld="10", Save="3+")], pts=90, categories=["HQ"]) for _ in range(2)]
    for _ in range(13):
        units.append(rs.sel("Tactical Squad", "unit", 1, children=[
            rs.sel("Space Marine Sergeant", "model", 1, [rs._marine("Space Marine Sergeant")]),
            rs.sel("Space Marine", "model", 9, [rs._marine("Space Marine")])], pts=70,
            categories=["Troops"]))
    for _ in range(5):
        units.append(rs.sel("Devastator Squad", "unit", 1, children=[
            rs.sel("Devastator Marine", "model", 5, [rs._marine("Devastator Marine")])],
            pts=60, categories=["Heavy Support"]))
    for _ in range(4):
        units.append(rs.sel("Terminator Squad", "unit", 1, children=[
            rs.sel("Terminator", "model", 5, [rs.profile(
                "Terminator", "Unit", Unit_Type="Infantry", WS="4", BS="4", S="4", T="4",
                W="1", I="4", A="2", Ld="9", Save="2+")])], pts=40, categories=["Elites"]))
    for _ in range(5):
        units.append(rs.sel("Bike Squad", "unit", 1, children=[
            rs.sel("Space Marine Biker", "model", 3, [rs._marine("Space Marine Biker",
                                                                  t="Bike")])],
            pts=20, categories=["Fast Attack"]))
    for _ in range(5):
        units.append(rs.sel("Dreadnought", "model", 1, [rs.profile(
            "Dreadnought", "Walker", WS="4", BS="4", S="6", Front="12", Side="12", Rear="10",
            I="4", A="2", HP="3", Type="Walker")], pts=20, categories=["Elites"]))
    for _ in range(3):
        units.append(rs.sel("Rhino", "model", 1, [rs.profile(
            "Rhino", "Vehicle", BS="4", Front="11", Side="11", Rear="10", HP="3",
            Type="Tank, Transport")], pts=20, categories=["Dedicated Transport"]))
    return rs.roster("Ultramarines 2000", "Warhammer 40,000 7th Edition",
                     [rs.force("Combined Arms Detachment", "Space Marines", units)], 2000)


def editor_actions(plan: object) -> int:
    """What typing the list in takes: per unit, the form's fields, OK and a drag."""
    total = 0
    for unit in plan.units:  # type: ignore[attr-defined]
        stats = [k for k in unit.stats if k != "roster"]
        total += 1 + 1 + 1 + 1 + 1 + len(stats) + 1 + 1
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["BATTLEBOARD_BASES"] = str(Path(tempfile.mkdtemp()) / "bases.json")
    from PySide6.QtWidgets import QApplication

    from benchmarks.board_bench import PaintCounter, _until_painted
    from board.document.datasheets import load_library
    from board.document.io import load_scenario
    from board.document.roster import read_roster_file
    from board.document.roster.bases import BaseLibrary
    from board.game.army.plan import import_change, plan_import
    from board.view.commands import AddUnitCommand, ApplyChangeCommand
    from board.view.window import MainWindow

    app = QApplication.instance() or QApplication([])
    path = Path(tempfile.mkdtemp()) / "Ultramarines 2000.ros"
    path.write_text(rs.to_ros(army()), encoding="utf-8")
    library = load_library()
    window = MainWindow(library)
    window.files.ask_save_changes = lambda: None  # type: ignore[method-assign, assignment, return-value]
    scenario = load_scenario(ROOT / "resources" / "scenarios" / "demo.json", library)
    scenario.units.clear()  # the demo's terrain; the army comes from the list
    # Hammer and Anvil's 24" zones: 200 models in 37 units with an inch between units and half
    # an inch between bases need some 1,100 square inches, more than Dawn of War's 72 x 12.
    scenario.options["deployment"] = "hammer_and_anvil"
    side = scenario.sides[0].id
    window.resize(1400, 900)
    window.show()
    counter = PaintCounter(window.view.viewport())
    imports, baselines = [], []
    models = units = actions = 0
    for _ in range(args.runs):
        window.show_scenario(copy.deepcopy(scenario))
        app.processEvents()
        window.view.fit_table()
        _until_painted(app, counter, -1, 0.5)
        before = counter.paints
        t0 = time.perf_counter()
        roster = read_roster_file(path)
        bases, _ = BaseLibrary.load()
        plan = plan_import(window.document.scenario, roster, side, bases)
        change = import_change(window.document, window.scene.world(), plan)
        window.undo_stack.push(ApplyChangeCommand(window.document, change, "Import"))
        window.view.viewport().update()
        _until_painted(app, counter, before, 5.0)
        imports.append(time.perf_counter() - t0)
        added = [u for u in window.document.scenario.units if u.id in change.units]
        models, units, actions = sum(len(u.models) for u in added), len(added), \
            editor_actions(plan)
        # the baseline: the same units, one editor command each, painted after each
        window.undo_stack.undo()
        _until_painted(app, counter, counter.paints, 0.5)
        t0 = time.perf_counter()
        for unit in added:
            before = counter.paints
            window.undo_stack.push(AddUnitCommand(window.document, copy.deepcopy(unit)))
            window.view.viewport().update()
            _until_painted(app, counter, before, 5.0)
        baselines.append(time.perf_counter() - t0)
    print(f"army list: {path.name}, {units} units, {models} models, 2,000 points, side {side} "
          f"of the demo table, its terrain and no units, Hammer and Anvil ({args.runs} runs)")
    print(f"  import, file to painted board:   median {statistics.median(imports) * 1000:7.1f} "
          f"ms  (min {min(imports) * 1000:.1f}, max {max(imports) * 1000:.1f}); target <= 1000 ms")
    print(f"  baseline, {units} units added one by one as the unit editor does, each painted: "
          f"median {statistics.median(baselines) * 1000:.1f} ms")
    print(f"  editor actions the import replaces: {actions} ({actions / units:.1f} a unit: "
          f"add unit, name, troop type, base, count, each stat, OK, a drag into the zone)")
    window.close()


if __name__ == "__main__":
    main()
