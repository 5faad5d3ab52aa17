"""Speed of the board on screen (not a test): a drag of 20 models, repaints, launch, memory.

The issue's table: 72×48, 50 buildings, 1,000 models on 25 mm bases in 50 units of 20, in
the real main window (every feature installed) on Qt's offscreen platform. A unit of 20 is
dragged with real mouse events (``QTest`` on the viewport), and each step is timed from the
mouse event to the end of the repaint it causes:

- with three overlays live, the program's own: a 12" range ring kept around the dragged unit
  (the Measure layer; it follows the drag preview), a disembark zone with its unit's models
  (the Buildings disembark tool's ``PlacementItem``) and the line-of-sight rays from the
  dragged unit to an enemy unit (the Shoot menu's ``SightOverlay``);
- the same drag with the three overlays and the board drawn from every item on every move
  (the view's drag backdrop turned off: the naive way, what the board did before);
- and the same drag with none of them.

Then a full repaint of the table (the models at rest drawn by the board's layer; beside it,
after the memory is read, the same repaint with each model drawn by its own item, the naive
way), the first painted demo board after launch (a subprocess:
from just before it is started to the end of its first paint of the board; three launches
from source, as this checkout runs, then three with the modules byte-compiled as an install
has them, the verdict on the latter's median) and the memory
(RSS) of this process with the 1,000-model table on screen. Run from the repository root:

    python benchmarks/board_bench.py [--steps N] [--cpu] [--models 3000]

``--cpu`` times the moves and the repaints in CPU time of the GUI thread
(``time.thread_time``) instead of the wall clock: the same work, less of the other programs
of a shared machine in it (what they take of the processor is not counted; what they take of
its caches still is). The launch and the memory are measured as without it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Qt's platform windows wait this many ms after an update request before painting (5 by
# default, standing in for a screen's frame clock); the figures are the work, not that wait.
os.environ.setdefault("QT_QPA_UPDATE_IDLE_TIME", "0")

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from board.document.changes import Change  # noqa: E402
from board.document.datasheets import (  # noqa: E402
    DatasheetLibrary,
    load_library,
    place_datasheet,
)
from board.document.model import (  # noqa: E402
    Base,
    Model,
    RuleSystem,
    Scenario,
    Side,
    Table,
    TroopType,
    Unit,
)
from board.game.core.shooters import Shooter, ShooterKind  # noqa: E402
from board.game.core.targets import UnitTarget  # noqa: E402
from board.game.measuring.rings import ring_annotation  # noqa: E402
from board.game.occupancy.disembarking import plan_disembark  # noqa: E402
from board.view.buildings.disembark_tool import DisembarkTool  # noqa: E402
from board.view.commands import ApplyChangeCommand  # noqa: E402
from board.view.window import MainWindow  # noqa: E402

#: Targets from the issue: milliseconds (p95 with overlays, p95 without, a full repaint),
#: seconds to the first paint, megabytes of memory.
TARGETS = {"overlays_p95": 6.0, "none_p95": 2.0, "full": 8.0, "first_paint": 0.8,
           "memory": 150.0}
#: The tables: 1,000 models (72 x 48, 10 x 5 cells) and 3,000 (108 x 96, 15 x 10 cells), each
#: cell a building and a unit of 20; at 3,000 the memory target is 200 MB, the times the same.
GRIDS = {1000: (10, 5), 3000: (15, 10)}
MEMORY = {1000: 150.0, 3000: 200.0}

PASSENGERS = "red-inside"
PASSENGERS_IN = "building-24"


# -- the table ----------------------------------------------------------------------------
def bench_scenario(library: DatasheetLibrary, size: int = 1000) -> Scenario:
    """The issue's table: 50 buildings and 1,000 models in 50 units of 20 (+10 embarked).

    The table is cut into 10 × 5 cells of 7.2" × 9.6"; each holds a 40K small building (4"
    square) at its top and a unit of 20 on 25 mm bases, five wide and four deep, below it.
    Units alternate between the two sides; the passengers wait in the building nearest the
    centre. ``size=3000``: 15 × 10 cells, a 108" × 96" table, 150 buildings.
    """
    columns, rows = GRIDS[size]
    centre = (rows // 2) * columns + columns // 2 - 1  # 24 on the 1,000-model table
    pieces, units = [], []
    for k in range(columns * rows):
        left, top = 7.2 * (k % columns), 9.6 * (k // columns)
        name = PASSENGERS_IN if k == centre else f"building-{k}"
        pieces += place_datasheet(library, "wh40k_small_building", left + 3.6, top + 2.6,
                                  piece_id=name)
        side = "red" if (k + k // columns) % 2 == 0 else "blue"
        models = [Model(f"{side}-{k}-{4 * a + b}", Base.round_mm(25), left + 1.4 + 1.1 * a,
                        top + 5.4 + 1.1 * b) for a in range(5) for b in range(4)]
        units.append(Unit(f"{side}-{k}", f"Unit {k}", side, TroopType.INFANTRY, models))
    inside = [Model(f"inside-{k}", Base.round_mm(25), 0.0, 0.0) for k in range(10)]
    units.append(Unit(PASSENGERS, "Passengers", "red", TroopType.INFANTRY, inside,
                      embarked_in=PASSENGERS_IN))
    return Scenario(name=f"Benchmark: {columns * rows} buildings, {size:,} models",
                    table=Table(7.2 * columns, 9.6 * rows),
                    rule_system=RuleSystem.WH40K,
                    sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
                    terrain=pieces, units=units)


def _centre(unit: Unit) -> tuple[float, float]:
    return (sum(m.x for m in unit.models) / len(unit.models),
            sum(m.y for m in unit.models) / len(unit.models))


def dragged_and_enemy(scenario: Scenario) -> tuple[str, str]:
    """The red unit nearest the table's centre, and the blue unit nearest to it."""
    def off(unit: Unit, x: float, y: float) -> float:
        cx, cy = _centre(unit)
        return (cx - x) ** 2 + (cy - y) ** 2

    on_table = [u for u in scenario.units if u.on_table]
    middle = (scenario.table.width / 2.0, scenario.table.height / 2.0)
    red = min((u for u in on_table if u.side == "red"), key=lambda u: off(u, *middle))
    blue = min((u for u in on_table if u.side == "blue"), key=lambda u: off(u, *_centre(red)))
    return red.id, blue.id


# -- timing -------------------------------------------------------------------------------
class PaintCounter(QObject):
    """Counts the paint events of a widget."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.paints = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def _until_painted(app: QApplication, counter: PaintCounter, before: int,
                   limit: float = 0.2) -> bool:
    """Run the event loop until the widget has painted again (False after ``limit`` s)."""
    end = time.perf_counter() + limit
    while time.perf_counter() < end:
        app.processEvents()
        if counter.paints > before:
            app.processEvents()  # anything the paint queued
            return True
    return False


_drags = [0]

#: The clock of the moves and repaints: the wall clock, or the GUI thread's CPU time (--cpu).
clock: Callable[[], float] = time.perf_counter


#: Of each timed move: ms in the mouse event's handling (the rest is the repaint).
handling: list[float] = []


def time_drag(window: MainWindow, counter: PaintCounter, unit_id: str, steps: int) -> list[float]:
    """Shift-drag ``unit_id`` ``steps`` mouse moves there and back; ms per move to repaint.

    Each drag grabs another model of the unit: a press where the last one was would be a
    double click.
    """
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    view, viewport = window.view, window.view.viewport()
    models = window.document.scenario.unit(unit_id).models
    grabbed = models[_drags[0] % len(models)]
    _drags[0] += 1
    start = view.mapFromScene(QPointF(grabbed.x, grabbed.y))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier,
                     start)
    _until_painted(app, counter, counter.paints)
    held = sorted(window.scene.selected_model_ids())
    if held != sorted(m.id for m in models):
        raise SystemExit(f"the press at {start.x()},{start.y()} px took {len(held)} models, "
                         f"not the {len(models)} of {unit_id}: the drag would time something else")
    times, missed = [], 0
    handling.clear()
    for k in range(1, steps + 1):
        phase = k % 40
        dx = phase if phase <= 20 else 40 - phase  # 20 px out and back, one pixel a move
        at = QPoint(start.x() + 3 * dx, start.y() + dx)
        before = counter.paints
        t0 = clock()
        QTest.mouseMove(viewport, at)
        handled = (clock() - t0) * 1000.0
        painted = _until_painted(app, counter, before)
        elapsed = (clock() - t0) * 1000.0
        if painted:
            times.append(elapsed)
            handling.append(handled)
        else:
            missed += 1
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier,
                       start)
    _until_painted(app, counter, counter.paints)  # released where it started: no edit
    if missed:
        print(f"  ({missed} of {steps} moves caused no repaint)")
    return times


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def time_full_repaints(app: QApplication, window: MainWindow, count: int) -> list[float]:
    """A repaint of the whole viewport, ``count`` times; milliseconds each."""
    viewport = window.view.viewport()
    times = []
    for _ in range(count):
        t0 = clock()
        viewport.repaint()
        times.append((clock() - t0) * 1000.0)
        app.processEvents()
    return times


def models_drawn_by_their_items(app: QApplication, window: MainWindow) -> list[float]:
    """Full repaints with every model drawn by its own item, not the board's layer (ms).

    The naive way, timed in the same run: Qt draws each model's cached picture in turn. The
    models go back to the layer afterwards.
    """
    scene = window.scene
    items = list(scene.model_items().values())
    for item in items:
        item.set_layer(None)
    try:
        time_full_repaints(app, window, 5)  # each item's own picture made
        return time_full_repaints(app, window, 30)
    finally:
        for item in items:
            item.set_layer(scene.model_layer)
        app.processEvents()


# -- the window ---------------------------------------------------------------------------
def bench_window(app: QApplication, limit: float = 0.2,
                 models: int = 1000) -> tuple[MainWindow, PaintCounter]:
    """The main window with the benchmark's table fitted in it, painted once (``limit``: s).

    Every benchmark of the board starts here; closing the window asks nothing.
    """
    library = load_library()
    window = MainWindow(library)
    window.files.ask_save_changes = (  # type: ignore[method-assign]
        lambda: None)  # type: ignore[assignment, return-value]
    window.show_scenario(bench_scenario(library, models))
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    window.view.fit_table()
    counter = PaintCounter(window.view.viewport())
    _until_painted(app, counter, -1, limit)
    return window, counter


# -- the overlays ---------------------------------------------------------------------------
def add_overlays(window: MainWindow, dragged: str, enemy: str) -> Callable[[], None]:
    """Put the three overlays on the board; return what takes them off again."""
    document, scene = window.document, window.scene
    ring = ring_annotation("bench-ring", UnitTarget(dragged), [12.0], "in")
    window.undo_stack.push(ApplyChangeCommand(document, Change(annotations={ring.id: ring}),
                                              "Keep a range ring"))
    plan = plan_disembark(document.scenario, scene.datasheets, scene.world(), PASSENGERS)
    if not plan.decision.allowed:
        raise SystemExit(f"the benchmark's disembark is refused: {plan.decision.reason}")
    disembark = DisembarkTool(scene, plan)
    scene.addItem(disembark.item)
    sight = window.shooting.sight  # type: ignore[attr-defined]
    sight.set(Shooter(ShooterKind.UNIT, dragged), UnitTarget(enemy))
    if sight.reading is None:
        raise SystemExit("the benchmark's line of sight could not be read")
    rays = len(sight.reading.rays)
    print(f"  overlays: 12\" ring around {dragged}; disembark zone of {PASSENGERS} "
          f"({len(plan.start)} models); {rays} rays from {dragged} to {enemy}")

    def remove() -> None:
        sight.clear()
        scene.removeItem(disembark.item)
        window.undo_stack.undo()  # the ring

    return remove


# -- launch and memory ------------------------------------------------------------------------
_FIRST_PAINT = r"""
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(["battleboard"])

class First(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and type(watched.parent()).__name__ == "BoardView":
            app.removeEventFilter(self)
            QTimer.singleShot(0, lambda: (print(f"{time.time():.6f}", flush=True),
                                          app.exit(0)))
        return False

first = First()
app.installEventFilter(first)
from board.main import main
sys.exit(main([]))
"""


def first_paint_seconds() -> float:
    """Seconds from starting ``battleboard`` (the demo) to the end of its first board paint."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    t0 = time.time()
    done = subprocess.run([sys.executable, "-c", _FIRST_PAINT], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"the launch failed ({done.returncode}): {done.stderr[-500:]}")
    return float(lines[-1]) - t0


#: The packages whose modules a launch imports from this checkout.
PACKAGES = ("board", "geometry", "rules", "resources")


def byte_compiled() -> list[Path]:
    """Byte-compile this checkout's modules as an install does; return the files written.

    ``pip install`` writes each module's compiled form beside it (``__pycache__``), and a
    launch then reads it instead of compiling the source. A checkout run with
    ``PYTHONDONTWRITEBYTECODE=1`` (this environment) has none, so every launch compiles some
    300 modules first. Only files that were not there are written (and later removed).
    """
    import importlib.util
    import py_compile

    written = []
    for package in PACKAGES:
        for source in sorted((ROOT / package).rglob("*.py")):
            target = Path(importlib.util.cache_from_source(str(source)))
            if target.exists():
                continue
            py_compile.compile(str(source), cfile=str(target), doraise=True)
            written.append(target)
    return written


def first_paints(runs: int = 3) -> tuple[list[float], list[float]]:
    """The first paint's seconds over ``runs`` launches, from source, then byte-compiled.

    From source: as this checkout runs here (no compiled modules: ``PYTHONDONTWRITEBYTECODE``
    is set). Byte-compiled: as an installed copy runs. The compiled files this writes are
    removed afterwards.
    """
    cold = [first_paint_seconds() for _ in range(runs)]
    written = byte_compiled()
    try:
        warm = [first_paint_seconds() for _ in range(runs)]
    finally:
        for path in written:
            path.unlink(missing_ok=True)
    return cold, warm


def rss_mb() -> float:
    """This process's resident memory, MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024.0
    return float("nan")


def _verdict(value: float, target: float) -> str:
    return "within target" if value <= target else "MISSED"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200, help="mouse moves per drag")
    parser.add_argument("--models", type=int, choices=sorted(GRIDS), default=1000,
                        help="the 1,000-model table (72x48) or the 3,000-model one (108x96)")
    parser.add_argument("--cpu", action="store_true",
                        help="time moves and repaints in the GUI thread's CPU time")
    args = parser.parse_args(argv)
    global clock
    clock = time.thread_time if args.cpu else time.perf_counter
    app = QApplication.instance() or QApplication(["battleboard-bench"])
    assert isinstance(app, QApplication)
    window, counter = bench_window(app, models=args.models)
    TARGETS["memory"] = MEMORY[args.models]
    scenario = window.document.scenario
    models = sum(len(u.models) for u in scenario.units if u.on_table)
    print(f"table {scenario.table.width:g}x{scenario.table.height:g}: {len(scenario.terrain)} "
          f"buildings, {models} models; viewport {window.view.viewport().width()}x"
          f"{window.view.viewport().height()} px, {window.view.scale_factor:.1f} px/inch"
          + ("; moves and repaints in CPU time of the GUI thread (--cpu)" if args.cpu else ""))

    dragged, enemy = dragged_and_enemy(scenario)
    time_drag(window, counter, dragged, 20)  # warm the caches
    remove = add_overlays(window, dragged, enemy)
    _until_painted(app, counter, counter.paints)
    time_drag(window, counter, dragged, 20)
    with_overlays = time_drag(window, counter, dragged, args.steps)
    handled_with = list(handling)
    pictures = window.view.backdrop.taken
    window.view.backdrop.enabled = False
    every_item = time_drag(window, counter, dragged, args.steps)
    handled_every = list(handling)
    window.view.backdrop.enabled = True
    remove()
    _until_painted(app, counter, counter.paints)
    time_drag(window, counter, dragged, 20)
    without = time_drag(window, counter, dragged, args.steps)
    handled_without = list(handling)
    full = time_full_repaints(app, window, 30)
    memory = rss_mb()
    each_itself = models_drawn_by_their_items(app, window)
    cold, warm = first_paints()
    first = statistics.median(warm)

    def row(name: str, values: list[float], handled: list[float], target_key: str) -> None:
        p95 = percentile(values, 0.95)
        verdict = (f" -> p95 {_verdict(p95, TARGETS[target_key])} (<= {TARGETS[target_key]:g} ms)"
                   if target_key else " (baseline)")
        print(f"{name}: median {statistics.median(values):.2f} ms, p95 {p95:.2f} ms "
              f"({len(values)} moves; the mouse event's handling median "
              f"{statistics.median(handled):.2f} ms){verdict}")

    row("drag of 20, three overlays live", with_overlays, handled_with, "overlays_p95")
    print(f"  (the board under the drag drawn from one picture: {pictures} taken, one per drag)")
    row("  the same, every item drawn   ", every_item, handled_every, "")
    row("drag of 20, no overlays        ", without, handled_without, "none_p95")
    print(f"full repaint of the table: median {statistics.median(full):.2f} ms, first "
          f"{full[0]:.2f} ms, max {max(full):.2f} ms -> median "
          f"{_verdict(statistics.median(full), TARGETS['full'])} (<= {TARGETS['full']:g} ms)")
    print(f"  the same, each model drawn by its own item: median "
          f"{statistics.median(each_itself):.2f} ms, max {max(each_itself):.2f} ms (baseline)")
    print(f"first painted demo board after launch, byte-compiled as installed: median "
          f"{first:.3f} s of {', '.join(f'{t:.3f}' for t in warm)} -> "
          f"{_verdict(first, TARGETS['first_paint'])} (<= {TARGETS['first_paint']:g} s)")
    print(f"  (the same from source, every module compiled at launch as this checkout runs "
          f"with PYTHONDONTWRITEBYTECODE: median {statistics.median(cold):.3f} s of "
          f"{', '.join(f'{t:.3f}' for t in cold)})")
    print(f"memory (RSS) with {models} models on screen: {memory:.1f} MB -> "
          f"{_verdict(memory, TARGETS['memory'])} (< {TARGETS['memory']:g} MB)")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
