"""Zoom in stops at the largest level at which every view fits the window, and says so: at 1024x768
zooming past 150 % overlapped the panels, clipped Start/Pause and cut the presenter's figure."""

from cnnviz.gui import zoom


def test_the_largest_level_that_fits_follows_the_window():
    assert zoom.largest_fitting(1024, 768) == 110  # (125 %: normal mode's tab bar cut "Rate", hid "Drawings")
    assert zoom.largest_fitting(1366, 768) == 150
    assert zoom.largest_fitting(1280, 720) == 125
    assert zoom.largest_fitting(1280, 800) == 125
    assert zoom.largest_fitting(1920, 1080) == 200
    assert zoom.largest_fitting(800, 600) == 100  # actual size is always offered


def test_zoom_in_stops_where_the_views_fit_and_says_so(qtbot, window):
    window.set_presenter(True, full_screen=False)
    window.resize(1024, 768)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1024, 768), timeout=5000)
    for _ in range(6):
        window.zoom_by(+1)
    assert window.zoom_level == 110
    message = window.statusBar().currentMessage()
    assert "110%" in message and "1024×768" in message
    window.zoom_by(-1)
    assert window.zoom_level == 100
    window.zoom_by(0)
    assert window.zoom_level == 100
    window.set_presenter(False, full_screen=False)


def test_a_level_asked_for_that_does_not_fit_comes_down_to_one_that_does_and_says_so(qtbot, make_window):
    """``cnnviz --presenter --zoom 175`` on real X at 1024x768 (session 38) opened at 175 %: the tab bar, the
    presenter's test accuracy and the Draw panel's title were cut, a restore question clipped its own text."""
    window = make_window(zoom_level=175)
    window.resize(1024, 768)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1024, 768), timeout=5000)
    window.zoom_by(+1)
    assert "175%" not in window.statusBar().currentMessage(), "175% was never the largest that fits"
    assert window.fit_zoom() and window.zoom_level == 110
    assert "175%" in window.banner.label.text() and "110%" in window.banner.label.text()
    assert not window.fit_zoom() and window.zoom_level == 110


def test_at_the_largest_level_normal_modes_tab_bar_shows_every_tab_at_1024x768(qtbot, make_window):
    """Real X at 1024x768 (a maximised window: 1024x749), a lesson's run kept, Ctrl++ until it stops: normal mode's
    tab bar cut "Rate" and hid "Drawings" at 125 % (its scroll buttons are off: no way to it but Ctrl+Tab)."""
    from test_fit import fill

    from cnnviz.gui.devtools import fit

    window = make_window()
    fill(window)
    assert window.comparison.keep_current()
    window.resize(1024, 749)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1024, 749), timeout=5000)
    for _ in range(6):
        window.zoom_by(+1)
    fit.settle_layout(window)
    assert window.zoom_level == zoom.largest_fitting(1024, 749)
    assert fit.problems(window) == [], f"at {window.zoom_level} %"
