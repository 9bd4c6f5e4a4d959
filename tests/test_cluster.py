"""simulate on a Dask cluster: addresses, refusals in one line, and the same bytes as one
process on a 2-worker LocalCluster."""

from __future__ import annotations

import sys

import pytest

from baccarat_exact.analysis.cluster import (
    INSTALL_HINT,
    ClusterAddress,
    parse_cluster_address,
)
from baccarat_exact.analysis.dealing import SimulationSettings
from baccarat_exact.analysis.simulate import simulate
from baccarat_exact.cli import main
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.report.render import render
from baccarat_exact.report.simulate import simulation_report
from baccarat_exact.tuning import keep_freed_memory


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
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--shoes", "2", "-q", *args])
    captured = capsys.readouterr()
    return int(stop.value.code or 0), captured.out, captured.err


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
