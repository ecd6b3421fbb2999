"""Messages made below the GUI (trainer, backends, autosave) are English text that also carries its N_-marked
template and values, so that the GUI says the same sentence in its language (the CLI prints the English)."""

import pickle

import numpy as np
from test_trainer import make, of

from cnnviz.app import autosave
from cnnviz.backends import registry
from cnnviz.gui import translation_sources as ts
from cnnviz.train import events as ev
from cnnviz.translatable import N_, Phrase, in_language


def catalogue(code: str):
    entries = ts.read(ts.catalogue_file(code))
    return lambda text: entries.get(text) or text


def test_a_phrase_is_its_english_text_and_says_it_in_another_language():
    inner = Phrase(N_("the loss became {loss} at step {step}"), loss=float("nan"), step=12)
    outer = Phrase(
        N_(
            "{cause}. The weights of step {step} were put back (the step count goes on from {now}) and training "
            "is paused. {advice}"
        ),
        cause=inner,
        step=10,
        now=12,
        advice="Stop.",
    )
    assert outer == (
        "the loss became nan at step 12. The weights of step 10 were put back (the step count goes on from 12) "
        "and training is paused. Stop."
    )
    assert f"{inner}" == str(inner) == "the loss became nan at step 12"
    german = outer.text(catalogue("de"))
    assert german.startswith(
        "der Verlust wurde bei Schritt 12 zu nan. Die Gewichte von Schritt 10 wurden wiederhergestellt "
        "(die Schrittzählung geht bei 12 weiter)"
    )
    assert german.endswith("Stop.")  # a value that is no Phrase is put in as it is
    assert pickle.loads(pickle.dumps(outer)).text(catalogue("de")) == german
    assert in_language("plain", catalogue("de")) == "plain"


def test_the_trainers_divergence_is_told_in_the_guis_language(small_mnist):
    trainer, seen = make(small_mnist, steps=100000, schedule="constant")
    trainer.setup()
    trainer.add_listener(lambda e: isinstance(e, ev.StateChanged) and e.state == ev.RunPhase.PAUSED and trainer.stop())
    trainer.model.named_parameters()[0][1].data[...] = np.inf
    trainer.run()
    diverged = of(seen, ev.Diverged)[0]
    assert diverged.message.text() == str(diverged.message)  # the CLI's English
    german = diverged.message.text(catalogue("de"))
    assert german == (
        "der Verlust wurde bei Schritt 1 zu nan. Die Gewichte von Schritt 0 wurden wiederhergestellt (die "
        f"Schrittzählung geht bei {diverged.step} weiter), das Training ist pausiert. Senke die Lernrate (jetzt "
        "0.002) und setze das Training fort."
    )
    japanese = diverged.message.text(catalogue("ja"))
    assert "ステップ 1 で損失が nan になりました" in japanese and "0.002" in japanese


def test_the_loss_stuck_at_chance_is_told_in_the_guis_language():
    from cnnviz.train.recovery import CollapseWatch

    watch = CollapseWatch(patience=3)
    for loss in (0.5, 0.4, *[2.3] * 200):
        if watch.add_loss(loss):
            break
    cause = watch.describe()
    assert cause.startswith("the loss has stayed at chance level (2.30 = ln 10") and cause.endswith("much lower")
    assert cause.text(catalogue("de")).endswith("nachdem er viel niedriger gewesen war")
    assert "随机猜测" in cause.text(catalogue("zh_CN"))


def test_backend_descriptions_keep_their_identifiers_inside_a_translated_sentence():
    numpy = registry.info("numpy")
    assert isinstance(numpy.detail, Phrase) and numpy.detail.startswith("NumPy ")
    german = numpy.detail.text(catalogue("de"))
    assert german.startswith(f"NumPy {np.__version__}, Referenz") and german.endswith("CPU")
    assert catalogue("de")(numpy.title) == "NumPy-Referenz (CPU)"
    numba = registry.info("numba")
    if numba.available:
        chinese = numba.detail.text(catalogue("zh_CN"))
        assert chinese.startswith("Numba ") and "工作线程" in chinese and "NumPy" in chinese


def test_an_autosave_is_described_in_the_guis_language(tmp_path):
    offer = autosave.Offer(tmp_path / "none.npz", "tiny", 1234, 0.973, None)
    assert offer.describe() == "step 1,234, 97.3%"
    assert offer.describe().text(catalogue("de")) == "Schritt 1,234, 97.3\u00a0%"
    assert in_language(offer.when(), catalogue("ja")) == "日時不明"


def test_a_kept_runs_name_is_in_the_guis_language():
    from cnnviz.app import comparison

    kept = comparison.KeptRun({"optimizer": "adam", "lr": 0.001, "batch_size": 64}, comparison.Curves(), None, "x")
    same = dict(kept.settings)
    assert comparison.describe(kept, {**same, "lr": 0.01}) == "lr 0.001 vs 0.01 now"  # English without translate
    assert (
        comparison.describe(kept, {**same, "lr": 0.01, "batch_size": 32}, catalogue("de"))
        == "lr 0.001 (jetzt 0.01), Batch 64 (jetzt 32)"
    )
    assert comparison.describe(kept, same, catalogue("zh_CN")) == "adam lr 0.001 批次 64（设置相同）"


def test_the_side_by_side_labels_are_in_the_guis_language():
    from cnnviz.app import comparison, side_by_side

    kept = comparison.KeptRun(
        {"optimizer": "adam", "lr": 0.01, "batch_size": 64}, comparison.Curves(), None, "this session"
    )
    now = {"optimizer": "adam", "lr": 0.001, "batch_size": 64}
    german = catalogue("de")
    assert side_by_side.side_labels(kept, now, translate=german) == ("A: lr 0.01", "B: lr 0.001")
    assert side_by_side.side_labels(kept, {**now, "lr": 0.01}, translate=german) == (
        "A: behaltener Lauf (diese Sitzung)",
        "B: jetzt",
    )
    assert side_by_side.accuracy_text(0.87, None, german) == "A 87.0% | B noch nicht getestet"
    side = side_by_side.SideBySide(kept, {**now, "net": "tiny"}, german)
    assert side.legend == "A (links, behalten): lr 0.01 | B (rechts, jetzt): lr 0.001 · jedes Paar auf einer Farbskala"
    assert side.why_not("conv1", (8, 1, 5, 5)).startswith("A (diese Sitzung) hat keine Gewichte behalten")
    assert side_by_side.SideBySide(kept, now).legend.startswith("A (left, kept): lr 0.01")  # English without tr
