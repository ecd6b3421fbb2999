import json
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

from cnnviz.cli import main
from cnnviz.data.datasets import load_dataset


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code, err, fragment):
    assert code != 0
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cnnviz: error: "), err
    assert fragment in lines[0], lines[0]


@pytest.fixture(scope="module")
def trained_model(tmp_path_factory):
    path = tmp_path_factory.mktemp("model") / "tiny.npz"
    code = main(["train", "--net", "tiny", "--backend", "numpy", "--steps", "120", "--batch", "64",
                 "--lr", "0.005", "--save", str(path), "--json"])
    assert code == 0
    return path


def test_train_json_result_and_checkpoint(trained_model, capsys, tmp_path):
    metrics = tmp_path / "m.jsonl"
    code, out, err = run(capsys, "train", "--net", "tiny", "--backend", "numpy", "--steps", "5", "--json",
                         "--metrics", str(metrics))
    assert code == 0
    result = json.loads(out)
    for key in ("test_accuracy", "test_loss", "train_images_per_s", "seconds", "backend", "net"):
        assert key in result
    assert result["backend"] == "numpy" and result["net"] == "tiny" and result["steps"] == 5
    rows = [json.loads(line) for line in metrics.read_text().splitlines()]
    assert [r["step"] for r in rows if r["type"] == "step"] == [1, 2, 3, 4, 5]
    assert trained_model.exists()


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


@pytest.mark.parametrize("argv,fragment", [
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
    (["predict", "--model", "/nonexistent.npz", "x.png"], "no such checkpoint file"),
])
def test_bad_input_gives_one_line_error(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert_one_line_error(code, err, fragment)


def test_corrupt_dataset_and_checkpoint_and_image(capsys, tmp_path, trained_model):
    bad = tmp_path / "data"
    bad.mkdir()
    for name in ("train-images-idx3-ubyte", "train-labels-idx1-ubyte", "t10k-images-idx3-ubyte",
                 "t10k-labels-idx1-ubyte"):
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
    proc = subprocess.run([sys.executable, "-m", "cnnviz", "train", "--batch", "-5"], capture_output=True, text=True,
                          timeout=120)
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
    code, out, err = run(capsys, "train", "--net", "tiny", "--backend", "numpy", "--steps", "1",
                         "--save", str(tmp_path / "m.npz"))
    assert_one_line_error(code, err, "not writable")


def test_ctrl_c_stops_cleanly_and_still_saves(tmp_path):
    import signal
    import time

    path = tmp_path / "m.npz"
    proc = subprocess.Popen([sys.executable, "-m", "cnnviz", "train", "--net", "tiny", "--backend", "numpy",
                             "--steps", "100000", "--save", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        line = proc.stderr.readline()
        if line.startswith("step "):  # training is under way
            break
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "stopped:" in err
    assert path.is_file() and f"saved {path}" in out
