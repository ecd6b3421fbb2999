"""Every line the command line prints that carries outside text is inert: file names in
``predict``'s result lines cannot retitle or clear the terminal, reorder the line, or forge
another result line (issue 18)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image

from cnnviz.cli import main
from cnnviz.nn import checkpoint
from cnnviz.nn.model import Sequential

HOSTILE = ["title\x1b]0;pwned\x07.png", "clear\x1b[2J.png", "gnp.\u202eexe.png", "one.png: 7 (99.9%)\nforged.png"]


@pytest.fixture
def model(tmp_path):
    net = Sequential.from_spec("tiny").initialise(0)
    return checkpoint.save(tmp_path / "m.npz", net.spec, net.state_dict())


def _digits(folder, names):
    pixels = np.zeros((28, 28), np.uint8)
    pixels[5:23, 13:16] = 255
    paths = []
    for name in names:
        path = folder / name
        Image.fromarray(pixels).save(path, format="PNG")
        paths.append(str(path))
    return paths


def test_predict_escapes_file_names_in_its_result_lines(capsys, tmp_path, model):
    paths = _digits(tmp_path, HOSTILE)
    assert main(["predict", "--model", str(model), *paths]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == len(HOSTILE), out  # the newline forged no extra result line
    assert not any(c in out for c in ("\x1b", "\x07", "\u202e"))
    assert "\\x1b]0;pwned\\x07.png: " in lines[0] and "\\x1b[2J.png: " in lines[1]
    assert "gnp.\\u202eexe.png: " in lines[2] and "one.png: 7 (99.9%)\\x0aforged.png: " in lines[3]
    assert all(line.isprintable() for line in lines)

    assert main(["predict", "--model", str(model), "--json", *paths]) == 0  # --json keeps the real names
    out, _ = capsys.readouterr()
    assert [row["file"] for row in json.loads(out)] == paths


def test_the_saved_and_last_model_lines_are_escaped(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from cnnviz.train.trainer import Trainer

    monkeypatch.setattr(Trainer, "evaluate", lambda self, full=True: None)
    folder = tmp_path / "odd\x1b[2J\u202e"
    folder.mkdir()
    target = folder / "m.npz"
    assert main(["train", "--net", "tiny", "--backend", "numpy", "--steps", "1", "--save", str(target)]) == 0
    out, _ = capsys.readouterr()
    assert out.strip() == "saved " + str(target).replace("\x1b", "\\x1b").replace("\u202e", "\\u202e")
    [image] = _digits(tmp_path, ["d.png"])
    assert main(["predict", image]) == 0
    _, err = capsys.readouterr()
    assert err.startswith("using the last saved model ") and "\x1b" not in err and "\\x1b[2J\\u202e" in err
