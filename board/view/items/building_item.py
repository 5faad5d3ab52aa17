"""A building (or other terrain piece) drawn from its datasheet's look."""

from __future__ import annotations

from collections.abc import Mapping

import shiboken6
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from board.game.core.building_labels import NAME_SPOTS
from board.view import style
from board.view.building_look import BuildingLook
from board.view.convert import to_path, to_point
from board.view.items.building_footprint import FOOTPRINT_FOLLOWS, BuildingFootprint
from board.view.items.label_item import PRIORITY, LabelItem
from board.view.items.labelled_piece import LabelledPieceItem
from board.view.items.markers import AccessPointMarker, FirePointMarker, WeaponMarker

__all__ = ["BuildingItem"]


class BuildingItem(LabelledPieceItem):
    """A terrain piece in its datasheet's local frame, placed by position and rotation.

    Its footprint (edged in the claiming side's colour) and battlements are drawn by a
    companion item under every building's symbols
    (:class:`~board.view.items.building_footprint.BuildingFootprint`); it has child symbols
    for access points, fire points and emplaced weapons and upright labels for each facing's
    armour and for the name, which also lists the units inside (where those go is judged by
    :class:`~board.view.items.labelled_piece.LabelledPieceItem`). It draws nothing itself;
    its shape, the footprint, is what the mouse finds.
    """

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
        self.footprint_item = BuildingFootprint(self, look, self._footprint, self._battlements)
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
        self.footprint_item.set_claim(self._claim)

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
        if change not in FOOTPRINT_FOLLOWS:
            return value  # what Qt's own itemChange returns (it does nothing else)
        footprint = getattr(self, "footprint_item", None)
        if footprint is not None and shiboken6.isValid(footprint):
            footprint.follow(change)
        return value
