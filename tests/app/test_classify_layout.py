"""The Draw panel's arrangement arithmetic (Qt-free): the biggest canvas whose bars stay readable."""

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
