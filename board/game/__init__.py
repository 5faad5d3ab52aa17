"""The pure bridge from the scenario document to geometry and rules.

Tools on the board and the ``battleboard check`` command stand on this
package: it builds world shapes from a scenario (`board.game.world`),
resolves what a measurement is between (`board.game.targets`), measures
(`board.game.measure`), reads and writes building state through the rules
(`board.game.buildings`), and answers void-shield and deployment questions.
It never imports Qt.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from board.game.annotations import (
        evaluate,
        read_annotation,
        ruler_annotation,
        within_annotation,
    )
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

#: Where each name lives: imported on first use, so importing one module of the package
#: (the board's first paint needs only ``board.game.world``) does not import the rules.
_HOMES = {
    "evaluate": "board.game.annotations",
    "read_annotation": "board.game.annotations",
    "ruler_annotation": "board.game.annotations",
    "within_annotation": "board.game.annotations",
    "FantasyBuilding": "board.game.buildings",
    "building_rules": "board.game.buildings",
    "state_of": "board.game.buildings",
    "write_back": "board.game.buildings",
    "Coverage": "board.game.coverage",
    "UnitCoverage": "board.game.coverage",
    "void_shield_coverage": "board.game.coverage",
    "Deployment": "board.game.deploy",
    "deployment_for": "board.game.deploy",
    "models_out_of_zone": "board.game.deploy",
    "PRESETS": "board.game.measure",
    "RulerReading": "board.game.measure",
    "WithinReading": "board.game.measure",
    "display_unit": "board.game.measure",
    "range_rings": "board.game.measure",
    "ruler": "board.game.measure",
    "weapon_rings": "board.game.measure",
    "within_check": "board.game.measure",
    "BuildingSummary": "board.game.summary",
    "summarise": "board.game.summary",
    "summarise_all": "board.game.summary",
    "ModelTarget": "board.game.targets",
    "PieceTarget": "board.game.targets",
    "PointTarget": "board.game.targets",
    "Target": "board.game.targets",
    "UnitTarget": "board.game.targets",
    "ZoneTarget": "board.game.targets",
    "resolve": "board.game.targets",
    "target_from_dict": "board.game.targets",
    "World": "board.game.world",
    "WorldCache": "board.game.world",
}

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


def __getattr__(name: str) -> Any:
    """Import ``name`` from its module on first use (PEP 562); a submodule by its name too."""
    if name not in _HOMES:
        try:
            return import_module(f"board.game.{name}")
        except ModuleNotFoundError:
            raise AttributeError(f"module 'board.game' has no attribute {name!r}") from None
    value = getattr(import_module(_HOMES[name]), name)
    globals()[name] = value
    return value
