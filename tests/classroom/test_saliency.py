"""Gradient saliency and occlusion, checked against what they must equal."""

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.classroom.saliency import (
    class_score_gradients,
    model_from_weights,
    occlusion_map,
    patch_origins,
    saliency_map,
)
from cnnviz.nn.model import Sequential


@pytest.fixture(scope="module")
def numpy_backend():
    return registry.get("numpy")


def test_linear_model_saliency_is_the_class_weight_row(numpy_backend):
    model = Sequential.from_spec("dense-10").initialise(3).to(numpy_backend)
    image = np.random.default_rng(0).random((28, 28), dtype=np.float32)
    weights = model.state_dict()["dense1.weight"]  # (10, 784)
    for target in (0, 7):
        np.testing.assert_allclose(
            saliency_map(model, image, target), weights[target].reshape(28, 28), rtol=1e-6, atol=1e-7
        )
    predicted = int(model.predict_proba(image[None, None]).argmax())
    np.testing.assert_allclose(saliency_map(model, image), weights[predicted].reshape(28, 28), rtol=1e-6, atol=1e-7)


def test_conv_net_saliency_matches_finite_differences(numpy_backend):
    model = Sequential.from_spec("conv3-4,relu,pool,conv3-4,relu,pool,dense-16,relu,dense-10")
    model.initialise(1, np.float64).to(numpy_backend)
    rng = np.random.default_rng(2)
    image = rng.random((28, 28))
    target = 3
    grad = saliency_map(model, image, target)
    assert grad.shape == (28, 28) and grad.dtype == np.float64

    # Central differences for every pixel, all 2 x 784 perturbed images in one batch.
    eps = 1e-6
    eye = np.eye(784).reshape(784, 28, 28) * eps
    batch = np.concatenate([image + eye, image - eye])[:, None]
    logits = numpy_backend.to_host(model.forward(numpy_backend.from_host(batch), train=False))
    for layer in model.layers:
        layer.clear_cache()
    numeric = ((logits[:784, target] - logits[784:, target]) / (2 * eps)).reshape(28, 28)
    assert np.abs(numeric).max() > 1e-3, "the check would be vacuous"
    worst = np.unravel_index(np.abs(grad - numeric).argmax(), grad.shape)
    np.testing.assert_allclose(
        grad, numeric, rtol=1e-5, atol=1e-7, err_msg=f"saliency vs finite differences, worst at pixel {worst}"
    )


def test_batched_gradients_equal_one_at_a_time(numpy_backend):
    model = Sequential.from_spec("tiny").initialise(0, np.float64).to(numpy_backend)
    images = np.random.default_rng(5).random((4, 28, 28))
    logits, grads = class_score_gradients(model, images, targets=[1, 2, 3, 4])
    assert logits.shape == (4, 10) and grads.shape == (4, 28, 28)
    for i in range(4):
        np.testing.assert_allclose(grads[i], saliency_map(model, images[i], i + 1), rtol=1e-10, atol=1e-12)


def test_saliency_leaves_the_model_as_it_was(numpy_backend):
    model = Sequential.from_spec("conv3-2,relu,pool,dropout-0.5,dense-10").initialise(0).to(numpy_backend)
    flat = model.named_parameters().flat
    flat.grad[:] = np.arange(flat.grad.size) % 7  # as if the trainer had just run backward
    grads_before = flat.grad.copy()
    before = model.state_dict()
    saliency_map(model, np.ones((28, 28), np.float32))
    np.testing.assert_array_equal(flat.grad, grads_before)
    assert all(getattr(layer, "_cache", None) is None for layer in model.layers)
    for name, value in model.state_dict().items():
        np.testing.assert_array_equal(value, before[name])


def test_model_from_weights_copies_a_snapshot(numpy_backend):
    original = Sequential.from_spec("tiny").initialise(4).to(numpy_backend)
    copy = model_from_weights(original.spec, original.state_dict())
    image = np.random.default_rng(1).random((28, 28), dtype=np.float32)
    np.testing.assert_allclose(saliency_map(copy, image, 2), saliency_map(original, image, 2), rtol=1e-6)
    assert copy.layers[0].params["weight"].data is not original.layers[0].params["weight"].data


def _evidence_model(backend, region: tuple[slice, slice], strength: float, cls: int = 3) -> Sequential:
    """dense-10 whose class ``cls`` logit is strength x (sum of the pixels in ``region``) - 3, others 0."""
    model = Sequential.from_spec("dense-10").initialise(0).to(backend)
    weight = np.zeros((10, 28, 28), np.float32)
    weight[cls][region] = strength
    bias = np.zeros(10, np.float32)
    bias[cls] = -3.0
    model.load_state_dict({"dense1.weight": weight.reshape(10, 784), "dense1.bias": bias})
    return model


def _mask(region):
    mask = np.zeros((28, 28), bool)
    mask[region] = True
    return mask


def test_occlusion_is_highest_where_the_evidence_is(numpy_backend):
    region = (slice(4, 10), slice(16, 22))
    model = _evidence_model(numpy_backend, region, strength=0.25)  # p(3) = 0.98 with all the evidence
    image = np.zeros((28, 28), np.float32)
    image[region] = 1.0
    image[18:24, 2:8] = 1.0  # ink the model ignores
    heat = occlusion_map(model, image, patch=6, stride=2)
    assert heat.shape == (28, 28)
    peak = np.unravel_index(heat.argmax(), heat.shape)
    assert 4 <= peak[0] < 10 and 16 <= peak[1] < 22, peak
    assert heat[region].min() > 0.2
    assert heat[region].mean() > 3 * heat[~_mask(region)].mean()
    np.testing.assert_allclose(heat[18:24, 2:8], 0.0, atol=1e-6)  # hiding irrelevant ink changes nothing
    np.testing.assert_allclose(heat[20:, 12:], 0.0, atol=1e-6)  # far from the evidence


def test_occlusion_values_are_exact_probability_drops(numpy_backend):
    region = (slice(0, 6), slice(0, 6))
    model = _evidence_model(numpy_backend, region, strength=2.0)
    image = np.zeros((28, 28), np.float32)
    image[region] = 1.0
    # patch=stride=6 tiles (plus the edge row/column at 22): the top-left patch hides all the evidence.
    heat = occlusion_map(model, image, patch=6, stride=6)
    p_full = np.exp(2 * 36 - 3) / (np.exp(2 * 36 - 3) + 9)
    p_hidden = np.exp(-3) / (np.exp(-3) + 9)
    assert heat[0, 0] == pytest.approx(p_full - p_hidden, rel=1e-5)


def test_occlusion_runs_in_few_batches(numpy_backend, monkeypatch):
    model = Sequential.from_spec("tiny").initialise(0).to(numpy_backend)
    calls = []
    original = model.forward

    def counting_forward(x, *args, **kwargs):
        calls.append(x.shape[0])
        return original(x, *args, **kwargs)

    monkeypatch.setattr(model, "forward", counting_forward)
    occlusion_map(model, np.random.default_rng(0).random((28, 28)), patch=6, stride=2)
    assert calls == [145]  # 12 x 12 patch positions + the unoccluded image, one batch


def test_patch_origins_cover_both_edges():
    assert list(patch_origins(6, 2)) == list(range(0, 23, 2))
    assert list(patch_origins(6, 4)) == [0, 4, 8, 12, 16, 20, 22]
    assert list(patch_origins(28, 3)) == [0]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"patch": 0}, "patch must be"),
        ({"patch": 29}, "patch must be"),
        ({"stride": 0}, "stride"),
        ({"fill": float("nan")}, "fill"),
        ({"target": 10}, "target class"),
    ],
)
def test_occlusion_rejects_bad_arguments(numpy_backend, kwargs, message):
    model = Sequential.from_spec("dense-10").initialise(0).to(numpy_backend)
    with pytest.raises(ValueError, match=message):
        occlusion_map(model, np.zeros((28, 28)), **kwargs)


def test_inputs_are_checked(numpy_backend):
    model = Sequential.from_spec("dense-10").initialise(0)
    with pytest.raises(ValueError, match="no backend"):
        saliency_map(model, np.zeros((28, 28)))
    model.to(numpy_backend)
    with pytest.raises(ValueError, match="28x28"):
        saliency_map(model, np.zeros((20, 20)))
    with pytest.raises(ValueError, match="NaN"):
        saliency_map(model, np.full((28, 28), np.nan))
    with pytest.raises(ValueError, match="target class"):
        saliency_map(model, np.zeros((28, 28)), target=12)


@pytest.mark.parametrize("name", [n for n in registry.NAMES if n != "numpy"])
def test_every_backend_gives_the_reference_maps(name, numpy_backend):
    from cnnviz.backends.base import BackendUnavailable

    try:
        backend = registry.get(name)
    except BackendUnavailable as exc:
        pytest.skip(f"{name} cannot run here: {exc}")
    image = np.random.default_rng(3).random((28, 28), dtype=np.float32)
    reference = Sequential.from_spec("tiny").initialise(6).to(numpy_backend)
    model = Sequential.from_spec("tiny").initialise(6).to(backend)
    np.testing.assert_allclose(
        saliency_map(model, image, 4),
        saliency_map(reference, image, 4),
        rtol=1e-4,
        atol=1e-5 * np.abs(saliency_map(reference, image, 4)).max(),
        err_msg=name,
    )
    np.testing.assert_allclose(occlusion_map(model, image), occlusion_map(reference, image), atol=1e-5, err_msg=name)
