"""Parameter statistics and the diagnoses drawn from their history."""

import math

import numpy as np
import pytest

from cnnviz.train.stats import ParamStats, StatsHistory, diagnose, parameter_stats, summarize


def test_summary_numbers_match_numpy():
    values = np.random.default_rng(0).standard_normal((64, 32)).astype(np.float32)
    s = summarize(values)
    flat = values.astype(np.float64).ravel()
    assert s.mean == pytest.approx(flat.mean())
    assert s.std == pytest.approx(flat.std())
    assert s.abs_mean == pytest.approx(np.abs(flat).mean())
    assert s.l2 == pytest.approx(np.linalg.norm(flat))
    np.testing.assert_allclose([s.p1, s.p25, s.p50, s.p75, s.p99], np.percentile(flat, [1, 25, 50, 75, 99]))
    assert s.finite


def test_large_tensor_percentiles_are_sampled_but_close():
    values = np.random.default_rng(1).standard_normal(1_600_000)
    s = summarize(values)
    np.testing.assert_allclose([s.p1, s.p50, s.p99], np.percentile(values, [1, 50, 99]), atol=0.02)
    assert s.l2 == pytest.approx(np.linalg.norm(values))  # norms use every value


def test_non_finite_values_are_flagged():
    s = summarize(np.array([1.0, np.nan, 3.0, np.inf]))
    assert not s.finite and s.mean == 2.0


def test_parameter_stats_per_parameter_with_grads_and_updates():
    w = {"conv1.weight": np.full((2, 1, 3, 3), 2.0, np.float32), "conv1.bias": np.zeros(2, np.float32)}
    g = {"conv1.weight": np.full((2, 1, 3, 3), 0.5, np.float32)}
    before = {"conv1.weight": np.full((2, 1, 3, 3), 2.1, np.float32)}
    stats = parameter_stats(w, g, before)
    assert [p.name for p in stats] == ["conv1.weight", "conv1.bias"]
    weight, bias = stats
    assert weight.shape == (2, 1, 3, 3) and weight.size == 18
    assert weight.weights.l2 == pytest.approx(2.0 * math.sqrt(18))
    assert weight.grads.l2 == pytest.approx(0.5 * math.sqrt(18))
    assert weight.update_l2 == pytest.approx(0.1 * math.sqrt(18), rel=1e-5)
    assert weight.update_ratio() == pytest.approx(0.05, rel=1e-5)  # measured: |dw| / |w|
    assert bias.grads is None and bias.update_ratio(0.1) is None  # nothing to judge by
    estimated = ParamStats("w", (18,), weight.weights, weight.grads)
    assert estimated.update_ratio(0.01) == pytest.approx(0.01 * 0.25)  # lr * |g| / |w|
    with pytest.raises(ValueError, match="gradient shape"):
        parameter_stats(w, {"conv1.weight": np.zeros(3)})


def _history(ratios: dict[str, list[float]], grad_l2=None, lr=0.01, capacity=500) -> StatsHistory:
    """A history where each parameter's |w| = 1 and lr * |g| gives the wanted update ratio."""
    history = StatsHistory(capacity)
    steps = len(next(iter(ratios.values())))
    for step in range(steps):
        weights, grads = {}, {}
        for name, series in ratios.items():
            weights[name] = np.full((4, 4), 0.25)  # L2 norm 1
            norm = series[step] / lr if grad_l2 is None else grad_l2[name][step]
            grads[name] = np.full((4, 4), norm / 4)
        history.record(step + 1, parameter_stats(weights, grads), lr=lr)
    return history


def test_healthy_training_gives_no_warning():
    rng = np.random.default_rng(0)
    history = _history(
        {
            "conv1.weight": list(1e-3 * np.exp(rng.normal(0, 0.3, 60))),
            "dense1.weight": list(2e-3 * np.exp(rng.normal(0, 0.3, 60))),
        }
    )
    assert diagnose(history) == []


def test_vanishing_gradients_are_flagged_for_the_stuck_layer_only():
    history = _history({"conv1.weight": [3e-7] * 60, "dense1.weight": [1e-3] * 60})
    findings = diagnose(history)
    assert len(findings) == 1
    assert "Vanishing gradients" in findings[0] and "conv1.weight" in findings[0]
    assert "dense1.weight" not in findings[0]
    assert "larger learning rate" in findings[0]


def test_too_high_learning_rate_is_flagged():
    history = _history({"conv1.weight": [0.5] * 60, "dense1.weight": [1e-3] * 60})
    findings = diagnose(history)
    assert len(findings) == 1 and "too big" in findings[0] and "conv1.weight" in findings[0]
    assert "Lower the learning rate" in findings[0]


def test_fast_growing_gradients_are_flagged_as_exploding():
    norms = list(np.geomspace(0.01, 1.0, 60))  # 100x growth, ratios still moderate
    history = _history({"dense1.weight": [0.0] * 60}, grad_l2={"dense1.weight": norms}, lr=1e-3)
    findings = diagnose(history)
    assert any("Exploding gradients" in f and "dense1.weight" in f for f in findings)


def test_all_zero_gradients_mean_dead_units():
    history = _history({"conv1.weight": [0.0] * 30}, grad_l2={"conv1.weight": [0.0] * 30})
    findings = diagnose(history)
    assert len(findings) == 1 and "no gradient" in findings[0] and "dead ReLU" in findings[0]
    mostly_dead = [0.0] * 30
    mostly_dead[5:10] = [1e-3] * 5  # a few batches still wake a unit up
    assert "no gradient" in diagnose(_history({"conv1.weight": [0.0] * 30}, grad_l2={"conv1.weight": mostly_dead}))[0]


def _record_dead_then_flowing(history, dead_lr, dead_steps, lr, flowing_steps, first_step=1):
    """``dead_steps`` records at ``dead_lr`` with no gradient at all, then ``flowing_steps`` at ``lr`` with healthy
    gradients, the step count going on (as after a divergence: the weights put back, the count not)."""
    step = first_step
    for i in range(dead_steps + flowing_steps):
        dead = i < dead_steps
        rate = dead_lr if dead else lr
        norm = 0.0 if dead else 1e-3 / rate  # |w| = 1: a healthy 1e-3 update ratio
        weights, grads = {"conv1.weight": np.full((4, 4), 0.25)}, {"conv1.weight": np.full((4, 4), norm / 4)}
        history.record(step, parameter_stats(weights, grads), lr=rate)
        step += 1
    return history


def test_dead_units_are_judged_on_the_run_as_it_is_now():
    """Learning rate too high (session 44): after the run died at lr 0.5 and the teacher resumed at 0.05, the
    warning "no gradient at all reaches ..." stayed 100+ steps while accuracy was back at 92.8 %: it judged the
    records from before the resume with those after it."""
    history = _record_dead_then_flowing(StatsHistory(200), 0.5, 40, 0.05, 3)
    assert diagnose(history) == []  # three records at the new rate, the gradients flowing
    # The same rate throughout (the teacher resumed without lowering it): dead is still news only while it lasts.
    same_rate = _record_dead_then_flowing(StatsHistory(200), 0.5, 40, 0.5, 3)
    assert diagnose(same_rate) == []
    still_dead = _record_dead_then_flowing(StatsHistory(200), 0.5, 40, 0.5, 0)
    assert "no gradient" in diagnose(still_dead)[0]


def test_too_big_steps_before_the_rate_was_lowered_are_not_judged_after_it():
    history = _history({"conv1.weight": [0.5] * 30}, lr=0.5)
    _record_dead_then_flowing(history, 0.5, 0, 0.05, 12, first_step=31)
    assert diagnose(history) == []
    # A schedule's smooth decay is no new start: the too-big steps are still judged.
    smooth = StatsHistory()
    for step in range(30):
        rate = 0.5 * 0.99**step
        weights, grads = {"w": np.full((4, 4), 0.25)}, {"w": np.full((4, 4), 0.5 / rate / 4)}
        smooth.record(step + 1, parameter_stats(weights, grads), lr=rate)
    assert "too big" in diagnose(smooth)[0]


def test_the_dead_units_advice_agrees_with_the_divergence_banner():
    """The banner says "Lower the learning rate ... and resume" (the weights from before the jump put back);
    the box said "Reset the network": a reset is the last resort, when no weights were put back."""
    findings = diagnose(_history({"conv1.weight": [0.0] * 30}, grad_l2={"conv1.weight": [0.0] * 30}))
    assert "Lower the learning rate and resume" in findings[0]
    assert findings[0].index("resume") < findings[0].index("reset the network")


def test_nan_is_reported_at_once():
    history = StatsHistory()
    history.record(1, parameter_stats({"w": np.array([[1.0, np.nan]])}, {"w": np.ones((1, 2))}), lr=0.1)
    findings = diagnose(history)
    assert len(findings) == 1 and "NaN" in findings[0] and "resume" in findings[0]


def test_a_few_odd_steps_or_a_short_history_are_not_a_trend():
    assert diagnose(_history({"conv1.weight": [3e-7] * 5})) == []  # too early to judge
    mostly_fine = [1e-3] * 50
    mostly_fine[10:15] = [3e-7] * 5
    assert diagnose(_history({"conv1.weight": mostly_fine})) == []
    assert diagnose(StatsHistory()) == []


def test_adam_is_judged_on_measured_updates_only():
    history = StatsHistory()
    for step in range(30):
        w = np.full((4, 4), 0.25)
        tiny_grad = {"conv1.weight": np.full((4, 4), 1e-6)}  # lr * |g| / |w| would say "vanishing"
        history.record(step, parameter_stats({"conv1.weight": w}, tiny_grad), lr=1e-3, optimizer="adam")
    assert diagnose(history) == []
    assert np.isnan(history.series("conv1.weight", "update_ratio")).all()
    history.clear()
    for step in range(30):
        w = np.full((4, 4), 0.25)
        before = {"conv1.weight": w - 1e-9}  # measured: really frozen
        history.record(step, parameter_stats({"conv1.weight": w}, None, before), lr=1e-3, optimizer="adam")
    assert any("Vanishing" in f for f in diagnose(history))


def test_biases_are_not_judged_by_update_ratio():
    history = StatsHistory()
    for step in range(30):
        stats = parameter_stats({"dense1.bias": np.full(10, 1e-4)}, {"dense1.bias": np.ones(10)})
        history.record(step, stats, lr=0.1)
    assert diagnose(history) == []


def test_history_is_a_ring_buffer_with_series():
    history = _history({"conv1.weight": [1e-3] * 30}, capacity=20)
    assert len(history) == 20
    np.testing.assert_array_equal(history.steps, np.arange(11, 31))
    np.testing.assert_allclose(history.series("conv1.weight", "update_ratio"), 1e-3)
    np.testing.assert_allclose(history.series("conv1.weight", "weights.l2"), 1.0)
    assert np.isnan(history.series("missing.weight", "grads.l2")).all()
    with pytest.raises(ValueError, match="unknown statistic"):
        history.series("conv1.weight", "grads.median")
    history.record(1, [], lr=0.1)  # the step count went back: a reset, start afresh
    assert len(history) == 1


def test_real_trainer_parameters_can_be_summarised(small_mnist):
    from cnnviz.train.config import TrainConfig
    from cnnviz.train.trainer import Trainer

    trainer = Trainer(
        TrainConfig(net="tiny", backend="numpy", steps=3, batch_size=32, optimizer="sgd", lr=0.05, schedule="constant"),
        small_mnist,
    )
    trainer.setup()
    before = trainer.model.state_dict()
    trainer._train_step()
    params = dict(trainer.model.named_parameters())
    stats = parameter_stats(trainer.model.state_dict(), {n: p.grad for n, p in params.items()}, before)
    for p in stats:
        # Plain SGD: the measured update is exactly lr * |g|.
        assert p.update_l2 == pytest.approx(0.05 * p.grads.l2, rel=1e-3), p.name


def test_every_diagnosis_can_be_said_in_the_guis_language():
    """The Statistics tab showed its warnings in English in the German window (issue 31, session 38):
    each finding is a Phrase whose template (and the "and" of its names) goes through the translation."""
    from cnnviz.translatable import Phrase

    dead = _history(
        {"conv1.weight": [0.0] * 30, "dense1.weight": [0.0] * 30},
        grad_l2={"conv1.weight": [0.0] * 30, "dense1.weight": [0.0] * 30},
    )
    exploding = _history({"conv1.weight": [0.5] * 30})
    vanishing = _history({"conv1.weight": [3e-7] * 30})
    findings = diagnose(dead) + diagnose(exploding) + diagnose(vanishing)
    assert len(findings) == 3

    def marked(template):  # a "translation" that shows where the translated text is
        return "«" + template + "»"

    for finding in findings:
        assert isinstance(finding, Phrase), finding
        assert finding.text(marked).startswith("«") and finding.text(marked).endswith("»"), finding
    assert "«conv1.weight and dense1.weight»" in diagnose(dead)[0].text(marked)  # the "and" too
