"""Where ``cnnviz train`` saves: default names never collide, the ``--save`` target is checked as
it will be written before training, and a failed save keeps the model in another folder (issue 18)."""

from __future__ import annotations

import errno
import os
import re
import time
from pathlib import Path

import pytest

from cli_fixtures import user_data_home  # noqa: F401 - autouse: a private user data folder
from cnnviz.cli import main
from cnnviz.nn import checkpoint

TRAIN = ("train", "--net", "tiny", "--backend", "numpy", "--eval-every", "0")


@pytest.fixture(autouse=True)
def no_final_evaluation(monkeypatch):
    """Where the model is saved is the point here, not its test accuracy (10,000 images each run)."""
    from cnnviz.train.trainer import Trainer

    monkeypatch.setattr(Trainer, "evaluate", lambda self, full=True: None)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_two_reservations_in_the_same_second_get_different_files(tmp_path):
    when = time.time()
    first = checkpoint.reserve_model_path("tiny", tmp_path, when)
    second = checkpoint.reserve_model_path("tiny", tmp_path, when)
    third = checkpoint.reserve_model_path("tiny", tmp_path, when)
    assert len({first, second, third}) == 3 and all(p.is_file() for p in (first, second, third))
    assert second.name == first.name.replace(".npz", "-2.npz") and third.name.endswith("-3.npz")
    checkpoint.release_reserved(second)  # nothing saved: the empty reservation goes
    assert not second.exists()


def test_two_runs_without_save_in_the_same_second_keep_both_models(capsys, monkeypatch, user_data_home):
    frozen = time.localtime()
    monkeypatch.setattr(time, "localtime", lambda *args: frozen)  # both start in the same second
    saved = []
    for seed in ("1", "2"):
        code, out, err = run(capsys, *TRAIN, "--steps", "1", "--seed", seed)
        assert code == 0, err
        saved.append(Path(out.strip().removeprefix("saved ")))
    assert saved[0] != saved[1] and saved[0].parent == saved[1].parent
    weights = [checkpoint.load(p).weights["conv1.weight"] for p in saved]
    assert checkpoint.load(saved[1]).meta["seed"] == 2 and not (weights[0] == weights[1]).all()


def test_a_run_that_saves_nothing_leaves_no_empty_reservation(capsys, user_data_home):
    code, out, err = run(capsys, *TRAIN, "--epochs", "1e-300")  # refused after the name was reserved
    assert code == 2
    models = user_data_home / "cnnviz" / "models"
    assert not list(models.glob("*.npz"))


@pytest.mark.parametrize(
    "name,fragment",
    [
        (".npz", "must end in .npz, after a name"),
        ("m.npz/", "must end in .npz, after a name"),
        ("x" * 300 + ".npz", "the file name is too long"),
    ],
)
def test_a_save_name_that_cannot_be_written_is_refused_before_training(capsys, tmp_path, name, fragment):
    target = f"{tmp_path}{os.sep}{name}"
    code, out, err = run(capsys, *TRAIN, "--steps", "1", "--save", target)
    assert code == 2 and fragment in err and "training tiny" not in err, err
    assert err.count("\n") == 1 and list(tmp_path.iterdir()) == []


def test_the_save_target_probe_leaves_nothing_behind(tmp_path):
    from cnnviz.data.file_writing import check_save_target

    check_save_target(tmp_path / "new.npz", 1000, what="checkpoint")
    assert list(tmp_path.iterdir()) == []


def _fill_folder(monkeypatch, full: Path):
    """Every save into ``full`` fails with a full disk (the pre-check saw room: it filled meanwhile)."""
    from cnnviz.data.file_writing import atomic_write

    real_save = checkpoint.save

    def disk_fills(path, *args, **kwargs):
        if Path(path).parent == full:
            return atomic_write(path, lambda fh: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space")))
        return real_save(path, *args, **kwargs)

    monkeypatch.setattr(checkpoint, "save", disk_fills)


def test_a_full_user_data_folder_falls_back_to_another_folder(capsys, tmp_path, monkeypatch, user_data_home):
    models = user_data_home / "cnnviz" / "models"
    _fill_folder(monkeypatch, models)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *TRAIN, "--steps", "2")
    assert code == 2 and ": the disk is full; the model was saved to " in err, err
    kept = Path(re.search(r"the model was saved to (\S+\.npz) instead", err)[1])
    assert kept.parent == tmp_path and checkpoint.load(kept).step == 2  # the current folder, named
    assert not list(models.glob("*.npz"))  # and no empty reservation left in the full one


def test_the_fallback_skips_folders_that_fail_too(capsys, tmp_path, monkeypatch, user_data_home):
    import tempfile

    models = user_data_home / "cnnviz" / "models"
    work, temp = tmp_path / "work", tmp_path / "temp"
    work.mkdir(), temp.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(temp))
    from cnnviz.data.file_writing import atomic_write

    real_save = checkpoint.save

    def only_temp_has_room(path, *args, **kwargs):
        if Path(path).parent != temp:
            return atomic_write(path, lambda fh: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space")))
        return real_save(path, *args, **kwargs)

    monkeypatch.setattr(checkpoint, "save", only_temp_has_room)
    code, out, err = run(capsys, *TRAIN, "--steps", "1")
    kept = Path(re.search(r"the model was saved to (\S+\.npz) instead", err)[1])
    assert kept.parent == temp and checkpoint.load(kept).step == 1
    assert not list(models.glob("*.npz")) and not list(work.iterdir())
