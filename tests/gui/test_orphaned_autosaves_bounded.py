"""Orphaned autosaves are bounded (issue 33 item 5): one question at start lists the newest few runs (newest first,
with step and accuracy); older ones are counted without being read or held open and deleted when the user leaves
"delete the older autosaves" ticked; 3,000 orphans cost neither seconds nor descriptors."""

import os
import re
import time

import pytest
from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QListWidget

from cnnviz.app import autosave
from cnnviz.nn import checkpoint
from cnnviz.nn.model import Sequential

MANY = 3000


def open_descriptors() -> int | None:
    for folder in ("/proc/self/fd", "/dev/fd"):
        if os.path.isdir(folder):
            return len(os.listdir(folder))
    return None


FAKE = re.compile(r"autosave-9\d{5}-[0-9a-f]{8}\.npz")
"""The names of make_orphans' small old files (an app's own autosave is ``autosave-<pid>-...``, and a pid may
start with 9: CI's did once)."""


def fakes_in(folder) -> list:
    own = f"autosave-{os.getpid()}-"
    return [p for p in folder.iterdir() if FAKE.fullmatch(p.name) and not p.name.startswith(own)]


def make_orphans(folder, real=7, fake=MANY):
    """``real`` autosaves of trained runs (step 100 * i, accuracy 0.5 + i / 100, the higher the newer) and ``fake``
    older small files in autosave names (as thousands of ended apps leave them); no app holds any of them."""
    folder.mkdir(parents=True, exist_ok=True)
    model = Sequential.from_spec("conv3-2,relu,pool,dense-10").initialise(0)
    now = time.time()
    for i in range(fake):
        path = folder / f"autosave-{900000 + i}-{i:08x}.npz"
        path.write_bytes(b"old")
        os.utime(path, (now - 10_000 - i, now - 10_000 - i))
    paths = []
    for i in range(1, real + 1):
        path = folder / f"autosave-{800000 + i}-{i:08x}.npz"
        checkpoint.save(
            path,
            model.spec,
            model.state_dict(),
            {"step": 100 * i, "test_accuracy": 0.5 + i / 100, "saved_at": now - 1000 + i},
        )
        os.utime(path, (now - 1000 + i, now - 1000 + i))
        paths.append(path)
    return paths[::-1]  # newest first


def test_thousands_of_orphans_cost_neither_seconds_nor_descriptors(tmp_path):
    folder = tmp_path / "data"
    newest = make_orphans(folder)
    before = open_descriptors()
    started = time.perf_counter()
    found = autosave.orphans(folder)
    older = autosave.older_orphans(folder, offered=[o.offer.path for o in found])
    elapsed = time.perf_counter() - started
    assert [o.offer.path for o in found] == newest[: autosave.MAX_OFFERED]
    assert [o.offer.step for o in found] == [700, 600, 500, 400, 300]
    assert len(older) == MANY + 2 and older[:2] == newest[autosave.MAX_OFFERED :]
    if before is not None:
        assert open_descriptors() <= before + autosave.MAX_OFFERED, "only the runs offered are held"
    assert elapsed < 2.0, f"{elapsed:.2f} s for {MANY} orphans"
    assert not any(p.name.endswith(".lock") for p in folder.iterdir() if p.stem.startswith("autosave-9")), (
        "counting the older ones made no lock files"
    )
    for orphan in found:
        orphan.leave()
    if before is not None:
        assert open_descriptors() == before
    assert autosave.discard_paths(older) == MANY + 2
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [p.name for p in newest[:5]] + [autosave.lock_path(p).name for p in newest[:5]]
    )


@pytest.fixture
def asked(monkeypatch):
    """The restore question as the user sees it: each time it is asked, what it lists; answered by ``answer``."""
    seen = []
    answer = {"button": "Later", "delete_older": True}

    def exec_(dialog):
        runs = dialog.findChild(QListWidget, "restoreRuns")
        older = dialog.findChild(QCheckBox, "deleteOlder")
        seen.append(
            {
                "runs": [runs.item(i).text() for i in range(runs.count())],
                "older": older.text() if older.isVisibleTo(dialog) else None,
            }
        )
        older.setChecked(answer["delete_older"])
        buttons = dialog.findChild(QDialogButtonBox)
        next(b for b in buttons.buttons() if b.text() == answer["button"]).click()
        return 0

    monkeypatch.setattr(QDialog, "exec", exec_)
    return seen, answer


def test_one_question_lists_the_newest_runs_and_cleans_up_older_ones_when_told(
    qtbot, make_window, asked, no_dialogs_and_a_private_autosave
):
    seen, answer = asked
    folder = no_dialogs_and_a_private_autosave
    newest = make_orphans(folder, fake=40)
    window = make_window()
    window.checkpoints.auto_answer = None  # the real question
    before = open_descriptors()
    assert window.checkpoints.offer_restore() is None  # Later, "delete the older ones" ticked
    assert len(seen) == 1, "one question at start, not one per run"
    runs = seen[0]["runs"]
    assert len(runs) == autosave.MAX_OFFERED
    assert ["step 700" in runs[0], "step 600" in runs[1], "step 300" in runs[-1]] == [True] * 3, runs
    assert "57.0%" in runs[0], runs
    assert seen[0]["older"] == "Also delete the 42 older autosaves (not listed)"
    assert all(p.exists() for p in newest[:5]) and not any(p.exists() for p in newest[5:])
    assert not fakes_in(folder), "the older ones were deleted"
    if before is not None:
        assert open_descriptors() <= before, "no file stays open for a run not restored"

    answer["delete_older"] = False
    assert window.checkpoints.offer_restore() is None
    assert len(seen) == 2 and len(seen[1]["runs"]) == 5 and seen[1]["older"] is None  # nothing older any more

    answer["button"] = "Restore"
    job = window.checkpoints.offer_restore()
    assert job is not None  # the newest, chosen by default
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    qtbot.waitUntil(lambda: not newest[0].exists(), timeout=30_000)  # now this window's own autosave
    assert window.state.local.step == 700
    assert all(p.exists() for p in newest[1:5]), "the others stay for the next start"


def test_later_without_the_tick_keeps_the_older_ones(make_window, asked, no_dialogs_and_a_private_autosave):
    seen, answer = asked
    folder = no_dialogs_and_a_private_autosave
    make_orphans(folder, real=6, fake=3)
    window = make_window()
    window.checkpoints.auto_answer = None
    answer["delete_older"] = False
    assert window.checkpoints.offer_restore() is None
    assert seen[0]["older"] == "Also delete the 4 older autosaves (not listed)"
    assert len(fakes_in(folder)) == 3, "kept: the user did not say so"
