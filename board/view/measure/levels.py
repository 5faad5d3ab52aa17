"""Models on levels in the window: Page Up / Page Down, and the height badge on each base.

Measure ▸ Up a level (Page Up) puts the selected models on the next level over them (a
ruin's upper level, the battlements), Down a level (Page Down) back down; each is one undo
step (an :class:`~board.view.commands.ApplyChangeCommand`, so it is journalled and shared
like every change). Every model standing above the table shows its height inside its base,
red when it is off its level's area or over the level's capacity (``battleboard check``
says which and why; docs/measure.md, Heights).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from shiboken6 import isValid

from board.document.changes import UNSET, Change
from board.document.distance_option import DISTANCE_RULE, SYSTEM_RULE, distance_choice
from board.game.core.levels import level_change, raised_models
from board.game.kit import DistanceRule
from board.game.systems.facts import facts_for
from board.view.commands import ApplyChangeCommand

if TYPE_CHECKING:
    from board.view.measure.feature import MeasureFeature

__all__ = ["LevelControl"]


class LevelControl(QObject):
    """The level actions of one window and the badges they leave on the bases."""

    def __init__(self, feature: MeasureFeature) -> None:
        super().__init__(feature.window)
        self.feature = feature
        self.layer = feature.layer
        self._badged: set[str] = set()
        self.layer.changed.connect(self.refresh)
        self.refresh()

    def actions(self) -> list[QAction]:
        """Up a level (Page Up) and Down a level (Page Down), for the Measure menu."""
        found = []
        for text, step, key in (("Up a &level", 1, "PgUp"), ("Down a le&vel", -1, "PgDown")):
            action = QAction(text, self.feature.window)
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(lambda *_, s=step: self.step(s))
            found.append(action)
        return found

    def step(self, step: int) -> bool:
        """Move the selected models ``step`` levels up or down (one undo step)."""
        window = self.feature.window
        scene = window.scene
        found = level_change(scene.document.scenario, self.layer.world(),
                             scene.selected_model_ids(), step)
        if isinstance(found, str):
            window.statusBar().showMessage(found)
            return False
        change, words = found
        window.undo_stack.push(ApplyChangeCommand(scene.document, change, f"Stand {words}"))
        window.statusBar().showMessage(f"Standing {words}")
        return True

    def rule_choices(self) -> list[tuple[str, str]]:
        """The rules a scenario may read heights by: the system's, then the house rules."""
        system = facts_for(self.layer.scene.document.scenario.rule_system).distance_rule
        return [(SYSTEM_RULE, f"the system's rule ({system.label})"),
                *((rule.value, rule.label) for rule in DistanceRule)]

    def rule_choice(self) -> str:
        """The scenario's ``distance_rule`` option (``system`` when not set)."""
        return distance_choice(self.layer.scene.document.scenario.options)

    def set_rule(self, value: str) -> None:
        """Read heights by ``value`` from now on (one undo step; ``system`` clears the option)."""
        if value == self.rule_choice():
            return
        document = self.layer.scene.document
        change = Change(options={DISTANCE_RULE: UNSET if value == SYSTEM_RULE else value})
        self.feature.window.undo_stack.push(
            ApplyChangeCommand(document, change, "Read distances with heights by "
                               + dict(self.rule_choices())[value]))

    def refresh(self) -> None:
        """Badge every raised model with its height; clear the badges of the others."""
        if not isValid(self) or not isValid(self.layer.scene):
            return
        scene, unit = self.layer.scene, self.layer.unit
        badged = set()
        for row in raised_models(self.layer.world()):
            try:
                item = scene.model_item(row.model_id)
            except KeyError:
                continue
            item.set_level(badge_text(row.height, unit), bool(row.problem))
            badged.add(row.model_id)
        for model_id in self._badged - badged:
            try:
                scene.model_item(model_id).set_level("")
            except KeyError:
                continue
        self._badged = badged


def badge_text(height: float, unit: str) -> str:
    """A height short enough for a base: ``8"``, ``2.5"``, ``7.6cm``.

    >>> badge_text(8.0, "in"), badge_text(2.5, "in"), badge_text(3.0, "cm")
    ('8"', '2.5"', '7.6cm')
    """
    value = height * 2.54 if unit == "cm" else height
    return f"{value:.2g}{'cm' if unit == 'cm' else chr(34)}"
