"""Simulation estimates: totals of exact per-hand values, and what they estimate.

Everything here is a *simulation estimate* — a float with its standard error
over shoes (shoes are independent; hands within a shoe are not, so every error
is computed from per-shoe totals). The exact inputs (each hand's EV) and the
exact references (the full-shoe EV, the effects of removal) live elsewhere.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from baccarat_exact.analysis.counting import CountFit
    from baccarat_exact.analysis.dealing import SimulationSettings
    from baccarat_exact.analysis.eor import EffectOfRemoval

__all__ = [
    "DEPTH_BANDS",
    "BetEstimates",
    "ChunkTotals",
    "DepthRow",
    "Estimate",
    "SimulationResult",
    "Summary",
    "band_width",
    "mean_estimate",
    "ratio_estimate",
]

DEPTH_BANDS = 8
"""The shoe is split into this many bands of cards dealt for the by-depth table."""

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulation estimate and its standard error (None from too few shoes: one, or fewer
    than a simulation asks for)."""

    value: float
    se: float | None


def band_width(cards: int) -> int:
    """Cards dealt per depth band."""
    return max(1, -(-cards // DEPTH_BANDS))


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

    @classmethod
    def empty(cls, first: int, last: int, bets: int, cards: int, keep: bool) -> ChunkTotals:
        """Totals of shoes in which no hand could be dealt."""
        shoes = last - first
        bands = -(-cards // band_width(cards)) if cards else 1
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
    ) -> ChunkTotals:
        """Total per-hand values (hands in shoe order) by shoe, depth band and position."""
        shoes = last - first
        index = shoe_of_hand - first
        bets = ev.shape[1]
        width = band_width(cards)
        bands = -(-cards // width)
        band = np.minimum(depth // width, bands - 1)

        def per(group: IntArray, weights: npt.NDArray[np.generic], size: int) -> FloatArray:
            # one bincount over (group, bet) cells: each cell adds its hands in the same
            # order as a bincount per bet would, so the sums are the same floats
            cells = (group[:, None] * bets + np.arange(bets)).reshape(-1)
            summed = np.bincount(cells, weights=weights.reshape(-1), minlength=size * bets)
            return np.asarray(summed.reshape(size, bets), dtype=np.float64)

        def tally(group: IntArray, flags: npt.NDArray[np.bool_], size: int) -> IntArray:
            return np.asarray(per(group, flags.astype(np.float64), size).round(), dtype=np.int64)

        return cls(
            first=first,
            last=last,
            hands=np.bincount(index, minlength=shoes).astype(np.int64),
            sum_ev=per(index, ev, shoes),
            positive=tally(index, positive, shoes),
            positive_ev=per(index, np.where(positive, ev, 0.0), shoes),
            surebets=tally(index, surebet, shoes),
            count_hands=tally(index, count_bets, shoes),
            count_ev=per(index, np.where(count_bets, ev, 0.0), shoes),
            band_hands=np.bincount(band, minlength=bands).astype(np.int64),
            band_positive=tally(band, positive, bands),
            band_surebets=tally(band, surebet, bands),
            position_hands=np.bincount(depth, minlength=cards + 1).astype(np.int64),
            position_ev=per(depth, ev, cards + 1),
            sample_depth=depth.copy() if keep_hands else None,
            sample_ev=ev.astype(np.float32) if keep_hands else None,
        )


@dataclass(slots=True)
class _Sums:
    """Running sums over shoes of per-shoe totals x (one per bet, or one in all), of x², and
    of x·d against a denominator d: enough for means, ratios and their standard errors
    without keeping one number per shoe (memory stays that of one chunk)."""

    n: int
    x: FloatArray
    xx: FloatArray
    xd: FloatArray

    @classmethod
    def zeros(cls, shape: tuple[int, ...]) -> _Sums:
        return cls(0, np.zeros(shape), np.zeros(shape), np.zeros(shape))

    def add(self, x: FloatArray, d: FloatArray) -> None:
        """Add a chunk's per-shoe totals ``x`` (shoes, ...) with denominators ``d``."""
        self.n += len(x)
        self.x += x.sum(axis=0)
        self.xx += (x * x).sum(axis=0)
        self.xd += (x * d).sum(axis=0)

    def mean(self, i: int | None = None, *, least: int = 2) -> Estimate:
        """Mean per shoe, with the standard error of the mean (from ``least`` shoes on)."""
        x, xx = (self.x, self.xx) if i is None else (self.x[i], self.xx[i])
        n = self.n
        mean = float(x) / n
        if n < max(least, 2):
            return Estimate(mean, None)
        variance = max(float(xx) - float(x) * mean, 0.0) / (n - 1)
        return Estimate(mean, math.sqrt(variance / n))

    def ratio(self, over: _Sums, i: int, *, least: int = 2) -> Estimate | None:
        """Σx/Σd over shoes (d the totals of ``over``), with the delta-method standard error
        of a ratio estimator: √(Σ(x − r·d)² / (n(n−1))) / (Σd/n) (from ``least`` shoes on)."""
        total = float(over.x if over.x.ndim == 0 else over.x[i])
        if total == 0:
            return None
        ratio = float(self.x[i]) / total
        n = self.n
        if n < max(least, 2):
            return Estimate(ratio, None)
        dd = float(over.xx if over.xx.ndim == 0 else over.xx[i])
        residual = float(self.xx[i]) - 2 * ratio * float(self.xd[i]) + ratio * ratio * dd
        return Estimate(ratio, math.sqrt(max(residual, 0.0) / (n * (n - 1))) / (total / n))


def mean_estimate(totals: Sequence[float], *, least: int = 2) -> Estimate:
    """The mean of per-shoe ``totals``, with its standard error from ``least`` shoes on.

    >>> mean_estimate([1.0, 2.0, 3.0])
    Estimate(value=2.0, se=0.5773502691896257)
    """
    values = np.asarray(totals, dtype=np.float64)
    sums = _Sums.zeros(())
    sums.add(values, values)
    return sums.mean(least=least)


def ratio_estimate(
    totals: Sequence[float], over: Sequence[float], *, least: int = 2
) -> Estimate | None:
    """Σ totals / Σ over for per-shoe totals and denominators (rounds dealt, …), with the
    ratio estimator's standard error from ``least`` shoes on; None when Σ over is 0.

    >>> ratio_estimate([1.0, 3.0], [2.0, 2.0], least=10)
    Estimate(value=1.0, se=None)
    """
    x = np.asarray(totals, dtype=np.float64)
    d = np.asarray(over, dtype=np.float64)
    sums, denominators = _Sums.zeros((1,)), _Sums.zeros(())
    sums.add(x[:, None], d[:, None])
    denominators.add(d, d)
    return sums.ratio(denominators, 0, least=least)


@dataclass(frozen=True, slots=True)
class BetEstimates:
    """What the simulation estimates for one bet (every field a simulation estimate)."""

    bet: str
    mean_ev: Estimate
    """Average exact EV over all hands dealt."""
    positive_share: Estimate
    """Share of hands with EV > 0."""
    positive_mean_ev: Estimate | None
    """Average EV of those hands (None if there were none)."""
    perfect_gain: Estimate
    """Expected units won per shoe betting 1 unit exactly when EV > 0."""
    perfect_hands: Estimate
    """Hands bet per shoe that way."""
    count_gain: Estimate
    """Expected units won per shoe betting 1 unit when the count says so."""
    count_hands: Estimate
    surebet_share: Estimate
    """Share of hands on which the bet wins with probability over 90 %."""


@dataclass(frozen=True, slots=True)
class DepthRow:
    """Hands that started after ``first``..``last`` cards were dealt (burn included)."""

    first: int
    last: int
    hands: int
    positive: tuple[int, ...]
    surebets: tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False)
class SimulationResult:
    """A simulation: its settings, the exact references it started from, and estimates."""

    settings: SimulationSettings
    reference: EffectOfRemoval
    """Exact: the full shoe's EVs and effects of removal (the counts come from these)."""
    fits: tuple[CountFit, ...]
    """The counting player's count for each bet."""
    bets: tuple[BetEstimates, ...]
    depth: tuple[DepthRow, ...]
    hands: int
    hands_per_shoe: Estimate
    position_hands: IntArray
    position_ev: FloatArray
    sample_depth: IntArray | None
    sample_ev: npt.NDArray[np.float32] | None
    sample_shoes: int


class Summary:
    """Chunk totals added in shoe order, summed as they come; :meth:`result` turns the sums
    into estimates. Memory is that of one chunk and the per-position tables, whatever the
    number of shoes."""

    def __init__(self, settings: SimulationSettings, bets: int) -> None:
        self.settings = settings
        cards = settings.shoe.cards
        self.hands = _Sums.zeros(())
        self.total_hands = 0
        self.by_hands = {name: _Sums.zeros((bets,)) for name in _OVER_HANDS}
        self.by_positive = _Sums.zeros((bets,))
        self.by_shoe = {name: _Sums.zeros((bets,)) for name in _PER_SHOE}
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

    def result(self, reference: EffectOfRemoval, fits: tuple[CountFit, ...]) -> SimulationResult:
        """The estimates from everything added so far."""
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
        )


_OVER_HANDS = ("sum_ev", "positive", "surebets")
"""Per-shoe totals estimated as shares of all hands dealt."""
_PER_SHOE = ("positive", "positive_ev", "count_hands", "count_ev")
"""Per-shoe totals estimated as means per shoe."""
