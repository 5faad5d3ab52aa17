"""Line of sight on the board: the tool and its picture (docs/shooting.md)."""

from board.view.sight.overlay import SightOverlay, sight_sketch
from board.view.sight.tool import SightTool, building_shooter

__all__ = ["SightOverlay", "SightTool", "sight_sketch", "building_shooter"]
