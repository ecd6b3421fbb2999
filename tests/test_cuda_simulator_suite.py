"""The numba.cuda kernel tests under numba's CUDA simulator: the conformance part (the other parts:
test_cuda_simulator_suite_*.py; tests/cuda_simulator_parts.py says why in parts), and the check that every file
of tests/cuda runs in one of them."""

import pytest

from cuda_simulator_parts import CUDA_TESTS, PARTS, ROOT, part_arguments, run_part


def test_every_cuda_test_file_runs_in_exactly_one_part():
    found = sorted(path.name for path in CUDA_TESTS.glob("test_*.py"))
    assert found, "tests/cuda has no tests"
    whole = sorted(node for nodes in PARTS.values() for node in nodes if "::" not in node)
    assert whole == found, f"tests/cuda's files {found}, the simulator parts name {whole}"
    for name, nodes in PARTS.items():  # a class in a part is left out of the part that runs its file
        for node in (node for node in nodes if "::" in node):
            runs_file = [other for other in PARTS if other != name and node.split("::")[0] in PARTS[other]]
            assert len(runs_file) == 1 and (CUDA_TESTS / node).relative_to(ROOT).as_posix() in part_arguments(
                runs_file[0]
            ), node


@pytest.mark.cudasim
def test_numba_cuda_kernels_under_the_simulator():
    run_part("conformance")
