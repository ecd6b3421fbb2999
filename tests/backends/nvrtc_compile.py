"""Compile the CuPy backend's CUDA C with NVRTC, as a script run in a fresh Python process.

``python nvrtc_compile.py DTYPE ARCH_OPTION OUT_DIR [EXTRA_OPTION ...]`` writes ``OUT_DIR/binary``
(a cubin for ``-arch=sm_XX``, else PTX) and ``OUT_DIR/log`` (NVRTC's program log), or exits 3 with the
reason NVRTC cannot be loaded. A fresh process, because NVRTC's log depends on what the process did
before: on an H200 (NVRTC 13.0, CuPy 14.2) the log of a ``--ptxas-options=-v`` compile was empty --
no ptxas report at all -- in any process where CuPy had compiled a kernel first, and full (36 kernels)
in a fresh one.
"""

from __future__ import annotations

import sys
from pathlib import Path

NO_NVRTC = 3


def nvrtc_module():
    """(cuda.bindings.nvrtc, None), or (None, why it cannot be used)."""
    try:
        from cuda.bindings import nvrtc
    except ImportError as exc:
        return None, f"cuda-bindings is not installed ({exc}): pip install cuda-bindings nvidia-cuda-nvrtc-cu12"
    try:
        err, _major, _minor = nvrtc.nvrtcVersion()
    except Exception as exc:  # libnvrtc not found
        return None, f"NVRTC cannot be loaded ({type(exc).__name__}: {exc}): pip install nvidia-cuda-nvrtc-cu12"
    if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
        return None, f"NVRTC cannot be loaded ({err})"
    return nvrtc, None


def out_buffer(size: int) -> bytearray:
    """A fresh, writable buffer for NVRTC to fill (``nvrtcGetProgramLog``/``GetPTX``/``GetCUBIN`` take a
    ``char*``). Never ``b" " * size``: bytes are immutable and shared, and for an empty log (size 1, just
    the NUL) that is CPython's one cached ``b" "``; NVRTC's NUL then turned every ``b" "`` of the process
    into ``b"\\x00"`` -- and NumPy pads each ``.npy`` header with ``b' ' * n``, so every checkpoint that
    process wrote afterwards had NULs in its headers and could not be read back."""
    return bytearray(size)


def compile_source(nvrtc, source: bytes, options: list[bytes], cubin: bool) -> tuple[bool, bytes, str]:
    """(compiled?, cubin or PTX, log)."""
    err, prog = nvrtc.nvrtcCreateProgram(source, b"cnnviz_cupy_kernels.cu", 0, [], [])
    if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
        return False, b"", f"nvrtcCreateProgram: {err}"
    try:
        (result,) = nvrtc.nvrtcCompileProgram(prog, len(options), options)
        _, size = nvrtc.nvrtcGetProgramLogSize(prog)
        log = out_buffer(size)
        nvrtc.nvrtcGetProgramLog(prog, log)
        text = bytes(log).decode(errors="replace").rstrip("\x00 \n")
        if result != nvrtc.nvrtcResult.NVRTC_SUCCESS:
            return False, b"", f"{result}\n{text}"
        get_size, get = (
            (nvrtc.nvrtcGetCUBINSize, nvrtc.nvrtcGetCUBIN) if cubin else (nvrtc.nvrtcGetPTXSize, nvrtc.nvrtcGetPTX)
        )
        _, size = get_size(prog)
        binary = out_buffer(size)
        get(prog, binary)
        return True, bytes(binary), text
    finally:
        nvrtc.nvrtcDestroyProgram(prog)


def main(argv: list[str]) -> int:
    dtype_name, arch_option, out_dir, *extra = argv
    nvrtc, why = nvrtc_module()
    if nvrtc is None:
        print(why)
        return NO_NVRTC
    from cnnviz.backends.cupy_backend import kernels

    options = [o.encode() for o in kernels.NVRTC_OPTIONS + kernels.CUPY_ADDED_OPTIONS + (arch_option, *extra)]
    ok, binary, log = compile_source(
        nvrtc, kernels.source(dtype_name).encode(), options, cubin=arch_option.startswith("-arch=sm_")
    )
    out = Path(out_dir)
    (out / "binary").write_bytes(binary)
    (out / "log").write_text(log, encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
