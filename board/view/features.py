"""The tools and docks that plug into the main window, each from its own module.

A feature is a function ``install(window)`` that adds its actions to the window's menus
(:meth:`MainWindow.menu`), its buttons to the tool bar (``window.tool_bar``), its docks
(``window.addDockWidget``) and its overlays to the scene. The window calls every installer
in :data:`FEATURES` once, in order, after building its own menus; so adding a tool is adding a
module and one line here, and the window itself does not grow. ``battleboard`` installs them
just after the board's first paint (:meth:`MainWindow.install_features`): nothing here is
imported before the board is on screen, and every tool is in place before a player can reach
for it.

A tool that takes the mouse is a :class:`board.view.tools.Tool` made active with
``window.scene.set_tool(tool)``; Escape returns to selecting. Every edit it makes is an undo
command (for a game action, :class:`board.view.commands.ApplyChangeCommand` over a
:class:`board.document.changes.Change`), every die it rolls goes into the scenario's log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["FEATURES", "install_features"]

Installer = Callable[["MainWindow"], None]

#: The installers, in the order their menus and docks appear.
FEATURES: list[Installer] = []


def install_features(window: MainWindow) -> None:
    """Install every feature into ``window``."""
    for install in FEATURES:
        install(window)

from board.view import deploy, export, log  # noqa: E402 - the features register below

FEATURES += [deploy.install, export.install, log.install]

from board.view import army  # noqa: E402 - registers below

FEATURES += [army.install]

from board.view import buildings  # noqa: E402 - registers below

FEATURES += [buildings.install]

from board.view import measure  # noqa: E402 - registers below

FEATURES += [measure.install]

from board.view import assault  # noqa: E402 - registers below

FEATURES += [assault.install]

from board.view import shooting  # noqa: E402 - registers below

FEATURES += [shooting.install]

from board.view import replay  # noqa: E402 - registers below

FEATURES += [replay.install]

from board.view import remote  # noqa: E402 - registers below

FEATURES += [remote.install]

from board.view.editors import buildings as own_buildings  # noqa: E402 - registers below
from board.view.editors import sides, units  # noqa: E402 - registers below

FEATURES += [units.install, own_buildings.install, sides.install]

from board.view import layouts  # noqa: E402 - registers below

FEATURES += [layouts.install]

from board.view import objectives  # noqa: E402 - registers below

FEATURES += [objectives.install]

from board.view import overview  # noqa: E402 - registers below (after the Shooting dock)

FEATURES += [overview.install]

from board.view import clash_flags  # noqa: E402 - registers below

FEATURES += [clash_flags.install]

from board.view import dock_layout  # noqa: E402 - after every dock is added

FEATURES += [dock_layout.install]

from board.view import help as help_menu  # noqa: E402 - last: it reads every other action

FEATURES += [help_menu.install]
