"""Issue 14: ``simulate --cluster`` on a Dask LocalCluster of 1 and 2 workers, the
per-chunk overhead, and the projected time for 10**9 hands on N cores.

Each cluster is started once (its start-up timed apart) and ``simulate()`` is called with
its scheduler's address, as with a real deployment, its workers tuned as the command line
tunes them (``worker_setup=keep_freed_memory``); the same run in this process (``jobs=1``,
tuned as the command line runs it) is the yardstick, timed in the same run. Bets: the
main bets and every built-in side bet, 8 decks, seed 1; medians of 3.

Per-chunk overhead: the real tasks (``CLUSTER_CHUNKS`` chunks' units of work: settings,
fitted counts, shoe ranges) sent to a 1-worker cluster and a trivial answer sent back,
as many in flight as ``simulate`` keeps: scheduling plus serialisation, per chunk. The projection for 10**9 hands on
N cores: the 1-worker cluster's measured rate (every overhead of the cluster path
included) times N, shoes being independent. The machine's load average is printed:
on a shared 2-core machine the 2-worker speed-up is only what the load left.

Run: ``.venv/bin/python benchmarks/bench_cluster.py`` (needs the extra ``cluster``).
"""

from __future__ import annotations

import os
import pickle
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from distributed import LocalCluster

from baccarat_exact.analysis.cluster import ClusterAddress, cluster_map
from baccarat_exact.analysis.dealing import SimulationSettings
from baccarat_exact.analysis.eor import effect_of_removal
from baccarat_exact.analysis.simulate import (
    CHUNK_SHOES,
    CLUSTER_CHUNKS,
    _Job,
    _simulate_chunk,
    count_fits,
    simulate,
)
from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.tuning import keep_freed_memory, one_blas_thread
from benchmarks._machine import machine

SHOES = 400
REPEATS = 3
HANDS = 10**9


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


def _jobs(settings: SimulationSettings) -> list[_Job]:
    eor = effect_of_removal(settings.shoe, settings.rules, settings.chosen_bets)
    fits = count_fits(settings, eor)
    return [
        _Job(settings, fits, first, min(first + CHUNK_SHOES, settings.shoes), False)
        for first in range(0, settings.shoes, CHUNK_SHOES)
    ]


def main() -> None:
    print(machine())
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    keep_freed_memory()
    settings = _settings()
    jobs = _jobs(settings)
    chunks = len(jobs)
    job_bytes = len(pickle.dumps(jobs[0]))
    with one_blas_thread():
        simulate(SimulationSettings(shoes=5, seed=1))  # warm
        local, hands = _timed(lambda: simulate(settings).hands)
        result_bytes = len(pickle.dumps(_simulate_chunk(jobs[0])))
    print(
        f"{SHOES} shoes, {len(settings.chosen_bets)} bets, {hands:,} hands, {chunks} chunks of "
        f"{CHUNK_SHOES} shoes; sent per chunk {job_bytes:,} bytes, returned {result_bytes:,} bytes"
    )
    print(f"  one process (jobs=1): {local:.2f} s ({hands / local:,.0f} hands/s)")
    overhead = 0.0
    results: dict[int, float] = {}
    for workers in (1, 2):
        start = time.perf_counter()
        with LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster:
            started = time.perf_counter() - start
            where = ClusterAddress(address=cluster.scheduler_address)

            def run(where: ClusterAddress = where) -> int:
                return simulate(settings, cluster=where, worker_setup=keep_freed_memory).hands

            simulate(
                SimulationSettings(shoes=2 * workers * CHUNK_SHOES, seed=2, bets=settings.bets),
                cluster=where,
                worker_setup=keep_freed_memory,
            )  # warm: every worker has built its tables
            seconds, _ = _timed(run)
            results[workers] = seconds
            if workers == 1:
                tasks = [
                    tuple(jobs[i : i + CLUSTER_CHUNKS]) for i in range(0, chunks, CLUSTER_CHUNKS)
                ] * 4
                trips = []
                for _ in range(REPEATS):
                    begin = time.perf_counter()
                    for _ in cluster_map(len, tasks, where):
                        pass
                    trips.append((time.perf_counter() - begin) / (4 * chunks))
                overhead = statistics.median(trips)
        print(
            f"  LocalCluster of {workers} worker(s): {seconds:.2f} s ({hands / seconds:,.0f} "
            f"hands/s), speed-up {local / seconds:.2f} over one process; start-up {started:.1f} s"
        )
    chunk_seconds = local / chunks
    print(
        f"  per-chunk overhead (a real chunk's work sent, a trivial answer back): "
        f"{overhead * 1000:.1f} ms against {chunk_seconds * 1000:.0f} ms of exact pricing a "
        f"chunk; the 1-worker cluster against one process: "
        f"{(results[1] - local) / chunks * 1000:.0f} ms a chunk all told"
    )
    rate = hands / results[1]  # one worker, every overhead included
    for cores in (2, 16, 64, 256, 1024):
        hours = HANDS / (rate * cores) / 3600
        print(f"  projected 10**9 hands on {cores:>4} cores at the 1-worker rate: {hours:7.2f} h")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
