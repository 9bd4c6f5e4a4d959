"""Where a run's units of work are computed: here, on N worker processes, or on a Dask
cluster — one place for the choice and its checks, for every analysis that deals shoes.

Results come back in the order of the work wherever they are computed, and each unit
carries its own seed streams, so the numbers are the same bytes however the work ran.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from baccarat_exact.analysis.cluster import ClusterAddress, cluster_map
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.processes import ordered_map

__all__ = ["Runner"]

_Work = TypeVar("_Work")
_Result = TypeVar("_Result")


@dataclass(frozen=True, slots=True)
class Runner:
    """Here (``jobs`` 1), on ``jobs`` worker processes, or on the workers of a Dask
    ``cluster`` (:mod:`.cluster`); checked when made.

    >>> Runner(jobs=2).workers(10), Runner(jobs=4).workers(3), Runner().here(10)
    (2, 3, True)
    >>> Runner(jobs=0)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --jobs must be 1 or more, got 0
    """

    jobs: int = 1
    cluster: ClusterAddress | None = None
    worker_setup: Callable[[], None] | None = None
    """Runs once on each cluster worker before it computes (e.g. process tuning)."""
    on_workers: Callable[[int], None] | None = None
    """Told a cluster's worker threads once connected, before any work is sent (it may
    refuse the run by raising)."""

    def __post_init__(self) -> None:
        if self.jobs < 1:
            raise SimulationError(f"--jobs must be 1 or more, got {self.jobs}")
        if self.cluster is not None and self.jobs != 1:
            raise SimulationError(
                "give --jobs or --cluster, not both: the cluster's workers are the jobs"
            )

    def workers(self, units: int) -> int:
        """Worker processes for ``units`` units of work (1: this process; never more
        processes than units)."""
        return 1 if self.jobs == 1 else min(self.jobs, units)

    def here(self, units: int) -> bool:
        """Whether ``units`` units of work run in this process."""
        return self.cluster is None and self.workers(units) <= 1

    def map(
        self, function: Callable[[_Work], _Result], work: Iterable[_Work], units: int
    ) -> Iterator[tuple[_Work, _Result]]:
        """``(unit, function(unit))`` for each of the ``units`` units of ``work``, in order
        (the work is read lazily, a few units in flight per worker; ``function`` and the
        units must pickle)."""
        if self.cluster is not None:
            return cluster_map(
                function,
                work,
                self.cluster,
                worker_setup=self.worker_setup,
                on_workers=self.on_workers,
            )
        kept, sent = itertools.tee(work)
        return zip(kept, ordered_map(function, sent, self.workers(units)), strict=True)
