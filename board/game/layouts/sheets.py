"""What each placed piece of a layout is on our board: its datasheet and its ``TerrainPiece``.

========================================  ==========================================
the dataset says                          our piece
========================================  ==========================================
an area (a terrain area, a base plate)    area terrain: hides nothing, a place to stand
a dense feature (ruin walls, a tower)     ruins: blocks sight up to its height
a light feature (barricades, low walls)   area terrain: cover, hides nothing
not ground accessible (a solid wall)      impassable
an area with ``terrain: false``           nothing (a bare objective's range disc)
========================================  ==========================================

A piece's height is the dataset's (``height_inches``, else the template's
``default_height_inches``); where it gives none, our default is the dataset's own catalogue
figure for that category (its corner ruins' 5", its barricade's 2"), and the datasheet's
notes say so. One datasheet per template (and per mirrored use of it), carried by the
scenario, so the file opens without the package.
"""

from __future__ import annotations

import re

from board.document.datasheet import Datasheet, TerrainKind
from board.document.model import RuleSystem, TerrainPiece
from board.game.layouts.pieces import PlacedPiece
from board.game.layouts.placing import local_footprint

__all__ = ["LAYOUT_TAG", "DENSE_HEIGHT", "LIGHT_HEIGHT", "kind_of", "sheet_for", "piece_for"]

#: The tag of a datasheet made from a layout's terrain (also ``quiet``: named on hover only,
#: the board would read as a page of part numbers).
LAYOUT_TAG = "40kdc-layout"
#: Heights where the dataset gives none: its catalogue's corner ruins and barricade.
DENSE_HEIGHT, LIGHT_HEIGHT = 5.0, 2.0


def kind_of(piece: PlacedPiece) -> tuple[TerrainKind, float, str]:
    """Our kind, the height, and the words that say where they came from."""
    category = piece.spec.get("terrain_category")
    given = piece.height
    if piece.area:
        return TerrainKind.AREA, 0.0, "a terrain area: area terrain, hides nothing"
    if piece.spec.get("ground_accessible") is False:
        return (TerrainKind.IMPASSABLE, given if given is not None else DENSE_HEIGHT,
                "not ground accessible: impassable")
    if category == "light":
        return (TerrainKind.AREA, given if given is not None else LIGHT_HEIGHT,
                "a light feature: cover, but it hides nothing")
    return (TerrainKind.RUINS, given if given is not None else DENSE_HEIGHT,
            "a dense feature: ruins, blocking sight up to their height")


def _sheet_id(piece: PlacedPiece, layout_id: str) -> str:
    own = piece.template if piece.template and not piece.inline else f"{layout_id}.{piece.id}"
    flip = ".mirrored" if piece.orientation[1] else ""
    return re.sub(r"[^A-Za-z0-9_.-]", "-", f"40kdc.{own}{flip}")


def sheet_for(piece: PlacedPiece, layout_id: str) -> Datasheet:
    """The datasheet of ``piece``'s terrain (its footprint about its centroid)."""
    kind, height, why = kind_of(piece)
    said = "the dataset's" if piece.height is not None or height == 0.0 else "our default"
    notes = (f"From the 40kdc-data layouts (CC BY 4.0; Battlemaster layouts with permission): "
             f"{why}; height {height:g}\" ({said}).")
    name = piece.name + (" (mirrored)" if piece.orientation[1] else "")
    return Datasheet(id=_sheet_id(piece, layout_id), name=name, kind=kind,
                     systems=(RuleSystem.WH40K.value, RuleSystem.HORUS_HERESY.value),
                     footprint=local_footprint(piece.footprint, piece.orientation[1]),
                     height=height, notes=notes, tags=(LAYOUT_TAG, "quiet"))


def piece_for(piece: PlacedPiece, sheet: Datasheet) -> TerrainPiece:
    """Our piece: the datasheet at the centroid, turned by the net rotation."""
    return TerrainPiece(id=re.sub(r"[^A-Za-z0-9_.-]", "-", piece.id), datasheet=sheet.id,
                        x=piece.x, y=piece.y, rotation=piece.orientation[0])
