"""Running units of work on a Dask distributed cluster (the optional extra ``cluster``).

:func:`cluster_map` sends each unit of work to the cluster's workers and gives the
results back **in the order of the work**, a few units in flight per worker, so what
is computed from them is the same bytes as on one process: the simulation's chunks
carry their own seed streams (per shoe), and are combined in shoe order. An address
is ``local:N`` (a :class:`distributed.LocalCluster` of N worker processes on this
machine, started and stopped here) or a running scheduler's address
(``tcp://host:8786``, ``host:8786``; docs/card-counting.md says how to start one).

A ``tls://`` scheduler is reached with the TLS files of ``--cluster-security`` or of
Dask's own settings (:mod:`.cluster_security`), checked before any connection; a plain
``tcp://`` address on another machine is warned of (:func:`unencrypted_warning`).

An address that is not a scheduler is one clear error within :data:`CONNECT_SECONDS`
(or ``BACCARAT_EXACT_CONNECT_SECONDS``): nothing listening, a server that accepts but
never answers, or one that answers something else (a web server). On Ctrl-C a local
cluster's workers stop without a word, and this process stops the cluster on its way
out.
"""

from __future__ import annotations

import importlib.util
import os
import re
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from baccarat_exact.analysis.cluster_security import (
    ENCRYPTED,
    ClusterSecurity,
    dask_security,
    handshake_failure,
    parse_cluster_security,
    plain_text_warning,
    tls_files,
)
from baccarat_exact.errors import SimulationError

__all__ = [
    "CONNECT_SECONDS",
    "INSTALL_HINT",
    "ClusterAddress",
    "cluster_address",
    "cluster_map",
    "connect_seconds",
    "parse_cluster_address",
    "unencrypted_warning",
]

INSTALL_HINT = "from a clone: .venv/bin/pip install -e '.[cluster]'"
"""How to install what ``--cluster`` needs."""

MAX_LOCAL_WORKERS = 256
"""Most worker processes ``local:N`` starts on one machine."""

CONNECT_SECONDS = 10.0
"""How long to wait for a scheduler to answer before giving up (the environment variable
``BACCARAT_EXACT_CONNECT_SECONDS`` sets another bound, e.g. for tests)."""

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
    security: ClusterSecurity | None = None
    """The TLS files to connect with (a ``tls://`` address's, always set there by
    :func:`cluster_address`), or None: a plain connection."""

    @property
    def scheme(self) -> str:
        """The address's scheme (``tcp``, ``tls``…; ``local`` for a local cluster)."""
        return "local" if self.address is None else self.address.split("://", 1)[0]

    def __str__(self) -> str:
        return self.address if self.address is not None else f"local:{self.workers}"


def parse_cluster_address(text: str) -> ClusterAddress:
    """Read ``local:N`` or a scheduler address ``[tcp://]host:port``.

    >>> parse_cluster_address("local:2"), str(parse_cluster_address("10.0.0.5:8786"))
    (ClusterAddress(address=None, workers=2, security=None), 'tcp://10.0.0.5:8786')
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


def cluster_address(text: str | None, security: str | None = None) -> ClusterAddress | None:
    """``--cluster`` (and ``--cluster-security``) read and checked, with the
    ``distributed`` module it needs (None: no cluster asked for). A ``tls://`` address
    gets its TLS files from ``security`` or else from Dask's configuration, and they are
    loaded once here, so that a missing or unreadable one is said before any work.

    :raises SimulationError: for a malformed address or ``security``, TLS files missing
        or unreadable, ``security`` where no TLS is spoken, or without ``distributed``.
    """
    if text is None:
        if security is not None:
            raise SimulationError("--cluster-security goes with --cluster tls://HOST:PORT")
        return None
    where = parse_cluster_address(text)
    given = None if security is None else parse_cluster_security(security)
    if given is not None and where.scheme not in ENCRYPTED:
        raise SimulationError(
            f"--cluster-security is for a tls:// scheduler address, not {where} "
            + ("(its workers are on this machine)" if where.address is None else "(plain text)")
        )
    require_distributed()
    if where.address is None:
        return where
    files = tls_files(where.address, given)
    return ClusterAddress(address=where.address, security=files)


def unencrypted_warning(text: str) -> str | None:
    """What to tell of ``--cluster text`` before connecting: a plain ``tcp://`` address
    on another machine (:func:`.cluster_security.plain_text_warning`). None for anything
    else, a malformed address too (it is refused later, in one line), or without
    ``distributed`` (refused in one line, for that).

    >>> unencrypted_warning("local:2") is None, unencrypted_warning("127.0.0.1:8786") is None
    (True, True)
    """
    try:
        where = parse_cluster_address(text)
    except SimulationError:
        return None
    if where.address is None or importlib.util.find_spec("distributed") is None:
        return None
    return plain_text_warning(where.address)


def connect_seconds() -> float:
    """How long a scheduler has to answer: :data:`CONNECT_SECONDS`, or the positive number
    of seconds ``BACCARAT_EXACT_CONNECT_SECONDS`` gives."""
    given = os.environ.get("BACCARAT_EXACT_CONNECT_SECONDS", "")
    try:
        seconds = float(given)
    except ValueError:
        return CONNECT_SECONDS
    return seconds if 0 < seconds < 3600 else CONNECT_SECONDS


def _seconds(seconds: float) -> str:
    return f"{seconds:g} s"


def _probe(address: str, seconds: float, security: ClusterSecurity | None = None) -> None:
    """Open a connection to ``address`` (with TLS, showing ``security``'s files) and read
    the scheduler's greeting, all within ``seconds``; refused in one line when nothing
    answers in time, the TLS handshake fails, or what answers is not a Dask scheduler.
    (``distributed``'s own connect bounds the connection, not the greeting: a server that
    accepts and stays silent would hold it for ever.)"""
    import asyncio
    import importlib

    comms: Any = importlib.import_module("distributed.comm")  # untyped
    arguments = {} if security is None else dask_security(security).get_connection_args("client")

    async def greeting() -> None:
        # connect's own bound (retries while refused) ends first, so that a refusal is
        # told apart from a silent server, which the bound of the whole greeting ends
        comm = await comms.connect(address, timeout=0.8 * seconds, **arguments)
        await comm.close()

    failed: list[BaseException] = []

    def run() -> None:  # in a thread of its own: the caller may be running an event loop
        try:
            asyncio.run(asyncio.wait_for(greeting(), seconds))
        except BaseException as error:  # handed to the caller
            failed.append(error)

    thread = threading.Thread(target=run, name="baccarat-exact-probe", daemon=True)
    thread.start()
    thread.join()
    if not failed:
        return
    error = failed[0]
    handshake = handshake_failure(error) if security is not None else None
    if handshake is not None:
        raise SimulationError(
            f"--cluster: the TLS handshake with {address} failed: {handshake}; the "
            "scheduler's certificate must be signed by the CA given, and this client's by "
            "the scheduler's CA"
        )
    if isinstance(error, OSError | TimeoutError):
        reason = _reason(error)
        if reason == _NO_CONNECTION and _refused(address):
            reason = _REFUSED  # the retries' last error hid the refusal (a loaded machine)
        hint = "start one with `dask scheduler`"
        if reason == _NO_CONNECTION and security is None:  # e.g. a TLS scheduler's port
            hint += ", or if it speaks TLS, give tls://HOST:PORT and --cluster-security"
        raise SimulationError(
            f"--cluster: no Dask scheduler answered at {address} within "
            f"{_seconds(seconds)} ({reason}); {hint}"
        )
    if isinstance(error, Exception):  # junk where a greeting should be: the reader's errors
        raise SimulationError(
            f"--cluster: {address} answers, but not as a Dask scheduler "
            f"({type(error).__name__}); give the address of one (`dask scheduler` prints it)"
        )
    raise error


_REFUSED = "connection refused: nothing listens there"
_NO_CONNECTION = "no connection"


def _reason(error: BaseException) -> str:
    """Why a connection failed, in a few words: refused, or no answer in time."""
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, ConnectionRefusedError) or "ConnectionRefusedError" in str(cause):
            return _REFUSED
        cause = cause.__cause__ or cause.__context__
    if isinstance(error, TimeoutError):
        return "it accepted the connection but said nothing"
    return _NO_CONNECTION


def _refused(address: str) -> bool:
    """Whether a plain TCP connection to a ``tcp://host:port`` address is refused now:
    ``distributed``'s connect retries until its bound, and under load its last error may
    be the bound's, not the refusal."""
    import socket

    where = re.fullmatch(r"tcp://\[?([^\]]+)\]?:(\d+)", address)
    if where is None:
        return False
    try:
        with socket.create_connection((where[1], int(where[2])), timeout=1.0):
            return False
    except ConnectionRefusedError:
        return True
    except OSError:
        return False


@contextmanager
def _workers_quiet() -> Iterator[None]:
    """Start a local cluster's worker processes with their standard error discarded: on
    Ctrl-C each would print its traceback there (this process is told too, says
    "Interrupted." once and stops them); their failures reach this process as errors of
    the work. This process's own standard error is back when the cluster is up."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (AttributeError, OSError, ValueError):  # no standard error to speak of
        yield
        return
    nowhere = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(nowhere, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(nowhere)


@contextmanager
def _ctrl_c_deferred() -> Iterator[None]:
    """Hold a Ctrl-C back until the block is done, then raise it: a cluster being started
    is not left half made (only the main thread is told of Ctrl-C; elsewhere nothing
    is held)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pressed: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: pressed.append(number))
    try:
        yield
    except Exception:
        if pressed:  # the workers stopped on Ctrl-C, and the cluster could not start
            raise KeyboardInterrupt from None
        raise
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt


def _client(where: ClusterAddress, stack: ExitStack, seconds: float) -> Any:
    """A connected :class:`distributed.Client` (and its local cluster), closed by ``stack``."""
    import logging

    distributed = require_distributed()
    if where.address is None:
        with _workers_quiet(), _ctrl_c_deferred():
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=where.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.CRITICAL,  # the workers' log lines off our stderr
                )
            )
            return stack.enter_context(distributed.Client(cluster))
    _probe(where.address, seconds, where.security)
    security = None if where.security is None else dask_security(where.security)
    try:
        return stack.enter_context(
            distributed.Client(where.address, timeout=seconds, security=security)
        )
    except (OSError, TimeoutError) as error:
        raise SimulationError(
            f"--cluster: no Dask scheduler answered at {where.address} within "
            f"{_seconds(seconds)} ({type(error).__name__}); start one with `dask scheduler`"
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
    on_workers: Callable[[int], None] | None = None,
    seconds: float | None = None,
) -> Iterator[tuple[_Work, _Result]]:
    """``(unit, function(unit))`` for each unit of ``work``, in order, computed on the
    cluster at ``where``: at most two units per worker thread in flight (the work list
    is never built whole), each sent pickled with ``function`` by reference.
    ``worker_setup`` runs once on every worker first (the command line tunes the
    workers' processes with it as it tunes its own); ``on_workers`` is told the number
    of worker threads before any work is sent. A scheduler has ``seconds`` to answer
    (default: :func:`connect_seconds`).

    :raises SimulationError: when no scheduler answers at the address in time, or what
        answers is not one.
    """
    with ExitStack() as stack:
        stack.callback(_quiet_logs())
        client = _client(where, stack, connect_seconds() if seconds is None else seconds)
        threads = max(sum(client.nthreads().values()), 1)
        if on_workers is not None:
            on_workers(threads)
        if worker_setup is not None:
            _on_every_worker(client, worker_setup)
        pending: deque[tuple[_Work, Any]] = deque()
        for unit in work:
            pending.append((unit, client.submit(function, unit, pure=False)))
            if len(pending) >= 2 * threads:
                done, future = pending.popleft()
                yield done, future.result()
        while pending:
            done, future = pending.popleft()
            yield done, future.result()


def _quiet_logs() -> Callable[[], None]:
    """Keep ``distributed``'s log lines (a worker or the cluster stopping, a connection
    closed) off this command's standard error; returns what restores them."""
    import logging

    logger = logging.getLogger("distributed")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    return lambda: logger.setLevel(level)
