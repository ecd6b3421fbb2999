"""What a panel may observe (:attr:`.registry.PanelSpec.observes`), and the method the app calls on it for each:
everything that follows the data set, the weights or the training run reaches a panel this way, in registry
order (:func:`.registry.tell`), so that no module outside the panels calls a panel by name to feed it.

No Qt here (the registry, which every command line reads, imports it)."""

from __future__ import annotations

DATASET = "dataset"
"""``show_dataset(dataset)``: the data set was loaded (None: none could be)."""
WEIGHTS = "weights"
"""``set_weights(spec, weights, step)``: the latest weights (a Snapshot's: never modified, so no copy)."""
EVALUATED = "evaluated"
"""``evaluated(event)``: a test evaluation ended (an ``EvaluationFinished``)."""
DRAWING = "drawing"
"""``set_drawing(image)``: the drawing as the network sees it, 28x28 in [0, 1] (None: the pad is empty)."""
TEST_IMAGE = "test_image"
"""``set_test_image(image, label, index)``: the test image chosen (in Feature maps or Mistakes)."""
INPUT_CHOICE = "input_choice"
"""``show_input_choice(choice)``: the input the views show was chosen (the app model's
:class:`~cnnviz.app.input_choice.InputChoice`: the drawing or test image N)."""
OWN_INPUT = "own_input"
"""``show_own_input(drawing_views)``: which views with their own choice of input work on the drawing (the app
model's :attr:`~cnnviz.app.state.AppState.drawing_views`, a frozenset of panel keys; the others work on the test
image). A panel that observes it has a ``key`` (its registry key) and an ``inputChosen(bool)`` signal: the user
asks for the drawing (True) or the test image, which the window passes on to the model."""
KEPT = "kept"
"""``set_kept(side)``: the run kept for comparison as shown beside the run now (a
:class:`~cnnviz.app.side_by_side.SideBySide`; None: no comparison)."""
STEPS = "steps"
"""``steps_trained(steps, at)``: the training steps of one flush (``StepFinished`` events, in order; at most 10
flushes a second, however many steps), the last of them reported at ``at`` (``time.perf_counter()``)."""
TICK = "tick"
"""``tick(running)``: draw what the steps added, at most ``router.CURVES_HZ`` times a second while steps come
and once after the last (``running`` False: a single step or a pause, so everything now)."""
TIMING = "timing"
"""``add_timing(timing)``: a backend's time per layer was measured (a ``TimingMeasured``)."""
STATS = "stats"
"""``add_stats(event, optimizer)``: weights and gradients were measured (a ``ParameterStatsMeasured``), with the
name of the optimizer the run trains with (the app model's run config; None without a run)."""
SNAPSHOT = "snapshot"
"""``add_snapshot(snapshot)``: a snapshot the trainer took for the record (the time-lapse's frames; the live
view's come as VIEW)."""
RESET = "reset"
"""``run_reset(event)``: the running trainer started over from new random weights (a ``StateChanged`` RESET);
what the panels showed of the old weights is forgotten through ``forget=`` (:func:`start_over`)."""
BACKEND = "backend"
"""``backend_switched(event, rewound)``: the run moved to another backend (a ``BackendSwitched``); ``rewound``:
it went back to its last backup, so the steps from ``event.epoch`` on are trained again."""
HYPERPARAMETERS = "hyperparameters"
"""``hyperparameters_changed(event)``: the run's rate, batch, optimizer or schedule changed mid-run."""
VIEW = "view"
"""``show_view(snapshot, class_names)``: the live view (the chosen input's feature maps, the kernels), from the
trainer or computed on the NumPy copy (``class_names``: the data set's, None without one)."""
RUNNING = "running"
"""``set_training(training)``: a run trains now (work beside it takes a small share of a core) or not."""
HISTORY = "history"
"""``history_replaced(run, test_accuracy)``: the run's history was replaced as a whole (a loaded file's curves,
a run put back); ``run`` is the :class:`~cnnviz.app.run.Run`, ``test_accuracy`` the one known (or None)."""
MODEL = "model"
"""``set_model(model)``: the NumPy copy holds other weights (a new model, a run's final weights, a run put back)."""
KNOWN_ACCURACY = "known_accuracy"
"""``set_mnist_accuracy(accuracy)``: the test accuracy known for the weights now (a loaded file's; None: unknown)."""
PLANNED = "planned"
"""``set_epochs(epochs)``: a run starts that will train this many epochs (0.0: a number of steps)."""
CLASSES = "classes"
"""``show_classes(class_names, dataset)``: the classes the weights now name: a run on the class canvas's own
classes or a loaded net of them, or the data set's again after one; ``dataset`` is what the run learns on
(the "not sure" calibration and Mistakes use its images; None: the names only)."""
FINAL_FRAME = "final_frame"
"""``record_snapshot(snapshot, test_accuracy)``: the run ended; its final weights' view (at its last step) and
their test accuracy (None: not evaluated at that step)."""
OBSERVED_BY = {
    DATASET: "show_dataset",
    WEIGHTS: "set_weights",
    EVALUATED: "evaluated",
    DRAWING: "set_drawing",
    TEST_IMAGE: "set_test_image",
    INPUT_CHOICE: "show_input_choice",
    OWN_INPUT: "show_own_input",
    KEPT: "set_kept",
    STEPS: "steps_trained",
    TICK: "tick",
    TIMING: "add_timing",
    STATS: "add_stats",
    SNAPSHOT: "add_snapshot",
    RESET: "run_reset",
    BACKEND: "backend_switched",
    HYPERPARAMETERS: "hyperparameters_changed",
    VIEW: "show_view",
    RUNNING: "set_training",
    HISTORY: "history_replaced",
    MODEL: "set_model",
    KNOWN_ACCURACY: "set_mnist_accuracy",
    PLANNED: "set_epochs",
    FINAL_FRAME: "record_snapshot",
    CLASSES: "show_classes",
}
