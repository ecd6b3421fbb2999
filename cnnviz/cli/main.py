"""The ``cnnviz`` command: the app by default, and headless train/predict/bench/devices.

Every failure a user can cause (missing or corrupt files, invalid specs,
absurd numbers, a missing GPU) ends as one line ``cnnviz: error: ...`` on
stderr -- at most 300 characters, control characters escaped, naming the file
and the cause -- and a non-zero exit status, never a traceback. Set
``CNNVIZ_DEBUG=1`` to see the traceback of an unexpected error.

Every other line that carries outside text (file names in ``predict``'s
results, saved paths) has its control and bidi characters escaped the same way.

Exit status: 0 done; 1 ``predict`` could not classify some of the images (each
named on stderr, the others printed); 2 an error; 130 interrupted (Ctrl-C; a
trained model is still saved), 143 SIGTERM and 129 SIGHUP, handled alike.

``cnnviz train`` never loses the model to a side issue: see :mod:`cnnviz.cli_train`.
"""

from __future__ import annotations

import argparse
import os
import sys

from .. import __version__
from .common import finite_float as _finite_float
from .common import non_negative_int as _non_negative_int
from .common import positive_int as _positive_int
from .common import threads_arg
from .predict import cmd_predict
from .train import cmd_train

EXIT_ERROR = 2


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, no usage dump
        raise UsageError(f"{message} (see '{self.prog} --help')")


def add_data_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--dataset",
        choices=("mnist", "fashion"),
        default="mnist",
        help="mnist (bundled) or fashion (Fashion-MNIST; needs --data or Debian's dataset-fashion-mnist)",
    )
    p.add_argument("--data", metavar="DIR", help="folder with the four IDX files (gzipped or not)")


def build_parser() -> argparse.ArgumentParser:
    from ..nn.model import PRESETS
    from ..nn.optim import OPTIMIZERS, SCHEDULES
    from ..train.config import TrainConfig

    defaults = TrainConfig()
    parser = _Parser(
        prog="cnnviz",
        description="Watch a convolutional network learn MNIST, live. With no command, opens the desktop app.",
    )
    parser.add_argument("--version", action="version", version=f"cnnviz {__version__}")
    parser.add_argument(
        "--info",
        action="store_true",
        help="print what to send when asking for help: versions, "
        "backends, GPU, folders, the log file (the app's Help > Copy system info)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    nets = "|".join(PRESETS)
    t = sub.add_parser(
        "train",
        help="train headless, with a progress bar",
        description="Train a CNN from scratch on MNIST, headless.",
        epilog="Ctrl-C (or SIGTERM, SIGHUP) stops after the current step, evaluates on the test "
        "set and saves; a second one skips that evaluation; the save itself is never interrupted.",
    )
    t.add_argument(
        "--net",
        default=defaults.net,
        help=f"{nets} or a spec such as conv5-8,relu,pool,dense-10 (default {defaults.net})",
    )
    t.add_argument("--backend", default=defaults.backend, help="auto, numpy, numba, cuda or cupy (default auto)")
    t.add_argument(
        "--epochs", type=_finite_float, help=f"epochs to train (default {defaults.epochs:g}, or the preset's recipe)"
    )
    t.add_argument("--steps", type=_positive_int, help="stop after this many batches instead")
    t.add_argument(
        "--batch",
        type=_positive_int,
        help=f"batch size (default {defaults.batch_size}, or the preset's recipe: fast 256)",
    )
    t.add_argument(
        "--lr",
        type=_finite_float,
        help=f"peak learning rate (default {defaults.lr:g}, or the preset's recipe: fast 0.01)",
    )
    t.add_argument("--optimizer", choices=OPTIMIZERS, help=f"default {defaults.optimizer}")
    t.add_argument("--momentum", type=_finite_float, default=defaults.momentum)
    t.add_argument(
        "--beta1",
        type=_finite_float,
        help=f"Adam's gradient-average decay (default {defaults.beta1:g}, or the preset's recipe: fast 0.7)",
    )
    t.add_argument(
        "--beta2",
        type=_finite_float,
        help=f"Adam's squared-gradient decay (default {defaults.beta2:g}, or the preset's recipe: fast 0.9)",
    )
    t.add_argument("--schedule", choices=SCHEDULES, help=f"default {defaults.schedule}")
    t.add_argument(
        "--warmup",
        type=_finite_float,
        help=f"share of a onecycle run spent warming up to the peak "
        f"learning rate (default {defaults.warmup:g}, or the preset's recipe: fast 0.15)",
    )
    t.add_argument(
        "--threads",
        type=threads_arg,
        default=None,
        metavar="N|auto",
        help="CPU worker threads of the numba backend, 1 to the cores here; auto (the default) takes "
        "the count a short probe measured fastest for this machine and network (remembered)",
    )
    t.add_argument("--seed", type=_non_negative_int, default=defaults.seed)
    t.add_argument(
        "--eval-every",
        type=_non_negative_int,
        default=0,
        metavar="N",
        help="also evaluate on the test set every N steps",
    )
    t.add_argument("--train-samples", type=_positive_int, metavar="N", help="train on the first N images only")
    add_data_arguments(t)
    save = t.add_mutually_exclusive_group()
    save.add_argument(
        "--save",
        metavar="PATH.npz",
        help="where to write the checkpoint at the end, also when "
        "interrupted (default: a new file in the user data folder, printed at the end)",
    )
    save.add_argument("--no-save", action="store_true", help="do not save the trained model")
    t.add_argument(
        "--metrics",
        metavar="PATH.jsonl",
        help="write a header record (version, settings, backend, seed) "
        "and every step and evaluation as JSON lines; one run per file; accuracies in percent",
    )
    t.add_argument("--json", action="store_true", help="print one JSON object with the results at the end")

    p = sub.add_parser(
        "predict",
        help="classify images of digits with a saved model",
        description="Classify images (any size, dark-on-light or light-on-dark) with a checkpoint. "
        "Exit status 1 when some images could not be classified (each is named on stderr).",
    )
    from . import predict

    predict.add_arguments(p)

    f = sub.add_parser(
        "fool",
        help="change an image just enough that the network answers another digit",
        description="A targeted attack on the network's 28x28 input, in whole grey levels, so the "
        "8-bit PNG it writes fools the network exactly ('cnnviz predict --raw OUT.png').",
    )
    from . import fool

    fool.add_arguments(f)

    v = sub.add_parser(
        "filters",
        help="what each filter wants to see: top test images and an optimised input",
        description="For every unit of every conv layer and of the classes: its top 9 MNIST test "
        "images and an input optimised to excite it; one PNG grid and one .npy per layer.",
    )
    from . import filters

    filters.add_arguments(v)

    b = sub.add_parser("bench", help="measure images/s and per-layer times of each backend")
    try:
        from . import bench

        bench.add_arguments(b)
    except ImportError:  # pragma: no cover - bench is part of the package
        pass

    d = sub.add_parser(
        "devices",
        help="list the compute backends and why any cannot run",
        description="List the compute backends; with --check, compare each one that can run with "
        "the NumPy reference and time a training step (what to run before class).",
    )
    d.add_argument("--check", action="store_true", help="compare each backend with the NumPy reference and time a step")
    from . import devices_check

    devices_check.add_arguments(d)

    g = sub.add_parser(
        "gui",
        help="open the desktop app (the default)",
        description="Watch a CNN learn, live (the default when no command is given).",
    )
    from ..gui.launch import add_arguments as add_gui_arguments  # argparse only: no Qt import

    add_gui_arguments(g)
    sub.add_parser(
        "install-desktop",
        help="add cnnviz, with its icon, to this user's application menu (Linux)",
        description="Write cnnviz.desktop and the icon into the user's XDG data folder "
        "(~/.local/share/applications and icons/hicolor).",
    )
    return parser


# ----------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version", "--info"):
        argv = ["gui", *argv]  # "cnnviz --language de" opens the app as "cnnviz" does (it was refused)
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.info:
            from ..app.about import system_info

            print(system_info())
            return 0
        command = args.command or "gui"
        if args.command is None:
            args = parser.parse_args(["gui", *argv])
        _start(command)
        return _COMMANDS[command](args)
    except KeyboardInterrupt:
        print("cnnviz: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # every user error ends here as one line
        if os.environ.get("CNNVIZ_DEBUG"):
            raise
        _error_line(_describe(exc))
        return EXIT_ERROR


def _start(command: str) -> None:
    """Before any command: the files of older versions moved into today's folders (user_folders.migrate),
    and the log file opened (the command's name only: never its arguments, which may name a student's files)."""
    from .. import user_folders
    from ..app import logfile

    moved = user_folders.migrate()
    logfile.install(command)
    for line in moved:
        logfile.warning("moved to the new user folder: %s", line)


def _error_line(text: str) -> None:
    from ..app import logfile
    from .common import error_line

    logfile.error("cnnviz: error: %s", text)
    error_line(text)


def _describe(exc: BaseException) -> str:
    from ..backends.base import BackendUnavailable
    from ..data.file_writing import FileWriteError
    from ..data.files import describe_file_error

    if isinstance(exc, (UsageError, ValueError, BackendUnavailable, FileWriteError)):
        return str(exc)
    if isinstance(exc, OSError):
        return describe_file_error(exc)
    if isinstance(exc, MemoryError):
        return "out of memory"
    return f"unexpected {type(exc).__name__}: {exc} (set CNNVIZ_DEBUG=1 for the traceback)"


# ----------------------------------------------------------------------------
def cmd_devices(args) -> int:
    from ..backends import registry

    if args.check:
        from . import devices_check

        return devices_check.main(args)

    rows = registry.available()
    width = max(len(r.name) for r in rows)
    for r in rows:
        print(f"{r.name:<{width}}  available: {'yes' if r.available else 'no '}  {r.title}")
        print(f"{'':<{width}}  {r.detail}")
    usable = [name for name in registry.AUTO_ORDER if any(r.name == name and r.available for r in rows)]
    print(f"auto -> {usable[0] if usable else 'none'}")
    return 0


def cmd_fool(args) -> int:
    from . import fool

    return fool.run(args)


def cmd_filters(args) -> int:
    from . import filters

    return filters.run(args)


def cmd_bench(args) -> int:
    from . import bench

    return bench.run(args)


def cmd_gui(args) -> int:
    from ..gui.launch import run

    return run(args)


def cmd_install_desktop(args) -> int:
    from ..gui.desktop import install_desktop  # Qt-free

    for path in install_desktop():
        print(path)
    return 0


_COMMANDS = {
    "train": cmd_train,
    "predict": cmd_predict,
    "fool": cmd_fool,
    "filters": cmd_filters,
    "devices": cmd_devices,
    "bench": cmd_bench,
    "gui": cmd_gui,
    "install-desktop": cmd_install_desktop,
}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
