"""``cnnviz train``: a run with a progress bar that never loses the trained model.

The batch size is checked against the training memory budget and the save
target exactly as it will be written (name, folder, free space) before
training; without ``--save`` a new file is created for the run at once, so
two runs never pick the same name. A failing ``--metrics`` file is warned
about once and dropped (a FIFO nobody reads is refused before training).
SIGINT, SIGTERM and SIGHUP (SIGBREAK on Windows) stop after the current step
and save; the save is protected from further signals, and a failed save keeps
the model in another folder. A run that diverged or trained no step never
overwrites a saved model.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from ..data.limits import escape_control
from ..train.events import ACCURACY_UNIT, as_percent
from .common import check_threads
from .metrics_log import MetricsLog, json_safe
from .train_signals import TrainSignals


def with_recipe(args):
    """Fill the training settings the user left out from the preset's recipe (``--net fast``), else the defaults."""
    from ..nn.model import PRESET_RECIPES
    from ..train.config import TrainConfig

    recipe, defaults = PRESET_RECIPES.get(args.net.strip().lower(), {}), TrainConfig()
    for arg, field in (
        ("epochs", "epochs"),
        ("batch", "batch_size"),
        ("lr", "lr"),
        ("optimizer", "optimizer"),
        ("beta1", "beta1"),
        ("beta2", "beta2"),
        ("schedule", "schedule"),
        ("warmup", "warmup"),
    ):
        if getattr(args, arg, None) is None:
            setattr(args, arg, recipe.get(field, getattr(defaults, field)))
    return args


def metrics_header(config, trainer) -> dict:
    """The first record of a ``--metrics`` file: what made the run (version, settings, backend, seed) and the
    unit of its accuracies."""
    from dataclasses import asdict

    from .. import __version__

    settings = {k: v for k, v in asdict(config).items() if isinstance(v, (str, int, float, bool, type(None)))}
    return {
        "type": "header",
        "format": "cnnviz-metrics",
        "format_version": 1,
        "cnnviz_version": __version__,
        "accuracy_unit": ACCURACY_UNIT,
        "net": config.net,
        "spec": trainer.model.spec,
        "backend": trainer.backend.name,
        "seed": config.seed,
        "dataset": config.dataset,
        "settings": settings,
        **trainer.thread_fields(),
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def cmd_train(args) -> int:
    from ..data.file_writing import check_save_target
    from ..data.files import FileProblem
    from ..nn import checkpoint
    from ..nn.model import Sequential
    from ..train import events as ev
    from ..train.config import TrainConfig
    from ..train.trainer import Trainer
    from .progress import ProgressPrinter

    args = with_recipe(args)
    cores = os.cpu_count() or 1
    threads = check_threads(getattr(args, "threads", None), cores, f"the {cores} CPU cores here")
    config = TrainConfig(
        net=args.net,
        backend=args.backend,
        epochs=args.epochs,
        steps=args.steps,
        batch_size=args.batch,
        lr=args.lr,
        optimizer=args.optimizer,
        momentum=args.momentum,
        beta1=args.beta1,
        beta2=args.beta2,
        schedule=args.schedule,
        warmup=args.warmup,
        seed=args.seed,
        dataset=args.dataset,
        data_dir=args.data,
        eval_every=args.eval_every,
        train_samples=args.train_samples,
        threads=threads,
    )
    trainer = Trainer(config)  # validates the numbers
    Sequential.from_spec(args.net)  # the network, within limits (nothing is allocated yet)
    # From here on SIGINT, SIGTERM and SIGHUP stop the run after its current step and save it:
    # one arriving before training starts ends it at step 0 (nothing to save, nothing lost).
    signals = TrainSignals(trainer)
    reserved = None  # the new file a run without --save created for itself
    saved = None
    with signals.installed():
        try:
            save_path, reserved = _save_path(args)
            if save_path is not None:  # checked now, not after a long run that would then be lost
                expected = checkpoint.expected_bytes(args.net, args.optimizer, 4)
                try:
                    check_save_target(save_path, expected, what="checkpoint")
                except FileProblem as exc:
                    raise ValueError(f"--save {exc}" if args.save else str(exc)) from None
            try:
                trainer.setup()  # fails early (bad data, spec, backend) before any output
            except MemoryError:
                raise ValueError("out of memory while building the network: try a smaller network") from None

            printer = ProgressPrinter(quiet=args.json)
            signals.printer = printer
            metrics = MetricsLog(args.metrics, printer.warn, metrics_header(config, trainer)) if args.metrics else None
            signals.say_pending()  # a signal before training started
            trainer.add_listener(signals.listener)  # first: its messages come before the event's own lines
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
            run = _RunCurves()
            trainer.add_listener(run)  # the saved model carries its curves (cnnviz gui --compare)
            try:
                result: ev.RunFinished = trainer.run()
            except MemoryError:
                raise ValueError(
                    f"out of memory while training: try a smaller --batch (was {args.batch}) or network"
                ) from None
            finally:
                signals.say_pending()
                printer.close()
                if metrics:
                    metrics.close()
            note = None
            if save_path is not None:
                # The handlers stay installed until the file is complete: a signal now only says so.
                signals.saving = True
                saved, note = _save_model(
                    args, trainer, result, save_path, save_path == reserved, diverged, run, printer, signals
                )
        finally:
            if reserved is not None and saved != reserved:
                checkpoint.release_reserved(reserved)
    if saved is not None and not args.json:
        _print(f"saved {escape_control(saved)}")
    if note and not diverged:
        printer.warn(f"warning: {note}")
    if diverged:
        raise ValueError(
            f"training diverged: {diverged[0].cause}; try a lower --lr "
            f"(was {args.lr:g}); {note or 'the model was not saved'}"
        )
    if args.json:
        _print(
            json.dumps(
                json_safe(
                    {
                        "test_accuracy": None
                        if result.test_accuracy is None
                        else round(as_percent(result.test_accuracy), 3),
                        "accuracy_unit": ACCURACY_UNIT,
                        "test_loss": result.test_loss,
                        "train_images_per_s": round(result.train_images_per_s, 1),
                        "seconds": round(result.seconds, 2),
                        "train_seconds": round(result.train_seconds, 2),
                        "compile_seconds": round(result.compile_seconds, 2),
                        "backend": result.backend,
                        "net": args.net,
                        "threads": result.threads,
                        "threads_how": result.threads_how,
                        "spec": trainer.model.spec,
                        "steps": result.steps,
                        "epochs": round(result.epoch, 4),
                        "stopped": result.stopped,
                        "saved": None if saved is None else str(saved),
                    }
                )
            )
        )
    if signals.first is not None:
        return 128 + signals.first  # the conventional status: 130 SIGINT, 143 SIGTERM, 129 SIGHUP
    return 130 if result.stopped else 0


def _print(text: str) -> None:
    """A result line on stdout; a terminal closed meanwhile (SIGHUP) costs the line, not the exit status."""
    try:
        print(text, flush=True)
    except (OSError, ValueError):
        pass


def _save_path(args) -> tuple[Path | None, Path | None]:
    """(where ``cnnviz train`` will save, the file reserved for it when it chose the name itself):
    ``--save``, else a new file created now in the user data folder (never another run's name)."""
    from ..nn import checkpoint

    if args.no_save:
        return None, None
    if args.save:
        return checkpoint.check_name(args.save), None
    folder = checkpoint.default_models_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = checkpoint.reserve_model_path(args.net, folder)
    except OSError as exc:
        from ..data.files import describe_file_error

        raise ValueError(
            f"cannot create a model file in the models folder ({describe_file_error(exc, folder)}); "
            "pass --save PATH.npz or --no-save"
        ) from None
    return path, path


def _fallback_folders(failed: Path) -> list[Path]:
    """Where a model goes when its save failed: the models folder, the current folder, the
    temporary folder; never the folder that just failed (a full disk stays full)."""
    import tempfile

    from ..nn import checkpoint

    def key(folder: Path) -> str:
        try:
            return os.path.normcase(str(folder.resolve()))
        except (OSError, RuntimeError):
            return os.path.normcase(os.path.abspath(folder))

    seen = {key(failed)}
    folders = []
    for folder in (checkpoint.default_models_dir(), Path.cwd(), Path(tempfile.gettempdir())):
        if key(folder) not in seen:
            seen.add(key(folder))
            folders.append(folder)
    return folders


class _RunCurves:
    """The run's steps and evaluations (bounded: :class:`~cnnviz.app.run_state.RunState`), for the history a
    saved model carries."""

    def __init__(self):
        from ..app.run_state import RunState
        from ..train import events

        self.state = RunState()
        self.events = events

    def __call__(self, event) -> None:
        ev = self.events
        if isinstance(event, ev.StepFinished):
            self.state.add_steps([event])
        elif isinstance(event, ev.EvaluationFinished):
            self.state.add_evaluation(event)
        elif isinstance(event, ev.TimingMeasured):
            self.state.add_timing(event)

    def history(self, up_to_step: int | None = None) -> dict:
        from ..app.comparison import run_meta

        if up_to_step is not None:
            self.state.rewind(up_to_step)
        return run_meta(self.state)


def _save_model(
    args, trainer, result, path: Path, reserved: bool, diverged: list, run: _RunCurves, printer, signals
) -> tuple[Path | None, str | None]:
    """Save the trained model to ``path``; returns (where it went, a note for the user).

    Never overwrites a file with worse than what was asked for: a run that trained
    no step saves nothing, and one that diverged saves its last good weights only
    to a path that holds no file yet (or the empty file this run reserved), with
    metadata saying which step they are from.
    """
    from ..data.file_writing import FileWriteError
    from ..nn import checkpoint

    steps = trainer.step
    meta = {
        "net": args.net,
        "optimizer": trainer.config.optimizer,
        "epoch": round(trainer.epoch, 4),
        "steps": steps,
        "step": steps,
        "test_accuracy": result.test_accuracy,
        "dataset": args.dataset,
        "backend": result.backend,
        "seed": args.seed,
        "lr": trainer.config.lr,
        "batch_size": trainer.config.batch_size,
        "schedule": trainer.config.schedule,
        "momentum": trainer.config.momentum,
        "threads": trainer.thread_fields()["threads"],
    }
    shown = escape_control(path)
    if diverged:
        restored = diverged[0].restored_step
        if restored == 0:
            return None, (
                "nothing was saved: no good weights before the divergence"
                + ("" if reserved else f" ({shown} left as it was)")
            )
        if path.exists() and not reserved:
            return None, f"{shown} was not overwritten with the weights of step {restored} from before the divergence"
        meta.update(steps=restored, step=restored, epoch=None, test_accuracy=None, diverged=True)
        meta.update(run.history(up_to_step=restored))
    elif steps == 0:
        return None, "nothing was saved: no training step ran"
    else:
        meta.update(run.history())
    signals.say_pending()
    if signals.first is not None:  # whoever sent one signal may send another
        printer.warn(signals.saving_message())
    state = trainer.host_state()  # consistent, and safe even from a failing GPU
    weights, optim = state.weights, state.optimizer_arrays
    try:
        saved = checkpoint.save(path, trainer.model.spec, weights, meta, optim)
    except (FileWriteError, checkpoint.CheckpointError) as exc:  # a full disk, a folder removed meanwhile
        # The run is done and the model is in memory: keep it somewhere rather than nowhere,
        # and somewhere else than the folder that just failed.
        for folder in _fallback_folders(path.parent if str(path.parent) else Path(".")):
            fallback = None
            try:
                folder.mkdir(parents=True, exist_ok=True)
                fallback = checkpoint.reserve_model_path(args.net, folder)
                checkpoint.save(fallback, trainer.model.spec, weights, meta, optim)
            except OSError:
                if fallback is not None:
                    checkpoint.release_reserved(fallback)
                continue
            checkpoint.remember_saved(fallback)
            raise ValueError(f"{exc}; the model was saved to {fallback} instead") from None
        raise
    checkpoint.remember_saved(saved)
    note = f"saved the weights of step {meta['steps']}, from before the divergence" if diverged else None
    return saved, note
