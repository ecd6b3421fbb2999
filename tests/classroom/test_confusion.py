"""Confusion matrix, per-class accuracy and the mistake galleries on a hand-made evaluation."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cnnviz.classroom.confusion import (
    cell_examples,
    confusion_matrix,
    most_confused_pairs,
    per_class_accuracy,
    worst_mistakes,
)

# Ten test images: index, true label, prediction, confidence.
LABELS = np.array([0, 0, 1, 1, 1, 4, 4, 9, 9, 9])
PREDICTIONS = np.array([0, 6, 1, 7, 7, 9, 4, 9, 4, 4])
CONFIDENCES = np.array([0.99, 0.55, 0.90, 0.80, 0.95, 0.97, 0.60, 0.70, 0.65, 0.85], dtype=np.float32)


def test_confusion_matrix_counts_rows_true_columns_predicted():
    m = confusion_matrix(LABELS, PREDICTIONS)
    assert m.shape == (10, 10) and m.dtype == np.int64
    expected = np.zeros((10, 10), np.int64)
    for t, p in zip(LABELS, PREDICTIONS):
        expected[t, p] += 1
    np.testing.assert_array_equal(m, expected)
    assert m[1, 7] == 2 and m[7, 1] == 0  # rows are the truth
    assert m[9, 4] == 2 and m[4, 9] == 1
    assert m.sum() == len(LABELS) and np.trace(m) == 4


def test_per_class_accuracy_is_recall_with_nan_for_absent_classes():
    acc = per_class_accuracy(LABELS, PREDICTIONS)
    np.testing.assert_allclose(acc[[0, 1, 4, 9]], [1 / 2, 1 / 3, 1 / 2, 1 / 3])
    assert np.isnan(acc[[2, 3, 5, 6, 7, 8]]).all()


def test_cell_examples_sorted_by_confidence_descending():
    np.testing.assert_array_equal(cell_examples(LABELS, PREDICTIONS, CONFIDENCES, 1, 7, limit=10), [4, 3])
    np.testing.assert_array_equal(cell_examples(LABELS, PREDICTIONS, CONFIDENCES, 9, 4, limit=10), [9, 8])
    np.testing.assert_array_equal(cell_examples(LABELS, PREDICTIONS, CONFIDENCES, 9, 4, limit=1), [9])
    # The diagonal lists the surest correct answers.
    np.testing.assert_array_equal(cell_examples(LABELS, PREDICTIONS, CONFIDENCES, 0, 0, limit=None), [0])
    assert cell_examples(LABELS, PREDICTIONS, CONFIDENCES, 2, 3).size == 0


def test_worst_mistakes_are_the_most_confident_wrong_predictions():
    np.testing.assert_array_equal(worst_mistakes(LABELS, PREDICTIONS, CONFIDENCES, limit=3), [5, 4, 9])
    everything = worst_mistakes(LABELS, PREDICTIONS, CONFIDENCES, limit=None)
    np.testing.assert_array_equal(everything, [5, 4, 9, 3, 8, 1])
    assert all(LABELS[i] != PREDICTIONS[i] for i in everything)


def test_ties_keep_test_set_order():
    labels = np.array([1, 1, 1])
    predictions = np.array([2, 2, 2])
    np.testing.assert_array_equal(worst_mistakes(labels, predictions, np.array([0.5, 0.7, 0.5])), [1, 0, 2])


def test_most_confused_pairs():
    m = confusion_matrix(LABELS, PREDICTIONS)
    assert most_confused_pairs(m, 2) == [(1, 7, 2), (9, 4, 2)]
    assert most_confused_pairs(np.eye(10, dtype=int) * 5) == []


def test_works_with_an_evaluation_event_from_the_trainer(small_mnist):
    from cnnviz.train.config import TrainConfig
    from cnnviz.train.trainer import Trainer

    trainer = Trainer(TrainConfig(net="dense-10", backend="numpy", steps=5, batch_size=32), small_mnist)
    trainer.setup()
    event = trainer.evaluate()
    m = confusion_matrix(event.labels, event.predictions)
    assert m.sum() == event.samples
    assert np.trace(m) / m.sum() == pytest.approx(event.test_accuracy)
    worst = worst_mistakes(event.labels, event.predictions, event.confidences)
    assert np.all(np.diff(event.confidences[worst]) <= 0)


@pytest.mark.parametrize(
    "labels, predictions, message",
    [
        (np.array([0, 1]), np.array([0]), "2 labels but 1 predictions"),
        (np.array([0, 10]), np.array([0, 1]), "from 0 to 9"),
        (np.array([0.0, 1.0]), np.array([0, 1]), "whole class numbers"),
        (np.zeros((2, 2), int), np.zeros((2, 2), int), "1-D"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(labels, predictions, message):
    with pytest.raises(ValueError, match=message):
        confusion_matrix(labels, predictions)


def test_confidences_must_match():
    with pytest.raises(ValueError, match="expected 10 confidences"):
        worst_mistakes(LABELS, PREDICTIONS, CONFIDENCES[:3])


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9), st.floats(0, 1)), max_size=60))
def test_matches_a_plain_count_for_any_predictions(rows):
    labels = np.array([r[0] for r in rows], dtype=np.int64)
    predictions = np.array([r[1] for r in rows], dtype=np.int64)
    confidences = np.array([r[2] for r in rows])
    m = confusion_matrix(labels, predictions)
    for t in range(10):
        for p in range(10):
            assert m[t, p] == sum(1 for r in rows if r[0] == t and r[1] == p)
            cell = cell_examples(labels, predictions, confidences, t, p, limit=None)
            assert len(cell) == m[t, p]
            assert np.all(np.diff(confidences[cell]) <= 0)
    assert len(worst_mistakes(labels, predictions, confidences, limit=None)) == m.sum() - np.trace(m)
