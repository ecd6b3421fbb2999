"""The suite's longest files go to CI's two workers first (tests/schedule.py says why)."""

from pathlib import Path
from types import SimpleNamespace

from schedule import LONGEST_FIRST, schedule_order

ROOT = Path(__file__).resolve().parents[1]


def test_every_file_named_longest_first_exists():
    missing = [path for path in LONGEST_FIRST if not (ROOT / path).is_file()]
    assert not missing, f"renamed or gone (the schedule would forget them): {missing}"


def test_the_collected_tests_are_in_the_schedules_order(request):
    """(tests/conftest.py's pytest_collection_modifyitems sorts them.)"""
    collected = [item.nodeid for item in request.session.items]
    assert collected == schedule_order(collected)


def test_xdist_hands_out_the_longest_files_first(pytestconfig):
    """pytest-xdist's own ``--dist loadfile`` scheduler, with the suite's options (pyproject's addopts), given a
    collection in :func:`schedule_order`: the long files with few tests are handed out before the files with many
    quick ones, in :data:`LONGEST_FIRST`'s order; the short files come last."""
    from xdist.scheduler import LoadFileScheduling

    collected = [f"tests/test_many_{i}.py::test_{j}" for i in range(20) for j in range(3 + i)]
    collected += [f"{path}::test_long" for path in sorted(LONGEST_FIRST)]
    collected += [f"tests/test_short_{i}.py::test_one" for i in range(5)]
    order = schedule_order(collected)
    assert sorted(order) == sorted(collected)

    handed_out = []

    class Worker:
        shutting_down = False
        gateway = SimpleNamespace(id="gw")

        def send_runtest_some(self, indexes):
            handed_out.append(order[indexes[0]].split("::")[0])

        def shutdown(self):
            self.shutting_down = True

    # (two workers, as on CI; the options, --no-loadscope-reorder among them, this run's)
    config = SimpleNamespace(getvalue=lambda name: ["2*popen"] if name == "tx" else None, option=pytestconfig.option)
    scheduler = LoadFileScheduling(config)
    workers = [Worker(), Worker()]
    for worker in workers:
        scheduler.add_node(worker)
        scheduler.add_node_collection(worker, order)
    scheduler.schedule()
    queue = handed_out + list(scheduler.workqueue)  # (the files handed out at once, then those queued, in turn)
    assert queue[: len(LONGEST_FIRST)] == list(LONGEST_FIRST), queue[:10]
    assert queue[-5:] == [f"tests/test_short_{i}.py" for i in range(5)], queue[-8:]
