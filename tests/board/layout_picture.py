"""The README's picture: a published layout, objectives held, a unit's sight overview.

    QT_QPA_PLATFORM=offscreen python -m tests.board.layout_picture docs/layouts-objectives.png

A 1,400 × 900 window on Take vs Take 01 (Tipping Point) with three units a side, the
objectives' ranges shown and the Intercessors selected (who sees whom in the Shooting dock).
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from board.document.io import default_library
from board.document.model import Base, Model, Scenario, Side, TroopType, Unit
from board.game.layouts.build import scenario_from_layout
from board.game.layouts.catalogue import load_catalogue

SIDES = [Side("red", "Ultramarines", "#1e63d6"), Side("blue", "Orks", "#c62828")]


def _squad(scenario: Scenario, uid, name, side, at, oc, n=5, mm=32, cols=5, step=1.45):
    models = [Model(f"{uid}{k}", Base.round_mm(mm), at[0] + step * (k % cols),
                    at[1] + step * (k // cols)) for k in range(n)]
    scenario.units.append(Unit(uid, name, side, TroopType.INFANTRY, models, stats={"oc": oc}))


def picture_scenario() -> Scenario:
    scenario = scenario_from_layout(load_catalogue(), "bm-take-vs-take-01", SIDES)
    _squad(scenario, "int", "Intercessors", "red", (25.8, 24.6), 2)
    _squad(scenario, "hel", "Hellblasters", "red", (7.0, 30.5), 1)
    _squad(scenario, "inf", "Infernus Squad", "red", (2.0, 14.0), 2, cols=3)
    _squad(scenario, "boy", "Boyz", "blue", (46.0, 14.4), 2, n=10)
    _squad(scenario, "nob", "Nobz", "blue", (38.5, 33.5), 2, mm=40, step=1.75)
    _squad(scenario, "grt", "Gretchin", "blue", (30.5, 17.6), 0, n=4, mm=25, cols=4, step=1.1)
    return scenario


def main(out: str) -> None:
    from board.view.window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow(default_library(), QSettings("/tmp/layout-picture.ini",
                                                     QSettings.Format.IniFormat))
    window.install_features()
    window.show_scenario(picture_scenario())
    window.resize(1400, 900)
    window.show()
    for _ in range(5):
        app.processEvents()
    window.features.objectives.ranges_action.setChecked(True)
    window.view.fit_table()
    window.scene.select_unit_of("int0")
    for _ in range(20):
        app.processEvents()
    window.grab().save(out)


if __name__ == "__main__":
    main(sys.argv[1])
