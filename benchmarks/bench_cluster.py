"""Issue 14: ``simulate --cluster`` on a Dask LocalCluster of 1 and 2 workers, the
per-chunk overhead, and the projected time for 10**9 hands on N cores.

Each cluster is started once (its start-up timed apart) and ``simulate()`` is called with
its scheduler's address, as with a real deployment; the same run in this process
(``jobs=1``, one BLAS thread, freed memory kept, as the command line runs it) is the
yardstick, timed in the same run. Bets: the main bets and every built-in side bet, 8
decks, seed 1. The per-chunk overhead is (1-worker cluster − one process) / chunks; a
round trip of an empty task is timed too. The projection divides 10**9 hands by the
1-worker rate times N times the 2-worker efficiency (speed-up / 2).

Run: ``.venv/bin/python benchmarks/bench_cluster.py`` (needs the extra ``cluster``).
"""

from __future__ import annotations

import operator
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from distributed import LocalCluster

from baccarat_exact.analysis.cluster import ClusterAddress, cluster_map
from baccarat_exact.analysis.dealing import SimulationSettings
from baccarat_exact.analysis.simulate import CHUNK_SHOES, simulate
from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.tuning import keep_freed_memory, one_blas_thread
from benchmarks._machine import machine

SHOES = 400
REPEATS = 3


def _settings() -> SimulationSettings:
    rules = Rules()
    bets = (*main_bets(rules), *(find_bet(name, rules) for name in SIDE_BET_NAMES))
    return SimulationSettings(shoes=SHOES, seed=1, bets=bets)


def _timed(run: Callable[[], int]) -> tuple[float, int]:
    times, hands = [], 0
    for _ in range(REPEATS):
        start = time.perf_counter()
        hands = run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), hands


def main() -> None:
    print(machine())
    keep_freed_memory()
    settings = _settings()
    chunks = -(-SHOES // CHUNK_SHOES)
    with one_blas_thread():
        simulate(SimulationSettings(shoes=5, seed=1))  # warm
        local, hands = _timed(lambda: simulate(settings).hands)
    print(
        f"{SHOES} shoes, {len(settings.chosen_bets)} bets, {hands:,} hands, {chunks} chunks "
        f"(median of {REPEATS})"
    )
    print(f"  one process (jobs=1): {local:.2f} s ({hands / local:,.0f} hands/s)")
    results: dict[int, float] = {}
    for workers in (1, 2):
        start = time.perf_counter()
        with LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster:
            started = time.perf_counter() - start
            where = ClusterAddress(address=cluster.scheduler_address)
            simulate(SimulationSettings(shoes=2 * workers * CHUNK_SHOES, seed=2), cluster=where)
            seconds, _ = _timed(lambda where=where: simulate(settings, cluster=where).hands)
            results[workers] = seconds
            trips = 200
            start = time.perf_counter()
            for _ in cluster_map(operator.neg, range(trips), where):
                pass
            trip = (time.perf_counter() - start) / trips
        print(
            f"  LocalCluster of {workers} worker(s): {seconds:.2f} s ({hands / seconds:,.0f} "
            f"hands/s), speed-up {local / seconds:.2f} over one process; cluster start-up "
            f"{started:.1f} s; empty task round trip {trip * 1000:.1f} ms"
        )
    overhead = (results[1] - local) / chunks
    rate = hands / results[1]
    efficiency = results[1] / results[2] / 2
    print(
        f"  per-chunk overhead ({CHUNK_SHOES} shoes, ~{hands // chunks:,} hands): "
        f"{overhead * 1000:.0f} ms; 2-worker efficiency {efficiency:.0%}"
    )
    for cores in (2, 16, 64, 256):
        hours = 1e9 / (rate * cores * min(efficiency, 1.0)) / 3600
        print(f"  projected 10**9 hands on {cores:>3} cores: {hours:6.1f} h")


if __name__ == "__main__":
    main()
