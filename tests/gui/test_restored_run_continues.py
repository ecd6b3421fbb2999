"""A restored autosave continues its run: step count, optimizer state, schedule and data order (issue 18,
item 10: a restored step-84 model used to autosave later as "step 46")."""

import numpy as np

from cnnviz.app import autosave
from cnnviz.nn import checkpoint

N, M = 6, 5
# test_samples: each of the three runs ends with a final evaluation, over 500 test images instead of all 10,000
# (~4 s of a core each); what is compared (steps, weights, optimizer state, images seen) never reads it.
SETTINGS = dict(schedule="constant", optimizer="adam", test_samples=500)


def run_to_end(qtbot, window):
    window.start()
    qtbot.waitUntil(lambda: not window.session.active and window.state.run.result is not None, timeout=60_000)
    path = window.checkpoints.autosave_path
    qtbot.waitUntil(lambda: path.exists() and autosave.read_offer(path).step == window.state.local.step, timeout=30_000)
    return checkpoint.load(path)


def test_a_restored_autosave_trains_on_as_if_it_had_never_stopped(qtbot, make_window):
    first = make_window(steps=N, **SETTINGS)
    run_to_end(qtbot, first)
    first.checkpoints.autosave_instance.release()  # that app has ended

    restored = make_window(steps=N + M, **SETTINGS)
    restored.checkpoints.auto_answer = "yes"
    job = restored.checkpoints.offer_restore()
    qtbot.waitUntil(lambda: not job.running, timeout=30_000)
    assert restored.state.local.step == N
    continued = run_to_end(qtbot, restored)
    assert continued.meta["step"] == N + M, "the steps since the restore count on from N"
    assert restored.state.run.last_step.step == N + M

    straight = run_to_end(qtbot, make_window(steps=N + M, **SETTINGS))
    assert straight.meta["step"] == N + M
    for name, array in straight.weights.items():
        np.testing.assert_array_equal(continued.weights[name], array, err_msg=name)
    assert straight.optimizer_state and set(continued.optimizer_state) == set(straight.optimizer_state)
    for name, array in straight.optimizer_state.items():
        np.testing.assert_array_equal(continued.optimizer_state[name], array, err_msg=name)
    assert continued.meta["run_images_seen"] == straight.meta["run_images_seen"]
