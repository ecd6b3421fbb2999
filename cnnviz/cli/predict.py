"""``cnnviz predict``: classify image files with a saved model, each with how unsure the network is."""

from __future__ import annotations

import argparse
import json
import sys

from .common import error_line, inference_batch, open_model


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--model", metavar="PATH.npz", help="checkpoint to use (default: the last one saved)")
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.add_argument(
        "--raw",
        action="store_true",
        help="each image is a 28x28 network input (white ink on black, "
        "as 'cnnviz fool' writes it): classify it as it is, without the MNIST preprocessing",
    )
    p.add_argument(
        "--json", action="store_true", help="print a JSON list of {file, label, probabilities, uncertainty, unsure}"
    )


def cmd_predict(args) -> int:
    """Classify every image it can; exit 1 when some could not be (each named on stderr)."""
    import numpy as np

    from ..classroom import uncertainty
    from ..data import limits
    from ..data.drawing import ImageError, load_digit_image, load_network_input

    model, model_path, meta = open_model(args.model)
    names = meta.get("class_names")
    """A net of the class's own classes (the checkpoint's names, checked when loaded); None: the digits."""
    load = load_network_input if args.raw else load_digit_image
    inputs, errors = {}, {}
    for index, path in enumerate(args.images):
        try:
            inputs[index] = load(path)
        except (ImageError, OSError) as exc:
            errors[index] = str(exc)
    order = sorted(inputs)
    probs, doubt = {}, {}
    if order:
        # A net of the class's own classes: no held-out drawings here to calibrate "not sure" on.
        calibration = None if names else _calibration(model, meta)
        with np.errstate(over="ignore", invalid="ignore"):
            out, values, unsure = uncertainty.assess(
                model, np.stack([inputs[i] for i in order]), calibration, batch_size=inference_batch(model)
            )
        probs = dict(zip(order, out))
        unsure = [None] * len(order) if unsure is None else [bool(s) for s in unsure]
        doubt = dict(zip(order, zip(values.tolist(), unsure)))
    bad = [i for i in order if not np.all(np.isfinite(probs[i]))]
    if order and len(bad) == len(order):
        raise ValueError(
            f"{model_path}: the model's outputs are not finite numbers (NaN or infinity): its weights "
            "overflow float32 arithmetic; retrain it (a lower --lr) or use another checkpoint"
        )
    for i in bad:
        errors[i] = f"{args.images[i]}: the model's output for this image is not a finite number"

    rows = []
    for index, path in enumerate(args.images):
        if index in errors:
            rows.append({"file": path, "error": errors[index]})
        else:
            p = probs[index]
            value, unsure = doubt[index]
            rows.append(
                {
                    "file": path,
                    "label": int(p.argmax()),
                    "probabilities": [round(float(v), 6) for v in p],
                    "uncertainty": round(value, 6),
                    "unsure": unsure,
                }
            )
            if names:
                rows[-1]["name"] = names[int(p.argmax())]
    if args.json:
        print(json.dumps(rows, allow_nan=False))
    for row in rows:
        if "error" in row:
            error_line(row["error"])
        elif not args.json:
            p = row["probabilities"]
            shown = [limits.escape_control(n) for n in names] if names else [str(d) for d in range(len(p))]
            ranked = "  ".join(f"{shown[d]}:{p[d]:.3f}" for d in range(len(p)))
            # The name as given, but inert: no escape sequence, bidi override or newline of a
            # file name reaches the terminal or forges a result line (as in error lines).
            note = "  not sure: unlike the digits it learned" if row["unsure"] else ""  # None: no threshold
            name = limits.escape_control(row["file"])
            print(f"{name}: {shown[row['label']]} ({100 * p[row['label']]:.1f}%)   {ranked}{note}")
    return 1 if errors else 0


def _calibration(model, meta):
    """The "not sure" threshold for this model, calibrated on held-out test images of the data set it was
    trained on (the bundled MNIST unless the checkpoint says otherwise and that data set can be found)."""
    from ..classroom import uncertainty
    from ..data.datasets import load_dataset

    name = meta.get("dataset") if meta.get("dataset") in ("mnist", "fashion") else "mnist"
    try:
        dataset = load_dataset(name)
    except (ValueError, OSError) as exc:
        print(f"cnnviz: no 'not sure' threshold: {name} cannot be loaded to calibrate it ({exc})", file=sys.stderr)
        return None
    return uncertainty.calibrate_on_held_out(model, dataset, batch_size=inference_batch(model))
