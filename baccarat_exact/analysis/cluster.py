"""Running units of work on a Dask distributed cluster (the optional extra ``cluster``).

:func:`cluster_map` sends each unit of work to the cluster's workers and gives the
results back **in the order of the work**, a few units in flight per worker, so what
is computed from them is the same bytes as on one process: the simulation's chunks
carry their own seed streams (per shoe), and are combined in shoe order. An address
is ``local:N`` (a :class:`distributed.LocalCluster` of N worker processes on this
machine, started and stopped here) or a running scheduler's address
(``tcp://host:8786``, ``host:8786``; docs/card-counting.md says how to start one).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any, TypeVar

from baccarat_exact.errors import SimulationError

__all__ = ["INSTALL_HINT", "ClusterAddress", "cluster_map", "parse_cluster_address"]

INSTALL_HINT = "from a clone: .venv/bin/pip install -e '.[cluster]'"
"""How to install what ``--cluster`` needs."""

MAX_LOCAL_WORKERS = 256
"""Most worker processes ``local:N`` starts on one machine."""

CONNECT_SECONDS = 10
"""How long to wait for a scheduler to answer before giving up."""

_LOCAL = re.compile(r"local:(\d+)")
_REMOTE = re.compile(
    r"(?:(?P<scheme>tcp|tls|ws|wss|ucx)://)?"
    r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)"
    r":(?P<port>\d{1,5})"
)

_Work = TypeVar("_Work")
_Result = TypeVar("_Result")


@dataclass(frozen=True, slots=True)
class ClusterAddress:
    """Where to run: ``workers`` local processes, or the scheduler at ``address``."""

    address: str | None
    """The scheduler's address (with its scheme), or None for a local cluster."""
    workers: int = 0
    """Worker processes of a local cluster (0 for a remote one)."""

    def __str__(self) -> str:
        return self.address if self.address is not None else f"local:{self.workers}"


def parse_cluster_address(text: str) -> ClusterAddress:
    """Read ``local:N`` or a scheduler address ``[tcp://]host:port``.

    >>> parse_cluster_address("local:2"), str(parse_cluster_address("10.0.0.5:8786"))
    (ClusterAddress(address=None, workers=2), 'tcp://10.0.0.5:8786')
    >>> parse_cluster_address("http//x")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --cluster takes local:N or a scheduler address such as tcp://10.0.0.5:8786, got 'http//x'
    """
    text = text.strip()
    local = _LOCAL.fullmatch(text)
    if local:
        workers = int(local.group(1))
        if not 1 <= workers <= MAX_LOCAL_WORKERS:
            raise SimulationError(
                f"--cluster local:N takes 1 to {MAX_LOCAL_WORKERS} workers, got {text!r}"
            )
        return ClusterAddress(address=None, workers=workers)
    remote = _REMOTE.fullmatch(text)
    if remote is None or not 1 <= int(remote.group("port")) <= 65535:
        raise SimulationError(
            "--cluster takes local:N or a scheduler address such as tcp://10.0.0.5:8786, "
            f"got {text!r}"
        )
    scheme = remote.group("scheme") or "tcp"
    return ClusterAddress(address=f"{scheme}://{remote.group('host')}:{remote.group('port')}")


def require_distributed() -> Any:
    """The ``distributed`` module (its calls are untyped: used as ``Any``); refused in one
    line where it is not installed."""
    try:
        import distributed
    except ImportError:
        raise SimulationError(
            f"--cluster needs dask.distributed, which is not installed; {INSTALL_HINT}"
        ) from None
    return distributed


def _client(where: ClusterAddress, stack: ExitStack) -> Any:
    """A connected :class:`distributed.Client` (and its local cluster), closed by ``stack``."""
    distributed = require_distributed()
    if where.address is None:
        cluster = stack.enter_context(
            distributed.LocalCluster(
                n_workers=where.workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            )
        )
        return stack.enter_context(distributed.Client(cluster))
    try:
        return stack.enter_context(distributed.Client(where.address, timeout=CONNECT_SECONDS))
    except (OSError, TimeoutError) as error:
        raise SimulationError(
            f"--cluster: no Dask scheduler answered at {where.address} within "
            f"{CONNECT_SECONDS} s ({type(error).__name__}); start one with `dask scheduler`"
        ) from None


def _on_every_worker(client: Any, setup: Callable[[], None]) -> None:
    """Run ``setup`` on each worker of ``client``'s cluster, and on every worker that
    joins later (a worker plugin)."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class Setup(WorkerPlugin):
        name = "baccarat-exact-setup"

        def setup(self, worker: Any) -> None:
            setup()

    client.register_plugin(Setup())


def cluster_map(
    function: Callable[[_Work], _Result],
    work: Iterable[_Work],
    where: ClusterAddress,
    *,
    worker_setup: Callable[[], None] | None = None,
) -> Iterator[tuple[_Work, _Result]]:
    """``(unit, function(unit))`` for each unit of ``work``, in order, computed on the
    cluster at ``where``: at most two units per worker thread in flight (the work list
    is never built whole), each sent pickled with ``function`` by reference.
    ``worker_setup`` runs once on every worker first (the command line tunes the
    workers' processes with it as it tunes its own)."""
    with ExitStack() as stack:
        client = _client(where, stack)
        if worker_setup is not None:
            _on_every_worker(client, worker_setup)
        threads = max(sum(client.nthreads().values()), 1)
        pending: deque[tuple[_Work, Any]] = deque()
        for unit in work:
            pending.append((unit, client.submit(function, unit, pure=False)))
            if len(pending) >= 2 * threads:
                done, future = pending.popleft()
                yield done, future.result()
        while pending:
            done, future = pending.popleft()
            yield done, future.result()
