"""A terrain piece's labels placed clear of what is near it, at the zoom the player sees.

A building's name label (with its stats, holder and occupants) and its armour badges are
drawn in pixels over a board drawn in inches: what they cover depends on the zoom and on
the pieces, models and symbols around. :class:`LabelledPieceItem` judges them: each badge
steps along its wall to the first spot that covers no other piece's symbol or badge, and the
name label is offered its spots (under the footprint, above it, to one side, beside it) least
crowded first (:mod:`board.game.core.building_labels` works the choices out over
rectangles). They are judged again when the piece, a neighbour or a model moves, or when the
zoom changes. :class:`~board.view.items.building_item.BuildingItem` is the one such piece.
"""

from __future__ import annotations

from collections.abc import Sequence

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem

from board.game.core.building_labels import (
    NAME_SPOTS,
    first_clear_spot,
    name_offsets,
    name_rooms,
    rank_name_spots,
    union,
)
from board.game.core.label_layout import Rect
from board.view import style
from board.view.building_look import BuildingLook
from board.view.convert import to_point
from board.view.items.label_item import LabelItem
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker
from board.view.items.model_item import ModelItem
from board.view.items.symbol_boxes import SymbolBoxes, ltrb, nominal

__all__ = ["LabelledPieceItem"]

#: Screen pixels to the inch at which a name label's room is judged when no view shows the
#: board (the demo's fitted zoom); a shown board is judged at its view's zoom.
_JUDGE_PX_PER_INCH = 25.0

#: How near (inches) another piece must be for its label and badges to be judged again when
#: this one (or a model) moves: a wide name label reaches some 6 inches to each side.
_NEAR = 6.0

_ltrb = ltrb


def _nominal(item: QGraphicsRectItem, at: QPointF, scale: float = _JUDGE_PX_PER_INCH,
             core: bool = False) -> QRectF:
    """The table area a pixel-sized symbol or label at ``at`` covers at ``scale`` px/inch."""
    return nominal(item, at, scale, core)


def _name_label_of(item: QGraphicsItem) -> QGraphicsItem:
    assert isinstance(item, LabelledPieceItem)
    return item._name_label


class LabelledPieceItem(QGraphicsItem):
    """A terrain piece whose name label and armour badges keep clear of what is near.

    The piece (:class:`~board.view.items.building_item.BuildingItem`) makes the labels and
    symbols; this judges where they go, now (:meth:`place_labels_now`) or with its
    neighbours' (:meth:`place_labels_near`).
    """

    #: How near (inches) what moved must be for a piece's labels to be judged again.
    NEAR = _NEAR

    # Made by the piece (BuildingItem.__init__): what is judged, and where.
    _look: BuildingLook
    _footprint: QPainterPath
    _name_label: LabelItem
    _badges: dict[str, LabelItem]
    _markers: list[tuple[AccessPointMarker | FirePointMarker | WeaponMarker, float]]
    _label_spot: tuple[str, int]  # the name label's spot offered first
    _judged_at: float  # the zoom the labels were last judged at (0: never)

    def place_labels_near(self, area: QRectF) -> None:
        """Judge this piece's labels and those of every piece near ``area`` (inches), now."""
        scene = self.scene()
        reach = -_NEAR, -_NEAR, _NEAR, _NEAR
        near = scene.items(area.adjusted(*reach)) if scene is not None else []
        symbols = self._symbols()
        self.place_labels_now(symbols)
        for item in near:
            if isinstance(item, LabelledPieceItem) and item is not self:
                item.place_labels_now(symbols)

    def _place_name_label(self, symbols: SymbolBoxes | None = None) -> None:
        # Under the footprint as the table shows it, whatever the rotation, so it hides no
        # armour value or symbol; else above it, or pushed to one side, or beside it: the
        # spots are offered to the layout least crowded first (other pieces, models, symbols
        # and badges at this zoom), none over another piece where one is clear of them all
        # (board.game.core.building_labels.rank_name_spots), and it shows the name at the
        # first where it covers nothing on the page.
        on_table = self.mapToScene(self._footprint).boundingRect()
        box = self._name_label.box_of(self._name_label.text)  # whole: not as the fit shows it
        scale = self._scale()
        rooms = name_rooms(_ltrb(on_table), (box.width() / scale, box.height() / scale),
                           style.MARKER_PX / scale)
        crowd, over = self._surroundings(rooms, symbols)
        order = rank_name_spots(rooms, crowd, over)
        self._label_spot = NAME_SPOTS[order[0]]
        centre = on_table.center()
        anchor = self.mapFromScene(centre)
        if self._name_label.pos() != anchor:
            self._name_label.setPos(anchor)
        self._name_label.set_spots(
            name_offsets([rooms[k] for k in order], (centre.x(), centre.y()), scale))

    def _surroundings(self, rooms: list[Rect], symbols: SymbolBoxes | None = None,
                      ) -> tuple[list[Rect], list[bool]]:
        """What crowds ``rooms`` (table rectangles), and whether each lies over another piece.

        A piece or a model is its outline's box; a symbol or badge, drawn in pixels, its box
        at the judging zoom (of those, only the ones that meet the rooms' area); this
        piece's own doors, fire points and weapons where they are. A room lies over another
        piece where it meets that piece's footprint.
        """
        scene = self.scene()
        if scene is None or not rooms:
            return [], [False] * len(rooms)
        near = union(rooms)
        symbols = symbols or self._symbols()
        views = scene.views()
        seen_as = views[0].viewportTransform() if views else QTransform()
        found: list[Rect] = []
        pieces: list[QPainterPath] = []
        area = QRectF(near[0], near[1], near[2] - near[0], near[3] - near[1])
        for item in scene.items(area, Qt.ItemSelectionMode.IntersectsItemShape,
                                Qt.SortOrder.DescendingOrder, seen_as):
            if item is not self and isinstance(item, (LabelledPieceItem, ModelItem)):
                found.append(symbols.outline(item))
                if isinstance(item, LabelledPieceItem):
                    pieces.append(item.mapToScene(item.shape()))
        over = [any(path.intersects(QRectF(r[0], r[1], r[2] - r[0], r[3] - r[1]))
                    for path in pieces) for r in rooms]
        # Not the other pieces' names: where those go is the layout's choice, made after this.
        crowd = found + symbols.meeting(near, self, name_labels=False) + self._own_symbols()
        return crowd, over

    def _symbols(self) -> SymbolBoxes:
        """The scene's buildings' symbols, measured for one judging pass."""
        scene = self.scene()
        buildings = ([i for i in scene.items() if isinstance(i, LabelledPieceItem)] if scene
                     else [])
        return SymbolBoxes(buildings, self._scale(), _name_label_of)

    def place_labels_again(self) -> None:
        """Judge the name label's spots and the badges again (the zoom changed), now.

        Not if they were last judged at this very zoom (a view fitted again to the same
        table): the answer would be the same.
        """
        if self._judged_at != self._scale():
            self.place_labels_now()

    def needs_judging(self) -> bool:
        """Whether its labels were judged at another zoom than the one shown now."""
        return self._judged_at != self._scale()

    def place_labels_now(self, symbols: SymbolBoxes | None = None) -> None:
        """Judge the badges' and the name label's spots now, at the zoom shown.

        ``symbols``: the buildings' symbols measured for a pass judging several buildings
        (one measure of each, shared by every building judged), see :meth:`symbol_boxes`.
        """
        if not shiboken6.isValid(self) or self.scene() is None:
            return
        symbols = symbols or self._symbols()
        self._settle_badges(symbols)
        self._place_name_label(symbols)
        self._judged_at = self._scale()
        symbols.forget(self)  # its badges and name moved: measured again if asked

    @staticmethod
    def symbol_boxes(buildings: Sequence[LabelledPieceItem], scale: float) -> SymbolBoxes:
        """The symbols of ``buildings`` for one pass judging them all at ``scale``."""
        return SymbolBoxes(buildings, scale, _name_label_of)

    def judging_scale(self) -> float:
        """Screen pixels to the inch at which this piece's labels are judged now."""
        return self._scale()

    def _settle_badges(self, symbols: SymbolBoxes | None = None) -> None:
        """Step each armour badge along its wall off a neighbouring piece's symbols.

        The look lists each badge's spots clear of this piece's own symbols; the first that
        also covers no other piece's symbol or badge, nor a badge of this piece, is taken
        (:func:`board.game.core.building_labels.first_clear_spot` over rectangles).
        """
        look = self._look
        spots_of = look.badge_spots or tuple((where,) for _, _, where in look.armour_badges)
        if self._uniform_armour():  # one badge for all: inside, wherever it covers nothing
            spots_of = ((self._inside_spot(), *(s for spots in spots_of for s in spots)),)
        taken: list[Rect] = []
        done: set[int] = set()
        symbols = symbols or self._symbols()
        for (facing, _, _), spots in zip(look.armour_badges, spots_of, strict=False):
            badge = self._badges[facing]
            if id(badge) in done:
                continue
            done.add(id(badge))
            mine = self._own_symbols() if len(spots_of) == 1 else []
            best, box = self._first_clear_spot(badge, spots, taken + mine, symbols)
            if badge.pos() != to_point(spots[best]):
                badge.setPos(to_point(spots[best]))
            taken.append(box)

    def _first_clear_spot(self, badge: LabelItem, spots: tuple[tuple[float, float], ...],
                          fixed: list[Rect], symbols: SymbolBoxes) -> tuple[int, Rect]:
        """The first of ``spots`` where ``badge`` covers nothing, and its box (table inches).

        Covering nothing means meeting none of ``fixed`` nor any other building's symbol or
        badge (:func:`~board.game.core.building_labels.first_clear_spot`: the spots measured
        a few at a time, the first is nearly always clear).
        """
        scale = self._scale()
        return first_clear_spot(
            lambda start, stop: self._spot_boxes(badge, spots[start:stop], scale), len(spots),
            fixed, lambda area: symbols.meeting(area, self, name_labels=False))

    def _spot_boxes(self, badge: LabelItem, spots: tuple[tuple[float, float], ...],
                    scale: float) -> list[Rect]:
        """Each spot's :func:`_nominal` box of ``badge`` (table inches), mapped in one call.

        The same numbers as mapping the spots one by one: Qt maps a polygon point by point.
        """
        box = badge.box_of(badge.text)  # whole: where it goes never hangs on its fit
        dx, dy = box.topLeft().x() / scale, box.topLeft().y() / scale
        width, height = box.width() / scale, box.height() / scale
        mapped = self.mapToScene(QPolygonF([to_point(spot) for spot in spots]))
        found: list[Rect] = []
        for k in range(mapped.size()):
            at = mapped.at(k)
            left, top = at.x() + dx, at.y() + dy
            found.append((left, top, left + width, top + height))
        return found

    def _scale(self) -> float:
        """Screen pixels to the inch at which labels are judged: the view's zoom when shown.

        Judged when the piece is placed (after the view has fitted the table), so a label
        keeps clear of what it would cover at the zoom the player sees; 25 with no view.
        """
        scene = self.scene()
        views = scene.views() if scene is not None else []
        scale = views[0].transform().m11() if views else 0.0
        if scale < 4.0:  # no view, or one not fitted to the table yet (1 px to the inch)
            return _JUDGE_PX_PER_INCH
        return min(scale, 200.0)

    def _own_symbols(self) -> list[Rect]:
        """The doors, fire points and weapons of the piece (table inches, judging zoom)."""
        scale = self._scale()
        return [_ltrb(_nominal(marker, marker.scenePos(), scale, core=True))
                for marker, _ in self._markers]

    def _uniform_armour(self) -> bool:
        """Whether every facing has the same armour: one badge then says it for all four."""
        texts = {text for _, text, _ in self._look.armour_badges}
        return len(self._look.armour_badges) > 1 and len(texts) == 1

    def _inside_spot(self) -> tuple[float, float]:
        """The middle of the footprint, in the datasheet's frame."""
        centre = self._footprint.boundingRect().center()
        return (centre.x(), centre.y())
