"""The ``battleboard`` command: open the demo, a file, or render a screenshot.

Usage::

    battleboard                        # the demo scenario
    battleboard FILE                   # a scenario file
    battleboard --screenshot OUT.png [FILE]   # draw the table to a PNG and exit
    battleboard check FILE [--json]    # print the facts of a saved scenario (no window)
    battleboard serve [--port N] [--data DIR]  # the room server for remote games (no window)
    battleboard dice FILE              # re-verify every fairly seeded roll of a saved game
    battleboard import-list ROSTER SCENARIO --side SIDE [--out FILE]  # bring an army list
    battleboard --first-paint [FILE]   # open the window, print when the board is painted, exit
    battleboard --version              # the version (pyproject.toml's)

The window needs a display. Without one (no ``DISPLAY`` or ``WAYLAND_DISPLAY`` on Linux, and
no ``QT_QPA_PLATFORM`` chosen) ``battleboard`` prints one line saying so and exits with status
2 instead of letting Qt abort; ``--screenshot``, ``check``, ``serve`` and ``dice`` need no
display and run without one by themselves (``--screenshot`` draws offscreen).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from board.document.collector import pause_collector
from board.player_env import restore_player_environment

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication

    from board.document.datasheet import Datasheet
    from board.document.model import Scenario
    from board.view.window import MainWindow

__all__ = ["main", "render_screenshot", "SCREENSHOT_SIZE", "COMMANDS", "NO_DISPLAY",
           "has_display", "one_blas_thread"]

#: The screenshot's size in pixels (the table is fitted inside, rulers included).
SCREENSHOT_SIZE = (1900, 1300)

#: The window gets its tools right after its first paint, or after this many ms at the latest.
TOOLS_AT_THE_LATEST_MS = 1000


#: Every form of the command, as ``--help`` lists them.
COMMANDS = (
    ("battleboard", "open the demo scenario in the window"),
    ("battleboard FILE", "open a scenario file in the window"),
    ("battleboard --screenshot OUT.png [FILE]",
     "draw the table (the demo, or FILE) to a PNG and exit; needs no display"),
    ("battleboard check FILE [--json]",
     "print the facts of a saved scenario (measurements, void shields, deployment, "
     "buildings) without a window; needs no display"),
    ("battleboard serve [--port N] [--data DIR]",
     "the room server for remote games, without a window; needs no display"),
    ("battleboard dice FILE", "re-verify every fairly seeded roll of a saved game"),
    ("battleboard import-list ROSTER SCENARIO --side SIDE [--out FILE]",
     "import a BattleScribe (.ros, .rosz) or New Recruit (JSON) army list into a scenario, "
     "deployed in the side's zone; needs no display"),
    ("battleboard --first-paint [FILE]",
     "open the window, print the moment the board is first painted (seconds since the epoch) "
     "and exit: the smoke test of an installed copy"),
    ("battleboard --version", "print the version"),
    ("battleboard --help", "this list"),
)

#: Exit status when the window cannot be shown for want of a display.
NO_DISPLAY = 2


def has_display(environ: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    """Whether a window can be shown: a display on Linux, or a Qt platform chosen by hand.

    >>> has_display({}, "linux")
    False
    >>> has_display({"DISPLAY": ":0"}, "linux"), has_display({"QT_QPA_PLATFORM": "xcb"}, "linux")
    (True, True)
    >>> has_display({}, "darwin")
    True
    """
    env = os.environ if environ is None else environ
    if env.get("QT_QPA_PLATFORM"):
        return True
    if not (platform or sys.platform).startswith("linux"):
        return True  # Windows and macOS always have their own window system
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def _epilog() -> str:
    width = max(len(form) for form, _ in COMMANDS)
    lines = [f"  {form:<{width}}  {what}" for form, what in COMMANDS]
    return "commands:\n" + "\n".join(lines)


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="battleboard",
        description="A true-scale tabletop wargames board that knows the rules for buildings.",
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "file", nargs="?", type=Path, help="scenario file to open (default: the demo scenario)"
    )
    parser.add_argument(
        "--screenshot",
        metavar="OUT.png",
        type=Path,
        help="render the table to a PNG without showing a window, then exit",
    )
    parser.add_argument(
        "--first-paint",
        action="store_true",
        help="open the window, print when the board is first painted, then exit",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    return parser.parse_args(argv)


def render_screenshot(
    scenario: Scenario,
    library: Mapping[str, Datasheet],
    out: Path,
    size: tuple[int, int] = SCREENSHOT_SIZE,
) -> None:
    """Draw ``scenario``'s whole table with rulers into the PNG ``out``; no window is shown.

    The kept measurements (rulers, verdicts, range rings) are drawn as the window shows them.
    """
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QApplication

    from board.document.edits import ScenarioDocument
    from board.view.measure.layer import MeasureLayer
    from board.view.rulers import BoardWidget
    from board.view.scene import BoardScene
    from board.view.view import BoardView

    document = ScenarioDocument(scenario)
    stack = QUndoStack()
    scene = BoardScene(document, library, stack)
    MeasureLayer(scene)  # a child of the scene: the kept measurements
    view = BoardView(scene)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    widget = BoardWidget(view)
    widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    widget.resize(*size)
    widget.show()
    QApplication.processEvents()
    view.fit_table()
    QApplication.processEvents()
    image = widget.grab()
    widget.close()
    if not image.save(str(out), "PNG"):
        raise OSError(f"could not write the PNG {out}")


def _refuse(path: Path, error: Exception, show_box: bool) -> None:
    """Say why ``path`` cannot be opened: on stderr, and in a message box for the window."""
    from PySide6.QtWidgets import QMessageBox

    from board.document.errors import MAX_MESSAGE, ScenarioError, clip, one_line

    if not isinstance(error, ScenarioError):  # a bug: still one line, never a traceback
        error = ScenarioError(f"cannot open this file ({type(error).__name__}: {error})")
    text = str(error) if str(path) in str(error) else f"{path}: {error}"
    text = clip(one_line(text), MAX_MESSAGE + 40)
    print(f"battleboard: cannot open {text}", file=sys.stderr)
    if show_box:
        QMessageBox.critical(None, "battleboard", f"Cannot open {text}")


#: OpenBLAS's settings for how many threads its pool starts (the first it finds is used).
BLAS_THREAD_SETTINGS = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")


def one_blas_thread(environ: MutableMapping[str, str] | None = None) -> None:
    """Have numpy's OpenBLAS start one thread, not one per core, unless the user chose.

    Nothing in battleboard multiplies matrices big enough for OpenBLAS to share the work
    (its products are a few points by two coordinates; it splits only large ones), so the
    answers are the same; starting a pool of one thread per core is a good part of what
    importing numpy costs at launch (docs/paint.md has the figures). Must run before numpy
    is imported.

    >>> env = {}
    >>> one_blas_thread(env); env
    {'OPENBLAS_NUM_THREADS': '1'}
    >>> env = {"OMP_NUM_THREADS": "4"}
    >>> one_blas_thread(env); env
    {'OMP_NUM_THREADS': '4'}
    """
    env = os.environ if environ is None else environ
    if not any(env.get(name) for name in BLAS_THREAD_SETTINGS):
        env["OPENBLAS_NUM_THREADS"] = "1"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``battleboard`` command; return the exit status."""
    # The players' bundle: the player's environment back before anything is started (a Help
    # link's browser); Qt gets the bundle's plugins directly (board/player_env.py).
    qt_plugins = restore_player_environment().get("QT_PLUGIN_PATH")
    if "numpy" not in sys.modules:  # imported already (a test run): its pool is made
        one_blas_thread()
    words = list(sys.argv[1:] if argv is None else argv)
    if "--version" in words:  # no Qt; not read at a launch (tomllib, importlib.metadata)
        from board.version import version

        print(f"battleboard {version()}")
        return 0
    if words[:1] == ["check"]:  # no window, no Qt: board/check.py
        from board.check import main as check_main

        return check_main(words[1:])
    if words[:1] == ["serve"]:  # no window: board/shared/serve_cli.py
        from board.shared.serve_cli import main as serve_main

        return serve_main(words[1:])
    if words[:1] == ["dice"]:  # no window: board/shared/dice_cli.py
        from board.shared.dice_cli import main as dice_main

        return dice_main(words[1:])
    if words[:1] == ["import-list"]:  # no window: board/import_list.py
        from board.import_list import main as import_main

        return import_main(words[1:])
    args = _parse(argv)
    if not has_display():
        if args.screenshot is None:
            print("battleboard: no display to open the window on (DISPLAY and WAYLAND_DISPLAY "
                  "are unset); `battleboard --screenshot OUT.png [FILE]` and `battleboard check "
                  "FILE` work without one", file=sys.stderr)
            return NO_DISPLAY
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # a screenshot needs no screen
    # No collection passes while the launch imports and builds the board (they walked the
    # same live objects some 80 times, 25-40 ms): the collector runs again at its first paint.
    resume_collector = pause_collector()
    try:
        return _run(args, resume_collector, qt_plugins)
    finally:
        resume_collector()


def _run(args: argparse.Namespace, resume_collector: Callable[[], None],
         qt_plugins: str | None = None) -> int:
    """Open the window (or draw the screenshot); ``resume_collector`` once it is painted.

    ``qt_plugins``: the bundle's Qt plugin folder, Qt's only one (not the player's own).
    """
    from PySide6.QtCore import QCoreApplication, QTimer
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from board.view.import_scan import scan_imports_quickly

    scan_imports_quickly()  # PySide's look at each later import: one read (gated by version)
    from board.document.datasheets import load_library
    from board.document.io import load_scenario
    from resources import APP_ICON, DEMO_SCENARIO

    if qt_plugins and QApplication.instance() is None:
        QCoreApplication.setLibraryPaths(qt_plugins.split(os.pathsep))
    app = QApplication.instance() or QApplication(["battleboard"])
    QApplication.setWindowIcon(QIcon(str(APP_ICON)))  # the task bar's, the window switcher's
    path = args.file if args.file is not None else DEMO_SCENARIO
    try:
        library = load_library()
        scenario = load_scenario(path, library)
    except Exception as error:  # a ScenarioError, or a bug: one line, one box, status 2
        # The player sees a box; a screenshot or a smoke test has no one to click it away.
        _refuse(path, error, show_box=args.screenshot is None and not args.first_paint)
        return 2
    if args.screenshot is not None:
        return _screenshot(scenario, library, args.screenshot)
    from board.view.first_paint import after_first_paint
    from board.view.journal_dialogs import OpenChoice
    from board.view.screen_fit import fit_on_screen
    from board.view.window import MainWindow

    # The board is painted first, the tools next; its journal is kept (docs/files.md).
    window = MainWindow(library, features=False, journal=True, board_follows=True)
    assert window.journal is not None
    # A 900 px screen: the window, its title bar too, opens inside it (and again once it is
    # shown and framed, and once its tools' docks are in: board.view.screen_fit).
    fit_on_screen(window)
    try:
        # Another running window has the file open: the player chooses first (docs/files.md).
        choice = window.files.ask_if_open_elsewhere(args.file) if args.file is not None else None
        if choice is OpenChoice.CANCEL:
            return 0
        recovered = window.journal.offer_recovery([args.file] if args.file is not None else [])
        # Shown (laid out at its real size) before the board is put on it: the board is
        # fitted, and its labels judged, once, at the zoom the player sees. Nothing is
        # painted before the event loop runs, so the first paint is of the whole board.
        window.show()
        fit_on_screen(window)  # framed now, after a recovery too
        if not recovered:
            window.show_scenario(scenario, args.file)
            if args.file is not None and choice is not None:
                window.files.opened(args.file, choice)
    except Exception as error:  # the board cannot show it: one line, one box, status 2
        _refuse(path, error, show_box=True)
        return 2
    QTimer.singleShot(0, window.view.fit_table)  # once the window system has sized it
    after_first_paint(window.view.viewport(), lambda: _give_tools(window, resume_collector))
    if args.first_paint:  # the smoke test of an installed copy: the board painted, then out
        after_first_paint(window.view.viewport(), lambda: _report_first_paint(app, window))
    # A window that is not painted soon (started minimised, say) gets its tools all the same.
    QTimer.singleShot(TOOLS_AT_THE_LATEST_MS, lambda: _give_tools(window, resume_collector))
    return int(app.exec())


def _report_first_paint(app: QCoreApplication, window: MainWindow) -> None:
    """Print the moment the board was painted, close the window as a player would, quit."""
    from board.view.screen_fit import available_area

    frame, area = window.frameGeometry(), available_area(window)
    if area is not None:  # the smoke test's check that the window opened inside the screen
        print(f"battleboard: window {frame.width()}x{frame.height()} at {frame.x()},{frame.y()}"
              f" in a screen area {area.width()}x{area.height()} at {area.x()},{area.y()}")
    print(f"battleboard: first paint at {time.time():.6f}", flush=True)
    window.close()  # its journal is closed and removed as on any clean close
    app.exit(0)


def _give_tools(window: MainWindow, resume_collector: Callable[[], None] = lambda: None) -> None:
    """Install the window's tools, once; refit the table to the room their docks leave.

    The garbage collector runs again first (``resume_collector``: the launch held it).
    """
    from board.view.screen_fit import fit_on_screen

    resume_collector()
    if window.features_installed:
        return
    window.install_features()
    fit_on_screen(window)  # the docks never push the status bar off the screen
    window.view.fit_table()


def _screenshot(scenario: Scenario, library: Mapping[str, Datasheet], out: Path) -> int:
    try:
        render_screenshot(scenario, library, out)
    except OSError as error:
        print(f"battleboard: {error}", file=sys.stderr)
        return 1
    print(f"battleboard: wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
