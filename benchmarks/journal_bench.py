"""Costs of keeping every edit (not a test): the journal's append, a long session's memory.

1. **Journal append**, per edit on the drag path: the time ``Journal.append`` takes for one
   drag's ``move_models`` (one model, and a unit of 20), p50/p95/max over ``--appends``
   edits, made durable (``fdatasync`` per edit, what the journal does) and, in the same run,
   written only (no sync: what it did before issue 29, safe against a kill, not a power
   cut); beside the naive way of keeping edits safe: writing the whole scenario
   (``save_scenario``, temporary file, fsync, rename) after each edit. Also the cost of
   starting a journal (on Open and on each Save: the board inline, synced, renamed, the
   folder synced).
2. **Memory of a long session**: ``--drags`` drags of a unit through the window's own undo
   stack and drag command (``scene.push_drag``, what a drag's release does), with the journal
   kept, in a fresh process each: the undo history bounded (the default setting) and, as the
   baseline, unbounded (``undo_limit`` 0, what the window did before). Prints the RSS after
   each tenth; the target is the growth over the last half ≤ 5 MB.
3. ``--kills N``: N more kill -9 runs of tests/board/test_journal_kill.py's check (a process
   editing and saving, killed at a random moment, its board recovered and compared).

Run from the repository root:

    python benchmarks/journal_bench.py [--appends N] [--drags N] [--kills N]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _rss_mb() -> float:
    with open("/proc/self/statm") as handle:
        pages = int(handle.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def appends(count: int) -> None:
    """Time the journal's append on the drag path, beside saving the whole file each time."""
    from board.document.datasheets import load_library
    from board.document.edits import ScenarioDocument
    from board.document.events import DocumentChange
    from board.document.io import load_scenario, save_scenario
    from board.document.journal import Journal
    from resources import DEMO_SCENARIO

    library = load_library()
    doc = ScenarioDocument(load_scenario(DEMO_SCENARIO, library))
    unit = max(doc.scenario.units, key=lambda u: len(u.models) if u.on_table else 0)
    with tempfile.TemporaryDirectory() as folder:
        journal = Journal.start(Path(folder) / "bench.journal", doc)
        times: list[float] = []

        def timed(event: DocumentChange) -> None:
            start = time.perf_counter()
            journal.append(event)
            times.append((time.perf_counter() - start) * 1000)

        doc.accepted.disconnect(journal.append)  # the same append, with a stopwatch
        doc.accepted.connect(timed)
        for durable in (True, False):
            journal.durable = durable
            mode = "fdatasync each" if durable else "no sync (before)"
            for label, models in (("one model", unit.models[:1]),
                                  (f"a unit of {len(unit.models)}", unit.models)):
                times.clear()
                for k in range(count):
                    doc.move_models({m.id: (m.x + (0.5 if k % 2 else -0.5), m.y)
                                     for m in models})
                times.sort()
                print(f"journal append, {mode:16}, {label:14}: p50 "
                      f"{statistics.median(times):.3f} ms, p95 "
                      f"{times[int(len(times) * 0.95)]:.3f} ms, max {times[-1]:.3f} ms "
                      f"({count} appends)")
        doc.accepted.disconnect(timed)
        saves = []
        for k in range(min(count, 200)):
            doc.move_models({unit.models[0].id: (10.0 + k % 2, 10.0)})
            start = time.perf_counter()
            save_scenario(doc.scenario, Path(folder) / "whole.json")
            saves.append((time.perf_counter() - start) * 1000)
        saves.sort()
        print(f"baseline: save the whole scenario after each edit: p50 "
              f"{statistics.median(saves):.3f} ms, p95 {saves[int(len(saves) * 0.95)]:.3f} ms "
              f"({len(saves)} saves)")
        journal.close(delete=True)
        starts = []
        for k in range(50):
            start = time.perf_counter()
            Journal.start(Path(folder) / f"s{k}.journal", doc).close(delete=True)
            starts.append((time.perf_counter() - start) * 1000)
        starts.sort()
        print(f"journal start (board inline, synced, folder synced): p50 "
              f"{statistics.median(starts):.3f} ms, p95 {starts[int(len(starts) * 0.95)]:.3f} "
              f"ms ({len(starts)} starts)")


def session(drags: int, limit: int) -> list[float]:
    """One window, ``drags`` drags of a unit; RSS (MB) after each tenth of them."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from board.document.datasheets import load_library
    from board.document.io import load_scenario
    from board.view.window import MainWindow
    from resources import DEMO_SCENARIO

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat)
        settings.setValue("undo_limit", limit)
        library = load_library()
        window = MainWindow(library, settings, features=False, journal_folder=Path(folder))
        window.show_scenario(load_scenario(DEMO_SCENARIO, library))
        scene = window.scene
        unit = max(window.scenario.units, key=lambda u: len(u.models) if u.on_table else 0)
        ids = [m.id for m in unit.models]
        marks = []
        for k in range(drags):
            old = scene.model_positions(ids)
            step = 0.25 if (k // 20) % 2 == 0 else -0.25
            scene.push_drag(old, {m: (x + step, y) for m, (x, y) in old.items()}, {}, {})
            if k % 50 == 0:
                app.processEvents()
            if (k + 1) % (drags // 10) == 0:
                marks.append(_rss_mb())
        if window.journal is not None:
            window.journal.stop(delete=True)
        return marks


def sessions(drags: int) -> None:
    """Run :func:`session` bounded and unbounded, each in its own process."""
    for label, limit in (("undo history bounded (default 1000 steps)", 1000),
                         ("baseline: unbounded (undo_limit 0)", 0)):
        out = subprocess.run([sys.executable, __file__, "--session", str(drags), str(limit)],
                             capture_output=True, text=True, check=True)
        marks = json.loads(out.stdout.strip().splitlines()[-1])
        half = marks[len(marks) // 2 - 1]
        print(f"{label}: RSS after each {drags // 10} drags: "
              + ", ".join(f"{m:.0f}" for m in marks)
              + f" MB; growth over the last {drags // 2}: {marks[-1] - half:.1f} MB")


def kills(count: int) -> None:
    """Run the kill -9 check ``count`` times; print how each board was recovered."""
    from board.document.datasheets import load_library
    from tests.board.test_journal_kill import kill_and_recover

    library = load_library()
    ways: dict[str, int] = {}
    for seed in range(1000, 1000 + count):
        with tempfile.TemporaryDirectory() as folder:
            wait = random.Random(seed).uniform(0.05, 1.5)
            acknowledged, revision, how = kill_and_recover(Path(folder), seed, library, wait)
            key = "the saved file" if how == "the saved file" else (
                "unsaved journal" if how.startswith("unsaved") else "journal beside the file")
            ways[key] = ways.get(key, 0) + 1
    print(f"kill -9: {count} kills, every board equal to its last accepted edit; recovered "
          f"from: " + ", ".join(f"{k} {v}" for k, v in sorted(ways.items())))


def main() -> None:
    """Run what the options ask for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=2000)
    parser.add_argument("--drags", type=int, default=20000)
    parser.add_argument("--kills", type=int, default=0)
    parser.add_argument("--session", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.session:
        print(json.dumps(session(*args.session)))
        return
    if args.appends:
        appends(args.appends)
    if args.drags:
        sessions(args.drags)
    if args.kills:
        kills(args.kills)


if __name__ == "__main__":
    main()
