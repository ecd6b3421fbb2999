"""Asked-for resources checked before training, in one line (issue 18): a ``--metrics`` FIFO
nobody reads (opening it used to block with no word) and a ``--batch`` beyond the training
memory budget presets are held to (batch 8192 on the seed net peaked at 13 GB)."""

from __future__ import annotations

import os
import threading

import pytest

from cnnviz.cli import main
from cnnviz.data import limits
from cnnviz.nn.model import network_size

TRAIN = ("train", "--net", "tiny", "--backend", "numpy", "--eval-every", "0", "--no-save")


def one_error_line(capsys) -> str:
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cnnviz: error: ") and len(lines[0]) <= 300, err
    assert "training tiny" not in err and "training seed" not in err  # refused before training
    return lines[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_metrics_to_a_fifo_without_a_reader_is_refused_not_waited_on(capsys, tmp_path):
    fifo = tmp_path / "metrics.pipe"
    os.mkfifo(fifo)
    result = []
    worker = threading.Thread(
        target=lambda: result.append(main([*TRAIN, "--steps", "1", "--metrics", str(fifo)])), daemon=True
    )
    worker.start()
    worker.join(60)
    assert not worker.is_alive(), "blocked opening the FIFO"
    assert result == [2]
    line = one_error_line(capsys)
    assert f"--metrics {fifo}: is a named pipe (FIFO) that nothing reads" in line


def test_metrics_to_a_folder_is_refused(capsys, tmp_path):
    assert main([*TRAIN, "--steps", "1", "--metrics", str(tmp_path)]) == 2
    assert f"--metrics {tmp_path}: is a folder" in one_error_line(capsys)


def test_a_batch_beyond_the_training_memory_budget_is_refused_naming_the_largest_that_fits(capsys):
    seed = network_size("seed")
    fits = limits.largest_batch(seed.values_per_image, seed.parameters)
    assert 64 <= fits < 8192
    assert limits.training_bytes(fits, seed.values_per_image, seed.parameters) <= limits.MAX_TRAINING_BYTES
    assert limits.training_bytes(fits + 1, seed.values_per_image, seed.parameters) > limits.MAX_TRAINING_BYTES
    assert main(["train", "--net", "seed", "--backend", "numpy", "--batch", "8192", "--no-save"]) == 2
    line = one_error_line(capsys)
    assert "batch size 8192 with this network needs about" in line and f"the largest batch that fits is {fits}" in line
