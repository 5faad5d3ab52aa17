"""A board's overlays as the layout reads them: their models in stacking order. No Qt.

The board's layout asks the :class:`Presentation` for the overlays' labels (bottom of the
stack first) and hands each model its placement; it never looks for the items that draw them.
An overlay is added when it is put on the board and removed when it is taken off.

>>> from board.game.core.board_layout import BoardFacts, LabelRequest, Page, lay_out
>>> board = Presentation()
>>> ruler, rings = OverlayModel(z=40.0), OverlayModel(z=25.0)
>>> board.add(ruler); board.add(rings)
>>> _ = ruler.set_labels((LabelRequest((10.0, 10.0), "6.00 in"),))
>>> [asked.key for asked in board.requests()] == [rings.key, ruler.key]  # the rings lie below
True
>>> page = Page((10.0, 0.0, 0.0, 10.0, 0.0, 0.0), (0.0, 0.0, 400.0, 300.0))
>>> laid = lay_out(page, BoardFacts(), board.requests(), lambda font, text: (text, 40.0, 16.0))
>>> board.hand(laid) == [rings, ruler]  # each told its place (the rings: none, on the page)
True
"""

from __future__ import annotations

from collections.abc import Iterator

from board.game.core.board_layout import Measure, OverlayLabels, Page, PageLayout
from board.present.overlay import OverlayModel

__all__ = ["Presentation", "OverlayModel"]


class Presentation:
    """The overlays on one board (see the module)."""

    def __init__(self) -> None:
        self._models: dict[int, tuple[int, OverlayModel]] = {}
        self._added = 0

    def add(self, model: OverlayModel) -> None:
        """Put ``model`` on the board (again: no change)."""
        if model.key not in self._models:
            self._added += 1
            self._models[model.key] = (self._added, model)

    def remove(self, model: OverlayModel) -> None:
        """Take ``model`` off the board."""
        self._models.pop(model.key, None)

    def __contains__(self, model: object) -> bool:
        return isinstance(model, OverlayModel) and model.key in self._models

    def shown(self) -> Iterator[OverlayModel]:
        """The overlays shown, bottom of the stack first (then in the order added)."""
        ordered = sorted(self._models.values(), key=lambda entry: (entry[1].z, entry[0]))
        return (model for _, model in ordered if model.shown)

    def requests(self) -> list[OverlayLabels]:
        """Every shown overlay's labels, bottom of the stack first."""
        return [model.request() for model in self.shown()]

    def hand(self, laid: PageLayout, *, at_rest: bool = True) -> list[OverlayModel]:
        """Give each shown overlay its labels' places on ``laid``; the ones that changed.

        An overlay that draws its lines round what is on the board is told what that is:
        the models and symbols, and every label shown on the page. Not while models are
        dragged (``at_rest`` false: a layout for a zoom in the drag): they draw them plain.
        """
        around = (laid.obstacles + laid.shown
                  + [p.box for placed in laid.overlays.values() for p in placed if p.shown]
                  ) if at_rest else []
        return [model for model in self.shown()
                if model.take(laid.page, laid.overlays.get(model.key, []), around)]

    def hold(self, page: Page, measure: Measure) -> list[OverlayModel]:
        """While models are dragged: hold each overlay's labels on ``page``; those changed."""
        return [model for model in self.shown() if model.hold_on(page, measure)]

    def zoomed_from(self, page: Page) -> bool:
        """Whether an overlay's labels were placed at another zoom than ``page``'s.

        Zoomed in a drag, the held boxes belong to the old page: the labels are laid out
        once for ``page`` (:meth:`hand`, not at rest) and held from there.
        """
        return any(model.zoomed_from(page) for model in self.shown())
