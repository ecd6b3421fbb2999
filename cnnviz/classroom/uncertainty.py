""" "I'm not sure": an uncertainty score per prediction and a threshold calibrated on real digits.

A network trained on MNIST answers every input with some digit, often at
99 %: a horse, a letter or noise included. The score here says how unlike
the digits it was trained on an input looks to the network, higher = less
sure. Four candidates are computed (``METHODS``); ``DEFAULT_METHOD`` was chosen
by measurement (``tools/measure_uncertainty.py``, numbers in
docs/see-inside.md):

* ``max_softmax`` -- 1 - the largest class probability;
* ``entropy`` -- the entropy of the class probabilities, in nats;
* ``energy`` -- minus log-sum-exp of the logits (Liu et al. 2020): low when
  some logit is large, whatever the others are;
* ``centre_distance`` -- the distance of the penultimate layer's activations
  (the classifier's input) to the centre of the predicted class, measured on
  training images, divided by that class's mean distance.

The threshold is the score that ``ACCEPT`` of held-out real MNIST digits stay
under (``CALIBRATION_SLICE`` of the test set; acceptance is then measured on
the rest of it), so it is derived from the model and the bundled data alone:
nothing new is stored in the checkpoint.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..nn.layers import Dense
from ..nn.model import Sequential

__all__ = [
    "METHODS",
    "DEFAULT_METHOD",
    "ACCEPT",
    "CALIBRATION_SLICE",
    "CENTRE_SLICE",
    "Calibration",
    "logits_and_features",
    "scores",
    "class_centres",
    "calibrate",
    "calibrate_on_held_out",
    "held_out_images",
    "assess",
    "calibration_images",
    "calibrate_weights",
    "not_sure_reason",
]

METHODS = ("max_softmax", "entropy", "energy", "centre_distance")
DEFAULT_METHOD = "energy"
ACCEPT = 0.96
"""The quantile of held-out digits' scores taken as the threshold: a little above the promised 95 %,
so that the acceptance measured on other digits (which the threshold never saw) stays at 95 % or more."""
CALIBRATION_SLICE = slice(1, None, 5)
"""MNIST test images the threshold is calibrated on (2,000: every fifth, from the second; the other 8,000
measure acceptance). Interleaved, not a block: MNIST's test set is not shuffled (its first half was written
by different people than its second), and a block calibrated on one half accepts less of the other."""
SMALL_TEST_SET = 1000
"""A test set this small (the class's own drawings: a few tens) is too small to set any of it aside for measuring:
all of it calibrates the threshold."""
MIN_CALIBRATION_IMAGES = 10
"""A small test set (the class held back fewer drawings) is made up to this many with the drawings it learned from:
a threshold set on one or two scores would call most new drawings "not sure"."""
CENTRE_SLICE = slice(0, 5000)
"""MNIST training images the class centres are computed from (``centre_distance`` only)."""
APP_IMAGES, APP_IMAGES_LARGE_NET, LARGE_NET_PARAMETERS = 2000, 500, 100_000
"""The app recalibrates after evaluations, in the background: all 2,000 held-out images for a small net
(tiny: 0.15-0.25 s), the first 500 of them for a big one (seed, 1.7M weights: 0.4-1.1 s on one core, against
about 2 s for all 2,000; docs/see-inside.md); while a run trains, at most 2 % of a core's time
(cnnviz.gui.not_sure)."""


def _features_index(model: Sequential) -> int:
    """Index of the last Dense layer: its input is the penultimate representation."""
    for index in range(len(model.layers) - 1, -1, -1):
        if isinstance(model.layers[index], Dense):
            return index
    raise ValueError("the network has no dense classifier layer")


def logits_and_features(
    model: Sequential, images: np.ndarray, batch_size: int = 256, progress=None
) -> tuple[np.ndarray, np.ndarray]:
    """``(logits (N, 10), penultimate activations (N, F))`` as float64 host arrays, for (N, 28, 28) images.
    ``progress(count)``, when given, is called after each batch (it may raise to stop the computation)."""
    images = np.asarray(images)
    if images.ndim != 3 or images.shape[1:] != (28, 28):
        raise ValueError(f"expected (N, 28, 28) images, got shape {images.shape}")
    be, split = model.backend, _features_index(model)
    logits, features = [], []
    try:
        for start in range(0, len(images), batch_size):
            x = be.from_host(np.ascontiguousarray(images[start : start + batch_size, None], dtype=model.dtype))
            for index, layer in enumerate(model.layers):
                if index == split:
                    features.append(np.asarray(be.to_host(x), dtype=np.float64).reshape(len(x), -1))
                x = layer.forward(be, x, False)
            logits.append(np.asarray(be.to_host(x), dtype=np.float64))
            if progress is not None:
                progress(len(logits[-1]))
    finally:
        model.clear_caches()
    if not logits:
        return np.zeros((0, 10)), np.zeros((0, 0))
    return np.concatenate(logits), np.concatenate(features)


def _log_softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))


def class_centres(logits: np.ndarray, features: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(centres (10, F), mean distance to the centre per class (10,))`` of images grouped by predicted class."""
    predicted = logits.argmax(axis=1)
    centres = np.zeros((logits.shape[1], features.shape[1]))
    spread = np.ones(logits.shape[1])
    for c in range(logits.shape[1]):
        members = features[predicted == c]
        if len(members):
            centres[c] = members.mean(axis=0)
            spread[c] = max(float(np.linalg.norm(members - centres[c], axis=1).mean()), 1e-12)
    return centres, spread


def scores(method: str, logits: np.ndarray, features: np.ndarray | None = None, centres=None) -> np.ndarray:
    """Uncertainty per row (higher = less sure) by ``method``; ``centres`` from :func:`class_centres`."""
    log_p = _log_softmax(logits)
    if method == "max_softmax":
        return 1.0 - np.exp(log_p.max(axis=1))
    if method == "entropy":
        return -(np.exp(log_p) * log_p).sum(axis=1)
    if method == "energy":
        top = logits.max(axis=1)
        return -(top + np.log(np.exp(logits - top[:, None]).sum(axis=1)))
    if method == "centre_distance":
        if features is None or centres is None:
            raise ValueError("centre_distance needs the penultimate features and the class centres")
        centre, spread = centres
        predicted = logits.argmax(axis=1)
        return np.linalg.norm(features - centre[predicted], axis=1) / spread[predicted]
    raise ValueError(f"unknown uncertainty method {method!r} (use one of {', '.join(METHODS)})")


@dataclass(frozen=True)
class Calibration:
    method: str
    threshold: float  # a score above this is "unsure"
    accepted: float  # fraction of the calibration digits at or under the threshold
    images: int  # how many digits it was calibrated on
    centres: tuple | None = None  # (centres, spread) for centre_distance

    def assess(self, logits: np.ndarray, features: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """``(uncertainty, unsure)`` per row."""
        values = scores(self.method, logits, features, self.centres)
        return values, values > self.threshold


def calibrate(
    method: str, logits: np.ndarray, features: np.ndarray | None = None, centres=None, accept: float = ACCEPT
) -> Calibration:
    """The threshold that ``accept`` of these (real, held-out) digits' scores stay under."""
    if not 0 < accept < 1:
        raise ValueError(f"accept must be between 0 and 1, got {accept}")
    values = scores(method, logits, features, centres)
    if values.size == 0:
        raise ValueError("no images to calibrate on")
    threshold = float(np.quantile(values, accept, method="higher"))
    return Calibration(method, threshold, float((values <= threshold).mean()), int(values.size), centres)


def held_out_images(dataset) -> np.ndarray:
    """The images a threshold is calibrated on (uint8): MNIST's ``CALIBRATION_SLICE`` of its test images; all of a
    small test set's (the class's own drawings, never the MNIST digits such a net never saw), made up to
    ``MIN_CALIBRATION_IMAGES`` with its first training images where the class held back fewer."""
    images = dataset.test_images
    if len(images) > SMALL_TEST_SET:
        return images[CALIBRATION_SLICE]
    short = max(0, MIN_CALIBRATION_IMAGES - len(images))
    return np.concatenate([images, dataset.train_images[:short]]) if short else images


def calibrate_on_held_out(
    model: Sequential, dataset, method: str = DEFAULT_METHOD, batch_size: int = 256, limit: int | None = None
) -> Calibration:
    """:func:`calibrate` on the held-out test images ``CALIBRATION_SLICE`` of ``dataset`` (a loaded
    :class:`~cnnviz.data.datasets.Dataset`: the one the model learned; the first ``limit`` of them when
    given), with class centres from training images ``CENTRE_SLICE`` when the method needs them."""
    held_out = held_out_images(dataset)[:limit].astype(np.float32) / np.float32(255)
    logits, features = logits_and_features(model, held_out, batch_size)
    centres = None
    if method == "centre_distance":
        train = dataset.train_images[CENTRE_SLICE].astype(np.float32) / np.float32(255)
        centres = class_centres(*logits_and_features(model, train, batch_size))
    return calibrate(method, logits, features, centres)


def assess(model: Sequential, images: np.ndarray, calibration: Calibration | None, batch_size: int = 256):
    """``(probabilities, uncertainty, unsure)`` for (N, 28, 28) images; without a calibration the
    uncertainty is ``DEFAULT_METHOD``'s score and ``unsure`` is None."""
    logits, features = logits_and_features(model, images, batch_size)
    if calibration is None:
        values, unsure = scores(DEFAULT_METHOD, logits), None
    else:
        values, unsure = calibration.assess(logits, features)
    return np.exp(_log_softmax(logits)), values, unsure


def calibration_images(parameter_count: int) -> int:
    """How many held-out images the app calibrates on (a bounded background job: see ``APP_IMAGES``)."""
    return APP_IMAGES if parameter_count < LARGE_NET_PARAMETERS else APP_IMAGES_LARGE_NET


def calibrate_weights(spec: str, weights: dict, dataset, limit: int | None = None) -> Calibration:
    """:func:`calibrate_on_held_out` on a private NumPy copy of a network given as ``spec`` and ``weights``
    (the app's background job: the weights are never modified meanwhile), on ``limit`` held-out images
    (default: :func:`calibration_images` for its size)."""
    from .saliency import model_from_weights

    model = model_from_weights(spec, weights)
    if limit is None:
        limit = calibration_images(model.parameter_count())
    return calibrate_on_held_out(model, dataset, limit=limit)


def not_sure_reason(calibration: Calibration, uncertainty: float, things: str = "digits") -> str | None:
    """Why the network is not sure of an input whose score is ``uncertainty`` ("Not sure: this looks less
    like any digit than 96 % of real test digits do"), or None when it is under the threshold."""
    if not uncertainty > calibration.threshold:  # NaN: no verdict either way
        return None
    one = things[:-1] if things.endswith("s") else things
    return f"Not sure: this looks less like any {one} than {100 * calibration.accepted:.0f}% of real test {things} do"
