"""The board's layout model: one pass, no Qt, the same answer whatever order it is asked in."""

from __future__ import annotations

import random

import pytest

from board.game.core.board_layout import (
    BoardFacts,
    BoardLabel,
    LabelRequest,
    Obstacle,
    OverlayLabels,
    Page,
    hold,
    lay_out,
)
from board.game.core.label_rects import overlaps


def measure(font: str, text: str) -> tuple[str, float, float]:
    """Fixed widths: 7 px a character, 14 px a line."""
    lines = text.split("\n")
    return text, 7.0 * max(len(line) for line in lines) + 8.0, 14.0 * len(lines) + 4.0


PAGE = Page((10.0, 0.0, 0.0, 10.0, 0.0, 0.0), (0.0, 0.0, 600.0, 400.0))


def _crowd(seed: int) -> tuple[BoardFacts, list[OverlayLabels]]:
    rng = random.Random(seed)
    models = tuple(Obstacle((x, y), box=(x - 0.5, y - 0.5, x + 0.5, y + 0.5))
                   for x, y in ((rng.uniform(2, 58), rng.uniform(2, 38)) for _ in range(60)))
    doors = tuple(Obstacle((rng.uniform(2, 58), rng.uniform(2, 38)), pixels=(-4, -4, 4, 4))
                  for _ in range(6))
    names = tuple(BoardLabel(f"name-{k}", (rng.uniform(2, 58), rng.uniform(2, 38)),
                             ((-40, -8, 40, 8), (-20, -8, 20, 8)), 10) for k in range(8))
    verdicts = OverlayLabels("sight", tuple(
        LabelRequest((rng.uniform(2, 58), rng.uniform(2, 38)), f"Unit {k}: 3 of 5 visible",
                     22.0) for k in range(4)))
    ruler = OverlayLabels("ruler", (LabelRequest((30.0, 20.0), '6.00"'),))
    return BoardFacts(models + doors, names), [verdicts, ruler]


def test_no_overlay_label_covers_a_model_a_door_or_a_label_shown():
    for seed in range(10):
        board, overlays = _crowd(seed)
        laid = lay_out(PAGE, board, overlays, measure)
        placed = [p.box for k in ("sight", "ruler") for p in laid.overlays[k] if p.shown]
        assert overlaps(placed) == []
        assert overlaps(placed, laid.shown) == []  # a name gives way under a verdict
        assert overlaps(laid.shown) == []
        left, top, right, bottom = PAGE.rect
        assert all(left <= b[0] and b[2] <= right and top <= b[1] and b[3] <= bottom
                   for b in placed + laid.shown)  # nothing cut at the page's edge


def test_the_answer_is_a_function_of_the_facts_not_of_earlier_answers():
    board, overlays = _crowd(3)
    first = lay_out(PAGE, board, overlays, measure)
    lay_out(Page((20.0, 0.0, 0.0, 20.0, -100.0, -50.0), PAGE.rect), board, overlays, measure)
    again = lay_out(PAGE, board, overlays, measure)
    assert again.overlays == first.overlays and again.fits == first.fits


def test_a_label_off_the_page_is_not_shown_and_one_at_its_edge_is_moved_in():
    ruler = OverlayLabels("ruler", (LabelRequest((90.0, 20.0), "far"),
                                    LabelRequest((59.8, 20.0), "at the edge", dy=0.0)))
    laid = lay_out(PAGE, BoardFacts(), [ruler], measure)
    far, edge = laid.overlays["ruler"]
    assert not far.shown
    assert edge.shown and edge.box[2] <= 600.0
    assert edge.box[2] - edge.box[0] == measure("label", "at the edge")[1]


def test_a_board_label_cut_by_the_page_edge_is_shortened_or_hidden():
    names = (BoardLabel("edge", (59.0, 20.0), ((-40, -8, 40, 8), (-5, -8, 5, 8)), 10),)
    laid = lay_out(PAGE, BoardFacts((), names), [], measure)
    assert laid.fits["edge"] == 1  # the whole name would stick out: the short one fits


def test_a_zone_caption_is_placed_last_inside_its_zone_clear_of_everything_or_not_at_all():
    board, overlays = _crowd(4)
    building = (20.0, 30.0, 30.0, 38.0)  # a footprint drawn over the zone: kept off too
    board = BoardFacts(board.obstacles, board.labels, (building,))
    zone = (0.0, 28.0, 60.0, 40.0)  # the bottom of the table, inches
    caption = OverlayLabels("zones", (LabelRequest((25.0, 34.0), "Red deploys here", dy=0.0,
                                                   within=zone),), under=True)
    laid = lay_out(PAGE, board, [caption, *overlays], measure)  # asked first, placed last
    box = laid.overlays["zones"][0].box
    assert laid.overlays["zones"][0].shown
    room = PAGE.map_rect(zone)
    assert room[0] <= box[0] and box[2] <= room[2] and room[1] <= box[1] and box[3] <= room[3]
    others = [p.box for k in ("sight", "ruler") for p in laid.overlays[k] if p.shown]
    around = [o.on(PAGE) for o in board.obstacles] + others + laid.shown
    assert overlaps([box], around + [PAGE.map_rect(building)]) == []
    full = BoardFacts(board.obstacles, board.labels, (zone,))  # a building over all the zone
    assert not lay_out(PAGE, full, [caption], measure).overlays["zones"][0].shown


def test_a_verdict_with_nothing_clear_near_it_goes_to_the_nearest_clear_room_on_the_page():
    # Fire points every 3" (30 px) down to y 338 px (the last row at 33"): no ring round the
    # anchor is clear, the bottom margin is; the verdict goes there, over no symbol.
    points = tuple(Obstacle((x + 0.0, y + 0.0), pixels=(-8.0, -8.0, 8.0, 8.0), firm=False)
                   for x in range(0, 61, 3) for y in range(0, 35, 3))
    verdict = OverlayLabels("sight", (LabelRequest((30.0, 15.0), "Unit 23: 20 of 20 visible"),))
    placed = lay_out(PAGE, BoardFacts(points), [verdict], measure).overlays["sight"][0]
    assert placed.shown and placed.leader
    assert placed.box[1] >= 338.0 and placed.box[3] <= 400.0  # below the last row
    assert overlaps([placed.box], [o.on(PAGE) for o in points]) == []


# -- a label that may stand anywhere along what it labels (a ring's distance) ---------------
RING = dict(at=(30.0, 10.0), spots=((30.0, 30.0), (40.0, 20.0), (20.0, 20.0)))  # top, bottom,
#  right, left of a 10" ring round (30, 20) on PAGE (10 px an inch)


def test_a_ring_label_stands_at_its_top_when_that_is_clear():
    ring = OverlayLabels("ring", (LabelRequest(text='10.00"', dy=0.0, **RING),))
    (placed,) = lay_out(PAGE, BoardFacts(), [ring], measure).overlays["ring"]
    assert placed.at == (300.0, 100.0) and not placed.leader
    assert placed.box[1] < 100.0 < placed.box[3]  # on the edge, astride it


def test_a_ring_label_whose_top_is_covered_moves_along_its_edge_not_off_it():
    model = Obstacle((30.0, 10.0), box=(29.0, 9.0, 31.0, 11.0))  # a model on the ring's top
    ring = OverlayLabels("ring", (LabelRequest(text='10.00"', dy=0.0, **RING),))
    (placed,) = lay_out(PAGE, BoardFacts((model,)), [ring], measure).overlays["ring"]
    assert placed.at == (300.0, 300.0)  # its bottom
    assert overlaps([placed.box], [model.on(PAGE)]) == [] and not placed.leader


def test_a_ring_label_is_written_on_the_table_and_the_page():
    table = (0.0, 12.0, 60.0, 40.0)  # the ring's top is past the table's edge
    ring = OverlayLabels("ring", (LabelRequest(text='10.00"', dy=0.0, within=table, **RING),))
    (placed,) = lay_out(PAGE, BoardFacts(), [ring], measure).overlays["ring"]
    assert placed.at == (300.0, 300.0)
    page = Page(PAGE.transform, (0.0, 0.0, 600.0, 250.0))  # and its bottom past the page's
    (placed,) = lay_out(page, BoardFacts(), [ring], measure).overlays["ring"]
    assert placed.at == (400.0, 200.0)  # its right side


def test_two_rings_labels_keep_off_each_other_and_a_held_one_follows_its_ring():
    rings = OverlayLabels("ring", (
        LabelRequest(text='10.00"', dy=0.0, **RING),
        LabelRequest((30.0, 10.5), '9.50"', dy=0.0, spots=((30.0, 29.5),))))
    first, second = lay_out(PAGE, BoardFacts(), [rings], measure).overlays["ring"]
    assert overlaps([first.box], [second.box]) == []
    assert second.at == (300.0, 295.0)  # the inner ring's top was taken: its bottom
    moved = tuple(LabelRequest((r.at[0] + 2.0, r.at[1] + 1.0), r.text, dy=r.dy,
                               spots=tuple((x + 2.0, y + 1.0) for x, y in r.spots))
                  for r in rings.labels)
    held = hold([first, second], rings.labels, moved, PAGE, measure)
    assert [p.at for p in held] == [(320.0, 110.0), (320.0, 305.0)]
    assert held[1].box == pytest.approx((second.box[0] + 20.0, second.box[1] + 10.0,
                                         second.box[2] + 20.0, second.box[3] + 10.0))


def test_a_label_whose_whole_text_covers_something_near_it_is_written_short_where_that_fits():
    # A crowd either side of the anchor: room for 50 px of text between, not for 218.
    models = (Obstacle((10.0, 20.0), box=(0.0, 0.0, 27.5, 40.0)),
              Obstacle((50.0, 20.0), box=(32.5, 0.0, 60.0, 40.0)))
    asked = LabelRequest((30.0, 20.0), "4 models overlap by up to 1.25", dy=0.0,
                         shorter=('1.25"',))
    (placed,) = lay_out(PAGE, BoardFacts(models), [OverlayLabels("flags", (asked,))],
                        measure).overlays["flags"]
    assert placed.text == '1.25"' and not placed.leader
    assert overlaps([placed.box], [m.on(PAGE) for m in models]) == []
    whole = LabelRequest((30.0, 20.0), asked.text, dy=0.0, shorter=('1.25"',))
    (alone,) = lay_out(PAGE, BoardFacts(), [OverlayLabels("flags", (whole,))],
                       measure).overlays["flags"]
    assert alone.text == asked.text  # with room, the whole text
