"""Entry point of the desktop app: ``cnnviz gui``'s options and :func:`run`.

The CLI attaches the ``gui`` subcommand with :func:`add_arguments` (argparse
only: importing this module imports no Qt) and calls :func:`run` with the
parsed options. Besides the interactive window there are two unattended
modes (:mod:`.unattended`): ``--screenshot PATH`` (optionally after
``--train-seconds S`` of training) and ``--latency-report``.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

from .panels.registry import TABS


def add_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    parser.add_argument("--net", default="tiny",
                        help="preset (tiny, seed, keras) or a layer spec such as "
                             "'conv5-8,relu,pool,dense-10' (default: tiny)")
    parser.add_argument("--backend", default="auto",
                        help="numpy, numba, cuda, cupy or auto (default: the fastest one that runs here)")
    parser.add_argument("--data", metavar="DIR", default=None,
                        help="folder holding the four MNIST-format IDX files (default: bundled MNIST)")
    parser.add_argument("--dataset", default="mnist", choices=("mnist", "fashion"),
                        help="which data set (default: mnist)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the initial weights (default: 0)")
    parser.add_argument("--screenshot", metavar="PATH", default=None,
                        help="open the window, optionally train, save a PNG of it and exit")
    parser.add_argument("--train-seconds", metavar="S", type=float, default=None,
                        help="with --screenshot or --latency-report: train this many seconds first")
    parser.add_argument("--tab", default=None, choices=TABS,
                        help="with --screenshot: show this tab of the middle column (default: training)")
    parser.add_argument("--presenter", action="store_true",
                        help="start in presenter mode (large type, high contrast; full screen unless --screenshot)")
    parser.add_argument("--latency-report", action="store_true",
                        help="train with every panel live and print UI stall and throughput figures as JSON")
    parser.add_argument("--soak", metavar="SECONDS", type=float, default=None,
                        help="train SECONDS with every panel live, drawing and switching tabs; print memory samples")
    return parser


def _check_display() -> None:
    """Qt aborts the whole process when it finds no display: say so politely instead."""
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise ValueError("no display found (DISPLAY and WAYLAND_DISPLAY are unset): use 'cnnviz train' "
                         "for headless training, or QT_QPA_PLATFORM=offscreen with 'cnnviz gui --screenshot PATH'")


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
    return None


def run(args) -> int:
    """``cnnviz gui`` with its parsed options; a bad option raises ValueError (the CLI prints it)."""
    problem = _check_args(args)
    if problem:
        raise ValueError(problem)
    _check_display()
    from . import unattended
    from .theme import application

    backend = args.backend or "auto"
    if args.latency_report:
        return unattended.latency_report(args.net, backend, args.dataset, args.data, args.train_seconds or 10.0,
                                         seed=args.seed)
    if args.soak is not None:
        return unattended.soak(args.net, backend, args.dataset, args.data, args.soak, seed=args.seed)
    app = application()
    from PySide6.QtCore import QTimer

    from .window import MainWindow

    drawings_dir = None
    if args.screenshot and args.tab == "drawings":
        # A throwaway folder with a few drawn digits, so the picture shows the feature in use.
        import tempfile
        drawings_dir = tempfile.mkdtemp(prefix="cnnviz-drawings-")
        unattended.demo_drawings(drawings_dir)
    window = MainWindow(net=args.net, backend=backend, dataset=args.dataset, data_dir=args.data,
                        config_overrides={"seed": args.seed}, drawings_dir=drawings_dir)
    if args.screenshot:
        return unattended.screenshot(app, window, args.screenshot, args.train_seconds or 0.0, tab=args.tab,
                                     presenter=args.presenter)
    if args.presenter:
        window.set_presenter(True)
    window.show()
    QTimer.singleShot(0, window.checkpoints.offer_restore)  # the last session's autosave, if any
    code = app.exec()
    window.shutdown()
    return int(code)
