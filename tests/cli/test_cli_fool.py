"""cnnviz fool and predict --raw: the PNG written fools the network when it says so, and bad input is one line."""

import json
import re

import numpy as np
import pytest
from PIL import Image

from cli_fixtures import user_data_home  # noqa: F401 - autouse: a private user data folder
from cnnviz.cli import main
from cnnviz.data.datasets import load_dataset


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def digit_files(tmp_path_factory):
    data = load_dataset("mnist")
    folder = tmp_path_factory.mktemp("digits")
    files = []
    for i in range(4):
        path = folder / f"d{i}.png"
        Image.fromarray(255 - np.kron(data.test_images[i], np.ones((3, 3), np.uint8))).save(path)  # ink on paper
        files.append((path, int(data.test_labels[i])))
    return files


@pytest.mark.parametrize("mode", ["bim", "pixels"])
def test_fool_writes_an_8bit_input_that_predict_raw_classifies_as_the_target(
    tiny_model_path, digit_files, capsys, tmp_path, mode
):
    for index, (path, label) in enumerate(digit_files):
        target = (label + 2 + index) % 10
        out = tmp_path / f"fooled{index}.png"
        code, stdout, err = run(
            capsys,
            "fool",
            "--model",
            str(tiny_model_path),
            str(path),
            "--target",
            str(target),
            "--out",
            str(out),
            "--mode",
            mode,
            "--json",
        )
        result = json.loads(stdout)
        assert set(result) >= {"label", "target", "fooled", "linf", "l2", "pixels_changed", "probabilities"}
        assert code == (0 if result["fooled"] else 1), err
        assert result["fooled"], f"{path.name} ({label}) -> {target} not fooled: {result}"
        with Image.open(out) as png:
            assert png.mode == "L" and png.size == (28, 28)
        code, stdout, err = run(capsys, "predict", "--model", str(tiny_model_path), "--raw", str(out), "--json")
        assert code == 0, err
        row = json.loads(stdout)[0]
        assert row["label"] == target
        np.testing.assert_allclose(row["probabilities"], result["probabilities"], atol=2e-6)
        assert 0 < result["linf"] <= (0.25 if mode == "bim" else 1.0)
        assert 0 < result["pixels_changed"] <= 784 and result["l2"] >= result["linf"]


def test_fool_plain_output_and_raw_input_round_trip(tiny_model_path, digit_files, capsys, tmp_path):
    path, label = digit_files[0]
    first = tmp_path / "first.png"
    code, stdout, _ = run(
        capsys, "fool", "--model", str(tiny_model_path), str(path), "--target", "1", "--out", str(first)
    )
    assert code == 0 and "fooled (target 1)" in stdout and "pixels changed" in stdout
    # Fool the fooled input back to a third digit, taking it as the network's input itself.
    second = tmp_path / "second.png"
    code, stdout, _ = run(
        capsys,
        "fool",
        "--model",
        str(tiny_model_path),
        str(first),
        "--raw",
        "--target",
        "4",
        "--out",
        str(second),
        "--json",
    )
    assert code == 0 and json.loads(stdout)["label"] == 1 and json.loads(stdout)["fooled"]


def test_a_budget_too_small_exits_1_and_still_writes_the_try(tiny_model_path, digit_files, capsys, tmp_path):
    path, label = digit_files[1]
    out = tmp_path / "try.png"
    code, stdout, err = run(
        capsys,
        "fool",
        "--model",
        str(tiny_model_path),
        str(path),
        "--target",
        str((label + 1) % 10),
        "--out",
        str(out),
        "--epsilon",
        "0.004",
        "--steps",
        "5",
        "--json",
    )
    assert code == 1 and not json.loads(stdout)["fooled"] and out.exists()
    assert "still answers" in err


def test_predict_raw_refuses_an_image_that_is_not_28x28(tiny_model_path, digit_files, capsys):
    code, _, err = run(capsys, "predict", "--model", str(tiny_model_path), "--raw", str(digit_files[0][0]))
    assert code == 1 and "84x84" in err and "28x28" in err and err.startswith("cnnviz: error: ")


@pytest.mark.parametrize(
    "extra,fragment",
    [
        (["--target", "10"], "must be a digit from 0 to 9"),
        (["--target", "x"], "expected a digit"),
        (["--target", "3", "--epsilon", "0"], "--epsilon must be more than 0"),
        (["--target", "3", "--epsilon", "1.5"], "--epsilon must be more than 0"),
        (["--target", "3", "--epsilon", "1e-300"], "--epsilon 1e-300 is less than one grey level (1/255 = 0.0039)"),
        (["--target", "3", "--epsilon", "0.0039"], "would change no pixel"),
        (["--target", "3", "--epsilon", "inf"], "expected a finite number"),
        (["--target", "3", "--steps", "1000000000"], "--steps must be at most"),
        (["--target", "3", "--steps", "0"], "must be at least 1"),
        (["--target", "3", "--mode", "cw"], "invalid choice"),
    ],
)
def test_bad_arguments_give_one_line_error(tiny_model_path, digit_files, capsys, tmp_path, extra, fragment):
    code, _, err = run(
        capsys,
        "fool",
        "--model",
        str(tiny_model_path),
        str(digit_files[0][0]),
        "--out",
        str(tmp_path / "o.png"),
        *extra,
    )
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith("cnnviz: error: ") and fragment in lines[0], err
    assert not (tmp_path / "o.png").exists()


def test_bad_model_image_and_out_give_one_line_error(tiny_model_path, digit_files, capsys, tmp_path):
    broken = tmp_path / "broken.npz"
    broken.write_bytes(tiny_model_path.read_bytes()[:300])
    text = tmp_path / "note.png"
    text.write_text("not a picture")
    cases = [
        (["--model", str(broken), str(digit_files[0][0])], "broken.npz"),
        (["--model", str(tiny_model_path), str(text)], "not an image file"),
        (["--model", str(tiny_model_path), str(tmp_path / "missing.png")], "missing.png"),
    ]
    for argv, fragment in cases:
        code, _, err = run(capsys, "fool", *argv, "--target", "3", "--out", str(tmp_path / "o.png"))
        lines = err.strip().splitlines()
        assert code == 2 and len(lines) == 1 and fragment in lines[0], err
    code, _, err = run(
        capsys,
        "fool",
        "--model",
        str(tiny_model_path),
        str(digit_files[0][0]),
        "--target",
        "3",
        "--out",
        str(tmp_path / "no-such-folder" / "o.png"),
    )
    assert code == 2 and "does not exist" in err
    code, _, err = run(
        capsys,
        "fool",
        "--model",
        str(tiny_model_path),
        str(digit_files[0][0]),
        "--target",
        "3",
        "--out",
        str(tmp_path / "o.jpg"),
    )
    assert code == 2 and "must end in .png" in err


def test_predict_json_says_how_unsure_it_is(tiny_model_path, digit_files, capsys, tmp_path):
    noise = tmp_path / "noise.png"
    Image.fromarray((np.random.default_rng(0).random((28, 28)) * 255).astype(np.uint8)).save(noise)
    files = [str(path) for path, _ in digit_files]
    code, stdout, err = run(capsys, "predict", "--model", str(tiny_model_path), *files, "--json")
    assert code == 0, err
    rows = json.loads(stdout)
    assert all(isinstance(r["uncertainty"], float) and r["unsure"] is False for r in rows), rows
    code, stdout, _ = run(capsys, "predict", "--model", str(tiny_model_path), "--raw", str(noise), "--json")
    row = json.loads(stdout)[0]
    assert row["unsure"] is True and row["uncertainty"] > max(r["uncertainty"] for r in rows)
    code, stdout, _ = run(capsys, "predict", "--model", str(tiny_model_path), "--raw", str(noise))
    assert "not sure" in stdout


def test_filters_writes_a_grid_and_the_optimised_inputs_per_layer(tiny_model_path, capsys, tmp_path):
    out = tmp_path / "filters"
    code, stdout, err = run(
        capsys,
        "filters",
        "--model",
        str(tiny_model_path),
        "--out",
        str(out),
        "--images",
        "300",
        "--steps",
        "16",
        "--json",
    )
    assert code == 0, err
    units = json.loads(stdout)["units"]
    assert [(u["layer"], u["unit"]) for u in units] == (
        [("conv1", i) for i in range(8)] + [("conv2", i) for i in range(16)] + [("dense1", i) for i in range(10)]
    )
    for u in units:
        assert len(u["top_test_indices"]) == 9 and all(0 <= i < 300 for i in u["top_test_indices"])
        assert u["top_activation"] == max(u["top_activations"])
        assert isinstance(u["optimised_activation"], float)
    for name, count in (("conv1", 8), ("conv2", 16), ("dense1", 10)):
        optimised = np.load(out / f"optimised_{name}.npy", allow_pickle=False)
        assert optimised.shape == (count, 28, 28) and optimised.dtype == np.float32
        with Image.open(out / f"{name}.png") as grid:
            assert grid.size[1] == 2 + count * 58
    code, stdout, err = run(
        capsys,
        "filters",
        "--model",
        str(tiny_model_path),
        "--out",
        str(out),
        "--layer",
        "conv2",
        "--images",
        "100",
        "--steps",
        "4",
    )
    assert code == 0
    assert re.match(
        r"conv2: the optimised input beats the best of 100 test images for \d+ of 16 units \(\d+ %\); "
        r"wrote .*conv2\.png and optimised_conv2\.npy$",
        stdout.strip(),
    ), stdout
    # Off a terminal, progress as plain lines: each stage says it starts.
    assert err.splitlines()[:2] == [
        "filters: finding the top 9 of 100 test images",
        "filters: optimising the inputs of conv2's 16 units (at most 4 steps)",
    ], err


def test_filters_progress_off_a_terminal_is_a_bounded_number_of_lines():
    import io

    from cnnviz.cli.filters import _Progress, _units, beats

    stream = io.StringIO()
    with _Progress(1000, stream=stream, every_s=0.0, alive_s=float("inf")) as bar:
        bar.begin("finding the top 9 of 1,000 test images", 1000, "images", "top images")
        for _ in range(1000):
            bar.update(1)
    lines = stream.getvalue().splitlines()
    assert lines[0] == "filters: finding the top 9 of 1,000 test images"
    assert len(lines) == 11 and lines[-1].startswith("filters: top images: 1,000 of 1,000 images ("), lines
    stream = io.StringIO()  # slow steps: a line every alive_s at most, whatever the tenths
    with _Progress(5, stream=stream, every_s=0.0, alive_s=0.0) as bar:
        bar.begin("optimising", 5, "steps")
        for _ in range(5):
            bar.update(1)
    assert len(stream.getvalue().splitlines()) == 6
    assert _units(1) == "1 unit" and _units(64) == "64 units"
    assert beats(1.01, 1.0) and not beats(1.0 + 1e-7, 1.0) and not beats(0.9, 1.0)


@pytest.mark.parametrize(
    "extra,fragment",
    [
        (["--layer", "conv7"], "conv1, conv2, dense1"),
        (["--steps", "100000"], "--steps must be at most"),
        (["--images", "20000"], "--images must be at most"),
        (["--images", "0"], "must be at least 1"),
        (["--seconds", "-1"], "--seconds must be a number of seconds"),
        (["--seconds", "nan"], "--seconds must be a number of seconds"),
    ],
)
def test_filters_bad_input_gives_one_line_error(tiny_model_path, capsys, tmp_path, extra, fragment):
    code, _, err = run(capsys, "filters", "--model", str(tiny_model_path), "--out", str(tmp_path / "f"), *extra)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and fragment in lines[0], err


def test_filters_out_must_be_a_folder_whose_parent_exists(tiny_model_path, capsys, tmp_path):
    (tmp_path / "file").write_text("x")
    for target, fragment in ((tmp_path / "file", "is not a folder"), (tmp_path / "a" / "b", "does not exist")):
        code, _, err = run(capsys, "filters", "--model", str(tiny_model_path), "--out", str(target))
        assert code == 2 and fragment in err


def test_an_out_that_is_a_folder_asks_for_an_image_name(tiny_model_path, digit_files, capsys, tmp_path):
    (tmp_path / "folder.png").mkdir()
    code, _, err = run(
        capsys,
        "fool",
        "--model",
        str(tiny_model_path),
        str(digit_files[0][0]),
        "--target",
        "3",
        "--out",
        str(tmp_path / "folder.png"),
    )
    assert code == 2 and "give an image name" in err, err


def _other_model(tiny_model_path, path):
    from cnnviz.nn import checkpoint

    model, _ckpt = checkpoint.load_model(tiny_model_path)
    weights = {name: array * 1.5 for name, array in model.state_dict().items()}
    checkpoint.save(path, model.spec, weights, {})
    return path


def test_two_filters_runs_of_different_models_never_mix_in_one_folder(tiny_model_path, capsys, tmp_path):
    out = tmp_path / "filters"
    code, _, err = run(
        capsys,
        "filters",
        "--model",
        str(tiny_model_path),
        "--out",
        str(out),
        "--layer",
        "conv1",
        "--images",
        "50",
        "--steps",
        "2",
    )
    assert code == 0, err
    manifest = json.loads((out / "filters.json").read_text())
    assert set(manifest["layers"]) == {"conv1"} and manifest["layers"]["conv1"]["images"] == 50
    first = (out / "conv1.png").read_bytes()
    # the same model again, another layer and other settings: the manifest says each layer's
    code, _, err = run(
        capsys,
        "filters",
        "--model",
        str(tiny_model_path),
        "--out",
        str(out),
        "--layer",
        "conv2",
        "--images",
        "60",
        "--steps",
        "2",
    )
    assert code == 0, err
    manifest = json.loads((out / "filters.json").read_text())
    assert manifest["layers"]["conv2"]["images"] == 60 and manifest["layers"]["conv1"]["images"] == 50
    # another model: refused before anything is written
    other = _other_model(tiny_model_path, tmp_path / "other.npz")
    code, _, err = run(
        capsys,
        "filters",
        "--model",
        str(other),
        "--out",
        str(out),
        "--layer",
        "conv1",
        "--images",
        "50",
        "--steps",
        "2",
    )
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "holds the filters of another model" in lines[0], err
    assert (out / "conv1.png").read_bytes() == first and not (out / "dense1.png").exists()
    # a folder with grids and inputs but no manifest (whose model is unknown) is refused too
    bare = tmp_path / "bare"
    bare.mkdir()
    (bare / "optimised_conv1.npy").write_bytes(b"x")
    code, _, err = run(capsys, "filters", "--model", str(other), "--out", str(bare), "--images", "50", "--steps", "2")
    assert code == 2 and "did not record its model" in err, err


@pytest.mark.skipif(
    not hasattr(__import__("os"), "symlink") or __import__("os").name != "posix",
    reason="symbolic links as POSIX makes them",
)
def test_filters_out_as_a_symlink_loop_is_called_one(tiny_model_path, capsys, tmp_path):
    import os

    loop = tmp_path / "loop"
    os.symlink("loop", loop)
    code, _, err = run(capsys, "filters", "--model", str(tiny_model_path), "--out", str(loop))
    assert code == 2 and "too many levels of symbolic links" in err and "File exists" not in err, err
    os.symlink("missing", tmp_path / "dangling")
    code, _, err = run(capsys, "filters", "--model", str(tiny_model_path), "--out", str(tmp_path / "dangling"))
    assert code == 2 and "which does not exist" in err, err
