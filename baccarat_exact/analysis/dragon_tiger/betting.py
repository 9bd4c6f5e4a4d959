"""Dragon Tiger's betting by the count, as baccarat's ``simulate`` bets: the plan (ramps,
Kelly and optimal ramps, counts compared), what each hand of a dealt shoe gives the
strategies (its exact EV, its outcome as dealt, each count's true count and flat bet),
and their economics by baccarat's machinery (:mod:`baccarat_exact.analysis.simulate_totals`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from baccarat_exact.analysis.dragon_tiger.eor import RankCount
from baccarat_exact.analysis.dragon_tiger.game import (
    DragonTigerBet,
    DragonTigerRules,
    dragon_tiger_odds,
    payout,
)
from baccarat_exact.analysis.ramps import Betting, Ramp, Strategy
from baccarat_exact.analysis.simulate_results import CountComparison, StrategyEconomics
from baccarat_exact.analysis.simulate_totals import StrategySums, StrategyTotals, strategy_totals
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "BettingPlan",
    "CountPlay",
    "HandRecord",
    "Played",
    "bet_moments",
    "outcome_table",
    "played_economics",
    "played_totals",
]


CountPlay = tuple[tuple[RankCount | None, Fraction | None], ...]
"""One count's play of each bet: its count (None: none) and trigger true count."""


@dataclass(frozen=True, slots=True)
class BettingPlan:
    """How a run bets beyond perfect information and the counter's flat bet, as
    baccarat's ``simulate`` does: ramps per bet, Kelly and optimal ramps measured on the
    same shoes (``betting``), counts compared on them, and what the economics are for."""

    ramps: tuple[Ramp | None, ...]
    """Per bet, the ramp played with every count (None: none)."""
    kelly_on: tuple[bool, ...]
    """Per bet, whether Kelly and optimal ramps are played on it."""
    betting: Betting
    """Kelly, optimal ramp, chips, wong-out and the bankroll at risk."""
    hands_per_hour: int
    counter: str
    """The counter's count's name (``derived``, or ``yours``)."""
    compared: tuple[tuple[str, CountPlay], ...] = ()
    """More counts played on the same shoes: name, and each bet's count and trigger."""
    correlations: tuple[tuple[float | None, ...], ...] = ()
    """Per count (the counter's first), each bet's betting correlation."""

    @property
    def measured(self) -> bool:
        """Whether ramps are measured on a first pass (Kelly, optimal)."""
        return self.betting.kelly is not None or self.betting.optimal is not None


@dataclass(frozen=True, slots=True)
class Played:
    """What every strategy of a :class:`BettingPlan` did: each bet's economics per
    strategy (:class:`~baccarat_exact.analysis.simulate_results.StrategyEconomics`),
    the counts compared, and the plan as played (Kelly and optimal ramps measured)."""

    strategies: tuple[Strategy, ...]
    economics: tuple[StrategyEconomics, ...]
    comparisons: tuple[CountComparison, ...]
    plan: BettingPlan


@dataclass(slots=True)
class HandRecord:
    """Per hand of a chunk, in order, what the strategies are played from: its shoe
    (0 … shoes − 1 of the chunk), each bet's exact EV, outcome as dealt and whether
    the EV is positive, and per count each bet's true count and flat bet."""

    shoe: list[int] = field(default_factory=list)
    ev: list[list[float]] = field(default_factory=list)
    outcome: list[list[float]] = field(default_factory=list)
    positive: list[list[bool]] = field(default_factory=list)
    true_counts: list[list[list[float]]] = field(default_factory=list)
    flats: list[list[list[bool]]] = field(default_factory=list)

    def keep(self, shoe: int, found: list[tuple[float, bool, bool]], outcome: list[float]) -> None:
        """Keep a hand's EVs, outcomes and the counter's bets (each bet's EV, whether it
        is positive and whether the first count bets it, in ``found``)."""
        self.shoe.append(shoe)
        self.ev.append([value for value, _, _ in found])
        self.positive.append([up for _, up, _ in found])
        self.outcome.append(outcome)
        self.flats[0].append([bets for _, _, bets in found])


@functools.lru_cache(maxsize=8)
def outcome_table(
    bets: tuple[DragonTigerBet, ...], rules: DragonTigerRules
) -> tuple[tuple[float, ...], ...]:
    """Per bet, what it pays for each pair of cards dealt, 52·dragon + tiger (cards as
    4·rank + suit): :func:`~.game.payout` of every pair, once per process and run."""
    pairs = [((d // 4, d % 4), (t // 4, t % 4)) for d in range(52) for t in range(52)]
    return tuple(
        tuple(float(payout(bet, rules, dragon, tiger)) for dragon, tiger in pairs) for bet in bets
    )


def played_totals(
    kept: HandRecord,
    strategies: tuple[Strategy, ...],
    shoes: int,
    bets: int,
    moments: tuple[tuple[float | None, float], ...] = (),
) -> StrategyTotals:
    """What every strategy did in each of a chunk's ``shoes``, from its hands
    (:func:`~baccarat_exact.analysis.simulate_totals.strategy_totals`); with each bet's
    ``moments`` (:func:`bet_moments`), the true counts' Kelly bins too."""
    width = bets

    def table(rows: list[list[float]] | list[list[bool]], kind: type) -> np.ndarray:
        return np.array(rows, dtype=kind).reshape(-1, width)

    ev = table(kept.ev, np.float64)
    second = None
    if moments:
        second = np.empty_like(ev)
        for b, (pay, full) in enumerate(moments):
            if pay is None:
                second[:, b] = full
            else:  # no push: P(win) follows from the exact EV = pay·p − (1 − p)
                p = (ev[:, b] + 1) / (pay + 1)
                second[:, b] = pay * pay * p + (1 - p)
    return strategy_totals(
        strategies,
        shoes,
        np.array(kept.shoe, dtype=np.int64),
        ev,
        table(kept.outcome, np.float64),
        table(kept.positive, np.bool_),
        [table(rows, np.float64) for rows in kept.true_counts],
        [table(rows, np.bool_) for rows in kept.flats],
        second,
    )


def played_economics(
    plan: BettingPlan,
    strategies: tuple[Strategy, ...],
    played: StrategySums,
    bets: tuple[DragonTigerBet, ...],
) -> Played:
    """Each bet's economics per strategy and, with counts compared, the comparisons."""
    names = (plan.counter, *(name for name, _ in plan.compared))
    economics = tuple(
        played.economics(
            b, bet.name, s, strategy, None if strategy.system is None else names[strategy.system]
        )
        for b, bet in enumerate(bets)
        for s, strategy in enumerate(strategies)
        if strategy.ramps is None or strategy.ramps[b] is not None
    )
    comparisons = (
        tuple(
            played.comparison(
                b,
                bet.name,
                s,
                strategy.system,
                names[strategy.system],
                plan.correlations[strategy.system][b] if plan.correlations else None,
            )
            for b, bet in enumerate(bets)
            for s, strategy in enumerate(strategies)
            if strategy.kind == "flat" and strategy.system is not None
        )
        if len(names) > 1
        else ()
    )
    return Played(strategies, economics, comparisons, plan)


def bet_moments(
    shoe: Shoe, rules: DragonTigerRules, bets: Sequence[DragonTigerBet]
) -> tuple[tuple[float | None, float], ...]:
    """Per bet: its one winning pay where every other outcome loses the stake (no push;
    else None), and its exact E[outcome²] on the full shoe, as a float (for Kelly bins).

    >>> from baccarat_exact.analysis.dragon_tiger.game import find_bets
    >>> bet_moments(Shoe.from_decks(8), DragonTigerRules(), find_bets(["dragon", "tie"]))[1][0]
    8.0
    """
    found = []
    for odds in dragon_tiger_odds(shoe, rules, bets):
        lines = odds.lines
        second = float(sum((line.probability * line.pays**2 for line in lines), Fraction(0)))
        wins = {line.pays for line in lines if line.pays > 0}
        rest = {line.pays for line in lines if line.pays <= 0}
        simple = len(wins) == 1 and rest <= {Fraction(-1)}
        found.append((float(next(iter(wins))) if simple else None, second))
    return tuple(found)
