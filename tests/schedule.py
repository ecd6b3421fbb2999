"""The order the suite's test files are handed to pytest-xdist's workers in (tests/conftest.py sorts the collected
tests by :func:`schedule_order`; tests/test_schedule.py checks that xdist keeps it)."""

from __future__ import annotations

LONGEST_FIRST = (
    "tests/test_cuda_simulator_suite.py",  # the simulator suite's longest part, in its own process
    "tests/gui/test_translations.py",
    "tests/gui/test_presenter.py",
    "tests/gui/test_fit.py",
    "tests/gui/test_kept_run_beside.py",
    "tests/gui/test_lessons_checked.py",  # every lesson played in one window: ~40 s on a quiet machine
    "tests/test_cuda_simulator_suite_protocol.py",  # the simulator suite's other part
)
"""The files whose tests take longest in all (the real-X layout checks, the simulator suite), handed out
first. xdist (``--dist loadfile``) hands out whole files in the order it is given them, the next one to the
first worker that is almost done; with its default ``--loadscope-reorder`` it first sorted them by their
number of tests, most first, which put those with one or two long tests near the end: the simulator suite's
protocol part (~45 s on CI) was the 15th file of 193 from the end, the other part (~60 s) the 41st.
pyproject's addopts say ``--no-loadscope-reorder``; :func:`schedule_order` orders the files instead."""


def schedule_order(nodeids: list[str]) -> list[str]:
    """The order the suite's test files are handed out in: :data:`LONGEST_FIRST`, then the other files by their
    number of tests, most first (many quick tests early, the short files last: they fill the workers' tails);
    within a file, its own order."""
    files: dict[str, int] = {}
    for nodeid in nodeids:
        path = nodeid.split("::")[0]
        files[path] = files.get(path, 0) + 1
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}
    place = {path: (rank.get(path, len(rank)), -count) for path, count in files.items()}
    return sorted(nodeids, key=lambda nodeid: place[nodeid.split("::")[0]])  # stable: ties keep their order
