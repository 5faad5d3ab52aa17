"""A building (or other terrain piece) drawn from its datasheet's look."""

from __future__ import annotations

from collections.abc import Mapping

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from board.document.datasheet import TerrainKind
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
from board.view.convert import to_colour, to_path, to_point
from board.view.items.label_item import PRIORITY, LabelItem
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker
from board.view.items.model_item import ModelItem
from board.view.items.symbol_boxes import SymbolBoxes, ltrb, nominal

__all__ = ["BuildingItem"]

#: Screen pixels to the inch at which a name label's room is judged when no view shows the
#: board (the demo's fitted zoom); a shown board is judged at its view's zoom.
_JUDGE_PX_PER_INCH = 25.0

#: How near (inches) another piece must be for its label and badges to be judged again when
#: this one (or a model) moves: a wide name label reaches some 6 inches to each side.
_NEAR = 6.0

_KIND_FILL = {
    TerrainKind.RUINS: QColor("#7a6a55"),
    TerrainKind.CRATER: QColor("#4a3f33"),
    TerrainKind.IMPASSABLE: QColor("#5a5650"),
    TerrainKind.AREA: QColor("#3f6b35"),
}


_ltrb = ltrb

#: The changes a building passes on to its footprint (it is told of hundreds more as its
#: symbols and labels are made and placed).
_FOOTPRINT_FOLLOWS = frozenset({
    QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemRotationHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemSelectedHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemOpacityHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged,
})

def _nominal(item: QGraphicsRectItem, at: QPointF, scale: float = _JUDGE_PX_PER_INCH,
             core: bool = False) -> QRectF:
    """The table area a pixel-sized symbol or label at ``at`` covers at ``scale`` px/inch."""
    return nominal(item, at, scale, core)


def _name_label_of(item: QGraphicsItem) -> QGraphicsItem:
    assert isinstance(item, BuildingItem)
    return item._name_label


#: How high the footprints lie: under every building's symbols and labels (the buildings are at
#: 0), so that two parts of one building sharing a wall do not hide each other's doors.
FOOTPRINT_Z = -1.0


class _Footprint(QGraphicsRectItem):
    """A building's footprint and battlements, drawn under every building's symbols.

    It stands where its building stands (the building moves it) and is drawn from the
    building's state; Qt keeps its picture as a pixmap at the view's scale. Never under the
    mouse: clicks go to the building, whose shape is the footprint.
    """

    def __init__(self, building: BuildingItem) -> None:
        super().__init__(building.boundingRect())
        self.building = building
        self.setPen(Qt.PenStyle.NoPen)
        self.setZValue(FOOTPRINT_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def shape(self) -> QPainterPath:  # noqa: D102 - Qt override
        return QPainterPath()

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        self.building.paint_footprint(painter)


class BuildingItem(QGraphicsItem):
    """A terrain piece in its datasheet's local frame, placed by position and rotation.

    Its footprint (edged in the claiming side's colour) and battlements are drawn by a
    companion item under every building's symbols (:class:`_Footprint`); it has child symbols
    for access points, fire points and emplaced weapons and upright labels for each facing's
    armour and for the name, which also lists the units inside. It draws nothing itself; its
    shape, the footprint, is what the mouse finds.
    """

    #: How near (inches) what moved must be for a piece's labels to be judged again.
    NEAR = _NEAR

    def __init__(self, piece_id: str, look: BuildingLook) -> None:
        super().__init__()
        self.piece_id = piece_id
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)
        self.setZValue(0.0)
        self._look = look
        self._footprint = to_path(look.footprint)
        self._battlements = to_path(look.battlements)
        self._bounds = self._footprint.boundingRect().adjusted(-0.2, -0.2, 0.2, 0.2)
        self._claim: QColor | None = None
        self._claim_name = ""
        self._occupants: list[str] = []
        #: The label's stats line: the datasheet's, with what changes in play put in.
        self._stats = look.stats
        self._is_part = False
        #: The spot the name label is offered first (:data:`NAME_SPOTS`).
        self._label_spot: tuple[str, int] = NAME_SPOTS[0]
        #: The zoom (px to the inch) the labels were last judged at (:meth:`place_labels_now`).
        self._judged_at = 0.0
        self._last_rect = QRectF()
        self._markers: list[tuple[AccessPointMarker | FirePointMarker | WeaponMarker, float]] = []
        self._badges: dict[str, LabelItem] = {}
        self._name_label = LabelItem("", self, point_size=8.5, bold=True)
        self._name_label.setZValue(3.0)
        self._name_label.priority = PRIORITY["name"]
        self.footprint_item = _Footprint(self)
        self._build_children()
        self._refresh_text()

    # -- setters the scene calls ---------------------------------------------------------
    def set_placement(self, x: float, y: float, rotation: float, settle: bool = True) -> None:
        """Put the datasheet's origin at ``(x, y)`` inches, turned ``rotation``° clockwise.

        Its badges and name spots are judged now, and its neighbours' (one of theirs may now
        be in the way, or free to come back). ``settle`` ``False``: only place it; its labels
        are judged later by :meth:`place_labels_now` (a whole board drawn at once judges each
        building once, with every model and piece in the scene:
        :meth:`~board.view.scene_items.SceneItems.place_building_labels`).
        """
        self.setPos(x, y)
        self.setRotation(rotation)
        for marker, local_angle in self._markers:
            marker.set_angle(local_angle + rotation)
        here = self.sceneBoundingRect()
        before = self._last_rect if self._last_rect.isValid() else here
        self._last_rect = here
        if settle:
            self.place_labels_near(here.united(before))

    def place_labels_near(self, area: QRectF) -> None:
        """Judge this piece's labels and those of every piece near ``area`` (inches), now."""
        scene = self.scene()
        reach = -_NEAR, -_NEAR, _NEAR, _NEAR
        near = scene.items(area.adjusted(*reach)) if scene is not None else []
        symbols = self._symbols()
        self.place_labels_now(symbols)
        for item in near:
            if isinstance(item, BuildingItem) and item is not self:
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
            if item is not self and isinstance(item, (BuildingItem, ModelItem)):
                found.append(symbols.outline(item))
                if isinstance(item, BuildingItem):
                    pieces.append(item.mapToScene(item.shape()))
        over = [any(path.intersects(QRectF(r[0], r[1], r[2] - r[0], r[3] - r[1]))
                    for path in pieces) for r in rooms]
        # Not the other pieces' names: where those go is the layout's choice, made after this.
        crowd = found + symbols.meeting(near, self, name_labels=False) + self._own_symbols()
        return crowd, over

    def _symbols(self) -> SymbolBoxes:
        """The scene's buildings' symbols, measured for one judging pass."""
        scene = self.scene()
        buildings = [i for i in scene.items() if isinstance(i, BuildingItem)] if scene else []
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
    def symbol_boxes(buildings: list[BuildingItem], scale: float) -> SymbolBoxes:
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

    def set_claim(self, colour: QColor | None, side_name: str = "") -> None:
        """Show the building as claimed by the side of ``colour`` (``None``: unclaimed)."""
        self._claim = QColor(colour) if colour is not None else None
        self._claim_name = side_name
        background = style.LABEL_BACK
        if self._claim is not None:
            background = self._claim.darker(160)
            background.setAlpha(style.LABEL_BACK.alpha())  # models under it still show
        self._name_label.set_background(background)
        self._refresh_text()
        self.footprint_item.update()

    def set_part_of_group(self, is_part: bool, settle: bool = True) -> None:
        """Label a part of a multi-part building by its part name alone (no stats).

        ``settle`` ``False``: the label's spot is judged later (see :meth:`set_placement`).
        """
        self._is_part = is_part
        self._refresh_text()
        if settle and self.scene() is not None:
            self._place_name_label()

    def set_live_stats(self, live: Mapping[str, str]) -> None:
        """Show the current values (``{"DC": "DC 7/10"}``) in place of the datasheet's."""
        parts = self._look.stats.split(" · ") if self._look.stats else []
        shown = {p.split(" ", 1)[0] for p in parts}
        parts = [live.get(p.split(" ", 1)[0], p) for p in parts]
        # a datasheet that gives no starting value (the size gives it): shown once damaged
        parts += [v for k, v in live.items() if k not in shown and "/" in v]
        stats = " · ".join(parts)
        if stats != self._stats:
            self._stats = stats
            self._refresh_text()

    def set_occupants(self, names: list[str]) -> None:
        """List the units embarked inside (they are not on the table)."""
        if list(names) != self._occupants:
            self._occupants = list(names)
            self._refresh_text()

    @property
    def name_text(self) -> str:
        """The text of the name label (name, stats, holder, occupants)."""
        return self._name_label.text

    def armour_text(self, facing: str) -> str:
        """Return the armour value shown on ``facing`` (empty if none)."""
        badge = self._badges.get(facing)
        return badge.text if badge is not None else ""

    @property
    def marker_count(self) -> dict[str, int]:
        """How many access point, fire point and weapon symbols are drawn."""
        kinds = [type(marker).__name__ for marker, _ in self._markers]
        return {k: kinds.count(k) for k in ("AccessPointMarker", "FirePointMarker", "WeaponMarker")}

    # -- building the children ------------------------------------------------------------
    def _build_children(self) -> None:
        look = self._look
        shared: LabelItem | None = None
        for facing, text, where in look.armour_badges:
            if shared is not None:
                self._badges[facing] = shared
                continue
            badge = LabelItem(text, self, background=style.ARMOUR_BADGE, point_size=8.0, bold=True)
            badge.setToolTip(f"Armour {text} on the {facing}")
            badge.setPos(to_point(where))
            badge.setZValue(2.0)
            badge.priority = PRIORITY["armour"]
            self._badges[facing] = badge
            if self._uniform_armour():
                badge.setToolTip(f"Armour {text} on every facing")
                shared = badge
        for ap in look.access_points:
            self._add_marker(AccessPointMarker(ap.tooltip, ap.angle, self), ap.at, ap.angle)
        for fp in look.fire_points:
            marker = FirePointMarker(fp.tooltip, fp.angle, fp.models, self)
            self._add_marker(marker, fp.at, fp.angle)
        for weapon in look.weapons:
            self._add_marker(
                WeaponMarker(weapon.tooltip, weapon.angle, self), weapon.at, weapon.angle
            )

    def _add_marker(
        self,
        marker: AccessPointMarker | FirePointMarker | WeaponMarker,
        at: tuple[float, float],
        angle: float,
    ) -> None:
        marker.setPos(to_point(at))
        marker.setZValue(4.0)
        self._markers.append((marker, angle))

    def _refresh_text(self) -> None:
        name = self._look.name
        if self._is_part:
            name = name.split(": ", 1)[-1]
            name = name[:1].upper() + name[1:]
        lines = [name]
        if self._stats and not self._is_part:
            lines.append(self._stats)
        if self._claim is not None:
            lines.append(f"held by {self._claim_name}")
        lines.extend(f"inside: {name}" for name in self._occupants)
        if self._look.quiet and self._claim is None and not self._occupants:  # hover only
            self._name_label.set_text("")
            self.setToolTip("\n".join([name, self._stats]).strip())
            return
        # Crowded out (board.view.items.legibility): the name and holder, then the name alone.
        held = [line for line in lines[1:] if line.startswith("held by ")]
        shorter = [text for text in ("\n".join([name, *held]), name) if text != "\n".join(lines)]
        self._set_name_text("\n".join(lines), tuple(dict.fromkeys(shorter)))
        if self._is_part:
            self.setToolTip("\n".join([self._look.name, self._stats, *lines[1:]]))
            return
        self.setToolTip("\n".join(lines))

    def _set_name_text(self, text: str, shorter: tuple[str, ...]) -> None:
        """Write the name label; one of another size is offered its spots again, now."""
        label = self._name_label
        size = label.box_of(label.text).size()
        label.set_text(text, shorter)
        if label.box_of(text).size() != size and self._judged_at and self.scene() is not None:
            self._place_name_label()

    # -- Qt overrides -------------------------------------------------------------------
    def boundingRect(self) -> QRectF:  # noqa: D102 - Qt override
        return self._bounds

    def shape(self) -> QPainterPath:  # noqa: D102 - Qt override
        return self._footprint

    def paint(  # noqa: D102 - Qt override
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        pass  # its footprint item draws it

    def itemChange(  # noqa: D102 - Qt override
        self, change: QGraphicsItem.GraphicsItemChange, value: object
    ) -> object:
        if change not in _FOOTPRINT_FOLLOWS:
            return value  # what Qt's own itemChange returns (it does nothing else)
        changed = QGraphicsItem.GraphicsItemChange
        footprint = getattr(self, "footprint_item", None)
        if footprint is not None and shiboken6.isValid(footprint):
            if change == changed.ItemPositionHasChanged:
                footprint.setPos(self.pos())
            elif change == changed.ItemRotationHasChanged:
                footprint.setRotation(self.rotation())
            elif change in (changed.ItemSelectedHasChanged, changed.ItemOpacityHasChanged):
                footprint.setOpacity(self.opacity())
                footprint.update()
            elif change == changed.ItemVisibleHasChanged:
                footprint.setVisible(self.isVisible())
            elif change == changed.ItemSceneHasChanged:
                self._carry_footprint(footprint)
        return value

    def _carry_footprint(self, footprint: _Footprint) -> None:
        """Put the footprint on this item's scene (or take it off with it)."""
        old, new = footprint.scene(), self.scene()
        if old is new:
            return
        if old is not None:
            old.removeItem(footprint)
        if new is not None:
            new.addItem(footprint)
            footprint.setPos(self.pos())
            footprint.setRotation(self.rotation())

    def paint_footprint(self, painter: QPainter) -> None:
        """Draw the footprint, its edge (claim colour, selection) and the battlements."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = _KIND_FILL.get(self._look.kind, style.BUILDING_FILL)
        painter.setBrush(fill.darker(130) if self._look.impassable else fill)
        painter.setPen(self._edge_pen())
        painter.drawPath(self._footprint)
        if self._look.impassable:
            painter.setBrush(QBrush(QColor(0, 0, 0, 90), Qt.BrushStyle.BDiagPattern))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawPath(self._footprint)
        if not self._battlements.isEmpty():
            # Over the claim colour: a coloured wall with pale crenels still reads as both.
            self._paint_battlements(painter)
        if self.isSelected():
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(self._edge_pen())
            painter.drawPath(self._footprint)

    def _edge_pen(self) -> QPen:
        if self.isSelected():
            pen = QPen(style.SELECTION, 3.0, Qt.PenStyle.DashLine)
        elif self._claim is not None:
            pen = QPen(to_colour(self._claim.name()), 4.0)
        else:
            pen = QPen(style.BUILDING_EDGE, 1.5)
        pen.setCosmetic(True)
        return pen

    def _paint_battlements(self, painter: QPainter) -> None:
        painter.setBrush(
            QColor(
                style.BATTLEMENTS.red(), style.BATTLEMENTS.green(), style.BATTLEMENTS.blue(), 110
            )
        )
        crenels = QPen(style.BATTLEMENTS, 5.0)
        crenels.setCosmetic(True)
        crenels.setCapStyle(Qt.PenCapStyle.FlatCap)
        crenels.setDashPattern([1.0, 1.0])
        painter.setPen(crenels)
        painter.drawPath(self._battlements)
