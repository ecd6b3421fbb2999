"""A run that ends without training a step (a restored autosave started again when its run had already
reached its end) leaves the status bar telling the truth about the run shown: the step and epoch it
ended at, not the "epoch 0.00 / step 0" that Start showed (issue 31, session 38). Played end to end on real
X (restore, Start, the run ends at once); here the trainer's last word is handed to the window directly."""

from cnnviz.train import events as ev


def test_the_end_of_a_run_says_where_it_ended_even_without_a_step_event(window):
    window.status.show_start()  # what Start shows, before the run's first step
    window.router.handle(
        ev.RunFinished(
            steps=1876,
            epoch=2.0,
            seconds=0.1,
            train_seconds=0.0,
            train_images_per_s=0.0,
            test_accuracy=0.982,
            test_loss=0.06,
            backend="numpy",
            stopped=False,
        )
    )
    assert window.status.text("step") == "step 1,876"
    assert window.status.text("epoch") == "epoch 2.00"
    assert window.status.text("test") == "test accuracy 98.2%"
