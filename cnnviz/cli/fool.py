"""``cnnviz fool``: change an image just enough that the network answers a chosen digit.

The attack (:mod:`cnnviz.classroom.adversarial`) works in whole grey levels, so
the 8-bit greyscale PNG written to ``--out`` is exactly the input it tested:
``cnnviz predict --raw OUT.png`` gives the same answer.
"""

from __future__ import annotations

import argparse
import json
import sys

from .common import finite_float, open_model, positive_int


def _digit(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a digit from 0 to 9, got {text!r}") from None
    if not 0 <= value <= 9:
        raise argparse.ArgumentTypeError(f"must be a digit from 0 to 9, got {value}")
    return value


def add_arguments(p: argparse.ArgumentParser) -> None:
    from ..classroom.adversarial import MAX_STEPS, MODES

    p.add_argument("--model", metavar="PATH.npz", help="checkpoint to attack (default: the last one saved)")
    p.add_argument(
        "image",
        metavar="IMAGE",
        help="a picture of a digit (preprocessed as predict does) or, with --raw, a 28x28 network input",
    )
    p.add_argument("--target", type=_digit, required=True, help="the digit the network should answer")
    p.add_argument(
        "--out", metavar="OUT.png", required=True, help="where to write the fooling 28x28 input (8-bit grey)"
    )
    p.add_argument(
        "--epsilon",
        type=finite_float,
        help="the most any pixel may change, in 0..1 (default 0.25 for "
        "bim, 1 for pixels; rounded down to whole grey levels, so at least 1/255)",
    )
    p.add_argument(
        "--mode",
        choices=MODES,
        default="bim",
        help="bim: every pixel a little, within epsilon "
        "(targeted basic iterative method); pixels: the fewest pixels, each a lot (greedy, JSMA-like)",
    )
    p.add_argument(
        "--steps",
        type=positive_int,
        default=None,
        help=f"most gradient steps (default 200 for bim, 100 pixels for pixels; at most {MAX_STEPS})",
    )
    p.add_argument("--raw", action="store_true", help="IMAGE is already the 28x28 network input (white ink on black)")
    p.add_argument(
        "--json",
        action="store_true",
        help="print {label, target, fooled, linf, l2, pixels_changed, probabilities, ...} as JSON",
    )


def run(args) -> int:
    """Exit 0 when the saved input fools the network, 1 when the budget was not enough (the best try is saved)."""
    from ..classroom.adversarial import DEFAULT_EPSILON, DEFAULT_STEPS, MAX_STEPS, check_epsilon, fool, save_png
    from ..data import limits
    from ..data.drawing import load_digit_image, load_network_input
    from ..data.file_writing import check_save_target

    epsilon = args.epsilon if args.epsilon is not None else DEFAULT_EPSILON[args.mode]
    try:
        check_epsilon(epsilon)
    except ValueError as exc:
        raise ValueError(f"--{exc}") from None
    steps = args.steps if args.steps is not None else DEFAULT_STEPS[args.mode]
    if steps > MAX_STEPS:
        raise ValueError(f"--steps must be at most {MAX_STEPS}, got {steps}")
    if not str(args.out).lower().endswith(".png"):
        raise ValueError(
            f"--out {limits.escape_control(args.out)}: the fooling input is written as PNG: the name must end in .png"
        )
    check_save_target(args.out, 1024, "image")  # before the work, as train checks --save
    model, _, _ = open_model(args.model)
    image = load_network_input(args.image) if args.raw else load_digit_image(args.image)
    result = fool(model, image, args.target, epsilon=epsilon, mode=args.mode, steps=steps)
    save_png(result, args.out)

    if args.json:
        print(json.dumps(result.as_dict(), allow_nan=False))
    else:
        p = result.probabilities
        verdict = "fooled" if result.fooled else "not fooled"
        print(
            f"{result.label} -> {int(p.argmax())} ({100 * p.max():.1f}%): {verdict} (target {result.target}); "
            f"L-inf {result.linf:.3f}, L2 {result.l2:.3f}, {result.pixels_changed} pixels changed, "
            f"{result.steps} steps; wrote {limits.escape_control(args.out)}"
        )
    if not result.fooled:
        print(
            f"cnnviz: the network still answers {int(result.probabilities.argmax())} within epsilon "
            f"{result.epsilon:.3f}; "
            "a larger --epsilon or more --steps may fool it",
            file=sys.stderr,
        )
    return 0 if result.fooled else 1
