"""Each app instance has its own autosave, and the next start offers every orphaned run (issue 18, item 3).

Before: two windows wrote one ``autosave.npz``; window B's run overwrote window A's,
and B offered A's still-running run at its own start.
"""

import os
import subprocess
import sys
import time

import numpy as np

from cnnviz.app import autosave
from cnnviz.nn import checkpoint
from cnnviz.nn.model import Sequential

SPEC = "conv3-4,relu,pool,dense-10"


def write_autosave(path, step, saved_at, spec=SPEC, seed=0):
    weights = Sequential.from_spec(spec).initialise(seed).state_dict()
    checkpoint.save(path, spec, weights, {"step": step, "epoch": 0.1, "saved_at": saved_at, "autosave": True})
    return weights


def dead_pid():
    """A pid that no process has now (a child that has ended and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_two_instances_have_different_autosaves_and_never_offer_each_other(tmp_path):
    a, b = autosave.Instance(tmp_path), autosave.Instance(tmp_path)
    assert a.path != b.path and a.path.name.startswith(f"autosave-{os.getpid()}-")
    write_autosave(a.path, 84, time.time())
    write_autosave(b.path, 12, time.time())
    assert autosave.orphans(tmp_path, own=b.path) == [], "A still runs: its autosave is not B's to offer"
    a.release()  # A's app ends (as when it is killed: the system releases its lock)
    found = autosave.orphans(tmp_path, own=b.path)
    assert [o.offer.step for o in found] == [84]
    for orphan in found:
        orphan.leave()


def test_every_orphan_is_offered_newest_first_and_a_live_pid_never(tmp_path):
    now = time.time()
    old = tmp_path / autosave.FILE_NAME  # the one autosave of earlier versions
    write_autosave(old, 5, now - 3600)
    gone = tmp_path / f"autosave-{dead_pid()}-abcd1234.npz"
    write_autosave(gone, 40, now - 60)
    live = autosave.Instance(tmp_path)  # a live app (this process), holding its lock
    write_autosave(live.path, 99, now)
    alive_pid_name = tmp_path / f"autosave-{os.getpid()}-0badc0de.npz"  # a live pid, but nobody holds it:
    write_autosave(alive_pid_name, 7, now - 120)  # the lock decides, not the pid

    found = autosave.orphans(tmp_path)
    assert [o.offer.path for o in found] == [gone, alive_pid_name, old]
    assert [o.offer.step for o in found] == [40, 7, 5]
    assert autosave.orphans(tmp_path) == [], "being offered by one app, they are not offered by another"
    for orphan in found:
        orphan.leave()
    assert len(autosave.orphans(tmp_path)) == 3, "left for later: offered again"
    live.release()


def test_without_file_locks_the_pid_in_the_name_decides(tmp_path, monkeypatch):
    def no_locks(handle):
        raise OSError(38, "Function not implemented")

    monkeypatch.setattr(autosave, "_lock", no_locks)
    running = tmp_path / f"autosave-{os.getppid()}-00000001.npz"  # a fake live owner: our parent process
    ended = tmp_path / f"autosave-{dead_pid()}-00000002.npz"
    write_autosave(running, 3, time.time())
    write_autosave(ended, 4, time.time())
    assert [o.offer.path for o in autosave.orphans(tmp_path)] == [ended]


def test_discard_deletes_the_file_and_restore_takes_it_over(tmp_path):
    first = tmp_path / f"autosave-{dead_pid()}-00000001.npz"
    second = tmp_path / f"autosave-{dead_pid()}-00000002.npz"
    write_autosave(first, 10, time.time() - 10)
    write_autosave(second, 20, time.time())
    newest, older = autosave.orphans(tmp_path)
    newest.discard()
    assert not second.exists() and not autosave.lock_path(second).exists()
    mine = autosave.Instance(tmp_path)
    older.adopt(mine)
    assert not first.exists() and checkpoint.read_meta(mine.path)["step"] == 10
    assert autosave.orphans(tmp_path, own=mine.path) == []
    mine.release()
    assert [o.offer.step for o in autosave.orphans(tmp_path)] == [10], "offered again once this app has ended"


# --- in the window ---------------------------------------------------------------------------------------
def test_a_killed_window_keeps_its_own_run_and_the_next_start_offers_both(
    qtbot, make_window, no_dialogs_and_a_private_autosave
):
    """The issue's case: window A autosaves, window B trains and is closed, A is killed."""
    folder = no_dialogs_and_a_private_autosave
    # test_samples: the runs' final evaluations over 500 test images, not 10,000 (~4 s of a core each; not checked)
    a, b = make_window(steps=3, test_samples=500), make_window(steps=5, test_samples=500)
    assert a.checkpoints.autosave_path != b.checkpoints.autosave_path
    for window in (a, b):
        window.start()
        qtbot.waitUntil(lambda w=window: not w.session.active and w.state.run.result is not None, timeout=60_000)
        qtbot.waitUntil(window.checkpoints.autosave_path.exists, timeout=30_000)
    b.checkpoints.auto_answer = "no"
    assert b.checkpoints.offer_restore() is None
    assert autosave.read_offer(a.checkpoints.autosave_path).step == 3, "B never offered, nor touched, A's run"
    for window in (a, b):
        window.checkpoints.autosave_instance.release()  # A killed, B closed

    c = make_window()
    c.checkpoints.auto_answer = "no"
    offers = [o.offer for o in autosave.orphans(folder, own=c.checkpoints.autosave_path)]
    assert sorted(o.step for o in offers) == [3, 5] and offers[0].saved_at >= offers[1].saved_at
    for orphan in autosave.orphans(folder, own=c.checkpoints.autosave_path):
        orphan.leave()

    c.checkpoints.auto_answer = "yes"  # restores the newest: B's
    job = c.checkpoints.offer_restore()
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    qtbot.waitUntil(c.checkpoints.autosave_path.exists, timeout=30_000)
    assert c.state.local.step == 5 and "Restored the autosaved run (step 5" in c.banner.label.text()
    assert not b.checkpoints.autosave_path.exists(), "restored: no longer offered, now C's own autosave"
    np.testing.assert_array_equal(
        c.state.local.weights()["conv1.weight"], checkpoint.load(c.checkpoints.autosave_path).weights["conv1.weight"]
    )

    d = make_window()
    d.checkpoints.auto_answer = "delete"  # discards A's
    assert d.checkpoints.offer_restore() is None
    assert not a.checkpoints.autosave_path.exists()
    assert autosave.orphans(folder, own=d.checkpoints.autosave_path) == [], "C's run is live"
