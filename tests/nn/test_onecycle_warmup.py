"""The one-cycle warm-up share (torch OneCycleLR's ``pct_start``): the schedule's values, the trainer's and
``bench --time-to``'s use of it (cnnviz and its PyTorch mirror read the one ``_Schedule.lr``)."""

import math

import pytest

from cnnviz.cli import bench_time_to as tt
from cnnviz.cli.main import main
from cnnviz.nn.optim import ONECYCLE_WARMUP, learning_rate
from cnnviz.train import events as ev
from cnnviz.train.config import TrainConfig
from cnnviz.train.trainer import Trainer


def torch_onecycle_lr(step: int, total: int, max_lr: float, pct_start: float) -> float:
    """torch.optim.lr_scheduler.OneCycleLR(max_lr, total_steps=total, pct_start=pct_start) with its
    defaults (div_factor 25, final_div_factor 1e4, anneal_strategy "cos") written out: ``_annealing_cos``
    from max_lr / 25 up to max_lr, then down to max_lr / 25 / 1e4. The phase boundary is cnnviz's,
    int(pct_start * total) steps (at least 1); torch puts it at pct_start * total - 1."""

    def annealing_cos(start, end, pct):
        return end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1)

    initial, final = max_lr / 25.0, max_lr / 25.0 / 1e4
    peak = max(1, int(pct_start * total))
    if step < peak:
        return annealing_cos(initial, max_lr, step / peak)
    return annealing_cos(max_lr, final, (step - peak) / (total - 1 - peak))


@pytest.mark.parametrize("total", [10, 100, 235])
@pytest.mark.parametrize("warmup", [0.1, 0.2, ONECYCLE_WARMUP, 0.5])
def test_the_learning_rate_is_torchs_one_cycle_with_the_given_warmup(total, warmup):
    for step in range(total):
        assert learning_rate("onecycle", 0.01, step, total, warmup) == pytest.approx(
            torch_onecycle_lr(step, total, 0.01, warmup), rel=1e-12, abs=1e-15
        ), step


def test_the_peak_comes_after_the_warmup_share_and_the_default_stays_30_percent():
    def peak(total, *warmup):
        lrs = [learning_rate("onecycle", 1.0, s, total, *warmup) for s in range(total)]
        return lrs.index(max(lrs))

    assert peak(235) == peak(235, 0.3) == 70
    assert peak(235, 0.2) == 47 and peak(100, 0.2) == 20
    assert learning_rate("constant", 0.3, 5, 100, 0.2) == 0.3


@pytest.mark.parametrize("warmup", [0.0, 1.0, -0.2, float("nan")])
def test_a_warmup_outside_0_to_1_is_refused(warmup):
    with pytest.raises(ValueError, match="warmup must be more than 0 and less than 1"):
        TrainConfig(warmup=warmup).validate()


def test_a_warmup_outside_0_to_1_is_a_one_line_error_on_the_command_line(capsys):
    code = main(["train", "--net", "tiny", "--steps", "1", "--warmup", "1.5", "--no-save"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "warmup must be more than 0 and less than 1" in err


def test_the_trainer_follows_the_warmup_of_its_config(small_mnist):
    cfg = TrainConfig(
        net="conv3-4,relu,pool,dense-10",
        backend="numpy",
        epochs=1.0,
        batch_size=50,
        train_samples=500,
        lr=0.01,
        warmup=0.2,
        seed=1,
    )
    seen = []
    trainer = Trainer(cfg, dataset=small_mnist)
    trainer.add_listener(seen.append)
    trainer.run()
    used = [e.lr for e in seen if isinstance(e, ev.StepFinished)]
    # the trainer's schedule runs on images: step s has seen 50 * s of the 500; the peak is at 100 images
    assert used == pytest.approx([torch_onecycle_lr(50 * s, 500, 0.01, 0.2) for s in range(10)], rel=1e-6)
    assert used.index(max(used)) == 2


def test_bench_time_to_takes_the_recipes_warmup_for_every_contender():
    recipe = tt.Recipe.for_net("tiny")
    assert recipe.warmup == TrainConfig().warmup == ONECYCLE_WARMUP
    recipe.warmup = 0.2
    schedule = tt._Schedule(recipe, train_size=2000, seed=0)
    # by images seen, as the trainer: step s has seen 64 * s of the 2,000
    assert [schedule.lr(s) for s in range(schedule.total)] == [
        learning_rate("onecycle", recipe.lr, 64 * s, 2000, 0.2) for s in range(schedule.total)
    ]
    assert "onecycle schedule (20% warm-up)" in recipe.describe()
