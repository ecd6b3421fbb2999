"""The class's own classes, Qt-free: the accepted drawings become a data set, a tiny net learns them from scratch
with the ordinary Trainer, a checkpoint of it names its classes, and too few drawings are refused in words."""

import numpy as np
import pytest

from cnnviz.app import class_training
from cnnviz.app.class_canvas import ClassCanvas
from cnnviz.app.class_training import (
    NotEnoughDrawings,
    class_dataset,
    class_net,
    own_classes,
)
from cnnviz.app.inference import LocalModel
from cnnviz.classroom.synthetic import hand_drawn_shapes
from cnnviz.nn import checkpoint
from cnnviz.nn.layers import SpecError
from cnnviz.nn.model import Sequential
from cnnviz.train.config import TrainConfig
from cnnviz.train.trainer import Trainer

SHAPES = ("circle", "triangle", "star")


def collected(images, labels, hold_back: int = 0, names=SHAPES) -> ClassCanvas:
    """A canvas whose phones sent ``images`` and whose teacher accepted them all (the last ``hold_back`` into the
    class's own test set)."""
    canvas = ClassCanvas()
    canvas.set_classes(names)
    for i, (image, label) in enumerate(zip(images, labels)):
        canvas.receive(f"phone{i % 7}", f"10.0.0.{i % 7 + 2}", image, int(label))
    canvas.collect()
    for n, sub in enumerate(list(canvas.queue)):
        canvas.accept(sub.id, hold_back=n >= len(labels) - hold_back)
    return canvas


@pytest.fixture(scope="module")
def shapes():
    return hand_drawn_shapes(33, seed=1)


@pytest.fixture(scope="module")
def trained(shapes):
    """The tiny net trained from scratch on 30 accepted drawings (3 held back), as the window launches it."""
    canvas = collected(*shapes, hold_back=3)
    dataset = class_dataset(canvas, seed=0)
    settings = {**class_training.run_settings(canvas), "epochs": 1.0}  # 60 steps (the window's run: 180)
    trainer = Trainer(
        TrainConfig(backend="numpy", seed=0, **settings).validate(),
        dataset,
        initial_weights=class_training.fresh_weights(3, seed=0),
    )
    result = trainer.run()
    return canvas, dataset, trainer, result


def test_the_accepted_drawings_are_a_data_set_of_the_class_classes(shapes):
    canvas = collected(*shapes, hold_back=3)
    dataset = class_dataset(canvas, seed=0, total=300)
    assert dataset.class_names == SHAPES and dataset.num_classes == 3
    assert dataset.train_images.shape == (300, 28, 28) and dataset.train_images.dtype == np.uint8
    assert set(np.unique(dataset.train_labels)) == {0, 1, 2}
    # The held back drawings are the test split, never among the training images.
    assert len(dataset.test_labels) == 3
    assert list(dataset.test_labels) == [int(s.label) for s in canvas.held_back]
    train = {im.tobytes() for im in dataset.train_images}
    assert not any(im.tobytes() in train for im in dataset.test_images)
    # Each accepted drawing is in the training split as it was drawn, and repeated about equally often.
    accepted = {np.rint(s.image * 255).astype(np.uint8).tobytes() for s in canvas.accepted}
    assert accepted <= train
    counts = np.bincount(dataset.train_labels, minlength=3)
    assert counts.min() >= 0.8 * counts.max()


def test_without_held_back_drawings_it_tests_on_its_training_drawings(shapes):
    dataset = class_dataset(collected(*shapes), seed=0, total=100)
    assert len(dataset.test_labels) == 33 and "held back" not in dataset.source


def test_a_tiny_net_learns_the_class_shapes_from_scratch_well_above_chance(trained):
    _canvas, _dataset, trainer, result = trained
    assert not result.stopped and result.steps == 60
    state = trainer.host_state()
    local = LocalModel()
    local.load(state.spec, state.weights, state.step)
    model = local.model
    assert model.shapes[-1] == (3,)
    new_images, new_labels = hand_drawn_shapes(60, seed=99)  # drawings it never saw
    accuracy = float((model.predict_proba(new_images[:, None]).argmax(axis=1) == new_labels).mean())
    assert accuracy >= 0.75, f"{accuracy:.2f} on new drawings (chance: 0.33)"


def test_the_window_copy_and_a_checkpoint_keep_the_class_names(trained, tmp_path):
    canvas, _dataset, trainer, _result = trained
    state = trainer.host_state()
    local = LocalModel()
    local.load(state.spec, state.weights, state.step)  # the window's NumPy copy of a 3-output net
    probs, _score = local.classify(hand_drawn_shapes(1, seed=5)[0][0])
    assert len(probs) == 3
    path = tmp_path / "shapes.npz"
    checkpoint.save(path, state.spec, state.weights, {"class_names": list(canvas.classes)})
    model, ckpt = checkpoint.load_model(path)
    assert checkpoint.class_names(ckpt) == list(SHAPES) and model.shapes[-1] == (3,)


@pytest.mark.parametrize(
    "names, note",
    [
        (["a"] * 3, "not valid"),  # not distinct
        (["x" * 200, "b", "c"], "not valid"),  # too long
        ([f"n{i}" for i in range(40)], "not valid"),  # too many
        ([1, 2, 3], "not valid"),
        (["a", "b"], "do not fit"),  # two names for three outputs
    ],
)
def test_a_checkpoint_with_hostile_class_names_loads_without_them(trained, tmp_path, names, note):
    state = trained[2].host_state()
    path = tmp_path / "hostile.npz"
    checkpoint.save(path, state.spec, state.weights, {"class_names": names})
    model, ckpt = checkpoint.load_model(path)
    assert checkpoint.class_names(ckpt) is None and model.shapes[-1] == (3,)
    assert any(note in n for n in ckpt.notes)


def test_too_few_drawings_or_no_classes_are_refused_in_words(shapes):
    images, labels = shapes
    with pytest.raises(NotEnoughDrawings, match="Name the class's own classes"):
        class_dataset(ClassCanvas())
    canvas = collected(images[:4], labels[:4])  # circle, triangle, star, circle: one triangle, one star
    with pytest.raises(NotEnoughDrawings, match=r"at least 2 drawings of each class.*triangle \(1\), star \(1\)"):
        class_dataset(canvas)
    with pytest.raises(NotEnoughDrawings, match=r"circle \(0\), triangle \(0\), star \(0\)"):
        class_dataset(collected([], []))


def test_a_class_net_trains_further_on_the_canvas_drawings_of_its_classes_or_says_why_not(shapes):
    """Start on a loaded net of the class's own classes: the canvas's drawings of its classes (the same data set a
    new class net trains on); an empty canvas takes the net's classes and says what to collect; a canvas holding
    drawings of other classes says why not."""
    images, labels = shapes
    empty = ClassCanvas()
    with pytest.raises(NotEnoughDrawings) as refused:
        class_training.continue_dataset(empty, SHAPES)
    assert empty.classes == SHAPES and empty.task.kind == "class", "the phones now draw the net's classes"
    assert "Still missing: circle (0), triangle (0), star (0)" in str(refused.value)
    other = collected(images[:6], labels[:6] % 2, names=("cat", "dog"))
    with pytest.raises(NotEnoughDrawings) as refused:
        class_training.continue_dataset(other, SHAPES)
    assert "holds drawings of cat, dog" in str(refused.value) and other.classes == ("cat", "dog")
    canvas = collected(images, labels, hold_back=3)
    dataset = class_training.continue_dataset(canvas, SHAPES, seed=0)
    reference = class_dataset(canvas, seed=0)
    assert dataset.class_names == SHAPES and np.array_equal(dataset.train_labels, reference.train_labels)
    assert len(dataset.test_labels) == 3
    settings = class_training.continue_settings(class_net(3))
    assert settings["net"] == class_net(3) and settings["epochs"] == class_training.RUN_SETTINGS["epochs"]


def test_not_sure_of_a_class_net_is_calibrated_on_the_class_drawings_not_mnist(trained):
    """A net trained on a handful of drawings: "not sure" is calibrated on the class's drawings (those held back,
    made up to ten with drawings it learned from), never on MNIST digits it never saw; new drawings of its classes
    are mostly sure, and digits, which it never learned, mostly not."""
    from cnnviz.classroom import uncertainty
    from cnnviz.data.datasets import load_dataset

    _canvas, dataset, trainer, _result = trained
    state = trainer.host_state()
    images = uncertainty.held_out_images(dataset)
    assert len(images) == uncertainty.MIN_CALIBRATION_IMAGES and np.array_equal(images[:3], dataset.test_images)
    calibration = uncertainty.calibrate_weights(state.spec, state.weights, dataset)
    assert calibration.images == uncertainty.MIN_CALIBRATION_IMAGES
    local = LocalModel()
    local.load(state.spec, state.weights, state.step)
    new_images, _labels = hand_drawn_shapes(60, seed=99)
    _probs, _values, unsure_new = uncertainty.assess(local.model, new_images, calibration)
    mnist = load_dataset("mnist")
    digits = mnist.test_images[:200].astype(np.float32) / 255
    _probs, _values, unsure_digits = uncertainty.assess(local.model, digits, calibration)
    assert unsure_new.mean() <= 0.5, f"{unsure_new.mean():.2f} of new drawings of its classes not sure"
    assert unsure_digits.mean() >= 0.5, f"only {unsure_digits.mean():.2f} of digits it never learned not sure"
    # MNIST itself keeps its calibration slice (the other test images measure acceptance).
    assert len(uncertainty.held_out_images(mnist)) == 2000


def test_class_names_are_validated_and_nets_sized_by_them():
    canvas = ClassCanvas()
    for bad in (["only one"], [""] * 3, ["a", "a"], [f"c{i}" for i in range(11)]):
        with pytest.raises(ValueError):
            canvas.set_classes(bad)
    canvas.set_classes(["  a  very   long name " + "x" * 40, "b"])
    assert len(canvas.classes[0]) == 24 and canvas.task.kind == "class"
    assert own_classes(canvas.classes) and not own_classes([str(d) for d in range(10)])
    assert Sequential.from_spec(class_net(4), num_classes=None).shapes[-1] == (4,)
    with pytest.raises(SpecError, match="dense-10"):
        Sequential.from_spec(class_net(4))  # a spec typed for the digits must still end with dense-10
    with pytest.raises(SpecError):
        Sequential.from_spec(class_net(11), num_classes=None)


def test_predict_names_the_class_classes_of_a_saved_net(trained, tmp_path, capsys):
    import json

    from PIL import Image

    from cnnviz.cli.main import main

    canvas, _dataset, trainer, _result = trained
    state = trainer.host_state()
    model_path = tmp_path / "shapes.npz"
    checkpoint.save(model_path, state.spec, state.weights, {"class_names": list(canvas.classes)})
    image, label = hand_drawn_shapes(1, seed=11)
    picture = tmp_path / "shape.png"
    Image.fromarray((image[0] * 255).astype(np.uint8)).save(picture)
    assert main(["predict", "--model", str(model_path), "--raw", str(picture), "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert len(row["probabilities"]) == 3 and row["name"] == SHAPES[row["label"]]
    assert main(["predict", "--model", str(model_path), "--raw", str(picture)]) == 0
    assert "circle:" in capsys.readouterr().out  # the ranking names the classes, not 0 1 2


def test_the_teacher_saves_the_drawings_with_their_class_names(shapes, tmp_path):
    from cnnviz.classroom.drawings import HELD_BACK_FOLDER, DrawingStore

    canvas = collected(*shapes, hold_back=3)
    assert class_training.save_drawings(canvas, tmp_path) == 33
    store, test = DrawingStore(tmp_path), DrawingStore(tmp_path / HELD_BACK_FOLDER)
    images, labels = store.load()
    assert len(labels) == 30 and store.class_names() == list(SHAPES) and not store.warnings
    assert sorted(labels.tolist()) == sorted(int(s.label) for s in canvas.accepted)
    assert len(test.load()[1]) == 3 and test.class_names() == list(SHAPES)
    for hostile in ('{"classes": ["a", "a"]}', '{"classes": "circle"}', "[1, 2]", "{" * 5000, "not json"):
        (tmp_path / "classes.json").write_text(hostile)
        assert store.class_names() is None  # the labels are then read as digits
    with pytest.raises(NotEnoughDrawings):
        class_training.save_drawings(ClassCanvas(), tmp_path)


def test_new_random_weights_keep_the_runs_own_classes_only_when_asked():
    """Reset of a net of the class's own classes (issue 32): the same outputs and classes; a network of the data
    set: ten outputs, no classes of their own."""
    from cnnviz.app.state import AppState
    from cnnviz.nn.model import PRESETS

    state = AppState()
    state.new_weights(class_names=SHAPES)
    assert state.new_random_weights(class_net(len(SHAPES)), own_classes=True) == SHAPES
    assert state.local.model.shapes[-1] == (len(SHAPES),)
    assert state.new_random_weights(PRESETS["tiny"]) is None and state.local.model.shapes[-1] == (10,)
    with pytest.raises(SpecError):  # three outputs are no network of the data set
        state.new_random_weights(class_net(len(SHAPES)))
