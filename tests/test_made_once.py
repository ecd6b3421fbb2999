"""Files the test workers share (tests/made_once.py): made once for the run, not once per worker."""

import threading

import pytest

import made_once


def test_a_file_made_once_is_made_once_while_another_waits_for_it(tmp_path, monkeypatch):
    made, inside, release, waiting = [], threading.Event(), threading.Event(), threading.Event()

    def make(path):
        made.append(path)
        inside.set()
        assert release.wait(30)
        path.write_bytes(b"model")

    real_sleep = made_once.time.sleep

    def sleep(seconds):  # the second caller waits here while the first makes the file
        waiting.set()
        real_sleep(0.01)

    monkeypatch.setattr(made_once.time, "sleep", sleep)
    paths = []
    first = threading.Thread(target=lambda: paths.append(made_once.made_once(tmp_path, "m.npz", make)))
    first.start()
    assert inside.wait(30)
    second = threading.Thread(target=lambda: paths.append(made_once.made_once(tmp_path, "m.npz", make)))
    second.start()
    assert waiting.wait(30)
    release.set()
    first.join(30)
    second.join(30)
    assert paths == [tmp_path / "m.npz"] * 2 and len(made) == 1
    assert (tmp_path / "m.npz").read_bytes() == b"model"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.npz"], "no lock or part left behind"


def test_a_failed_make_leaves_the_next_caller_to_make_it(tmp_path):
    def fail(path):
        path.write_bytes(b"half")
        raise RuntimeError("training failed")

    with pytest.raises(RuntimeError):
        made_once.made_once(tmp_path, "m.npz", fail)
    assert list(tmp_path.iterdir()) == [], "no half-made file, no lock"
    path = made_once.made_once(tmp_path, "m.npz", lambda part: part.write_bytes(b"model"))
    assert path.read_bytes() == b"model"
