"""Work spread over worker processes, results in order: what every ``--jobs`` option runs on.

The items are read lazily (a simulation's list of shoes is never built whole) and at most
two per worker are in flight, so memory stays flat; results come back in the items' order,
so the output does not depend on the number of processes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from typing import TypeVar

__all__ = ["ordered_map"]

T = TypeVar("T")
R = TypeVar("R")


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
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending: deque[Future[R]] = deque()
        for item in items:
            pending.append(pool.submit(work, item))
            if len(pending) >= 2 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
