"""Work spread over worker processes, results in order: what every ``--jobs`` option runs on.

The items are read lazily (a simulation's list of shoes is never built whole) and at most
two per worker are in flight, so memory stays flat; results come back in the items' order,
so the output does not depend on the number of processes.

Ctrl-C belongs to this process alone: the workers ignore SIGINT (they are started with it
blocked, and ignore it from their first instruction), so none dies half-way through
writing a result — which could leave the others waiting forever on the pool's queue —
and none prints a traceback. When this process stops early (Ctrl-C, an error, a consumer
that stops reading), it tears the pool down at once: the work not started is cancelled,
every worker is killed and reaped, and nothing waits for the work in hand.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["ordered_map", "pool_threads_left"]

T = TypeVar("T")
R = TypeVar("R")


def _ignore_ctrl_c() -> None:
    """A worker's first step: Ctrl-C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """SIGINT blocked in this thread while the block runs (the workers forked in it are
    born with it blocked); a Ctrl-C meanwhile is delivered when the block ends."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _tear_down(pool: ProcessPoolExecutor) -> None:
    """Stop the pool now: cancel what has not started, kill every worker and reap it, and
    let the pool's own thread end (the work it was still sending to the dead workers is
    dropped: waiting for it would wait for ever)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    calls = getattr(pool, "_call_queue", None)
    if calls is not None:
        calls.cancel_join_thread()
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        with contextlib.suppress(Exception):
            worker.kill()
    for worker in workers:
        with contextlib.suppress(Exception):
            worker.join(timeout=1)
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:
        manager.join(timeout=2)


def pool_threads_left() -> bool:
    """Whether a torn-down pool's thread is still alive (it would hold the interpreter's
    exit for ever: the command line then leaves without waiting for it)."""
    return any(
        type(thread).__name__ == "_ExecutorManagerThread" and thread.is_alive()
        for thread in threading.enumerate()
    )


def ordered_map(work: Callable[[T], R], items: Iterable[T], workers: int) -> Iterator[R]:
    """``work`` of each item, in order: in this process when ``workers`` is 1 or less, else
    on that many worker processes (forked where the platform can: measured faster than
    spawning here, docs/performance.md). ``work`` and the items must pickle."""
    if workers <= 1:
        for item in items:
            yield work(item)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_ignore_ctrl_c)
    pending: deque[Future[R]] = deque()
    try:
        for item in items:
            if pending:
                pending.append(pool.submit(work, item))
            else:  # the first submit starts the workers: born deaf to Ctrl-C
                with _ctrl_c_held():
                    pending.append(pool.submit(work, item))
            if len(pending) >= 2 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    except BaseException:  # Ctrl-C, an error, or the consumer stopped reading
        _tear_down(pool)
        raise
    pool.shutdown(wait=True)
