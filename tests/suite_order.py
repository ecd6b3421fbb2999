"""The order the test files are handed to the workers in (tests/conftest.py applies it)."""

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
first. Until session 43 xdist (3.5 and later) handed out files by how many tests each has, most first, whatever
this said: the one-test simulator files ran among the last."""
