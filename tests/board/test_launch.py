"""The launch: ``battleboard`` paints the board first and gives the window its tools right after."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QLabel

from board.main import main
from board.view.first_paint import after_first_paint
from board.view.window import MainWindow


class Paints(QObject):
    """Writes "paint" into ``events`` at each paint of the widgets it watches."""

    def __init__(self, events: list[str]) -> None:
        super().__init__()
        self.events = events

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint:
            self.events.append("paint")
        return False


def menu_titles(window: MainWindow) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def test_the_callback_comes_once_after_the_first_paint_not_before(qtbot):
    label = QLabel("board")
    qtbot.addWidget(label)
    events: list[str] = []
    watcher = Paints(events)
    label.installEventFilter(watcher)
    after_first_paint(label, lambda: events.append("called"))
    qtbot.wait(20)
    assert events == []  # not shown: no paint, no call
    label.show()
    qtbot.waitUntil(lambda: "called" in events, timeout=2000)
    assert events.index("paint") < events.index("called")
    label.update()
    qtbot.waitUntil(lambda: events.count("paint") >= 2, timeout=2000)
    qtbot.wait(20)
    assert events.count("called") == 1


def test_a_window_without_features_gets_them_once(qtbot, library, scenario):
    window = MainWindow(library, features=False)
    qtbot.addWidget(window)
    window.show_scenario(scenario)
    assert "&Shoot" not in menu_titles(window) and not window.features_installed
    window.install_features()
    window.install_features()  # a second call adds nothing
    titles = menu_titles(window)
    assert titles.count("&Shoot") == 1 and titles.count("&Buildings") == 1
    assert window.features_installed and window.shooting.dock is not None


def test_battleboard_paints_the_demo_board_then_gives_the_tools(qtbot, monkeypatch):
    events: list[str] = []
    watcher = Paints(events)
    real_install = MainWindow.install_features

    def install(self: MainWindow) -> None:
        events.append("tools")
        real_install(self)

    monkeypatch.setattr(MainWindow, "install_features", install)
    window = launch(qtbot, monkeypatch, lambda w: w.view.viewport().installEventFilter(watcher))
    try:
        assert events[0] == "paint" and events.count("tools") == 1  # the board came first
        assert {"&Shoot", "&Game", "&Buildings", "&Measure"} <= set(menu_titles(window))
        assert window.scenario.units  # the demo is on the board
    finally:
        window.undo_stack.setClean()
        window.close()


def test_a_window_never_painted_gets_its_tools_all_the_same(qtbot, monkeypatch):
    import board.main

    windows: list[MainWindow] = []

    def run_until_the_tools_come(_: QApplication) -> int:
        qtbot.waitUntil(lambda: bool(windows) and windows[0].features_installed, timeout=5000)
        return 0

    monkeypatch.setattr(MainWindow, "show", lambda self: windows.append(self))  # never painted
    monkeypatch.setattr(QApplication, "exec", run_until_the_tools_come)
    monkeypatch.setattr(board.main, "TOOLS_AT_THE_LATEST_MS", 50)
    assert main([]) == 0
    assert "&Shoot" in menu_titles(windows[0]) and not windows[0].isVisible()


def test_the_tests_never_write_the_users_own_settings(qapp):
    """``main([])`` makes its window's QSettings itself: the run's own folder has them."""
    import os
    from pathlib import Path

    from PySide6.QtCore import QSettings

    where = Path(QSettings("battleboard", "battleboard").fileName()).resolve()
    assert Path(os.environ["BATTLEBOARD_TEST_SETTINGS"]).resolve() in where.parents
    assert Path.home().resolve() / ".config" not in where.parents


def test_a_new_scenario_of_another_system_changes_the_palettes_choices(window, library):
    """The setup editors hear a new scenario through ``document.changed`` (its one event)."""
    from board.document.model import RuleSystem, Scenario, Table
    from board.game.systems.setup import base_sizes, troop_types

    def offered() -> tuple[list[str], list[str], list[str]]:
        palette = window.palette_dock
        return ([palette.troop_box.itemText(k) for k in range(palette.troop_box.count())],
                [palette.base_box.itemText(k) for k in range(palette.base_box.count())],
                [palette.terrain_list.item(k).text()
                 for k in range(palette.terrain_list.count())])

    before = offered()
    window.show_scenario(Scenario(name="Epic", table=Table(72.0, 48.0),
                                  rule_system=RuleSystem.EPIC40K))
    troops, bases, sheets = offered()
    assert troops == [t.label for t in troop_types(RuleSystem.EPIC40K)]
    assert bases == [b.label for b in base_sizes(RuleSystem.EPIC40K)]
    assert (troops, bases, sheets) != before
    assert all(library[s].name in sheets for s in library
               if "epic40k" in library[s].systems)


class FirstBoardPaint(QObject):
    """At the view's first paint: the zoom, each building's judging zoom, the label overlaps."""

    def __init__(self, window: MainWindow, judged: list[str]) -> None:
        super().__init__(window)
        self.window = window
        self.judged = judged
        self.seen: dict | None = None
        window.view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        from board.view.items.building_item import BuildingItem
        from board.view.items.obstacles import label_overlaps

        if event.type() == QEvent.Type.Paint and self.seen is None:
            view = self.window.view
            buildings = [i for i in view.scene().items() if isinstance(i, BuildingItem)]
            self.seen = {
                "zoom": view.scale_factor,
                "judged_at": {b.piece_id: b.judging_scale() for b in buildings},
                "judged": list(self.judged),
                "overlaps": label_overlaps(view.scene(), view.viewportTransform()),
            }
        return False


def launch(qtbot, monkeypatch, on_show=None) -> MainWindow:
    """Run ``battleboard`` (the demo) until its tools are in; the window, still open."""
    windows: list[MainWindow] = []
    real_show = MainWindow.show

    def show(self: MainWindow) -> None:
        windows.append(self)
        if on_show is not None:
            on_show(self)
        real_show(self)

    def run_until_the_tools_come(_: QApplication) -> int:
        qtbot.waitUntil(lambda: bool(windows) and windows[0].features_installed, timeout=5000)
        return 0

    monkeypatch.setattr(MainWindow, "show", show)
    monkeypatch.setattr(QApplication, "exec", run_until_the_tools_come)
    assert main([]) == 0
    return windows[0]


def test_the_launch_judges_the_demo_labels_once_at_the_zoom_of_its_first_paint(
        qtbot, monkeypatch):
    """The window is laid out before the board is put on it: no judging at another zoom."""
    from board.view.items.building_item import BuildingItem

    judged: list[str] = []
    settle = BuildingItem._settle_badges

    def counted(item: BuildingItem, *args: object) -> None:
        judged.append(item.piece_id)
        settle(item, *args)

    monkeypatch.setattr(BuildingItem, "_settle_badges", counted)
    watchers: list[FirstBoardPaint] = []
    window = launch(qtbot, monkeypatch, lambda w: watchers.append(FirstBoardPaint(w, judged)))
    try:
        seen = watchers[0].seen
        assert seen is not None
        pieces = sorted(p.id for p in window.scenario.terrain)
        assert sorted(seen["judged"]) == pieces  # each building once before the first paint
        assert set(seen["judged_at"].values()) == {min(seen["zoom"], 200.0)}
        assert seen["overlaps"] == {"label/label": [], "label/model": [], "label/symbol": []}
    finally:
        window.undo_stack.setClean()
        window.close()


def test_after_launch_the_tools_answer_real_keys_and_clicks(qtbot, monkeypatch):
    """As soon as the tools are in: a tool's shortcut, a menu's, a click on a model."""
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtTest import QTest

    window = launch(qtbot, monkeypatch)
    try:
        window.activateWindow()
        qtbot.waitActive(window)
        viewport = window.view.viewport()
        deploy = window.deploy.show_action
        assert not deploy.isChecked()
        QTest.keyClick(viewport, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier
                       | Qt.KeyboardModifier.ShiftModifier)  # Deploy ▸ Show Deployment
        qtbot.waitUntil(deploy.isChecked, timeout=2000)
        assert window.deploy.zones_item.isVisible()
        model = next(u for u in window.scenario.units if u.on_table).models[0]
        at = window.view.mapFromScene(QPointF(model.x, model.y))
        QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
        assert window.scene.selected_model_ids() == [model.id]
        QTest.keyClick(viewport, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)  # Select All
        on_table = [m.id for u in window.scenario.units if u.on_table for m in u.models]
        assert sorted(window.scene.selected_model_ids()) == sorted(on_table)
    finally:
        window.undo_stack.setClean()
        window.close()


def test_the_launch_paints_without_the_geometry_and_tool_modules(tmp_path):
    """Before the first paint: no line of sight, zones, tools or network stack imported.

    Nor numpy and Shapely: the datasheets' and the demo's shapes are judged in plain Python
    when the answer is sure (board/document/shapes.py), the buildings' badges and labels
    placed over plain rectangles, the footprints drawn from their points.
    """
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = (
        "import sys\n"
        "from PySide6.QtCore import QEvent, QObject\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication(['battleboard'])\n"
        "class First(QObject):\n"
        "    def eventFilter(self, watched, event):\n"
        "        if event.type() == QEvent.Type.Paint and "
        "type(watched.parent()).__name__ == 'BoardView':\n"
        "            print(' '.join(sorted(sys.modules)), flush=True)\n"
        "            app.removeEventFilter(self)\n"
        "            app.exit(0)\n"
        "        return False\n"
        "first = First()\n"
        "app.installEventFilter(first)\n"
        "from board.main import main\n"
        "sys.exit(main([]))\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(root),
               BATTLEBOARD_DATA_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", script], cwd=root, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    modules = set(done.stdout.split())
    assert "board.view.window" in modules, done.stderr[-2000:]  # the board was painted
    assert not modules & {"board.game.core.world", "geometry.sight", "geometry.zones",
                          "board.view.features", "board.view.shooting", "rules", "pycrdt",
                          "numpy", "shapely", "geometry.footprints", "geometry.measure",
                          "board.document.shapes_shapely"}


def test_the_collector_is_held_until_the_first_paint_then_runs_again(qtbot, monkeypatch, tmp_path):
    """No collection passes while the launch builds the board; as before once it is painted."""
    import gc

    seen: list[bool] = []

    class AtPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint and not seen:
                seen.append(gc.isenabled())
            return False

    watcher = AtPaint()
    assert gc.isenabled()
    window = launch(qtbot, monkeypatch, lambda w: w.view.viewport().installEventFilter(watcher))
    try:
        assert seen == [False] and gc.isenabled()
    finally:
        window.undo_stack.setClean()
        window.close()
    from PySide6.QtWidgets import QMessageBox

    boxes: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *args: boxes.append(args[2]))
    assert main([str(tmp_path / "missing.json")]) == 2
    assert boxes and gc.isenabled()  # refused in a box: the collector runs again


def test_the_launch_writes_one_journal_the_demos(qtbot, monkeypatch):
    """The window is made for the demo: its journal starts with the demo, not an empty board."""
    from board.document.journal import Journal

    started: list[str] = []
    real_start = Journal.start.__func__  # type: ignore[attr-defined]

    def start(cls, path, document, *args, **kwargs):  # noqa: ANN001, ANN202
        started.append(document.scenario.name)
        return real_start(cls, path, document, *args, **kwargs)

    monkeypatch.setattr(Journal, "start", classmethod(start))
    window = launch(qtbot, monkeypatch)
    try:
        assert started == [window.scenario.name] and window.journal.journal is not None
        assert window.journal.journal.path.exists()
    finally:
        window.undo_stack.setClean()
        window.close()
