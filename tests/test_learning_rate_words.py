"""One way to write a learning rate (``number_format.format_rate``), in every message and label that shows one:
plain decimals in the language's way ("0,0003" in German, "0.0003" in English), never "3e-04" or "1e-03" beside
"0,001" (the divergence advice, the comparison's "lr 0.01 vs 0.0005", the Statistics hints, the curves' marks)."""

import numpy as np
import pytest

from cnnviz import number_format as nf
from cnnviz.app import comparison
from cnnviz.app.run_state import changes_text
from cnnviz.train.stats import HEALTHY_UPDATE_RATIO, StatsHistory, diagnose, parameter_stats
from cnnviz.translatable import Phrase


@pytest.fixture
def german():
    nf.show_in("de")
    yield
    nf.show_in("en")


@pytest.mark.parametrize(
    "value, en, de",
    [
        (0.0003, "0.0003", "0,0003"),
        (3e-5, "0.00003", "0,00003"),
        (0.001, "0.001", "0,001"),
        (0.5, "0.5", "0,5"),
        (2.0, "2", "2"),
        (0.00123456, "0.00123", "0,00123"),
        (3e-7, "3·10⁻⁷", "3·10⁻⁷"),
    ],
)
def test_a_rate_is_a_plain_decimal_in_the_language_s_way(value, en, de):
    assert (nf.format_rate(value, language="en"), nf.format_rate(value, language="de")) == (en, de)
    assert f"{nf.rate(value, language='de'):g}" == de, "a template's old {lr:g} spec writes it the same way"


def test_the_divergence_advice_says_the_rate_as_a_plain_decimal(german):
    from cnnviz.train import trainer

    source = open(trainer.__file__, encoding="utf-8").read()
    assert "lr=rate(self.config.lr)" in source
    advice = Phrase("Lower the learning rate (now {lr:g}) and resume.", lr=nf.rate(0.00003))
    assert advice.text(lambda t: t) == "Lower the learning rate (now 0,00003) and resume."
    assert str.__str__(advice) == "Lower the learning rate (now 0.00003) and resume.", "the CLI's English"


def test_the_comparison_line_and_the_marks_write_rates_alike(german):
    kept = comparison.KeptRun({"lr": 0.01, "optimizer": "adam"}, comparison.Curves(), None, "this session")
    assert comparison.describe(kept, {"lr": 0.0005, "optimizer": "adam"}) == "lr 0,01 vs 0,0005 now"
    assert comparison.describe(kept, {"lr": 3e-5, "optimizer": "adam"}) == "lr 0,01 vs 0,00003 now"
    assert changes_text({"lr": 3e-5, "batch_size": 64}) == "lr 0.00003, batch_size 64", "stored in English"
    assert nf.relocalize_words(changes_text({"lr": 3e-5})) == "lr 0,00003"


def history(ratio: float) -> StatsHistory:
    """conv1's every step changes its weights by ``ratio`` of their size (|w| = 1), dense1's by 0.001."""
    kept = StatsHistory(500)
    for step in range(60):
        weights = {name: np.full((4, 4), 0.25) for name in ("conv1.weight", "dense1.weight")}
        grads = {"conv1.weight": np.full((4, 4), ratio / 0.01 / 4), "dense1.weight": np.full((4, 4), 0.1 / 4)}
        kept.record(step + 1, parameter_stats(weights, grads), lr=0.01)
    return kept


@pytest.mark.parametrize("ratio, said", [(0.5, "conv1.weight (0,5)"), (3e-7, "conv1.weight (3·10⁻⁷)")])
def test_the_statistics_hints_say_ratios_as_decimals(german, ratio, said):
    (finding,) = diagnose(history(ratio))
    shown = finding.text(lambda t: t)
    assert "e-0" not in shown and "e+0" not in shown and said in shown, shown
    assert "about 0,001)" in shown, shown
    assert nf.format_rate(HEALTHY_UPDATE_RATIO, 1) == "0,001"
