"""Entry point of the desktop app: ``cnnviz gui``'s options and :func:`run`.

The CLI attaches the ``gui`` subcommand with :func:`add_arguments` (argparse
only: importing this module imports no Qt) and calls :func:`run` with the
parsed options. Besides the interactive window there are the developer modes
(:mod:`.devtools`: ``--screenshot PATH``, optionally after ``--train-seconds S``
of training, ``--check-layout``, ``--latency-report``, ``--soak``, ``--monkey``),
each imported only when its option is given: the window a user opens never loads them.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

from ..nn.model import PRESETS
from .panels.registry import RIGHT, TABS, placed


def add_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    parser.add_argument(
        "--net",
        default="tiny",
        help=f"preset ({', '.join(PRESETS)}) or a layer spec such as 'conv5-8,relu,pool,dense-10' (default: tiny)",
    )
    parser.add_argument(
        "--backend", default="auto", help="numpy, numba, cuda, cupy or auto (default: the fastest one that runs here)"
    )
    parser.add_argument(
        "--data",
        metavar="DIR",
        default=None,
        help="folder holding the four MNIST-format IDX files (default: bundled MNIST)",
    )
    parser.add_argument(
        "--dataset", default="mnist", choices=("mnist", "fashion"), help="which data set (default: mnist)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the initial weights (default: 0)")
    parser.add_argument(
        "--screenshot",
        metavar="PATH",
        default=None,
        help="open the window, optionally train, save a PNG of it and exit",
    )
    parser.add_argument(
        "--train-seconds",
        metavar="S",
        type=float,
        default=None,
        help="with --screenshot or --latency-report: train this many seconds first",
    )
    parser.add_argument(
        "--tab",
        default=None,
        choices=TABS + tuple(spec.key for spec in placed(RIGHT)),
        help="with --screenshot: show this tab of the middle column, or the tab holding this "
        "panel of the right column when it is folded into tabs (default: training)",
    )
    parser.add_argument(
        "--not-a-digit",
        action="store_true",
        help='with --screenshot: a face on the drawing pad, shown in the Draw panel ("not sure")',
    )
    parser.add_argument(
        "--lesson",
        type=int,
        default=None,
        metavar="N",
        help="with --screenshot: open the Nth bundled lesson in its lesson view",
    )
    parser.add_argument(
        "--compare",
        metavar="RUN.npz",
        default=None,
        help="open with this saved model's run kept for comparison (its curves, grey and dashed, "
        "under the run you train)",
    )
    parser.add_argument(
        "--presenter",
        action="store_true",
        help="start in presenter mode (fewer, bigger pictures, high contrast; full screen)",
    )
    parser.add_argument(
        "--size",
        metavar="WxH",
        default=None,
        type=_screen_size,
        help="with --screenshot or --check-layout: a screen of this size (offscreen: "
        "QT_QPA_PLATFORM=offscreen), e.g. 1280x720",
    )
    parser.add_argument(
        "--zoom",
        metavar="PERCENT",
        type=_zoom_percent,
        default=None,
        help="the app's text and plot sizes in percent for this session, not stored "
        "(default: the level set with Ctrl+= / Ctrl+- last time, else 100)",
    )
    parser.add_argument(
        "--language",
        metavar="CODE",
        default=None,
        type=_language_code,
        help="the GUI's language for this session, not stored: en, de, ja or zh_CN (default: the "
        "one chosen in View > Language, else the system's)",
    )
    parser.add_argument(
        "--class-canvas",
        metavar="[HOST][:PORT]",
        nargs="?",
        const="",
        default=None,
        type=_canvas_address,
        help="open the window with the class canvas open (phones draw for the network) on HOST "
        "(a numeric address; default: the first network found) and PORT (default: a free "
        "one); prints 'class canvas: <address>' when it listens",
    )
    parser.add_argument(
        "--phones",
        metavar="N",
        type=_phone_count,
        default=0,
        help="with --latency-report: N simulated phones drawing and sending every 2 s to the "
        "class canvas (adds phones_sent, phones_queued and the send-to-queue times)",
    )
    parser.add_argument(
        "--check-layout",
        action="store_true",
        help="open the window on this screen, go through normal and presenter mode and every "
        "tab, and list what does not fit (exit 1 if anything)",
    )
    parser.add_argument(
        "--latency-report",
        action="store_true",
        help="train with every panel live and print UI stall and throughput figures as JSON",
    )
    parser.add_argument(
        "--soak",
        metavar="SECONDS",
        type=float,
        default=None,
        help="train SECONDS with every panel live, drawing and switching tabs; print memory samples",
    )
    parser.add_argument(
        "--monkey",
        metavar="SECONDS",
        type=float,
        default=None,
        help="random clicks, strokes and keys on the training window for SECONDS (seeded by --seed), "
        "each action and memory sample a JSON line; exit 1 on any exception",
    )
    return parser


def _canvas_address(text: str) -> tuple[str | None, int]:
    from ..web.interfaces import parse_host_port  # (Qt-free, no aiohttp)

    try:
        return parse_host_port(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _phone_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        count = -1
    if not 0 <= count <= 200:
        raise argparse.ArgumentTypeError(f"a number of phones from 0 to 200, got {text!r}")
    return count


def _zoom_percent(text: str) -> int:
    from .zoom import HIGHEST, LOWEST, valid  # (Qt-free)

    try:
        level = valid(float(text.strip().rstrip("%")))
    except ValueError:
        level = None
    if level is None:
        raise argparse.ArgumentTypeError(f"a zoom from {LOWEST} to {HIGHEST} percent, got {text!r}")
    return level


def _language_code(text: str) -> str:
    from .language import LANGUAGES, valid  # (Qt-free)

    code = valid(text)
    if code is None:
        raise argparse.ArgumentTypeError(f"one of {', '.join(LANGUAGES)}, got {text!r}")
    return code


def _screen_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, got {text!r}") from None
    if not (320 <= width <= 16384 and 240 <= height <= 16384):
        raise argparse.ArgumentTypeError(f"a screen from 320x240 to 16384x16384, got {text!r}")
    return width, height


def _limit_malloc_arenas() -> bool:
    """One malloc arena per core at most (glibc; nothing elsewhere), before the window's threads start:
    each background job's thread otherwise kept a 32 MB arena for good (``train.heap``)."""
    import os

    from ..train import heap

    return heap.limit_arenas(os.cpu_count() or 1)


def _fix_mmap_threshold() -> bool:
    """Large blocks always mmapped, so that freeing them gives their memory back (glibc; nothing elsewhere):
    otherwise a large batch's buffers stayed resident after its run (``train.heap``)."""
    from ..train import heap

    return heap.fix_mmap_threshold()


def _check_display() -> None:
    """Qt aborts the whole process when it finds no display: say so politely instead."""
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise ValueError(
            "no display found (DISPLAY and WAYLAND_DISPLAY are unset): use 'cnnviz train' "
            "for headless training, or QT_QPA_PLATFORM=offscreen with 'cnnviz gui --screenshot PATH'"
        )


def _check_system_libraries() -> None:
    """Qt aborts (exit 134, a misleading hint) when a library its window needs is missing:
    name the packages to install instead, before the first Qt import."""
    from . import system_libraries

    problem = system_libraries.check()
    if problem:
        raise ValueError(problem)


def _check_args(args) -> str | None:
    from ..backends import registry
    from ..backends.base import BackendUnavailable
    from ..nn.layers import SpecError
    from ..nn.model import Sequential

    try:
        Sequential.from_spec(args.net)
    except SpecError as exc:
        return f"--net: {exc}"
    if args.backend and args.backend != "auto":
        try:
            registry.get(args.backend)
        except (BackendUnavailable, ValueError) as exc:
            return f"--backend {args.backend}: {exc}"
    if args.train_seconds is not None and not (math.isfinite(args.train_seconds) and args.train_seconds >= 0):
        return f"--train-seconds must be a non-negative number, got {args.train_seconds}"
    if getattr(args, "phones", 0) and not args.latency_report:
        return "--phones goes with --latency-report"
    lesson = getattr(args, "lesson", None)
    if lesson is not None:
        from ..classroom.lessons import bundled_lessons

        count = len(bundled_lessons())
        if not args.screenshot:
            return "--lesson goes with --screenshot"
        if not 1 <= lesson <= count:
            return f"--lesson must be 1 to {count} (the bundled lessons), got {lesson}"
    return None


def run(args) -> int:
    """``cnnviz gui`` with its parsed options; a bad option raises ValueError (the CLI prints it)."""
    problem = _check_args(args)
    if problem:
        raise ValueError(problem)
    _check_display()
    _check_system_libraries()
    from .. import user_folders
    from ..app import logfile

    user_folders.migrate()  # cnnviz-app does not pass through the command line's main
    logfile.install("gui")
    _limit_malloc_arenas()
    _fix_mmap_threshold()
    from .theme import application

    backend = args.backend or "auto"
    if getattr(args, "size", None):
        from . import offscreen_screen

        offscreen_screen.use_size(args.size)
    if args.latency_report:
        from .devtools.unattended import latency_report

        return latency_report(
            args.net,
            backend,
            args.dataset,
            args.data,
            args.train_seconds or 10.0,
            seed=args.seed,
            phones=getattr(args, "phones", 0),
        )
    if args.soak is not None:
        from .devtools.soak import soak

        return soak(args.net, backend, args.dataset, args.data, args.soak, seed=args.seed)
    if args.monkey is not None:
        from .devtools.monkey import monkey

        return monkey(args.net, backend, args.dataset, args.data, args.monkey, seed=args.seed)
    kept = None
    if getattr(args, "compare", None):
        from ..app.comparison import kept_from_file

        kept = kept_from_file(args.compare)  # a file that cannot be compared with: one line, before any window
    app = application()
    from PySide6.QtCore import QTimer

    from . import language

    language_problem = language.install_readable(app, language.chosen(getattr(args, "language", None)))

    from .window import MainWindow

    drawings_dir = None
    if args.screenshot and args.tab == "drawings":
        # A throwaway folder with a few drawn digits, so the picture shows the feature in use.
        import tempfile

        from .devtools.unattended import demo_drawings

        drawings_dir = tempfile.mkdtemp(prefix="cnnviz-drawings-")
        demo_drawings(drawings_dir)
    window = MainWindow(
        net=args.net,
        backend=backend,
        dataset=args.dataset,
        data_dir=args.data,
        config_overrides={"seed": args.seed},
        drawings_dir=drawings_dir,
        zoom_level=getattr(args, "zoom", None),
    )
    if kept is not None:
        window.state.keep_for_comparison(kept)
    if language_problem:
        window.banner.show_message(language_problem, "warning")
    if getattr(args, "check_layout", False):
        from .devtools import fit
        from .devtools.driving import unattended_window

        return fit.report(app, unattended_window(window), args.train_seconds or 0.0)
    if args.screenshot:
        from .devtools.unattended import screenshot

        return screenshot(
            app,
            window,
            args.screenshot,
            args.train_seconds or 0.0,
            tab=args.tab,
            presenter=args.presenter,
            lesson=getattr(args, "lesson", None),
            fitted=bool(getattr(args, "size", None)),
            not_a_digit=getattr(args, "not_a_digit", False),
        )
    from . import window_memory

    window_memory.show(window)  # where it was last time, if that still fits a screen; else fitted
    if args.presenter:
        window.set_presenter(True)
    window.fit_zoom()  # --zoom or the stored level, at most what fits the window's screen (and it says so)
    if getattr(args, "class_canvas", None) is not None:
        address = window.class_canvas.open(*args.class_canvas)
        if address is None:
            window.shutdown()
            raise ValueError(f"--class-canvas: {window.class_canvas.last_error}")
        print(f"class canvas: {address}", flush=True)
    QTimer.singleShot(0, window.checkpoints.offer_restore)  # the last session's autosave, if any
    from .background_warm_up import EXIT_WAIT_MS, BackgroundWarmUp, install

    # The kernels compile in a process of their own while the teacher gets ready (Start stops it).
    warm_up = BackgroundWarmUp()  # (no parent: it outlives the window, which is deleted at exit)
    # (after the autosave's offer, which puts "ready" in the status bar: queued behind it)
    QTimer.singleShot(0, lambda: install(warm_up, window.controls.backend, window.status, window.session.started))
    from .stop_signals import StopOnSignal

    # SIGTERM, SIGHUP, Ctrl-C: autosave the run and quit as closing the window does (exit 128 + signal).
    signals = StopOnSignal(window).install()
    code = app.exec()
    signals.uninstall()
    warm_up.cancel(wait_ms=EXIT_WAIT_MS)
    window.shutdown()
    signals.ignore_the_rest()
    return signals.exit_code if signals.exit_code is not None else int(code)


def launch(argv: list[str] | None = None) -> int:
    """``cnnviz-app``, the double-click entry point (a gui-script: Windows opens no console for it):
    ``cnnviz gui`` with the same options. With no console to print to, an error is also shown in a
    message box."""
    parser = argparse.ArgumentParser(prog="cnnviz-app", description="Watch a CNN learn, live.")
    add_arguments(parser)
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else argv)
        return run(args)
    except SystemExit as exc:  # argparse: --help, or a usage error it already printed
        if exc.code not in (0, None):
            _show_error("cnnviz-app: invalid options (see 'cnnviz gui --help')")
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except Exception as exc:  # noqa: BLE001 - every user error ends as a message, never a traceback
        if os.environ.get("CNNVIZ_DEBUG"):
            raise
        _show_error(f"cnnviz: error: {exc}")
        return 2


def _show_error(message: str) -> None:
    from ..data.limits import one_line

    message = one_line(message)
    if sys.stderr is not None:
        try:
            print(message, file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass
    if sys.stderr is None:  # pythonw (a gui-script on Windows): nowhere to print
        try:
            from PySide6.QtWidgets import QMessageBox

            from .theme import application

            application()
            QMessageBox.critical(None, "cnnviz", message)
        except Exception:  # noqa: BLE001 - no display either: the exit status says it
            pass
