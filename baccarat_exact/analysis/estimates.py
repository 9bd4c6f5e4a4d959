"""Simulation estimates: totals of exact per-hand values, and what they estimate.

Everything here is a *simulation estimate* — a float with its standard error
over shoes (shoes are independent; hands within a shoe are not, so every error
is computed from per-shoe totals). The exact inputs (each hand's EV) and the
exact references (the full-shoe EV, the effects of removal) live elsewhere.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from baccarat_exact.analysis.counting import CountFit
    from baccarat_exact.analysis.dealing import SimulationSettings
    from baccarat_exact.analysis.eor import EffectOfRemoval

__all__ = ["BetEstimates", "ChunkTotals", "DepthRow", "Estimate", "SimulationResult", "summarise"]

DEPTH_BANDS = 8
"""The shoe is split into this many bands of cards dealt for the by-depth table."""

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulation estimate and its standard error (None from a single shoe)."""

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
            return np.stack(
                [np.bincount(group, weights=weights[:, b], minlength=size) for b in range(bets)],
                axis=1,
            )

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


def _mean(values: FloatArray) -> Estimate:
    n = len(values)
    mean = float(values.mean())
    se = float(values.std(ddof=1) / math.sqrt(n)) if n > 1 else None
    return Estimate(mean, se)


def _ratio(numerator: FloatArray, denominator: FloatArray) -> Estimate | None:
    """Σy/Σx over shoes, with the delta-method standard error of a ratio estimator."""
    n = len(numerator)
    total = float(denominator.sum())
    if total == 0:
        return None
    ratio = float(numerator.sum()) / total
    if n < 2:
        return Estimate(ratio, None)
    residual = numerator - ratio * denominator
    se = math.sqrt(float((residual**2).sum()) / (n * (n - 1))) / (total / n)
    return Estimate(ratio, se)


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


def summarise(
    *,
    settings: SimulationSettings,
    reference: EffectOfRemoval,
    fits: tuple[CountFit, ...],
    chunks: list[ChunkTotals],
) -> SimulationResult:
    """Combine chunk totals (in shoe order) into estimates."""
    hands = np.concatenate([c.hands for c in chunks]).astype(np.float64)

    def stack(name: str) -> FloatArray:
        return np.concatenate([getattr(c, name) for c in chunks]).astype(np.float64)

    sum_ev, positive, positive_ev = stack("sum_ev"), stack("positive"), stack("positive_ev")
    surebets, count_hands, count_ev = stack("surebets"), stack("count_hands"), stack("count_ev")
    estimates = []
    zero = Estimate(0.0, None)
    for b, bet in enumerate(reference.bets):
        estimates.append(
            BetEstimates(
                bet=bet.name,
                mean_ev=_ratio(sum_ev[:, b], hands) or zero,
                positive_share=_ratio(positive[:, b], hands) or zero,
                positive_mean_ev=_ratio(positive_ev[:, b], positive[:, b]),
                perfect_gain=_mean(positive_ev[:, b]),
                perfect_hands=_mean(positive[:, b]),
                count_gain=_mean(count_ev[:, b]),
                count_hands=_mean(count_hands[:, b]),
                surebet_share=_ratio(surebets[:, b], hands) or zero,
            )
        )
    band_hands = sum(c.band_hands for c in chunks[1:]) + chunks[0].band_hands
    band_positive = sum(c.band_positive for c in chunks[1:]) + chunks[0].band_positive
    band_sure = sum(c.band_surebets for c in chunks[1:]) + chunks[0].band_surebets
    width = band_width(settings.shoe.cards)
    depth = tuple(
        DepthRow(
            first=i * width,
            last=min((i + 1) * width, settings.shoe.cards) - 1,
            hands=int(band_hands[i]),
            positive=tuple(int(x) for x in band_positive[i]),
            surebets=tuple(int(x) for x in band_sure[i]),
        )
        for i in range(len(band_hands))
    )
    position_ev = chunks[0].position_ev.copy()
    position_hands = chunks[0].position_hands.copy()
    for c in chunks[1:]:
        position_ev += c.position_ev
        position_hands += c.position_hands
    kept = [c for c in chunks if c.sample_depth is not None and c.sample_ev is not None]
    sample_depth = (
        np.concatenate([c.sample_depth for c in kept if c.sample_depth is not None])
        if kept
        else None
    )
    sample_ev = (
        np.concatenate([c.sample_ev for c in kept if c.sample_ev is not None]) if kept else None
    )
    return SimulationResult(
        settings=settings,
        reference=reference,
        fits=fits,
        bets=tuple(estimates),
        depth=depth,
        hands=int(hands.sum()),
        hands_per_shoe=_mean(hands),
        position_hands=position_hands,
        position_ev=position_ev,
        sample_depth=sample_depth,
        sample_ev=sample_ev,
        sample_shoes=sum(c.last - c.first for c in kept),
    )
