"""What one edit costs the board (not a test): items re-made per edit, beside the old way.

The real main window (every feature installed, offscreen) over a table of 1,000 models in 50
units of 20 and the demo's buildings. Each edit goes through the window's own undo stack:

- **move one model** (the drag's command), then its undo;
- **a shot that removes one model** (a :class:`~board.document.changes.Change` that edits the
  unit as automated fire does: the unit without the casualty, plus the log line), then its undo;
- **a unit embarks** (the unit edited with ``embarked_in``), then its undo.

For each it prints how many model and building items the scene made. The baseline is the same
script run on the code before the one-event change (``--baseline REV``, by default the commit
before it), extracted with ``git archive`` into a temporary folder: there an edited unit was
announced as removed and added again, and the scene made all its items anew. Run from the
repository root:

    python benchmarks/edit_bench.py [--baseline REV]
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The last commit before the document announced one event per edit.
OLD_REVISION = "b8fa31b"


def measure() -> dict[str, int]:
    """Run the three edits in a real window; return items made per edit and undo."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from board.document.changes import Change
    from board.document.io import default_library, load_scenario
    from board.document.model import Base, LogEntry, Model, TroopType, Unit
    from board.view import commands
    from board.view.items import building_item, model_item
    from board.view.window import MainWindow

    made = {"n": 0}
    for cls in (model_item.ModelItem, building_item.BuildingItem):
        original = cls.__init__

        def counting(self: object, *args: object, _o: object = original, **kw: object) -> None:
            made["n"] += 1
            _o(self, *args, **kw)  # type: ignore[operator]

        cls.__init__ = counting  # type: ignore[method-assign]

    app = QApplication.instance() or QApplication([])
    scenario = load_scenario(ROOT / "resources" / "scenarios" / "demo.json")
    side = scenario.sides[0].id
    for u in range(50):
        scenario.units.append(Unit(f"bench-u{u}", f"Squad {u}", side, TroopType.INFANTRY, [
            Model(f"bench-u{u}-m{m}", Base.round_mm(25), 2.0 + (m % 5) * 1.1 + (u % 10) * 6.5,
                  2.0 + (m // 5) * 1.1 + (u // 10) * 5.0) for m in range(20)]))
    window = MainWindow(default_library())
    window.show_scenario(scenario)
    app.processEvents()
    doc, stack = window.document, window.undo_stack
    results: dict[str, int] = {}

    def run(name: str, command: commands.QUndoCommand) -> None:
        made["n"] = 0
        stack.push(command)
        app.processEvents()
        results[name] = made["n"]
        made["n"] = 0
        stack.undo()
        app.processEvents()
        results[name + " (undo)"] = made["n"]

    model = doc.scenario.unit("bench-u0").models[0]
    run("move one model", commands.MoveModelsCommand(
        doc, {model.id: (model.x, model.y)}, {model.id: (model.x + 1.0, model.y)}))
    shot = copy.deepcopy(doc.scenario.unit("bench-u1"))
    shot.models = shot.models[1:]
    run("shot removes one model", commands.ApplyChangeCommand(
        doc, Change(units={shot.id: shot}, log=[LogEntry("1 casualty")]), "Shoot"))
    building = next(p for p in doc.scenario.terrain if p.group is None)
    inside = copy.deepcopy(doc.scenario.unit("bench-u2"))
    inside.embarked_in = building.id
    run("a unit embarks", commands.ApplyChangeCommand(
        doc, Change(units={inside.id: inside}), "Embark"))
    window.close()
    return results


def _baseline(revision: str) -> dict[str, int] | str:
    """Run :func:`measure` on the code at ``revision``; its figures, or why there are none."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision],
                                 capture_output=True, check=False)
        if archive.returncode != 0:
            return f"no baseline: git archive {revision} failed"
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        Path(folder, "benchmarks").mkdir(exist_ok=True)
        script = Path(folder, "benchmarks", "edit_bench_now.py")
        script.write_text(Path(__file__).read_text(encoding="utf-8"), encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": folder, "QT_QPA_PLATFORM": "offscreen"}
        out = subprocess.run([sys.executable, str(script), "--measure-only"], cwd=folder,
                             env=env, capture_output=True, text=True, check=False)
        if out.returncode != 0:
            return f"no baseline: {out.stderr.strip().splitlines()[-1:]}"
        figures: dict[str, int] = json.loads(out.stdout.strip().splitlines()[-1])
        return figures


def main() -> None:
    """Print items made per edit, now and on the old code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=OLD_REVISION)
    parser.add_argument("--measure-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure_only:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        print(json.dumps(measure()))
        return
    sys.path.insert(0, str(ROOT))
    now = measure()
    old = _baseline(args.baseline)
    print(f"items (model + building) made by one edit, 1,050 models, demo terrain; "
          f"baseline = the code at {args.baseline}")
    print(f"{'edit':32} {'now':>6} {'baseline':>9}")
    for name, count in now.items():
        before = old.get(name, "?") if isinstance(old, dict) else "?"
        print(f"{name:32} {count:>6} {before:>9}")
    if isinstance(old, str):
        print(old)


if __name__ == "__main__":
    main()
