"""Runs the CuPy backend's CUDA C kernels on the CPU, to test them without a GPU.

The very source NVRTC compiles (``cupy_kernels.source``) is compiled by the
host C++ compiler after a small prelude that defines what CUDA provides
(``threadIdx``, ``blockIdx``, ``__syncthreads``, ``__shared__``...). Each
``extern "C" __global__`` kernel gets a launcher that runs every block of the
grid and every thread of a block:

* kernels without ``__syncthreads`` run their threads one after another;
* kernels with it run each thread of a block as a fiber (its own stack, set
  up with ucontext, switched with setjmp/longjmp) that yields at every
  barrier, round robin, so all threads of a block reach a barrier before any
  passes it -- CUDA's semantics for code in which every thread meets the
  same barriers (ours does).

Arguments are checked against the kernel's C signature at every launch:
array arguments must be C-contiguous arrays of exactly the parameter's
element type, scalars must be NumPy scalars of exactly the parameter's type
(CuPy itself checks neither). Floating-point code is compiled with
``-ffp-contract=off`` (as NVRTC with ``--fmad=false``) and without fast math.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from cnnviz.backends.cupy_backend import kernels as cupy_kernels

PRELUDE = r"""
#include <cmath>
#include <cstdint>
#include <cstring>
#include <cstdlib>
#include <functional>
#include <vector>
#include <ucontext.h>
#include <csetjmp>

struct dim3 { unsigned int x, y, z; };
static dim3 threadIdx, blockIdx, blockDim, gridDim;

#define __global__
#define __device__
#define __forceinline__ inline
#define __restrict__ __restrict
#define __launch_bounds__(...)
#define __shared__ static

static inline double __longlong_as_double(long long v) { double d; std::memcpy(&d, &v, sizeof d); return d; }

/* --- fibers: one per thread of a block, switched at __syncthreads ---
   A fiber is entered the first time with swapcontext (which sets up its stack) and afterwards
   switched with _setjmp/_longjmp, which, unlike swapcontext, makes no system call. */
static ucontext_t emu_scheduler_ctx;
static jmp_buf emu_scheduler_jb;
static std::vector<ucontext_t> emu_fibers;
struct emu_jb { jmp_buf jb; };
static std::vector<emu_jb> emu_fiber_jb;
static std::vector<char*> emu_stacks;
static std::vector<int> emu_done, emu_started;
static std::function<void()> emu_body;
static int emu_current = -1;
static const size_t EMU_STACK = 256 * 1024;

static void __syncthreads() {
    if (emu_current >= 0 && !_setjmp(emu_fiber_jb[emu_current].jb)) _longjmp(emu_scheduler_jb, 1);
}

static void emu_fiber_main(int t) {
    emu_body();
    emu_done[t] = 1;
    _longjmp(emu_scheduler_jb, 1);
}

static void emu_launch(dim3 grid, dim3 block, bool fibers, std::function<void()> body) {
    gridDim = grid;
    blockDim = block;
    const unsigned int nthreads = block.x * block.y * block.z;
    for (unsigned int bz = 0; bz < grid.z; ++bz)
    for (unsigned int by = 0; by < grid.y; ++by)
    for (unsigned int bx = 0; bx < grid.x; ++bx) {
        blockIdx = dim3{bx, by, bz};
        if (!fibers) {
            for (unsigned int tz = 0; tz < block.z; ++tz)
            for (unsigned int ty = 0; ty < block.y; ++ty)
            for (unsigned int tx = 0; tx < block.x; ++tx) {
                threadIdx = dim3{tx, ty, tz};
                body();
            }
            continue;
        }
        emu_body = body;
        emu_fibers.assign(nthreads, ucontext_t{});
        emu_fiber_jb.resize(nthreads);
        emu_done.assign(nthreads, 0);
        emu_started.assign(nthreads, 0);
        while (emu_stacks.size() < nthreads) emu_stacks.push_back((char*)std::malloc(EMU_STACK));
        unsigned int remaining = nthreads;
        while (remaining) {
            for (unsigned int t = 0; t < nthreads; ++t) {
                if (emu_done[t]) continue;
                emu_current = (int)t;
                threadIdx = dim3{t % block.x, (t / block.x) % block.y, t / (block.x * block.y)};
                if (!_setjmp(emu_scheduler_jb)) {
                    if (emu_started[t]) _longjmp(emu_fiber_jb[t].jb, 1);
                    emu_started[t] = 1;
                    getcontext(&emu_fibers[t]);
                    emu_fibers[t].uc_stack.ss_sp = emu_stacks[t];
                    emu_fibers[t].uc_stack.ss_size = EMU_STACK;
                    emu_fibers[t].uc_link = nullptr;
                    makecontext(&emu_fibers[t], (void (*)())emu_fiber_main, 1, (int)t);
                    swapcontext(&emu_scheduler_ctx, &emu_fibers[t]);
                }
                emu_current = -1;
                if (emu_done[t]) --remaining;
            }
        }
    }
}
"""

_CTYPES = {
    "float": ctypes.c_float,
    "double": ctypes.c_double,
    "int": ctypes.c_int32,
    "unsigned int": ctypes.c_uint32,
    "long long": ctypes.c_int64,
    "unsigned long long": ctypes.c_uint64,
    "unsigned char": ctypes.c_uint8,
    "signed char": ctypes.c_int8,
}
_NUMPY = {
    "float": np.float32,
    "double": np.float64,
    "int": np.int32,
    "unsigned int": np.uint32,
    "long long": np.int64,
    "unsigned long long": np.uint64,
    "unsigned char": np.uint8,
    "signed char": np.int8,
}


def compiler() -> str | None:
    return shutil.which("g++") or shutil.which("clang++")


class LaunchError(TypeError):
    """A launch whose arguments do not match the kernel's C signature."""


class EmulatedKernel:
    def __init__(self, lib, name: str, params: list[tuple[str, str]], dtype_name: str, on_launch):
        self.name = name
        self.params = params
        self.float_type = cupy_kernels.FLOAT_TYPES[dtype_name]
        self._on_launch = on_launch
        self._fn = getattr(lib, f"emu_{name}")
        self._fn.restype = None
        self._fn.argtypes = [ctypes.c_uint32] * 6 + [self._ctype(t) for t, _ in params]

    def _base_type(self, ctype: str) -> str:
        t = ctype.replace("const ", "").replace("*", "").strip()
        return self.float_type if t == "T" else t

    def _ctype(self, ctype: str):
        return ctypes.c_void_p if ctype.endswith("*") else _CTYPES[self._base_type(ctype)]

    def __call__(self, grid, block, args, shared_mem=0, stream=None):
        grid = tuple(grid) + (1,) * (3 - len(grid))
        block = tuple(block) + (1,) * (3 - len(block))
        if len(args) != len(self.params):
            raise LaunchError(f"{self.name}: {len(args)} arguments for {len(self.params)} parameters")
        if block[0] * block[1] * block[2] > 1024 or min(block) < 1 or min(grid) < 1:
            raise LaunchError(f"{self.name}: invalid launch grid {grid} block {block}")
        values = []
        for (ctype, pname), value in zip(self.params, args):
            base = _NUMPY[self._base_type(ctype)]
            if ctype.endswith("*"):
                host = getattr(value, "_emulated_memory", None)
                if host is None:
                    raise LaunchError(
                        f"{self.name}: parameter {pname} ({ctype}) needs a device array, got {type(value).__name__}"
                    )
                if host.dtype != base:
                    raise LaunchError(f"{self.name}: parameter {pname} ({ctype}) got an array of {host.dtype}")
                if not host.flags.c_contiguous:
                    raise LaunchError(f"{self.name}: parameter {pname} got a non-contiguous array")
                if not ctype.startswith("const") and not host.flags.writeable:
                    raise LaunchError(f"{self.name}: parameter {pname} is written but the array is read-only")
                values.append(host.ctypes.data)
            else:
                if not isinstance(value, np.generic) or value.dtype != base:
                    raise LaunchError(
                        f"{self.name}: parameter {pname} ({ctype}) needs a numpy {np.dtype(base)} "
                        f"scalar, got {type(value).__name__} {getattr(value, 'dtype', '')}"
                    )
                values.append(value.item())
        self._on_launch(self.name)
        self._fn(*grid, *block, *values)


def _wrappers(src: str) -> str:
    out = []
    for match in cupy_kernels._SIGNATURE.finditer(src):
        name, params = match.group(1), match.group(2)
        body_start = match.end()
        next_kernel = src.find('extern "C" __global__', body_start)
        body = src[body_start : next_kernel if next_kernel >= 0 else len(src)]
        fibers = "__syncthreads" in body or "cnnviz_softmax_xent" in body
        names = [p.strip().split()[-1] for p in params.split(",")]
        out.append(
            f'extern "C" void emu_{name}(unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx, '
            f"unsigned int by, unsigned int bz, {params}) {{\n"
            f"    emu_launch(dim3{{gx, gy, gz}}, dim3{{bx, by, bz}}, {'true' if fibers else 'false'}, "
            f"[=]() {{ {name}({', '.join(names)}); }});\n}}\n"
        )
    return "\n".join(out)


_libraries: dict[str, ctypes.CDLL] = {}


def load(dtype_name: str) -> ctypes.CDLL:
    """The kernels for ``dtype_name`` compiled for the CPU (cached per process and on disk by source hash)."""
    if dtype_name in _libraries:
        return _libraries[dtype_name]
    cxx = compiler()
    if cxx is None:
        raise RuntimeError("no C++ compiler (g++ or clang++) to build the kernel emulator")
    src = cupy_kernels.source(dtype_name)
    text = PRELUDE + src + "\n" + _wrappers(src)
    digest = hashlib.sha256((cxx + text).encode()).hexdigest()[:16]
    folder = Path(tempfile.gettempdir()) / f"cnnviz-cuda-emulator-{os.getuid() if hasattr(os, 'getuid') else 0}"
    folder.mkdir(exist_ok=True)
    lib_path = folder / f"kernels_{dtype_name}_{digest}.so"
    if not lib_path.exists():
        cpp = folder / f"kernels_{dtype_name}_{digest}.cpp"
        cpp.write_text(text)
        tmp = lib_path.with_suffix(f".{os.getpid()}.tmp")
        proc = subprocess.run(
            [
                cxx,
                "-std=c++17",
                "-O2",
                "-ffp-contract=off",
                "-fno-fast-math",
                "-shared",
                "-fPIC",
                "-U_FORTIFY_SOURCE",
                "-w",
                "-o",
                str(tmp),
                str(cpp),
            ],
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            raise RuntimeError(f"the kernel emulator does not compile:\n{proc.stderr[-4000:]}")
        os.replace(tmp, lib_path)
    lib = ctypes.CDLL(str(lib_path))
    _libraries[dtype_name] = lib
    return lib


def kernels(dtype_name: str, on_launch=lambda name: None) -> dict[str, EmulatedKernel]:
    lib = load(dtype_name)
    return {
        name: EmulatedKernel(lib, name, params, dtype_name, on_launch)
        for name, params in cupy_kernels.signatures(dtype_name).items()
    }


def module_from_source(code: str, on_launch) -> dict[str, EmulatedKernel]:
    """The emulated functions of a module whose source is one of ``cupy_kernels.source(...)``."""
    for dtype_name in cupy_kernels.FLOAT_TYPES:
        if code == cupy_kernels.source(dtype_name):
            return kernels(dtype_name, on_launch)
    raise LaunchError("the emulator runs only the sources of cnnviz.backends.cupy_backend.kernels")
