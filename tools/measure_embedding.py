"""How long one map of what the network learned takes: the measurement behind docs/see-inside.md.

    python tools/measure_embedding.py [NET ...]        (default: tiny seed)

For each net (random weights: the cost does not depend on their values), on the NumPy backend, the
median of 5 runs of: the forward pass of the first 2,000 MNIST test images to the classifier's input
(``logits_and_features``), the PCA and Procrustes alignment (``project`` with a previous map), and
placing one drawing (``features_of`` + ``place``).
"""

import sys
import time

import numpy as np

from cnnviz.classroom import embedding as em
from cnnviz.classroom.saliency import model_from_weights
from cnnviz.classroom.uncertainty import logits_and_features
from cnnviz.data.datasets import load_dataset
from cnnviz.nn.model import Sequential, resolve_spec


def median_s(fn, runs=5):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def main(nets):
    images, labels, indices = em.map_images(load_dataset("mnist"))
    for net in nets:
        spec = resolve_spec(net)
        weights = Sequential.from_spec(spec).initialise(0).state_dict()
        model = model_from_weights(spec, weights)
        logits, features = logits_and_features(model, images)
        previous = em.project(features, labels, logits.argmax(1), indices)
        forward = median_s(lambda: logits_and_features(model, images))
        pca = median_s(lambda: em.project(features, labels, logits.argmax(1), indices, previous))
        whole = median_s(lambda: em.map_of(spec, weights, 0, images, labels, indices, previous), runs=3)
        one = median_s(lambda: previous.place(em.features_of(model, images[0])), runs=20)
        print(
            f"{net}: {features.shape[1]} features; forward of {len(images)} images {forward:.3f} s, "
            f"PCA + Procrustes {1000 * pca:.1f} ms, whole map {whole:.3f} s, one drawing {1000 * one:.1f} ms"
        )


if __name__ == "__main__":
    main(sys.argv[1:] or ["tiny", "seed"])
