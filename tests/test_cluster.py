"""simulate on a Dask cluster: addresses, refusals in one line, and the same bytes as one
process on a 2-worker LocalCluster."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from baccarat_exact.analysis.cluster import (
    CONNECT_SECONDS,
    INSTALL_HINT,
    ClusterAddress,
    connect_seconds,
    parse_cluster_address,
)
from baccarat_exact.analysis.dealing import SimulationSettings
from baccarat_exact.analysis.simulate import simulate
from baccarat_exact.commands.base import Context
from baccarat_exact.commands.inputs import ShoeInput
from baccarat_exact.commands.simulate import SimulateRequest
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.report.render import render
from baccarat_exact.report.simulate import simulation_report
from baccarat_exact.tuning import keep_freed_memory
from tests.cli_runner import run_main


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("local:2", ClusterAddress(address=None, workers=2)),
        (" local:1 ", ClusterAddress(address=None, workers=1)),
        ("tcp://10.0.0.5:8786", ClusterAddress(address="tcp://10.0.0.5:8786")),
        ("scheduler.lan:8786", ClusterAddress(address="tcp://scheduler.lan:8786")),
        ("tls://[::1]:8786", ClusterAddress(address="tls://[::1]:8786")),
    ],
)
def test_addresses(text: str, address: ClusterAddress) -> None:
    assert parse_cluster_address(text) == address


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("local:0", "1 to 256 workers"),
        ("local:x", "local:N or a scheduler address"),
        ("http://host:8786", "local:N or a scheduler address"),
        ("host", "local:N or a scheduler address"),
        ("host:99999", "local:N or a scheduler address"),
        ("", "local:N or a scheduler address"),
    ],
)
def test_malformed_addresses(text: str, message: str) -> None:
    with pytest.raises(SimulationError, match=message):
        parse_cluster_address(text)


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``baccarat-exact simulate`` of two shoes, quiet, with ``args``."""
    return run_main(capsys, "simulate", "--shoes", "2", "-q", *args)


def test_a_malformed_address_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _cli(capsys, "--cluster", "nowhere")
    assert code == 2 and out == ""
    assert err.startswith("Error: --cluster takes local:N") and err.count("\n") == 1


def test_without_dask_the_error_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    code, out, err = _cli(capsys, "--cluster", "local:2")
    assert code == 2 and out == ""
    assert (
        err == f"Error: --cluster needs dask.distributed, which is not installed; {INSTALL_HINT}\n"
    )


def test_jobs_and_cluster_together_are_refused() -> None:
    with pytest.raises(SimulationError, match="not both"):
        simulate(SimulationSettings(shoes=1), jobs=2, cluster=ClusterAddress(None, 2))


def test_a_two_worker_local_cluster_gives_the_bytes_of_one_process() -> None:
    """Per-shoe seed streams and chunks combined in shoe order: the cluster's result is
    the same document as --jobs 1 (a pair bet too, so the batch pair path runs there)."""
    pytest.importorskip("distributed")
    rules = Rules()
    bets = (*main_bets(rules), find_bet("player-pair", rules), find_bet("perfect-pair", rules))
    settings = SimulationSettings(shoes=110, seed=7, bets=bets)
    one = render(simulation_report(simulate(settings, jobs=1)), "json")
    done: list[int] = []
    where = ClusterAddress(address=None, workers=2)
    clustered = simulate(
        settings, cluster=where, progress=done.append, worker_setup=keep_freed_memory
    )
    assert render(simulation_report(clustered), "json") == one
    assert sum(done) == 110 and len(done) == 5


def test_the_command_prints_the_same_bytes_on_a_local_cluster(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The command line end to end: --cluster local:2 against --jobs 1, the same JSON."""
    pytest.importorskip("distributed")
    args = ("--shoes", "60", "--seed", "3", "--bet", "banker-pair", "--format", "json")
    one = _cli(capsys, *args)
    clustered = _cli(capsys, *args, "--cluster", "local:2")
    assert one[0] == clustered[0] == 0 and one[1] == clustered[1] and one[1].startswith("{")


# -- addresses that are not a scheduler: one line, in time ------------------------------

QUICK = "1"
"""Seconds a scheduler has to answer in these tests (BACCARAT_EXACT_CONNECT_SECONDS)."""


@contextmanager
def _server(answer: bytes | None) -> Iterator[str]:
    """A local server's address: one that accepts connections and never says a word
    (``answer`` None), or one that sends ``answer`` to each and keeps it open."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    stop = threading.Event()
    held: list[socket.socket] = []

    def serve() -> None:
        listener.settimeout(0.05)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                continue
            held.append(connection)
            if answer is not None:
                with contextlib.suppress(OSError):
                    connection.sendall(answer)

    thread = threading.Thread(target=serve, daemon=True)
    if answer is not None:  # a silent one needs no accept: the kernel's backlog accepts
        thread.start()
    try:
        yield f"127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        if thread.is_alive():
            thread.join()
        for connection in held:
            connection.close()
        listener.close()


HTTP = b"HTTP/1.1 400 Bad Request\r\nContent-Length: 11\r\nConnection: close\r\n\r\nBad Request"
JUNK = bytes(range(256)) * 8


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (None, "no Dask scheduler answered at tcp://127.0.0.1:"),
        (HTTP, "answers, but not as a Dask scheduler"),
        (JUNK, "answers, but not as a Dask scheduler"),
    ],
    ids=["silent", "web-server", "junk"],
)
def test_an_address_that_is_not_a_scheduler_is_one_line_in_time(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    answer: bytes | None,
    message: str,
) -> None:
    """A server that accepts and stays silent would hold distributed's own connect for
    ever (it bounds the connection, not the greeting); a web server or junk made it
    allocate exabytes or fail on a shape. Each is one line, within the bound."""
    pytest.importorskip("distributed")
    monkeypatch.setenv("BACCARAT_EXACT_CONNECT_SECONDS", QUICK)
    with _server(answer) as address:
        start = time.perf_counter()
        code, out, err = _cli(capsys, "--cluster", address)
        took = time.perf_counter() - start
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("Error: --cluster: ") and message in err
    assert took < 5 * float(QUICK)


def _assert_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``--cluster`` at a port just freed, where nothing listens: one line saying so, exit 2."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, out, err = _cli(capsys, "--cluster", f"127.0.0.1:{port}")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "(connection refused: nothing listens there)" in err


def test_nothing_listening_is_said_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setenv("BACCARAT_EXACT_CONNECT_SECONDS", QUICK)
    _assert_refused(capsys)


def test_a_refusal_hidden_by_the_retries_is_still_said(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a loaded machine distributed's connect may end on its own time bound rather than
    on the refusal: the port is then tried once more, plainly, to say why."""
    distributed = pytest.importorskip("distributed")
    monkeypatch.setenv("BACCARAT_EXACT_CONNECT_SECONDS", QUICK)

    async def timed_out(address: str, timeout: float) -> None:
        raise OSError(f"Timed out trying to connect to {address} after {timeout} s")

    monkeypatch.setattr(distributed.comm, "connect", timed_out)
    _assert_refused(capsys)


@pytest.mark.parametrize("given", ["0", "-1", "x", "99999"])
def test_the_bound_comes_from_the_environment_when_sensible(
    monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    monkeypatch.setenv("BACCARAT_EXACT_CONNECT_SECONDS", given)
    assert connect_seconds() == CONNECT_SECONDS
    monkeypatch.setenv("BACCARAT_EXACT_CONNECT_SECONDS", "2.5")
    assert connect_seconds() == 2.5


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A running scheduler's address (a cluster in this process, one worker thread)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        dashboard_address=None,
    ) as cluster:
        yield str(cluster.scheduler_address)


def test_a_scheduler_s_address_gives_the_bytes_of_one_process(scheduler: str) -> None:
    request = SimulateRequest(shoe=ShoeInput(decks=1), shoes=30, seed=2)
    here = request.run(Context())
    there = request.run(Context(cluster=scheduler))
    assert render(there, "json") == render(here, "json")


def test_a_run_beyond_a_day_on_the_scheduler_s_workers_is_refused(scheduler: str) -> None:
    """A remote cluster's workers are counted once connected: one worker, a year's run."""
    request = SimulateRequest(shoes=10**11)
    with pytest.raises(SimulationError, match=r"would take roughly .* on one core"):
        request.run(Context(cluster=scheduler))


def _group_left(leader: int) -> list[int]:
    """Processes still alive in the process group ``leader`` started (a zombie, dead and
    waiting for init to reap it, is not)."""
    found = subprocess.run(["pgrep", "-g", str(leader)], capture_output=True, text=True)
    alive = []
    for pid in found.stdout.split():
        with contextlib.suppress(OSError):
            status = Path(f"/proc/{pid}/status").read_text()
            if "State:\tZ" not in status:
                alive.append(int(pid))
    return alive


@pytest.mark.slow
@pytest.mark.parametrize("after", [1.0, 4.0], ids=["starting", "dealing"])
def test_ctrl_c_on_a_local_cluster_is_quiet_and_leaves_no_process(after: float) -> None:
    """Ctrl-C as a terminal sends it (to the whole process group), while the cluster
    starts and while it deals: exit 130, "Interrupted." alone, no worker left."""
    pytest.importorskip("distributed")
    command = [sys.executable, "-m", "baccarat_exact", "simulate", "--shoes", "20000", "-q"]
    process = subprocess.Popen(
        [*command, "--cluster", "local:2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        time.sleep(after)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
        time.sleep(1)
        left = _group_left(process.pid)
    finally:
        for pid in _group_left(process.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    assert process.returncode == 130 and out == b""
    assert err == b"Interrupted.\n" and left == []
