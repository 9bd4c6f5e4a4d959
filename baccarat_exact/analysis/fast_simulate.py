"""A fast counting run (``simulate --fast``): shoes dealt in fixed chunks by
:mod:`.fast_counting` (here, on N processes or a Dask cluster: the same bytes), their
per-shoe sums added in shoe order, and every way of betting's economics from their means
and covariances over shoes (:mod:`.economics`, :func:`.estimates.strategy_spread`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from baccarat_exact.analysis import fast_counting
from baccarat_exact.analysis.cluster import ClusterAddress
from baccarat_exact.analysis.economics import ShoeMoments
from baccarat_exact.analysis.estimates import Estimate, mean_of, ratio_of, strategy_spread
from baccarat_exact.analysis.fast_counting import (
    FastSettings,
    FastTables,
    ShoeSums,
    deal_shoes,
    fast_tables,
)
from baccarat_exact.analysis.ramps import Strategy
from baccarat_exact.analysis.runner import Runner
from baccarat_exact.analysis.simulate_results import CountSystemFits, StrategyEconomics

__all__ = ["FAST_CHUNK_SHOES", "FastResult", "fast_economics", "fast_simulate"]

FAST_CHUNK_SHOES = 4000
"""Shoes per unit of work: fixed, so results never depend on the number of jobs."""


@dataclass(frozen=True, slots=True)
class _Job:
    tables: FastTables
    seed: int
    first: int
    last: int


def _deal_chunk(job: _Job) -> ShoeSums:
    return deal_shoes(job.tables, job.seed, job.first, job.last)


_MOMENTS = 5
"""Per shoe and player: units won, its square, units staked, hands bet, hands dealt."""


@dataclass(frozen=True, slots=True)
class FastResult:
    """A fast run's estimates: every player's economics, the counts played, hands dealt."""

    fast: FastSettings
    systems: tuple[CountSystemFits, ...]
    economics: tuple[StrategyEconomics, ...]
    hands: int
    hands_per_shoe: Estimate
    compiled: bool
    """Whether the compiled step dealt the shoes (the figures are the same either way)."""


def fast_simulate(
    fast: FastSettings,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    cluster: ClusterAddress | None = None,
    worker_setup: Callable[[], None] | None = None,
    on_workers: Callable[[int], None] | None = None,
) -> FastResult:
    """Deal ``fast.settings.shoes`` shoes in fixed chunks (here, on ``jobs`` processes or
    a Dask ``cluster``: the same bytes) and estimate every player's economics."""
    from baccarat_exact.analysis.eor import effect_of_removal
    from baccarat_exact.analysis.simulate import count_fits, count_systems

    s = fast.settings
    runner = Runner(jobs, cluster, worker_setup, on_workers)
    eor = effect_of_removal(s.shoe, s.rules, s.chosen_bets)
    systems = count_systems(s, eor, count_fits(s, eor))
    tables = fast_tables(fast, systems)
    work = (
        _Job(tables, s.seed, first, min(first + FAST_CHUNK_SHOES, s.shoes))
        for first in range(0, s.shoes, FAST_CHUNK_SHOES)
    )
    names = [bet.name for bet in s.chosen_bets]
    economics, total, per_shoe = fast_economics(
        (sums for _, sums in runner.map(_deal_chunk, work, -(-s.shoes // FAST_CHUNK_SHOES))),
        [
            (names[player.bet], systems[player.system].name, player.strategy)
            for player in tables.players
        ],
        shoes=s.shoes,
        bankroll=s.bankroll,
        hands_per_hour=s.hands_per_hour,
        progress=progress,
    )
    return FastResult(
        fast=fast,
        systems=systems,
        economics=economics,
        hands=total,
        hands_per_shoe=per_shoe,
        compiled=fast_counting.NATIVE,
    )


def fast_economics(
    chunks: Iterable[ShoeSums],
    players: Sequence[tuple[str, str, Strategy]],
    *,
    shoes: int,
    bankroll: float,
    hands_per_hour: int,
    progress: Callable[[int], None] | None = None,
) -> tuple[tuple[StrategyEconomics, ...], int, Estimate]:
    """Every player's economics (each a bet, a count's name and a way of betting) from
    the per-shoe sums of each chunk, added in shoe order, any game's: with the hands
    dealt and the hands per shoe. ``progress`` is told each chunk's shoes."""
    moments = ShoeMoments.zeros((len(players),), _MOMENTS)
    hand_moments = ShoeMoments.zeros((), 1)
    total = 0
    for sums in chunks:
        hands = sums.hands.astype(np.float64)
        dealt = np.broadcast_to(hands[:, None], sums.won.shape)
        moments.add(
            np.stack(
                (sums.won, sums.won * sums.won, sums.staked, sums.bets.astype(np.float64), dealt),
                axis=-1,
            )
        )
        hand_moments.add(hands[:, None])
        total += int(sums.hands.sum())
        if progress is not None:
            progress(len(sums.hands))
    economics = tuple(
        _economics(moments, p, bet, count, strategy, shoes, bankroll, hands_per_hour)
        for p, (bet, count, strategy) in enumerate(players)
    )
    n = hand_moments.n
    return economics, total, mean_of(hand_moments.means(), hand_moments.covariance(), n, 0)


def _economics(
    moments: ShoeMoments,
    p: int,
    bet: str,
    count: str,
    strategy: Strategy,
    shoes: int,
    bankroll: float,
    hands_per_hour: int,
) -> StrategyEconomics:
    """Player ``p``'s figures, every one a function of the per-shoe means (the win as
    dealt: no exact EV per hand here)."""
    n = moments.n
    means, covariance = moments.means((p,)), moments.covariance((p,))
    figures = strategy_spread(
        means,
        covariance,
        n,
        won=0,
        dealt=0,
        square=1,
        hands=4,
        per_hour=hands_per_hour,
        bankroll=bankroll,
        periods=shoes,
    )
    won = mean_of(means, covariance, n, 0)
    bet_any = float(moments.total[p, 3]) > 0
    return StrategyEconomics(
        bet=bet,
        strategy=strategy,
        count=count,
        won_per_shoe=won,
        won_as_dealt=won,
        sd_per_shoe=figures.sd_per_shoe,
        won_per_100=figures.won_per_100,
        sd_per_100=figures.sd_per_100,
        won_per_hour=figures.won_per_hour,
        sd_per_hour=figures.sd_per_hour,
        hands_bet_per_shoe=mean_of(means, covariance, n, 3),
        bet_per_hand_bet=ratio_of(means, covariance, n, 2, 3) if bet_any else None,
        bet_per_hand_dealt=ratio_of(means, covariance, n, 2, 4),
        n0=figures.n0,
        score=figures.score,
        risk_of_ruin=figures.risk_of_ruin,
        ruin_within=figures.ruin_within,
        ruined=None,
        players=1,
        shoes_per_player=shoes,
    )
