"""The collapse watch's gradient rule: a run whose loss sits at chance level and whose first layer gets no
gradient at all is dead, however low its first overshoot was; a slow run at chance level is not."""

import math

from cnnviz.train.recovery import GRADIENT_CHECK_STEPS, CollapseWatch


def at_chance(watch: CollapseWatch, steps: int, first_step: int = 1) -> None:
    for _ in range(steps):
        assert not watch.add_loss(math.log(10))


def test_the_gradient_is_looked_at_only_near_chance_and_not_at_every_step():
    watch = CollapseWatch()
    assert not watch.gradient_check_due(1)  # no loss yet
    watch.add_loss(0.3)  # a learning run: never pays for a look
    assert not watch.gradient_check_due(1)
    watch = CollapseWatch()
    watch.add_loss(math.log(10))
    assert watch.gradient_check_due(1)
    watch.add_input_gradient(1, silent=False)
    assert not watch.gradient_check_due(1 + GRADIENT_CHECK_STEPS - 1)
    assert watch.gradient_check_due(1 + GRADIENT_CHECK_STEPS)


def test_no_gradient_for_the_patience_at_chance_is_a_collapse():
    watch = CollapseWatch(patience=150)
    at_chance(watch, 10)
    assert watch.healthy
    step = 10
    while not watch.add_input_gradient(step, silent=True):
        step += GRADIENT_CHECK_STEPS
    assert step == 160  # 150 steps after the first silent look
    assert not watch.healthy  # no backup of weights no gradient reaches
    cause = watch.describe()
    assert str(cause).startswith("for 150 steps no gradient has reached the first layer")
    assert "dead ReLUs" in str(cause) and "2.30 = ln 10" in str(cause)


def test_one_gradient_that_flows_starts_the_count_again():
    watch = CollapseWatch(patience=150)
    at_chance(watch, 1)
    assert not watch.add_input_gradient(10, silent=True)
    assert not watch.add_input_gradient(150, silent=True)
    assert not watch.add_input_gradient(155, silent=False)
    assert watch.healthy
    assert not watch.add_input_gradient(160, silent=True)
    assert not watch.add_input_gradient(300, silent=True)
    assert watch.add_input_gradient(310, silent=True)


def test_a_silent_gradient_away_from_chance_is_not_a_collapse_and_reset_forgets():
    watch = CollapseWatch(patience=150)
    watch.add_loss(0.2)  # (a loss far from chance: the rule is about a run stuck at chance)
    assert not watch.add_input_gradient(10, silent=True)
    assert not watch.add_input_gradient(500, silent=True)
    watch.reset()
    assert watch.silent_since is None and watch.last_gradient_check is None and watch.healthy
