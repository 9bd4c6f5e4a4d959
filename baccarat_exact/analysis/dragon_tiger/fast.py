"""Dragon Tiger's fast counting mode (``dragon-tiger simulate --fast``): the shoes the
exact mode deals (the same shuffle, burn and cut card), counted, bet and settled
without pricing any hand.

A Dragon Tiger hand takes two cards, so where every hand of a shoe starts is known
before the shoe is shuffled: a chunk of shoes is one array (shoes × cards), and the
running counts, true counts, bets and outcomes of all its hands are array operations
(numpy), not a loop over cards. baccarat's compiled kernel (``engine/_baccount.c``)
deals baccarat rounds from the tableau's table; it is not used here. Each way of betting
is a player (each count's flat bet, and its ramp where the bet has one), whose per-shoe
win, stake and hands bet make its economics by baccarat's ``--fast`` machinery
(:func:`~baccarat_exact.analysis.fast_simulate.fast_economics`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat_exact.analysis.dragon_tiger.betting import CountPlay, outcome_table
from baccarat_exact.analysis.dragon_tiger.eor import RankCount
from baccarat_exact.analysis.dragon_tiger.game import DragonTigerBet, DragonTigerRules
from baccarat_exact.analysis.dragon_tiger.simulate import check_room, shoe_cards, shuffled
from baccarat_exact.analysis.estimates import Estimate
from baccarat_exact.analysis.fast_counting import ShoeSums
from baccarat_exact.analysis.fast_simulate import fast_economics
from baccarat_exact.analysis.ramps import Ramp, Strategy
from baccarat_exact.analysis.runner import Runner
from baccarat_exact.analysis.simulate_results import StrategyEconomics
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.shoe import Shoe

__all__ = ["FAST_CHUNK_SHOES", "FastRun", "fast_deal"]

FAST_CHUNK_SHOES = 500
"""Shoes per unit of work: fixed, so results never depend on the number of jobs."""

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class FastRun:
    """A fast run: every player's economics, the hands dealt, and what was played."""

    shoe: Shoe
    rules: DragonTigerRules
    shoes: int
    seed: int
    burn: int
    cut_card: int
    bankroll: float
    hands_per_hour: int
    economics: tuple[StrategyEconomics, ...]
    hands: int
    hands_per_shoe: Estimate
    counts: tuple[str, ...]
    """The counts' names: the counter's first, then those compared."""
    plays: tuple[CountPlay, ...]
    ramps: tuple[Ramp | None, ...]
    wong_in: float | None
    wong_out: float | None


@dataclass(frozen=True, slots=True)
class _Job:
    shoe: Shoe
    rules: DragonTigerRules
    bets: tuple[DragonTigerBet, ...]
    plays: tuple[CountPlay, ...]
    players: tuple[tuple[int, int, Strategy], ...]
    """Each player: the bet, the count followed and how it stakes."""
    seed: int
    burn: int
    cut_card: int
    wong_in: float | None
    wong_out: float | None
    first: int = 0
    last: int = 0


def _players(
    bets: int, systems: int, ramps: Sequence[Ramp | None]
) -> tuple[tuple[int, int, Strategy], ...]:
    """For each bet: each count's flat bet, then each count's ramp where the bet has one
    (the players of baccarat's ``--fast``, in its order)."""
    found: list[tuple[int, int, Strategy]] = []
    for b in range(bets):
        found.extend((b, k, Strategy("flat", k)) for k in range(systems))
        ramp = ramps[b] if ramps else None
        if ramp is not None:
            only = tuple(ramp if j == b else None for j in range(bets))
            found.extend((b, k, Strategy("ramp", k, only)) for k in range(systems))
    return tuple(found)


def _flat(
    play: tuple[RankCount | None, Fraction | None],
    mean: Fraction,
    running: IntArray,
    seen: IntArray,
    left: IntArray,
) -> npt.NDArray[np.bool_]:
    """Where the count reaches its trigger, exactly as the exact mode decides:
    (running − mean·seen) · 52 / left ≥ threshold, in integers (Python integers where
    int64 could overflow)."""
    count, bar = play
    if count is None or bar is None:
        return np.zeros(running.shape, dtype=bool)
    largest = (int(np.abs(running).max(initial=0)) + 1) * mean.denominator + abs(
        mean.numerator
    ) * int(seen.max(initial=0))
    big = largest * 52 * bar.denominator + abs(bar.numerator) * int(left.max(initial=0)) * (
        mean.denominator
    )
    kind: type = np.int64 if big < 2**62 else object
    run: npt.NDArray[Any] = running.astype(kind)
    before: npt.NDArray[Any] = seen.astype(kind)
    rest: npt.NDArray[Any] = left.astype(kind)
    centred = run * mean.denominator - mean.numerator * before
    return np.asarray(
        centred * 52 * bar.denominator >= bar.numerator * rest * mean.denominator, dtype=bool
    )


def _deal_fast(job: _Job) -> ShoeSums:
    """Deal the job's shoes (the exact mode's shuffles), count, bet and settle every hand
    of every player; per shoe: hands, and per player units won, staked and hands bet."""
    cards = shoe_cards(job.shoe)
    size = len(cards)
    orders = np.array(
        [
            [4 * r + s for r, s in shuffled(cards, job.seed, number)]
            for number in range(job.first, job.last)
        ],
        dtype=np.int64,
    ).reshape(job.last - job.first, size)
    starts = np.arange(job.burn, size - job.cut_card - 1, 2, dtype=np.int64)
    # Burned cards are face down: never counted, still unseen (priced and divided by).
    seen = np.broadcast_to(starts - job.burn, (len(orders), len(starts)))
    left = size - seen
    ranks = orders // 4
    pays = np.array(outcome_table(job.bets, job.rules), dtype=np.float64)
    pair = 52 * orders[:, starts] + orders[:, starts + 1]
    true_counts: dict[tuple[int, int], FloatArray] = {}
    flats: dict[tuple[int, int], npt.NDArray[np.bool_]] = {}
    for k, play in enumerate(job.plays):
        for b, (count, threshold) in enumerate(play):
            if count is None:
                running = np.zeros(seen.shape, dtype=np.int64)
                true_counts[k, b] = np.zeros(seen.shape)
                flats[k, b] = np.zeros(seen.shape, dtype=bool)
                continue
            mean = Fraction(sum(n * t for n, t in zip(job.shoe.counts, count.tags)), size)
            tags = np.array(count.tags, dtype=np.int64)[ranks]
            total = np.concatenate(
                (np.zeros((len(orders), 1), dtype=np.int64), np.cumsum(tags, axis=1)), axis=1
            )
            running = total[:, starts] - total[:, job.burn : job.burn + 1]
            true_counts[k, b] = (running - float(mean) * seen) * 52 / left
            flats[k, b] = _flat((count, threshold), mean, running, seen, left)
    out = ShoeSums.zeros(len(orders), len(job.players))
    out.hands[:] = len(starts)
    for p, (b, k, strategy) in enumerate(job.players):
        if strategy.kind == "flat":
            units = flats[k, b].astype(np.float64)
        else:
            assert strategy.ramps is not None
            ramp = strategy.ramps[b]
            assert ramp is not None
            units = _ramp_units(ramp, true_counts[k, b], job.wong_in, job.wong_out)
        outcome = pays[b][pair]
        out.won[:, p] = (units * outcome).sum(axis=1)
        out.staked[:, p] = units.sum(axis=1)
        out.bets[:, p] = (units > 0).sum(axis=1)
    return out


def _ramp_units(
    ramp: Ramp, true_count: FloatArray, wong_in: float | None, wong_out: float | None
) -> FloatArray:
    """A ramp's units at each hand; with ``wong_in``, out of the shoe until the true
    count reaches it, then in until it falls below ``wong_out`` (if given)."""
    if wong_in is None:
        return ramp.units(true_count)  # wong_out: no bet below it, hand by hand
    bets = replace(ramp, wong_out=None).units(true_count)
    inside = np.zeros(true_count.shape[0], dtype=bool)
    for h in range(true_count.shape[1]):
        x = true_count[:, h]
        if wong_out is not None:
            inside &= ~(x < wong_out)
        inside |= x >= wong_in
        bets[:, h] = np.where(inside, bets[:, h], 0.0)
    return bets


def fast_deal(
    shoe: Shoe,
    rules: DragonTigerRules,
    bets: Sequence[DragonTigerBet],
    plays: Sequence[tuple[str, CountPlay]],
    ramps: Sequence[Ramp | None],
    *,
    shoes: int,
    seed: int,
    burn: int = 0,
    cut_card: int = 16,
    wong_in: float | None = None,
    wong_out: float | None = None,
    bankroll: float = 1000.0,
    hands_per_hour: int = 70,
    runner: Runner | None = None,
    progress: Callable[[int], None] | None = None,
) -> FastRun:
    """Deal ``shoes`` shoes in chunks of :data:`FAST_CHUNK_SHOES` (by ``runner``: here, N
    processes or a cluster; the same bytes) and estimate every player's economics:
    ``plays``, each count's name and each bet's count and trigger (the counter's first);
    ``ramps``, each bet's ramp (None: flat only).

    >>> from baccarat_exact.analysis.dragon_tiger.game import find_bets
    >>> run = fast_deal(Shoe.from_decks(1), DragonTigerRules(), find_bets(["tie"]),
    ...     [("derived", ((None, None),))], [None], shoes=2, seed=0)
    >>> run.hands, [row.strategy.kind for row in run.economics]
    (36, ['flat'])

    :raises ShoeError: for a shoe that is infinite or whose suits are not all known.
    :raises SimulationError: for no hand to deal, a --wong-in without a ramp, or below
        --wong-out.
    """
    check_room(shoe, burn, cut_card)
    if wong_in is not None:
        if not any(ramps):
            raise SimulationError("--wong-in applies to a ramp: give --ramp")
        if wong_out is not None and wong_out > wong_in:
            raise SimulationError(
                f"--wong-out ({wong_out:g}) must not be above --wong-in ({wong_in:g})"
            )
    bets = tuple(bets)
    players = _players(len(bets), len(plays), ramps)
    job = _Job(
        shoe,
        rules,
        bets,
        tuple(play for _, play in plays),
        players,
        seed,
        burn,
        cut_card,
        wong_in,
        wong_out,
    )
    work = (
        replace(job, first=first, last=min(first + FAST_CHUNK_SHOES, shoes))
        for first in range(0, shoes, FAST_CHUNK_SHOES)
    )
    names = tuple(name for name, _ in plays)
    chunks = (runner or Runner()).map(_deal_fast, work, -(-shoes // FAST_CHUNK_SHOES))
    economics, hands, per_shoe = fast_economics(
        (sums for _, sums in chunks),
        [(bets[b].name, names[k], strategy) for b, k, strategy in players],
        shoes=shoes,
        bankroll=bankroll,
        hands_per_hour=hands_per_hour,
        progress=progress,
    )
    return FastRun(
        shoe,
        rules,
        shoes,
        seed,
        burn,
        cut_card,
        bankroll,
        hands_per_hour,
        economics,
        hands,
        per_shoe,
        names,
        job.plays,
        tuple(ramps),
        wong_in,
        wong_out,
    )
