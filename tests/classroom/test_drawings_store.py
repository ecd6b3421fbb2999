"""The drawings folder: saving, loading despite foreign files, accuracy and the fine-tuning mix."""

import json

import numpy as np
import pytest
from PIL import Image

from cnnviz.backends import registry
from cnnviz.classroom import drawings as drawings_module
from cnnviz.classroom.drawings import DrawingStore, finetune_dataset
from cnnviz.data.drawing import ImageError
from cnnviz.nn.model import Sequential


def _digit(seed: int = 0) -> np.ndarray:
    """A 28x28 input-like picture: a bright bar on black."""
    image = np.zeros((28, 28), np.float32)
    image[4 + seed : 22, 12:16] = 1.0
    image[10, 8:20] = 0.5
    return image


def _canvas() -> np.ndarray:
    """A 280x280 canvas: dark ink on white, as a student draws."""
    canvas = np.ones((280, 280), np.float32)
    canvas[40:240, 120:150] = 0.0
    return canvas


def test_add_saves_an_8bit_white_on_black_png_with_the_label_in_its_name(tmp_path):
    store = DrawingStore(tmp_path)
    path = store.add(_digit(), 7, student="Zoë O'Neil")
    assert path.parent == tmp_path and path.name.startswith("7_Zo-O-Neil_")
    with Image.open(path) as image:
        assert image.format == "PNG" and image.mode == "L" and image.size == (28, 28)
        pixels = np.asarray(image)
    np.testing.assert_array_equal(pixels, np.rint(_digit() * 255).astype(np.uint8))
    index = json.loads((tmp_path / "index.json").read_text())
    assert index["drawings"][path.name]["student"] == "Zoë O'Neil"
    assert index["drawings"][path.name]["label"] == 7
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_canvas_is_preprocessed_and_kept_raw(tmp_path):
    store = DrawingStore(tmp_path)
    path = store.add(_canvas(), 1, "ana")
    raw = path.with_name(path.name[:-4] + ".raw.png")
    with Image.open(raw) as image:
        assert image.size == (280, 280)
    images, labels = store.load()
    assert images.shape == (1, 28, 28) and labels.tolist() == [1]
    assert images[0, 14, 14] > 0.9 and images[0, 0, 0] == 0.0  # ink white on black, centred
    assert store.drawings()[0].raw_path == raw


def test_raw_canvas_can_accompany_a_ready_input(tmp_path):
    store = DrawingStore(tmp_path)
    store.add(_digit(), 4, raw=_canvas())
    (drawing,) = store.drawings()
    assert drawing.raw_path is not None and drawing.label == 4


def test_load_returns_everything_in_order(tmp_path):
    store = DrawingStore(tmp_path)
    for i, label in enumerate([3, 1, 4, 1, 5]):
        store.add(_digit(i), label, "class-5b")
    images, labels = store.load()
    assert images.dtype == np.float32 and images.shape == (5, 28, 28)
    assert sorted(labels.tolist()) == [1, 1, 3, 4, 5]
    assert len(store) == 5 and store.counts().tolist() == [0, 2, 0, 1, 1, 1, 0, 0, 0, 0]
    assert store.warnings == []


def test_corrupt_and_foreign_files_are_skipped_with_warnings(tmp_path):
    store = DrawingStore(tmp_path)
    good = store.add(_digit(), 2)
    bad_png = tmp_path / "5_x_20240101-120000_abcdef.png"
    bad_png.write_bytes(b"\x89PNG\r\n\x1a\n not really")
    Image.new("L", (40, 40)).save(tmp_path / "6_x_20240101-120000_abcdef.png")  # wrong size
    (tmp_path / "holiday.jpg").write_bytes(b"\xff\xd8\xff")
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / "subfolder").mkdir()
    (tmp_path / "index.json").write_text("{ truncated")
    images, labels = store.load()
    assert labels.tolist() == [2] and images.shape == (1, 28, 28)
    text = "\n".join(store.warnings)
    for name in (
        "5_x_20240101-120000_abcdef.png",
        "6_x_20240101-120000_abcdef.png",
        "holiday.jpg",
        "notes.txt",
        "subfolder",
        "index.json",
    ):
        assert name in text, name
    # The store still works: adding rewrites a good index.
    store.add(_digit(1), 3)
    assert json.loads((tmp_path / "index.json").read_text())["format"] == 1
    assert good.exists()


def test_drawings_copied_without_their_index_still_load(tmp_path):
    source = DrawingStore(tmp_path / "a")
    path = source.add(_digit(), 8, "kim")
    target = tmp_path / "b"
    target.mkdir()
    (target / path.name).write_bytes(path.read_bytes())
    store = DrawingStore(target)
    _, labels = store.load()
    assert labels.tolist() == [8] and store.drawings()[0].student == "kim"


def test_remove(tmp_path):
    store = DrawingStore(tmp_path)
    path = store.add(_canvas(), 1)
    store.remove(store.drawings()[0])
    assert not path.exists() and len(store) == 0 and list(tmp_path.glob("*.png")) == []
    with pytest.raises(ValueError, match="not a drawing"):
        store.remove("index.json")


@pytest.mark.parametrize(
    "image, label, message",
    [
        (_digit(), 10, "label must be a digit"),
        (_digit(), True, "label must be a digit"),
        (np.zeros((28, 28)), 3, "blank"),
        (np.full((28, 28), np.nan), 3, "NaN"),
        (np.zeros((3, 28, 28)), 3, "2-D"),
    ],
)
def test_bad_drawings_are_refused(tmp_path, image, label, message):
    with pytest.raises(ValueError, match=message):
        DrawingStore(tmp_path).add(image, label)
    assert not list(tmp_path.glob("*.png"))


def test_blank_canvas_is_refused(tmp_path):
    with pytest.raises(ImageError):
        DrawingStore(tmp_path).add(np.ones((200, 200)), 1)


def test_default_folder_is_the_user_data_dir(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app, appauthor=None: str(tmp_path / app))
    store = DrawingStore()
    assert store.folder == tmp_path / "cnnviz" / "drawings"
    assert store.load()[0].shape == (0, 28, 28)  # a missing folder is just empty
    store.add(_digit(), 0)
    assert len(list((tmp_path / "cnnviz" / "drawings").glob("0_*.png"))) == 1
    assert drawings_module.default_drawings_dir() == store.folder


def test_accuracy_of_a_model_on_the_drawings(tmp_path):
    store = DrawingStore(tmp_path)
    model = Sequential.from_spec("dense-10").initialise(0).to(registry.get("numpy"))
    assert store.accuracy(model) is None
    for i, label in enumerate([2, 2, 2, 5]):
        store.add(_digit(i), label)
    images, labels = store.load()
    expected = float((model.predict_proba(images[:, None]).argmax(axis=1) == labels).mean())
    assert store.accuracy(model) == expected
    # A model that answers 2 whatever it sees is right on 3 of the 4 drawings.
    bias = np.zeros(10, np.float32)
    bias[2] = 5.0
    model.load_state_dict({"dense1.weight": np.zeros((10, 784), np.float32), "dense1.bias": bias})
    assert store.accuracy(model) == 0.75


def test_finetune_dataset_mixes_oversampled_drawings_with_mnist(tmp_path, small_mnist):
    store = DrawingStore(tmp_path)
    for i in range(6):
        store.add(_digit(i), 7 if i < 3 else 1)
    mixed = store.finetune_dataset(small_mnist, ratio=0.25, mnist_samples=600, seed=1)
    assert len(mixed.train_labels) == 800  # 600 MNIST + 200 drawings (25%)
    assert mixed.train_images.dtype == np.uint8 and mixed.train_images.shape == (800, 28, 28)
    images, _ = store.load()
    drawn = np.rint(images * 255).astype(np.uint8)
    is_drawing = np.array([any(np.array_equal(im, d) for d in drawn) for im in mixed.train_images])
    assert is_drawing.sum() == 200
    copies = [sum(np.array_equal(im, d) for im in mixed.train_images[is_drawing]) for d in drawn]
    assert max(copies) - min(copies) <= 1  # oversampled evenly
    assert mixed.test_images is small_mnist.test_images
    assert not mixed.train_images.flags.writeable
    # The mixed set trains like any data set.
    from cnnviz.train.config import TrainConfig
    from cnnviz.train.trainer import Trainer

    result = Trainer(TrainConfig(net="dense-10", backend="numpy", steps=3, batch_size=32), mixed).run()
    assert result.steps == 3


def test_finetune_dataset_needs_drawings(small_mnist):
    with pytest.raises(ValueError, match="no drawings"):
        finetune_dataset(small_mnist, np.zeros((0, 28, 28)), np.zeros(0, np.int64))
    with pytest.raises(ValueError, match="ratio"):
        finetune_dataset(small_mnist, np.zeros((1, 28, 28)), np.zeros(1, np.int64), ratio=1.0)


# --- a shared drawings folder is untrusted -----------------------------------------------------
def test_a_deeply_nested_index_does_not_stop_the_app(tmp_path):
    store = DrawingStore(tmp_path)
    store.add(_digit(), 7, "Ada")
    (tmp_path / "index.json").write_text('{"drawings": ' + "[" * 200_000 + "]" * 200_000 + "}")
    drawings = store.drawings()  # RecursionError here used to stop the app from starting
    assert [d.label for d in drawings] == [7]
    assert any("index.json: unreadable (nested 200001 levels deep" in w for w in store.warnings)
    store.add(_digit(1), 3, "Bob")  # and adding rewrites a readable index
    assert sorted(d.student for d in store.drawings()) == ["Ada", "Bob"] and store.warnings == []


def test_student_names_from_the_index_are_printable_and_bounded(tmp_path):
    store = DrawingStore(tmp_path)
    path = store.add(_digit(), 1, "Eve")
    index = json.loads((tmp_path / "index.json").read_text())
    index["drawings"][path.name]["student"] = "Eve\x1b]0;pwned\x07\u202e<b>x</b>" + "y" * 100_000
    (tmp_path / "index.json").write_text(json.dumps(index))
    [drawing] = store.drawings()
    assert drawing.student.isprintable() and len(drawing.student) <= drawings_module.MAX_NAME_SHOWN
    assert drawing.student.startswith("Eve]0;pwned<b>x</b>yyy")


def test_a_huge_index_is_ignored_not_read(tmp_path, monkeypatch):
    store = DrawingStore(tmp_path)
    store.add(_digit(), 2, "Ann")
    monkeypatch.setattr(drawings_module, "MAX_INDEX_BYTES", 100)
    assert [d.label for d in store.drawings()] == [2]
    assert any("at most 100 bytes" in w for w in store.warnings)


def test_a_big_folder_loads_aligned_with_one_summary_for_thousands_of_foreign_files(tmp_path):
    store = DrawingStore(tmp_path)
    for i in range(30):
        store.add(_digit(i % 5), i % 10, student=f"s{i}")
    # An unreadable drawing in the middle (its name sorts between good ones) must not shift the labels.
    (tmp_path / "9_x_20000101-000000_abcdef.png").write_bytes(b"\x89PNG\r\n\x1a\n cut off")
    for i in range(3000):
        (tmp_path / f"photo{i:05d}.jpg").write_bytes(b"\xff\xd8\xff")
    entries, images, labels = store.load_entries()
    assert len(entries) == len(labels) == len(images) == 30
    assert [e.label for e in entries] == labels.tolist()
    assert sorted(e.student for e in entries) == sorted(f"s{i}" for i in range(30))
    assert all(int(e.student[1:]) % 10 == label for e, label in zip(entries, labels)), "entries and labels aligned"
    assert (
        len(store.warnings) == drawings_module.MAX_WARNINGS + 2
    )  # 20 foreign files, their summary, the unreadable drawing
    assert (
        store.warnings[drawings_module.MAX_WARNINGS]
        == f"... and {3000 - drawings_module.MAX_WARNINGS} more files that are not drawings of this store"
    )
    assert any("9_x_20000101-000000_abcdef.png" in w for w in store.warnings), "the unreadable drawing is named"


def test_describe_gives_the_stored_drawing_as_drawings_lists_it(tmp_path):
    store = DrawingStore(tmp_path)
    path = store.add(_canvas(), 4, student="Ada")
    assert store.describe(path) == store.drawings()[0]
    with pytest.raises(ValueError, match="not a drawing of this store"):
        store.describe(tmp_path / "notes.txt")
