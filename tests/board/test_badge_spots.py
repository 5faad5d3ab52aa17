"""A badge's spot, found a few spots at a time, is the one judging all of its spots finds.

:meth:`BuildingItem._first_clear_spot` measures a badge's spots in batches and stops at the
first that covers nothing; this checks it against :func:`first_clear` over every spot at once
(what the building did before), on the demo and on a table of buildings packed so close
that badges must step away from their neighbours' doors and badges.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from board.document.datasheets import DEMO_SCENARIO_PATH, place_datasheet
from board.document.io import load_scenario
from board.document.model import RuleSystem, Scenario, Side, Table
from board.game.core.building_labels import union as _union
from board.game.core.label_fitting import first_clear
from board.view.items.building_item import BuildingItem
from board.view.window import MainWindow


def packed(library) -> Scenario:
    """Small and medium 40K buildings and bastions a little more than a building apart."""
    sheets = ["wh40k_small_building", "wh40k_medium_building", "imperial_bastion"]
    pieces = []
    for k in range(24):
        sheet = sheets[k % len(sheets)]
        pieces += place_datasheet(library, sheet, 5.0 + 8.5 * (k % 8), 6.0 + 11.0 * (k // 8),
                                  rotation=(0.0, 90.0, 30.0, 180.0)[k % 4],
                                  piece_id=f"piece-{k}")
    return Scenario(name="Packed", table=Table(72.0, 48.0), rule_system=RuleSystem.WH40K,
                    sides=[Side("red", "Red", "#c62828"), Side("blue", "Blue", "#1e63d6")],
                    terrain=pieces)


def _every_badge(window: MainWindow) -> tuple[int, int]:
    """Compare both ways for each badge of each building; (badges checked, not first spot)."""
    checked = stepped = 0
    scene = window.scene
    buildings = [i for i in scene.items() if isinstance(i, BuildingItem)]
    for item in buildings:
        symbols = item._symbols()
        look = item._look
        spots_of = look.badge_spots or tuple((w,) for _, _, w in look.armour_badges)
        if item._uniform_armour():
            spots_of = ((item._inside_spot(), *(s for spots in spots_of for s in spots)),)
        mine = item._own_symbols() if len(spots_of) == 1 else []
        taken: list = []  # the badges this building placed before (as it judges them)
        for (facing, _, _), spots in zip(look.armour_badges, spots_of, strict=False):
            badge = item._badges[facing]
            fixed = taken + mine
            found, box = item._first_clear_spot(badge, spots, fixed, symbols)
            boxes = item._spot_boxes(badge, spots, item.judging_scale())
            others = symbols.meeting(_union(boxes), item, name_labels=False)
            assert found == first_clear(boxes, fixed + others), (item.piece_id, facing)
            assert box == boxes[found]
            taken.append(box)
            checked += 1
            stepped += found != 0
    return checked, stepped


@pytest.mark.parametrize("board", ["demo", "packed"])
def test_the_spot_found_in_batches_is_the_first_clear_of_all(qtbot, library, tmp_path, board):
    window = MainWindow(library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    window.files.ask_save_changes = lambda: None
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    scenario = load_scenario(DEMO_SCENARIO_PATH, library) if board == "demo" else packed(library)
    window.show_scenario(scenario)
    checked, stepped = _every_badge(window)
    assert checked >= 9
    if board == "packed":
        assert stepped > 0  # some badges did have to step away from a neighbour


def test_each_datasheets_badge_spots_are_the_ones_every_box_judged_finds(library):
    """The look's badges and clear spots, found over plain boxes, are what the definition says.

    For each facing: the first spot whose badge box touches no symbol nor a badge placed
    before it (else the wall's middle), then every spot whose box touches no symbol, each box
    judged against every other one by :func:`boxes_overlap` (what numpy's table of every pair
    gave before).
    """
    from board.view import building_look as look_module
    from board.view.building_look import boxes_overlap, look_of

    checked = 0
    for sheet_id in library:
        sheet = library[sheet_id]
        look = look_of(sheet)
        symbols = [look_module._symbol_box(p) for p in look_module._symbol_points(sheet)]
        taken = list(symbols)
        for (facing, _, where), spots in zip(look.armour_badges, look.badge_spots, strict=True):
            wall_spots = _spots_of_wall(sheet, facing)
            boxes = [look_module._badge_box(p) for p in wall_spots]
            free = [p for p, b in zip(wall_spots, boxes, strict=True)
                    if not any(boxes_overlap(b, t) for t in taken)]
            assert where == (free[0] if free else wall_spots[0])
            taken.append(look_module._badge_box(where))
            clear = [p for p, b in zip(wall_spots, boxes, strict=True)
                     if not any(boxes_overlap(b, s) for s in symbols)]
            assert spots == (where, *(p for p in clear if p != where))
            checked += 1
    assert checked > 40  # every armoured datasheet's facings


def _spots_of_wall(sheet, facing: str) -> list[tuple[float, float]]:
    """The candidate spots of one facing's badge, from the walls :func:`_armour_badges` searches."""
    from board.view import building_look as look_module

    return look_module._candidates(*look_module._badge_walls(sheet.footprint)[facing])
