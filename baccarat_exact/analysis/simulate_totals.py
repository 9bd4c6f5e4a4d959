"""The totals of baccarat's ``simulate``: each chunk of shoes' totals per shoe, depth band
and card dealt, what each strategy bet and won, and their running sums over shoes
(:class:`Summary`), turned into :mod:`.simulate_results` at the end."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from baccarat_exact.analysis.economics import ShoeMoments
from baccarat_exact.analysis.estimates import (
    LONG_ENOUGH,
    PATH_PLAYERS,
    Estimate,
    ShoeSums,
    band_width,
    mean_of,
    ratio_of,
    strategy_spread,
)
from baccarat_exact.analysis.simulate_results import (
    BetEstimates,
    CountComparison,
    CountSystemFits,
    DepthRow,
    SimulationResult,
    StrategyEconomics,
)
from baccarat_exact.errors import RequestError

if TYPE_CHECKING:
    from baccarat_exact.analysis.counting import CountFit
    from baccarat_exact.analysis.dealing import SimulationSettings
    from baccarat_exact.analysis.eor import EffectOfRemoval
    from baccarat_exact.analysis.ramps import Strategy

__all__ = [
    "KELLY_BINS",
    "KELLY_LEAST",
    "ChunkTotals",
    "StrategySums",
    "StrategyTotals",
    "Summary",
    "strategy_totals",
]

KELLY_BINS = 30
"""Kelly ramps are measured at whole true counts −30 … +30 (a hand beyond is put in the
end bin): the bin k holds the hands with k ≤ TC < k + 1."""
KELLY_LEAST = 100
"""A true count with fewer hands than this at either end of the range is pooled with the
next one inward before its Kelly bet is set."""
FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True, eq=False)
class StrategyTotals:
    """What every strategy did in each shoe of a chunk."""

    totals: FloatArray
    """(shoes, bets, strategies, 4): Σ units·EV (the expected win), Σ units·outcome (the
    win as dealt), Σ units bet, hands bet."""
    lowest: FloatArray
    """(shoes, bets, strategies): the lowest running win within the shoe (≤ 0)."""
    kelly_bins: FloatArray | None
    """(bets, counts, true counts, 3): hands, Σ EV, Σ E[outcome²] (exact per hand where the
    bet has one winning pay, else the full shoe's) at each whole true count
    (:data:`KELLY_BINS`), when Kelly ramps are to be derived."""


def strategy_totals(
    plan: tuple[Strategy, ...],
    shoes: int,
    shoe_index: IntArray,
    ev: FloatArray,
    outcome: FloatArray,
    positive: npt.NDArray[np.bool_],
    counts: list[FloatArray],
    flats: list[npt.NDArray[np.bool_]],
    second: FloatArray | None = None,
) -> StrategyTotals:
    """Per shoe, for every bet and strategy of ``plan``: Σ units·EV, Σ units·outcome,
    Σ units, hands bet, and the lowest point of the shoe's running win (hand by hand);
    and, with ``second`` (each hand's E[outcome²]), what each true count's hands hold,
    for Kelly ramps. Any game's hands: ``shoe_index`` (hands in shoe order, 0 … ``shoes``
    − 1), and per hand and bet its exact ``ev``, what it paid as dealt (``outcome``),
    whether its EV is ``positive``, and per count its true count (``counts``) and its flat
    bet (``flats``)."""
    hands, n_bets = ev.shape
    # strategies first, then hands and bets: the products and running sums go along rows
    # of hands × bets (a last axis of strategies made each a loop of one or two), each
    # sum still added hand by hand in order, so the same floats
    units = np.zeros((len(plan), hands, n_bets))
    for s, strategy in enumerate(plan):
        if strategy.kind == "perfect":
            units[s] = positive
            continue
        assert strategy.system is not None
        if strategy.kind == "flat":
            units[s] = flats[strategy.system]
            continue
        tc = counts[strategy.system]
        for b, ramp in enumerate(strategy.ramps or ()):
            if ramp is not None:
                units[s, :, b] = ramp.units(tc[:, b])
    won = units * outcome
    # hands come in shoe order: each shoe is a run of rows, summed by reduceat over the
    # shoes that dealt a hand (reduceat needs increasing starts)
    bounds = np.searchsorted(shoe_index, np.arange(shoes + 1))
    dealt = bounds[:-1] < bounds[1:]
    starts = bounds[:-1][dealt]
    totals = np.zeros((shoes, n_bets, len(plan), 4))
    for i, part in enumerate((units * ev, won, units, units > 0)):
        summed = np.add.reduceat(part, starts, axis=1, dtype=np.float64)
        totals[dealt, :, :, i] = summed.transpose(1, 2, 0)
    # the lowest running win within each shoe, hand by hand (0 before its first hand)
    running = np.cumsum(won, axis=1)
    before = np.concatenate((np.zeros((len(plan), 1, n_bets)), running), axis=1)
    lowest = np.zeros((shoes, n_bets, len(plan)))
    drops = running - before[:, bounds[:-1]][:, shoe_index]
    lowest[dealt] = np.minimum(np.minimum.reduceat(drops, starts, axis=1), 0.0).transpose(1, 2, 0)
    bins = None
    if second is not None:
        bins = np.zeros((n_bets, len(counts), 2 * KELLY_BINS + 1, 3))
        square = second
        for k, tc in enumerate(counts):
            where = np.clip(np.floor(tc), -KELLY_BINS, KELLY_BINS).astype(np.int64) + KELLY_BINS
            for b in range(n_bets):
                for i, weights in enumerate((None, ev[:, b], square[:, b])):
                    bins[b, k, :, i] = np.bincount(
                        where[:, b], weights=weights, minlength=2 * KELLY_BINS + 1
                    )
    return StrategyTotals(totals=totals, lowest=lowest, kelly_bins=bins)


@dataclass(frozen=True, slots=True, eq=False)
class ChunkTotals:
    """Totals of one chunk of shoes: per shoe, per depth band and per card dealt."""

    first: int
    last: int
    hands: IntArray
    """(shoes,) hands dealt in each shoe."""
    sum_ev: FloatArray
    """(shoes, bets) Σ exact EV over the hands of each shoe."""
    positive: IntArray
    """(shoes, bets) hands with EV > 0."""
    positive_ev: FloatArray
    """(shoes, bets) Σ EV over those hands: the expected gain of betting only then."""
    surebets: IntArray
    """(shoes, bets) hands on which the bet wins with probability over 90 %."""
    count_hands: IntArray
    """(shoes, bets) hands on which the counting player bets."""
    count_ev: FloatArray
    """(shoes, bets) Σ EV over those hands."""
    band_hands: IntArray
    band_positive: IntArray
    band_surebets: IntArray
    position_hands: IntArray
    """(cards + 1,) hands starting after that many cards were dealt."""
    position_ev: FloatArray
    """(cards + 1, bets) Σ EV of those hands."""
    sample_depth: IntArray | None
    sample_ev: npt.NDArray[np.float32] | None
    strategies: StrategyTotals | None = None
    """What each strategy bet and won in each shoe (None: no strategies asked)."""

    @classmethod
    def empty(
        cls,
        first: int,
        last: int,
        bets: int,
        cards: int,
        keep: bool,
        *,
        strategies: int = 0,
        systems: int = 0,
    ) -> ChunkTotals:
        """Totals of shoes in which no hand could be dealt."""
        shoes = last - first
        bands = -(-cards // band_width(cards)) if cards else 1
        played = (
            StrategyTotals(
                totals=np.zeros((shoes, bets, strategies, 4)),
                lowest=np.zeros((shoes, bets, strategies)),
                kelly_bins=np.zeros((bets, systems, 2 * KELLY_BINS + 1, 3)) if systems else None,
            )
            if strategies
            else None
        )
        return cls(
            first=first,
            last=last,
            hands=np.zeros(shoes, dtype=np.int64),
            sum_ev=np.zeros((shoes, bets)),
            positive=np.zeros((shoes, bets), dtype=np.int64),
            positive_ev=np.zeros((shoes, bets)),
            surebets=np.zeros((shoes, bets), dtype=np.int64),
            count_hands=np.zeros((shoes, bets), dtype=np.int64),
            count_ev=np.zeros((shoes, bets)),
            band_hands=np.zeros(bands, dtype=np.int64),
            band_positive=np.zeros((bands, bets), dtype=np.int64),
            band_surebets=np.zeros((bands, bets), dtype=np.int64),
            position_hands=np.zeros(cards + 1, dtype=np.int64),
            position_ev=np.zeros((cards + 1, bets)),
            sample_depth=np.zeros(0, dtype=np.int64) if keep else None,
            sample_ev=np.zeros((0, bets), dtype=np.float32) if keep else None,
            strategies=played,
        )

    @classmethod
    def from_hands(
        cls,
        *,
        first: int,
        last: int,
        shoe_of_hand: IntArray,
        depth: IntArray,
        ev: FloatArray,
        positive: npt.NDArray[np.bool_],
        surebet: npt.NDArray[np.bool_],
        count_bets: npt.NDArray[np.bool_],
        cards: int,
        keep_hands: bool,
        strategies: StrategyTotals | None = None,
    ) -> ChunkTotals:
        """Total per-hand values (hands in shoe order) by shoe, depth band and position."""
        shoes = last - first
        index = shoe_of_hand - first
        bets = ev.shape[1]
        width = band_width(cards)
        bands = -(-cards // width)
        band = np.minimum(depth // width, bands - 1)

        # each hand's (group, bet) cells, one set per grouping, for one bincount a total:
        # each cell adds its hands in the same order as a bincount per bet would, so the
        # sums are the same floats
        offsets = np.arange(bets)
        by_shoe, by_band, by_depth = (
            (group[:, None] * bets + offsets).reshape(-1) for group in (index, band, depth)
        )

        def per(cells: IntArray, weights: npt.NDArray[np.generic], size: int) -> FloatArray:
            summed = np.bincount(cells, weights=weights.reshape(-1), minlength=size * bets)
            return np.asarray(summed.reshape(size, bets), dtype=np.float64)

        def tally(cells: IntArray, flags: npt.NDArray[np.bool_], size: int) -> IntArray:
            counted = np.bincount(cells[flags.reshape(-1)], minlength=size * bets)
            return np.asarray(counted.reshape(size, bets), dtype=np.int64)

        return cls(
            first=first,
            last=last,
            hands=np.bincount(index, minlength=shoes).astype(np.int64),
            sum_ev=per(by_shoe, ev, shoes),
            positive=tally(by_shoe, positive, shoes),
            positive_ev=per(by_shoe, np.where(positive, ev, 0.0), shoes),
            surebets=tally(by_shoe, surebet, shoes),
            count_hands=tally(by_shoe, count_bets, shoes),
            count_ev=per(by_shoe, np.where(count_bets, ev, 0.0), shoes),
            band_hands=np.bincount(band, minlength=bands).astype(np.int64),
            band_positive=tally(by_band, positive, bands),
            band_surebets=tally(by_band, surebet, bands),
            position_hands=np.bincount(depth, minlength=cards + 1).astype(np.int64),
            position_ev=per(by_depth, ev, cards + 1),
            sample_depth=depth.copy() if keep_hands else None,
            sample_ev=ev.astype(np.float32) if keep_hands else None,
            strategies=strategies,
        )


class Summary:
    """Chunk totals added in shoe order, summed as they come; :meth:`result` turns the sums
    into estimates. Memory is that of one chunk and the per-position tables, whatever the
    number of shoes."""

    def __init__(
        self, settings: SimulationSettings, bets: int, strategies: int = 0, systems: int = 0
    ) -> None:
        self.settings = settings
        self.played = StrategySums(
            bets,
            strategies,
            systems,
            shoes=settings.shoes,
            bankroll=settings.bankroll,
            hands_per_hour=settings.hands_per_hour,
        )
        cards = settings.shoe.cards
        self.hands = ShoeSums.zeros(())
        self.total_hands = 0
        self.by_hands = {name: ShoeSums.zeros((bets,)) for name in _OVER_HANDS}
        self.by_positive = ShoeSums.zeros((bets,))
        self.by_shoe = {name: ShoeSums.zeros((bets,)) for name in _PER_SHOE}
        bands = -(-cards // band_width(cards)) if cards else 1
        self.band_hands = np.zeros(bands, dtype=np.int64)
        self.band_positive = np.zeros((bands, bets), dtype=np.int64)
        self.band_surebets = np.zeros((bands, bets), dtype=np.int64)
        self.position_hands = np.zeros(cards + 1, dtype=np.int64)
        self.position_ev = np.zeros((cards + 1, bets))
        self.samples: list[ChunkTotals] = []

    def add(self, chunk: ChunkTotals) -> None:
        """Add the totals of the next chunk of shoes."""
        hands = chunk.hands.astype(np.float64)
        self.hands.add(hands, hands)
        self.total_hands += int(chunk.hands.sum())
        for name in _OVER_HANDS:
            self.by_hands[name].add(getattr(chunk, name).astype(np.float64), hands[:, None])
        positive = chunk.positive.astype(np.float64)
        self.by_positive.add(chunk.positive_ev, positive)
        for name in _PER_SHOE:
            values = getattr(chunk, name).astype(np.float64)
            self.by_shoe[name].add(values, values)
        self.band_hands += chunk.band_hands
        self.band_positive += chunk.band_positive
        self.band_surebets += chunk.band_surebets
        self.position_hands += chunk.position_hands
        self.position_ev += chunk.position_ev
        if chunk.sample_depth is not None and chunk.sample_ev is not None:
            self.samples.append(chunk)
        if chunk.strategies is not None:
            self.played.add(chunk.first, hands, chunk.strategies)

    def result(
        self,
        reference: EffectOfRemoval,
        fits: tuple[CountFit, ...],
        systems: tuple[CountSystemFits, ...] = (),
        plan: tuple[Strategy, ...] = (),
    ) -> SimulationResult:
        """The estimates from everything added so far.

        :raises RequestError: where not one round was dealt (a shoe the burn and the cut
            card leave no round in): there is nothing to estimate.
        """
        if self.total_hands == 0:
            cards = self.settings.shoe.cards
            raise RequestError(
                f"not one round was dealt: the burn and the cut card leave no round in a "
                f"shoe of {cards:,} card{'s' if cards != 1 else ''}; give a bigger shoe, "
                "--burn none or a smaller --cut-card"
            )
        zero = Estimate(0.0, None)
        hands = self.hands
        positive_sums = self.by_shoe["positive"]
        estimates = tuple(
            BetEstimates(
                bet=bet.name,
                mean_ev=self.by_hands["sum_ev"].ratio(hands, b) or zero,
                positive_share=self.by_hands["positive"].ratio(hands, b) or zero,
                positive_mean_ev=self.by_positive.ratio(positive_sums, b),
                perfect_gain=self.by_shoe["positive_ev"].mean(b),
                perfect_hands=positive_sums.mean(b),
                count_gain=self.by_shoe["count_ev"].mean(b),
                count_hands=self.by_shoe["count_hands"].mean(b),
                surebet_share=self.by_hands["surebets"].ratio(hands, b) or zero,
            )
            for b, bet in enumerate(reference.bets)
        )
        cards = self.settings.shoe.cards
        width = band_width(cards)
        depth = tuple(
            DepthRow(
                first=i * width,
                last=min((i + 1) * width, cards) - 1,
                hands=int(self.band_hands[i]),
                positive=tuple(int(x) for x in self.band_positive[i]),
                surebets=tuple(int(x) for x in self.band_surebets[i]),
            )
            for i in range(len(self.band_hands))
        )
        kept = self.samples
        return SimulationResult(
            settings=self.settings,
            reference=reference,
            fits=fits,
            bets=estimates,
            depth=depth,
            hands=self.total_hands,
            hands_per_shoe=hands.mean(),
            position_hands=self.position_hands,
            position_ev=self.position_ev,
            sample_depth=np.concatenate(
                [c.sample_depth for c in kept if c.sample_depth is not None]
            )
            if kept
            else None,
            sample_ev=np.concatenate([c.sample_ev for c in kept if c.sample_ev is not None])
            if kept
            else None,
            sample_shoes=sum(c.last - c.first for c in kept),
            systems=systems,
            economics=tuple(
                self.played.economics(
                    b,
                    bet.name,
                    s,
                    strategy,
                    None if strategy.system is None else systems[strategy.system].name,
                )
                for b, bet in enumerate(reference.bets)
                for s, strategy in enumerate(plan)
                if strategy.ramps is None or strategy.ramps[b] is not None
            ),
            comparisons=tuple(
                self.played.comparison(
                    b,
                    bet.name,
                    s,
                    strategy.system,
                    systems[strategy.system].name,
                    systems[strategy.system].fits[b].correlation,
                )
                for b, bet in enumerate(reference.bets)
                for s, strategy in enumerate(plan)
                if strategy.kind == "flat" and strategy.system is not None
            )
            if len(systems) > 1
            else (),
        )


_MOMENTS = ("expected_win", "win", "win_squared", "units_bet", "hands_bet", "hands_dealt")
"""The per-shoe quantities whose means and covariances every strategy's figures use."""
_REFERENCE = 1
"""The strategy the paired differences are taken against: the derived count's flat bet
(strategy 0 is perfect information)."""


_OVER_HANDS = ("sum_ev", "positive", "surebets")
"""Per-shoe totals estimated as shares of all hands dealt."""
_PER_SHOE = ("positive", "positive_ev", "count_hands", "count_ev")
"""Per-shoe totals estimated as means per shoe."""


class StrategySums:
    """What every strategy bet and won, added chunk by chunk in shoe order, and the
    economics and count comparisons that follow (any game's shoes: baccarat's
    ``simulate``, Dragon Tiger's). The bankroll paths of :data:`PATH_PLAYERS` players,
    each sitting for an equal share of the shoes, are followed for the ruin counted."""

    def __init__(
        self,
        bets: int,
        strategies: int,
        systems: int = 0,
        *,
        shoes: int,
        bankroll: float,
        hands_per_hour: int,
    ) -> None:
        self.bankroll = bankroll
        self.hands_per_hour = hands_per_hour
        self.moments = ShoeMoments.zeros((bets, strategies), len(_MOMENTS))
        self.paired = ShoeSums.zeros((bets, strategies))
        self.kelly_bins = np.zeros((bets, systems, 2 * KELLY_BINS + 1, 3)) if systems else None
        self.players = min(PATH_PLAYERS, shoes)
        self.shoes_per_player = shoes // self.players
        self.bank = np.full((bets, strategies), bankroll)
        self.broke = np.zeros((bets, strategies), dtype=bool)
        self.ruined = np.zeros((bets, strategies), dtype=np.int64)

    def add(self, first: int, hands: FloatArray, played: StrategyTotals) -> None:
        """Add what every strategy did in the next chunk's shoes (``first`` on, in shoe
        order; ``hands``: hands dealt in each)."""
        totals = played.totals
        shape = totals.shape[:3]
        dealt = np.broadcast_to(hands[:, None, None], shape)
        won = totals[..., 1]
        self.moments.add(
            np.stack(
                (totals[..., 0], won, won * won, totals[..., 2], totals[..., 3], dealt), axis=-1
            )
        )
        if shape[2] > _REFERENCE:
            gain = totals[..., 0]
            difference = gain - gain[:, :, _REFERENCE : _REFERENCE + 1]
            self.paired.add(difference, difference)
        if self.kelly_bins is not None and played.kelly_bins is not None:
            self.kelly_bins += played.kelly_bins
        for j in range(shape[0]):
            shoe = first + j
            if shoe >= self.players * self.shoes_per_player:
                break
            if shoe % self.shoes_per_player == 0:  # the next player sits down
                self.bank[:] = self.bankroll
                self.broke[:] = False
            hit = ~self.broke & (self.bank + played.lowest[j] <= 0)
            self.ruined += hit
            self.broke |= hit
            self.bank += won[j]

    def economics(
        self, b: int, bet: str, s: int, strategy: Strategy, count: str | None
    ) -> StrategyEconomics:
        """Strategy ``s`` on bet ``b``: every figure a function of the per-shoe means."""
        moments, n = self.moments, self.moments.n
        means, covariance = moments.means((b, s)), moments.covariance((b, s))
        figures = strategy_spread(
            means,
            covariance,
            n,
            won=0,
            dealt=1,
            square=2,
            hands=5,
            per_hour=self.hands_per_hour,
            bankroll=self.bankroll,
            periods=self.shoes_per_player,
        )
        ror, within = figures.ror, figures.ruin_within
        ruined = None
        if float(means[0]) > 0 and within >= LONG_ENOUGH * ror and ror > 0:
            share = float(self.ruined[b, s]) / self.players
            ruined = Estimate(share, math.sqrt(share * (1 - share) / self.players))
        bet_sum = moments.total[b, s]
        return StrategyEconomics(
            bet=bet,
            strategy=strategy,
            count=count,
            won_per_shoe=mean_of(means, covariance, n, 0),
            won_as_dealt=mean_of(means, covariance, n, 1),
            sd_per_shoe=figures.sd_per_shoe,
            won_per_100=figures.won_per_100,
            sd_per_100=figures.sd_per_100,
            won_per_hour=figures.won_per_hour,
            sd_per_hour=figures.sd_per_hour,
            hands_bet_per_shoe=mean_of(means, covariance, n, 4),
            bet_per_hand_bet=ratio_of(means, covariance, n, 3, 4) if bet_sum[4] > 0 else None,
            bet_per_hand_dealt=ratio_of(means, covariance, n, 3, 5),
            n0=figures.n0,
            score=figures.score,
            risk_of_ruin=figures.risk_of_ruin,
            ruin_within=within,
            ruined=ruined,
            players=self.players,
            shoes_per_player=self.shoes_per_player,
        )

    def comparison(
        self, b: int, bet: str, s: int, system: int, count: str, correlation: float | None
    ) -> CountComparison:
        """The flat bet of count ``system`` (strategy ``s``) against the derived count's."""
        moments, n = self.moments, self.moments.n
        means, covariance = moments.means((b, s)), moments.covariance((b, s))
        won = mean_of(means, covariance, n, 0)
        bias = n / (n - 1) if n > 1 else 1.0
        sd = math.sqrt(max(bias * (float(means[2]) - float(means[1]) ** 2), 0.0))
        difference, unpaired = None, None
        if system != 0:
            difference = self.paired.mean((b, s))  # type: ignore[arg-type]
            base = mean_of(
                moments.means((b, _REFERENCE)), moments.covariance((b, _REFERENCE)), n, 0
            )
            if won.se is not None and base.se is not None:
                unpaired = math.sqrt(won.se**2 + base.se**2)
        return CountComparison(
            bet=bet,
            count=count,
            correlation=correlation,
            won_per_shoe=won,
            sd_per_shoe=Estimate(sd, None),
            difference=difference,
            unpaired_se=unpaired,
        )
