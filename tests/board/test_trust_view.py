"""What players trust, on the real view: a low wall's cover read in the sight tool, and a
two-door disembark zone drawn door by door. ``BATTLEBOARD_DOCS=1`` writes the pictures to
``docs/`` (otherwise to the test's temporary folder)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from board.document.datasheets import place_datasheet
from board.document.model import Base, Model, TroopType, Unit
from board.view.buildings import BuildingController, DisembarkTool
from board.view.sight import SightTool
from board.view.sight.overlay import BLOCKED, CLEAR, PARTLY, moved_reading
from board.view.sight.rays import RayLines
from geometry import Circle
from tests.board.conftest import make_scenario
from tests.board.qt_helpers import click, drag

DOCS = Path(__file__).resolve().parents[2] / "docs"
RADIUS = 32 / 25.4 / 2


def picture_path(tmp_path: Path, name: str) -> Path:
    return DOCS / name if os.environ.get("BATTLEBOARD_DOCS") else tmp_path / name


def low_wall_scenario(library):
    # a 1.575" Epic building as a low wall between two 3" tall models: eye 3" up at x=10,
    # the target's centre 14" away at x=24, the wall's far top edge 11.245" away: drawn at
    # 3 - 1.425 * 14/11.245 = 1.23" up a card through the target, 41% of it (the solid base
    # reaches nearer the wall and shows a little more of its foot hidden)
    scenario = make_scenario(library)
    scenario.terrain = place_datasheet(library, "epic40k_small_building", 20.0, 30.0,
                                       piece_id="wall")
    shooter = Unit("red-tall", "Tall Squad", "red", TroopType.INFANTRY,
                   [Model("s0", Base.round_mm(32), 10.0, 30.0)], stats={"height": 3.0})
    target = Unit("blue-tall", "Tall Guard", "blue", TroopType.INFANTRY,
                  [Model("g0", Base.round_mm(32), 24.0, 30.0)], stats={"height": 3.0})
    scenario.units = [shooter, target]
    return scenario


def test_a_low_wall_gives_cover_in_the_sight_tool(window, library, qtbot, tmp_path):
    window.show_scenario(low_wall_scenario(library))
    window.view.fit_table()
    window.view.zoom_by(2.6, window.view.mapFromScene(QPointF(18.0, 30.0)))
    window.view.centerOn(QPointF(22.0, 30.0))  # the shooter (x = 10) and its label in view
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    QTest.keyClick(window, Qt.Key.Key_L)
    assert isinstance(window.scene.tool, SightTool)
    click(window.view, (10.0, 30.0))
    click(window.view, (24.0, 30.0))
    reading = window.shooting.sight.reading
    seen = reading.models[0]
    card = (3 - 1.425 * 14 / 11.245) / 3
    assert card < 1 - seen.visible < card + 0.05  # the lower 41%+ hidden by a lower wall
    assert seen.cover is True and not seen.borderline
    text = window.shooting.dock.readout.toPlainText()
    assert "25% or more hidden: cover" in text
    # what is drawn agrees: every strip of the model has its lower part hidden, so every ray
    # is drawn partly hidden (amber), none clear as a ray to mid-height would be
    assert len(seen.rays) == 16
    assert all(ray.partly and 0.3 < ray.hidden < 0.6 for ray in seen.rays)
    sketch = window.shooting.sight.item.sketch()
    assert {batch.colour.rgba() for batch in sketch.batches} == {PARTLY.rgba()}
    assert sum(len(batch) for batch in sketch.batches) == 16
    window.view.viewport().repaint()
    image = window.view.viewport().grab().toImage()
    along = [window.view.mapFromScene(QPointF(x, 30.0)) for x in (13.0, 15.0, 17.0)]
    shades = [image.pixelColor(p.x(), p.y() + dy) for p in along for dy in range(-6, 7)]
    assert any(_near(c, PARTLY) for c in shades)     # amber rays on screen
    assert not any(_near(c, CLEAR) for c in shades)  # and no clear (green) ones
    window.grab().save(str(picture_path(tmp_path, "shooting-low-wall.png")))
    # drawn moved during a drag (the reading's rays shifted in arrays): still amber
    moved = RayLines(reading, {}, ["g0"], CLEAR, BLOCKED, PARTLY)
    assert [colour.rgba() for colour, _ in moved.groups] == [PARTLY.rgba()]
    shifted = moved_reading(reading, {}, {"g0": (0.5, 0.0)})
    assert [r.hidden for r in shifted.rays] == [r.hidden for r in reading.rays]


def test_a_model_behind_a_tall_building_draws_blocked_rays(window, library, qtbot):
    """Tall terrain hides whole strips: their rays are red, never amber."""
    scenario = low_wall_scenario(library)
    scenario.terrain = place_datasheet(library, "wh40k_medium_building", 17.0, 30.0,
                                       piece_id="hall")
    window.show_scenario(scenario)
    window.view.fit_table()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    QTest.keyClick(window, Qt.Key.Key_L)
    click(window.view, (10.0, 30.0))
    click(window.view, (24.0, 30.0))
    seen = window.shooting.sight.reading.models[0]
    assert seen.visible == 0.0
    assert all(ray.blocked for ray in seen.rays)


def _near(colour, wanted, slack: int = 40) -> bool:
    return (abs(colour.red() - wanted.red()) + abs(colour.green() - wanted.green())
            + abs(colour.blue() - wanted.blue())) <= slack


def two_door_scenario(library):
    scenario = make_scenario(library)
    scenario.terrain = place_datasheet(library, "wh40k_medium_building", 24.0, 24.0,
                                       piece_id="hall")
    squad = Unit("red-sq", "Assault Squad", "red", TroopType.INFANTRY,
                 [Model(f"a{i}", Base.round_mm(32), 24.0, 24.0) for i in range(3)],
                 embarked_in="hall")
    scenario.units = [u for u in scenario.units if u.side == "blue"] + [squad]
    return scenario


def test_a_two_door_zone_is_drawn_door_by_door(window, library, tmp_path):
    window.show_scenario(two_door_scenario(library))
    window.view.fit_table()
    window.view.zoom_by(2.5, window.view.mapFromScene(QPointF(24.0, 24.0)))
    click(window.view, (25.0, 25.0))
    dock = window.findChild(BuildingController, "buildings").dock
    QTest.mouseClick(dock.disembark_button, Qt.MouseButton.LeftButton)
    tool = window.scene.tool
    assert isinstance(tool, DisembarkTool)
    assert len(tool.item.zone_item.parts) == 3  # the front door, the rear door, the roof
    assert not tool.illegal()
    # beside the building, 4.79" out level with its middle: inside the union of the two
    # doors' discs, wholly within neither (farthest part 6.03" from each): refused
    straddle = (24.0 + 4.79, 24.0)
    drag(window.view, tool.positions["a0"], straddle)
    assert tool.illegal() == ["a0"]
    x, y = tool.positions["a0"]
    assert not any(part.covers(_circle(x, y)) for part in tool.plan.parts)
    drag(window.view, tool.positions["a1"], (24.0 + 4.6, 21.0))  # wholly by the front door
    assert "a1" not in tool.illegal()
    window.grab().save(str(picture_path(tmp_path, "buildings-two-doors.png")))
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)


def _circle(x: float, y: float):
    return Circle(x, y, RADIUS).polygon()


@pytest.fixture(autouse=True)
def _wide(window):
    window.resize(1400, 900)
