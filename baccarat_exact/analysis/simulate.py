"""Shoe simulation: deal shuffled shoes and price every hand exactly.

Each shoe is shuffled with its own random stream (``SeedSequence(seed,
spawn_key=(i,))`` for shoe i), dealt as in punto banco (burn rule, cut card:
:mod:`.dealing`), and before every hand the exact EV of every bet is computed for
the cards the table has not seen, through the engine's batch path. Those per-hand
values are exact; what this module adds up from them is a *simulation estimate*
with a standard error over shoes, kept in its own types (:mod:`.estimates`) so it is
never confused with an exact result. Shoes are processed in fixed chunks and
combined in shoe order, so a seed gives the same numbers whatever ``jobs``.

Batches run fastest with the process tuned (:func:`baccarat_exact.tuning.for_batches`);
the command line does that, a library caller may.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from baccarat_exact.analysis.cluster import ClusterAddress, cluster_map
from baccarat_exact.analysis.counting import CountFit, derive_count, fit_count
from baccarat_exact.analysis.dealing import SimulationSettings, deal_shoe
from baccarat_exact.analysis.eor import EffectOfRemoval, effect_of_removal
from baccarat_exact.analysis.estimates import ChunkTotals, SimulationResult, Summary
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.processes import ordered_map
from baccarat_exact.pricing import price_batch

__all__ = [
    "CHUNK_SHOES",
    "CLUSTER_CHUNKS",
    "PLOT_SHOES",
    "SECONDS_PER_CARD",
    "count_fits",
    "estimated_seconds",
    "simulate",
]

CHUNK_SHOES = 25
"""Shoes per unit of work; fixed, so results never depend on the number of jobs."""

CLUSTER_CHUNKS = 4
"""Chunks per task sent to a cluster's worker: a quarter of the round trips; the worker
still returns each chunk's totals, combined here in shoe order as always."""

PLOT_SHOES = 5000
"""Per-hand EVs of at most this many shoes are kept for plots."""

SECONDS_PER_CARD = 2e-6
"""Rough time to deal and price one card of a shoe on one core, with a few side bets
(1.3–2.1 µs measured: docs/performance.md): only for the estimate before a long run,
never for a result."""


def estimated_seconds(shoes: int, cards: int, workers: int = 1) -> float:
    """Rough time to deal ``shoes`` shoes of ``cards`` cards on ``workers`` cores
    (``math.inf`` past any float).

    >>> round(estimated_seconds(1000, 416))
    1
    """
    try:
        return float(shoes) * cards * SECONDS_PER_CARD / max(workers, 1)
    except OverflowError:
        return math.inf


@dataclass(frozen=True, slots=True)
class _Job:
    settings: SimulationSettings
    fits: tuple[CountFit, ...]
    first: int
    last: int
    keep_hands: bool


def _simulate_chunk(job: _Job) -> ChunkTotals:
    """Deal shoes ``first``..``last``-1 and total their exact per-hand prices."""
    settings = job.settings
    bets = settings.chosen_bets
    # Cards are (rank, suit) identities 4·rank + suit: pair bets need the suits left.
    by_suit = np.array(settings.card_identities(), dtype=np.int64)
    deck = np.repeat(np.arange(52), by_suit)
    size = len(deck)
    tags = np.array([fit.count.rank_tags() for fit in job.fits], dtype=np.float64).T  # (13, bets)
    means = np.array([float(fit.mean_tag) for fit in job.fits])
    shoe_of_hand, depth, states, seen, running = [], [], [], [], []
    for shoe_number in range(job.first, job.last):
        rng = np.random.default_rng(np.random.SeedSequence(settings.seed, spawn_key=(shoe_number,)))
        cards = rng.permutation(deck)
        order = cards // 4
        dealt = deal_shoe(order.tolist(), settings.rules.tableau, settings.burn, settings.cut_card)
        starts = [start for start, _, _ in dealt.hands]
        # Cards seen before hand k: visible cards at positions below its start, i.e. those
        # with at most k hand starts at or before them; kept small (hands × 52), no per-card table.
        visible = np.ones(size)
        visible[list(dealt.hidden)] = 0
        group = np.searchsorted(starts, np.arange(size), side="right")
        by_group = np.bincount(
            group * 52 + cards, weights=visible, minlength=(len(starts) + 1) * 52
        )
        seen_cards = (
            np.cumsum(by_group.reshape(-1, 52), axis=0)[: len(starts)].round().astype(np.int64)
        )
        seen_ranks = seen_cards.reshape(-1, 13, 4).sum(axis=2)
        shoe_of_hand.extend([shoe_number] * len(starts))
        depth.extend(starts)
        states.append(by_suit - seen_cards)
        seen.append(seen_ranks.sum(axis=1))
        running.append(seen_ranks @ tags)
    n_bets = len(job.fits)
    if not depth:
        return ChunkTotals.empty(job.first, job.last, n_bets, size, job.keep_hands)
    unseen_suits = np.concatenate(states).reshape(-1, 13, 4)
    unseen = unseen_suits.sum(axis=2)
    needs_suits = any(bet.needs_pairs for bet in bets)
    prices = price_batch(unseen, settings.rules, bets, suits=unseen_suits if needs_suits else None)
    seen_cards = np.concatenate(seen).astype(np.float64)
    true_count = (
        (np.concatenate(running) - seen_cards[:, None] * means) * 52 / unseen.sum(axis=1)[:, None]
    )
    if settings.threshold is not None:
        count_bets = true_count >= settings.threshold
    else:
        base, slope = _linear_model(job.fits)
        count_bets = base + slope * true_count > 0
    return ChunkTotals.from_hands(
        first=job.first,
        last=job.last,
        shoe_of_hand=np.array(shoe_of_hand, dtype=np.int64),
        depth=np.array(depth, dtype=np.int64),
        ev=prices.ev_float(),
        positive=prices.positive(),
        surebet=prices.surebet(),
        count_bets=count_bets,
        cards=size,
        keep_hands=job.keep_hands,
    )


def _linear_model(fits: tuple[CountFit, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Each fit's EV and EV per true count as floats; where either is beyond float range
    (pays past 1e308), both divided by one power of two, which keeps the sign of
    EV + slope·TC, the one thing the counting player uses."""
    base, slope = [], []
    for fit in fits:
        ev, gain = fit.ev, fit.ev_per_true_count_exact
        largest = max(abs(ev), abs(gain))
        bits = largest.numerator.bit_length() - largest.denominator.bit_length()
        scale = Fraction(1, 1 << (bits - 1000)) if bits > 1000 else Fraction(1)
        base.append(float(ev * scale))
        slope.append(float(gain * scale))
    return np.array(base), np.array(slope)


def count_fits(settings: SimulationSettings, eor: EffectOfRemoval) -> tuple[CountFit, ...]:
    """The counting player's count for each bet and how it fits that bet."""
    fits = []
    for b in range(len(eor.bets)):
        count = (
            settings.count if settings.count is not None else derive_count(eor, b, settings.level)
        )
        fits.append(fit_count(eor, b, count))
    return tuple(fits)


def simulate(
    settings: SimulationSettings,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    keep_hands: bool = False,
    cluster: ClusterAddress | None = None,
    worker_setup: Callable[[], None] | None = None,
    on_workers: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Deal ``settings.shoes`` shoes and estimate what exact play at every hand is worth.

    ``jobs`` processes share the work, or the workers of a Dask ``cluster``
    (:mod:`.cluster`); either way the result is the same bytes as on one process.
    ``progress`` is called with the number of shoes finished after each chunk.
    ``keep_hands`` keeps per-hand EVs (of the first :data:`PLOT_SHOES` shoes) for plots.
    ``worker_setup`` runs once on each cluster worker before it deals (e.g. process tuning);
    ``on_workers`` is told how many workers a cluster has once connected, before any
    work is sent (it may refuse the run by raising).
    """
    if jobs < 1:
        raise SimulationError(f"--jobs must be 1 or more, got {jobs}")
    if cluster is not None and jobs != 1:
        raise SimulationError(
            "give --jobs or --cluster, not both: the cluster's workers are the jobs"
        )
    eor = effect_of_removal(settings.shoe, settings.rules, settings.chosen_bets)
    fits = count_fits(settings, eor)
    work = (
        _Job(
            settings,
            fits,
            first,
            min(first + CHUNK_SHOES, settings.shoes),
            keep_hands and first < PLOT_SHOES,
        )
        for first in range(0, settings.shoes, CHUNK_SHOES)
    )
    summary = Summary(settings, len(fits))
    run = (
        _run(work, jobs, settings.shoes)
        if cluster is None
        else _on_cluster(work, cluster, worker_setup, on_workers)
    )
    for job, chunk in run:
        summary.add(chunk)
        if progress is not None:
            progress(job.last - job.first)
    return summary.result(eor, fits)


def _simulate_chunks(jobs: tuple[_Job, ...]) -> tuple[ChunkTotals, ...]:
    """Several chunks in one task: each chunk's totals, in order."""
    return tuple(_simulate_chunk(job) for job in jobs)


def _on_cluster(
    work: Iterator[_Job],
    cluster: ClusterAddress,
    worker_setup: Callable[[], None] | None,
    on_workers: Callable[[int], None] | None,
) -> Iterator[tuple[_Job, ChunkTotals]]:
    """Each job with its totals, in order, computed on a Dask cluster
    (:data:`CLUSTER_CHUNKS` chunks per task)."""

    def tasks() -> Iterator[tuple[_Job, ...]]:
        group: list[_Job] = []
        for job in work:
            group.append(job)
            if len(group) == CLUSTER_CHUNKS:
                yield tuple(group)
                group = []
        if group:
            yield tuple(group)

    for jobs, totals in cluster_map(
        _simulate_chunks, tasks(), cluster, worker_setup=worker_setup, on_workers=on_workers
    ):
        yield from zip(jobs, totals)


def _run(work: Iterator[_Job], jobs: int, shoes: int) -> Iterator[tuple[_Job, ChunkTotals]]:
    """Each job with its totals, in order: here, or on ``jobs`` worker processes with at
    most two jobs each in flight (the work list is never built whole)."""
    workers = 1 if jobs == 1 or shoes <= CHUNK_SHOES else min(jobs, -(-shoes // CHUNK_SHOES))
    return ordered_map(_job_totals, work, workers)


def _job_totals(job: _Job) -> tuple[_Job, ChunkTotals]:
    return job, _simulate_chunk(job)
