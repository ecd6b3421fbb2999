"""Every screen from 1024x768 up: the window fits, in normal and presenter mode, on every tab.

Rendered offscreen at each classroom size (a maximised window: the screen minus a title bar and a
panel), and on a real X server (Xvfb, one per screen size) through ``cnnviz gui --check-layout``.
``cnnviz.gui.devtools.fit`` does the looking: widgets on screen, none cut off or on top of another, tab titles
whole, feature-map tiles >= 24 px, kernel tiles >= 16 px, a drawing canvas >= 200 px.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRect, Qt

from cnnviz.gui.arrangement import arrangement
from cnnviz.gui.devtools import fit, fit_plots
from cnnviz.gui.devtools.driving import draw_demo_digit
from cnnviz.gui.layout import initial_geometry
from cnnviz.gui.panels import registry
from cnnviz.gui.worker import EventBatch, Tag
from cnnviz.train import events as ev

REPO = Path(__file__).resolve().parents[2]
SCREENS = fit.SCREENS
IDS = [f"{w}x{h}" for w, h in SCREENS]
# The classroom's screens (projectors, laptops): the real-X check runs on these; 1920x1080, roomier in both
# directions, is checked offscreen above (the real-X run costs ~30 s of a CI core per screen).
CLASSROOM_SCREENS = tuple(s for s in SCREENS if s != (1920, 1080))
CLASSROOM_IDS = [f"{w}x{h}" for w, h in CLASSROOM_SCREENS]


def fill(window):
    """What a run leaves on screen: curves with marks close together, timings, an evaluation, statistics,
    a drawing (fed through the router, as the trainer's events would be)."""
    steps = [
        ev.StepFinished(i, i / 938, 2.3 * 0.985**i + 0.1, min(0.98, i / 150), 64, 3000.0, 2e-3, "numpy", 9.0)
        for i in range(1, 240)
    ]
    layers = tuple(
        ev.LayerTiming(name, 1.0 + k, 2.0 + k)
        for k, name in enumerate(("conv1", "relu1", "pool1", "conv2", "relu2", "pool2", "flatten", "dense1"))
    )
    timing = ev.TimingMeasured(230, "numpy", 64, layers, 20.0)
    window.router.apply(EventBatch(steps=[(0.01 * i, s) for i, s in enumerate(steps)], timings={"numpy": timing}))
    window.router.handle(ev.BackendSwitched(100, 100 / 938, "numpy", "numba", "Numba"))
    window.router.handle(ev.BackendSwitched(104, 104 / 938, "numba", "numpy", "NumPy"))
    window.router.handle(ev.HyperparametersChanged(110, 110 / 938, {"lr": 0.01}))
    labels = window.state.dataset.test_labels[:500]
    predictions = np.where(np.arange(500) % 9 == 0, (labels + 1) % 10, labels)
    window.router.handle(
        ev.EvaluationFinished(
            200,
            200 / 938,
            0.4,
            float((labels == predictions).mean()),
            500,
            labels,
            predictions,
            np.full(500, 0.9, np.float32),
        )
    )
    for step, stats in parameter_stats_of(window.state.local.weights()):
        window.router.handle(ev.ParameterStatsMeasured(step, step / 938, 2e-3, stats))
    window.router.refresh_curves()
    draw_demo_digit(window, 3)


_STATS: dict[tuple, list] = {}


def parameter_stats_of(weights: dict) -> list:
    """The statistics :func:`fill` feeds in, every 10 steps, for these weights: made once per set of weights (a
    process fills windows with the same few nets' weights dozens of times; ~0.2 s of a core each time)."""
    import hashlib

    from cnnviz.train.stats import parameter_stats

    key = tuple(
        (name, w.shape, str(w.dtype), hashlib.sha1(np.ascontiguousarray(w)).digest()) for name, w in weights.items()
    )
    if key not in _STATS:
        rng = np.random.default_rng(0)
        _STATS[key] = []
        for step in range(10, 240, 10):
            before = {k: v * (1 - 1e-3) for k, v in weights.items()}
            grads = {k: v * rng.uniform(0.5, 2.0) for k, v in weights.items()}
            _STATS[key].append((step, tuple(parameter_stats(weights, grads, before))))
    return _STATS[key]


def at_screen(window, qtbot, screen):
    """The window as a maximised one on this screen would be (with a desktop's title bar and panel)."""
    width, height = screen
    window.showNormal()
    window.resize(width, height - fit.DECORATIONS_PX)
    fit.settle_layout(window)  # flow layouts and lazy panels settle over a few event-loop passes


def describe(found: dict) -> str:
    return "\n".join(f"{view}:\n  " + "\n  ".join(problems) for view, problems in found.items())


def pictures_beside_a_kept_run(window, qtbot, screens=((1024, 768), (1280, 720))) -> dict[str, list[str]]:
    """A run kept beside (A | B) in presenter mode, the tightest: the Why? and Fool tabs' pictures and plots, and the
    Draw panel's bars beside them, as ``fit`` measures them on each screen (the comparison's banner took the
    height: Fool's pictures were 19 px, Why?'s none). The window keeps the run afterwards and is back in normal mode."""
    if window.state.kept is None:
        assert window.comparison.keep_current()
    found = {}
    for screen in screens:
        at_screen(window, qtbot, screen)
        window.set_presenter(True, full_screen=False)
        for key in ("why", "fool"):
            window.show_tab(key)
            panel = getattr(window.panels, key)  # (its answer shown: the captions and bars as the class sees them)
            qtbot.waitUntil(lambda panel=panel: panel.result is not None and not panel.busy, timeout=20_000)
            fit.settle_layout(window)
            # (what the pictures' panels answer for, and the Draw panel's bars beside them: in German at 1280x720
            # their digits had 14 px a bar for 12 px of type)
            listed = (
                fit.presenter_readable(window)
                + fit_plots.crowded_bar_digits(window)
                + fit_plots.small_pictures(window)
                + fit_plots.run_past_their_view(window)
                + fit_plots.axis_titles_and_short_plots(window)
            )
            if listed:
                found[f"kept/{screen[0]}x{screen[1]}/presenter/{key}"] = listed
        window.set_presenter(False, full_screen=False)
    return found


NETS = ("tiny", "seed")
"""The classroom net (the default) and the seed article's, whose 32 and 64 maps per layer need the room."""


@pytest.mark.parametrize("net", NETS)
@pytest.mark.parametrize("screen", SCREENS, ids=IDS)
def test_every_view_fits_the_screen(qtbot, shared, screen, net):
    window = shared(net)
    at_screen(window, qtbot, screen)
    found = fit.check_every_view(window)
    assert found == {}, describe(found)
    assert window.size().width() == screen[0], "nothing forced the window wider than the screen"


FULL_HEIGHT = ((1366, 768), (1280, 800), (1280, 1024), (1536, 864))
"""Windows as tall as the screen (``cnnviz gui --size``, a kiosk, a hidden taskbar): the right column's panels
share more height than :func:`at_screen`'s windows give them (and a 1280x1024 projector's three of them; 1536x864
is a 1920x1080 laptop at Windows' default 125 % scaling, where the timings beside the kernels left them 6 px)."""


@pytest.mark.parametrize("screen", FULL_HEIGHT, ids=[f"{w}x{h}" for w, h in FULL_HEIGHT])
def test_a_full_height_window_fits_in_both_modes(qtbot, shared, screen):
    """At a full 1366x768 normal mode put the Draw panel over the kernels with 13 px a bar for 10 px digits (at
    1280x1024, 10 px); at 1280x800 its canvas lay over its Clear button (the Training tab, as ``fit`` measures it)."""
    window = shared()
    window.showNormal()
    window.resize(*screen)
    for presenter in (False, True):
        window.set_presenter(presenter, full_screen=False)
        fit.settle_layout(window)
        assert window.size().toTuple() == screen
        found = fit.problems(window)
        assert found == [], (presenter, found)
    window.set_presenter(False, full_screen=False)


@pytest.mark.parametrize("level", [125, 150])
def test_every_view_fits_a_1366x768_laptop_zoomed(qtbot, make_window, level):
    """Ctrl+= on a school laptop: at 125 % and 150 % every view, normal and presenter, still fits."""
    window = make_window(zoom_level=level)
    fill(window)
    at_screen(window, qtbot, (1366, 768))
    found = fit.check_every_view(window)
    assert found == {}, describe(found)
    assert window.size().width() == 1366, "nothing forced the window wider than the screen"


def test_a_full_height_laptop_zoomed_to_150_keeps_the_draw_panel_whole(qtbot, shared):
    """A 1366x768 window as tall as the screen, zoomed with Ctrl+= to 150 %: the kernels stayed beside the Draw panel
    (the height was judged at 100 %) and its canvas lay over its Clear button and stroke slider. The panels beside
    the tabs are chosen for the zoomed sizes, when the zoom changes too."""
    window = shared()
    window.showNormal()
    window.resize(1366, 768)
    fit.settle_layout(window)
    assert "kernels" in window.workspace.current.right  # (at 100 % they are beside the Draw panel)
    try:
        window.set_zoom(150, remember=False)
        fit.settle_layout(window)
        assert "kernels" not in window.workspace.current.right
        found = fit.problems(window)
        assert found == [], found
    finally:
        window.set_zoom(100, remember=False)
        fit.settle_layout(window)
    assert "kernels" in window.workspace.current.right


def _picture_sizes(window, qtbot) -> dict[str, float]:
    """Feature-map tile, kernel tile and canvas side in screen pixels, each on the tab that shows it."""
    sizes = {}
    window.show_tab("training")
    fit.settle_layout(window)
    maps = window.panels.feature_maps
    sizes["feature maps"] = min(maps.tile_pixels(name) for name in maps.views)
    window.show_tab("kernels")
    fit.settle_layout(window)
    sizes["kernels"] = window.panels.kernels.tile_pixels()
    window.show_tab("classify")
    fit.settle_layout(window)
    sizes["canvas"] = window.panels.classify.canvas.drawing_side()
    return sizes


@pytest.mark.parametrize("net", NETS)
@pytest.mark.parametrize("screen", SCREENS, ids=IDS)
def test_presenter_mode_shows_the_demo_at_once_and_bigger(qtbot, shared, screen, net):
    """Presenter mode puts the curves, one layer's maps, the canvas and its answer on one screen (the
    canvas beside the tabs, even at 1024x768, where normal mode gives it a tab): the classroom net's maps
    get bigger; the seed net's 32 maps of one layer share the width with the canvas, so they stay readable
    (>= 24 px) rather than bigger; the canvas keeps its 200 px, the kernels (a tab away) their 16 px."""
    from cnnviz.app.feature_map_layout import MIN_TILE_PX

    window = shared(net)
    at_screen(window, qtbot, screen)
    normal = _picture_sizes(window, qtbot)
    shown = set(window.panels.feature_maps.views)
    window.set_presenter(True, full_screen=False)
    fit.settle_layout(window)
    window.show_tab("training")
    fit.settle_layout(window)
    assert set(fit.TOGETHER) <= set(fit.visible_together(window)), fit.visible_together(window)
    presenter = _picture_sizes(window, qtbot)
    assert presenter["kernels"] >= fit.MIN_KERNEL_PX, (normal, presenter)
    assert presenter["canvas"] >= fit.MIN_CANVAS_PX, (normal, presenter)
    assert presenter["feature maps"] >= MIN_TILE_PX, (normal, presenter)
    if net == "tiny":
        assert presenter["feature maps"] > normal["feature maps"], (normal, presenter)
    assert len(window.panels.feature_maps.views) == 1, "presenter mode shows one layer's maps, big"
    assert window.workspace.current.right == ("classify",), "the canvas beside the tabs, alone"
    window.set_presenter(False, full_screen=False)
    fit.settle_layout(window)
    assert _picture_sizes(window, qtbot) == pytest.approx(normal, abs=1.5), "leaving presenter mode undoes it"
    assert set(window.panels.feature_maps.views) == shown  # (redrawn when its tab is shown: hidden panels wait)


@pytest.mark.parametrize("screen", [(1024, 768), (1920, 1080)], ids=["1024x768", "1920x1080"])
def test_presenter_maps_leave_the_height_they_do_not_need_to_the_curves(qtbot, shared, screen):
    """The tiny net's 8 maps are big long before the panel is full: the curves get the rest."""
    from cnnviz.gui.panels.feature_maps_arrangement import PRESENTER_TILE_PX

    window = shared()
    at_screen(window, qtbot, screen)
    maps, curves = window.panels.feature_maps, window.panels.curves
    normal_tile = min(maps.tile_pixels(name) for name in maps.views)
    normal_curve = curves.loss_plot.getViewBox().height()
    window.set_presenter(True, full_screen=False)
    fit.settle_layout(window)
    tile = maps.tile_pixels(next(iter(maps.views)))
    assert normal_tile < tile <= max(PRESENTER_TILE_PX, 1.3 * normal_tile) * 1.15, (normal_tile, tile)
    presenter_curve = curves.loss_plot.getViewBox().height()
    assert presenter_curve >= fit_plots.MIN_PLOT_PX
    if screen[0] > 1024:  # (at 1024 the canvas beside them takes the width: the curves go side by side)
        assert presenter_curve > normal_curve, "presenter's curves are bigger too"
    else:
        assert curves.side_by_side
    window.set_presenter(False, full_screen=False)


def test_tick_spacing_never_replaces_a_panels_own_ticks(qtbot, shared):
    """Short plots widen their number spacing; the timing bars' layer names and the probability axis's
    "50%" are ticks of their own and stay through resizes and presenter mode."""
    window = shared()
    for screen in ((1920, 1080), (1024, 768), (1366, 768)):
        at_screen(window, qtbot, screen)
        window.set_presenter(True, full_screen=False)
        fit.settle_layout(window)
        window.set_presenter(False, full_screen=False)
        fit.settle_layout(window)
    # (pyqtgraph keeps ticks set with setTicks in _tickLevels; it has no public reader)
    names = window.panels.timings.bars_plot.getAxis("left")._tickLevels
    assert [label for _value, label in names[0]] == list(window.panels.timings.layer_names)
    probability = window.panels.classify.prob_plot.getAxis("left")._tickLevels
    assert [label for _value, label in probability[0]] == ["0", "50%", "100%"]


def test_feature_maps_show_fewer_layers_rather_than_dots(qtbot, make_window):
    """The seed net's 32 and 64 maps per layer: all four layers where they are readable, else one conv
    layer with its pooling, else one layer; the chooser under the maps picks which; resizing decides again."""
    from cnnviz.app.feature_map_layout import ALL, MIN_TILE_PX, ONE

    window = make_window(net="seed")
    fill(window)
    maps = window.panels.feature_maps
    window.showNormal()
    window.resize(2400, 1400)
    qtbot.waitUntil(lambda: maps.level == ALL, timeout=3000)
    assert list(maps.views) == ["conv1", "pool1", "conv2", "pool2"] and not maps.layer_box.isVisible()
    at_screen(window, qtbot, (1024, 768))
    qtbot.waitUntil(lambda: maps.level != ALL, timeout=3000)
    assert maps.layer_box.isVisible() and len(maps.views) < 4
    assert min(maps.tile_pixels(name) for name in maps.views) >= MIN_TILE_PX
    # The user picks the deeper layer: it is shown (with its pooling, when a pair fits), as big as it can be.
    combo = maps.layer_combo
    combo.setCurrentIndex(next(i for i in range(combo.count()) if combo.itemText(i).startswith("conv2")))
    fit.settle_layout(window)
    assert "conv2" in maps.views and "conv1" not in maps.views
    assert min(maps.tile_pixels(name) for name in maps.views) >= MIN_TILE_PX
    # Presenter mode: one layer, the one chosen; back in normal mode the choice stays.
    window.set_presenter(True, full_screen=False)
    fit.settle_layout(window)
    assert maps.level == ONE and list(maps.views) == ["conv2"]
    window.set_presenter(False, full_screen=False)
    fit.settle_layout(window)
    assert "conv2" in maps.views
    window.resize(2400, 1400)
    qtbot.waitUntil(lambda: maps.level == ALL, timeout=3000)
    assert len(maps.views) == 4 and not maps.layer_box.isVisible()


def test_predicted_tiles_never_promise_more_than_the_screen_shows(qtbot, shared):
    """The level is chosen from a prediction: it must err small, or a chosen level could show dots."""
    from cnnviz.app.feature_map_layout import layer_pairs, predicted_tile_px

    window = shared("seed")
    maps = window.panels.feature_maps
    for presenter in (False, True):
        window.set_presenter(presenter, full_screen=False)
        for screen in (*SCREENS, (1100, 800), (1600, 900), (2560, 1440)):
            at_screen(window, qtbot, screen)
            shapes = {name: arr.shape for name, arr in maps.last_snapshot.feature_maps if arr.ndim == 3}
            rows = layer_pairs(list(shapes)) if len(maps.views) == 4 else [tuple(maps.views)]
            size = maps.graphics.size()
            predicted = predicted_tile_px(shapes, rows, size.width(), size.height(), maps.title_pixels())
            actual = min(maps.tile_pixels(name) for name in maps.views)
            assert actual * 0.85 <= predicted <= actual + 0.5, (presenter, screen, predicted, actual)
    window.set_presenter(False, full_screen=False)


def test_settle_layout_waits_for_changes_made_passes_later(qtbot):
    """The layout tests wait with ``fit.settle_layout``, not a fixed time: it must not return while a change is
    still coming through zero-interval timers (as the workspace's and the feature maps' relayouts come), and a
    window that never settles is given up on, not waited on forever."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

    top = QWidget()
    qtbot.addWidget(top)
    label = QLabel("x", top)
    QVBoxLayout(top).addWidget(label)
    top.resize(300, 200)
    top.show()
    assert fit.settle_layout(top)

    def later(passes: int) -> None:  # a change a few event-loop passes after the call
        if passes:
            QTimer.singleShot(0, lambda: later(passes - 1))
        else:
            label.setFixedWidth(123)

    later(5)
    assert fit.settle_layout(top) and label.width() == 123
    restless = QTimer(top, interval=0)
    restless.timeout.connect(lambda: label.setFixedWidth(100 + label.width() % 7))
    restless.start()
    assert not fit.settle_layout(top, most_seconds=0.2)
    restless.stop()


def test_the_window_opens_sized_to_the_screen():
    small = QRect(0, 32, 1366, 736)
    geometry, maximised = initial_geometry(small)
    assert maximised and geometry == small
    for width, height in SCREENS[:3]:
        assert initial_geometry(QRect(0, 0, width, height))[1], (width, height)
    big = QRect(0, 0, 2560, 1400)
    geometry, maximised = initial_geometry(big)
    assert not maximised and geometry.size().toTuple() == (1600, 1000) and geometry.center() == big.center()


def test_the_minimum_size_fits_a_1024x768_screen(qtbot, shared):
    window = shared()
    for presenter in (False, True):
        window.set_presenter(presenter, full_screen=False)
        fit.settle_layout(window)
        minimum = window.minimumSizeHint().expandedTo(window.minimumSize())
        assert minimum.width() <= 1024 and minimum.height() <= 768 - fit.DECORATIONS_PX, (presenter, minimum)
    window.set_presenter(False, full_screen=False)


def test_narrow_and_short_windows_move_the_right_column_into_tabs():
    right = tuple(spec.key for spec in registry.placed(registry.RIGHT))
    assert arrangement(1900, 1000, presenter=False).right == right
    short = arrangement(1300, 640, presenter=False)
    assert "timings" not in short.right and ("timings",) in short.folds
    narrow = arrangement(1000, 640, presenter=False)
    assert narrow.right == () and sorted(k for fold in narrow.folds for k in fold) == sorted(right)
    for width, height in ((1300, 640), (1000, 560), (1024, 696)):
        assert arrangement(width, height, presenter=True).right == ("classify",), "the canvas is never a tab away"
    # The class canvas's column takes the right (width: what it leaves): in presenter mode a narrow screen gives the
    # drawing pad the tab after Training (the timings' tab makes room in the tab bar); a wide one keeps it beside.
    beside_guest = arrangement(1024 - 360, 696, presenter=True, guest=True)
    assert beside_guest.right == () and beside_guest.folds[0] == ("classify",), "the pad is never hidden"
    assert "classify" not in beside_guest.left_out
    assert arrangement(1920 - 360, 1000, presenter=True, guest=True).right == ("classify",)
    assert arrangement(1024 - 360, 696, presenter=False, guest=True).right == ()


def test_leaving_presenter_mode_restores_the_window_exactly(qtbot, window):
    window.showMaximized()
    qtbot.waitUntil(window.isMaximized)
    window.set_presenter(True)  # full screen, as F5 does
    qtbot.waitUntil(window.isFullScreen)
    window.set_presenter(False)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert window.isMaximized(), "maximised stays maximised"
    window.showNormal()
    qtbot.wait(50)
    window.setGeometry(40, 50, 1100, 700)
    qtbot.wait(50)
    before = window.geometry()
    window.set_presenter(True)
    qtbot.waitUntil(window.isFullScreen)
    window.set_presenter(False)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert not window.isMaximized() and window.geometry() == before


def test_a_banner_stands_above_the_panels_and_covers_nothing(qtbot, shared):
    """Floating over the panels, "Training diverged" covered the legends, the plots' tops and the A | B line:
    the banner is in the layout, above the panels, which make room for it."""
    window = shared()
    window.showNormal()
    window.resize(1280, 800)  # (as a new window opens in a test)
    fit.settle_layout(window)
    panels = [window.workspace.tabs, window.workspace.right, *[p for p in window.panels.values() if p.isVisible()]]
    window.banner.show_message("Training diverged: the loss has stayed at chance level. " * 3, "warning")
    fit.settle_layout(window)
    assert window.banner.isVisible()

    def rect(w):
        return QRect(w.mapTo(window, w.rect().topLeft()), w.size())

    banner = rect(window.banner)
    assert banner.height() > 20
    for widget in [window.workspace.sidebar, window.controls.start_button, *panels]:
        if widget.isVisible():
            assert not banner.intersects(rect(widget)), widget
    qtbot.mouseClick(window.banner.close_button, Qt.LeftButton)
    assert not window.banner.isVisible()


def test_tab_titles_shorten_only_as_much_as_needed(qtbot, shared):
    window = shared()
    window.showNormal()
    window.resize(1920, 1000)
    fit.settle_layout(window)
    titles = [window.workspace.tabs.tabText(i) for i in range(window.workspace.tabs.count())]
    assert "Class drawings" in titles and "Statistics" in titles
    window.set_presenter(True, full_screen=False)
    window.resize(1024, 696)
    fit.settle_layout(window)
    bar = window.workspace.tabs.tabBar()
    assert bar.sizeHint().width() <= bar.width()
    window.set_presenter(False, full_screen=False)


# --- on a real X server ----------------------------------------------------------------------
def _free_display() -> int:
    for number in range(70, 99):
        if not Path(f"/tmp/.X{number}-lock").exists() and not Path(f"/tmp/.X11-unix/X{number}").exists():
            return number
    raise RuntimeError("no free X display number between :70 and :98")


@pytest.fixture
def x_server(request):
    """An Xvfb server with a screen of ``request.param`` (WIDTH, HEIGHT); skipped with the reason when
    Xvfb is not installed, failed instead when CNNVIZ_REQUIRE_X=1 (CI: it installs Xvfb and must run this)."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None or not sys.platform.startswith("linux"):
        reason = "Xvfb is not installed (apt-get install xvfb); CI installs it and runs this test"
        if os.environ.get("CNNVIZ_REQUIRE_X"):
            pytest.fail(reason)
        pytest.skip(reason)
    width, height = request.param
    number = _free_display()
    server = subprocess.Popen(
        [xvfb, f":{number}", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp", "-dpi", "96"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"Xvfb :{number} did not start (exit code {server.poll()})")
            time.sleep(0.05)
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


@pytest.mark.parametrize("x_server", CLASSROOM_SCREENS, ids=CLASSROOM_IDS, indirect=True)
def test_every_view_fits_a_real_x_screen(x_server, tmp_path):
    """The real thing: Qt's xcb plugin (so a missing X library fails here), real fonts, the window as it
    opens on that screen. ``cnnviz gui --check-layout`` trains the seed net (the one with the most maps) for
    a moment, then checks every view."""
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=x_server, PYTHONPATH=str(REPO), XDG_DATA_HOME=str(tmp_path), HOME=str(tmp_path))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cnnviz",
            "gui",
            "--check-layout",
            "--backend",
            "numpy",
            "--net",
            "seed",
            "--train-seconds",
            "2",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, f"no report (exit code {done.returncode}):\n{done.stdout}\n{done.stderr[-3000:]}"
    report = json.loads(lines[-1])
    assert report["platform"] == "xcb"
    assert report["problems"] == {}, describe(report["problems"])
    assert done.returncode == 0, done.stderr[-3000:]
    width, height = (int(v) for v in x_server and report["screen"])
    assert report["window"][0] <= width and report["window"][1] <= height


def test_the_presenter_height_limit_of_a_hidden_map_panel_is_never_negative(qtbot, make_window, qtlog):
    """Presenter mode limits the maps' height from the panel's height minus its graphics view's; a lesson
    view opened while it trains (`cnnviz gui --presenter --lesson 1`) can ask while the panel is hidden and
    not laid out, its graphics taller than itself: Qt said "Negative sizes (16777215,-32)" and kept no limit."""
    window = make_window()
    fill(window)
    maps = window.panels.feature_maps
    window.live_view.show(
        replace(window.state.local.snapshot(None, window.state.dataset, 3, tag=Tag.VIEW), step=7), from_trainer=True
    )
    window.set_presenter(True, full_screen=False)
    window.show_tab("mistakes")  # the maps' tab hidden: no layout pass sizes its children
    maps.single_layer = True
    maps.resize(maps.width(), 60)
    maps.graphics.resize(maps.graphics.width(), 400)
    assert maps.last_snapshot is not None and maps.views
    maps._limit_height()
    assert not [record.message for record in qtlog.records if "Negative sizes" in record.message]
    assert maps.maximumHeight() >= 40, "a limit the big tiles fit in, not none"
    window.set_presenter(False, full_screen=False)
