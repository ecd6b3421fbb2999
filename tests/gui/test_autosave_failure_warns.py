"""The window warns when an autosave fails (issue 33 item 8): a full disk in the middle of the write (simulated
inside the real atomic write) shows a warning naming the autosave and the cause; nothing claims it was saved,
and the file that was there before is kept."""

import errno

from cnnviz.app import autosave
from cnnviz.nn import checkpoint


def test_a_full_disk_during_an_autosave_is_warned_about(qtbot, make_window, monkeypatch):
    real_atomic_write = checkpoint.atomic_write
    failures = []

    def full_disk(path, write):
        def write_then_fail(fh):
            fh.write(b"PK\x03\x04 part of a checkpoint")
            failures.append(path)
            raise OSError(errno.ENOSPC, "No space left on device")

        return real_atomic_write(path, write_then_fail)

    window = make_window(steps=8, test_samples=500)  # its final evaluation (not checked) over 500 test images
    path = window.checkpoints.autosave_path
    monkeypatch.setattr(checkpoint, "atomic_write", full_disk)
    messages = []
    monkeypatch.setattr(window.checkpoints.status_bar, "showMessage", lambda text, *args: messages.append(text))
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)
    qtbot.waitUntil(lambda: "Could not autosave" in window.banner.label.text(), timeout=30_000)
    text = window.banner.label.text()
    assert failures and str(path) in text and "the disk is full" in text, text
    assert window.banner.isVisible()
    assert not any("Autosaved the model" in m for m in messages), messages
    assert not path.exists() and autosave.read_offer(path) is None  # no half-written autosave
    assert not list(path.parent.glob(".cnnviz-*.tmp")), "the temporary file was removed"
