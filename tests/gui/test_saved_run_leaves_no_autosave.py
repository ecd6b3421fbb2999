"""A run saved to a file (and not trained since) leaves no autosave when the window closes: the restore
question came back at every start, even after Restore and Save. A run not saved since its last step keeps
its autosave, offered at the next start."""

from cnnviz.app import autosave
from cnnviz.app.run import Run
from cnnviz.train import events as ev


def _steps(first, last):
    return [
        ev.StepFinished(step, step / 100, 0.5, 0.5, 64, 1000.0, 0.01, "numpy", None) for step in range(first, last + 1)
    ]


def test_only_a_save_after_the_last_step_puts_the_run_in_a_file():
    run = Run()
    run.add_steps(_steps(1, 3))
    assert not run.in_a_file
    run.unsaved = False  # a Discard answer: not in a file
    assert not run.in_a_file
    run.in_a_file = True
    run.add_steps(_steps(4, 4))
    assert not run.in_a_file and run.unsaved


def test_a_saved_run_leaves_no_autosave_an_unsaved_one_does(qtbot, window, tmp_path):
    folder = window.checkpoints.autosave_path.parent
    window.state.run.add_steps(_steps(1, 3))
    window.checkpoints.autosave_path.write_bytes(b"an autosave")  # what the run's worker writes
    assert window.checkpoints.save(str(tmp_path / "model.npz"))
    assert window.state.run.in_a_file
    mine = window.checkpoints.autosave_path
    window.shutdown()
    assert not mine.exists() and not autosave.lock_path(mine).exists()
    # Another instance whose run was not saved: its autosave stays for the next start.
    other = autosave.Instance(folder)
    other.path.write_bytes(b"an autosave")
    other.release()
    assert other.path.exists()
