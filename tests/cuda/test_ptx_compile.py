"""Every kernel compiles to real GPU code for sm_75, sm_80 and sm_90, in float32 and float64.

The simulator runs kernels as plain Python, so it never type-checks them the
way numba.cuda's compiler does, and says nothing about registers or shared
memory. Here numba-cuda compiles each kernel to PTX (libNVVM, no GPU or
driver needed) with the argument types the backend launches it with
(cuda_signatures.py), and ptxas assembles it for each architecture. Asserted:
no register spills and no local-memory stack frame (the register tiles stay in
registers), static shared memory within the 48 KiB a block may declare,
registers that let a 256-thread block launch, and no float64 arithmetic in a
float32 kernel (float64 is 1/64 of the float32 rate on consumer GPUs) except
the loss kernel's one-block reduction, which writes the float64 stats.

Runs in the normal process (not under the simulator); see conftest.py for the
one condition under which it skips.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from cuda_signatures import signatures

from cnnviz.backends.numba_cuda import kernels as kern

ARCHES = ((7, 5), (8, 0), (9, 0))
SHARED_LIMIT = 48 * 1024
BLOCK_THREADS = 256
# The loss kernel reduces in float64 on purpose (one block, a few hundred values) and
# writes the float64 stats buffer.
FLOAT64_ALLOWED = {"softmax_cross_entropy"}


@functools.cache
def ptxas() -> str | None:
    """ptxas from the nvidia-cuda-nvcc-cu12 wheel (the test extra), else from PATH/CUDA_HOME."""
    try:
        import nvidia.cuda_nvcc

        for root in nvidia.cuda_nvcc.__path__:
            candidate = Path(root) / "bin" / "ptxas"
            if candidate.exists():
                return str(candidate)
    except ImportError:
        pass
    home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH")
    if home and (Path(home) / "bin" / "ptxas").exists():
        return str(Path(home) / "bin" / "ptxas")
    return shutil.which("ptxas")


@functools.cache
def compiled(name: str, dtype: str, cc: tuple[int, int]) -> tuple[str, list[dict]]:
    """The PTX of ``name`` for ``cc`` (its last signature's) and ptxas's resource usage per signature."""
    out = []
    for sig in signatures(dtype)[name]:
        ptx = ptx_for_every_arch(name, dtype, sig)[cc]
        out.append(assemble(ptx, cc))
    return ptx, out


@functools.cache
def ptx_for_every_arch(name: str, dtype: str, sig) -> dict[tuple[int, int], str]:
    """``{cc: PTX}`` for every one of :data:`ARCHES`: numba-cuda types and lowers the kernel once (1.3 of
    its 1.5 s per compile) and libNVVM turns that IR into each architecture's PTX, as ``compile_ptx`` does
    for one cc. The IR does not depend on the cc for these kernels (all of ARCHES have every feature they
    use; test_one_lowering_gives_compile_ptxs_code_for_every_arch checks it); one ``compile_ptx`` per cc
    when numba-cuda's compiler has no ``_compile_pyfunc_with_fixup`` (it is internal)."""
    from numba import cuda
    from numba.cuda import compiler

    kernel = getattr(kern.build_kernels(dtype), name)
    lower = getattr(compiler, "_compile_pyfunc_with_fixup", None)
    if lower is None:
        return {cc: cuda.compile_ptx(kernel.py_func, sig, cc=cc)[0] for cc in ARCHES}
    library, _ = lower(kernel.py_func, sig, device=False, abi="numba", cc=min(ARCHES))
    return {cc: library.get_asm_str(cc=cc) for cc in ARCHES}


def _without_generated_names(ptx: str) -> str:
    """PTX with the names numba makes up per compilation (mangled symbols with a counter and a hash of the
    compile flags, numbered shared arrays) replaced: what is left is the code."""
    return re.sub(r"_cudapy_smem_\d+", "SMEM", re.sub(r"_ZN\w+", "SYMBOL", ptx))


def assemble(ptx: str, cc: tuple[int, int]) -> dict:
    """ptxas -v's resource usage of the (single) kernel in ``ptx``."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "kernel.ptx"
        source.write_text(ptx)
        proc = subprocess.run(
            [ptxas(), "-v", f"-arch=sm_{cc[0]}{cc[1]}", str(source), "-o", str(Path(tmp) / "kernel.cubin")],
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert proc.returncode == 0, f"ptxas failed for sm_{cc[0]}{cc[1]}:\n{proc.stderr[-3000:]}"
    text = proc.stderr

    def number(pattern: str) -> int:
        found = re.search(pattern, text)
        return int(found.group(1)) if found else 0

    usage = {
        "registers": number(r"Used (\d+) registers"),
        "smem": number(r"(\d+) bytes smem"),
        "stack": number(r"(\d+) bytes stack frame"),
        "spill_stores": number(r"(\d+) bytes spill stores"),
        "spill_loads": number(r"(\d+) bytes spill loads"),
        "log": text,
    }
    assert "Used" in text, f"no resource usage in ptxas -v output:\n{text}"
    return usage


@pytest.fixture(scope="module", autouse=True)
def _needs_ptxas():
    if ptxas() is None:
        reason = (
            "ptxas not found: it comes with the cuda-test extra (nvidia-cuda-nvcc-cu12): "
            'pip install ".[test,cuda-test]" -c constraints.txt'
        )
        if os.environ.get("CNNVIZ_REQUIRE_NVVM") == "1":
            pytest.fail(f"CNNVIZ_REQUIRE_NVVM=1 but {reason}", pytrace=False)
        pytest.skip(reason)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", kern.KERNEL_NAMES)
def test_kernel_compiles_for_every_architecture(name, dtype):
    for cc in ARCHES:
        ptx, usages = compiled(name, dtype, cc)
        arch = f"{name} {dtype} sm_{cc[0]}{cc[1]}"
        assert ".entry" in ptx
        for usage in usages:
            assert usage["spill_stores"] == 0 and usage["spill_loads"] == 0, f"{arch} spills:\n{usage['log']}"
            assert usage["stack"] == 0, f"{arch} uses local memory (a stack frame):\n{usage['log']}"
            assert usage["smem"] <= SHARED_LIMIT, f"{arch}: {usage['smem']} bytes of shared memory"
            assert usage["registers"] * BLOCK_THREADS <= 65536, f"{arch}: {usage['registers']} registers"
        if dtype == "float32" and name not in FLOAT64_ALLOWED:
            assert not re.search(r"\.f64\b", ptx), f"{arch} does float64 arithmetic in its float32 version"


def test_one_lowering_gives_compile_ptxs_code_for_every_arch():
    """The shortcut of :func:`ptx_for_every_arch` is exact on the installed numba-cuda: for a kernel with
    shared memory and float64 arithmetic, each cc's PTX is ``compile_ptx``'s for that cc, names aside."""
    from numba import cuda

    name, dtype = "softmax_cross_entropy", "float64"
    kernel = getattr(kern.build_kernels(dtype), name)
    sig = signatures(dtype)[name][0]
    shared = ptx_for_every_arch(name, dtype, sig)
    for cc in ARCHES:
        own = cuda.compile_ptx(kernel.py_func, sig, cc=cc)[0]
        assert f".target sm_{cc[0]}{cc[1]}" in shared[cc]
        assert _without_generated_names(shared[cc]) == _without_generated_names(own), f"sm_{cc[0]}{cc[1]} differs"


def test_every_kernel_has_a_signature():
    assert set(signatures("float32")) == set(kern.KERNEL_NAMES)


REGISTER_TILED = tuple(name for name in kern.KERNEL_NAMES if name.startswith(("conv_", "gemm_")))


def test_register_tiles_fit(capsys):
    """The register-tiled kernels (the convolutions and the GEMMs) keep their TM x TN accumulators in
    registers: enough registers to hold the tile, no stack frame, no spills, and few enough registers
    for a full tile block to launch (sm_90, float32). The table the kernels' docstring promises is printed."""
    cfg = kern.PRODUCTION
    rows, problems = [], []
    for name in kern.KERNEL_NAMES:
        _, usages = compiled(name, "float32", (9, 0))
        u = usages[0]
        rows.append(f"{name:24s} {u['registers']:4d} registers {u['smem']:6d} B shared")
        if name not in REGISTER_TILED:
            continue
        if u["registers"] < cfg.tm * cfg.tn:
            problems.append(f"{name}: {u['registers']} registers cannot hold a {cfg.tm}x{cfg.tn} accumulator tile")
        if u["stack"] or u["spill_stores"] or u["spill_loads"]:
            problems.append(
                f"{name}: the tile went to local memory (stack {u['stack']} B, "
                f"spills {u['spill_stores']}/{u['spill_loads']} B)"
            )
        if u["registers"] * cfg.tx * cfg.ty > 65536:
            problems.append(f"{name}: {u['registers']} registers x {cfg.tx * cfg.ty} threads exceed a block's 65536")
    with capsys.disabled():
        print("\nsm_90 float32:\n" + "\n".join(rows))
    assert len(REGISTER_TILED) == 8 and not problems, "\n".join(problems)
