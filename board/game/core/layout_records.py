"""What the board's label layout reads and answers, for one page: plain records, no Qt.

:func:`board.game.core.board_layout.lay_out` is given a :class:`Page` (the view's transform
and its visible area in pixels), the board's facts (:class:`BoardFacts`: the models' and
symbols' :class:`Obstacle` boxes, the board's own :class:`BoardLabel` names and badges, the
buildings' footprints), each overlay's :class:`OverlayLabels` (its :class:`LabelRequest`
labels) and a :data:`Measure` of text; it answers a :class:`PageLayout` (each overlay's
:class:`PlacedLabel` labels, each board label's form shown).

>>> page = Page((10.0, 0.0, 0.0, 10.0, 0.0, 0.0), (0.0, 0.0, 400.0, 300.0))
>>> page.map(1.0, 2.0), page.holds((500.0, 10.0))
((10.0, 20.0), False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from board.game.core.label_rects import Rect

__all__ = ["Page", "Obstacle", "BoardLabel", "LabelRequest", "OverlayLabels", "BoardFacts",
           "PlacedLabel", "PageLayout", "Measure", "XY"]

#: Measures a label's text in a font: ``(font, text) -> (text as wrapped, width, height)``.
Measure = Callable[[str, str], tuple[str, float, float]]

#: A point: table inches or pixels, as its record says.
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

