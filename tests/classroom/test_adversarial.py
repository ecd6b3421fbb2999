"""The targeted attack: its gradient is the model's own, its steps are whole grey levels, and it fools."""

import numpy as np
import pytest

from cnnviz.backends import registry
from cnnviz.classroom.adversarial import fool, log_probability_seed, to_levels
from cnnviz.classroom.saliency import layer_input_gradients
from cnnviz.data.datasets import load_dataset
from cnnviz.nn.model import Sequential


@pytest.fixture(scope="module")
def mnist_test():
    data = load_dataset("mnist")
    return data.test_images[:40].astype(np.float32) / 255.0, data.test_labels[:40].astype(int)


def _log_softmax(logits, target):
    shifted = logits - logits.max(axis=1, keepdims=True)
    return shifted[:, target] - np.log(np.exp(shifted).sum(axis=1))


def test_attack_gradient_matches_finite_differences():
    be = registry.get("numpy")
    model = Sequential.from_spec("conv3-4,relu,pool,conv3-4,relu,pool,dense-16,relu,dense-10")
    model.initialise(7, np.float64).to(be)
    image = np.random.default_rng(3).random((28, 28))
    target = 6
    _, grad = layer_input_gradients(model, image, len(model.layers) - 1, log_probability_seed(target))
    eps = 1e-6
    eye = np.eye(784).reshape(784, 28, 28) * eps
    batch = np.concatenate([image + eye, image - eye])[:, None]
    logits = be.to_host(model.forward(be.from_host(batch), train=False))
    for layer in model.layers:
        layer.clear_cache()
    lp = _log_softmax(logits, target)
    numeric = ((lp[:784] - lp[784:]) / (2 * eps)).reshape(28, 28)
    assert np.abs(numeric).max() > 1e-3, "the check would be vacuous"
    worst = np.unravel_index(np.abs(grad[0] - numeric).argmax(), numeric.shape)
    np.testing.assert_allclose(
        grad[0],
        numeric,
        rtol=1e-5,
        atol=1e-7,
        err_msg=f"d log p(target)/d pixel vs finite differences, worst at {worst}",
    )


def test_intermediate_layer_gradient_matches_finite_differences():
    """The filters' objective: one channel's mean over its map, below the classifier."""
    be = registry.get("numpy")
    model = Sequential.from_spec("conv5-3,relu,pool,conv3-5,relu,pool,dense-10").initialise(2, np.float64).to(be)
    image = np.random.default_rng(4).random((28, 28))
    unit, layer_index = 2, 3  # conv2's output, before its ReLU

    def seed(out):
        s = np.zeros_like(out)
        s[:, unit] = 1.0 / (out.shape[2] * out.shape[3])
        return s

    _, grad = layer_input_gradients(model, image, layer_index, seed)
    eps = 1e-6
    eye = np.eye(784).reshape(784, 28, 28) * eps
    x = be.from_host(np.concatenate([image + eye, image - eye])[:, None])
    for layer in model.layers[: layer_index + 1]:
        x = layer.forward(be, x, False)
    for layer in model.layers:
        layer.clear_cache()
    means = be.to_host(x)[:, unit].mean(axis=(1, 2))
    numeric = ((means[:784] - means[784:]) / (2 * eps)).reshape(28, 28)
    assert np.abs(numeric).max() > 1e-4
    np.testing.assert_allclose(grad[0], numeric, rtol=1e-5, atol=1e-8)


@pytest.mark.parametrize("mode,epsilon", [("bim", 0.25), ("pixels", 1.0)])
def test_targeted_attack_fools_a_trained_model_within_its_budget(tiny_model, mnist_test, mode, epsilon):
    images, labels = mnist_test
    fooled = 0
    for i in range(10):
        target = (labels[i] + 1 + i % 9) % 10
        result = fool(tiny_model, images[i], target, epsilon=epsilon, mode=mode, steps=200)
        assert result.label == int(tiny_model.predict_proba(images[i][None, None]).argmax())
        levels = np.rint(result.adversarial * 255)
        assert np.array_equal(result.adversarial, levels.astype(np.uint8).astype(np.float32) / np.float32(255))
        assert result.linf <= result.epsilon + 1e-12 and result.linf <= epsilon + 1e-12
        assert result.pixels_changed == np.count_nonzero(to_levels(result.adversarial) != to_levels(result.original))
        if mode == "pixels":
            assert result.pixels_changed <= result.steps
        # What the result says is what the network answers for the saved 8-bit input.
        again = tiny_model.predict_proba(result.png_array()[None, None].astype(np.float32) / np.float32(255))[0]
        assert (int(again.argmax()) == target) == result.fooled
        fooled += result.fooled
    assert fooled >= 8, f"only {fooled}/10 fooled in {mode} mode"


def test_fewest_pixels_changes_far_fewer_pixels_than_bim(tiny_model, mnist_test):
    images, labels = mnist_test
    bim = fool(tiny_model, images[0], (labels[0] + 3) % 10, epsilon=0.25, mode="bim")
    few = fool(tiny_model, images[0], (labels[0] + 3) % 10, epsilon=1.0, mode="pixels")
    assert bim.fooled and few.fooled
    assert few.pixels_changed * 5 < bim.pixels_changed
    assert bim.linf < few.linf


def test_a_tiny_budget_does_not_fool_and_says_so(tiny_model, mnist_test):
    images, labels = mnist_test
    result = fool(tiny_model, images[0], (labels[0] + 5) % 10, epsilon=1 / 255, steps=20)
    assert not result.fooled and result.linf <= 1 / 255 + 1e-12
    assert int(result.probabilities.argmax()) != result.target


@pytest.mark.parametrize(
    "kwargs,fragment",
    [
        ({"target": 10}, "target"),
        ({"target": -1}, "target"),
        ({"epsilon": 0.0}, "epsilon"),
        ({"epsilon": float("nan")}, "epsilon"),
        ({"epsilon": 2.0}, "epsilon"),
        ({"steps": 0}, "steps"),
        ({"steps": 10**9}, "steps"),
        ({"mode": "cw"}, "mode"),
    ],
)
def test_bad_arguments_are_refused_before_any_work(tiny_model, kwargs, fragment):
    args = {"target": 3} | kwargs
    with pytest.raises(ValueError, match=fragment):
        fool(tiny_model, np.zeros((28, 28)), **args)


def test_asking_for_the_answer_it_already_gives_changes_nothing(tiny_model, mnist_test):
    images, _ = mnist_test
    label = int(tiny_model.predict_proba(images[0][None, None]).argmax())
    result = fool(tiny_model, images[0], label)
    assert result.fooled and result.steps == 0 and result.pixels_changed == 0 and result.linf == 0.0
