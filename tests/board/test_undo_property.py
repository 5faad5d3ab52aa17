"""Undo that cannot break: random sequences of every command the window offers, undone and redone.

A hypothesis state machine drives :class:`tests.board.undo_harness.HeadlessBoard` — the
window's own command objects on the window's undo stack (``BoardUndoStack``) over a real
document with a real journal, without the window's scene and repaint — through every
command a player has on a 40K board: place terrain (multi-part buildings, more than once),
add a unit, edit a unit, rename the sides, drag models and pieces (with the claim a drag
onto battlements brings), charge a model into base contact, turn the selection (turns of the
same selection merge), delete it, claim a building, embark, move between the parts of a
multi-part building, disembark, shoot a building (a unit or an emplaced weapon), automated
fire, close combat, who goes first and end turn, choose a deployment map, keep a ruler, a
"within" question, range rings and weapon ranges, remove a kept measurement; and Undo and
Redo at any point.

After every step:

- the board equals, as the exact JSON a save writes, the one recorded for that place in the
  history: an edit pushed is one step; undo goes back exactly to the board before it; redo
  forward exactly to the one after; a refused edit changes nothing and adds no step;
- the journal, replayed edit by edit as it grows (as recovery reads it), equals the board.

At the end every sequence has at least ``MIN_EDITS`` accepted edits; the whole history is
undone to the start and redone to the end; the journal is recovered from disk, and replayed
as File ▸ Replay reads it, and both equal the board; the board saves and loads back equal.

The CI size is set below; ``BATTLEBOARD_UNDO_EXAMPLES`` / ``BATTLEBOARD_UNDO_STEPS`` run a
larger one (``benchmarks/undo_bench.py`` documents it). ``test_undo_window.py`` runs a
smaller set of sequences through the real window's glue.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from board.document.history import Timeline
from board.document.io import load_scenario, save_scenario
from board.document.journal import read_journal, recover
from board.document.journal_codec import scenario_of
from board.document.model import Base, TroopType
from board.game.core.targets import ModelTarget, PieceTarget, UnitTarget
from board.game.firers import Firer
from board.game.systems.wh40k.assault import CloseCombatAttack
from board.game.systems.wh40k.shooting import WeaponOrder
from board.view.palette import UnitSpec
from resources import DEMO_SCENARIO
from tests.board.test_assault_epic_view import epic_scenario, guard_inside
from tests.board.test_assault_fantasy_view import fantasy_scenario
from tests.board.undo_harness import HeadlessBoard, board_text

#: Sequences in CI (each of at least MIN_EDITS accepted edits); the benchmark runs more.
EXAMPLES = int(os.environ.get("BATTLEBOARD_UNDO_EXAMPLES", "30"))
#: Accepted edits every sequence has at least (the issue asks for 30).
MIN_EDITS = int(os.environ.get("BATTLEBOARD_UNDO_EDITS", "30"))
#: Commands (edits, undos, redos) hypothesis chooses per sequence, before any top-up.
STEPS = int(os.environ.get("BATTLEBOARD_UNDO_STEPS", str(MIN_EDITS * 2)))

#: The terrain the palette offers on each system's board.
SHEETS = {
    "wh40k": ("aquila_strongpoint", "fortress_of_redemption", "imperial_bastion",
              "wh40k_small_building", "wh40k_ruins", "void_shield_generator",
              "aegis_gun_emplacement"),
    "fantasy": ("whfb_building_1_floor", "whfb_building_2_floor", "whfb_manor"),
    "epic": ("epic40k_small_building", "epic40k_medium_building", "epic40k_large_building"),
}
#: The boards a sequence starts from: the 40K demo, a Fantasy storm, an Epic close assault.
BOARDS = {
    "wh40k": lambda library: load_scenario(DEMO_SCENARIO, library),
    "fantasy": lambda _: fantasy_scenario(),
    "epic": lambda _: epic_scenario([guard_inside()]),
}
NAMES = ("Tactical Squad", "", "Ultramarines", "Word Bearers", "Squad  ", "ünïcødé ✠")
COLOURS = ("#2456c8", "#b3202a", "#1e8e3e", "#000000")
WEAPONS = (
    WeaponOrder("Lascannon", 1, 4, 9, 2),
    WeaponOrder("Battle cannon", 1, 3, 8, 3, blast=5.0),
    WeaponOrder("Heavy flamer", 1, 4, 5, 4, template=True, fire_point=True),
    WeaponOrder("Krak missile", 2, 4, 8, 3, on_battlements=True),
    WeaponOrder("Bolter", 2, 4, 4, 5),
)

#: Troops that may enter a 40K building, and pieces no unit enters (the embark rule prefers
#: the others, so that embarking is tried where it may succeed).
FOOT = {TroopType.INFANTRY, TroopType.JUMP_INFANTRY, TroopType.JET_PACK_INFANTRY,
        TroopType.INDEPENDENT_CHARACTER}
NOT_ENTERED = {"wh40k_ruins", "wh40k_crater_small", "wh40k_crater_large",
               "void_shield_generator", "aegis_gun_emplacement"}

#: Automated fire is the one costly command (the game's search for each weapon's nearest
#: target: 50-250 ms a time here); a sequence tries it at most this often.
MOST_AUTOMATED_FIRE = 6

#: What every run added up to (the benchmark prints it).
TOTALS: dict[str, Any] = {"sequences": 0, "edits": [], "topped_up": 0, "ops": {},
                          "refused": 0, "undos": 0, "redos": 0, "systems": {}}


class Commands(RuleBasedStateMachine):
    """The window's commands as rules; the history of boards as the model."""

    library: Any = None
    folder = Path(".")
    #: Accepted edits (steps pushed) and commands tried, this sequence.
    pushed = tried = fired = 0

    def __init__(self) -> None:
        super().__init__()
        self.board: Any = None
        self.pushed = self.tried = self.fired = 0

    @initialize(system=st.sampled_from(["wh40k", "wh40k", "wh40k", "fantasy", "epic"]))
    def start(self, system: str) -> None:
        """The board to play on: the 40K demo most often, else a Fantasy or an Epic one."""
        TOTALS["sequences"] += 1
        TOTALS["systems"][system] = TOTALS["systems"].get(system, 0) + 1
        self.folder.mkdir(parents=True, exist_ok=True)
        journal = self.folder / f"{TOTALS['sequences']}.journal"
        self.board = HeadlessBoard(BOARDS[system](self.library), self.library, journal)
        self.sheets = SHEETS[system]
        self.stack = self.board.stack
        self.history = [board_text(self.board.scenario)]
        self.seen_index = 0

    # -- the model ----------------------------------------------------------------------------
    def _after(self, name: str, mergeable: bool = False) -> None:
        """Record the board at the stack's place (a merged step replaces the last one).

        A command that added no step (refused, or nothing to do) must have changed nothing,
        unless it merged into the last step (turning the same selection again).
        """
        self.tried += 1
        index = self.stack.index()
        now = board_text(self.board.scenario)
        if index == self.seen_index:
            if not (mergeable and index > 0 and now != self.history[index]):
                assert now == self.history[index], f"{name} added no step but changed the board"
                TOTALS["refused"] += 1
                return
            self.history[index] = now
            return
        assert index == self.seen_index + 1, f"{name}: more than one step for one command"
        self.history[index:] = [now]
        self.pushed += 1
        TOTALS["ops"][name] = TOTALS["ops"].get(name, 0) + 1

    def _on_table(self) -> list[str]:
        return [m.id for u in self.board.scenario.units if u.on_table for m in u.models]

    def _pieces(self) -> list[str]:
        return [p.id for p in self.board.scenario.terrain]

    def _units(self, on_table: bool | None = None) -> list[str]:
        return [u.id for u in self.board.scenario.units
                if on_table is None or u.on_table == on_table]

    @staticmethod
    def _pick(data: st.DataObject, items: list[str], most: int = 1) -> list[str]:
        if not items:
            return []
        return data.draw(st.lists(st.sampled_from(items), max_size=most, unique=True))

    @staticmethod
    def _one(data: st.DataObject, items: list[str]) -> str | None:
        return data.draw(st.sampled_from(items)) if items else None

    def _target(self, data: st.DataObject) -> Any:
        kind = data.draw(st.sampled_from(["model", "unit", "piece"]))
        if kind == "model" and self._on_table():
            return ModelTarget(data.draw(st.sampled_from(self._on_table())))
        if kind == "unit" and self._units(True):
            return UnitTarget(data.draw(st.sampled_from(self._units(True))))
        pieces = self._pieces()
        return PieceTarget(data.draw(st.sampled_from(pieces))) if pieces else None

    # -- placing and removing -------------------------------------------------------------------
    @rule(sheet=st.integers(0, 6), x=st.floats(6, 66), y=st.floats(6, 42))
    def place_terrain(self, sheet: int, x: float, y: float) -> None:
        self.board.place_terrain(self.sheets[sheet % len(self.sheets)], x, y)
        self._after("place_terrain")

    @rule(count=st.integers(1, 6), side=st.integers(0, 1), x=st.floats(5, 67),
          y=st.floats(5, 43), size=st.sampled_from([25, 32, 40, 60]))
    def add_unit(self, count: int, side: int, x: float, y: float, size: int) -> None:
        sides = self.board.scenario.sides
        self.board.add_unit(UnitSpec("Squad", sides[side % len(sides)].id, TroopType.INFANTRY,
                                     count, Base.round_mm(size)), (x, y))
        self._after("add_unit")

    @rule(data=st.data())
    def delete(self, data: st.DataObject) -> None:
        self.board.delete(self._pick(data, self._on_table(), 5), self._pick(data, self._pieces()))
        self._after("delete")

    # -- moving -----------------------------------------------------------------------------
    @rule(data=st.data(), dx=st.floats(-4, 4), dy=st.floats(-4, 4))
    def drag(self, data: st.DataObject, dx: float, dy: float) -> None:
        self.board.drag(self._pick(data, self._on_table(), 6), self._pick(data, self._pieces()),
                        dx, dy)
        self._after("drag")

    @rule(data=st.data())
    def charge(self, data: st.DataObject) -> None:
        model, piece = self._one(data, self._on_table()), self._one(data, self._pieces())
        if model and piece:
            self.board.charge(model, piece)
        self._after("charge")

    @rule(data=st.data(), door=st.integers(0, 3))
    def approach(self, data: st.DataObject, door: int) -> None:
        unit, piece = self._one(data, self._units(True)), self._one(data, self._pieces())
        if unit and piece:
            self.board.approach(unit, piece, door)
        self._after("approach")

    @rule(data=st.data(), degrees=st.sampled_from([15.0, -15.0, 90.0, 180.0]))
    def rotate(self, data: st.DataObject, degrees: float) -> None:
        self.board.rotate(self._pick(data, self._on_table(), 4), self._pick(data, self._pieces()),
                          degrees)
        self._after("rotate", mergeable=True)

    # -- editing ----------------------------------------------------------------------------
    @rule(data=st.data(), name=st.sampled_from(NAMES), side=st.integers(0, 1),
          troop=st.integers(0, 8))
    def edit_unit(self, data: st.DataObject, name: str, side: int, troop: int) -> None:
        unit = self._one(data, self._units())
        if unit:
            self.board.edit_unit(unit, name, side, troop)
        self._after("edit_unit")

    @rule(first=st.sampled_from(NAMES), second=st.sampled_from(NAMES), colour=st.integers(0, 3))
    def rename_sides(self, first: str, second: str, colour: int) -> None:
        self.board.rename_sides([first, second], [*COLOURS[colour:], *COLOURS[:colour]])
        self._after("rename_sides")

    @rule(data=st.data(), side=st.integers(0, 2))
    def claim(self, data: st.DataObject, side: int) -> None:
        piece = self._one(data, self._pieces())
        sides = self.board.scenario.sides
        if piece:
            self.board.claim(piece, sides[side].id if side < len(sides) else None)
        self._after("claim")

    @rule(data=st.data())
    def choose_map(self, data: st.DataObject) -> None:
        from board.game.deployment.deploy_choice import deployment_choices

        key = self._one(data, [c.key for c in deployment_choices(self.board.scenario)])
        if key:
            self.board.choose_map(key)
        self._after("choose_map")

    # -- buildings --------------------------------------------------------------------------
    @rule(data=st.data())
    def embark(self, data: st.DataObject) -> None:
        scenario = self.board.scenario
        units, pieces = self._units(True), self._pieces()
        if data.draw(st.booleans()):  # most often a unit that may enter, and a building
            units = [u.id for u in scenario.units if u.on_table and u.troop_type in FOOT]
            pieces = [p.id for p in scenario.terrain if p.datasheet not in NOT_ENTERED
                      and (p.group is not None or data.draw(st.booleans()))]
        unit, piece = self._one(data, units), self._one(data, pieces)
        if unit and piece:
            if not self.board.near_door(unit, piece) and data.draw(st.booleans()):
                self.board.approach(unit, piece, data.draw(st.integers(0, 3)))  # walk up first
                self._after("approach")
                self.the_board_is_the_one_at_this_place_in_the_history()
            self.board.embark(unit, piece)
        self._after("embark")

    @rule(data=st.data())
    def move_between_parts(self, data: st.DataObject) -> None:
        from board.game.occupancy.common import adjacent_parts

        scenario = self.board.scenario
        unit = self._one(data, self._units(False))
        if unit:
            inside_of = scenario.unit(unit).embarked_in or ""
            parts = adjacent_parts(scenario, self.board.world(), inside_of)
            piece = self._one(data, parts if parts and data.draw(st.booleans())
                              else self._pieces())
            if piece:
                self.board.move_between_parts(unit, piece)
        self._after("move_between_parts")

    @rule(data=st.data(), dx=st.floats(-0.5, 0.5), dy=st.floats(-0.5, 0.5))
    def disembark(self, data: st.DataObject, dx: float, dy: float) -> None:
        unit = self._one(data, self._units(False))
        if unit:
            self.board.disembark(unit, (dx, dy))
        self._after("disembark")

    # -- the battle -------------------------------------------------------------------------
    @rule(side=st.integers(0, 1))
    def start_battle(self, side: int) -> None:
        sides = self.board.scenario.sides
        self.board.start_battle(sides[side % len(sides)].id)
        self._after("start_battle")

    @rule(seed=st.integers(0, 10**6))
    def end_turn(self, seed: int) -> None:
        self.board.end_turn(seed)
        self._after("end_turn")

    @rule(data=st.data(), weapon=st.sampled_from(WEAPONS), seed=st.integers(0, 10**6))
    def shoot(self, data: st.DataObject, weapon: WeaponOrder, seed: int) -> None:
        piece = self._one(data, self._pieces())
        if piece:
            world = self.board.world()
            mounts = [(p.id, m.id) for p in self.board.scenario.terrain
                      for m in world.piece(p.id).mounts]
            firers = [Firer.of_unit(u) for u in self._units(True)]
            firers += [Firer.of_weapon(p, w) for p, w in mounts]
            if firers:
                self.board.shoot(piece, data.draw(st.sampled_from(firers)), weapon, seed)
        self._after("shoot")

    @precondition(lambda self: self.fired < MOST_AUTOMATED_FIRE)
    @rule(seed=st.integers(0, 10**6))
    def automated_fire(self, seed: int) -> None:
        self.fired += 1
        self.board.automated_fire(seed)
        self._after("automated_fire")

    @rule(data=st.data(), strength=st.integers(3, 10), attacks=st.integers(1, 6),
          seed=st.integers(0, 10**6), reaction=st.integers(0, 2))
    def assault(self, data: st.DataObject, strength: int, attacks: int, seed: int,
                reaction: int) -> None:
        from board.game.assault_reach import assault_candidates

        piece = self._one(data, self._pieces())
        if piece:
            found = assault_candidates(self.board.scenario, self.board.world(), piece)
            allowed = [c.unit_id for c in found if c.allowed]
            attacker = self._one(data, allowed or [c.unit_id for c in found])
            if attacker:
                attack = CloseCombatAttack("Krak grenades", strength, None, attacks)
                self.board.assault(piece, attacker, attack, seed, reaction)
        self._after("assault")

    # -- kept measurements ------------------------------------------------------------------
    @rule(data=st.data(), centres=st.booleans())
    def keep_ruler(self, data: st.DataObject, centres: bool) -> None:
        first, second = self._target(data), self._target(data)
        if first and second:
            self.board.keep_ruler(first, second, centres)
        self._after("keep_ruler")

    @rule(data=st.data(), distance=st.sampled_from([1.0, 3.0, 6.0, 12.0]))
    def keep_within(self, data: st.DataObject, distance: float) -> None:
        unit, target = self._one(data, self._units(True)), self._target(data)
        if unit and target:
            self.board.keep_within(unit, target, distance)
        self._after("keep_within")

    @rule(data=st.data(), text=st.sampled_from(["6", "12 24", "3.5", "x"]),
          weapons=st.booleans())
    def rings(self, data: st.DataObject, text: str, weapons: bool) -> None:
        target = self._target(data)
        if target:
            self.board.rings(target, text, weapons and isinstance(target, PieceTarget))
        self._after("rings")

    @rule(data=st.data())
    def remove_annotation(self, data: st.DataObject) -> None:
        kept = self._one(data, [a.id for a in self.board.scenario.annotations])
        if kept:
            self.board.remove_annotation(kept)
        self._after("remove_annotation")

    # -- undo and redo ----------------------------------------------------------------------
    def _undo(self, times: int) -> None:
        for _ in range(times):
            if self.stack.canUndo():
                self.stack.undo()
                TOTALS["undos"] += 1
                self.the_board_is_the_one_at_this_place_in_the_history()

    def _redo(self, times: int) -> None:
        for _ in range(times):
            if self.stack.canRedo():
                self.stack.redo()
                TOTALS["redos"] += 1
                self.the_board_is_the_one_at_this_place_in_the_history()

    @precondition(lambda self: self.stack.canUndo())
    @rule()
    def undo(self) -> None:
        self._undo(1)

    @precondition(lambda self: self.stack.canUndo())
    @rule(times=st.integers(2, 8))
    def undo_several(self, times: int) -> None:
        self._undo(times)

    @precondition(lambda self: self.stack.canRedo())
    @rule()
    def redo(self) -> None:
        self._redo(1)

    @precondition(lambda self: self.stack.canRedo())
    @rule(times=st.integers(2, 8))
    def redo_several(self, times: int) -> None:
        self._redo(times)

    @precondition(lambda self: self.stack.canUndo())
    @rule(back=st.integers(1, 6), forward=st.integers(0, 6))
    def undo_then_redo(self, back: int, forward: int) -> None:
        self._undo(back)
        self._redo(forward)

    @invariant()
    def the_board_is_the_one_at_this_place_in_the_history(self) -> None:
        if self.board is None:  # before the board is chosen
            return
        index = self.seen_index = self.stack.index()
        assert self.stack.count() == len(self.history) - 1
        now = board_text(self.board.scenario)
        assert now == self.history[index]
        assert board_text(self.board.follower.catch_up()) == now, "the journal differs"

    def teardown(self) -> None:
        if self.board is None:
            return
        try:
            self._top_up()
            TOTALS["edits"].append(self.pushed)
            assert self.pushed >= MIN_EDITS
            while self.stack.canUndo():
                self.stack.undo()
            assert board_text(self.board.scenario) == self.history[0]
            while self.stack.canRedo():
                self.stack.redo()
            assert board_text(self.board.scenario) == self.history[-1]
            assert board_text(self.board.follower.catch_up()) == self.history[-1]
            self.board.journal.sync()
            recovered = recover(self.board.journal.path, self.library)
            assert board_text(recovered.scenario) == self.history[-1]
            header, records, _ = read_journal(self.board.journal.path)
            replay = Timeline(scenario_of(header["base"]["scenario"]), records)
            assert board_text(replay.board(len(replay))) == self.history[-1]  # File > Replay
            saved = self.board.journal.path.with_suffix(".json")
            save_scenario(self.board.scenario, saved)
            assert board_text(load_scenario(saved, self.library)) == self.history[-1]
        finally:
            self.board.close()

    def _top_up(self) -> None:
        """A sequence hypothesis ended short of MIN_EDITS accepted edits gets more edits.

        Drags of one model at a time (a piece when no model is on the table); terrain placed
        when a drag adds no step (nothing to drag, or the drag refused).
        """
        if self.pushed >= MIN_EDITS:
            return
        TOTALS["topped_up"] += 1
        for k in range(1, 4 * MIN_EDITS):
            if self.pushed >= MIN_EDITS:
                return
            before = self.pushed
            models, pieces = self._on_table(), self._pieces()
            self.board.drag(models[k % len(models):][:1] if models else [],
                            [] if models else pieces[k % max(1, len(pieces)):][:1],
                            0.25 * (k % 3 - 1), 0.5 if k % 2 else -0.5)
            self._after("drag")
            self.the_board_is_the_one_at_this_place_in_the_history()
            if self.pushed == before:
                self.board.place_terrain(self.sheets[k % len(self.sheets)], 10.0 + k % 40,
                                         12.0 + k % 20)
                self._after("place_terrain")
                self.the_board_is_the_one_at_this_place_in_the_history()
        raise AssertionError(f"only {self.pushed} edits accepted after topping up")


def run_sequences(library: Any, folder: Path, examples: int, steps: int) -> float:
    """Run ``examples`` sequences of ``steps`` chosen commands; return the seconds taken."""
    Commands.library = library
    Commands.folder = folder
    start = time.perf_counter()
    run_state_machine_as_test(
        Commands,
        settings=settings(max_examples=examples, stateful_step_count=steps, deadline=None,
                          suppress_health_check=list(HealthCheck), database=None,
                          phases=[Phase.explicit, Phase.generate, Phase.shrink]),
        _min_steps=steps)
    return time.perf_counter() - start


@pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")
def test_random_command_sequences_undo_and_redo_exactly(qapp, library, tmp_path) -> None:
    TOTALS.update(sequences=0, edits=[], topped_up=0, ops={}, refused=0, undos=0, redos=0,
                  systems={})
    took = run_sequences(library, tmp_path, EXAMPLES, STEPS)
    edits = TOTALS["edits"]
    print(f"\nundo property: {len(edits)} sequences of {min(edits)}-{max(edits)} accepted edits "
          f"({sum(edits)} edits, {TOTALS['undos']} undos, {TOTALS['redos']} redos, "
          f"{TOTALS['refused']} refused) in {took:.1f} s")
    print("accepted by command:", dict(sorted(TOTALS["ops"].items())))
    print(f"boards: {TOTALS['systems']}; {TOTALS['topped_up']} sequences topped up with drags")
    assert len(edits) >= EXAMPLES and min(edits) >= MIN_EDITS
    if EXAMPLES >= 20:  # a few sequences may happen to end before any redo
        assert TOTALS["undos"] > 0 and TOTALS["redos"] > 0
