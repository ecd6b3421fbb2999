"""The ``cnnviz`` command: the app by default, and headless train/predict/bench/devices.

Every failure a user can cause (missing or corrupt files, invalid specs,
absurd numbers, a missing GPU) ends as one line ``cnnviz: error: ...`` on
stderr and a non-zero exit status, never a traceback. Set ``CNNVIZ_DEBUG=1``
to see the traceback of an unexpected error.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sys
import time
from pathlib import Path

from . import __version__

EXIT_ERROR = 2


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, no usage dump
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def _finite_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, got {text!r}")
    return value


def add_data_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dataset", choices=("mnist", "fashion"), default="mnist",
                   help="mnist (bundled) or fashion (Fashion-MNIST; needs --data or Debian's dataset-fashion-mnist)")
    p.add_argument("--data", metavar="DIR", help="folder with the four IDX files (gzipped or not)")


def build_parser() -> argparse.ArgumentParser:
    from .nn.model import PRESETS
    from .nn.optim import OPTIMIZERS, SCHEDULES
    from .train.trainer import TrainConfig

    defaults = TrainConfig()
    parser = _Parser(prog="cnnviz", description="Watch a convolutional network learn MNIST, live. "
                     "With no command, opens the desktop app.")
    parser.add_argument("--version", action="version", version=f"cnnviz {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    nets = "|".join(PRESETS)
    t = sub.add_parser("train", help="train headless, with a progress bar",
                       description="Train a CNN from scratch on MNIST, headless.")
    t.add_argument("--net", default=defaults.net, help=f"{nets} or a spec such as conv5-8,relu,pool,dense-10 "
                   f"(default {defaults.net})")
    t.add_argument("--backend", default=defaults.backend, help="auto, numpy, numba, cuda or cupy (default auto)")
    t.add_argument("--epochs", type=_finite_float, default=defaults.epochs, help="epochs to train (default 1)")
    t.add_argument("--steps", type=_positive_int, help="stop after this many batches instead")
    t.add_argument("--batch", type=_positive_int, default=defaults.batch_size, help="batch size (default 64)")
    t.add_argument("--lr", type=_finite_float, default=defaults.lr, help=f"peak learning rate (default {defaults.lr:g})")
    t.add_argument("--optimizer", choices=OPTIMIZERS, default=defaults.optimizer)
    t.add_argument("--momentum", type=_finite_float, default=defaults.momentum)
    t.add_argument("--schedule", choices=SCHEDULES, default=defaults.schedule)
    t.add_argument("--seed", type=_non_negative_int, default=defaults.seed)
    t.add_argument("--eval-every", type=_non_negative_int, default=0, metavar="N",
                   help="also evaluate on the test set every N steps")
    t.add_argument("--train-samples", type=_positive_int, metavar="N", help="train on the first N images only")
    add_data_arguments(t)
    t.add_argument("--save", metavar="PATH.npz", help="write a checkpoint at the end (also when interrupted)")
    t.add_argument("--metrics", metavar="PATH.jsonl", help="append every step and evaluation as JSON lines")
    t.add_argument("--json", action="store_true", help="print one JSON object with the results at the end")

    p = sub.add_parser("predict", help="classify images of digits with a saved model",
                       description="Classify images (any size, dark-on-light or light-on-dark) with a checkpoint.")
    p.add_argument("--model", required=True, metavar="PATH.npz")
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.add_argument("--json", action="store_true", help="print a JSON list of {file, label, probabilities}")

    b = sub.add_parser("bench", help="measure images/s and per-layer times of each backend")
    try:
        from . import bench
        bench.add_arguments(b)
    except ImportError:  # pragma: no cover - bench is part of the package
        pass

    sub.add_parser("devices", help="list the compute backends and why any cannot run")

    g = sub.add_parser("gui", help="open the desktop app (the default)",
                       description="Watch a CNN learn, live (the default when no command is given).")
    from .gui.app import add_arguments as add_gui_arguments  # argparse only: no Qt import

    add_gui_arguments(g)
    return parser


# ----------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        command = args.command or "gui"
        if args.command is None:
            args = parser.parse_args(["gui", *argv])
        return _COMMANDS[command](args)
    except KeyboardInterrupt:
        print("cnnviz: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # every user error ends here as one line
        if os.environ.get("CNNVIZ_DEBUG"):
            raise
        print(f"cnnviz: error: {_describe(exc)}", file=sys.stderr)
        return EXIT_ERROR


def _describe(exc: BaseException) -> str:
    from .backends.base import BackendUnavailable

    known = (UsageError, ValueError, BackendUnavailable, FileNotFoundError, PermissionError)
    if isinstance(exc, known):
        text = str(exc)
    elif isinstance(exc, OSError):
        text = f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else "")
    elif isinstance(exc, MemoryError):
        text = "out of memory: try a smaller batch size or network"
    else:
        text = f"unexpected {type(exc).__name__}: {exc} (set CNNVIZ_DEBUG=1 for the traceback)"
    return " ".join(text.split())  # one line


# ----------------------------------------------------------------------------
def cmd_train(args) -> int:
    from .nn import checkpoint
    from .train import events as ev
    from .progress import ProgressPrinter
    from .train.trainer import Trainer, TrainConfig

    if args.save and not str(args.save).endswith(".npz"):
        raise ValueError(f"--save: a checkpoint file name must end in .npz, got {args.save}")
    if args.save:  # checked now, not after a long run that would then be lost
        folder = Path(args.save).resolve().parent
        if not folder.is_dir():
            raise ValueError(f"--save: folder {Path(args.save).parent} does not exist")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise ValueError(f"--save: folder {Path(args.save).parent} is not writable")
    config = TrainConfig(net=args.net, backend=args.backend, epochs=args.epochs, steps=args.steps,
                         batch_size=args.batch, lr=args.lr, optimizer=args.optimizer, momentum=args.momentum,
                         schedule=args.schedule, seed=args.seed, dataset=args.dataset, data_dir=args.data,
                         eval_every=args.eval_every, train_samples=args.train_samples)
    trainer = Trainer(config)
    trainer.setup()  # fails early (bad data, spec, backend) before any output

    metrics = open(args.metrics, "a", encoding="utf-8") if args.metrics else None
    printer = ProgressPrinter(quiet=args.json)
    trainer.add_listener(printer)
    if metrics:
        trainer.add_listener(lambda event: _write_metric(metrics, event))
    diverged: list[ev.Diverged] = []

    def stop_on_divergence(event) -> None:
        # The trainer pauses on divergence for the GUI to resume; headless,
        # nobody would, so the run would hang.
        if isinstance(event, ev.Diverged):
            diverged.append(event)
            trainer.stop(final_evaluation=False)

    trainer.add_listener(stop_on_divergence)

    previous = signal.signal(signal.SIGINT, lambda *_: trainer.stop())
    try:
        result: ev.RunFinished = trainer.run()
    finally:
        signal.signal(signal.SIGINT, previous)
        printer.close()
        if metrics:
            metrics.close()
    if args.save:
        meta = {"net": args.net, "optimizer": trainer.config.optimizer, "epoch": round(trainer.epoch, 4),
                "steps": trainer.step, "test_accuracy": result.test_accuracy, "dataset": args.dataset,
                "backend": result.backend, "seed": args.seed}
        checkpoint.save(args.save, trainer.model.spec, trainer.model.state_dict(), meta,
                        trainer.optimizer.state_arrays())
        if not args.json:
            print(f"saved {args.save}")
    if diverged:
        d = diverged[0]
        raise ValueError(f"training diverged: loss became {d.loss} at step {d.step + 1}; "
                         f"try a lower --lr (was {args.lr:g})")
    if args.json:
        print(json.dumps({
            "test_accuracy": None if result.test_accuracy is None else round(100 * result.test_accuracy, 3),
            "test_loss": result.test_loss, "train_images_per_s": round(result.train_images_per_s, 1),
            "seconds": round(result.seconds, 2), "train_seconds": round(result.train_seconds, 2),
            "compile_seconds": round(result.compile_seconds, 2), "backend": result.backend, "net": args.net,
            "spec": trainer.model.spec, "steps": result.steps, "epochs": round(result.epoch, 4),
            "stopped": result.stopped}))
    return 130 if result.stopped else 0


def _write_metric(fh, event) -> None:
    from .train import events as ev

    if isinstance(event, ev.StepFinished):
        row = {"type": "step", "step": event.step, "epoch": event.epoch, "loss": event.loss,
               "accuracy": event.accuracy, "images_per_s": event.images_per_s, "lr": event.lr,
               "backend": event.backend, "time": time.time()}
    elif isinstance(event, ev.EvaluationFinished):
        row = {"type": "eval", "step": event.step, "epoch": event.epoch, "test_loss": event.test_loss,
               "test_accuracy": event.test_accuracy, "samples": event.samples, "time": time.time()}
    elif isinstance(event, ev.TimingMeasured):
        row = {"type": "timing", "step": event.step, "backend": event.backend,
               "layers": [{"name": l.name, "forward_ms": l.forward_ms, "backward_ms": l.backward_ms}
                          for l in event.layers]}
    else:
        return
    fh.write(json.dumps(row) + "\n")


def cmd_predict(args) -> int:
    import numpy as np

    from .backends import registry
    from .data.drawing import load_digit_image
    from .nn import checkpoint

    model, _ = checkpoint.load_model(args.model)
    model.to(registry.get("numpy"))
    inputs = np.stack([load_digit_image(path) for path in args.images])[:, None]
    probs = model.predict_proba(inputs)
    rows = [{"file": path, "label": int(p.argmax()), "probabilities": [round(float(v), 6) for v in p]}
            for path, p in zip(args.images, probs)]
    if args.json:
        print(json.dumps(rows))
    else:
        for row in rows:
            p = row["probabilities"]
            ranked = "  ".join(f"{d}:{p[d]:.3f}" for d in range(10))
            print(f"{row['file']}: {row['label']} ({100 * p[row['label']]:.1f}%)   {ranked}")
    return 0


def cmd_devices(args) -> int:
    from .backends import registry

    rows = registry.available()
    width = max(len(r.name) for r in rows)
    for r in rows:
        print(f"{r.name:<{width}}  available: {'yes' if r.available else 'no '}  {r.title}")
        print(f"{'':<{width}}  {r.detail}")
    usable = [name for name in registry.AUTO_ORDER if any(r.name == name and r.available for r in rows)]
    print(f"auto -> {usable[0] if usable else 'none'}")
    return 0


def cmd_bench(args) -> int:
    from . import bench

    return bench.run(args)


def cmd_gui(args) -> int:
    from .gui.app import run

    return run(args)


_COMMANDS = {"train": cmd_train, "predict": cmd_predict, "devices": cmd_devices, "bench": cmd_bench,
             "gui": cmd_gui}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
