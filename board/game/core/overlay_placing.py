"""One overlay's labels placed on a page, clear of the board and of the overlays below.

The second step of :func:`board.game.core.board_layout.lay_out`: :func:`place_overlay` places
the labels of an overlay drawn over the board (a line of sight's verdicts, a ruler's distance)
among the models, the symbols, the board's labels and the labels already placed, further out
where nothing near is clear; :func:`place_under` places the captions of one drawn under the
board (the deployment zones) inside their rooms, or not at all. :func:`anchor_on` is where a
label that may stand at one of several spots stands. All in pixels on a
:class:`~board.game.core.layout_records.Page`.
"""

from __future__ import annotations

from collections.abc import Sequence

from board.game.core.label_anchors import first_spot, spot_box
from board.game.core.label_layout import LabelBox, Placed, Rect, place_labels, sized
from board.game.core.label_room import clear_room
from board.game.core.layout_records import (
    XY,
    LabelRequest,
    Measure,
    OverlayLabels,
    Page,
    PlacedLabel,
)

__all__ = ["FAR_RINGS", "place_overlay", "place_under", "anchor_on"]

#: Rings of spots tried round a label's anchor when none of the nearer twelve is clear (a
#: verdict on a crowded table at whole-table zoom: the nearest clear room is further out).
FAR_RINGS = 48


def _inside(box: Rect, page: Page) -> Rect:
    """``box`` moved (not resized) to lie on the page where it fits."""
    left, top, right, bottom = page.rect
    dx = max(left - box[0], 0.0) + min(right - box[2], 0.0)
    dy = max(top - box[1], 0.0) + min(bottom - box[3], 0.0)
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def place_overlay(overlay: OverlayLabels, page: Page, firm: list[Rect], soft: list[Rect],
                  yielding: list[Rect], measure: Measure) -> list[PlacedLabel]:
    """One overlay's labels placed among ``firm``, ``soft`` and ``yielding`` boxes (pixels).

    First clear of every box, in the usual rings (a name that gives way aside); where that
    finds nothing, further out (:data:`FAR_RINGS`); where that finds nothing either, in the
    clear room nearest its anchor anywhere on the page
    (:func:`~board.game.core.label_room.clear_room`, with a leader line); only where the page
    has no such room, over a ``soft`` box (a fire point's symbol) rather than a firm one (a
    model, a door, a label).
    """
    found = []
    taken = firm + soft + yielding
    for request in overlay.labels:
        text, width, height = measure(request.font, request.text)
        at = anchor_on(request, page, width, height, taken)
        if request.spots:  # the next one's spots keep off where this one stands
            taken = taken + [spot_box(at, width, height, request.dy)]
        found.append((at, text, LabelBox(at, width, height, request.priority, request.dy)))
    on_page = [k for k, (at, _, _) in enumerate(found) if page.holds(at)]
    hard = firm + soft
    placed = dict(zip(on_page, place_labels([found[k][2] for k in on_page], hard,
                                            bounds=page.rect, yielding=yielding), strict=True))
    _shorten(overlay.labels, found, placed, hard, page, measure, yielding)
    for around, giving in ((hard, yielding), (firm, yielding + soft)):
        covering = [k for k in on_page if any(_meets(placed[k].rect, box) for box in hard)]
        if not covering:
            break
        kept = [placed[k].rect for k in on_page if k not in covering]
        again = place_labels([found[k][2] for k in covering], around + kept, rings=FAR_RINGS,
                             bounds=page.rect, yielding=giving)
        left = []
        for k, far in zip(covering, again, strict=True):
            if not any(_meets(far.rect, box) for box in around + kept):
                placed[k] = far
                kept.append(far.rect)
            else:
                left.append(k)
        if around is hard:  # nothing clear near: the nearest clear room on the page
            for k in left:
                box = found[k][2]
                room = clear_room(box.width, box.height, box.anchor, around + kept, page.rect)
                if room is not None:
                    placed[k] = Placed(room, True)
                    kept.append(room)
    laid = []
    for k, (at, text, box) in enumerate(found):
        if k not in placed:  # what it labels is not on this page
            laid.append(PlacedLabel(text, at, _preferred(box), False, shown=False))
            continue
        spot = placed[k]
        rect = spot.rect
        inside = _inside(rect, page)
        if inside != rect:  # cut by the page's edge: moved in, with its size exact
            rect = sized(inside, box)
        laid.append(PlacedLabel(text, at, rect, spot.leader or inside != spot.rect))
    return laid


def _shorten(labels: Sequence[LabelRequest], found: list[tuple[XY, str, LabelBox]],
             placed: dict[int, Placed], hard: list[Rect], page: Page, measure: Measure,
             yielding: list[Rect]) -> None:
    """Each label covering something near its anchor in its shorter form, if that is clear.

    The first of a label's ``shorter`` forms that finds a spot clear of ``hard`` and of the
    overlay's other labels in the usual rings round its anchor takes it (in ``found`` and
    ``placed``); a label with no such form is placed further out whole, as any other.
    """
    for k in placed:
        request = labels[k]
        if not request.shorter or not any(_meets(placed[k].rect, box) for box in hard):
            continue
        around = hard + [spot.rect for j, spot in placed.items() if j != k]
        at = found[k][0]
        for form in request.shorter:
            text, width, height = measure(request.font, form)
            box = LabelBox(at, width, height, request.priority, request.dy)
            spot = place_labels([box], around, bounds=page.rect, yielding=yielding)[0]
            if not any(_meets(spot.rect, other) for other in around):
                found[k], placed[k] = (at, text, box), spot
                break


def anchor_on(request: LabelRequest, page: Page, width: float, height: float,
              around: list[Rect]) -> XY:
    """Where ``request`` stands on ``page`` (pixels): at its ``at``, or at one of its spots.

    Of ``at`` and the ``spots``, the first whose box is clear of ``around`` and read in the
    page (its part ``within``, if given): :func:`~board.game.core.label_anchors.first_spot`.
    """
    at = page.map(*request.at)
    if not request.spots:
        return at
    room = page.rect if request.within is None else _common(page.map_rect(request.within),
                                                            page.rect)
    anchors = [at] + [page.map(*spot) for spot in request.spots]
    return anchors[first_spot(anchors, width, height, request.dy, room, around)]


def place_under(overlay: OverlayLabels, page: Page, around: list[Rect],
                measure: Measure) -> list[PlacedLabel]:
    """An ``under`` overlay's labels, each clear of ``around`` inside its room, or not shown.

    A label's room is its ``within`` on the page (the page if none); its preferred spot is
    centred ``dy`` from its anchor and moved into the room, then the nearest spot clear of
    everything in the room is taken
    (:func:`~board.game.core.label_layout.place_labels`, optional).
    """
    laid: list[PlacedLabel] = []
    taken: list[Rect] = []
    for request in overlay.labels:
        text, width, height = measure(request.font, request.text)
        room = page.rect if request.within is None else _common(page.map_rect(request.within),
                                                                 page.rect)
        at = page.map(*request.at)
        want = _inside((at[0] - width / 2, at[1] + request.dy - height / 2,
                        at[0] + width / 2, at[1] + request.dy + height / 2), Page(page.transform,
                                                                                   room))
        centre = ((want[0] + want[2]) / 2, (want[1] + want[3]) / 2)
        box = LabelBox(centre, width, height, request.priority, optional=True)
        spot = place_labels([box], around + taken, bounds=room)[0]
        rect = sized(_inside(spot.rect, Page(page.transform, room)), box)
        shown = (spot.shown and room[2] - room[0] >= width and room[3] - room[1] >= height
                 and not any(_meets(rect, other) for other in around + taken))
        if shown:
            taken.append(rect)
        laid.append(PlacedLabel(text, at, rect, False, shown=shown))
    return laid



def _common(a: Rect, b: Rect) -> Rect:
    """Where two rectangles overlap (empty, right below left, where they do not)."""
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _meets(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _preferred(box: LabelBox) -> Rect:
    x, y = box.anchor
    return sized((x - box.width / 2, y + box.dy - box.height / 2, 0.0, 0.0), box)
