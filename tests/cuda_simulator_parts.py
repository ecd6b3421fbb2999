"""The numba.cuda kernel tests (tests/cuda) under numba's CUDA simulator, run in parts, each in its own process.

NUMBA_ENABLE_CUDASIM must be set before numba is first imported, so those tests cannot share a test process;
a plain ``pytest`` skips them there and runs them here instead. In one process they were one ~90 s test that
kept one of CI's two workers busy while the other ran out of files (``--dist loadfile`` hands out whole files):
each part is its own test file (tests/test_cuda_simulator_suite*.py), so the workers share the parts, and each
part's pytest runs in one process (``-n 0``: the outer workers already keep the cores busy).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CUDA_TESTS = Path(__file__).parent / "cuda"
ROOT = CUDA_TESTS.parents[1]
"""Where the parts' pytest runs: their arguments are node ids (``--deselect`` compares them as written)."""

PARTS: dict[str, tuple[str, ...]] = {
    "conformance": ("test_protocol_cuda.py::TestCuda", "test_devices_check_cuda.py"),
    "protocol": (
        "test_protocol_cuda.py",
        "test_launch_plans.py",
        "test_ptx_compile.py",
        "test_step_counters.py",
        "test_training_step.py",
    ),
}
"""The parts' files and classes in tests/cuda: each file named whole by exactly one part
(test_cuda_simulator_suite.py checks it), which leaves out the classes other parts name; the parts about equally
long. Two, not four: since the simulator's blocks wait at a barrier (tests/cuda/conftest.py) each of the four
took 13-18 s of CPU, 3-4 s of them the process's start (numba, pytest, the simulator); 2026-11-28, load 7-12:
conformance 18 s + devices 13 s, protocol 13 s + steps 15 s of CPU, one process each."""


def part_arguments(name: str) -> list[str]:
    """The pytest arguments of part ``name``: its files and classes, less the classes other parts run."""
    own = PARTS[name]
    elsewhere = [node for other, nodes in PARTS.items() if other != name for node in nodes if "::" in node]
    arguments = [(CUDA_TESTS / node).relative_to(ROOT).as_posix() for node in own]
    for node in elsewhere:
        if node.split("::")[0] in own:
            arguments += ["--deselect", (CUDA_TESTS / node).relative_to(ROOT).as_posix()]
    return arguments


def run_part(name: str) -> None:
    if os.environ.get("NUMBA_ENABLE_CUDASIM") == "1":
        pytest.skip("already inside the simulator run")
    missing = [node for node in PARTS[name] if not (CUDA_TESTS / node.split("::")[0]).is_file()]
    assert not missing, f"the simulator part {name!r} names files that do not exist: {missing}"
    env = {**os.environ, "NUMBA_ENABLE_CUDASIM": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", *part_arguments(name)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    summary = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""
    print(f"CUDA simulator suite, part {name}: {summary}")
    assert proc.returncode == 0, (
        f"simulator suite part {name!r} failed (exit {proc.returncode}):\n{proc.stdout[-6000:]}\n{proc.stderr[-2000:]}"
    )
    assert " passed" in summary, summary
