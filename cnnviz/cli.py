"""The ``cnnviz`` command: the app by default, and headless train/predict/bench/devices.

Every failure a user can cause (missing or corrupt files, invalid specs,
absurd numbers, a missing GPU) ends as one line ``cnnviz: error: ...`` on
stderr -- at most 300 characters, control characters escaped, naming the file
and the cause -- and a non-zero exit status, never a traceback. Set
``CNNVIZ_DEBUG=1`` to see the traceback of an unexpected error.

Exit status: 0 done; 1 ``predict`` could not classify some of the images (each
named on stderr, the others printed); 2 an error; 130 interrupted (Ctrl-C; a
trained model is still saved).

``cnnviz train`` never loses the model to a side issue: the save target is
checked (folder, free space) before training, a failing ``--metrics`` file is
warned about once and dropped, the save is protected from Ctrl-C, and a run
that diverged or trained no step never overwrites a saved model.
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
                       description="Train a CNN from scratch on MNIST, headless.",
                       epilog="Ctrl-C stops after the current step, evaluates on the test set and saves; "
                       "Ctrl-C again skips that evaluation; the save itself is never interrupted.")
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
    save = t.add_mutually_exclusive_group()
    save.add_argument("--save", metavar="PATH.npz", help="where to write the checkpoint at the end, also when "
                      "interrupted (default: a new file in the user data folder, printed at the end)")
    save.add_argument("--no-save", action="store_true", help="do not save the trained model")
    t.add_argument("--metrics", metavar="PATH.jsonl", help="append every step and evaluation as JSON lines")
    t.add_argument("--json", action="store_true", help="print one JSON object with the results at the end")

    p = sub.add_parser("predict", help="classify images of digits with a saved model",
                       description="Classify images (any size, dark-on-light or light-on-dark) with a checkpoint. "
                       "Exit status 1 when some images could not be classified (each is named on stderr).")
    p.add_argument("--model", metavar="PATH.npz", help="checkpoint to use (default: the last one saved)")
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
        _error_line(_describe(exc))
        return EXIT_ERROR


def _error_line(text: str) -> None:
    """``cnnviz: error: ...`` on stderr: one line of at most 300 characters, control characters escaped."""
    from .data.limits import one_line

    try:
        print(one_line(f"cnnviz: error: {text}"), file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass  # stderr is gone; the exit status still says it


def _describe(exc: BaseException) -> str:
    from .backends.base import BackendUnavailable
    from .data.files import FileWriteError, describe_file_error

    if isinstance(exc, (UsageError, ValueError, BackendUnavailable, FileWriteError)):
        return str(exc)
    if isinstance(exc, OSError):
        return describe_file_error(exc)
    if isinstance(exc, MemoryError):
        return "out of memory"
    return f"unexpected {type(exc).__name__}: {exc} (set CNNVIZ_DEBUG=1 for the traceback)"


# ----------------------------------------------------------------------------
def cmd_train(args) -> int:
    from .data.files import FileProblem, check_save_target
    from .nn import checkpoint
    from .nn.model import Sequential
    from .progress import ProgressPrinter
    from .train import events as ev
    from .train.trainer import Trainer, TrainConfig

    config = TrainConfig(net=args.net, backend=args.backend, epochs=args.epochs, steps=args.steps,
                         batch_size=args.batch, lr=args.lr, optimizer=args.optimizer, momentum=args.momentum,
                         schedule=args.schedule, seed=args.seed, dataset=args.dataset, data_dir=args.data,
                         eval_every=args.eval_every, train_samples=args.train_samples)
    trainer = Trainer(config)  # validates the numbers
    Sequential.from_spec(args.net)  # the network, within limits (nothing is allocated yet)
    save_path = _save_path(args)
    if save_path is not None:  # checked now, not after a long run that would then be lost
        expected = checkpoint.expected_bytes(args.net, args.optimizer, 4)
        try:
            check_save_target(save_path, expected, what="checkpoint")
        except FileProblem as exc:
            raise ValueError(f"--save {exc}") from None
    _check_epochs(args, trainer)
    try:
        trainer.setup()  # fails early (bad data, spec, backend) before any output
    except MemoryError:
        raise ValueError("out of memory while building the network: try a smaller network") from None

    printer = ProgressPrinter(quiet=args.json)
    metrics = _MetricsLog(args.metrics, printer.warn) if args.metrics else None
    trainer.add_listener(printer)
    if metrics:
        trainer.add_listener(metrics)
    diverged: list[ev.Diverged] = []

    def stop_on_divergence(event) -> None:
        # The trainer pauses on divergence for the GUI to resume; headless,
        # nobody would, so the run would hang.
        if isinstance(event, ev.Diverged):
            diverged.append(event)
            trainer.stop(final_evaluation=False)

    trainer.add_listener(stop_on_divergence)

    interrupts = _Interrupts(trainer, printer)
    previous = signal.signal(signal.SIGINT, interrupts)
    try:
        try:
            result: ev.RunFinished = trainer.run()
        except MemoryError:
            raise ValueError(f"out of memory while training: try a smaller --batch (was {args.batch}) "
                             "or network") from None
        finally:
            printer.close()
            if metrics:
                metrics.close()
        saved, note = None, None
        if save_path is not None:
            # The handler stays installed until the file is complete: Ctrl-C now only says so.
            interrupts.saving = True
            saved, note = _save_model(args, trainer, result, save_path, diverged, printer, interrupts.count > 0)
    finally:
        signal.signal(signal.SIGINT, previous)
    if saved is not None and not args.json:
        print(f"saved {saved}")
    if note and not diverged:
        printer.warn(f"warning: {note}")
    if diverged:
        raise ValueError(f"training diverged: {_divergence_cause(diverged[0])}; try a lower --lr "
                         f"(was {args.lr:g}); {note or 'the model was not saved'}")
    if args.json:
        print(json.dumps(_finite({
            "test_accuracy": None if result.test_accuracy is None else round(100 * result.test_accuracy, 3),
            "test_loss": result.test_loss, "train_images_per_s": round(result.train_images_per_s, 1),
            "seconds": round(result.seconds, 2), "train_seconds": round(result.train_seconds, 2),
            "compile_seconds": round(result.compile_seconds, 2), "backend": result.backend, "net": args.net,
            "spec": trainer.model.spec, "steps": result.steps, "epochs": round(result.epoch, 4),
            "stopped": result.stopped, "saved": None if saved is None else str(saved)})))
    return 130 if result.stopped else 0


def _divergence_cause(event) -> str:
    """What went wrong, from the trainer's message without its advice for the app ("...and resume")."""
    import re

    cause = re.split(r"[:.] the weights were restored", event.message, maxsplit=1, flags=re.IGNORECASE)[0]
    return cause.strip() or f"the loss became {event.loss}"


def _save_path(args) -> Path | None:
    """Where ``cnnviz train`` will save: ``--save``, else a new file in the user data folder."""
    from .nn import checkpoint

    if args.no_save:
        return None
    if args.save:
        if not str(args.save).endswith(".npz"):
            raise ValueError(f"--save: a checkpoint file name must end in .npz, got {args.save}")
        return Path(args.save)
    path = checkpoint.default_model_path(args.net)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        from .data.files import describe_file_error

        raise ValueError(f"cannot create the models folder ({describe_file_error(exc, path.parent)}); "
                         "pass --save PATH.npz or --no-save") from None
    return path


def _check_epochs(args, trainer) -> None:
    """``--epochs 1e-300`` would train 0 steps and save untrained weights: refuse it up front."""
    if args.steps is not None:
        return
    images = len(trainer.dataset.train_images)
    if args.train_samples is not None:
        images = min(images, args.train_samples)
    if round(args.epochs * images) < 1:
        raise ValueError(f"--epochs {args.epochs:g} of {images:,d} training images is less than one image: "
                         f"use at least {1 / images:.2g} epochs, or --steps N")


def _save_model(args, trainer, result, path: Path, diverged: list, printer,
                interrupted: bool) -> tuple[Path | None, str | None]:
    """Save the trained model to ``path``; returns (where it went, a note for the user).

    Never overwrites a file with worse than what was asked for: a run that trained
    no step saves nothing, and one that diverged saves its last good weights only
    to a path that holds no file yet, with metadata saying which step they are from.
    """
    from .data.files import FileWriteError
    from .nn import checkpoint

    steps = trainer.step
    meta = {"net": args.net, "optimizer": trainer.config.optimizer, "epoch": round(trainer.epoch, 4),
            "steps": steps, "step": steps, "test_accuracy": result.test_accuracy, "dataset": args.dataset,
            "backend": result.backend, "seed": args.seed}
    if diverged:
        restored = diverged[0].restored_step
        if restored == 0:
            return None, f"nothing was saved: no good weights before the divergence ({path} left as it was)"
        if path.exists():
            return None, f"{path} was not overwritten with the weights of step {restored} from before the divergence"
        meta.update(steps=restored, step=restored, epoch=None, test_accuracy=None, diverged=True)
    elif steps == 0:
        return None, "nothing was saved: no training step ran"
    if interrupted:  # whoever pressed Ctrl-C once may press it again
        printer.warn("saving... (Ctrl-C again is ignored until saved)")
    weights, optim = trainer.model.state_dict(), trainer.optimizer.state_arrays()
    try:
        saved = checkpoint.save(path, trainer.model.spec, weights, meta, optim)
    except FileWriteError as exc:
        # The run is done and the model is in memory: keep it somewhere rather than nowhere.
        fallback = checkpoint.default_model_path(args.net)
        if fallback.parent == path.resolve().parent:
            raise
        try:
            fallback.parent.mkdir(parents=True, exist_ok=True)
            checkpoint.save(fallback, trainer.model.spec, weights, meta, optim)
        except OSError:
            raise exc from None
        checkpoint.remember_saved(fallback)
        raise ValueError(f"{exc}; the model was saved to {fallback} instead") from None
    checkpoint.remember_saved(saved)
    note = (f"saved the weights of step {meta['steps']}, from before the divergence" if diverged else None)
    return saved, note


class _Interrupts:
    """SIGINT during ``cnnviz train``.

    First Ctrl-C: stop after the current step, then the final evaluation on the
    test set (a few seconds), then save. Second: skip that evaluation (it takes
    effect between evaluation chunks where the trainer checks for it). During the
    save, Ctrl-C is ignored until the file is complete. The messages come at once.
    """

    def __init__(self, trainer, printer):
        self.trainer, self.printer = trainer, printer
        self.count = 0
        self.saving = False

    def __call__(self, signum, frame) -> None:
        if self.saving:
            self._say("saving... (Ctrl-C again is ignored until saved)")
            return
        self.count += 1
        if self.count == 1:
            self.trainer.stop()
            self._say("stopping: final evaluation on the test set... (Ctrl-C again skips it)")
        else:
            self.trainer.stop(final_evaluation=False)
            self._say("stopping: final evaluation skipped; the model will still be saved")

    def _say(self, text: str) -> None:
        # A signal handler may run in the middle of a write to stderr: the printer
        # swallows the reentrancy error rather than letting it end the run.
        self.printer.warn(text)


class _MetricsLog:
    """``--metrics``: every step and evaluation as a JSON line.

    A side output: when writing fails (a full disk, ``/dev/full``, a removed
    drive) it warns once and stops logging; training and saving go on.
    """

    def __init__(self, path: str, warn):
        from .data.files import describe_file_error

        self.path, self.warn = path, warn
        try:
            self.fh = open(path, "a", encoding="utf-8")
        except OSError as exc:  # before training: an ordinary error
            raise ValueError(f"--metrics {describe_file_error(exc, path)}") from None

    def __call__(self, event) -> None:
        if self.fh is None:
            return
        row = _metric_row(event)
        if row is None:
            return
        try:
            self.fh.write(json.dumps(_finite(row)) + "\n")
            self.fh.flush()
        except (OSError, ValueError) as exc:
            self._fail(exc)

    def _fail(self, exc: BaseException) -> None:
        from .data.files import describe_file_error

        fh, self.fh = self.fh, None
        self.warn(f"warning: --metrics {describe_file_error(exc, self.path)}; metrics are no longer written, "
                  "training goes on")
        try:
            fh.close()
        except (OSError, ValueError):
            pass

    def close(self) -> None:
        if self.fh is not None:
            try:
                self.fh.close()
                self.fh = None
            except (OSError, ValueError) as exc:
                self._fail(exc)


def _finite(value):
    """NaN and infinity as null: JSON has no such numbers (json.dumps would write invalid JSON)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def _metric_row(event) -> dict | None:
    from .train import events as ev

    if isinstance(event, ev.StepFinished):
        return {"type": "step", "step": event.step, "epoch": event.epoch, "loss": event.loss,
                "accuracy": event.accuracy, "images_per_s": event.images_per_s, "lr": event.lr,
                "backend": event.backend, "time": time.time()}
    if isinstance(event, ev.EvaluationFinished):
        return {"type": "eval", "step": event.step, "epoch": event.epoch, "test_loss": event.test_loss,
                "test_accuracy": event.test_accuracy, "samples": event.samples, "time": time.time()}
    if isinstance(event, ev.TimingMeasured):
        return {"type": "timing", "step": event.step, "backend": event.backend,
                "layers": [{"name": l.name, "forward_ms": l.forward_ms, "backward_ms": l.backward_ms}
                           for l in event.layers]}
    return None


def cmd_predict(args) -> int:
    """Classify every image it can; exit 1 when some could not be (each named on stderr)."""
    import numpy as np

    from .backends import registry
    from .data import limits
    from .data.drawing import ImageError, load_digit_image
    from .nn import checkpoint
    from .nn.model import network_size

    model_path = args.model
    if model_path is None:
        model_path = checkpoint.last_saved()
        if model_path is None:
            raise ValueError("no model given and none saved yet: train one with 'cnnviz train' (it saves to "
                             f"{checkpoint.default_models_dir()}) or pass --model PATH.npz")
        print(f"using the last saved model {model_path}", file=sys.stderr)
    model, _ = checkpoint.load_model(model_path)
    model.to(registry.get("numpy"))

    inputs, errors = {}, {}
    for index, path in enumerate(args.images):
        try:
            inputs[index] = load_digit_image(path)
        except (ImageError, OSError) as exc:
            errors[index] = str(exc)
    # A batch's activations within the fixed budget (a big network classifies fewer at once).
    per_image = network_size(model.spec).values_per_image * model.dtype.itemsize * 2
    batch = int(min(256, max(1, limits.FIXED_BUDGET_BYTES // per_image)))
    order = sorted(inputs)
    probs = {}
    if order:
        with np.errstate(over="ignore", invalid="ignore"):
            out = model.predict_proba(np.stack([inputs[i] for i in order])[:, None], batch_size=batch)
        probs = dict(zip(order, out))
    bad = [i for i in order if not np.all(np.isfinite(probs[i]))]
    if order and len(bad) == len(order):
        raise ValueError(f"{model_path}: the model's outputs are not finite numbers (NaN or infinity): its weights "
                         "overflow float32 arithmetic; retrain it (a lower --lr) or use another checkpoint")
    for i in bad:
        errors[i] = f"{args.images[i]}: the model's output for this image is not a finite number"

    rows = []
    for index, path in enumerate(args.images):
        if index in errors:
            rows.append({"file": path, "error": errors[index]})
        else:
            p = probs[index]
            rows.append({"file": path, "label": int(p.argmax()), "probabilities": [round(float(v), 6) for v in p]})
    if args.json:
        print(json.dumps(rows, allow_nan=False))
    for row in rows:
        if "error" in row:
            _error_line(row["error"])
        elif not args.json:
            p = row["probabilities"]
            ranked = "  ".join(f"{d}:{p[d]:.3f}" for d in range(10))
            print(f"{row['file']}: {row['label']} ({100 * p[row['label']]:.1f}%)   {ranked}")
    return 1 if errors else 0


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
