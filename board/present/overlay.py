"""One overlay's presentation: the labels it shows and where the layout placed them. No Qt.

An overlay's reading (a ruler's distance, a unit's void-shield standing, a ring's reach) is
worked out when what it reads changes, by whoever owns the overlay; it hands the model its
labels (:meth:`OverlayModel.set_labels`). The board's layout, run before the view paints,
hands the model where they go on the page (:meth:`OverlayModel.take`), or, while models are
dragged, holds them where they were (:meth:`OverlayModel.hold_on`). Whoever draws the overlay
is told when its placement changed (``on_placed``) and draws :attr:`OverlayModel.placed`,
nothing it works out itself.

>>> from board.game.core.board_layout import BoardFacts, LabelRequest, Page, lay_out
>>> model = OverlayModel(z=40.0)
>>> model.set_labels((LabelRequest((10.0, 10.0), "6.00 in", dy=-14.0),))
True
>>> model.current
False
>>> page = Page((10.0, 0.0, 0.0, 10.0, 0.0, 0.0), (0.0, 0.0, 400.0, 300.0))
>>> measure = lambda font, text: (text, 40.0, 16.0)
>>> laid = lay_out(page, BoardFacts(), [model.request()], measure)
>>> model.take(laid.page, laid.overlays[model.key])
True
>>> model.current, model.placed[0].box
(True, (80.0, 78.0, 120.0, 94.0))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from board.game.core.board_layout import (
    LabelRequest,
    Measure,
    OverlayLabels,
    Page,
    PlacedLabel,
    hold,
)
from board.game.core.label_layout import Rect

__all__ = ["OverlayModel"]


class OverlayModel:
    """What one overlay shows in words on the board, and where (see the module).

    ``z`` is its place in the stack (the overlays below keep their labels first);
    ``under``: its labels lie under the models and buildings (the deployment zones'
    captions: see :class:`~board.game.core.board_layout.OverlayLabels`).
    """

    def __init__(self, z: float = 0.0, *, under: bool = False) -> None:
        self.z = z
        self.under = under
        #: Whether the overlay is on the board now (a hidden one is not laid out).
        self.shown = True
        self._labels: tuple[LabelRequest, ...] = ()
        self._page: Page | None = None
        self._placed: tuple[PlacedLabel, ...] = ()
        self._placed_for: tuple[LabelRequest, ...] = ()
        #: Called when the placement changed (the item that draws it repaints).
        self.on_placed: Callable[[], None] | None = None
        #: Whether its lines are drawn round the board's models, symbols and labels: then
        #: :attr:`around` holds those (page pixels) at rest; a drag draws them plain.
        self.lines_around = False
        self._around: tuple[Rect, ...] = ()

    @property
    def key(self) -> int:
        """The key the layout knows it by."""
        return id(self)

    @property
    def labels(self) -> tuple[LabelRequest, ...]:
        """Its labels as the layout is asked for them (table inches)."""
        return self._labels

    @property
    def page(self) -> Page | None:
        """The page its labels were placed on (``None``: never laid out)."""
        return self._page

    @property
    def placed(self) -> tuple[PlacedLabel, ...]:
        """Where its labels go on :attr:`page`, in the order of :attr:`labels` as laid out."""
        return self._placed

    @property
    def around(self) -> tuple[Rect, ...]:
        """What its lines go round on :attr:`page` (pixels; empty unless :attr:`lines_around`)."""
        return self._around

    @property
    def current(self) -> bool:
        """Whether :attr:`placed` is for the labels it has now."""
        return self._page is not None and self._placed_for == self._labels

    def set_labels(self, labels: Sequence[LabelRequest]) -> bool:
        """Its labels now; ``True`` if they changed (the board lays out again)."""
        labels = tuple(labels)
        if labels == self._labels:
            return False
        self._labels = labels
        return True

    def request(self) -> OverlayLabels:
        """Its labels as one overlay of the layout."""
        return OverlayLabels(self.key, self._labels, under=self.under)

    def take(self, page: Page, placed: Sequence[PlacedLabel],
             around: Sequence[Rect] = ()) -> bool:
        """Where the layout put its labels on ``page``; ``True`` if that changed anything.

        ``around``: what its lines go round (kept only if it draws them so).
        """
        placed = tuple(placed)
        kept = tuple(around) if self.lines_around else ()
        changed = (page, placed, kept) != (self._page, self._placed, self._around)
        self._page, self._placed, self._placed_for = page, placed, self._labels
        self._around = kept
        if changed and self.on_placed is not None:
            self.on_placed()
        return changed

    def hold_on(self, page: Page, measure: Measure) -> bool:
        """While models are dragged: its labels held where they were, on ``page``.

        A label asked as before keeps its box, moved with its anchor; a new one is placed
        round the held ones (:func:`~board.game.core.board_layout.hold`). Nothing to do if
        its labels and the page are what they were placed for.
        """
        if self._page == page and self._placed_for == self._labels:
            return False
        last, last_asked = self._placed, self._placed_for
        if self._page is not None and self.zoomed_from(page):
            last, last_asked = (), ()  # not laid out for this zoom: placed afresh round none
        elif self._page is not None:
            last = _scrolled(last, self._page, page)  # the same zoom: moved with the page
        return self.take(page, hold(last, last_asked, self._labels, page, measure))

    def zoomed_from(self, page: Page) -> bool:
        """Whether its labels were placed at another zoom than ``page``'s (or turned).

        Its boxes are then the old page's: a drag's held labels are laid out afresh for
        ``page`` (:meth:`~board.present.presentation.Presentation.zoomed_from`). A page only
        scrolled is not: its boxes move with it.
        """
        return self._page is not None and self._page.transform[:4] != page.transform[:4]


def _scrolled(placed: Sequence[PlacedLabel], was: Page, now: Page) -> tuple[PlacedLabel, ...]:
    """``placed`` on the page ``was``, where it is on ``now``: the same zoom, scrolled.

    >>> was = Page((10.0, 0.0, 0.0, 10.0, 0.0, 0.0), (0.0, 0.0, 400.0, 300.0))
    >>> now = Page((10.0, 0.0, 0.0, 10.0, -30.0, 5.0), (0.0, 0.0, 400.0, 300.0))
    >>> _scrolled([PlacedLabel("6.00 in", (100.0, 100.0), (80.0, 78.0, 120.0, 94.0), False)],
    ...           was, now)[0].box
    (50.0, 83.0, 90.0, 99.0)
    """
    dx, dy = now.transform[4] - was.transform[4], now.transform[5] - was.transform[5]
    return tuple(replace(p, at=(p.at[0] + dx, p.at[1] + dy),
                         box=(p.box[0] + dx, p.box[1] + dy, p.box[2] + dx, p.box[3] + dy))
                 for p in placed)
