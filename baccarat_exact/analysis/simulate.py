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

import functools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from baccarat_exact.analysis.cluster import ClusterAddress
from baccarat_exact.analysis.counting import CountFit, derive_count, fit_count
from baccarat_exact.analysis.dealing import SimulationSettings, deal_shoe
from baccarat_exact.analysis.economics import KellyBin, kelly_ramp, optimal_ramp
from baccarat_exact.analysis.eor import EffectOfRemoval, effect_of_removal
from baccarat_exact.analysis.ramps import Betting, Ramp, Strategy, bet_amounts, chip_ramp
from baccarat_exact.analysis.runner import Runner
from baccarat_exact.analysis.simulate_results import CountSystemFits, SimulationResult
from baccarat_exact.analysis.simulate_totals import (
    KELLY_BINS,
    KELLY_LEAST,
    ChunkTotals,
    StrategyTotals,
    Summary,
    strategy_totals,
)
from baccarat_exact.model.bets import ANY_PAIRS, PAIR, SUITED_PAIR, Bet
from baccarat_exact.model.events import N_EVENTS
from baccarat_exact.pricing import price_batch
from baccarat_exact.pricing.results import Prices

__all__ = [
    "CHUNK_SHOES",
    "CLUSTER_CHUNKS",
    "PLOT_SHOES",
    "SECONDS_PER_CARD",
    "count_fits",
    "count_systems",
    "estimated_seconds",
    "kelly_ramps",
    "optimal_ramps",
    "pay_table",
    "plan_strategies",
    "simulate",
    "strategies",
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
    systems: tuple[CountSystemFits, ...] = ()
    strategies: tuple[Strategy, ...] = ()
    pays: np.ndarray | None = None
    """(bets, 9 · 400) what each bet pays per unit in each (pair state, event) cell."""
    kelly_bins: bool = False
    moments: tuple[tuple[float | None, float], ...] = ()
    """Per bet, for the Kelly bins: its one winning pay where every win pays that and
    every loss the stake (else None), and its exact second moment on the full shoe."""


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
    shoe_of_hand, depth, states, seen, running, ranks_seen, cells = [], [], [], [], [], [], []
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
        if job.strategies:
            ranks_seen.append(seen_ranks)
            cells.append(_cells(cards, starts, [event for _, _, event in dealt.hands]))
    n_bets = len(job.fits)
    if not depth:
        return ChunkTotals.empty(
            job.first,
            job.last,
            n_bets,
            size,
            job.keep_hands,
            strategies=len(job.strategies),
            systems=len(job.systems) if job.kelly_bins else 0,
        )
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
    ev = prices.ev_float()
    positive = prices.positive()
    hands_of = np.array(shoe_of_hand, dtype=np.int64)
    by_strategy = None
    if job.strategies and job.pays is not None:
        outcome = job.pays[:, np.concatenate(cells)].T  # (hands, bets): units won per unit
        left = unseen.sum(axis=1).astype(np.float64)
        ranks = np.concatenate(ranks_seen)
        counts = [  # the counting player's own count is counted once
            true_count if system.fits is job.fits else _true_counts(system, ranks, seen_cards, left)
            for system in job.systems
        ]
        second = _second_moments(job.moments, prices, ev) if job.kelly_bins else None
        by_strategy = _strategy_totals(
            job,
            hands_of - job.first,
            ev,
            outcome,
            positive,
            counts,
            settings.threshold,
            second,
            count_bets,
        )
    return ChunkTotals.from_hands(
        first=job.first,
        last=job.last,
        shoe_of_hand=hands_of,
        depth=np.array(depth, dtype=np.int64),
        ev=ev,
        positive=positive,
        surebet=prices.surebet(),
        count_bets=count_bets,
        cards=size,
        keep_hands=job.keep_hands,
        strategies=by_strategy,
    )


def _cells(cards: np.ndarray, starts: list[int], events: list[int]) -> np.ndarray:
    """Each hand's (pair state, event) cell, ``state · 400 + event``: the pair state from
    the first two cards of each side (Player at a hand's positions 0 and 2, Banker at 1
    and 3), cards as identities 4·rank + suit."""
    at = np.array(starts, dtype=np.int64)

    def state(first: np.ndarray, second: np.ndarray) -> np.ndarray:
        same_rank = first // 4 == second // 4
        return np.where(first == second, SUITED_PAIR, np.where(same_rank, PAIR, 0))

    player = state(cards[at], cards[at + 2])
    banker = state(cards[at + 1], cards[at + 3])
    return np.asarray((3 * player + banker) * N_EVENTS + np.array(events), dtype=np.int64)


def pay_table(bets: tuple[Bet, ...]) -> np.ndarray:
    """(bets, 9 · 400) what each bet pays per unit staked in each (pair state, event)
    cell, as floats (display and estimates only)."""
    table = np.zeros((len(bets), 9 * N_EVENTS))
    for b, bet in enumerate(bets):
        for line in bet.lines:
            states = np.array(sorted(line.pairs if bet.needs_pairs else ANY_PAIRS))
            events = np.array(sorted(line.events), dtype=np.int64)
            table[b, (states[:, None] * N_EVENTS + events[None, :]).reshape(-1)] = float(line.pays)
    return table


def _second_moments(
    moments: tuple[tuple[float | None, float], ...], prices: Prices, ev: np.ndarray
) -> np.ndarray:
    """(hands, bets) each hand's exact E[outcome²] where the bet pays one amount a on
    every win and loses the stake otherwise (a²·P(win) + P(lose), P(lose) = a·P(win) −
    EV), else the bet's second moment on the full shoe. Not the outcomes dealt: a Kelly
    ramp set by the variance of the hands it then bets would favour the true counts
    that happened to lose least."""
    wins = np.asarray(prices.wins, dtype=np.float64) / np.asarray(
        prices.denominators, dtype=np.float64
    )
    second = np.empty_like(ev)
    for b, (pay, full) in enumerate(moments):
        if pay is None:
            second[:, b] = full
        else:
            second[:, b] = pay * pay * wins[:, b] + np.maximum(pay * wins[:, b] - ev[:, b], 0.0)
    return second


def bet_moments(settings: SimulationSettings) -> tuple[tuple[float | None, float], ...]:
    """Per bet: its one winning pay, where every win pays that and every loss −1 (else
    None), and its exact second moment E[outcome²] on the full shoe, as a float."""
    from baccarat_exact.pricing import odds

    found = []
    full = odds(settings.shoe, settings.rules, settings.chosen_bets)
    for bet in settings.chosen_bets:
        lines = full.bet(bet.name).lines
        second = float(sum((p * pays * pays for _, pays, p in lines), Fraction(0)))
        wins = {pays for _, pays, _ in lines if pays > 0}
        losses = {pays for _, pays, _ in lines if pays < 0}
        simple = len(wins) == 1 and losses <= {-1} and not bet.needs_pairs
        found.append((float(next(iter(wins))) if simple else None, second))
    return tuple(found)


def _true_counts(
    system: CountSystemFits, seen_ranks: np.ndarray, seen_cards: np.ndarray, unseen: np.ndarray
) -> np.ndarray:
    """(hands, bets) each bet's true count under ``system``'s count for that bet."""
    tags = np.array([fit.count.rank_tags() for fit in system.fits], dtype=np.float64).T
    means = np.array([float(fit.mean_tag) for fit in system.fits])
    return np.asarray(
        (seen_ranks @ tags - seen_cards[:, None] * means) * 52 / unseen[:, None],
        dtype=np.float64,
    )


def _strategy_totals(
    job: _Job,
    shoe_index: np.ndarray,
    ev: np.ndarray,
    outcome: np.ndarray,
    positive: np.ndarray,
    counts: list[np.ndarray],
    threshold: float | None,
    second: np.ndarray | None = None,
    count_bets: np.ndarray | None = None,
) -> StrategyTotals:
    """:func:`~.simulate_totals.strategy_totals` of a chunk, each count's flat bets
    decided by ``threshold`` or its linear model."""
    flats = []
    for system, tc in zip(job.systems, counts):
        if system.fits is job.fits and count_bets is not None:
            flats.append(count_bets)  # the counting player's own bets, decided already
        elif threshold is not None:
            flats.append(tc >= threshold)
        else:
            base, slope = _linear_model(system.fits)
            flats.append(base + slope * tc > 0)
    return strategy_totals(
        job.strategies,
        job.last - job.first,
        shoe_index,
        ev,
        outcome,
        positive,
        counts,
        flats,
        second if job.kelly_bins else None,
    )


@functools.lru_cache(maxsize=16)
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


def count_systems(
    settings: SimulationSettings,
    eor: EffectOfRemoval,
    fits: tuple[CountFit, ...] | None = None,
) -> tuple[CountSystemFits, ...]:
    """Every count the run plays, fitted to every bet: each bet's derived count first (the
    one the others are compared with), then yours (``--count-system``), then the compared
    ones in the order given. ``fits``: :func:`count_fits` of the same settings, if known
    (the derived counts are then not derived again)."""
    bets = range(len(eor.bets))
    derived = (
        fits
        if fits is not None and settings.count is None
        else tuple(fit_count(eor, b, derive_count(eor, b, settings.level)) for b in bets)
    )
    systems = [CountSystemFits("derived", derived)]
    own = [("yours", settings.count)] if settings.count is not None else []
    for name, count in [*own, *((c.name, c) for c in settings.compared)]:
        systems.append(CountSystemFits(name, tuple(fit_count(eor, b, count) for b in bets)))
    return tuple(systems)


def strategies(
    settings: SimulationSettings,
    systems: int,
    kelly: tuple[tuple[Ramp, ...], ...] | None = None,
    optimal: tuple[tuple[Ramp, ...], ...] | None = None,
) -> tuple[Strategy, ...]:
    """The strategies every bet is played with (:func:`plan_strategies`), the ramps of
    ``settings.bet_ramps`` and Kelly and optimal ramps on ``settings.kelly_bets``."""
    return plan_strategies(settings.bet_ramps, settings.kelly_bets, systems, kelly, optimal)


def plan_strategies(
    ramps: tuple[Ramp | None, ...],
    on: tuple[bool, ...],
    systems: int,
    kelly: tuple[tuple[Ramp, ...], ...] | None = None,
    optimal: tuple[tuple[Ramp, ...], ...] | None = None,
) -> tuple[Strategy, ...]:
    """The strategies every bet is played with, in any game: perfect information, each
    count's flat bet, each count with ``ramps`` (one per bet, None: none), and each
    count with its Kelly ramps and its optimal ramps (per count, one ramp per bet, on the
    bets ``on`` says) when they are known."""
    found = [Strategy("perfect")]
    found.extend(Strategy("flat", k) for k in range(systems))
    if any(ramp is not None for ramp in ramps):
        found.extend(Strategy("ramp", k, ramps) for k in range(systems))
    for kind, measured in (("kelly", kelly), ("optimal", optimal)):
        found.extend(
            Strategy(kind, k, tuple(r if o else None for r, o in zip(ramps_k, on)))
            for k, ramps_k in enumerate(measured or ())
        )
    return tuple(found)


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

    With ``settings.kelly`` the shoes are dealt twice, the same shoes both times: once to
    measure each true count's advantage and variance, from which the Kelly ramps follow,
    then to play them (with everything else, which comes out the same both times).
    """
    runner = Runner(jobs, cluster, worker_setup, on_workers)
    eor = effect_of_removal(settings.shoe, settings.rules, settings.chosen_bets)
    fits = count_fits(settings, eor)
    systems = count_systems(settings, eor, fits)
    pays = pay_table(settings.chosen_bets)
    kelly = optimal = None
    if settings.kelly is not None or settings.optimal_ror is not None:
        first = _deal(
            settings,
            fits,
            systems,
            strategies(settings, len(systems)),
            pays,
            True,
            moments=bet_moments(settings),
            keep_hands=False,
            runner=runner,
            progress=progress,
        )
        if settings.kelly is not None:
            kelly = kelly_ramps(settings.betting, _bins(first))
        if settings.optimal_ror is not None:
            optimal = optimal_ramps(settings.betting, _bins(first))
    plan = strategies(settings, len(systems), kelly, optimal)
    return _deal(
        settings,
        fits,
        systems,
        plan,
        pays,
        False,
        keep_hands=keep_hands,
        runner=runner,
        progress=progress,
    ).result(eor, fits, systems, plan)


def _deal(
    settings: SimulationSettings,
    fits: tuple[CountFit, ...],
    systems: tuple[CountSystemFits, ...],
    plan: tuple[Strategy, ...],
    pays: np.ndarray,
    kelly_bins: bool,
    *,
    moments: tuple[tuple[float | None, float], ...] = (),
    keep_hands: bool,
    runner: Runner,
    progress: Callable[[int], None] | None,
) -> Summary:
    """Deal every shoe once and add up its totals, in shoe order."""
    work = (
        _Job(
            settings,
            fits,
            first,
            min(first + CHUNK_SHOES, settings.shoes),
            keep_hands and first < PLOT_SHOES,
            systems,
            plan,
            pays,
            kelly_bins,
            moments,
        )
        for first in range(0, settings.shoes, CHUNK_SHOES)
    )
    summary = Summary(settings, len(fits), len(plan), len(systems) if kelly_bins else 0)
    chunks = -(-settings.shoes // CHUNK_SHOES)
    run = (
        runner.map(_simulate_chunk, work, chunks)
        if runner.cluster is None
        else _on_cluster(work, runner, chunks)
    )
    for job, chunk in run:
        summary.add(chunk)
        if progress is not None:
            progress(job.last - job.first)
    return summary


def _bins(summary: Summary) -> np.ndarray:
    """The true-count bins a first pass measured."""
    bins = summary.played.kelly_bins
    assert bins is not None
    return bins


def _measured(bins: np.ndarray) -> list[list[list[KellyBin]]]:
    """The true-count bins of a first pass, per count and bet."""
    return [
        [
            [
                KellyBin(i - KELLY_BINS, int(row[0] + 0.5), float(row[1]), float(row[2]))
                for i, row in enumerate(bins[b, k])
            ]
            for b in range(bins.shape[0])
        ]
        for k in range(bins.shape[1])
    ]


def kelly_ramps(betting: Betting, bins: np.ndarray) -> tuple[tuple[Ramp, ...], ...]:
    """Each count's Kelly ramp for each bet, from the true-count bins of a first pass
    (:attr:`~.simulate_totals.StrategySums.kelly_bins`: any game's), each bet rounded to
    the chips, if any (:func:`~.ramps.chip_ramp`)."""
    assert betting.kelly is not None and betting.max_bet is not None
    found = []
    for per_bet in _measured(bins):
        ramps = []
        for measured in per_bet:
            steps = kelly_ramp(measured, betting.kelly, betting.max_bet, KELLY_LEAST)
            ramp = Ramp(
                steps=tuple((float(tc), units) for tc, units in steps),
                wong_out=betting.wong_out,
            )
            ramps.append(chip_ramp(ramp, betting.chips) if betting.chips else ramp)
        found.append(tuple(ramps))
    return tuple(found)


def optimal_ramps(betting: Betting, bins: np.ndarray) -> tuple[tuple[Ramp, ...], ...]:
    """Each count's optimal ramp for each bet (:func:`~.economics.optimal_ramp`: the
    bankroll, the risk of ruin, bets the chips make up to ``max_bet``), from the bins of
    a first pass as :func:`kelly_ramps`."""
    assert betting.optimal is not None and betting.max_bet is not None
    amounts = bet_amounts(betting.chips, betting.max_bet)
    found = []
    for per_bet in _measured(bins):
        ramps = []
        for measured in per_bet:
            least, steps = optimal_ramp(
                measured, betting.bankroll, betting.optimal, amounts, KELLY_LEAST
            )
            ramps.append(
                Ramp(
                    steps=tuple((float(tc), units) for tc, units in steps),
                    minimum=least,
                    wong_out=betting.wong_out,
                )
            )
        found.append(tuple(ramps))
    return tuple(found)


def _simulate_chunks(jobs: tuple[_Job, ...]) -> tuple[ChunkTotals, ...]:
    """Several chunks in one task: each chunk's totals, in order."""
    return tuple(_simulate_chunk(job) for job in jobs)


def _on_cluster(
    work: Iterator[_Job], runner: Runner, chunks: int
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

    for jobs, totals in runner.map(_simulate_chunks, tasks(), -(-chunks // CLUSTER_CHUNKS)):
        yield from zip(jobs, totals)
