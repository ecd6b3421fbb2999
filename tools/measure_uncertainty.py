"""Which uncertainty score tells digits from non-digits best: the measurement behind docs/see-inside.md.

    python tools/measure_uncertainty.py MODEL.npz [MODEL.npz ...]

For each model and each method of cnnviz.classroom.uncertainty: the threshold is calibrated on MNIST test
images 1, 6, 11, ... (every fifth); printed are the acceptance of the other 8,000 test images (real digits
the threshold never saw) and the rejection ("unsure") rate of 1,000 synthetic non-digits of each kind
(cnnviz.classroom.synthetic).
"""

import sys

import numpy as np

from cnnviz.backends import registry
from cnnviz.classroom import uncertainty as u
from cnnviz.classroom.synthetic import NON_DIGIT_KINDS, non_digits
from cnnviz.data.datasets import load_dataset
from cnnviz.nn import checkpoint


def main(paths):
    data = load_dataset("mnist")
    rest = np.setdiff1d(np.arange(len(data.test_images)), np.arange(len(data.test_images))[u.CALIBRATION_SLICE])
    digits = data.test_images[rest].astype(np.float32) / 255
    others = {kind: non_digits(kind, 1000, seed=1) for kind in NON_DIGIT_KINDS}
    for path in paths:
        model, ckpt = checkpoint.load_model(path)
        model.to(registry.get("numpy"))
        d_logits, d_features = u.logits_and_features(model, digits)
        o_out = {kind: u.logits_and_features(model, images) for kind, images in others.items()}
        accuracy = float((d_logits.argmax(1) == data.test_labels[rest]).mean())
        print(f"{path}: {ckpt.spec}, accuracy on those 8,000 {100 * accuracy:.2f} %")
        print(
            f"  {'method':<16} {'threshold':>9} {'digits kept':>11} "
            + " ".join(f"{k + ' out':>11}" for k in others)
            + f" {'mean out':>9}"
        )
        for method in u.METHODS:
            cal = u.calibrate_on_held_out(model, data, method)
            kept = 1 - cal.assess(d_logits, d_features)[1].mean()
            rejected = [cal.assess(*o_out[kind])[1].mean() for kind in others]
            print(
                f"  {method:<16} {cal.threshold:>9.4f} {100 * kept:>10.2f}% "
                + " ".join(f"{100 * r:>10.1f}%" for r in rejected)
                + f" {100 * np.mean(rejected):>8.1f}%"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
