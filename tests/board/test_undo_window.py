"""Undo that cannot break, through the real window: its commands, undone and redone.

The small window-driven companion of ``test_undo_property.py`` (which drives the same
command objects headlessly, at a larger size, over every command): here a hypothesis state
machine drives one real window (every feature installed) on the demo
board through the commands a player has: place terrain (multi-part buildings too, more than
once), add a unit, move and turn the selection, delete it, embark and disembark, shoot a
building, automated fire, start the battle and end turns, choose a deployment map, claim a
building (its context menu), keep range rings;
and Undo and Redo at any point. After every step the board must equal the one recorded for
that place in the history: an edit pushed is one step; undo goes back exactly to the board
before it; redo forward exactly to the one after; a refused edit changes nothing and adds
no step. Every sequence has at least ``MIN_EDITS`` accepted edits (a sequence hypothesis
ends short gets more drags). At the end the whole history is undone to the start and redone
to the end.

The CI size is set below (``EXAMPLES`` sequences); ``BATTLEBOARD_UNDO_WINDOW_EXAMPLES`` runs
more (``benchmarks/undo_bench.py --window``).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from board.document.io import load_scenario, scenario_to_dict
from board.document.model import Base, TroopType
from board.view.context_menu import building_menu
from board.view.palette import UnitSpec
from board.view.window import MainWindow
from resources import DEMO_SCENARIO

EXAMPLES = int(os.environ.get("BATTLEBOARD_UNDO_WINDOW_EXAMPLES", "2"))
MIN_EDITS = int(os.environ.get("BATTLEBOARD_UNDO_EDITS", "30"))
STEPS = int(os.environ.get("BATTLEBOARD_UNDO_STEPS", str(MIN_EDITS * 2)))
#: Accepted edits of each sequence run (the benchmark prints them).
EDITS: list[int] = []
SHEETS = ("aquila_strongpoint", "imperial_bastion", "wh40k_small_building",
          "fortress_of_redemption")

_WINDOW: list[MainWindow] = []


def _window(library: Any, tmp: str) -> MainWindow:
    if not _WINDOW:
        settings = QSettings(os.path.join(tmp, "undo.ini"), QSettings.Format.IniFormat)
        window = MainWindow(library, settings)
        window.files.ask_save_changes = lambda: QMessageBox.StandardButton.Discard
        window.show()
        _WINDOW.append(window)
    return _WINDOW[0]


class WindowCommands(RuleBasedStateMachine):
    """The window's commands as rules; the history as the model."""

    library: Any = None
    tmp = ""

    def __init__(self) -> None:
        super().__init__()
        self.window = _window(self.library, self.tmp)
        self.window.show_scenario(load_scenario(DEMO_SCENARIO, self.library))
        self.stack = self.window.undo_stack
        self.history = [scenario_to_dict(self.window.scenario)]
        self.seen_index = 0
        self.pushed = 0

    # -- the model ----------------------------------------------------------------------------
    def _after_edit(self, mergeable: bool = False) -> None:
        """Record the board at the stack's place (a merged step replaces the last one).

        A command that added no step (refused, or nothing to do) must have changed nothing,
        unless it merged into the last step (turning the same models again).
        """
        QApplication.processEvents()
        index = self.stack.index()
        now = scenario_to_dict(self.window.scenario)
        if index == self.seen_index:  # no step: refused, nothing to do, or merged
            if not mergeable:
                assert now == self.history[index], "a command that added no step changed it"
            self.history[index] = now
            return
        assert index == self.seen_index + 1, "more than one step for one command"
        self.history[index:] = [now]
        self.pushed += 1

    def _scenario(self) -> Any:
        return self.window.scenario

    def _select(self, model_ids: list[str], piece_ids: list[str]) -> None:
        scene = self.window.scene
        scene.clearSelection()
        for mid in model_ids:
            if mid in scene.model_items():
                scene.model_item(mid).setSelected(True)
        for pid in piece_ids:
            scene.piece_item(pid).setSelected(True)

    def _on_table(self) -> list[str]:
        return [m.id for u in self._scenario().units if u.on_table for m in u.models]

    # -- rules ------------------------------------------------------------------------------
    @rule(sheet=st.sampled_from(SHEETS), x=st.floats(8, 60), y=st.floats(8, 40))
    def place_terrain(self, sheet: str, x: float, y: float) -> None:
        self.window.view.centerOn(x, y)
        self.window.place_terrain(sheet)
        self._after_edit()

    @rule(count=st.integers(1, 6), side=st.integers(0, 1), x=st.floats(5, 65))
    def add_unit(self, count: int, side: int, x: float) -> None:
        self.window.view.centerOn(x, 24.0)
        sides = self._scenario().sides
        self.window.add_unit(UnitSpec("Squad", sides[side % len(sides)].id,
                                      TroopType.INFANTRY, count, Base.round_mm(32)))
        self._after_edit()

    @rule(data=st.data(), dx=st.floats(-4, 4), dy=st.floats(-4, 4))
    def move_selection(self, data: st.DataObject, dx: float, dy: float) -> None:
        models, pieces = self._on_table(), [p.id for p in self._scenario().terrain]
        chosen = data.draw(st.lists(st.sampled_from(models), max_size=6, unique=True)
                           if models else st.just([]))
        parts = data.draw(st.lists(st.sampled_from(pieces), max_size=1) if pieces
                          else st.just([]))
        scene = self.window.scene
        old_m = scene.model_positions(chosen)
        old_p = scene.piece_placements(parts)
        scene.push_drag(old_m, {m: (x + dx, y + dy) for m, (x, y) in old_m.items()},
                        old_p, {p: (x + dx, y + dy, r) for p, (x, y, r) in old_p.items()})
        self._after_edit()

    @rule(data=st.data(), degrees=st.sampled_from([15.0, -15.0, 90.0]))
    def rotate_selection(self, data: st.DataObject, degrees: float) -> None:
        models, pieces = self._on_table(), [p.id for p in self._scenario().terrain]
        self._select(data.draw(st.lists(st.sampled_from(models), max_size=4) if models
                               else st.just([])),
                     data.draw(st.lists(st.sampled_from(pieces), max_size=1) if pieces
                               else st.just([])))
        self.window.rotate_selected(degrees)
        self._after_edit(mergeable=True)

    @rule(data=st.data())
    def delete_selection(self, data: st.DataObject) -> None:
        models, pieces = self._on_table(), [p.id for p in self._scenario().terrain]
        self._select(data.draw(st.lists(st.sampled_from(models), max_size=5) if models
                               else st.just([])),
                     data.draw(st.lists(st.sampled_from(pieces), max_size=1) if pieces
                               else st.just([])))
        self.window.delete_selected()
        self._after_edit()

    @rule(data=st.data())
    def embark(self, data: st.DataObject) -> None:
        scenario = self._scenario()
        units = [u.id for u in scenario.units if u.on_table]
        pieces = [p.id for p in scenario.terrain]
        if units and pieces:
            controller = self.window.buildings
            controller.embark(data.draw(st.sampled_from(units)), data.draw(st.sampled_from(pieces)))
        self._after_edit()

    @rule(data=st.data())
    def disembark(self, data: st.DataObject) -> None:
        inside = [u.id for u in self._scenario().units if not u.on_table]
        if inside:
            controller = self.window.buildings
            decision = controller.start_disembark(data.draw(st.sampled_from(inside)))
            if decision:
                controller.complete_disembark()
            controller.abandon_disembark()
        self._after_edit()

    @rule(data=st.data(), seed=st.integers(0, 10**6))
    def shoot(self, data: st.DataObject, seed: int) -> None:
        pieces = [p.id for p in self._scenario().terrain]
        if pieces:
            dialog = self.window.shooting.open_shoot_dialog(data.draw(st.sampled_from(pieces)))
            dialog.seed.setText(str(seed))
            dialog.roll()
            dialog.close()
        self._after_edit()

    @rule(seed=st.integers(0, 10**6))
    def automated_fire(self, seed: int) -> None:
        self.window.shooting.automated_fire(seed)
        self._after_edit()

    @rule(side=st.integers(0, 1), seed=st.integers(0, 10**6), start=st.booleans())
    def turns(self, side: int, seed: int, start: bool) -> None:
        sides = self._scenario().sides
        if start:
            self.window.shooting.start_battle(sides[side % len(sides)].id)
        else:
            self.window.shooting.end_turn(seed)
        self._after_edit()

    @rule(data=st.data())
    def deployment_map(self, data: st.DataObject) -> None:
        from board.game.deployment.deploy_choice import deployment_choices

        choices = [c.key for c in deployment_choices(self._scenario())]
        if choices:
            self.window.deploy.choose_map(data.draw(st.sampled_from(choices)))
        self._after_edit()

    @rule(data=st.data())
    def claim(self, data: st.DataObject) -> None:
        pieces = [p.id for p in self._scenario().terrain]
        if pieces:
            menu = building_menu(self.window.document, self.stack,
                                 data.draw(st.sampled_from(pieces)), self.window)
            data.draw(st.sampled_from(menu.actions())).trigger()
            menu.deleteLater()
        self._after_edit()

    @rule(data=st.data(), text=st.sampled_from(["6", "12 24", "3.5"]))
    def range_rings(self, data: st.DataObject, text: str) -> None:
        models, pieces = self._on_table(), [p.id for p in self._scenario().terrain]
        if models or pieces:
            pick = data.draw(st.sampled_from([*models[:20], *pieces]))
            self._select([pick] if pick in models else [], [pick] if pick in pieces else [])
            self.window.measure.rings_around_selection(text)
        self._after_edit()

    @precondition(lambda self: self.stack.canUndo())
    @rule()
    def undo(self) -> None:
        self.stack.undo()
        QApplication.processEvents()

    @precondition(lambda self: self.stack.canRedo())
    @rule()
    def redo(self) -> None:
        self.stack.redo()
        QApplication.processEvents()

    @invariant()
    def the_board_is_the_one_at_this_place_in_the_history(self) -> None:
        index = self.seen_index = self.stack.index()
        assert self.stack.count() == len(self.history) - 1
        assert scenario_to_dict(self._scenario()) == self.history[index]
        assert set(self.window.scene.model_items()) == set(self._on_table())
        assert set(self.window.scene.piece_items()) == {p.id for p in self._scenario().terrain}

    def teardown(self) -> None:
        k = 0
        while self.pushed < MIN_EDITS:  # hypothesis ended it short: more drags
            k += 1
            assert k < 4 * MIN_EDITS, f"only {self.pushed} edits accepted after topping up"
            models = self._on_table()
            chosen = models[k % len(models):][:1] if models else []
            pieces = [] if models else [p.id for p in self._scenario().terrain][:1]
            old_m = self.window.scene.model_positions(chosen)
            old_p = self.window.scene.piece_placements(pieces)
            self.window.scene.push_drag(
                old_m, {m: (x + 0.25 * (k % 3 - 1), y + 0.5) for m, (x, y) in old_m.items()},
                old_p, {p: (x, y + 0.5, r) for p, (x, y, r) in old_p.items()})
            self._after_edit()
            self.the_board_is_the_one_at_this_place_in_the_history()
        EDITS.append(self.pushed)
        while self.stack.canUndo():
            self.stack.undo()
        assert scenario_to_dict(self._scenario()) == self.history[0]
        while self.stack.canRedo():
            self.stack.redo()
        assert scenario_to_dict(self._scenario()) == self.history[-1]


@pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")
def test_window_command_sequences_undo_and_redo_exactly(qtbot, library, tmp_path) -> None:
    WindowCommands.library = library
    WindowCommands.tmp = str(tmp_path)
    try:
        EDITS.clear()
        run_state_machine_as_test(
            WindowCommands,
            settings=settings(max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None,
                              suppress_health_check=list(HealthCheck), database=None,
                              phases=[Phase.explicit, Phase.generate, Phase.shrink]),
            _min_steps=STEPS)
        print(f"\nundo property (window): {len(EDITS)} sequences of {min(EDITS)}-{max(EDITS)} "
              "accepted edits")
        assert len(EDITS) >= EXAMPLES and min(EDITS) >= MIN_EDITS
    finally:
        while _WINDOW:
            window = _WINDOW.pop()
            window.undo_stack.clear()
            window.close()
