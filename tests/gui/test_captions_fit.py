"""Captions and the probability bars' digits, whole and apart where the class reads them (issue 31): the Mistakes
tab's gallery in presenter mode at 1024x768 cut "7→2 97 % ✗" at its mark; the Draw panel's bars beside a kept run in
German presenter mode at 1280x720 gave each digit 14 px for 12 px of type."""

import numpy as np
from test_fit import at_screen

from cnnviz.gui.devtools import fit, fit_plots
from cnnviz.gui.panels.gallery import Gallery


def test_the_surest_mistakes_captions_show_whole_in_presenter_mode(qtbot, shared):
    window = shared()
    at_screen(window, qtbot, (1024, 768))
    window.set_presenter(True, full_screen=False)
    window.show_tab("mistakes")
    fit.settle_layout(window)
    gallery = window.panels.mistakes.worst_gallery
    assert gallery.count() > 0, "fill() left an evaluation with mistakes"
    assert fit.cut_captions(gallery) == []
    assert gallery.viewport().width() >= gallery.gridSize().width()
    found = fit.problems(window)
    assert found == [], "\n".join(found)


def test_the_surest_mistakes_show_one_whole_row_and_big_counts_in_presenter_mode(qtbot, shared):
    """Presenter mode at 1280x720: the surest-mistakes gallery was 91 px high for a 96 px row ("3→7 99% ✗" cut at
    the bottom) while ~160 px of width stood empty beside the square matrix; at 1024x768 the counts were 9 px. The
    matrix's spare width goes to the galleries; the counts take at least normal mode's type, or are left to the
    cell's tooltip where they do not fit."""
    from PySide6.QtGui import QFontInfo, QFontMetrics

    from cnnviz.gui import theme

    window = shared()
    panel = window.panels.mistakes
    least = QFontInfo(theme.axis_font()).pixelSize()
    for screen in ((1280, 720), (1024, 768)):
        at_screen(window, qtbot, screen)
        window.set_presenter(True, full_screen=False)
        window.show_tab("mistakes")
        fit.settle_layout(window)
        gallery = panel.worst_gallery
        assert gallery.count() > 0, "fill() left an evaluation with mistakes"
        assert gallery.viewport().height() >= gallery.gridSize().height(), (screen, "one whole row")
        assert fit.cut_captions(gallery) == []
        view = panel.plot.getViewBox()
        assert view.width() - view.height() <= 12, (screen, "no empty width beside the matrix")
        cell = min(view.width(), view.height()) / len(panel.texts)
        font = panel.texts[0][0].textItem.font()
        assert font.pixelSize() >= least, (screen, font.pixelSize(), least)
        shown = 0
        for r, row in enumerate(panel.texts):
            for c, item in enumerate(row):
                count = int(panel.matrix[r, c])
                if item.toPlainText():
                    shown += 1
                    assert item.toPlainText() == str(count)
                    assert QFontMetrics(font).horizontalAdvance(item.toPlainText()) < cell, (screen, r, c)
                elif count:
                    assert str(count) in panel.cell_tip(r, c), "a count left out is said in the cell's tooltip"
        assert shown > 0, (screen, "the small counts still show")
        found = fit.problems(window)
        assert found == [], "\n".join(found)
    window.set_presenter(False, full_screen=False)
    fit.settle_layout(window)


def test_the_check_finds_a_squeezed_gallerys_cut_captions(qtbot):
    """A gallery forced narrower than its cells (as the splitter squeezed it): the check names the cut."""
    gallery = Gallery(56)
    qtbot.addWidget(gallery)
    gallery.show_images(np.zeros((3, 28, 28), np.uint8), [0, 1, 2], ["7→2 97 % ✗", "1→7 88 % ✗", "3→5 60 % ✗"])
    gallery.resize(400, 200)
    gallery.show()
    qtbot.waitExposed(gallery)
    assert fit.cut_captions(gallery) == []
    assert gallery.minimumWidth() >= gallery.gridSize().width(), "the view never narrower than a cell"
    gallery.setFixedWidth(gallery.gridSize().width() // 2)
    qtbot.waitUntil(lambda: gallery.viewport().width() < gallery.gridSize().width())
    assert fit.cut_captions(gallery), "half a cell wide: the captions are cut"
    gallery.setFixedWidth(gallery.gridSize().width() * 3)
    gallery.setFixedHeight(gallery.gridSize().height() - 10)
    qtbot.waitUntil(lambda: gallery.viewport().height() < gallery.gridSize().height())
    assert [p for p in fit.cut_captions(gallery) if "at the bottom" in p], "shorter than a row: cut at the bottom"


def test_a_gallerys_hint_fits_its_view(qtbot):
    """The placeholder's words in a view too short for them at its type: a smaller type, every word shown."""
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QFont, QFontMetrics

    from cnnviz.gui.panels.gallery import placeholder_font

    font = QFont()
    font.setPixelSize(20)
    area = QRect(0, 0, 140, 80)
    text = "The images of the chosen cell appear here, the most confident first."
    fitted = placeholder_font(font, text, area)
    need = QFontMetrics(fitted).boundingRect(area, Qt.AlignCenter | Qt.TextWordWrap, text)
    assert fitted.pixelSize() < 20 and need.height() <= area.height() and need.width() <= area.width()
    assert placeholder_font(font, "Empty", area).pixelSize() == 20, "a hint that fits keeps its type"


def test_the_bars_digits_stand_apart_beside_a_kept_run_in_german_presenter_mode(qtbot, in_language, make_window):
    """German presenter mode at 1280x720 with a run kept to compare: the Draw panel beside the tabs has no room for
    the canvas, its tools and bars in presenter mode's type; the digits under the bars take a smaller type (never
    below normal mode's), and each stands apart from the next."""
    from PySide6.QtGui import QFontInfo, QFontMetrics
    from test_fit import fill

    from cnnviz.gui import theme

    in_language("de")
    window = make_window()
    fill(window)
    assert window.comparison.keep_current()
    at_screen(window, qtbot, (1280, 720))
    window.set_presenter(True, full_screen=False)
    window.show_tab("training")
    fit.settle_layout(window)
    assert [p for p in fit.presenter_readable(window) + fit_plots.crowded_bar_digits(window) if "bars" in p] == []
    axis = window.panels.classify.prob_plot.getAxis("bottom")
    view = window.panels.classify.prob_plot.getViewBox()
    low, high = view.viewRange()[0]
    digit = QFontMetrics(axis.style["tickFont"]).horizontalAdvance("8")
    assert view.width() / (high - low) >= digit + 4, "each digit apart from the next"
    assert QFontInfo(axis.style["tickFont"]).pixelSize() >= QFontInfo(theme.axis_font()).pixelSize()
    window.set_presenter(False, full_screen=False)
    fit.settle_layout(window)
    assert axis.style["tickFont"] == axis.mode_font, "normal mode's digits in normal mode's type"
    # (the curves' line over the plots said "A, der behaltene Lauf (this session)" in the German window)
    kept_line = window.panels.curves.kept_label.text()
    assert "diese Sitzung" in kept_line and "this session" not in kept_line, kept_line
