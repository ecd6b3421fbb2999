"""The Draw panel's arrangement arithmetic (Qt-free): the biggest canvas whose bars stay readable."""

from cnnviz.app import classify_layout as layout
from cnnviz.app.classify_layout import BESIDE, COLUMN, ROW, choose, row_bars_width

NEED, LEAST, UNDER_ROW, UNDER_COLUMN = 260, 200, 150, 260


def test_a_wide_panel_puts_the_bars_beside_and_a_tall_one_under_the_canvas():
    assert choose(900, 400, NEED, LEAST, UNDER_ROW, UNDER_COLUMN) == BESIDE
    assert choose(420, 900, NEED, LEAST, UNDER_ROW, UNDER_COLUMN) == ROW
    assert choose(300, 900, NEED, LEAST, UNDER_ROW, UNDER_COLUMN) == COLUMN  # a row would leave the bars unreadable


def test_in_a_narrow_row_the_input_thumbnail_gives_way_to_the_bars():
    assert row_bars_width(500, NEED) == 500 - 160
    assert row_bars_width(400, NEED) == 400 - 160 + 62
    # Nothing readable anywhere: still an arrangement, never COLUMN's cramped canvas
    assert choose(150, 150, NEED, LEAST, UNDER_ROW, UNDER_COLUMN) in (BESIDE, ROW)


# The panel as a full-height window measures it (``cnnviz gui --size 1366x768``, no title bar or taskbar, normal mode:
# the Draw panel over the kernels): a 406x299 body; bars need 243 px with a 55 px percentage axis, their 10 px
# digits run together under 204 px with it; the canvas's least 200 px; 162 and 208 px under a ROW's and a COLUMN's.
AXIS, READABLE = 55, 204
FULL_1366 = (406, 299, 243, 200, 162, 208)


def digits_width(plan) -> int:
    return plan.bars - (AXIS if plan.axis_shown else 0)


def test_where_nothing_has_room_for_the_axis_the_digits_keep_theirs():
    """A full-height 1366x768 window: the canvas at 200 px leaves the bars 198 px, too few for the axis and ten
    digits apart (they had 13 px a bar for 10 px digits); the axis gives way, the digits get their width."""
    plan = layout.plan(*FULL_1366, axis_px=AXIS, bars_readable=READABLE)
    assert plan.arrangement == BESIDE and not plan.axis_shown
    assert digits_width(plan) >= READABLE - AXIS
    assert min(406 - plan.bars - layout.SPACING_PX, 299) >= 200, "the canvas keeps its least"


def test_the_axis_stays_while_the_digits_have_room_beside_it():
    """A 1440x900 window (the panel 436x200 over two others): with the axis the digits are still apart."""
    plan = layout.plan(436, 200, 243, 200, 162, 208, axis_px=AXIS, bars_readable=READABLE)
    assert plan.arrangement == BESIDE and plan.axis_shown and plan.bars >= READABLE


def test_an_arrangement_whose_least_canvas_does_not_fit_is_never_chosen_over_one_whose_does():
    """A full-height 1280x800 window (a 372x317 body): a ROW's canvas would be 155 px under it and the 200 px
    canvas lay over its Clear button; beside the bars it fits."""
    plan = layout.plan(372, 317, 243, 200, 162, 208, axis_px=AXIS, bars_readable=READABLE)
    assert plan.arrangement == BESIDE
    assert digits_width(plan) >= layout.LEAST_BARS_PX - 1


def test_every_plan_keeps_its_promises():
    """Any body: the canvas's least fits where it fits anywhere, the axis only where the digits stay readable
    beside it, bars beside the canvas never narrower than their least."""
    for width in range(150, 900, 13):
        for height in range(150, 900, 17):
            plan = layout.plan(width, height, *FULL_1366[2:], axis_px=AXIS, bars_readable=READABLE)
            fitting = layout.least_canvas_bars(width, height, *FULL_1366[3:])
            assert not fitting or plan.arrangement in fitting, (width, height, plan)
            assert plan.bars >= layout.LEAST_BARS_PX or plan.arrangement != BESIDE, (width, height, plan)
            assert not plan.axis_shown or plan.bars >= READABLE, (width, height, plan)


def test_presenter_mode_keeps_the_percentage_axis():
    """Presenter mode's digits take a smaller type before anything gives way, and its "50%" always shows: a
    Japanese lesson view at 1024x768 (a 379x379 body) keeps its row, the input giving way, the axis shown."""
    plan = layout.plan(379, 379, 274, 200, 183, 233, axis_px=66, bars_readable=217, keep_axis=True)
    assert (plan.arrangement, plan.input_shown, plan.axis_shown) == (ROW, False, True)
    assert layout.plan(*FULL_1366, axis_px=AXIS, bars_readable=READABLE, keep_axis=True).axis_shown
