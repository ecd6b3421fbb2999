"""The time-lapse keeps the whole run in bounded memory and exports readable animations."""

import numpy as np
import pytest
from PIL import Image, ImageSequence

from cnnviz.classroom.timelapse import TimeLapse
from cnnviz.train import events as ev


def _kernels(step: int, out: int = 8, inp: int = 1):
    rng = np.random.default_rng(step)
    return {
        "conv1": rng.standard_normal((out, inp, 5, 5)).astype(np.float32) * (1 + step / 100),
        "conv2": rng.standard_normal((4, out, 3, 3)).astype(np.float32),
    }


def _fill(lapse: TimeLapse, n: int) -> None:
    for i in range(n):
        lapse.record(
            step=100 * i,
            epoch=i / 10,
            test_accuracy=min(0.99, 0.1 + i / 100),
            kernels=_kernels(i),
            feature_maps=[("conv1", np.ones((8, 28, 28), np.float32))],
        )


@pytest.mark.parametrize("n", [1, 2, 10, 11, 37, 200, 1000])
def test_bounded_frames_keep_first_and_last_and_stay_evenly_spread(n):
    lapse = TimeLapse(max_frames=10)
    _fill(lapse, n)
    frames = lapse.frames
    assert 1 <= len(lapse) <= 10 and len(frames) == len(lapse)
    assert frames[0].step == 0
    assert frames[-1].step == 100 * (n - 1)
    assert [f.step for f in frames] == sorted(f.step for f in frames)
    if n >= 10:
        assert len(lapse) >= 5  # thinning halves, it never empties the film
        # Apart from the latest frame, the kept ones are evenly spaced over the run.
        gaps = np.diff([f.sequence for f in frames[:-1]])
        assert len(set(gaps)) <= 1
        assert frames[-2].sequence >= n / 2


def test_memory_is_bounded_by_bytes_too():
    one = TimeLapse(max_frames=1000)
    _fill(one, 1)
    budget = 6 * one.nbytes
    lapse = TimeLapse(max_frames=1000, max_bytes=budget)
    _fill(lapse, 300)
    assert lapse.nbytes <= budget
    assert lapse.frame(0).step == 0 and lapse.frame(-1).step == 29900


def test_frames_hold_copies_not_views():
    lapse = TimeLapse()
    weights = np.zeros((2, 1, 3, 3), np.float32)
    lapse.record(1, 0.1, 0.5, [("conv1", weights)])
    weights[:] = 9.0
    assert lapse.frame(0).kernels["conv1"].max() == 0.0
    assert not lapse.frame(0).kernels["conv1"].flags.writeable


def test_observe_pairs_evaluations_with_snapshots_of_the_same_step():
    lapse = TimeLapse()

    def evaluation(step, acc):
        return ev.EvaluationFinished(
            step, step / 100, 0.5, acc, 10, np.zeros(10, np.int64), np.zeros(10, np.int64), np.ones(10, np.float32)
        )

    def snapshot(step, tag=""):
        w = np.full((2, 1, 3, 3), float(step), np.float32)
        return ev.Snapshot(
            step,
            step / 100,
            np.zeros((28, 28), np.float32),
            7,
            (("conv1", np.ones((2, 28, 28))),),
            (("conv1", w),),
            np.full(10, 0.1, np.float32),
            {},
            "conv1,dense-10",
            tag,
        )

    lapse.observe(evaluation(10, 0.5))  # no snapshot yet: waits for one
    assert len(lapse) == 0
    lapse.observe(snapshot(10))
    lapse.observe(snapshot(15))
    lapse.observe(evaluation(15, 0.6))  # the snapshot of that step is already there
    lapse.observe(evaluation(20, 0.7))
    lapse.observe(snapshot(20))
    assert [(f.step, f.test_accuracy, f.kernels["conv1"][0, 0, 0, 0]) for f in lapse.frames] == [
        (10, 0.5, 10.0),
        (15, 0.6, 15.0),
        (20, 0.7, 20.0),
    ]
    assert lapse.frame(0).input_image.shape == (28, 28)
    lapse.observe(ev.StateChanged("reset", 0))
    assert len(lapse) == 0


def test_gif_has_one_frame_per_recording_and_a_fixed_size(tmp_path):
    lapse = TimeLapse(max_frames=12)
    _fill(lapse, 30)
    path = lapse.export_gif(tmp_path / "kernels.gif", "conv1")
    with Image.open(path) as gif:
        assert gif.format == "GIF"
        assert gif.n_frames == len(lapse)
        sizes = {frame.size for frame in ImageSequence.Iterator(gif)}
        durations = []
        for frame in ImageSequence.Iterator(gif):
            durations.append(frame.info["duration"])
        assert len(sizes) == 1
    expected = lapse.render_frames("conv1")[0].size
    assert sizes == {expected}
    assert durations[-1] > durations[0]  # the trained kernels are held at the end
    assert not list(tmp_path.glob(".*.tmp"))


def test_gif_pixels_show_the_diverging_colour_map(tmp_path):
    lapse = TimeLapse()
    positive = np.ones((1, 1, 5, 5), np.float32)
    lapse.record(0, 0.0, 0.1, {"conv1": -positive})
    lapse.record(10, 0.1, 0.9, {"conv1": positive})
    lapse.export_gif(tmp_path / "k.gif", scale=10)
    with Image.open(tmp_path / "k.gif") as gif:
        first = np.asarray(gif.convert("RGB"))
        gif.seek(1)
        second = np.asarray(gif.convert("RGB"))
    centre = (2 + 25, (first.shape[1]) // 2)  # inside the single 50x50 tile
    r, g, b = first[centre].astype(int)
    assert b > r + 50, "negative weights are blue"
    r, g, b = second[centre].astype(int)
    assert r > b + 50, "positive weights are red"


def test_global_scaling_shows_growth_frame_scaling_hides_it():
    lapse = TimeLapse()
    base = np.linspace(-1, 1, 25, dtype=np.float32).reshape(1, 1, 5, 5)
    lapse.record(0, 0.0, 0.1, {"conv1": 0.1 * base})
    lapse.record(1, 0.1, 0.9, {"conv1": base})
    early, late = (np.asarray(im, dtype=float) for im in lapse.render_frames(scaling="global"))
    assert np.abs(early - 247).mean() < np.abs(late - 247).mean()  # faint (near white) then strong
    early, late = (np.asarray(im, dtype=float) for im in lapse.render_frames(scaling="frame"))
    np.testing.assert_array_equal(early[:-30], late[:-30])  # same picture apart from the caption strip


def test_png_frames(tmp_path):
    lapse = TimeLapse(max_frames=5)
    _fill(lapse, 7)
    paths = lapse.export_png_frames(tmp_path / "frames", layer="conv2", input_channel=None)
    assert len(paths) == len(lapse)
    assert paths[0].name == "frame_0000_step_000000.png"
    for path in paths:
        with Image.open(path) as image:
            assert image.format == "PNG" and image.mode == "RGB"


def test_errors_are_clear(tmp_path):
    lapse = TimeLapse()
    with pytest.raises(ValueError, match="empty"):
        lapse.export_gif(tmp_path / "x.gif")
    _fill(lapse, 2)
    with pytest.raises(ValueError, match="'conv9' is not recorded.*conv1, conv2"):
        lapse.export_gif(tmp_path / "x.gif", "conv9")
    with pytest.raises(ValueError, match="scaling"):
        lapse.export_gif(tmp_path / "x.gif", scaling="auto")
    with pytest.raises(ValueError, match="input_channel"):
        lapse.export_gif(tmp_path / "x.gif", "conv2", input_channel=8)
    with pytest.raises(ValueError, match="max_frames"):
        TimeLapse(max_frames=1)
    assert not (tmp_path / "x.gif").exists()
