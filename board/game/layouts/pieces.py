"""Each piece of a layout placed as the dataset places it (its resolver's order and ids).

A piece is an area, a feature composed on an area's template, or a feature parented to an
area (``parent_area_id``); each comes out with its footprint, its centroid on the board and
its net orientation (:mod:`board.game.layouts.placing`), which is how our ``TerrainPiece``
is placed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from board.game.layouts.catalogue import LayoutError
from board.game.layouts.placing import Orientation, compose, orientation, turn

__all__ = ["PlacedPiece", "placed_pieces"]

Raw = Mapping[str, Any]


@dataclass(frozen=True)
class PlacedPiece:
    """One piece as the dataset places it: its footprint, centroid and net orientation."""

    id: str
    name: str
    template: str
    footprint: Raw
    x: float
    y: float
    orientation: Orientation
    area: bool
    terrain: bool
    height: float | None
    spec: Raw  # the template's fields (or {} for inline geometry)
    inline: bool = False  # the piece's own footprint, not its template's


def _footprint(piece: Raw, templates: Mapping[str, Raw], where: str) -> tuple[Raw, Raw]:
    template = templates.get(piece.get("template") or "", {})
    fp = piece.get("footprint") or template.get("footprint")
    if not fp:
        raise LayoutError(f"{where}: no footprint and no known template {piece.get('template')!r}")
    return fp, template


def _height(piece: Raw, template: Raw) -> float | None:
    for value in (piece.get("height_inches"), template.get("default_height_inches")):
        if isinstance(value, int | float):
            return float(value)
    return None


def _made(pid: str, piece: Raw, fp: Raw, template: Raw, at: tuple[float, float],
          o: Orientation, area: bool) -> PlacedPiece:
    return PlacedPiece(pid, str(piece.get("name") or template.get("name") or pid),
                       str(piece.get("template") or ""), fp, at[0], at[1], o, area,
                       piece.get("terrain", True) is not False, _height(piece, template),
                       template, bool(piece.get("footprint")))


def placed_pieces(layout: Raw, templates: Mapping[str, Raw]) -> Iterator[PlacedPiece]:
    """Every piece of ``layout`` placed, in the dataset resolver's order."""
    pieces = list(layout.get("pieces") or [])
    by_id = {p["id"]: p for p in pieces if p.get("id")}
    for k, piece in enumerate(pieces):
        where = f"{layout.get('id')}: piece {piece.get('id') or k}"
        fp, template = _footprint(piece, templates, where)
        own = orientation(piece.get("rotation_degrees"), piece.get("mirror"))
        at = (float(piece["position"]["x"]), float(piece["position"]["y"]))
        area = (piece.get("piece_type") or ("feature" if piece.get("parent_area_id")
                                            else "area")) == "area"
        parent_id = piece.get("parent_area_id")
        if parent_id:
            parent = by_id.get(parent_id)
            if parent is None:
                raise LayoutError(f"{where}: no parent area {parent_id!r}")
            at, own = _carried(parent, at, own)
        yield _made(str(piece.get("id") or f"piece-{k + 1}"), piece, fp, template, at, own, area)
        if not parent_id:
            yield from _composed(piece, template, templates, at, own, where)


def _carried(area: Raw, at: tuple[float, float], own: Orientation) -> tuple[
        tuple[float, float], Orientation]:
    """A feature's centroid and orientation in the area's frame, carried onto the board."""
    outer = orientation(area.get("rotation_degrees"), area.get("mirror"))
    dx, dy = turn(outer, at)
    return ((float(area["position"]["x"]) + dx, float(area["position"]["y"]) + dy),
            compose(outer, own))


def _composed(piece: Raw, template: Raw, templates: Mapping[str, Raw],
              at: tuple[float, float], own: Orientation, where: str) -> Iterator[PlacedPiece]:
    area = {"position": {"x": at[0], "y": at[1]}}
    for k, feature in enumerate(template.get("features") or []):
        sheet = templates.get(feature.get("template") or "")
        if sheet is None:
            raise LayoutError(f"{where}: feature {k + 1} names no known template")
        spot = (float(feature["position"]["x"]), float(feature["position"]["y"]))
        inner = orientation(feature.get("rotation_degrees"), feature.get("mirror"))
        dx, dy = turn(own, spot)
        fid = f"{piece['id']}--{feature.get('id') or f'feature-{k + 1}'}" if piece.get("id") \
            else str(feature.get("id") or f"feature-{k + 1}")
        yield _made(fid, {"template": feature["template"]}, sheet["footprint"], sheet,
                    (float(area["position"]["x"]) + dx, float(area["position"]["y"]) + dy),
                    compose(own, inner), False)
