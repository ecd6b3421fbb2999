"""Compute backends (``registry`` opens them by name). numba's cache folder is chosen here,
before any backend imports numba (``numba_cache``)."""

from . import numba_cache as _numba_cache

_numba_cache.configure()
