"""``cnnviz filters``: per unit of every conv layer and of the classes, its top test images and an optimised input.

Writes ``<layer>.png`` (one row per unit: its top 9 MNIST test images, then the
optimised input) and ``optimised_<layer>.npy`` (units x 28 x 28 float32, the
optimised network inputs) into ``--out``, and ``filters.json``: the model they are of
(a folder holding another model's filters is refused, so two runs never mix their
files) and each layer's settings (with the steps it took and their seconds); ``--json`` prints
``{"units": [{"layer", "unit", "top_test_indices", "top_activation", "optimised_activation", ...}]}``.
The work is bounded before it starts (``--images``, ``--steps`` per layer: steps, not seconds, so
that a slow machine takes longer rather than cutting the pictures short; ``--seconds`` optionally) and
shows a progress bar on stderr when stderr is a terminal, a line every few seconds (at most one per
tenth of the work) otherwise.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path

from .common import inference_batch, open_model, positive_int

DEFAULT_STEPS = 128
DEFAULT_SECONDS = 0.0
"""No time limit by default: the work is bounded in steps, which a loaded or slow machine takes longer to do
but does not cut short. A wall-clock limit (the default was 15 s) gave the seed net's conv2 9 steps on a busy
2-core machine: pictures that were still mostly their start digits. ``--seconds`` still sets one."""
TEST_IMAGES = 10_000
PLAIN_EVERY_S = 5.0
"""Off a terminal: a progress line at most this often (and at most one per tenth of the work)."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    from ..classroom.optimised_inputs import MAX_STEPS

    p.add_argument("--model", metavar="PATH.npz", help="checkpoint to look into (default: the last one saved)")
    p.add_argument(
        "--layer", metavar="NAME", help="only this layer (conv1, conv2, ..., or the last dense layer for the classes)"
    )
    p.add_argument(
        "--out",
        metavar="DIR",
        required=True,
        help="folder for the PNG grids and .npy inputs (made if missing; its parent must exist)",
    )
    p.add_argument(
        "--images",
        type=positive_int,
        default=TEST_IMAGES,
        help=f"search the first N MNIST test images for the top 9 (default and most {TEST_IMAGES})",
    )
    p.add_argument(
        "--steps",
        type=positive_int,
        default=DEFAULT_STEPS,
        help=f"gradient-ascent steps per layer (default {DEFAULT_STEPS}, at most {MAX_STEPS})",
    )
    p.add_argument(
        "--seconds",
        type=float,
        default=DEFAULT_SECONDS,
        help="stop each layer's ascent after this many seconds, keeping its best inputs so far "
        "(default 0: no limit, the steps bound the work)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the optimised inputs' start and jitter")
    p.add_argument("--json", action="store_true", help="print the units as JSON")


def run(args) -> int:
    import numpy as np
    from PIL import Image

    from ..classroom import filters, optimised_inputs
    from ..classroom.render import png_bytes
    from ..data.datasets import load_dataset
    from ..data.file_writing import atomic_write_bytes, check_save_target
    from ..data.files import show_path

    if args.steps > optimised_inputs.MAX_STEPS:
        raise ValueError(f"--steps must be at most {optimised_inputs.MAX_STEPS}, got {args.steps}")
    if not args.seconds >= 0 or args.seconds == float("inf"):
        raise ValueError(f"--seconds must be a number of seconds, 0 or more, got {args.seconds}")
    if args.images > TEST_IMAGES:
        raise ValueError(f"--images must be at most {TEST_IMAGES} (the MNIST test set), got {args.images}")
    out = Path(args.out)
    _make_folder(out)
    check_save_target(out / "optimised.npy", 1 << 20, "file")  # writable, with room, before the work

    model, model_path, _ = open_model(args.model)
    layers = filters.unit_layers(model)
    if args.layer is not None:
        names = [layer.name for layer in layers]
        if args.layer not in names:
            raise ValueError(f"--layer {args.layer!r}: this network's layers with units are {', '.join(names)}")
        layers = [layer for layer in layers if layer.name == args.layer]
    # The folder is this model's: another model's run there is refused before any file is written.
    manifest = _claim(out, fingerprint(model), model_path)
    data = load_dataset("mnist")
    test = data.test_images[: args.images]

    total = len(test) + args.steps * len(layers)
    with _Progress(total) as bar:
        bar.begin(f"finding the top {filters.TOP} of {len(test):,d} test images", len(test), "images", "top images")
        acts = filters.mean_activations(
            model, test.astype(np.float32) / np.float32(255), layers, inference_batch(model), progress=bar.update
        )
        rows = []
        for layer in layers:
            bar.begin(
                f"optimising the inputs of {layer.name}'s {_units(layer.units)} (at most {args.steps} steps"
                + (f" or {args.seconds:g} s)" if args.seconds else ")"),
                args.steps,
                "steps",
                layer.name,
            )
            top, top_values = filters.top_images(acts[layer.name], min(filters.TOP, len(test)))
            began = time.perf_counter()
            optimised, optimised_values = optimised_inputs.optimise_inputs(
                model,
                layer,
                args.steps,
                args.seed,
                progress=bar.update,
                seconds=args.seconds or None,
                start=test[top[:, 0]].astype(np.float32) / np.float32(255),
            )  # each unit's strongest test image
            took, steps_done = time.perf_counter() - began, bar.stage_done
            bar.skip(args.steps - steps_done)  # a layer stopped by --seconds skips its rest
            buffer = io.BytesIO()
            np.save(buffer, optimised.astype(np.float32), allow_pickle=False)
            atomic_write_bytes(out / f"optimised_{layer.name}.npy", buffer.getvalue())
            atomic_write_bytes(
                out / f"{layer.name}.png", png_bytes(Image.fromarray(filters.filter_grid(test, top, optimised)))
            )
            manifest["layers"][layer.name] = {
                "images": len(test),
                "steps": args.steps,
                "seed": args.seed,
                "seconds": args.seconds,
                "steps_done": steps_done,
                "optimise_seconds": round(took, 2),
                "files": [f"{layer.name}.png", f"optimised_{layer.name}.npy"],
            }
            _write_manifest(out, manifest)
            for unit in range(layer.units):
                rows.append(
                    {
                        "layer": layer.name,
                        "unit": unit,
                        "top_test_indices": [int(i) for i in top[unit]],
                        "top_activation": round(float(top_values[unit, 0]), 6),
                        "top_activations": [round(float(v), 6) for v in top_values[unit]],
                        "optimised_activation": round(float(optimised_values[unit]), 6),
                    }
                )
    if args.json:
        print(json.dumps({"units": rows}, allow_nan=False))
    else:
        for layer in layers:
            mine = [r for r in rows if r["layer"] == layer.name]
            beaten = sum(beats(r["optimised_activation"], r["top_activation"]) for r in mine)
            print(
                f"{layer.name}: the optimised input beats the best of {len(test):,d} test images for "
                f"{beaten} of {_units(layer.units)} ({100 * beaten / max(layer.units, 1):.0f} %); "
                f"wrote {show_path(out / (layer.name + '.png'))} and optimised_{layer.name}.npy"
            )
    return 0


def beats(optimised: float, best: float) -> bool:
    """More than the best test image by more than float32's rounding (the two are measured in different
    batches: an input that did not move can differ from its start in the last digits)."""
    return optimised > best + 1e-5 * max(abs(best), 1e-3)


def _units(count: int) -> str:
    return "1 unit" if count == 1 else f"{count} units"


class _Progress:
    """On a terminal, a tqdm bar on stderr; elsewhere (a pipe, a log) a line as each stage starts and, within
    it, at most one every :data:`PLAIN_EVERY_S` seconds and one per tenth of the stage, or, when the steps
    are slow, one every ``alive_s``: a long run says it is alive in a bounded number of lines. Output is a side
    channel: a failing stderr silences it, never the run."""

    def __init__(self, total: int, stream=None, every_s: float = PLAIN_EVERY_S, alive_s: float = 3 * PLAIN_EVERY_S):
        import time

        from tqdm import tqdm

        self.stream = stream if stream is not None else sys.stderr
        self.every_s, self.alive_s, self.clock = every_s, alive_s, time.monotonic
        self.started = self.clock()
        self.stage, self.stage_total, self.stage_done, self.unit, self.tenth, self.last = "", 1, 0, "", 1, 0.0
        tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.bar = tqdm(total=total, unit="step", file=self.stream, leave=False, dynamic_ncols=True) if tty else None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.close()
        return False

    def begin(self, stage: str, total: int, unit: str, short: str = "") -> None:
        """A new stage of ``total`` ``unit``s: ``stage`` says it starts, ``short`` (or ``stage``) names it on the
        bar and in the lines that follow."""
        self.stage, self.stage_total, self.stage_done, self.unit, self.tenth = stage, max(total, 1), 0, unit, 1
        self.last = self.clock()
        if self.bar is not None:
            self.bar.set_description(short or stage)
        else:
            self._say(f"filters: {stage}")
        self.stage = short or stage

    def update(self, count: int) -> None:
        self.stage_done += count
        if self.bar is not None:
            self.bar.update(count)
            return
        now = self.clock()
        tenth = self.stage_done * 10 >= self.tenth * self.stage_total
        if now - self.last >= self.every_s and (tenth or now - self.last >= self.alive_s):
            self.last = now
            self.tenth = max(self.tenth, self.stage_done * 10 // self.stage_total + 1)
            self._say(
                f"filters: {self.stage}: {self.stage_done:,d} of {self.stage_total:,d} {self.unit} "
                f"({now - self.started:.0f} s in all)"
            )

    def skip(self, count: int) -> None:
        """The rest of a stage that ended early (a layer stopped by ``--seconds``): the bar moves on."""
        if self.bar is not None and count > 0:
            self.bar.update(count)

    def _say(self, text: str) -> None:
        try:
            print(text, file=self.stream, flush=True)
        except (OSError, ValueError):
            self.every_s = float("inf")


MANIFEST = "filters.json"
"""Which model a folder's grids and inputs are of, and each layer's settings: two runs never mix their files."""
MAX_MANIFEST_BYTES = 1 << 20


def fingerprint(model) -> str:
    """The network's spec and weights, hashed: the same model whichever file it was loaded from."""
    import hashlib

    import numpy as np

    digest = hashlib.sha256(model.spec.encode())
    for name, array in sorted(model.state_dict().items()):
        digest.update(name.encode())
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


def _make_folder(out: Path) -> None:
    """``--out``: an existing folder, or a new one in an existing folder; a symbolic link loop, a dangling
    link or a file named as such."""
    import os
    import stat

    from ..data.files import describe_file_error, show_path

    try:
        mode = os.stat(out).st_mode
    except FileNotFoundError:
        if os.path.islink(out):
            raise ValueError(
                f"--out {show_path(out)}: is a symbolic link to {show_path(os.readlink(out))}, which does not exist"
            ) from None
        mode = None
    except OSError as exc:  # ELOOP: a symbolic link loop, said as such (not "File exists")
        raise ValueError(f"--out {describe_file_error(exc, out)}") from None
    if mode is not None:
        if not stat.S_ISDIR(mode):
            raise ValueError(f"--out {show_path(out)}: is not a folder")
        return
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise ValueError(f"--out {show_path(out)}: folder {show_path(parent)} does not exist")
    try:
        out.mkdir()
    except FileExistsError:  # made meanwhile
        if not out.is_dir():
            raise ValueError(f"--out {show_path(out)}: is not a folder") from None
    except OSError as exc:
        raise ValueError(f"--out {describe_file_error(exc, out)}") from None


def _claim(out: Path, model_id: str, model_path) -> dict:
    """The folder's manifest for this run: refused when it holds another model's filters (or grids and inputs
    of a run that recorded no model); written at once, so that a run starting meanwhile sees it."""
    from ..data.files import FileProblem, MissingFile, read_json_file, show_path

    try:
        manifest = read_json_file(out / MANIFEST, MAX_MANIFEST_BYTES)
    except MissingFile:
        manifest = None
    except FileProblem as exc:
        raise ValueError(f"--out {exc}; give an empty folder") from None
    if manifest is None:
        strays = sorted(p.name for p in out.glob("optimised_*.npy"))
        if strays:
            raise ValueError(
                f"--out {show_path(out)}: holds {strays[0]} of a filters run that did not record "
                "its model; give an empty folder so that two runs' files are never mixed"
            )
        manifest = {"model": model_id, "model_file": str(model_path), "layers": {}}
    elif not (
        isinstance(manifest, dict) and manifest.get("model") == model_id and isinstance(manifest.get("layers"), dict)
    ):
        other = manifest.get("model_file") if isinstance(manifest, dict) else None
        raise ValueError(
            f"--out {show_path(out)}: holds the filters of another model"
            + (f" ({show_path(str(other))})" if isinstance(other, str) else "")
            + "; give another folder so that two models' files are never mixed"
        )
    manifest["model_file"] = str(model_path)
    _write_manifest(out, manifest)
    return manifest


def _write_manifest(out: Path, manifest: dict) -> None:
    from ..data.file_writing import atomic_write_text

    atomic_write_text(out / MANIFEST, json.dumps(manifest, indent=1) + "\n")
