"""What several commands share: the one-line error, and opening the model a command was given."""

from __future__ import annotations

import argparse
import math
import sys


def error_line(text: str) -> None:
    """``cnnviz: error: ...`` on stderr: one line of at most 300 characters, control characters escaped."""
    from ..data.limits import one_line

    try:
        print(one_line(f"cnnviz: error: {text}"), file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass  # stderr is gone; the exit status still says it


def open_model(model_path, backend: str = "numpy"):
    """``(model on the backend, path, checkpoint metadata)`` for ``--model``; without one, the last model
    ``cnnviz train`` saved.

    A missing, corrupt or hostile checkpoint raises ValueError (CheckpointError) naming the file.
    """
    from ..backends import registry
    from ..data import limits
    from ..nn import checkpoint

    if model_path is None:
        model_path = checkpoint.last_saved()
        if model_path is None:
            raise ValueError(
                "no model given and none saved yet: train one with 'cnnviz train' (it saves to "
                f"{checkpoint.default_models_dir()}) or pass --model PATH.npz"
            )
        print(f"using the last saved model {limits.escape_control(model_path)}", file=sys.stderr)
    model, ckpt = checkpoint.load_model(model_path)
    model.to(registry.get(backend))
    return model, model_path, ckpt.meta


def inference_batch(model) -> int:
    """Images per forward pass whose activations fit the fixed memory budget (a big network takes fewer)."""
    from ..data import limits
    from ..nn.model import network_size

    per_image = network_size(model.spec).values_per_image * model.dtype.itemsize * 2
    return int(min(256, max(1, limits.FIXED_BUDGET_BYTES // per_image)))


def _whole_number(text: str, least: int, rule: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"{rule}, got {value}")
    return value


def positive_int(text: str) -> int:
    return _whole_number(text, 1, "must be at least 1")


def non_negative_int(text: str) -> int:
    return _whole_number(text, 0, "must be 0 or more")


def threads_arg(text: str) -> int | None:
    """``--threads N|auto``: None for ``auto`` (the thread probe's choice), else the whole number (its range is
    checked by the command, which knows the cores)."""
    if text.strip().lower() == "auto":
        return None
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number or auto, got {text!r}") from None


def check_threads(threads: int | None, most: int, rule: str) -> int | None:
    """``--threads``' value within 1..``most`` (``rule`` says where ``most`` comes from), or None (auto)."""
    if threads is not None and (not isinstance(threads, int) or isinstance(threads, bool) or not 1 <= threads <= most):
        raise ValueError(f"--threads must be a whole number from 1 to {most} ({rule}) or auto, got {threads!r}")
    return threads


def finite_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, got {text!r}")
    return value
