"""``cnnviz train``: a run with a progress bar that never loses the trained model.

The save target is checked (folder, free space) before training, a failing
``--metrics`` file is warned about once and dropped, the save is protected from
Ctrl-C, and a run that diverged or trained no step never overwrites a saved
model.
"""

from __future__ import annotations

import json
import math
import signal
import time
from pathlib import Path


def with_recipe(args):
    """Fill the training settings the user left out from the preset's recipe (``--net fast``), else the defaults."""
    from .nn.model import PRESET_RECIPES
    from .train.config import TrainConfig

    recipe, defaults = PRESET_RECIPES.get(args.net.strip().lower(), {}), TrainConfig()
    for arg, field in (("epochs", "epochs"), ("batch", "batch_size"), ("lr", "lr"), ("optimizer", "optimizer"),
                       ("beta1", "beta1"), ("beta2", "beta2"), ("schedule", "schedule")):
        if getattr(args, arg, None) is None:
            setattr(args, arg, recipe.get(field, getattr(defaults, field)))
    return args


def cmd_train(args) -> int:
    from .data.files import FileProblem, check_save_target
    from .nn import checkpoint
    from .nn.model import Sequential
    from .progress import ProgressPrinter
    from .train import events as ev
    from .train.trainer import Trainer, TrainConfig

    args = with_recipe(args)
    config = TrainConfig(net=args.net, backend=args.backend, epochs=args.epochs, steps=args.steps,
                         batch_size=args.batch, lr=args.lr, optimizer=args.optimizer, momentum=args.momentum,
                         beta1=args.beta1, beta2=args.beta2,
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
        raise ValueError(f"training diverged: {diverged[0].cause}; try a lower --lr "
                         f"(was {args.lr:g}); {note or 'the model was not saved'}")
    if args.json:
        print(json.dumps(json_safe({
            "test_accuracy": None if result.test_accuracy is None else round(100 * result.test_accuracy, 3),
            "test_loss": result.test_loss, "train_images_per_s": round(result.train_images_per_s, 1),
            "seconds": round(result.seconds, 2), "train_seconds": round(result.train_seconds, 2),
            "compile_seconds": round(result.compile_seconds, 2), "backend": result.backend, "net": args.net,
            "spec": trainer.model.spec, "steps": result.steps, "epochs": round(result.epoch, 4),
            "stopped": result.stopped, "saved": None if saved is None else str(saved)})))
    return 130 if result.stopped else 0


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
    state = trainer.host_state()  # consistent, and safe even from a failing GPU
    weights, optim = state.weights, state.optimizer_arrays
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
            self.fh.write(json.dumps(json_safe(row)) + "\n")
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


def json_safe(value):
    """NaN and infinity as null: JSON has no such numbers (json.dumps would write invalid JSON)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_safe(v) for v in value]
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
