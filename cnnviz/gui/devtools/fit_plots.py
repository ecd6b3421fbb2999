"""Can the plots be read? Part of :mod:`.fit`'s measure of the window: labels and marks on top of each other, tick
labels crowded on a short axis, a plot too short or an axis title longer than its axis, the curves' start hint cut.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QFontMetrics

MIN_PLOT_PX = 80
"""A plot shorter than this cannot be read (its curve is a smear, its axis one number)."""


def overlaps(window) -> list[str]:
    found = []
    curves = window.panels.curves
    if curves.isVisible():
        hint = curves.placeholder
        view = curves.loss_plot.getViewBox()
        if hint.isVisible() and not view.sceneBoundingRect().contains(hint.sceneBoundingRect()):
            found.append("the curves' start hint does not fit in the loss plot")
        area = curves.graphics.viewport().rect()
        for plot in (curves.loss_plot, curves.acc_plot):
            if plot.isVisible() and plot.scene() is not None:
                rect = curves.graphics.mapFromScene(plot.sceneBoundingRect()).boundingRect()
                if not area.adjusted(-2, -2, 2, 2).contains(rect):
                    found.append(f"the {plot.getAxis('left').labelText!r} plot is cut off by the curves panel")
        rects = curves.marks.label_rects()
        if hint.isVisible() and any(rect.intersects(hint.sceneBoundingRect()) for rect in rects):
            found.append("the curves' start hint is under a mark's label")
        plot_area = view.sceneBoundingRect().adjusted(-1, -1, 1, 1)
        if any(not plot_area.contains(rect) for rect in rects):
            found.append("a mark's label on the curves runs past the loss plot (cut)")
        for i, a in enumerate(rects):
            if any(a.adjusted(1, 1, -1, -1).intersects(b) for b in rects[i + 1 :]):
                found.append("two marks' labels on the curves overlap")
                break
    timings = window.panels.timings
    if timings.isVisible() and timings.layer_names:
        line = QFontMetrics(timings.bars_plot.getAxis("left").style.get("tickFont") or timings.font()).height()
        if timings.row_pixels() < line:
            found.append(f"the timing bars' layer names overlap: {timings.row_pixels():.0f} px a row, a line is {line}")
        axis = timings.bars_plot.getAxis("left")
        if axis.width() < timings.name_axis_width_needed():
            found.append(
                f"a timing bar has no label: its layer name needs {timings.name_axis_width_needed()} px, "
                f"the axis is {axis.width():.0f} px wide"
            )
    return found


def crowded_bar_digits(window) -> list[str]:
    """The Draw panel's ten digits under its bars apart, in every mode (at a full-height 1366x768 normal mode
    gave each bar 13 px for 10 px digits: only presenter mode was looked at)."""
    from ..panels.classify_bars import DIGIT_SPACE_PX

    classify = window.panels.classify
    if not classify.graphics.isVisible():
        return []
    bottom = classify.prob_plot.getAxis("bottom")
    digit = QFontMetrics(bottom.style.get("tickFont") or bottom.font()).horizontalAdvance("8")
    view = classify.prob_plot.getViewBox()
    low, high = view.viewRange()[0]
    per_bar = view.width() / max(high - low, 1e-9)  # (the bars stand one apart)
    if per_bar < digit + DIGIT_SPACE_PX:
        return [f"the probability bars' digits are crowded: {per_bar:.1f} px a bar, a digit is {digit}"]
    return []


def crowded_axes(window) -> list[str]:
    """Tick labels on top of each other on a vertical axis: pyqtgraph always labels its first tick level,
    however short the axis (a short plot must choose wider tick spacing itself)."""
    found = []
    for view in window.findChildren(pg.GraphicsView):
        if not view.isVisible() or view.scene() is None:
            continue
        for item in view.scene().items():
            if not (
                isinstance(item, pg.AxisItem)
                and item.isVisible()
                and item.orientation in ("left", "right")
                and item.style.get("showValues", True)
                and item.height() > 0
                and not item.logMode
            ):
                continue
            if getattr(item, "_tickLevels", None) is not None:
                continue  # ticks the panel placed itself (layer names, digits): checked where they are made
            low, high = sorted(item.range)
            levels = item.tickValues(low, high, item.height()) if high > low else []
            if not levels:
                continue
            values = sorted(v for v in levels[0][1] if low <= v <= high)
            if len(values) < 2:
                continue
            spacing_px = min(b - a for a, b in zip(values, values[1:])) / (high - low) * item.height()
            line = QFontMetrics(item.style.get("tickFont") or item.font()).height()
            if spacing_px < 0.9 * line:
                name = item.labelText or "a plot"
                found.append(f"the tick labels of {name!r} overlap: {spacing_px:.0f} px apart, a line is {line}")
    return found


def axis_titles_and_short_plots(window) -> list[str]:
    """A plot too short to read, or a vertical axis title longer than its axis (it runs into the title of
    the plot above or below: garbled text)."""
    from ..panels.classify_bars import MIN_BARS_PX

    found = []
    fool = window.panels.fool
    bars = (window.panels.classify.prob_plot, fool.before_plot, fool.after_plot)
    for view in window.findChildren(pg.GraphicsView):
        if not view.isVisible() or view.scene() is None:
            continue
        for item in view.scene().items():
            if isinstance(item, pg.PlotItem) and item.isVisible() and item.scene() is not None:
                box = item.getViewBox()
                height = box.height()
                least = MIN_BARS_PX if item in bars else MIN_PLOT_PX  # (ten bars are read at a glance)
                if 0 < height < least - 0.5 and box.width() > 0:
                    name = item.getAxis("left").labelText or "a plot"
                    found.append(f"the plot {name!r} is {height:.0f} px high, fewer than {least}")
            if (
                isinstance(item, pg.AxisItem)
                and item.isVisible()
                and item.orientation in ("left", "right")
                and item.label.isVisible()
                and item.labelText
                and item.height() > 0
            ):
                need = item.label.boundingRect().width()  # (rotated: its width is its height on screen)
                if need > item.height() + 2:
                    found.append(
                        f"the axis title {item.labelText!r} needs {need:.0f} px, its axis is "
                        f"{item.height():.0f} px high (it runs into its neighbours)"
                    )
    return found


def cut_texts(window) -> list[str]:
    """Text cut mid-word: the curves' start hint wider than its plot."""
    found = []
    curves = window.panels.curves
    hint = curves.placeholder
    if curves.isVisible() and hint.isVisible():
        view = curves.loss_plot.getViewBox()
        text_width = hint.textItem.boundingRect().width()
        if text_width > view.width() + 1 or hint.textItem.boundingRect().height() > view.height() + 1:
            found.append("the curves' start hint is wider or taller than the loss plot (cut mid-word)")
    return found


def run_past_their_view(window) -> list[str]:
    """A row of pictures under captions (Why?, Fool), or a plot beside them (Fool's bars), wider than its view:
    the part past the edge is cut (pyqtgraph gives a caption or a plot's title its one line as a minimum width:
    three German captions at 125 % made the Why? row wider than its panel, the third picture cut off; the Fool
    tab's titled bars at 125 % were 225 px of plot in 190)."""
    return [problem for panel in (window.panels.why, window.panels.fool) for problem in cut_in(panel)]


def cut_in(panel) -> list[str]:
    """:func:`run_past_their_view` for one panel."""
    found = []
    if not panel.isVisible():
        return found
    for view in panel.findChildren(pg.GraphicsView):
        item = view.centralWidget
        if not view.isVisible() or item is None or item.scene() is None:
            continue
        rect = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
        if rect.width() > view.viewport().width() + 2:
            found.append(
                f"{view.accessibleName()!r} runs past its view: {rect.width()} px wide in {view.viewport().width()}"
            )
    return found


def small_pictures(window) -> list[str]:
    """A picture in the Why? or Fool tab's row of captioned pictures smaller than ``MIN_PICTURE_PX``: at 125 % on a
    1280x720 laptop Fool's were 23 px, German presenter mode at 1024x768 left Why?'s 42 px, and a run kept
    beside (A | B) in presenter mode left Fool's 19 px and Why?'s none: a changed pixel a blur."""
    return small_pictures_in(window.panels.why) + small_pictures_in(window.panels.fool)


def small_pictures_in(panel) -> list[str]:
    """:func:`small_pictures` for one panel."""
    from ..panels.pictures import MIN_PICTURE_PX

    if not (panel.isVisible() and panel.graphics.isVisible()):
        return []
    side = min(min(view.width(), view.height()) for view, _item in panel.views)
    if side < MIN_PICTURE_PX - 0.5:
        name = panel.graphics.accessibleName()
        return [f"the pictures of {name!r} are {side:.0f} px, fewer than {MIN_PICTURE_PX}"]
    return []
