"""The pure bridge from the scenario document to geometry and rules.

Tools on the board and the ``battleboard check`` command stand on this
package: it builds world shapes from a scenario (`board.game.world`),
resolves what a measurement is between (`board.game.targets`), measures
(`board.game.measure`), reads and writes building state through the rules
(`board.game.buildings`), and answers void-shield and deployment questions.
It never imports Qt.
"""

from board.game.annotations import evaluate, read_annotation, ruler_annotation, within_annotation
from board.game.buildings import FantasyBuilding, building_rules, state_of, write_back
from board.game.coverage import Coverage, UnitCoverage, void_shield_coverage
from board.game.deploy import Deployment, deployment_for, models_out_of_zone
from board.game.measure import (
    PRESETS,
    RulerReading,
    WithinReading,
    display_unit,
    range_rings,
    ruler,
    weapon_rings,
    within_check,
)
from board.game.summary import BuildingSummary, summarise, summarise_all
from board.game.targets import (
    ModelTarget,
    PieceTarget,
    PointTarget,
    Target,
    UnitTarget,
    ZoneTarget,
    resolve,
    target_from_dict,
)
from board.game.world import World, WorldCache

__all__ = [
    "World",
    "WorldCache",
    "PointTarget",
    "ModelTarget",
    "UnitTarget",
    "PieceTarget",
    "ZoneTarget",
    "Target",
    "target_from_dict",
    "resolve",
    "PRESETS",
    "display_unit",
    "RulerReading",
    "ruler",
    "WithinReading",
    "within_check",
    "range_rings",
    "weapon_rings",
    "FantasyBuilding",
    "building_rules",
    "state_of",
    "write_back",
    "BuildingSummary",
    "summarise",
    "summarise_all",
    "Coverage",
    "UnitCoverage",
    "void_shield_coverage",
    "Deployment",
    "deployment_for",
    "models_out_of_zone",
    "read_annotation",
    "ruler_annotation",
    "within_annotation",
    "evaluate",
]
