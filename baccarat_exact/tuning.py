"""Process-level tuning of the engine's batch path: the allocator and BLAS threads.

Both were measured (docs/performance.md): each batch allocates and frees a few MB of
temporaries, and OpenBLAS's threads cost more than they save on the engine's small
matrix products. Neither changes a result; both only change how fast it comes.

The library never tunes the process by itself: the command line does it (freed memory
kept for every command that computes, one OpenBLAS thread around batches), and a library
caller may, with :func:`keep_freed_memory` and :func:`for_batches`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["for_batches", "keep_freed_memory", "no_blas_thread_pool", "one_blas_thread"]

_BLAS_THREAD_CALLS = (
    ("scipy_openblas_get_num_threads64_", "scipy_openblas_set_num_threads64_"),
    ("openblas_get_num_threads64_", "openblas_set_num_threads64_"),
    ("openblas_get_num_threads", "openblas_set_num_threads"),
)


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """Run the engine's many small matrix products on one OpenBLAS thread.

    OpenBLAS's own threads cost more than they save on these products (about 5×
    slower on the 2-core machine of docs/performance.md); processes (``jobs``)
    parallelise instead. Uses the OpenBLAS numpy loaded, if any; else does nothing.
    """
    import ctypes

    calls = None
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            paths = {
                line.split()[-1] for line in maps if "openblas" in line.lower() and ".so" in line
            }
        for path in sorted(paths):
            library = ctypes.CDLL(path)
            for get, put in _BLAS_THREAD_CALLS:
                if hasattr(library, get) and hasattr(library, put):
                    calls = (getattr(library, get), getattr(library, put))
                    break
            if calls:
                break
    except OSError:
        calls = None
    if calls is None:
        yield
        return
    before = int(calls[0]())
    calls[1](1)
    try:
        yield
    finally:
        calls[1](before)


def no_blas_thread_pool() -> None:
    """Ask OpenBLAS, before numpy loads it, for no thread pool (``OPENBLAS_NUM_THREADS=1``)
    unless the environment already chooses.

    OpenBLAS starts its threads when numpy is imported, and they cost CPU time from then
    on: about 50 ms of a command's CPU on the 2-core machine of docs/performance.md (numpy's
    import 0.12 s of CPU with its pool, 0.06 s without), more with more cores. The engine
    never gains from them (:func:`one_blas_thread`); worker processes parallelise
    instead, and inherit the setting. Does nothing once numpy is loaded.
    """
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3


def keep_freed_memory() -> None:
    """Let glibc keep the engine's freed temporaries instead of returning them at once.

    Each batch allocates and frees a few MB of temporaries; glibc's default trimming
    gives that memory back to the system after every batch and takes it again page by
    page, which cost about half of a simulation's time in page faults, and about a sixth
    of a blackjack solve's (measured: docs/performance.md). Heap blocks up to 32 MB and
    256 MB of free heap are kept.
    Does nothing where there is no glibc ``mallopt``.
    """
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return
    mallopt(_M_MMAP_THRESHOLD, 32 << 20)
    mallopt(_M_TRIM_THRESHOLD, 256 << 20)


@contextmanager
def for_batches() -> Iterator[None]:
    """Tune this process for the engine's batch path (simulation, effect of removal):
    keep freed memory on the heap, and one OpenBLAS thread while inside.

    >>> with for_batches():
    ...     pass
    """
    keep_freed_memory()
    with one_blas_thread():
        yield
