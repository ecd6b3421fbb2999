"""``cnnviz predict``: classify image files with a saved model, each with how unsure the network is."""

from __future__ import annotations

import argparse
import json

from .common import error_line, inference_batch, open_model


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--model", metavar="PATH.npz", help="checkpoint to use (default: the last one saved)")
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.add_argument("--raw", action="store_true", help="each image is a 28x28 network input (white ink on black, "
                   "as 'cnnviz fool' writes it): classify it as it is, without the MNIST preprocessing")
    p.add_argument("--json", action="store_true",
                   help="print a JSON list of {file, label, probabilities, uncertainty, unsure}")


def cmd_predict(args) -> int:
    """Classify every image it can; exit 1 when some could not be (each named on stderr)."""
    import numpy as np

    from ..data import limits
    from ..data.drawing import ImageError, load_digit_image, load_network_input

    model, model_path = open_model(args.model)
    load = load_network_input if args.raw else load_digit_image
    inputs, errors = {}, {}
    for index, path in enumerate(args.images):
        try:
            inputs[index] = load(path)
        except (ImageError, OSError) as exc:
            errors[index] = str(exc)
    order = sorted(inputs)
    probs = {}
    if order:
        with np.errstate(over="ignore", invalid="ignore"):
            out = model.predict_proba(np.stack([inputs[i] for i in order])[:, None], batch_size=inference_batch(model))
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
            error_line(row["error"])
        elif not args.json:
            p = row["probabilities"]
            ranked = "  ".join(f"{d}:{p[d]:.3f}" for d in range(10))
            # The name as given, but inert: no escape sequence, bidi override or newline of a
            # file name reaches the terminal or forges a result line (as in error lines).
            print(f"{limits.escape_control(row['file'])}: {row['label']} ({100 * p[row['label']]:.1f}%)   {ranked}")
    return 1 if errors else 0
