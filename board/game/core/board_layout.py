"""The board's label layout for one page, computed in one pass from facts: no Qt, no paint.

What a player sees of the labels on the board (a building's name, an armour badge, a
line of sight's verdict, a ruler's distance) is a function of the board, the overlays'
readings and the page they are drawn on, nothing else. :func:`lay_out` computes it in one
synchronous pass, in a fixed order, for a :class:`Page` (the view's transform and its
visible area in pixels; an export or a replay asks for its own page):

1. the board's own labels (:class:`BoardLabel`: names, badges, a hovered model's name),
   which stay where they are, are fitted among the models and symbols alone
   (:func:`~board.game.core.label_fitting.fit_labels`): each one's *board fit*;
2. each overlay's labels (:class:`OverlayLabels`, bottom of the stack first) are placed
   (:func:`~board.game.core.overlay_placing.place_overlay`) clear of the models, the symbols,
   the board labels in their board fit (those less important than a verdict only where the
   overlay can: they give way), the labels of the overlays below, and the page's edges;
3. the board's labels are fitted again among those and every overlay's labels: what is
   shown (a name gives way under a verdict).

Nothing is read back from what was drawn, so no order of events or paints can change the
result. A label whose anchor is off the page is not drawn on it; one whose box would be cut
by the page's edge is moved inside it. Text is measured by a function the caller injects
(``measure``): the view measures in its fonts, a test in fixed widths. What the layout reads
and answers are plain records (:mod:`board.game.core.layout_records`, importable from here).

>>> page = Page((10.0, 0.0, 0.0, 10.0, 0.0, 0.0), (0.0, 0.0, 400.0, 300.0))
>>> ruler = OverlayLabels("ruler", (LabelRequest((10.0, 10.0), "6.00 in", dy=-14.0),))
>>> laid = lay_out(page, BoardFacts(), [ruler], lambda font, text: (text, 40.0, 16.0))
>>> laid.overlays["ruler"][0].box
(80.0, 78.0, 120.0, 94.0)
"""

from __future__ import annotations

from collections.abc import Sequence

from board.game.core.label_fitting import Fitting, fit_labels
from board.game.core.label_layout import LabelBox, Rect, place_labels
from board.game.core.layout_records import (
    BoardFacts,
    BoardLabel,
    LabelRequest,
    Measure,
    Obstacle,
    OverlayLabels,
    Page,
    PageLayout,
    PlacedLabel,
)
from board.game.core.leaders import Leader, untangle
from board.game.core.overlay_placing import FAR_RINGS, anchor_on, place_overlay, place_under

# The records lay_out reads and answers stay importable from here: eleven modules of board/
# (board/view/layout.py among them) and four tests import them from here.
__all__ = ["Page", "Obstacle", "BoardLabel", "LabelRequest", "OverlayLabels", "BoardFacts",
           "PlacedLabel", "PageLayout", "Measure", "lay_out", "hold", "VERDICT", "EDGE"]

#: Board labels at least this important never give way to an overlay's labels.
VERDICT = 30

#: How far beyond the page an edge reaches as an obstacle, pixels.
EDGE = 1.0e6


def _edges(page: Page) -> list[Rect]:
    """Four boxes round the page: a label fitted there would be cut."""
    left, top, right, bottom = page.rect
    return [(left - EDGE, top - EDGE, right + EDGE, top), (left - EDGE, bottom, right + EDGE,
            bottom + EDGE), (left - EDGE, top, left, bottom), (right, top, right + EDGE, bottom)]


def _fit(labels: Sequence[BoardLabel], page: Page, around: list[Rect]) -> list[int]:
    asked = [Fitting(label.on(page), label.priority) for label in labels]
    chosen = fit_labels(asked, around)
    return [form if form >= 0 else len(label.forms) for label, form in zip(labels, chosen,
                                                                           strict=True)]


def _untangle(result: PageLayout, overlays: Sequence[OverlayLabels], page: Page,
              obstacles: list[Rect], texts: list[Rect], measure: Measure) -> bool:
    """Move the labels whose leader lines cross text (:func:`~board.game.core.leaders.untangle`).

    Whether any moved; ``result`` holds them where they went.
    """
    shown = [(overlay, k) for overlay in overlays
             for k, placed in enumerate(result.overlays[overlay.key]) if placed.shown]
    if not any(result.overlays[o.key][k].leader for o, k in shown):
        return False
    entries = []
    for overlay, k in shown:
        placed, request = result.overlays[overlay.key][k], overlay.labels[k]
        _, width, height = measure(request.font, request.text)
        entries.append(Leader(placed.box, placed.at, LabelBox(placed.at, width, height,
                                                              request.priority, request.dy),
                              placed.leader))
    moved = untangle(entries, texts, obstacles, page.rect, FAR_RINGS)
    for index in moved:
        overlay, k = shown[index]
        old, entry = result.overlays[overlay.key][k], entries[index]
        result.overlays[overlay.key][k] = PlacedLabel(old.text, old.at, entry.box, entry.leader)
    return bool(moved)


def lay_out(page: Page, board: BoardFacts, overlays: Sequence[OverlayLabels],
            measure: Measure) -> PageLayout:
    """Every label of the board and its overlays on ``page`` (see the module)."""
    result = PageLayout(page)
    obstacles = [o.on(page) for o in board.obstacles]
    left, top, right, bottom = page.rect
    result.obstacles = [r for r in obstacles
                        if r[0] < right and left < r[2] and r[1] < bottom and top < r[3]]
    edges = _edges(page)
    labels = list(board.labels)
    alone = _fit(labels, page, obstacles + edges)
    firm: list[Rect] = [box for box, o in zip(obstacles, board.obstacles, strict=True) if o.firm]
    soft = [box for box, o in zip(obstacles, board.obstacles, strict=True) if not o.firm]
    yielding: list[Rect] = []
    for label, form in zip(labels, alone, strict=True):
        result.board_fits[label.key] = form
        if form < len(label.forms):
            (firm if label.priority >= VERDICT else yielding).append(label.on(page)[form])
    under_board = list(firm)  # what the overlays' labels keep off besides one another
    above = [o for o in overlays if not o.under]
    for overlay in above:
        laid = place_overlay(overlay, page, firm, soft, yielding, measure)
        result.overlays[overlay.key] = laid
        firm += [placed.box for placed in laid if placed.shown]  # the overlays above keep off
    texts = [label.on(page)[form] for label, form in zip(labels, alone, strict=True)
             if form < len(label.forms)]
    if _untangle(result, above, page, obstacles, texts, measure):
        firm = under_board + [p.box for o in above for p in result.overlays[o.key] if p.shown]
    footprints = [page.map_rect(box) for box in board.footprints]
    for overlay in [o for o in overlays if o.under]:
        laid = place_under(overlay, page, firm + soft + yielding + footprints, measure)
        result.overlays[overlay.key] = laid
        firm += [placed.box for placed in laid if placed.shown]
    placed_boxes = [p.box for laid in result.overlays.values() for p in laid if p.shown]
    shown = _fit(labels, page, obstacles + edges + placed_boxes) if placed_boxes else alone
    for label, form in zip(labels, shown, strict=True):
        result.fits[label.key] = form
        if form < len(label.forms):
            result.shown.append(label.on(page)[form])
    return result


def hold(last: Sequence[PlacedLabel], last_asked: Sequence[LabelRequest],
         asked: Sequence[LabelRequest], page: Page, measure: Measure) -> list[PlacedLabel]:
    """An overlay's labels while models are dragged: the layout ``last`` held on ``page``.

    A label asked as before at its place in the list (the same text and offset) keeps its
    box and leader line, moved as far as its anchor moved (the shooter's name goes with the
    dragged unit; the targets' verdicts stay); a label not asked before is placed around
    the held ones only. No model, symbol or board label is read: a move costs microseconds,
    and the layout players argue over, at rest, is laid out by :func:`lay_out` again when
    the drag ends. ``last_asked`` is what ``last`` was laid out for.

    >>> page = Page((10.0, 0.0, 0.0, 10.0, 0.0, 0.0), (0.0, 0.0, 400.0, 300.0))
    >>> before = [LabelRequest((10.0, 10.0), "6.00 in", dy=-14.0)]
    >>> laid = lay_out(page, BoardFacts(), [OverlayLabels("ruler", tuple(before))],
    ...                lambda font, text: (text, 40.0, 16.0)).overlays["ruler"]
    >>> now = [LabelRequest((12.0, 10.0), "6.00 in", dy=-14.0)]
    >>> hold(laid, before, now, page, lambda font, text: (text, 40.0, 16.0))[0].box
    (100.0, 78.0, 140.0, 94.0)
    """
    found: list[PlacedLabel | None] = []
    for k, request in enumerate(asked):
        at = page.map(*request.at)
        before = last_asked[k] if k < len(last_asked) and k < len(last) else None
        if before is None or (before.text, before.dy) != (request.text, request.dy):
            found.append(None)
            continue
        old = last[k]
        if request.spots:  # it stood at one of its spots: moved as far as its ``at`` moved
            was = page.map(*before.at)
            at = (old.at[0] + at[0] - was[0], old.at[1] + at[1] - was[1])
        dx, dy = at[0] - old.at[0], at[1] - old.at[1]
        box = (old.box[0] + dx, old.box[1] + dy, old.box[2] + dx, old.box[3] + dy)
        found.append(PlacedLabel(old.text, at, box, old.leader, page.holds(at)))
    new = [k for k, placed in enumerate(found) if placed is None]
    if new:
        kept = [placed.box for placed in found if placed is not None]
        boxes = []
        for k in new:
            text, width, height = measure(asked[k].font, asked[k].text)
            at = anchor_on(asked[k], page, width, height, kept)
            boxes.append((at, text, LabelBox(at, width, height, asked[k].priority,
                                             asked[k].dy)))
        spots = place_labels([box for _, _, box in boxes], kept, bounds=page.rect)
        for k, (at, text, _), spot in zip(new, boxes, spots, strict=True):
            found[k] = PlacedLabel(text, at, spot.rect, spot.leader, page.holds(at))
    return [placed for placed in found if placed is not None]
