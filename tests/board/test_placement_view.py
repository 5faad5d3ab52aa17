"""Physical placement on the real view: drops and turns that would overlap are refused.

Real mouse events on the viewport (press, moves, release) and the real R key; then the
document, the undo stack and the status bar are read. Every system: Warhammer 40,000 (a Rhino
on marines, a bastion and its battlements), the Horus Heresy (the table's edge), Epic 40,000
(stands, in centimetres) and Warhammer Fantasy (a ranked unit turned about its centre).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from board.document.datasheets import place_datasheet
from board.document.model import (
    Base,
    Model,
    RuleSystem,
    Scenario,
    Side,
    Table,
    TroopType,
    Unit,
)
from board.game.core.standing import overlapping_pairs
from board.game.core.world import WorldCache
from geometry import off_table_by
from rules.dice import FixedDice
from tests.board.qt_helpers import NoMod, drag, positions

Shift = Qt.KeyboardModifier.ShiftModifier
MARINE = 25.0 / 25.4 / 2


def _marines(x0: float = 20.0, y: float = 20.0) -> Unit:
    return Unit("tac", "Tactical Squad", "blue", TroopType.INFANTRY,
                [Model(f"m{k}", Base.round_mm(25), x0 + 1.25 * k, y) for k in range(5)])


def _rhino(x: float = 40.0, y: float = 20.0, facing: float = 90.0) -> Unit:
    return Unit("rhino", "Rhino", "red", TroopType.VEHICLE,
                [Model("rh", Base.hull_in(4.5, 2.75), x, y, facing)])


def _scenario(library, system: RuleSystem, units: list[Unit], terrain=None) -> Scenario:
    return Scenario(name="placement", table=Table(72.0, 48.0), rule_system=system,
                    sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
                    terrain=terrain or [], units=units)


def _show(window, scenario: Scenario) -> None:
    window.show_scenario(scenario)
    window.view.fit_table()
    window.undo_stack.clear()


def _message(window) -> str:
    return window.statusBar().currentMessage()


def _all_ids(window) -> list[str]:
    return [m.id for u in window.document.scenario.units for m in u.models]


def _placements(window) -> dict[str, tuple[float, float, float]]:
    return {m.id: (m.x, m.y, m.facing) for u in window.document.scenario.units for m in u.models}


def test_rhino_dropped_on_four_marines_is_refused(window, library):
    _show(window, _scenario(library, RuleSystem.WH40K, [_marines(), _rhino()]))
    before = _placements(window)
    # grab the hull's middle, drop it so its long side lies over the rank
    drag(window.view, (40.0, 20.0), (23.1, 20.0 + MARINE - 1.25 + 1.375))
    assert _placements(window) == before
    assert window.undo_stack.count() == 0
    text = _message(window)
    assert text.startswith("Rhino overlaps 4 models of Tactical Squad by up to 1.2")
    assert text.endswith("; put back")
    item = window.scene.model_item("rh")
    assert (item.pos().x(), item.pos().y()) == (40.0, 20.0)  # the item went back too


def test_a_drop_clear_of_the_marines_is_accepted(window, library):
    _show(window, _scenario(library, RuleSystem.WH40K, [_marines(), _rhino()]))
    moved = drag(window.view, (40.0, 20.0), (22.5, 24.0))
    assert positions(window.document, ["rh"])["rh"] == pytest.approx(
        (40.0 + moved.x(), 20.0 + moved.y()), abs=0.01)
    assert window.undo_stack.count() == 1


def test_a_model_dropped_off_the_table_is_refused_heresy(window, library):
    _show(window, _scenario(library, RuleSystem.HORUS_HERESY, [_marines(), _rhino()]))
    drag(window.view, (20.0, 20.0), (0.2, 20.0))
    assert positions(window.document, ["m0"])["m0"] == (20.0, 20.0)
    assert window.undo_stack.count() == 0
    assert _message(window).startswith("Tactical Squad, model 1 stands off the table by 0.")


def test_shift_drag_of_a_unit_onto_another_is_refused(window, library):
    _show(window, _scenario(library, RuleSystem.WH40K, [_marines(), _rhino()]))
    before = _placements(window)
    drag(window.view, (20.0, 20.0), (37.0, 20.0), Shift)
    assert _placements(window) == before
    assert window.undo_stack.count() == 0
    assert "models of Tactical Squad overlap Rhino by" in _message(window)


def test_into_the_bastion_refused_onto_its_battlements_accepted(window, library):
    terrain = place_datasheet(library, "imperial_bastion", 50.0, 30.0, piece_id="bastion")
    _show(window, _scenario(library, RuleSystem.WH40K, [_marines(41.0, 30.0)], terrain))
    world = window.scene.world()
    x0, _, _, _ = world.pieces["bastion"].footprint.bounds
    assert world.pieces["bastion"].battlements is not None
    drag(window.view, (46.0, 30.0), (x0, 30.0))  # half in the wall
    assert positions(window.document, ["m4"])["m4"] == (46.0, 30.0)
    assert "model 5 overlaps Imperial Bastion by 0." in _message(window)
    assert window.undo_stack.count() == 0
    window.scene.make_dice = lambda: FixedDice([6, 6])  # the battlements' terrain test: 6"
    drag(window.view, (46.0, 30.0), (49.5, 30.0))  # wholly on the roof
    assert window.undo_stack.count() == 1
    assert window.scene.world().on_battlements(["m4"]) == {"m4": "bastion"}


def test_epic_stands_refused_in_centimetres(window, library):
    stands = Unit("det", "Tactical Detachment", "blue", TroopType.INFANTRY,
                  [Model(f"s{k}", Base.rectangle_mm(20, 40), 20.0 + 2.0 * k, 20.0)
                   for k in range(3)])
    _show(window, _scenario(library, RuleSystem.EPIC40K, [stands]))
    drag(window.view, (20.0, 20.0), (21.0, 20.0))
    assert window.undo_stack.count() == 0
    assert _message(window).startswith(
        "Tactical Detachment, stand 1 overlaps Tactical Detachment, stand 2 by ")
    assert _message(window).endswith(" cm; put back")


def _knights(facing: float = 0.0) -> Unit:
    """Ten knights on 25×50 mm bases, five a rank, two ranks, touching (ranked)."""
    w, d = 25.0 / 25.4, 50.0 / 25.4
    return Unit("kn", "Knights", "red", TroopType.CAVALRY,
                [Model(f"k{i}", Base.rectangle_mm(50, 25), 30.0 + (i % 5) * w,
                       20.0 + (i // 5) * d, facing) for i in range(10)])


def _turn(window, key_presses: int = 1) -> None:
    for _ in range(key_presses):
        QTest.keyClick(window.view, Qt.Key.Key_R)


def test_r_turns_a_ranked_fantasy_unit_about_its_centre(window, library):
    _show(window, _scenario(library, RuleSystem.WARHAMMER_FANTASY, [_knights()]))
    before = _placements(window)
    window.scene.select_unit_of("k0")
    _turn(window, 6)  # R turns 15° a press: a quarter turn
    after = _placements(window)
    assert {f for _, _, f in after.values()} == {90.0}
    cx = sum(x for x, _, _ in before.values()) / 10
    cy = sum(y for _, y, _ in before.values()) / 10
    assert sum(x for x, _, _ in after.values()) / 10 == pytest.approx(cx)
    assert sum(y for _, y, _ in after.values()) / 10 == pytest.approx(cy)
    world = WorldCache(library).world_for(window.document.scenario)
    assert overlapping_pairs(world) == ()  # each base in place would overlap its neighbours
    assert window.undo_stack.count() == 1
    _turn(window, 18)
    assert window.undo_stack.count() == 1  # the 24 presses are one step
    assert all(after == pytest.approx(before[mid], abs=1e-9)
               for mid, after in _placements(window).items())
    window.undo_stack.undo()
    assert _placements(window) == before


def test_r_refused_when_the_turned_formation_hits_another_unit(window, library):
    spears = Unit("sp", "Spearmen", "blue", TroopType.INFANTRY,
                  [Model(f"s{k}", Base.square_mm(20), 33.5 + 0.8 * k, 23.0) for k in range(3)])
    _show(window, _scenario(library, RuleSystem.WARHAMMER_FANTASY, [_knights(), spears]))
    before = _placements(window)
    window.scene.select_unit_of("k0")
    _turn(window)
    assert _placements(window) == before
    assert window.undo_stack.count() == 0
    text = _message(window)
    assert text.startswith("Knights, model 10 overlaps 2 models of Spearmen by up to 0.")
    assert text.endswith("; not turned")


def test_r_in_40k_turns_each_model_in_place_and_refuses_a_hull_into_a_neighbour(window,
                                                                               library):
    tank = Unit("tank", "Predator", "red", TroopType.VEHICLE,
                [Model("p", Base.hull_in(4.5, 2.75), 40.0, 20.0, 0.0)])
    _show(window, _scenario(library, RuleSystem.WH40K, [_marines(36.0, 21.0), tank]))
    window.scene.select_unit_of("m0")
    _turn(window)
    after = _placements(window)
    assert [after[f"m{k}"][:2] for k in range(5)] == [(36.0 + 1.25 * k, 21.0) for k in range(5)]
    assert window.undo_stack.count() == 1
    window.scene.select_unit_of("p")
    _turn(window)  # the hull turned broadside reaches the marines 2.25" from its centre
    assert window.document.scenario.model("p")[1].facing == 0.0
    assert _message(window).startswith("Predator overlaps ")
    assert window.undo_stack.count() == 1


def test_terrain_dragged_onto_models_is_flagged_not_refused(window, library, qtbot):
    terrain = place_datasheet(library, "wh40k_small_building", 50.0, 30.0, piece_id="hut")
    _show(window, _scenario(library, RuleSystem.WH40K, [_marines()], terrain))
    flags = window.features.clash_flags
    qtbot.waitUntil(lambda: flags.clashes == ())
    drag(window.view, (50.0, 30.0), (22.0, 20.0))
    assert window.undo_stack.count() == 1
    world = WorldCache(library).world_for(window.document.scenario)
    assert overlapping_pairs(world)
    qtbot.waitUntil(lambda: bool(flags.texts()))
    (text,) = flags.texts()
    assert text.startswith("4 models of Tactical Squad overlap ")  # with the numbers
    assert " by up to " in text and text.endswith('"')
    assert {round(m.centre.x(), 2) for m in flags.item.marks} >= {20.0 + 1.25 * k
                                                                 for k in range(1, 4)}
    window.undo_stack.undo()  # the building goes back: the flags go
    qtbot.waitUntil(lambda: not flags.texts() and not flags.item.marks)


def test_a_drag_through_a_crowd_is_flagged_live(window, library, qtbot):
    _show(window, _scenario(library, RuleSystem.WH40K, [_marines(), _rhino()]))
    view, viewport = window.view, window.view.viewport()
    flags = window.features.clash_flags
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, NoMod,
                     view.mapFromScene(QPointF(40.0, 20.0)))
    for x in (36.0, 30.0, 23.0):
        QTest.mouseMove(viewport, view.mapFromScene(QPointF(x, 20.0)))
    qtbot.waitUntil(lambda: len(flags.live_item.marks) == 4)  # the marines under the Rhino
    assert _message(window).startswith("moving 1 model ")  # the drag's own line
    assert flags.warning.isVisible() and flags.warning.text().startswith(
        "dropped here: Rhino overlaps 4 models of Tactical Squad by up to ")
    QTest.mouseMove(viewport, view.mapFromScene(QPointF(23.0, 26.0)))
    qtbot.waitUntil(lambda: not flags.live_item.marks)
    assert not flags.warning.isVisible()
    QTest.mouseMove(viewport, view.mapFromScene(QPointF(23.0, 20.0)))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, NoMod,
                       view.mapFromScene(QPointF(23.0, 20.0)))
    assert window.undo_stack.count() == 0 and not flags.live_item.marks
    assert _message(window).endswith("; put back") and not flags.warning.isVisible()


# -- the promise: after any accepted drops and turns, no two bases overlap --------------------

def _forty_k_board(library) -> Scenario:
    bikes = Unit("bikes", "Bike Squad", "red", TroopType.BIKES,
                 [Model(f"b{k}", Base.oval_mm(75, 42), 10.0 + 2.5 * k, 10.0) for k in range(3)])
    terrain = place_datasheet(library, "imperial_bastion", 50.0, 30.0, piece_id="bastion")
    return _scenario(library, RuleSystem.WH40K,
                     [_marines(20.0, 30.0), _rhino(40.0, 10.0), bikes], terrain)


def _fantasy_board(library) -> Scenario:
    spears = Unit("sp", "Spearmen", "blue", TroopType.INFANTRY,
                  [Model(f"s{k}", Base.square_mm(20), 50.0 + 0.8 * (k % 5), 30.0 + 0.8 * (k // 5))
                   for k in range(10)])
    house = place_datasheet(library, "whfb_building_1_floor", 20.0, 36.0, piece_id="house")
    return _scenario(library, RuleSystem.WARHAMMER_FANTASY, [_knights(), spears], house)


_STEP = st.tuples(st.sampled_from(["drop", "unit", "turn"]), st.integers(0, 99),
                  st.floats(-1.0, 73.0), st.floats(-1.0, 49.0))


@pytest.mark.parametrize("board", [_forty_k_board, _fantasy_board])
@settings(max_examples=15, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=st.lists(_STEP, min_size=3, max_size=7))
def test_after_any_accepted_drops_and_turns_no_two_bases_overlap(window, library, board, steps):
    _show(window, board(library))
    cache = WorldCache(library)
    assert overlapping_pairs(cache.world_for(window.document.scenario)) == ()
    window.scene.make_dice = lambda: FixedDice([6] * 40)
    for kind, pick, x, y in steps:
        ids = _all_ids(window)
        model_id = ids[pick % len(ids)]
        model = window.document.scenario.model(model_id)[1]
        before, count = _placements(window), window.undo_stack.count()
        window.statusBar().clearMessage()
        if kind == "turn":
            window.scene.select_unit_of(model_id)
            _turn(window)
        else:
            window.scene.clearSelection()
            drag(window.view, (model.x, model.y), (x, y), Shift if kind == "unit" else NoMod)
        world = cache.world_for(window.document.scenario)
        if _message(window).endswith(("; put back", "; not turned")):  # refused
            assert _placements(window) == before and window.undo_stack.count() == count
        assert overlapping_pairs(world) == ()
        table = window.document.scenario.table
        shapes = [m.shape for m in world.models.values()]
        assert all(off_table_by(s, table.width, table.height) <= 0.001 for s in shapes)
