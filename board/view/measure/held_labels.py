"""An overlay's labels while models are dragged: the layout held, kept from paint to paint.

At rest an overlay lays its labels out among every model, symbol and label on the board
(:func:`board.game.core.label_layout.place_labels`). On a crowded table that takes tens of
milliseconds, and a drag repaints on every mouse move. While the select tool drags
(``BoardScene.dragging``) an :class:`~board.view.measure.overlay_item.OverlayItem` therefore
holds its layout (:func:`held_layout`): each label keeps the box it was given, moved as far as
its anchor moved; only a label it has not laid out before is placed, around the held ones.
On screen the item keeps each label from one paint to the next (:class:`HeldLabels`) and holds
only the labels the overlay made anew; it draws them as at rest, every leader line, then every
label (:class:`StillLabels`): the leader lines of the labels that did not move from one
picture, a moving one's from a picture of it alone, each label from its kept picture. A
unit's twenty labels with their leaders cost milliseconds to draw, the pictures a twentieth.

When the drag ends the item is painted again and lays its labels out among the board's items,
exactly as if there had been no drag (``tests/board/test_held_labels.py`` checks both;
``tests/board/test_drag_labels.py`` checks the pictures against the labels drawn one by one).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform

if TYPE_CHECKING:
    from board.view.measure.sketch import Label

__all__ = ["LaidFor", "Taken", "held_layout", "HeldLabel", "HeldLabels", "StillLabels"]

#: What a label was laid out for: its anchor (pixels), text and offset.
LaidFor = tuple[float, float, str, float]

Anchored = Sequence[tuple[QPointF, "Label"]]


def held_layout(last: Sequence[LaidFor], boxes: Sequence[QRectF], leaders: Sequence[bool],
                anchored: Anchored,
                place: Callable[[list[int], list[QRectF]], list[tuple[QRectF, bool]]],
                ) -> tuple[list[QRectF], list[bool]]:
    """The boxes of ``anchored`` during a drag, from the last layout (``last``, ``boxes``).

    A label with the same text and offset as the one laid out at its place in the list keeps
    that box, shifted as far as its anchor moved, and its leader line. ``place(new, kept)``
    lays out the others (their indices) around the kept boxes.

    >>> from board.view.measure.sketch import Label
    >>> held, _ = held_layout([(10.0, 10.0, "a", 0.0)], [QRectF(0, 0, 20, 10)], [True],
    ...                       [(QPointF(15, 12), Label(QPointF(), "a", dy=0.0))],
    ...                       lambda new, kept: [])
    >>> held[0].getRect()
    (5.0, 2.0, 20.0, 10.0)
    """
    found: list[QRectF | None] = []
    lines: list[bool] = []
    for k, (at, label) in enumerate(anchored):
        if k < len(last) and last[k][2:] == (label.text, label.dy):
            found.append(boxes[k].translated(at.x() - last[k][0], at.y() - last[k][1]))
            lines.append(leaders[k])
        else:
            found.append(None)
            lines.append(False)
    new = [k for k, box in enumerate(found) if box is None]
    if new:
        for k, (box, leader) in zip(new, place(new, [b for b in found if b is not None]),
                                    strict=True):
            found[k], lines[k] = box, leader
    return [box for box in found if box is not None], lines


#: Draws leader lines of labels with their boxes and leader flags on a painter (device pixels).
DrawLeaders = Callable[[QPainter, list[tuple[QPointF, "Label"]], list[QRectF], list[bool]], None]

#: A label's kept picture, for the label, its box (pixels) and the device pixel ratio.
LabelPicture = Callable[["Label", QRectF, float], QPixmap]

#: Lays labels out around kept boxes: ``(anchor, label)`` pairs and the kept boxes (pixels)
#: in, each one's box and whether it needs a leader line out.
Place = Callable[[list[tuple[QPointF, "Label"]], list[QRectF]], list[tuple[QRectF, bool]]]

_Key = tuple[float, float, float, float, float, float, str, int, float, bool]

#: Where a label was painted, in item coordinates ``(x, y, width, height)``, its text and colour.
Taken = tuple[tuple[float, float, float, float], str, int]


@dataclass(slots=True)
class HeldLabel:
    """One label of a drag as painted: where, in which box, and what is kept to paint it again.

    ``label`` is the sketch's label it was made for: a paint that finds the same object at
    the same place in the list (and the view as it was) takes it as it is, with no work.
    """

    label: Label
    at: QPointF  # its anchor, pixels
    shown: Label  # as drawn (its text wrapped)
    box: QRectF  # pixels
    leader: bool
    key: _Key  # what it was laid out and drawn as
    taken: Taken
    spot: QPointF  # where its kept picture is drawn (whole pixels)
    picture: tuple[float, QPixmap] | None = None  # its kept picture, for a pixel ratio


class HeldLabels:
    """The labels of an overlay during a drag, laid out and kept from one paint to the next.

    :meth:`lay_out` is :func:`held_layout` done label by label, only for the labels that are
    new objects since the last paint (a line of sight makes the shooter's name anew on each
    move and keeps the twenty labels of the target models). A label laid out as it was
    (made anew by a new reading, the same text in the same box) keeps its
    :class:`HeldLabel`, and so its pictures.
    """

    def __init__(self) -> None:
        #: The labels as last laid out, in the sketch's order.
        self.labels: list[HeldLabel] = []
        self._where: tuple[float, ...] | None = None

    def clear(self) -> None:
        """Forget the labels (the drag ended)."""
        self.labels, self._where = [], None

    def lay_out(self, labels: Sequence[Label], transform: QTransform,
                shown: Callable[[Label], Label], last: Sequence[LaidFor],
                boxes: Sequence[QRectF], leaders: Sequence[bool], place: Place,
                to_item: QTransform) -> list[HeldLabel]:
        """Each label of ``labels`` held (:func:`held_layout`): kept, moved or placed anew.

        ``transform`` maps the labels' anchors to pixels; ``shown`` wraps a label's text;
        ``last``, ``boxes`` and ``leaders`` are the last layout (what each label was laid out
        for, its box and leader line); ``place`` lays out new labels around the others;
        ``to_item`` maps pixels to item coordinates.
        """
        where = (transform.m11(), transform.m12(), transform.m21(), transform.m22(),
                 transform.dx(), transform.dy(), to_item.m11(), to_item.dx(), to_item.dy())
        old = self.labels if where == self._where else []

        def entry(k: int, label: Label, at: QPointF, wrapped: Label, box: QRectF,
                 leader: bool) -> HeldLabel:
            key = _key(at, wrapped, box, leader)
            if k < len(old) and old[k].key == key:  # made anew as it was (a new reading)
                old[k].label = label
                return old[k]
            return _held(label, at, wrapped, box, leader, key, to_item)

        found: list[HeldLabel | None] = []
        new: list[tuple[int, Label, QPointF, Label]] = []
        for k, label in enumerate(labels):
            if k < len(old) and old[k].label is label:
                found.append(old[k])
                continue
            at, wrapped = transform.map(label.at), shown(label)
            if k < len(last) and last[k][2:] == (wrapped.text, wrapped.dy):
                box = boxes[k].translated(at.x() - last[k][0], at.y() - last[k][1])
                found.append(entry(k, label, at, wrapped, box, leaders[k]))
            else:
                found.append(None)
                new.append((k, label, at, wrapped))
        if new:
            kept = [held.box for held in found if held is not None]
            for (k, label, at, wrapped), (box, leader) in zip(
                    new, place([(at, wrapped) for _, _, at, wrapped in new], kept), strict=True):
                found[k] = entry(k, label, at, wrapped, box, leader)
        self.labels = [held for held in found if held is not None]
        self._where = where
        return self.labels


def _held(label: Label, at: QPointF, shown: Label, box: QRectF, leader: bool, key: _Key,
          to_item: QTransform) -> HeldLabel:
    rect = to_item.mapRect(box)
    return HeldLabel(label, at, shown, box, leader, key,
                     ((rect.x(), rect.y(), rect.width(), rect.height()), shown.text,
                      shown.colour.rgba()),
                     QPointF(round(box.x()), round(box.y())))


#: The moving labels' leader lines kept as pictures, this many at most (one a label per drag
#: while the mouse moves by whole pixels; more when it snaps to a grid).
LEADER_PICTURES = 64

#: A moving leader's picture stands for its anchor's place within a pixel to this many
#: decimals: the mouse moves by whole pixels, and the anchor's fraction of a pixel then only
#: differs by the rounding of the sums that placed it (1e-13 px).
PHASE_DIGITS = 6


class StillLabels:
    """An overlay's labels in a drag, drawn as at rest from pictures made once.

    As at rest every leader line is drawn, then every label in order (each label from its
    kept picture, ``picture(label, box, ratio)``). The leader lines of the labels that stood
    still since the last paint are drawn from one picture, made once
    (``leaders(painter, labels, boxes, flags)`` draws them, device pixels); a moving label's
    line from a picture of it alone, kept while it moves by whole pixels: a translucent
    line costs some 0.3 ms to draw (Qt strokes it apart so as not to blend it twice where
    it overlaps itself), its picture a hundredth of that.
    """

    def __init__(self, leaders: DrawLeaders, picture: LabelPicture) -> None:
        self._leaders, self._label_picture = leaders, picture
        self._remembered: set[tuple[object, ...]] = set()
        self._last: list[HeldLabel] | None = None
        self._pictured: tuple[float, list[HeldLabel]] | None = None
        self._moved: set[int] = set()  # which labels (their places in the list) last moved
        self._moving_ids: set[int] = set()  # the labels the last paint drew as moving
        self._picture: QPixmap | None = None
        self._origin = QPointF()
        self._moving: OrderedDict[tuple[object, ...], tuple[QPixmap, float, float]] = (
            OrderedDict())
        #: Whether leader lines are drawn from pictures (a test draws them one by one).
        self.kept = True
        #: How many pictures of still leader lines were drawn (tests count them).
        self.drawn = 0
        #: How many pictures of moving leader lines were drawn (tests count them).
        self.moving_drawn = 0

    def clear(self) -> None:
        """Forget the pictures (the drag ended)."""
        self._remembered, self._last, self._pictured, self._picture = set(), None, None, None
        self._moved, self._moving_ids = set(), set()
        self._moving.clear()

    def remember(self, anchored: Anchored, boxes: list[QRectF], leaders: list[bool]) -> None:
        """The labels as painted at rest: those the first paint of a drag finds unchanged.

        They stood still since that paint, so the first paint of a drag already draws their
        leader lines as one picture (which the second blends), instead of drawing them one
        by one and making the picture at the second paint: one costly paint a drag, not two.
        Compared to :data:`LOOSE_DIGITS` decimals of a pixel: the drag's first reading places
        the labels again, to the rounding of its sums (the picture is drawn where they are).
        """
        self._remembered = {_loose(_key(at, label, box, leader)) for (at, label), box, leader
                            in zip(anchored, boxes, leaders, strict=True)}
        self._last, self._moved, self._moving_ids = None, set(), set()

    def paint(self, painter: QPainter, labels: list[HeldLabel],
              exposed: QRectF | None = None) -> None:
        """Draw the leader lines, the still ones from the picture, then every label.

        A label stood still if the last paint drew it too: :class:`HeldLabels` hands the same
        :class:`HeldLabel` on while a label does not change (the first paint of a drag: if it
        was painted so at rest). ``exposed`` (device pixels): the part being painted; only
        that part of the picture is drawn (blending all of it would cost more than drawing
        the lines), and only the labels that meet it.
        """
        if self._last is None:
            still = [held for held in labels
                     if held.leader and _loose(held.key) in self._remembered]
        else:
            drawn = {id(held) for held in self._last}  # alive in the list: ids not reused
            # A label drawn as moving by the last paint goes on being drawn so (a second
            # paint of one move, Qt's repaint of a label outside the first's part): taken
            # into the still picture it made it again on every move of a lone moving label.
            still = [held for held in labels if held.leader and id(held) in drawn
                     and id(held) not in self._moving_ids]
        self._last = labels
        ratio = painter.device().devicePixelRatioF()
        if not self.kept:
            self._leaders(painter, [(held.at, held.shown) for held in labels],
                          [held.box for held in labels], [held.leader for held in labels])
        else:
            if still:
                pictured, now = self._pictured, {id(held) for held in still}
                # Made again when a label in it changed, not when more stand still (a repaint
                # between two moves): those are drawn as the moving ones are.
                if (pictured is None or pictured[0] != ratio
                        or any(id(held) not in now for held in pictured[1])):
                    self._take(painter, still)
                    self._pictured = (ratio, still)
                self._blit(painter, exposed)
            shown = {id(held) for held in self._pictured[1]} if still and self._pictured else set()
            again = self._moved
            moved = {k for k, held in enumerate(labels) if held.leader and id(held) not in shown}
            if moved:  # (a paint that moves nothing, a repaint, leaves what last moved)
                self._moved = moved
            self._moving_ids = {id(labels[k]) for k in moved}
            for k in sorted(moved):
                held = labels[k]
                if k in again:  # moving on: from its picture
                    self._draw_moving(painter, held)
                else:  # moved once (a new reading's rounding, a drag's first paint)
                    self._leaders(painter, [(held.at, held.shown)], [held.box], [True])
        # QRectF.intersects on the numbers each label's key holds (its box's left, top, right
        # and bottom), not a call into Qt a label a move.
        seen: tuple[float, float, float, float] = (-math.inf, -math.inf, math.inf, math.inf)
        if exposed is not None:
            seen = ((math.inf, math.inf, -math.inf, -math.inf) if exposed.isEmpty()
                    else (exposed.left(), exposed.top(), exposed.right(), exposed.bottom()))
        left, top, right, bottom = seen
        for held in labels:
            key = held.key
            if key[2] < right and left < key[4] and key[3] < bottom and top < key[5]:
                if held.picture is None or held.picture[0] != ratio:
                    held.picture = (ratio, self._label_picture(held.shown, held.box, ratio))
                painter.drawPixmap(held.spot, held.picture[1])

    def _blit(self, painter: QPainter, exposed: QRectF | None) -> None:
        assert self._picture is not None
        ratio = self._picture.devicePixelRatio()
        whole = QRectF(self._origin, self._picture.deviceIndependentSize())
        part = whole if exposed is None else whole.intersected(exposed)
        if part.isEmpty():
            return
        left, top = math.floor(part.left()), math.floor(part.top())
        part = QRectF(left, top, math.ceil(part.right()) - left, math.ceil(part.bottom()) - top)
        source = part.translated(-self._origin.x(), -self._origin.y())
        painter.drawPixmap(part, self._picture, QRectF(source.x() * ratio, source.y() * ratio,
                                                       source.width() * ratio,
                                                       source.height() * ratio))

    def _take(self, painter: QPainter, still: Sequence[HeldLabel]) -> None:
        """Draw the picture of the still labels' leader lines."""
        area = QRectF()
        for held in still:
            area = area.united(QRectF(held.at, _nearest(held.at, held.box)).normalized())
        picture, origin = _picture_of(painter, area, lambda drawing: self._leaders(
            drawing, [(held.at, held.shown) for held in still], [held.box for held in still],
            [True] * len(still)))
        self._picture, self._origin = picture, QPointF(origin[0], origin[1])
        self.drawn += 1

    def _draw_moving(self, painter: QPainter, held: HeldLabel) -> None:
        """Draw a moving label's leader line from a picture of it, made when first needed.

        The picture is of the line from the anchor's place within its pixel (``PHASE_DIGITS``)
        to the box, drawn at whole pixels: moved by whole pixels it is the same line.
        """
        at = held.at
        left, top = math.floor(at.x()), math.floor(at.y())
        end = _nearest(at, held.box)
        ratio = painter.device().devicePixelRatioF()
        key = (round(at.x() - left, PHASE_DIGITS), round(at.y() - top, PHASE_DIGITS),
               round(end.x() - at.x(), PHASE_DIGITS), round(end.y() - at.y(), PHASE_DIGITS),
               held.shown.colour.rgba(), ratio)
        found = self._moving.get(key)
        if found is None:
            start = QPointF(key[0], key[1])
            line_end = QPointF(key[0] + key[2], key[1] + key[3])
            # The leaders are drawn to the nearest point of a box: here a box of one point.
            sprite, origin = _picture_of(painter, QRectF(start, line_end).normalized(),
                                         lambda drawing: self._leaders(
                                             drawing, [(start, held.shown)],
                                             [QRectF(line_end, line_end)], [True]))
            found = self._moving[key] = (sprite, origin[0], origin[1])
            self.moving_drawn += 1
            if len(self._moving) > LEADER_PICTURES:
                self._moving.popitem(last=False)
        else:
            self._moving.move_to_end(key)
        sprite, dx, dy = found
        painter.drawPixmap(QPointF(left + dx, top + dy), sprite)


def _nearest(at: QPointF, box: QRectF) -> QPointF:
    """The point of ``box`` nearest ``at``: where a leader line from ``at`` ends."""
    return QPointF(min(max(at.x(), box.left()), box.right()),
                   min(max(at.y(), box.top()), box.bottom()))


#: Room round a picture of leader lines for the halo's width and antialiasing, pixels.
_ROOM = 4.0


def _picture_of(painter: QPainter, area: QRectF, draw: Callable[[QPainter], None],
                ) -> tuple[QPixmap, tuple[int, int]]:
    """A transparent picture of what ``draw`` draws in ``area`` (pixels, with room round it).

    Returns the picture and where its corner goes, whole pixels: drawn there it puts each
    pixel where ``draw`` would have.
    """
    area = area.adjusted(-_ROOM, -_ROOM, _ROOM, _ROOM)
    left, top = math.floor(area.left()), math.floor(area.top())
    width, height = math.ceil(area.right()) - left, math.ceil(area.bottom()) - top
    ratio = painter.device().devicePixelRatioF()
    picture = QPixmap(max(1, math.ceil(width * ratio)), max(1, math.ceil(height * ratio)))
    picture.setDevicePixelRatio(ratio)
    picture.fill(Qt.GlobalColor.transparent)
    drawing = QPainter(picture)
    drawing.setRenderHint(QPainter.RenderHint.Antialiasing)
    drawing.translate(-left, -top)
    draw(drawing)
    drawing.end()
    return picture, (left, top)


#: Decimals of a pixel to which a label at rest and in a drag's first paint are compared.
LOOSE_DIGITS = 3


def _loose(key: _Key) -> tuple[object, ...]:
    return tuple(round(v, LOOSE_DIGITS) if isinstance(v, float) else v for v in key)


def _key(at: QPointF, label: Label, box: QRectF, leader: bool) -> _Key:
    return (at.x(), at.y(), box.left(), box.top(), box.right(), box.bottom(), label.text,
            label.colour.rgba(), label.dy, leader)
