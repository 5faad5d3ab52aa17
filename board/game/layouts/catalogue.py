"""The published tournament layouts and deployment patterns, read from ``wh40kdc``.

``wh40kdc`` (PyPI; code MIT, data CC BY 4.0; "Powered by 40kdc-data") carries the current
layouts (terrain templates with footprint polygons, each piece's position and rotation, the
objective markers, the deployment pattern each is built on, the mission matchup it is for;
taken from Battlemaster with permission) and the deployment patterns (each side's zone).
It is imported the first time a player asks for a layout (:func:`load_catalogue`), never at
start-up, and read through its public API only (``Dataset.embedded()``,
``deployment_patterns``, ``terrain_layouts``, ``terrain_templates``, ``resolve_terrain``,
``BOARD_INCHES``): nothing of it is copied into battleboard. A scenario built from a layout
(:mod:`board.game.layouts.build`) is our own file and opens without the package.

Frames: board inches, origin at the top-left corner, y down, rotations clockwise: the
dataset's frame and ours are the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

__all__ = ["CREDIT", "PatternEntry", "LayoutEntry", "LayoutCatalogue", "load_catalogue",
           "LayoutError"]

#: How a layout's source is credited (the scenario, its exports, Help ▸ About, docs).
CREDIT = "Powered by 40kdc-data"

Raw = Mapping[str, Any]


class LayoutError(ValueError):
    """A layout the board cannot build (the message names the layout and why)."""


@dataclass(frozen=True)
class LayoutEntry:
    """One published layout: its id, name, pattern, matchup and table (inches)."""

    id: str
    name: str
    pattern_id: str
    matchup: str
    width: float
    height: float
    edition: str
    raw: Raw


@dataclass(frozen=True)
class PatternEntry:
    """A deployment pattern (map) and the layouts built on it."""

    id: str
    name: str
    description: str
    layouts: tuple[LayoutEntry, ...]
    raw: Raw


def _table(raw: Raw, default: Mapping[str, float]) -> tuple[float, float]:
    board = raw.get("board") or default
    return float(board["width"]), float(board["height"])


def _entry(raw: Raw, default: Mapping[str, float]) -> LayoutEntry:
    width, height = _table(raw, default)
    edition = str((raw.get("game_version") or {}).get("edition") or "")
    return LayoutEntry(str(raw["id"]), str(raw.get("name") or raw["id"]),
                       str(raw.get("deployment_pattern_id") or ""),
                       str(raw.get("mission_matchup_id") or ""), width, height, edition, raw)


class LayoutCatalogue:
    """The dataset's patterns with their layouts, in the dataset's order.

    ``dataset`` is a ``wh40kdc.Dataset``; ``board`` the standard table
    (``wh40kdc.BOARD_INCHES``: 60 × 44), for layouts that name none.
    """

    def __init__(self, dataset: Any, board: Mapping[str, float]) -> None:
        self.dataset = dataset
        self.board = dict(board)
        layouts = [_entry(raw, board) for raw in dataset.terrain_layouts.all]
        self.layouts: dict[str, LayoutEntry] = {e.id: e for e in layouts}
        self.patterns: tuple[PatternEntry, ...] = tuple(
            PatternEntry(str(p["id"]), str(p.get("name") or p["id"]),
                         str(p.get("description") or ""),
                         tuple(e for e in layouts if e.pattern_id == p["id"]), p)
            for p in dataset.deployment_patterns.all)
        self.templates: dict[str, Raw] = {t["id"]: t for t in dataset.terrain_templates.all}

    def pattern(self, pattern_id: str) -> PatternEntry:
        """The pattern called ``pattern_id`` (:class:`LayoutError` naming the known ones)."""
        for pattern in self.patterns:
            if pattern.id == pattern_id:
                return pattern
        known = ", ".join(p.id for p in self.patterns)
        raise LayoutError(f"no deployment pattern {pattern_id!r}; patterns: {known}")

    def layout(self, layout_id: str) -> LayoutEntry:
        """The layout called ``layout_id`` (:class:`LayoutError` if the dataset has none)."""
        try:
            return self.layouts[layout_id]
        except KeyError:
            raise LayoutError(f"no layout {layout_id!r} in 40kdc-data "
                              f"({len(self.layouts)} layouts)") from None

    def resolved(self, layout: LayoutEntry) -> Sequence[Raw]:
        """The dataset's own board-space vertices of every piece (its resolver's answer)."""
        return list(self.dataset.resolve_terrain(dict(layout.raw)))


@cache
def load_catalogue() -> LayoutCatalogue | None:
    """The catalogue (about 0.5 s the first time); ``None`` when ``wh40kdc`` is not installed."""
    try:
        from wh40kdc import BOARD_INCHES, Dataset
    except ImportError:
        return None
    return LayoutCatalogue(Dataset.embedded(), BOARD_INCHES)
