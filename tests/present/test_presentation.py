"""The overlays' presentation, without Qt: what the layout reads and hands back."""

from __future__ import annotations

from board.game.core.board_layout import (
    BoardFacts,
    LabelRequest,
    Obstacle,
    Page,
    lay_out,
)
from board.present.overlay import OverlayModel
from board.present.presentation import Presentation

PAGE = Page((10.0, 0.0, 0.0, 10.0, 0.0, 0.0), (0.0, 0.0, 600.0, 400.0))


def measure(font: str, text: str) -> tuple[str, float, float]:
    return text, 7.0 * len(text) + 8.0, 18.0


def laid_on(board: Presentation, facts: BoardFacts | None = None):
    laid = lay_out(PAGE, facts or BoardFacts(), board.requests(), measure)
    return laid, board.hand(laid)


def test_the_layout_reads_the_models_in_stacking_order_and_skips_hidden_ones():
    board = Presentation()
    ruler, rings, zones = OverlayModel(40.0), OverlayModel(25.0), OverlayModel(-50.0, under=True)
    for model in (ruler, rings, zones):
        board.add(model)
    ruler.set_labels((LabelRequest((10.0, 10.0), "6.00 in"),))
    rings.set_labels((LabelRequest((10.0, 10.0), "12 in"),))
    zones.set_labels((LabelRequest((30.0, 30.0), "Red deploys here", dy=0.0),))
    assert [r.key for r in board.requests()] == [zones.key, rings.key, ruler.key]
    assert board.requests()[0].under
    rings.shown = False
    assert [r.key for r in board.requests()] == [zones.key, ruler.key]
    board.remove(ruler)
    assert ruler not in board and [r.key for r in board.requests()] == [zones.key]


def test_a_model_is_told_its_places_once_and_an_upper_label_keeps_off_a_lower_one():
    board = Presentation()
    lower, upper = OverlayModel(25.0), OverlayModel(40.0)
    board.add(upper)
    board.add(lower)
    told = []
    upper.on_placed = lambda: told.append("upper")
    lower.set_labels((LabelRequest((10.0, 10.0), "12 in"),))
    upper.set_labels((LabelRequest((10.0, 10.0), "6.00 in"),))
    assert not upper.current
    _, changed = laid_on(board)
    assert changed == [lower, upper] and told == ["upper"]
    assert upper.current and lower.current
    a, b = lower.placed[0].box, upper.placed[0].box
    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]  # apart
    _, changed = laid_on(board)
    assert changed == [] and told == ["upper"]  # the same layout: nobody repaints


def test_new_labels_are_not_current_until_laid_out():
    model = OverlayModel()
    board = Presentation()
    board.add(model)
    model.set_labels((LabelRequest((10.0, 10.0), "6.00 in"),))
    laid_on(board)
    assert model.current
    assert model.set_labels((LabelRequest((10.0, 10.0), "7.00 in"),))
    assert not model.current  # drawn by nobody until the next layout places it
    assert not model.set_labels((LabelRequest((10.0, 10.0), "7.00 in"),))


def test_a_drag_holds_each_label_with_its_anchor_and_places_a_new_one_round_them():
    board = Presentation()
    model = OverlayModel()
    board.add(model)
    model.set_labels((LabelRequest((10.0, 10.0), "Unit 7"), LabelRequest((30.0, 10.0), "in")))
    laid_on(board)
    rest = model.placed
    model.set_labels((LabelRequest((12.0, 11.0), "Unit 7"), LabelRequest((30.0, 10.0), "in"),
                      LabelRequest((12.0, 11.0), "new")))
    assert board.hold(PAGE, measure) == [model]
    moved, kept, new = model.placed
    assert (moved.box[0] - rest[0].box[0], moved.box[1] - rest[0].box[1]) == (20.0, 10.0)
    assert kept.box == rest[1].box
    assert all(new.box[2] <= o.box[0] or o.box[2] <= new.box[0] or new.box[3] <= o.box[1]
               or o.box[3] <= new.box[1] for o in (moved, kept))
    assert board.hold(PAGE, measure) == []  # nothing changed since: nothing to do


def test_lines_go_round_the_board_only_for_a_model_that_asks_and_never_in_a_drag():
    board = Presentation()
    plain, clear = OverlayModel(), OverlayModel()
    clear.lines_around = True
    board.add(plain)
    board.add(clear)
    facts = BoardFacts((Obstacle((20.0, 20.0), box=(19.0, 19.0, 21.0, 21.0)),))
    laid_on(board, facts)
    assert plain.around == () and (190.0, 190.0, 210.0, 210.0) in clear.around
    clear.set_labels((LabelRequest((10.0, 10.0), "6.00 in"),))
    board.hold(PAGE, measure)
    assert clear.around == ()


def test_a_scroll_in_a_drag_moves_the_held_labels_with_the_page():
    board = Presentation()
    model = OverlayModel()
    board.add(model)
    model.set_labels((LabelRequest((10.0, 10.0), "Unit 7"), LabelRequest((30.0, 10.0), "in")))
    laid_on(board, BoardFacts((Obstacle((10.0, 9.0), box=(8.0, 7.0, 12.0, 9.9)),)))
    rest = model.placed
    assert rest[0].box[1] > rest[0].at[1]  # below its anchor: the spot above is taken
    scrolled = Page((10.0, 0.0, 0.0, 10.0, -40.0, 25.0), PAGE.rect)
    assert not board.zoomed_from(scrolled)  # the same zoom: nothing to lay out again
    assert board.hold(scrolled, measure) == [model]
    assert model.page == scrolled
    for now, was in zip(model.placed, rest, strict=True):  # where they were on the table
        assert now.box == (was.box[0] - 40.0, was.box[1] + 25.0,
                           was.box[2] - 40.0, was.box[3] + 25.0)
        assert now.at == (was.at[0] - 40.0, was.at[1] + 25.0)


def test_a_zoom_in_a_drag_is_laid_out_for_the_new_page_once_then_held():
    board = Presentation()
    clear = OverlayModel()
    clear.lines_around = True
    board.add(clear)
    clear.set_labels((LabelRequest((10.0, 10.0), "6.00 in"),))
    facts = BoardFacts((Obstacle((10.0, 11.0), box=(9.0, 10.0, 11.0, 12.0)),))
    laid_on(board, facts)
    zoomed = Page((20.0, 0.0, 0.0, 20.0, -100.0, -100.0), PAGE.rect)
    assert board.zoomed_from(zoomed)  # the held boxes are the old page's
    laid = lay_out(zoomed, facts, board.requests(), measure)
    assert board.hand(laid, at_rest=False) == [clear]
    assert not board.zoomed_from(zoomed) and clear.page == zoomed
    assert list(clear.placed) == laid.overlays[clear.key]
    assert clear.around == ()  # a drag draws its lines plain
    before = clear.placed[0]
    clear.set_labels((LabelRequest((11.0, 10.0), "6.00 in"),))
    board.hold(zoomed, measure)  # held from there: moved with its anchor, 1" = 20 px
    assert clear.placed[0].box == (before.box[0] + 20.0, before.box[1],
                                   before.box[2] + 20.0, before.box[3])
