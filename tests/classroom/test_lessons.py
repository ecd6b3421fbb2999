"""Lesson presets: the shipped ones load and round-trip; broken files explain themselves."""

import json
import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from cnnviz.classroom import lessons as presets_module
from cnnviz.classroom.lessons import (
    PANELS,
    Lesson,
    LessonError,
    bundled_lessons,
    bundled_lessons_dir,
    load_lesson,
    load_lessons_in,
    save_lesson,
)
from cnnviz.nn.model import Sequential

REPO_PRESETS = Path(__file__).resolve().parents[2] / "assets" / "presets"
GOOD = {
    "title": "Test lesson",
    "description": "A lesson for the tests.",
    "net": "tiny",
    "backend": "numpy",
    "optimizer": "sgd",
    "lr": 0.05,
    "momentum": 0.0,
    "batch_size": 32,
    "epochs": 0.5,
    "schedule": "constant",
    "train_samples": 1000,
    "visible_panels": ["loss", "accuracy"],
    "presenter": False,
}


def _write(tmp_path, data, name="lesson.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def test_the_lessons_are_shipped_and_valid():
    presets = bundled_lessons()
    titles = [p.title for p in presets]
    assert titles == [
        "First look (tiny net)",
        "The seed article's network: CPU vs GPU",
        "Learning rate too high",
        "Overfitting on 200 images",
        "Draw something that is not a digit",
        "Same start, two learning rates",
        "Look inside: what it learned, and how to fool it",
        "Teach it our shapes",
    ]
    for preset in presets:
        assert preset.source is not None and preset.source.parent == bundled_lessons_dir()
        Sequential.from_spec(preset.net)
        assert set(preset.visible_panels) <= set(PANELS)
        assert preset.to_train_config().net == preset.net
    by_title = {p.title: p for p in presets}
    overfit = by_title["Overfitting on 200 images"]
    assert overfit.train_samples == 200 and overfit.epochs >= 10 and "dropout" not in overfit.net
    assert overfit.test_samples == 2000
    for preset in presets:
        assert preset.steps, f"{preset.title}: the class needs steps to follow"
        assert preset.title not in preset.description, f"{preset.title}: the text repeats its title"
    too_high = by_title["Learning rate too high"]
    assert too_high.lr >= 0.5 and too_high.schedule == "constant"
    assert by_title["The seed article's network: CPU vs GPU"].net == "seed"
    assert "timings" in by_title["The seed article's network: CPU vs GPU"].visible_panels


def test_installed_presets_are_the_repository_presets():
    installed = {p.name: p.read_bytes() for p in bundled_lessons_dir().glob("*.json")}
    assert installed == {p.name: p.read_bytes() for p in REPO_PRESETS.glob("*.json")}
    assert len(installed) == len(bundled_lessons())


@pytest.mark.parametrize("path", sorted(REPO_PRESETS.glob("*.json")), ids=lambda p: p.name)
def test_bundled_presets_round_trip(tmp_path, path):
    preset = load_lesson(path)
    saved = save_lesson(preset, tmp_path / path.name)
    again = load_lesson(saved)
    assert again == preset
    assert json.loads(saved.read_text()) == json.loads(path.read_text())


def test_a_minimal_preset_gets_defaults(tmp_path):
    data = {k: v for k, v in GOOD.items() if k not in ("momentum", "train_samples")}
    preset = load_lesson(_write(tmp_path, data))
    assert preset.momentum == 0.9 and preset.train_samples is None
    config = preset.to_train_config(seed=3, eval_every=50)
    assert (config.optimizer, config.lr, config.batch_size, config.seed, config.eval_every) == ("sgd", 0.05, 32, 3, 50)


def test_lesson_views_are_named_as_their_panels_and_old_names_still_load(tmp_path):
    """A view's name in a lesson file is its panel's key (mistakes, why, map, statistics); files written when
    they were called confusion, saliency, embedding and stats load as the new names, once each."""
    assert {"mistakes", "why", "map", "statistics"} <= set(PANELS)
    old = dict(GOOD, visible_panels=["loss", "confusion", "saliency", "embedding", "stats"])
    assert load_lesson(_write(tmp_path, old)).visible_panels == ("loss", "mistakes", "why", "map", "statistics")
    with pytest.raises(LessonError, match="more than once"):
        load_lesson(_write(tmp_path, dict(GOOD, visible_panels=["why", "saliency"])))


def test_a_step_may_name_the_view_it_sends_the_class_to(tmp_path):
    """A step {"text", "show"} names the view the app brings up when the step is shown (old names too);
    it round-trips, and plain-text steps name none."""
    data = dict(
        GOOD,
        steps=["Press Start.", {"text": "Kernels: look.", "show": "kernels"}, {"text": "Map.", "show": "embedding"}],
    )
    lesson = load_lesson(_write(tmp_path, data))
    assert lesson.steps == ("Press Start.", "Kernels: look.", "Map.")
    assert [lesson.view_of_step(i) for i in range(-1, 4)] == [None, None, "kernels", "map", None]
    again = load_lesson(save_lesson(lesson, tmp_path / "again.json"))
    assert again == lesson and again.step_views == (None, "kernels", "map")


def test_a_step_may_name_the_part_of_its_view_it_talks_about(tmp_path):
    """Learning rate too high (session 44): its step spoke of "the gradient lines" while Statistics opened on
    its first plot, "Update size"; a step's "part" names the plot (it round-trips, and is checked)."""
    data = dict(GOOD, steps=["Start.", {"text": "Gradients.", "show": "statistics", "part": "gradient_norm"}])
    lesson = load_lesson(_write(tmp_path, data))
    assert [lesson.part_of_step(i) for i in range(3)] == [None, "gradient_norm", None]
    assert load_lesson(save_lesson(lesson, tmp_path / "again.json")) == lesson
    assert load_lesson(_write(tmp_path, GOOD)).step_parts == ()
    bundled = load_lesson(REPO_PRESETS / "03_learning_rate_too_high.json")
    step = next(i for i, text in enumerate(bundled.steps) if "No gradient" in text)
    assert (bundled.view_of_step(step), bundled.part_of_step(step)) == ("statistics", "gradient_norm")
    for step, message in (
        ({"text": "x", "show": "statistics", "part": "gradients"}, "'part' 'gradients' is not a part of its view;"),
        ({"text": "x", "show": "kernels", "part": "weights"}, "'kernels' has no parts"),
        ({"text": "x", "part": "weights"}, "None has no parts"),
    ):
        with pytest.raises(LessonError, match=re.escape(message)):
            load_lesson(_write(tmp_path, dict(GOOD, steps=[step])))


@pytest.mark.parametrize(
    "step, message",
    [
        ({"text": "Look.", "show": "graphs"}, "step 1: 'show' must be a panel name, got 'graphs'; known panels: loss,"),
        ({"text": "Look.", "show": 3}, "step 1: 'show' must be a panel name, got 3"),
        ({"text": "Look.", "show": ["kernels"]}, "step 1: 'show' must be a panel name, got ['kernels']"),
        ({"show": "kernels"}, "'steps' must be a list of at most 12 steps"),
        ({"text": "Look.", "shows": "kernels"}, "'steps' must be a list of at most 12 steps"),
        ({"text": "", "show": "kernels"}, "'steps' must be a list of at most 12 steps"),
        ({"text": "x" * 601, "show": "kernels"}, "'steps' must be a list of at most 12 steps"),
    ],
)
def test_a_bad_step_view_is_refused_clearly(tmp_path, step, message):
    with pytest.raises(LessonError) as error:
        load_lesson(_write(tmp_path, dict(GOOD, steps=["Press Start.", step][1:])))
    assert message in str(error.value)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"learning_rate": 0.1}, "unknown key 'learning_rate'"),
        ({"visible_pannels": ["loss"]}, "did you mean 'visible_panels'"),
        ({"lr": 0}, "'lr' must be a number in (0, 10]"),
        ({"lr": "fast"}, "'lr' must be a number"),
        ({"lr": float("nan")}, "'lr' must be a number"),
        ({"momentum": 1.0}, "'momentum' must be a number in [0, 1)"),
        ({"batch_size": 32.0}, "'batch_size' must be a whole number"),
        ({"batch_size": True}, "'batch_size' must be a whole number"),
        ({"epochs": -1}, "'epochs' must be a number in (0, 1000]"),
        ({"optimizer": "rmsprop"}, "'optimizer' must be one of sgd, momentum, adam"),
        ({"schedule": "cosine"}, "'schedule' must be one of constant, onecycle"),
        ({"backend": "tpu"}, "'backend' must be one of auto, numpy, numba, cuda, cupy"),
        ({"train_samples": 0}, "'train_samples' must be a whole number of at least 1"),
        ({"visible_panels": []}, "non-empty list"),
        ({"visible_panels": ["loss", "graphs"]}, "unknown panel(s) 'graphs'"),
        ({"visible_panels": ["loss", "loss"]}, "more than once"),
        ({"presenter": "yes"}, "'presenter' must be true or false"),
        ({"test_samples": 0}, "'test_samples' must be a whole number of at least 1"),
        ({"steps": "press start"}, "'steps' must be a list"),
        ({"steps": ["ok", ""]}, "'steps' must be a list"),
        ({"title": ""}, "'title' must be text"),
        ({"net": "conv5-8,relu,dense-12"}, "'net' is not a valid network: the network must end with dense-10"),
        ({"net": "conv99-8,dense-10"}, "kernel size must be between 1 and 15"),
    ],
)
def test_bad_fields_give_clear_errors(tmp_path, change, message):
    path = _write(tmp_path, GOOD | change)
    with pytest.raises(LessonError) as error:
        load_lesson(path)
    assert message in str(error.value)
    assert str(path) in str(error.value)


def test_every_problem_is_listed_at_once(tmp_path):
    data = dict(GOOD, lr=-1, optimizer="nope", colour="red")
    del data["title"]
    with pytest.raises(LessonError, match="4 problems") as error:
        load_lesson(_write(tmp_path, data))
    text = str(error.value)
    for part in ("missing 'title'", "'lr'", "'optimizer'", "unknown key 'colour'"):
        assert part in text


@pytest.mark.parametrize(
    "content, message",
    [
        ('{"title": "x",', "not valid JSON at line 1"),
        ("[1, 2]", "must be a JSON object"),
    ],
)
def test_unreadable_files(tmp_path, content, message):
    with pytest.raises(LessonError, match=message.replace("(", r"\(")):
        load_lesson(_write(tmp_path, content))


def test_missing_or_binary_files(tmp_path):
    with pytest.raises(LessonError, match="no such preset file"):
        load_lesson(tmp_path / "nope.json")
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(LessonError, match="not a text file"):
        load_lesson(binary)


def test_save_refuses_an_invalid_preset(tmp_path):
    preset = load_lesson(_write(tmp_path, GOOD))
    with pytest.raises(LessonError, match="'lr'"):
        save_lesson(replace(preset, lr=-1.0), tmp_path / "bad.json")
    assert not (tmp_path / "bad.json").exists()


def test_a_teachers_folder_loads_good_files_and_reports_bad_ones(tmp_path):
    _write(tmp_path, GOOD, "a.json")
    _write(tmp_path, GOOD | {"lr": "x"}, "b.json")
    presets, problems = load_lessons_in(tmp_path)
    assert [p.title for p in presets] == ["Test lesson"]
    assert len(problems) == 1 and "b.json" in problems[0]


def test_bundled_presets_fall_back_to_the_repository(monkeypatch):
    def missing(_name):
        raise ModuleNotFoundError("cnnviz.assets")

    monkeypatch.setattr(presets_module.importlib.resources, "files", missing)
    beside_package = Path(presets_module.__file__).resolve().parents[2] / "assets" / "presets"
    if beside_package.is_dir():  # running from a checkout
        assert bundled_lessons_dir() == beside_package
    else:  # an installed copy has nothing to fall back to
        with pytest.raises(LessonError, match="reinstall cnnviz"):
            bundled_lessons_dir()


def test_lesson_preset_equality_ignores_the_source(tmp_path):
    preset = load_lesson(_write(tmp_path, GOOD))
    assert replace(preset, source=None) == preset
    assert isinstance(preset, Lesson)


def _cpu_backend() -> str:
    # numba keeps BLAS to one thread per core; the numpy reference on a busy
    # two-core machine slows down tenfold from BLAS threads fighting each other.
    from cnnviz.backends import registry
    from cnnviz.backends.base import BackendUnavailable

    try:
        registry.get("numba")
        return "numba"
    except BackendUnavailable:
        return "numpy"


def _train(preset: Lesson, dataset, steps: int, **overrides):
    """Train a preset for ``steps`` steps on the CPU; returns the losses and the stats diagnosis."""
    from cnnviz.train import events as ev
    from cnnviz.train.stats import StatsHistory, diagnose, parameter_stats
    from cnnviz.train.trainer import Trainer

    trainer = Trainer(preset.to_train_config(backend=_cpu_backend(), steps=steps, **overrides), dataset)
    losses, history, previous = [], StatsHistory(), {}

    def listen(event):
        nonlocal previous
        if isinstance(event, ev.StepFinished):
            losses.append(event.loss)
            weights = trainer.model.state_dict()
            grads = {n: p.grad.copy() for n, p in trainer.model.named_parameters() if p.grad is not None}
            history.record(
                event.step,
                parameter_stats(weights, grads, previous or None),
                lr=event.lr,
                optimizer=trainer.config.optimizer,
            )
            previous = weights

    trainer.add_listener(listen)
    trainer.run()
    return np.array(losses), diagnose(history, window=25)


def test_the_learning_rate_too_high_lesson_really_gets_stuck(small_mnist):
    preset = next(p for p in bundled_lessons() if p.title == "Learning rate too high")
    # Measured: every ReLU is dead from about step 15 on (seeds 0-2, 300 steps: loss 2.32, accuracy ~10%).
    losses, findings = _train(preset, small_mnist, 50)
    # Stuck at the loss of a uniform guess (ln 10 = 2.303): the network has stopped learning.
    assert abs(losses[-20:].mean() - np.log(10)) < 0.1, losses[-20:].mean()
    assert any("no gradient" in f for f in findings), findings
    # The lesson's fix, a 10 times smaller learning rate, learns.
    fixed_losses, fixed_findings = _train(preset, small_mnist, 50, lr=preset.lr / 10)
    assert fixed_losses[-20:].mean() < 1.0 and fixed_findings == [], (fixed_losses[-20:].mean(), fixed_findings)


def test_the_same_start_lesson_shows_the_bigger_learning_rate_getting_further(small_mnist):
    preset = next(p for p in bundled_lessons() if p.title == "Same start, two learning rates")
    assert preset.optimizer == "sgd" and preset.schedule == "constant" and "K" in " ".join(preset.steps)
    # Measured with cnnviz train on the full data (200 steps): 87.0 % at lr 0.01, 95.0 % at 0.1, and 2.0 diverges.
    slow, _ = _train(preset, small_mnist, 100, train_samples=None)
    fast, _ = _train(preset, small_mnist, 100, train_samples=None, lr=preset.lr * 10)
    assert slow[0] == fast[0]  # the same start: the same weights and the same first batch
    assert fast[-20:].mean() < 0.7 * slow[-20:].mean(), (fast[-20:].mean(), slow[-20:].mean())


APP_EVALUATIONS = {"eval_every": 100, "eval_samples": 500}
"""As the app evaluates (cnnviz.gui.window.GUI_TRAIN_DEFAULTS; this test stays Qt-free)."""


def _lesson_run(preset, dataset, on_event, **overrides):
    """A lesson trained headless the way the app trains it (its evaluation settings, its test images)."""
    from cnnviz.train.trainer import Trainer

    config = dict(APP_EVALUATIONS, backend=_cpu_backend(), **overrides)
    if preset.test_samples is not None:
        config["eval_samples"] = None
    trainer = Trainer(preset.to_train_config(**config), preset.tested_on(dataset))
    trainer.add_listener(lambda event: on_event(trainer, event))
    return trainer.run()


def _smoothness(kernels: np.ndarray) -> float:
    """Mean lag-1 spatial autocorrelation of the (k, 1, h, w) kernels, each less its mean: about 0 for
    random noise, towards 1 for the smooth blobs and edges of a stroke detector."""
    k = kernels[:, 0] - kernels[:, 0].mean(axis=(1, 2), keepdims=True)
    pairs = (k[:, 1:, :] * k[:, :-1, :]).sum(axis=(1, 2)) + (k[:, :, 1:] * k[:, :, :-1]).sum(axis=(1, 2))
    energy = 0.5 * (
        (k[:, 1:, :] ** 2 + k[:, :-1, :] ** 2).sum(axis=(1, 2))
        + (k[:, :, 1:] ** 2 + k[:, :, :-1] ** 2).sum(axis=(1, 2))
    )
    return float(np.mean(pairs / energy))


def _low_frequency_share(kernels: np.ndarray) -> float:
    """Mean share of each kernel's energy (less its mean) in the lowest spatial frequencies (0 and +-1 in
    each direction: 9 of 25 for a 5x5 kernel); white noise has about 9/25 = 0.36."""
    k = kernels[:, 0] - kernels[:, 0].mean(axis=(1, 2), keepdims=True)
    power = np.abs(np.fft.fft2(k)) ** 2
    low = [0, 1, k.shape[1] - 1]
    return float(np.mean(power[:, low][:, :, low].sum(axis=(1, 2)) / power.sum(axis=(1, 2))))


@pytest.mark.slow
def test_the_first_look_kernels_turn_from_noise_into_stroke_detectors():
    """Its steps: test accuracy past 90 % within the first quarter of the epoch, and the conv1 kernels
    smoother within a few hundred steps (a third of the lesson, ~10-25 s on 2 busy cores). Measured
    (numba, seed 0, lr 0.01): smoothness 0.03 at the start, 0.20 at step 300, 0.23 at the end; the
    low-frequency share 0.38, 0.53, 0.57; test accuracy 98.6 % at the end. At the old rate of 0.002
    the kernels barely moved (smoothness 0.09 at step 300): "they still look like noise"."""
    from cnnviz.data.datasets import load_dataset
    from cnnviz.train import events as ev

    preset = next(p for p in bundled_lessons() if p.title.startswith("First look"))
    kernels, evaluations = {}, []

    def record(trainer, event):
        if isinstance(event, ev.StepFinished) and event.step in (1, 300):
            kernels[event.step] = trainer.model.state_dict()["conv1.weight"].copy()
            if event.step == 300:
                trainer.stop(final_evaluation=False)
        elif isinstance(event, ev.EvaluationFinished):
            evaluations.append(event)

    _lesson_run(preset, load_dataset("mnist"), record)
    start, later = kernels[1], kernels[300]
    assert _smoothness(start) < 0.1 and _low_frequency_share(start) < 0.45, "random noise at the start"
    assert _smoothness(later) >= 0.15 and _smoothness(later) >= _smoothness(start) + 0.1, _smoothness(later)
    assert _low_frequency_share(later) >= 0.48, _low_frequency_share(later)
    quarter = [e for e in evaluations if e.epoch <= 0.25]
    assert quarter and max(e.test_accuracy for e in quarter) >= 0.9, [e.test_accuracy for e in quarter]


def test_the_kernel_measures_tell_noise_from_strokes():
    """The two measures above: white noise low, a smooth edge (a stroke detector) high."""
    rng = np.random.default_rng(0)
    noise = rng.standard_normal((64, 1, 5, 5))
    y, x = np.mgrid[-2:3, -2:3]
    edge = np.tanh(x + 0.3 * y)[None, None] * np.exp(-(x**2 + y**2) / 8)[None, None]
    assert abs(_smoothness(noise)) < 0.1 and 0.3 < _low_frequency_share(noise) < 0.42
    assert _smoothness(edge) > 0.5 and _low_frequency_share(edge) > 0.8


@pytest.mark.slow
def test_the_overfitting_lesson_shows_what_it_says():
    """Measured (numba, 2 busy cores, seeds 0-2): train accuracy 100%, test 79-81%, the test loss at its
    lowest after 4-7 epochs (0.69-0.85) and 15-30% above that at the end; 45-57 s with the compile."""
    from cnnviz.data.datasets import load_dataset
    from cnnviz.train import events as ev

    preset = next(p for p in bundled_lessons() if p.title == "Overfitting on 200 images")
    evaluations, accuracies = [], []

    def record(_trainer, event):
        if isinstance(event, ev.EvaluationFinished):
            evaluations.append(event)
        elif isinstance(event, ev.StepFinished):
            accuracies.append(event.accuracy)

    result = _lesson_run(preset, load_dataset("mnist"), record)
    losses = np.array([e.test_loss for e in evaluations])
    lowest = int(np.argmin(losses))
    train_accuracy = float(np.mean(accuracies[-40:]))
    assert train_accuracy >= 0.98, train_accuracy
    assert result.test_accuracy <= 0.9 and train_accuracy - result.test_accuracy >= 0.1, result.test_accuracy
    assert evaluations[lowest].epoch <= 10, "the test loss turns in the first half"
    assert losses[-1] >= 1.1 * losses[lowest], (losses[lowest], losses[-1])
    assert all(e.samples == preset.test_samples for e in evaluations), "every point on the same test images"


@pytest.mark.slow
def test_the_learning_rate_lesson_pauses_at_chance_level_and_learns_at_a_tenth():
    """What the lesson's steps say: stuck at ln 10, the trainer pauses with its advice, the weights from
    before the jump come back, and at 0.05 the network learns."""
    from cnnviz.train import events as ev

    preset = next(p for p in bundled_lessons() if p.title == "Learning rate too high")
    seen = {"diverged": None, "losses": [], "accuracy": None}

    def on_event(trainer, event):
        if isinstance(event, ev.Diverged) and seen["diverged"] is None:
            seen["diverged"] = event
            trainer.set_hyperparameters(lr=0.05)
            trainer.resume()
        elif isinstance(event, ev.StepFinished):
            seen["losses"].append(event.loss)
            if seen["diverged"] is not None and event.step >= seen["diverged"].step + 300:
                trainer.stop(final_evaluation=True)

    from cnnviz.data.datasets import load_dataset

    result = _lesson_run(preset, load_dataset("mnist"), on_event, steps=800)
    diverged = seen["diverged"]
    assert diverged is not None and diverged.step <= 300, "it notices within a few hundred steps"
    assert "chance level" in diverged.message and "Lower the learning rate" in diverged.message
    assert diverged.restored_step < 10, "the weights from before the jump"
    stuck = np.array(seen["losses"][50 : diverged.step - 5])
    assert abs(stuck.mean() - np.log(10)) < 0.1
    assert result.test_accuracy >= 0.93, result.test_accuracy


def test_a_step_about_the_feature_maps_colour_scales_says_what_the_panel_shows():
    """Lesson 6 told the class the feature maps of A and B were on "one colour scale per pair" (the kernels' way),
    while each side's maps are on their own scale (a blown-up kept run left one scale's new maps near white), as
    the line under them says: a step on the maps' colour scales says that too."""
    from cnnviz.app.comparison import Curves, KeptRun
    from cnnviz.app.side_by_side import SideBySide

    legend = SideBySide(KeptRun({"lr": 0.01}, Curves(), None, "this session"), {"lr": 0.1}).maps_legend
    own = "each side on its own colour scale"
    assert own in legend
    said = [
        step
        for preset in bundled_lessons()
        for step in preset.steps
        if "feature maps" in step and "colour scale" in step
    ]
    assert said and all(own in step and "per pair" not in step for step in said), said
