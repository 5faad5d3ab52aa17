"""Storm a building: the assault procedure of the scenario's rule system, on the board.

``install(window)`` adds *Storm a Building…* to the **Buildings** menu and the tool bar
(``window.storm``). With a building selected it opens that building's assault at once;
otherwise the *storm* tool asks for a click on the building (Escape leaves it). The dialog is
the one of the scenario's rule system:

- Epic 40,000: the stands in contact, the assault factors and bonuses before rolling, then the
  roll-off, the kill number, the assault dice, critical and catastrophic damage
  (:class:`EpicAssaultDialog`);
- Warhammer Fantasy: declaration, the garrison's reaction, the charge, both assault parties,
  the fight and its result, step by step (:class:`FantasyAssaultDialog`);
- Warhammer 40,000 and Horus Heresy: close combat against the building's rear armour, with the
  exact odds before rolling (:class:`CloseCombatDialog`).

Every assault is one undo step; every die goes into the scenario's log with the seed. The
dialogs' modules are imported when a building is first stormed (or a name here is first asked
for), not with the window (issue 38).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from board.game.systems.protocol import AssaultKind
from board.view.assault.controller import DIALOGS, StormController
from board.view.assault.tool import StormTool

if TYPE_CHECKING:
    from board.view.assault.epic_dialog import EpicAssaultDialog
    from board.view.assault.fantasy_dialog import FantasyAssaultDialog
    from board.view.assault.wh40k_dialog import CloseCombatDialog
    from board.view.window import MainWindow

__all__ = [
    "install",
    "StormController",
    "StormTool",
    "EpicAssaultDialog",
    "FantasyAssaultDialog",
    "CloseCombatDialog",
]

#: The dialogs this package hands on, by the assault each plays.
_DIALOG_NAMES = {"CloseCombatDialog": AssaultKind.CLOSE_COMBAT,
                 "EpicAssaultDialog": AssaultKind.EPIC,
                 "FantasyAssaultDialog": AssaultKind.FANTASY}


def __getattr__(name: str) -> Any:
    """The three dialogs' classes, imported when first asked for (not with the window)."""
    if name in _DIALOG_NAMES:
        return DIALOGS[_DIALOG_NAMES[name]]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def install(window: MainWindow) -> None:
    """Add *Storm a Building…* to ``window`` (the controller is ``window.storm``)."""
    controller = StormController(window)
    window.features.storm = controller
    window.menu("&Buildings").addAction(controller.action)
    window.tool_bar.addAction(controller.action)
