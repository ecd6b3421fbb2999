import json
import signal
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

from cli_fixtures import (
    TRAIN,
    signal_at_steps,
    training_under_way,
    user_data_home,  # noqa: F401 - autouse: a private user data folder
)
from cnnviz.cli import main
from cnnviz.data.datasets import load_dataset


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_error_line(code, err, fragment):
    """Progress lines may come first; exactly one error line, bounded, naming ``fragment``."""
    assert code != 0
    errors = [line for line in err.splitlines() if line.startswith("cnnviz: error: ")]
    assert len(errors) == 1 and len(errors[0]) <= 300, err
    assert fragment in errors[0], errors[0]


def assert_one_line_error(code, err, fragment):
    assert code != 0
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cnnviz: error: "), err
    assert fragment in lines[0], lines[0]


@pytest.fixture(scope="module")
def trained_model(tmp_path_factory):
    path = tmp_path_factory.mktemp("model") / "tiny.npz"
    code = main(
        [
            "train",
            "--net",
            "tiny",
            "--backend",
            "numpy",
            "--steps",
            "120",
            "--batch",
            "64",
            "--lr",
            "0.005",
            "--save",
            str(path),
            "--json",
        ]
    )
    assert code == 0
    return path


def test_train_json_result_and_checkpoint(trained_model, capsys, tmp_path):
    metrics = tmp_path / "m.jsonl"
    code, out, err = run(
        capsys, "train", "--net", "tiny", "--backend", "numpy", "--steps", "5", "--json", "--metrics", str(metrics)
    )
    assert code == 0
    result = json.loads(out)
    for key in ("test_accuracy", "test_loss", "train_images_per_s", "seconds", "backend", "net"):
        assert key in result
    assert result["backend"] == "numpy" and result["net"] == "tiny" and result["steps"] == 5
    rows = [json.loads(line) for line in metrics.read_text().splitlines()]
    assert [r["step"] for r in rows if r["type"] == "step"] == [1, 2, 3, 4, 5]
    assert trained_model.exists()
    # The first record says what made the run; accuracies are percent in the lines and in --json alike
    header = rows[0]
    assert header["type"] == "header" and header["accuracy_unit"] == result["accuracy_unit"] == "percent"
    assert header["cnnviz_version"] and header["backend"] == "numpy" and header["seed"] == 0
    assert header["net"] == "tiny" and header["settings"]["steps"] == 5 and header["settings"]["lr"] > 0
    final = [r for r in rows if r["type"] == "eval"][-1]
    assert round(final["test_accuracy"], 3) == result["test_accuracy"] > 1, "percent, not a fraction"
    assert all(0 <= r["accuracy"] <= 100 for r in rows if r["type"] == "step")
    # A second run into the same file is refused before training, never appended to the first
    code, out, err = run(
        capsys, "train", "--net", "tiny", "--backend", "numpy", "--steps", "2", "--no-save", "--metrics", str(metrics)
    )
    assert code == 2 and "already holds an earlier run's records" in err
    assert [json.loads(line)["type"] for line in metrics.read_text().splitlines()].count("header") == 1


def test_train_plain_progress_lines(capsys):
    code, out, err = run(capsys, "train", "--net", "tiny", "--backend", "numpy", "--steps", "3")
    assert code == 0
    assert "training tiny" in err and "test accuracy" in err and "done: 3 steps" in err


def test_predict_classifies_mnist_digits_in_either_polarity(trained_model, capsys, tmp_path):
    data = load_dataset("mnist")
    files, labels = [], []
    for i in range(12):
        img = data.test_images[i]
        if i % 2:  # dark ink on light paper, bigger, as a photo of a drawing would be
            img = 255 - np.kron(img, np.ones((4, 4), np.uint8))
        path = tmp_path / f"d{i}.png"
        Image.fromarray(img).convert("RGB" if i % 3 == 0 else "L").save(path)
        files.append(str(path))
        labels.append(int(data.test_labels[i]))
    code, out, err = run(capsys, "predict", "--model", str(trained_model), *files, "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert [r["file"] for r in rows] == files
    assert all(len(r["probabilities"]) == 10 and abs(sum(r["probabilities"]) - 1) < 1e-3 for r in rows)
    correct = sum(r["label"] == y for r, y in zip(rows, labels))
    assert correct >= 9, f"only {correct}/12 correct: {[r['label'] for r in rows]} vs {labels}"
    code, out, _ = run(capsys, "predict", "--model", str(trained_model), files[0])
    assert code == 0 and out.startswith(files[0] + ": ")


@pytest.mark.parametrize(
    "argv,fragment",
    [
        (["train", "--batch", "0"], "--batch: must be at least 1"),
        (["train", "--lr", "-1"], "learning rate"),
        (["train", "--lr", "nan"], "expected a finite number"),
        (["train", "--epochs", "0"], "epochs"),
        (["train", "--net", "conv3-8,wat,dense-10"], "unknown layer"),
        (["train", "--net", "conv3-8,relu"], "must end with dense-10"),
        (["train", "--backend", "quantum"], "unknown backend 'quantum'"),
        (["train", "--data", "/nonexistent/folder"], "/nonexistent/folder"),
        (["train", "--save", "/nonexistent/dir/m.npz"], "does not exist"),
        (["train", "--save", "model.pt"], "must end in .npz"),
        (["train", "--optimizer", "rmsprop"], "invalid choice"),
        (["frobnicate"], "invalid choice"),
        (["predict", "--model", "/nonexistent.npz", "x.png"], "/nonexistent.npz: file not found"),
    ],
)
def test_bad_input_gives_one_line_error(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert_one_line_error(code, err, fragment)


def test_corrupt_dataset_and_checkpoint_and_image(capsys, tmp_path, trained_model):
    bad = tmp_path / "data"
    bad.mkdir()
    for name in (
        "train-images-idx3-ubyte",
        "train-labels-idx1-ubyte",
        "t10k-images-idx3-ubyte",
        "t10k-labels-idx1-ubyte",
    ):
        (bad / name).write_bytes(b"\x00\x00\x08\x03garbage")
    code, _, err = run(capsys, "train", "--data", str(bad), "--steps", "1")
    assert_one_line_error(code, err, "train-images-idx3-ubyte")

    ckpt = tmp_path / "broken.npz"
    ckpt.write_bytes(trained_model.read_bytes()[:200])
    code, _, err = run(capsys, "predict", "--model", str(ckpt), "x.png")
    assert_one_line_error(code, err, "broken.npz")

    text = tmp_path / "notes.png"
    text.write_text("not an image")
    code, _, err = run(capsys, "predict", "--model", str(trained_model), str(text))
    assert_one_line_error(code, err, "notes.png")
    code, _, err = run(capsys, "predict", "--model", str(trained_model), str(tmp_path / "missing.png"))
    assert_one_line_error(code, err, "missing.png")


def test_devices_lists_every_backend_with_a_reason(capsys):
    code, out, _ = run(capsys, "devices")
    assert code == 0
    for name in ("numpy", "numba", "cuda", "cupy"):
        assert f"{name} " in out
    assert "numpy  available: yes" in out
    assert "auto -> " in out


def test_console_script_prints_no_traceback():
    proc = subprocess.run(
        [sys.executable, "-m", "cnnviz", "train", "--batch", "-5"], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode != 0
    assert proc.stderr.strip().startswith("cnnviz: error:") and "Traceback" not in proc.stderr


def test_diverging_run_stops_with_one_line_error_instead_of_hanging(capsys, monkeypatch):
    import faulthandler

    from cnnviz.train.trainer import Trainer

    original_setup = Trainer.setup

    def poisoned_setup(self):
        original_setup(self)
        self.model.named_parameters()[0][1].data[...] = np.inf  # as a far too high learning rate would

    monkeypatch.setattr(Trainer, "setup", poisoned_setup)
    faulthandler.dump_traceback_later(120, exit=True, file=sys.__stderr__)  # the bug was a run paused forever
    try:
        code, out, err = run(capsys, "train", "--net", "tiny", "--backend", "numpy", "--steps", "1000")
    finally:
        faulthandler.cancel_dump_traceback_later()
    assert code != 0
    errors = [line for line in err.splitlines() if line.startswith("cnnviz: error: ")]
    assert len(errors) == 1 and "diverged" in errors[0] and "--lr" in errors[0], err
    assert "resume" not in err  # the GUI's advice means nothing here


def test_unwritable_save_folder_fails_before_training(capsys, monkeypatch, tmp_path):
    import os

    monkeypatch.setattr(os, "access", lambda path, mode: False)  # root ignores chmod, so fake it
    code, out, err = run(
        capsys, "train", "--net", "tiny", "--backend", "numpy", "--steps", "1", "--save", str(tmp_path / "m.npz")
    )
    assert_one_line_error(code, err, "not writable")


def test_ctrl_c_stops_cleanly_and_still_saves(tmp_path):
    path = tmp_path / "m.npz"
    proc = training_under_way(path)
    proc.send_signal(signal.SIGINT)
    said = proc.stderr.readline()
    while said.startswith("step "):
        said = proc.stderr.readline()
    # the first thing said after the signal, before the evaluation it announces ...
    assert said.startswith("stopping: final evaluation on the test set... (Ctrl-C again skips it)"), said
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "stopped:" in err
    assert "test accuracy n/a" not in err  # ... which ran, and whose result came after it
    assert path.is_file() and f"saved {path}" in out


# --- issue 12: nothing lost, nothing hostile gets through (command line) -----------------------
def test_metrics_write_failure_warns_once_and_the_model_is_still_saved(capsys, tmp_path):
    from pathlib import Path

    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    path = tmp_path / "m.npz"
    code, out, err = run(capsys, *TRAIN, "--steps", "3", "--metrics", "/dev/full", "--save", str(path))
    assert code == 0, err
    warnings = [l for l in err.splitlines() if "--metrics" in l]
    assert warnings == [
        "warning: --metrics /dev/full: the disk is full; metrics are no longer written, training goes on"
    ]
    assert path.is_file() and f"saved {path}" in out


def test_a_second_ctrl_c_while_saving_does_not_interrupt_the_save(capsys, tmp_path, monkeypatch):
    import os
    import time

    from cnnviz.nn import checkpoint

    real_save = checkpoint.save

    def save_interrupted(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C again, mid-save
        time.sleep(0.2)  # the handler runs here
        return real_save(*args, **kwargs)

    monkeypatch.setattr(checkpoint, "save", save_interrupted)
    signal_at_steps(monkeypatch, {2}, [signal.SIGINT])
    path = tmp_path / "m.npz"
    code, out, err = run(capsys, *TRAIN, "--steps", "1000", "--save", str(path))
    assert code == 130, err
    assert "saving... (Ctrl-C again is ignored until saved)" in err
    assert path.is_file() and f"saved {path}" in out
    assert checkpoint.load(path).step >= 2


def test_a_second_ctrl_c_skips_the_final_evaluation(capsys, tmp_path, monkeypatch):
    signal_at_steps(monkeypatch, {2}, [signal.SIGINT, signal.SIGINT])
    path = tmp_path / "m.npz"
    code, out, err = run(capsys, *TRAIN, "--steps", "1000", "--save", str(path), "--json")
    assert code == 130, err
    assert "stopping: final evaluation on the test set" in err
    assert "stopping: final evaluation skipped; the model will still be saved" in err
    result = json.loads(out)
    assert result["test_accuracy"] is None and result["saved"] == str(path) and path.is_file()


@pytest.mark.parametrize(
    "make,fragment",
    [
        (lambda p: p.mkdir(), "is a folder"),
        (lambda p: None, None),
    ],
)
def test_save_target_is_checked_before_training(capsys, tmp_path, make, fragment, monkeypatch):
    target = tmp_path / "out.npz"
    make(target)
    if fragment is None:  # a disk without room for the checkpoint
        import shutil

        class Usage:
            free = 1000

        monkeypatch.setattr(shutil, "disk_usage", lambda folder: Usage)
        fragment = "not enough free space: the checkpoint needs about"
    code, out, err = run(capsys, *TRAIN, "--steps", "1", "--save", str(target))
    assert_one_line_error(code, err, fragment)
    assert f"--save {target}: " in err and "training tiny" not in err  # refused before training


def test_a_failing_save_names_the_target_and_keeps_the_model_elsewhere(capsys, tmp_path, monkeypatch, user_data_home):
    import errno

    from cnnviz.nn import checkpoint

    real_save = checkpoint.save
    target = tmp_path / "m.npz"

    def disk_fills(path, *args, **kwargs):
        if str(path) == str(target):
            from cnnviz.data.file_writing import atomic_write

            return atomic_write(path, lambda fh: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space")))
        return real_save(path, *args, **kwargs)

    monkeypatch.setattr(checkpoint, "save", disk_fills)
    code, out, err = run(capsys, *TRAIN, "--steps", "2", "--save", str(target))
    assert_error_line(code, err, f"{target}: the disk is full; the model was saved to ")
    assert ".tmp" not in err
    [kept] = (user_data_home / "cnnviz" / "models").glob("tiny-*.npz")
    assert str(kept) in err and checkpoint.load(kept).step == 2


def _poison_weights(monkeypatch, at_step: int = 0):
    """Make training diverge: infinite weights before step ``at_step + 1``."""
    from cnnviz.train import events as ev
    from cnnviz.train.trainer import Trainer

    original = Trainer._emit

    def emit(self, event):
        original(self, event)
        if (
            isinstance(event, (ev.RunStarted if at_step == 0 else ev.StepFinished))
            and getattr(event, "step", 0) == at_step
        ):
            self.model.named_parameters()[0][1].data[...] = np.inf

    monkeypatch.setattr(Trainer, "_emit", emit)


def test_divergence_never_overwrites_a_good_file(capsys, tmp_path, monkeypatch):
    path = tmp_path / "good.npz"
    path.write_bytes(b"a good model, trained for hours")
    _poison_weights(monkeypatch, at_step=60)  # the trainer has kept good weights by then
    code, out, err = run(capsys, *TRAIN, "--steps", "100", "--batch", "8", "--save", str(path))
    assert_error_line(code, err, "training diverged")
    import re

    kept = re.search(
        rf"{re.escape(str(path))} was not overwritten with the weights of step (\d+) from before "
        "the divergence",
        err,
    )
    assert kept and 0 < int(kept[1]) <= 60, err
    assert path.read_bytes() == b"a good model, trained for hours"


def test_divergence_saves_only_real_weights_with_truthful_metadata(capsys, tmp_path, monkeypatch):
    from cnnviz.nn import checkpoint

    path = tmp_path / "new.npz"
    _poison_weights(monkeypatch, at_step=60)
    code, out, err = run(capsys, *TRAIN, "--steps", "100", "--batch", "8", "--save", str(path))
    assert_error_line(code, err, ", from before the divergence")
    import re

    restored = int(re.search(r"saved the weights of step (\d+), from before the divergence", err)[1])
    assert 0 < restored <= 60  # the trainer's last good weights, whatever its backup cadence
    ckpt = checkpoint.load(path)
    assert ckpt.step == restored and ckpt.meta["diverged"] is True and "test_accuracy" not in ckpt.meta
    assert "training diverged: " in err and "loss became" in err and "resume" not in err

    untouched = tmp_path / "never.npz"
    monkeypatch.undo()
    _poison_weights(monkeypatch, at_step=0)  # diverges at once: nothing worth saving
    code, out, err = run(capsys, *TRAIN, "--steps", "100", "--batch", "8", "--save", str(untouched))
    assert_error_line(code, err, "nothing was saved: no good weights before the divergence")
    assert not untouched.exists()


def test_tiny_epochs_are_refused_up_front(capsys, tmp_path):
    code, out, err = run(capsys, *TRAIN, "--epochs", "1e-300", "--save", str(tmp_path / "m.npz"))
    assert_one_line_error(code, err, "epochs 1e-300 of 60,000 training images is less than one image")
    assert not (tmp_path / "m.npz").exists()


def test_train_saves_to_the_user_data_folder_and_predict_uses_it(capsys, tmp_path, user_data_home):
    code, out, err = run(capsys, "predict", str(tmp_path / "x.png"))
    assert_one_line_error(code, err, "no model given and none saved yet: train one with 'cnnviz train'")
    assert str(user_data_home / "cnnviz" / "models") in err

    code, out, err = run(capsys, *TRAIN, "--steps", "2")
    assert code == 0, err
    [saved] = (user_data_home / "cnnviz" / "models").glob("tiny-*.npz")
    assert out.strip() == f"saved {saved}"

    image = tmp_path / "one.png"
    pixels = np.zeros((28, 28), np.uint8)
    pixels[5:23, 13:16] = 255
    Image.fromarray(pixels).save(image)
    code, out, err = run(capsys, "predict", str(image))
    assert code == 0 and err.strip() == f"using the last saved model {saved}"
    assert out.startswith(f"{image}: ")

    code, out, err = run(capsys, *TRAIN, "--steps", "1", "--no-save")
    assert code == 0 and "saved" not in out
    assert len(list((user_data_home / "cnnviz" / "models").glob("*.npz"))) == 1


def test_predict_reports_each_unreadable_image_and_prints_the_others(capsys, tmp_path, trained_model):
    data = load_dataset("mnist")
    good = []
    for i in range(3):
        good.append(tmp_path / f"d{i}.png")
        Image.fromarray(data.test_images[i]).save(good[-1])
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG not really")
    files = [str(good[0]), str(broken), str(good[1]), str(tmp_path), str(good[2])]
    code, out, err = run(capsys, "predict", "--model", str(trained_model), *files)
    assert code == 1
    assert [line.split(":")[0] for line in out.splitlines()] == [str(g) for g in good]
    errors = err.strip().splitlines()
    assert len(errors) == 2 and errors[0].startswith(f"cnnviz: error: {broken}: not an image file")
    assert errors[1] == f"cnnviz: error: {tmp_path}: is a folder, not a file"
    code, out, err = run(capsys, "predict", "--model", str(trained_model), *files, "--json")
    rows = json.loads(out)
    assert code == 1 and [("error" in r) for r in rows] == [False, True, False, True, False]
    assert rows[1]["error"].startswith(f"{broken}: ")


def test_predict_with_overflowing_weights_gives_a_clear_error_not_nan(capsys, tmp_path, trained_model):
    from cnnviz.nn import checkpoint

    ckpt = checkpoint.load(trained_model)
    weights = {k: v * np.float32(1e37) if k.endswith("weight") else v for k, v in ckpt.weights.items()}
    path = checkpoint.save(tmp_path / "overflow.npz", ckpt.spec, weights, {})
    image = tmp_path / "d.png"
    Image.fromarray(load_dataset("mnist").test_images[0]).save(image)
    for extra in ((), ("--json",)):
        code, out, err = run(capsys, "predict", "--model", str(path), str(image), *extra)
        assert_one_line_error(code, err, "overflow.npz: the model's outputs are not finite numbers")
        assert "nan" not in out.lower() and out == ""


def test_misleading_messages_now_name_the_real_cause(capsys, tmp_path):
    import os

    code, out, err = run(capsys, "predict", "--model", str(tmp_path), "x.png")
    assert_one_line_error(code, err, f"{tmp_path}: is a folder, not a file")
    code, out, err = run(capsys, "predict", "--model", "/dev/zero", "x.png")
    assert_one_line_error(code, err, "/dev/zero: is a device, not a file")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.npz")
        code, out, err = run(capsys, "predict", "--model", str(tmp_path / "pipe.npz"), "x.png")
        assert_one_line_error(code, err, "pipe.npz: is a named pipe (FIFO), not a file")
    empty = tmp_path / "empty"
    empty.mkdir()
    for name, shape in (
        ("train-images-idx3-ubyte", (0, 28, 28)),
        ("train-labels-idx1-ubyte", (0,)),
        ("t10k-images-idx3-ubyte", (1, 28, 28)),
        ("t10k-labels-idx1-ubyte", (1,)),
    ):
        header = bytes([0, 0, 8, len(shape)]) + np.array(shape, ">u4").tobytes()
        (empty / name).write_bytes(header + bytes(int(np.prod(shape))))
    code, out, err = run(capsys, *TRAIN, "--steps", "1", "--data", str(empty))
    assert_one_line_error(code, err, "train-images-idx3-ubyte: holds no images")


def test_error_lines_are_bounded_and_escaped(capsys, tmp_path):
    import zipfile

    path = tmp_path / "names.npz"
    with zipfile.ZipFile(path, "w") as zf:
        for i in range(50):
            zf.writestr(f"conv{i}\x1b]0;pwned\x07\x1b[2J" + "x" * 200 + ".npy", b"")
    code, out, err = run(capsys, "predict", "--model", str(path), "x.png")
    line = err.rstrip("\n")
    assert code == 2 and "\n" not in line and len(line) <= 300
    assert "\x1b" not in line and "\\x1b" in line and line.startswith(f"cnnviz: error: {path}: ")


def test_the_fast_preset_brings_its_recipe_and_the_user_overrides_it():
    import argparse

    from cnnviz.cli.train import with_recipe
    from cnnviz.nn.model import Sequential, resolve_spec
    from cnnviz.train.config import TrainConfig

    blank = dict(epochs=None, batch=None, lr=None, optimizer=None, beta1=None, beta2=None, schedule=None, warmup=None)
    fast = with_recipe(argparse.Namespace(net="fast", **blank))
    assert (fast.epochs, fast.batch, fast.lr, fast.optimizer, fast.beta1, fast.beta2, fast.schedule, fast.warmup) == (
        1.5,
        256,
        0.01,
        "adam",
        0.7,
        0.9,
        "onecycle",
        0.15,
    )
    mine = with_recipe(argparse.Namespace(net="FAST", **{**blank, "batch": 64, "beta1": 0.8}))
    assert (mine.batch, mine.beta1, mine.beta2) == (64, 0.8, 0.9)
    other = with_recipe(argparse.Namespace(net="tiny", **blank))
    defaults = TrainConfig()
    assert (other.batch, other.lr, other.beta1, other.beta2, other.warmup) == (
        defaults.batch_size,
        defaults.lr,
        0.9,
        0.999,
        0.3,
    )
    # conv5 valid 28 -> 24, pool -> 12, conv3 valid -> 10, pool -> 5: 5 * 5 * 32 = 800 inputs to the dense layer
    assert Sequential.from_spec(resolve_spec("fast")).initialise(0).parameter_count() == (25 * 24 + 24) + (
        9 * 24 * 32 + 32
    ) + (800 * 256 + 256) + (256 * 10 + 10)


def test_absurd_adam_betas_are_one_line_errors(capsys):
    code, out, err = run(capsys, "train", "--net", "tiny", "--steps", "1", "--beta2", "1.5", "--no-save")
    assert code == 2
    assert_one_line_error(code, err, "beta2 must be in [0, 1)")
