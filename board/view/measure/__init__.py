"""Measure: the ruler, "Is it within N?", range rings and kept measurements (docs/measure.md)."""

from board.view.measure.feature import MeasureFeature, install
from board.view.measure.layer import MeasureLayer
from board.view.measure.overlay_item import OverlayItem
from board.view.measure.sketch import Sketch
from board.view.measure.tools import RulerTool, WithinTool

__all__ = ["install", "MeasureFeature", "MeasureLayer", "OverlayItem", "Sketch", "RulerTool",
           "WithinTool"]
