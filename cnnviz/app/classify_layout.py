"""Where the Draw panel puts the canvas and what the network makes of it (no Qt objects: plain arithmetic on
the sizes the panel measures): the prediction beside the canvas, or under it in a row or a column, whichever
gives the biggest canvas with readable bars."""

from __future__ import annotations

SIDE_PX = 170
"""Room the input, the answer and the bars need beside the canvas (at least)."""
ROW_BESIDE_BARS_PX = 160
"""In a row under the canvas, the input and the answer take this much of the bars' width."""
INPUT_PX = 84
INPUT_PX_STACKED = 56
INPUT_DROPPED_PX = INPUT_PX_STACKED + 6
"""In a row under a short canvas the input thumbnail gives way to the bars (their digits and "50%" first)."""
BESIDE, ROW, COLUMN = "beside", "row", "column"


def row_bars_width(width: int, bars_needed: int) -> int:
    """The bars' width in a row under the canvas: beside the input and the answer, or beside the
    answer alone where the input would leave them too narrow to read."""
    with_input = width - ROW_BESIDE_BARS_PX
    return with_input if with_input >= bars_needed else with_input + INPUT_DROPPED_PX


def canvas_sides(
    width: int, height: int, bars_needed: int, under_row: int, under_column: int, drop_input: bool = False
) -> dict[str, tuple[int, int]]:
    """For a panel body of ``width`` x ``height``: each arrangement's (canvas side, bars width); ``under_row``,
    ``under_column``: the height under the canvas in a ROW and a COLUMN; ``drop_input``: in a row, the input
    thumbnail may give way to the bars."""
    side = max(SIDE_PX, bars_needed)
    return {
        BESIDE: (min(width - side, height), side),
        ROW: (
            min(width, height - under_row),
            row_bars_width(width, bars_needed) if drop_input else width - ROW_BESIDE_BARS_PX,
        ),
        COLUMN: (min(width, height - under_column), width),
    }


def choose(width: int, height: int, bars_needed: int, least_canvas: int, under_row: int, under_column: int) -> str:
    """The arrangement with the biggest canvas among those whose bars are readable (and whose canvas
    is at least ``least_canvas``); where none is, the bigger canvas of BESIDE and ROW."""
    pool = {}
    for drop_input in (False, True):  # the input thumbnail goes only where nothing else is readable
        options = canvas_sides(width, height, bars_needed, under_row, under_column, drop_input)
        pool = {
            name: canvas for name, (canvas, bars) in options.items() if bars >= bars_needed and canvas >= least_canvas
        }
        if pool:
            break
    pool = pool or {name: canvas for name, (canvas, _bars) in options.items() if name != COLUMN}
    # (no preference for the current one: the same size always gets the same arrangement)
    return max(pool, key=lambda name: pool[name])
