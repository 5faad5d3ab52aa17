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
   (:func:`~board.game.core.label_layout.place_labels`) clear of the models, the symbols, the
   board labels in their board fit (those less important than a verdict only where the
   overlay can: they give way), the labels of the overlays below, and the page's edges;
3. the board's labels are fitted again among those and every overlay's labels: what is
   shown (a name gives way under a verdict).

Nothing is read back from what was drawn, so no order of events or paints can change the
result. A label whose anchor is off the page is not drawn on it; one whose box would be cut
by the page's edge is moved inside it. Text is measured by a function the caller injects
(``measure``): the view measures in its fonts, a test in fixed widths.

>>> page = Page((10.0, 0.0, 0.0, 10.0, 0.0, 0.0), (0.0, 0.0, 400.0, 300.0))
>>> ruler = OverlayLabels("ruler", (LabelRequest((10.0, 10.0), "6.00 in", dy=-14.0),))
>>> laid = lay_out(page, BoardFacts(), [ruler], lambda font, text: (text, 40.0, 16.0))
>>> laid.overlays["ruler"][0].box
(80.0, 78.0, 120.0, 94.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from board.game.core.label_anchors import first_spot, spot_box
from board.game.core.label_fitting import Fitting, fit_labels
from board.game.core.label_layout import LabelBox, Placed, Rect, place_labels, sized
from board.game.core.label_room import clear_room
from board.game.core.leaders import Leader, untangle

__all__ = ["Page", "Obstacle", "BoardLabel", "LabelRequest", "OverlayLabels", "BoardFacts",
           "PlacedLabel", "PageLayout", "Measure", "lay_out", "hold", "VERDICT", "EDGE"]

#: Board labels at least this important never give way to an overlay's labels.
VERDICT = 30

#: How far beyond the page an edge reaches as an obstacle, pixels.
EDGE = 1.0e6

#: Rings of spots tried round a label's anchor when none of the nearer twelve is clear (a
#: verdict on a crowded table at whole-table zoom: the nearest clear room is further out).
FAR_RINGS = 48

#: Measures a label's text in a font: ``(font, text) -> (text as wrapped, width, height)``.
Measure = Callable[[str, str], tuple[str, float, float]]

XY = tuple[float, float]


@dataclass(frozen=True)
class Page:
    """Where the board is drawn: table inches to pixels, and the part drawn on (pixels).

    ``transform`` is ``(m11, m12, m21, m22, dx, dy)``, Qt's order: a point ``(x, y)`` goes
    to ``(m11 x + m21 y + dx, m12 x + m22 y + dy)``. ``rect`` is ``(left, top, right,
    bottom)``.
    """

    transform: tuple[float, float, float, float, float, float]
    rect: Rect

    def map(self, x: float, y: float) -> XY:
        """A table point in pixels."""
        m11, m12, m21, m22, dx, dy = self.transform
        return (m11 * x + m21 * y + dx, m12 * x + m22 * y + dy)

    def map_rect(self, rect: Rect) -> Rect:
        """The box, in pixels, of a table rectangle."""
        corners = [self.map(x, y) for x in (rect[0], rect[2]) for y in (rect[1], rect[3])]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        return (min(xs), min(ys), max(xs), max(ys))

    def holds(self, point: XY) -> bool:
        """Whether a point (pixels) is on the page."""
        left, top, right, bottom = self.rect
        return left <= point[0] <= right and top <= point[1] <= bottom


@dataclass(frozen=True)
class Obstacle:
    """Something a label must not cover: a model's base, a door, a fire point, a weapon.

    Either ``box`` (table inches: it grows with the zoom, a model's base) or ``pixels``
    (around ``at``, pixels: a symbol drawn the same size at any zoom).
    """

    at: XY
    box: Rect | None = None
    pixels: Rect | None = None
    #: False for what an overlay's label may cover where nothing near is clear, rather than
    #: a model or a door: a fire point's or a weapon's symbol (its tooltip still names it).
    firm: bool = True

    def on(self, page: Page) -> Rect:
        """Its box on ``page``, pixels."""
        if self.box is not None:
            return page.map_rect(self.box)
        x, y = page.map(*self.at)
        assert self.pixels is not None
        left, top, right, bottom = self.pixels
        return (x + left, y + top, x + right, y + bottom)


@dataclass(frozen=True)
class BoardLabel:
    """A label the board shows where it is: a name, a badge; fitted, never moved.

    ``forms`` are its boxes around ``at`` (pixels), the whole text first, then shorter ones.
    """

    key: object
    at: XY
    forms: tuple[Rect, ...]
    priority: int = 0

    def on(self, page: Page) -> tuple[Rect, ...]:
        """Each form's box on ``page``, pixels."""
        x, y = page.map(*self.at)
        return tuple((x + a, y + b, x + c, y + d) for a, b, c, d in self.forms)


@dataclass(frozen=True)
class LabelRequest:
    """An overlay's label: text anchored at a table point, ``dy`` pixels off, in ``font``."""

    at: XY
    text: str
    dy: float = -14.0
    priority: int = 0
    font: str = "label"
    #: Table inches the label must stay inside (a deployment zone's caption: its zone); for
    #: a label with ``spots``, where it is read (a ring's distance: on the table).
    within: Rect | None = None
    #: Further anchors (table inches) after ``at``, in order of preference: a label that may
    #: stand anywhere along what it labels (a ring's distance: its edge's bottom, sides,
    #: corners) stands at the first whose box is clear and ``within`` the page
    #: (:func:`~board.game.core.label_anchors.first_spot`).
    spots: tuple[XY, ...] = ()
    #: Shorter forms of ``text``, in order (a clash's numbers alone): one is written in its
    #: place where the whole text covers something near ``at`` and the shorter form does not.
    shorter: tuple[str, ...] = ()


@dataclass(frozen=True)
class OverlayLabels:
    """One overlay's labels (a line of sight, a ruler, rings), in its stacking order.

    ``under``: an overlay drawn under the board's models and buildings (the deployment
    zones): its labels (captions) are placed after every other overlay's, clear of all of
    them, of the board's labels and of the buildings' footprints too, inside their
    ``within``; one with no clear room is not shown.
    """

    key: object
    labels: tuple[LabelRequest, ...]
    under: bool = False


@dataclass(frozen=True)
class BoardFacts:
    """What the board shows that labels keep off or fit among."""

    obstacles: tuple[Obstacle, ...] = ()
    labels: tuple[BoardLabel, ...] = ()
    #: What is drawn above an ``under`` overlay's labels besides the models: the
    #: buildings' footprints (table inches).
    footprints: tuple[Rect, ...] = ()


@dataclass(frozen=True)
class PlacedLabel:
    """An overlay's label on a page: its text as wrapped, anchor and box (pixels), leader.

    ``shown`` is false for a label whose anchor is off the page: it is not drawn there
    (its box is its preferred spot, for a drag to start from).
    """

    text: str
    at: XY
    box: Rect
    leader: bool
    shown: bool = True


@dataclass
class PageLayout:
    """Every label's place on one page: what the items draw."""

    page: Page
    #: Each board label's form shown (``len(forms)``: hidden), by key.
    fits: dict[object, int] = field(default_factory=dict)
    #: Each board label's form among the board alone (what an overlay keeps off), by key.
    board_fits: dict[object, int] = field(default_factory=dict)
    #: Each overlay's labels placed, by key, in the order asked.
    overlays: dict[object, list[PlacedLabel]] = field(default_factory=dict)
    #: The models and symbols on the page (pixels): what lines may be drawn around.
    obstacles: list[Rect] = field(default_factory=list)
    #: The board labels shown (pixels).
    shown: list[Rect] = field(default_factory=list)


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


def _inside(box: Rect, page: Page) -> Rect:
    """``box`` moved (not resized) to lie on the page where it fits."""
    left, top, right, bottom = page.rect
    dx = max(left - box[0], 0.0) + min(right - box[2], 0.0)
    dy = max(top - box[1], 0.0) + min(bottom - box[3], 0.0)
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def _place(overlay: OverlayLabels, page: Page, firm: list[Rect], soft: list[Rect],
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
        at = _anchor(request, page, width, height, taken)
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


def _anchor(request: LabelRequest, page: Page, width: float, height: float,
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


def _place_under(overlay: OverlayLabels, page: Page, around: list[Rect],
                 measure: Measure) -> list[PlacedLabel]:
    """An ``under`` overlay's labels, each clear of ``around`` inside its room, or not shown.

    A label's room is its ``within`` on the page (the page if none); its preferred spot is
    centred ``dy`` from its anchor and moved into the room, then the nearest spot clear of
    everything in the room is taken (:func:`place_labels`, optional).
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


def _common(a: Rect, b: Rect) -> Rect:
    """Where two rectangles overlap (empty, right below left, where they do not)."""
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _meets(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _preferred(box: LabelBox) -> Rect:
    x, y = box.anchor
    return sized((x - box.width / 2, y + box.dy - box.height / 2, 0.0, 0.0), box)


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
        laid = _place(overlay, page, firm, soft, yielding, measure)
        result.overlays[overlay.key] = laid
        firm += [placed.box for placed in laid if placed.shown]  # the overlays above keep off
    texts = [label.on(page)[form] for label, form in zip(labels, alone, strict=True)
             if form < len(label.forms)]
    if _untangle(result, above, page, obstacles, texts, measure):
        firm = under_board + [p.box for o in above for p in result.overlays[o.key] if p.shown]
    footprints = [page.map_rect(box) for box in board.footprints]
    for overlay in [o for o in overlays if o.under]:
        laid = _place_under(overlay, page, firm + soft + yielding + footprints, measure)
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
            at = _anchor(asked[k], page, width, height, kept)
            boxes.append((at, text, LabelBox(at, width, height, asked[k].priority,
                                             asked[k].dy)))
        spots = place_labels([box for _, _, box in boxes], kept, bounds=page.rect)
        for k, (at, text, _), spot in zip(new, boxes, spots, strict=True):
            found[k] = PlacedLabel(text, at, spot.rect, spot.leader, page.holds(at))
    return [placed for placed in found if placed is not None]
