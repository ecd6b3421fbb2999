"""Where the Draw panel puts the canvas and what the network makes of it (no Qt objects: plain arithmetic on
the sizes the panel measures): the prediction beside the canvas, or under it in a row or a column, whichever
gives the biggest canvas with readable bars."""

from __future__ import annotations

from dataclasses import dataclass

SIDE_PX = 170
"""Room the input, the answer and the bars need beside the canvas (at least)."""
ROW_BESIDE_BARS_PX = 160
"""In a row under the canvas, the input and the answer take this much of the bars' width."""
INPUT_PX = 84
INPUT_PX_STACKED = 56
INPUT_DROPPED_PX = INPUT_PX_STACKED + 6
"""In a row under a short canvas the input thumbnail gives way to the bars (their digits and "50%" first)."""
SPACING_PX = 8
"""Between the canvas's column and the bars beside it (the panel's own spacing)."""
LEAST_BARS_PX = 150
"""The bars' plot is never narrower (ten bars, however crowded their digits)."""
BESIDE, ROW, COLUMN = "beside", "row", "column"


@dataclass(frozen=True)
class Plan:
    """What the panel shows where: the ``arrangement``, the bars' width, and whether the input thumbnail and the
    percentage axis (its "50%") are shown; in a row the input gives way to the bars first, then, anywhere, the
    axis: ten readable digits come before both."""

    arrangement: str
    bars: int
    """The bars' width (the percentage axis' included where it is shown)."""
    input_shown: bool = True
    axis_shown: bool = True


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
        BESIDE: (min(width - side - SPACING_PX, height), side),
        ROW: (
            min(width, height - under_row),
            row_bars_width(width, bars_needed) if drop_input else width - ROW_BESIDE_BARS_PX,
        ),
        COLUMN: (min(width, height - under_column), width),
    }


def least_canvas_bars(width: int, height: int, least_canvas: int, under_row: int, under_column: int) -> dict[str, int]:
    """The arrangements in which a canvas of ``least_canvas`` fits the body (beside it, or with what goes under
    it), each with the bars' width then (in a row without the input thumbnail)."""
    wide = width >= least_canvas
    fits = {
        BESIDE: (height >= least_canvas, width - least_canvas - SPACING_PX),
        ROW: (wide and height - under_row >= least_canvas, width - ROW_BESIDE_BARS_PX + INPUT_DROPPED_PX),
        COLUMN: (wide and height - under_column >= least_canvas, width),
    }
    return {name: bars for name, (fit, bars) in fits.items() if fit and bars >= LEAST_BARS_PX}


def plan(
    width: int,
    height: int,
    bars_needed: int,
    least_canvas: int,
    under_row: int,
    under_column: int,
    axis_px: int = 0,
    bars_readable: int | None = None,
    keep_axis: bool = False,
) -> Plan:
    """The arrangement with the biggest canvas among those whose canvas is at least ``least_canvas`` and whose bars
    have the width they need (``bars_needed``, with the percentage axis' ``axis_px``); else among those whose bars
    are at least readable with the axis (``bars_readable``: no two digits run together), else without it. Where
    none is, the canvas at its least where it fits, beside the widest bars (without the axis); where it fits
    nowhere, the bigger canvas of BESIDE and ROW. ``keep_axis`` (presenter mode: its digits' type gives way
    instead, and the axis' "50%" always shows): the biggest canvas with the bars' width where one has it, else the
    bigger canvas of BESIDE and ROW, the axis shown but in a row too narrow for it.

    (A full-height 1366x768 window gave the panel 406x299 beside the kernels: no arrangement had readable bars
    with the axis and a 200 px canvas, and the bigger canvas put ten 10 px digits in 13 px each.)"""
    readable = bars_needed if bars_readable is None else min(bars_readable, bars_needed)

    def planned(name: str, input_shown: bool, axis_shown: bool) -> Plan:
        wanted = bars_needed - (0 if axis_shown else axis_px)  # (beside the canvas: the rest goes to the canvas)
        bars = {
            BESIDE: max(LEAST_BARS_PX, min(wanted, width - least_canvas - SPACING_PX)),
            ROW: width - ROW_BESIDE_BARS_PX + (0 if input_shown else INPUT_DROPPED_PX),
            COLUMN: width,
        }[name]
        return Plan(name, bars, input_shown, axis_shown)

    needs = [(bars_needed, True)] if keep_axis else [(bars_needed, True), (readable, True)]
    if axis_px > 0 and not keep_axis:
        needs.append((readable - axis_px, False))
    for need, axis_shown in needs:
        for drop_input in (False, True):  # the input thumbnail goes only where nothing else is readable
            options = canvas_sides(width, height, need, under_row, under_column, drop_input)
            pool = {name: canvas for name, (canvas, bars) in options.items() if bars >= need and canvas >= least_canvas}
            if pool:
                # (no preference for the current one: the same size always gets the same arrangement)
                name = max(pool, key=lambda name: pool[name])
                return planned(name, name != ROW or width - ROW_BESIDE_BARS_PX >= need, axis_shown)
    fitting = {} if keep_axis else least_canvas_bars(width, height, least_canvas, under_row, under_column)
    if fitting:
        name = max(fitting, key=lambda name: fitting[name])
        return planned(name, name != ROW, fitting[name] >= readable)
    options = canvas_sides(width, height, bars_needed, under_row, under_column, drop_input=True)
    name = BESIDE if options[BESIDE][0] >= options[ROW][0] else ROW
    axis_shown = keep_axis and (name != ROW or options[ROW][1] >= bars_needed)
    return planned(name, name != ROW or width - ROW_BESIDE_BARS_PX >= bars_needed, axis_shown)


def choose(
    width: int, height: int, bars_needed: int, least_canvas: int, under_row: int, under_column: int, **more
) -> str:
    """The arrangement :func:`plan` chooses (``more``: its ``axis_px`` and ``bars_readable``)."""
    return plan(width, height, bars_needed, least_canvas, under_row, under_column, **more).arrangement
