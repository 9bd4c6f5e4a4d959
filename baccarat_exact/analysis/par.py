"""The math report of a game's bets (a PAR sheet) and the hold of a mix of bets.

Per bet, per unit staked, from its exact pay lines (:func:`baccarat_exact.stats.bet_stats`,
the counts ``odds`` reports): each line's pays, count, probability, "1 in N" (1 / its
probability) and contribution to the return to player, (pays + 1) × probability — the
stake comes back with a win or a push; the return to player (RTP) is 1 + EV, their sum.
The volatility index at confidence c is z·σ, z = Φ⁻¹((1 + c)/2) the two-sided normal
quantile (1.645 at 90 %): the half-width, in units per round, of the band the average
return approaches as ±z·σ/√N after N rounds.

After N rounds (:class:`Horizon`), from the law of the total net result S_N of N
independent rounds (:mod:`.sums`: exact, or a floating-point convolution):

* the interval of the average net per round S_N/N at each confidence c: [a/N, b/N], a
  the highest total with P(S_N < a) ≤ (1 − c)/2, b the lowest with P(S_N > b) ≤ (1 − c)/2,
  so that it holds S_N/N with probability at least c; beside it the normal
  approximation EV ± z·σ/√N;
* P(the player is ahead) = P(S_N > 0); normal: Φ(EV·√N/σ) (no continuity correction);
* P(losing more than k) = P(S_N < −k) for each loss threshold (:class:`Loss`): k units,
  or a share of the N units staked (``10%``: k = 0.1·N).

A mix of bets (:class:`MixSheet`): shares of the handle staked on each bet in every
round, as one combined stake (:meth:`baccarat_exact.pricing.Odds.combination`, so the
covariances of bets settled by the same cards are exact). Its hold is the expected win
per unit of handle, −EV / handle; over N rounds the hold is −S_N / N per unit of handle,
and an actual hold gets a two-sided p-value: 2·min(P(hold ≤ h), P(hold ≥ h)), at most 1.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import MAX_EMAX, MIN_EMIN, Context, Decimal, localcontext
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING

from baccarat_exact.analysis.sums import RoundLaw, SumLaw, sum_law
from baccarat_exact.errors import RequestError, RulesError
from baccarat_exact.model.exact import exact_number, sqrt_float, to_float
from baccarat_exact.stats import BetStats, bet_stats

if TYPE_CHECKING:
    from baccarat_exact.combination import Combination
    from baccarat_exact.pricing import Odds

__all__ = [
    "BetSheet",
    "Chance",
    "Confidence",
    "Horizon",
    "Interval",
    "Loss",
    "MixSheet",
    "ParSettings",
    "ParSheet",
    "PayLine",
    "float_horizon",
    "horizons",
    "mix_sheet",
    "normal_horizon",
    "par_settings",
    "par_sheet",
    "parse_confidences",
    "parse_hold",
    "parse_losses",
    "parse_mix",
    "parse_rounds",
]

_NORMAL = NormalDist()

MAX_ROUNDS = 10**12 - 1
"""Most rounds ``--rounds`` takes (twelve digits)."""


@dataclass(frozen=True, slots=True)
class Confidence:
    """A confidence level, exact, and its two-sided normal quantile z (a float).

    >>> level = Confidence.of(Fraction(9, 10))
    >>> level.level, round(level.z, 6)
    (Fraction(9, 10), 1.644854)
    """

    level: Fraction
    z: float

    @classmethod
    def of(cls, level: Fraction) -> Confidence:
        """The level with its z = Φ⁻¹((1 + level)/2); a level so close to 100 % that
        (1 + level)/2 rounds to 1 as a float gets z = −Φ⁻¹((1 − level)/2), the same
        quantile from the other tail.

        :raises ValueError: for a level whose tail (1 − level)/2 is 0 as a float.
        """
        upper = float((1 + level) / 2)
        if upper < 1:
            return cls(level, _NORMAL.inv_cdf(upper))
        tail = float((1 - level) / 2)
        if not 0 < tail < 1:
            raise ValueError("too close to 100% for a normal quantile in floating point")
        return cls(level, -_NORMAL.inv_cdf(tail))


@dataclass(frozen=True, slots=True)
class Loss:
    """A loss threshold: ``amount`` units, or (``of_staked``) that share of the units
    staked over the rounds; ``text`` as the user wrote it."""

    text: str
    amount: Fraction
    of_staked: bool

    def units(self, rounds: int) -> Fraction:
        """The threshold in units after ``rounds`` rounds of one unit each.

        >>> Loss("10%", Fraction(1, 10), True).units(1000), Loss("25", Fraction(25), False).units(1000)
        (Fraction(100, 1), Fraction(25, 1))
        """
        return self.amount * rounds if self.of_staked else self.amount


@dataclass(frozen=True, slots=True)
class ParSettings:
    """What the report is asked for beyond the bets: numbers of rounds, confidence
    levels, loss thresholds."""

    rounds: tuple[int, ...]
    confidences: tuple[Confidence, ...]
    losses: tuple[Loss, ...]


# -- reading the settings ------------------------------------------------------------------


def _items(text: str, option: str) -> list[str]:
    items = [item.strip() for item in text.split(",")]
    if not text.strip() or any(not item for item in items):
        raise RequestError(f"{option} takes a comma-separated list, got {text!r}")
    return items


def parse_rounds(text: str) -> tuple[int, ...]:
    """Numbers of rounds, ``"100,1000"`` (``_`` between digits allowed), each from 1.

    >>> parse_rounds("100, 1_000")
    (100, 1000)
    >>> parse_rounds("0")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: --rounds takes whole numbers of rounds from 1, got '0'
    """
    found = []
    for item in _items(text, "--rounds"):
        digits = item.replace("_", "").replace(",", "")
        if not digits.isdigit() or int(digits) < 1:
            raise RequestError(f"--rounds takes whole numbers of rounds from 1, got {item!r}")
        if len(digits) > 12:
            raise RequestError(f"--rounds takes at most {MAX_ROUNDS:,} rounds, got {item!r}")
        found.append(int(digits))
    return tuple(dict.fromkeys(found))


def parse_confidences(text: str) -> tuple[Confidence, ...]:
    """Confidence levels in per cent, ``"90,95,99"`` (``%`` allowed), each strictly
    between 0 and 100.

    >>> [c.level for c in parse_confidences("90, 99.5%")]
    [Fraction(9, 10), Fraction(199, 200)]
    """
    found = []
    for item in _items(text, "--confidence"):
        percent = exact_number(item.removesuffix("%"), "--confidence", RequestError, "90 or 99.5")
        if not 0 < percent < 100:
            raise RequestError(f"--confidence takes per cents between 0 and 100, got {item!r}")
        found.append(percent / 100)
    levels: dict[Fraction, Confidence] = {}
    for item, level in zip(_items(text, "--confidence"), found):
        try:
            levels.setdefault(level, Confidence.of(level))
        except ValueError as error:
            raise RequestError(f"--confidence {item!r} is {error}") from None
    return tuple(levels.values())


def parse_losses(text: str) -> tuple[Loss, ...]:
    """Loss thresholds: units (``"25"``) or shares of the units staked (``"10%"``), each
    more than 0.

    >>> [(loss.amount, loss.of_staked) for loss in parse_losses("10%, 25")]
    [(Fraction(1, 10), True), (Fraction(25, 1), False)]
    """
    found = []
    for item in _items(text, "--loss"):
        amount = exact_number(item, "--loss", RequestError, "25 (units) or 10% (of the staked)")
        if amount <= 0:
            raise RequestError(f"--loss takes amounts more than 0, got {item!r}")
        found.append(Loss(item, amount, item.endswith("%")))
    return tuple(found)


def par_settings(rounds: str, confidence: str, loss: str) -> ParSettings:
    """``--rounds``, ``--confidence`` and ``--loss`` as given, read and checked.

    >>> settings = par_settings("100", "90,95", "10%")
    >>> settings.rounds, len(settings.confidences), settings.losses[0].of_staked
    ((100,), 2, True)
    """
    return ParSettings(parse_rounds(rounds), parse_confidences(confidence), parse_losses(loss))


def parse_mix(text: str) -> dict[str, Fraction]:
    """Shares of the handle by bet, ``"banker=45,player=40"`` (any positive numbers: they
    are shares of their sum).

    >>> parse_mix("banker=45, tie=5")
    {'banker': Fraction(45, 1), 'tie': Fraction(5, 1)}
    >>> parse_mix("banker=0")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: --mix: stake on banker must be more than 0, got 0
    """
    from baccarat_exact.combination import parse_stakes

    try:
        return parse_stakes(text)
    except RulesError as error:
        raise RulesError(f"--mix: {error}") from None


def parse_hold(text: str) -> Fraction:
    """An actual hold as a share of handle: ``"8.5%"`` or ``"0.085"`` (at most 100 %).

    >>> parse_hold("8.5%"), parse_hold("-2%")
    (Fraction(17, 200), Fraction(-1, 50))
    """
    hold = exact_number(text, "--actual", RequestError, "8.5% or 0.085")
    if hold > 1:
        raise RequestError(f"--actual is a share of handle of at most 100%, got {text!r}")
    return hold


# -- the law after N rounds ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Chance:
    """A probability from the law of the total, beside its normal approximation."""

    exact: Fraction | None
    """The exact probability, or ``None`` where the law is a floating-point convolution."""
    value: float
    """The probability as a float (the exact one rounded, or the convolution's)."""
    normal: float
    """The normal approximation's."""

    @property
    def error(self) -> float:
        """How far the normal approximation is off: normal − value."""
        return self.normal - self.value

    @classmethod
    def of(cls, found: Fraction | float, normal: float) -> Chance:
        """From a :class:`SumLaw`'s answer (exact, or a float) and the normal one."""
        if isinstance(found, Fraction):
            return cls(found, float(found), normal)
        return cls(None, found, normal)


@dataclass(frozen=True, slots=True)
class Interval:
    """Where the average net per round falls after N rounds, at one confidence: from the
    law of the total (exact when the law is) and by the normal approximation."""

    confidence: Confidence
    low: Fraction
    high: Fraction
    normal_low: float | None
    """The normal approximation's ends (``None`` beyond float range)."""
    normal_high: float | None


@dataclass(frozen=True, slots=True)
class Horizon:
    """The average net result per round after :attr:`rounds` rounds."""

    rounds: int
    exact: bool
    """Whether the law of the total was convolved exactly (else: in floating point)."""
    mean: Fraction
    """The expected average per round: the EV."""
    std_dev: float | None
    """σ/√N, the standard deviation of the average."""
    intervals: tuple[Interval, ...]
    ahead: Chance
    """P(the total is above 0)."""
    losses: tuple[tuple[Loss, Chance], ...]
    """P(the total is below −k) for each threshold."""
    shape: tuple[tuple[float, float], ...]
    """The law of the average drawn coarsely: (average per round, mass) for a chart."""
    normal_only: bool = False
    """The law of the total spreads too wide to convolve (:data:`~.sums.MAX_POINTS`): its
    figures are the normal approximation's alone (method ``normal``)."""


def _ratio(centre: Fraction, square: Fraction, fast: Callable[[], float]) -> float:
    """centre / √square (square > 0) as a float (±inf beyond float range): ``fast()``,
    the same in floats, where its figures fit a float, else in 40-digit decimals (a pay
    of 10^400, its square)."""
    try:
        ratio = fast()
    except OverflowError:
        ratio = math.nan
    if math.isfinite(ratio) and (ratio != 0 or centre == 0):
        return ratio
    with localcontext(_WIDE) as context:
        value = Decimal(centre.numerator) / Decimal(centre.denominator)
        root = (Decimal(square.numerator) / Decimal(square.denominator)).sqrt(context)
        return float(value / root)


_WIDE = Context(prec=40, Emax=MAX_EMAX, Emin=MIN_EMIN)
"""Decimals wide enough for any figure a report meets (a pay of 10^400, its square)."""


def _normal_below(x: Fraction, rounds: int, mean: Fraction, variance: Fraction) -> float:
    """The normal approximation of P(S_N < x)."""
    centre = x - rounds * mean
    if variance == 0:
        return 1.0 if centre > 0 else 0.0
    square = variance * rounds
    fast = lambda: float(centre) / math.sqrt(float(variance) * rounds)  # noqa: E731
    return _NORMAL.cdf(_ratio(centre, square, fast))


def horizon(
    law: RoundLaw, total: SumLaw, confidences: Sequence[Confidence], losses: Sequence[Loss]
) -> Horizon:
    """The average per round after ``total.rounds`` rounds of ``law``."""
    rounds = total.rounds
    mean, variance = law.mean, law.variance
    sd = sqrt_float(variance / rounds)
    intervals = []
    for confidence in confidences:
        low, high = total.interval(confidence.level)
        centre = to_float(mean)
        half = None if sd is None else confidence.z * sd
        normal = None if centre is None or half is None else (centre - half, centre + half)
        if normal is not None and not all(map(math.isfinite, normal)):
            normal = None
        intervals.append(
            Interval(
                confidence,
                low / rounds,
                high / rounds,
                None if normal is None else normal[0],
                None if normal is None else normal[1],
            )
        )
    ahead = Chance.of(
        total.above(Fraction(0)), 1 - _normal_below(Fraction(0), rounds, mean, variance)
    )
    chances = tuple(
        (
            loss,
            Chance.of(
                total.below(-loss.units(rounds)),
                _normal_below(-loss.units(rounds), rounds, mean, variance),
            ),
        )
        for loss in losses
    )
    return Horizon(rounds, total.exact, mean, sd, tuple(intervals), ahead, chances, total.shape())


def float_horizon(horizon: Horizon) -> Horizon:
    """``horizon`` with its probabilities as floats only, for a round's law known in
    floating point (``--float``): it was convolved from the binary fractions the floats
    are, so none of its figures is the exact law's, and none is written as exact.

    >>> law = RoundLaw.of([(Fraction(1), Fraction(1, 2)), (Fraction(-1), Fraction(1, 2))])
    >>> found = float_horizon(horizon(law, sum_law(law, 2), (), ()))
    >>> found.exact, found.ahead.exact, found.ahead.value
    (False, None, 0.25)
    """
    return dataclasses.replace(
        horizon,
        exact=False,
        ahead=Chance(None, horizon.ahead.value, horizon.ahead.normal),
        losses=tuple((loss, Chance(None, c.value, c.normal)) for loss, c in horizon.losses),
    )


def _total(law: RoundLaw, rounds: int) -> SumLaw | None:
    """The law of ``rounds`` rounds; ``None`` where it spreads too wide to convolve (the
    normal approximation is all there is), when its values fit a float.

    :raises RequestError: for a law too wide whose values are beyond float range (no
        normal approximation either).
    """
    try:
        return sum_law(law, rounds)
    except OverflowError as error:
        if all(to_float(value) is not None for value, _ in law.outcomes):
            return None
        raise RequestError(f"--rounds {rounds}: {error}; ask for fewer rounds") from None


def normal_horizon(
    law: RoundLaw, rounds: int, confidences: Sequence[Confidence], losses: Sequence[Loss]
) -> Horizon:
    """The average per round after ``rounds`` rounds by the normal approximation alone,
    for a law of the total too wide to convolve: its interval ends and chances are the
    approximation's (the law's exact figures are not known).

    >>> law = RoundLaw.of([(Fraction(1), Fraction(1, 2)), (Fraction(-1), Fraction(1, 2))])
    >>> found = normal_horizon(law, 100, parse_confidences("95"), ())
    >>> found.normal_only, found.ahead.value, round(float(found.intervals[0].high), 4)
    (True, 0.5, 0.196)
    """
    mean, variance = law.mean, law.variance
    sd = sqrt_float(variance / rounds)
    intervals = []
    for confidence in confidences:
        half = confidence.z * (sd or 0.0)
        low, high = float(mean) - half, float(mean) + half
        intervals.append(Interval(confidence, Fraction(low), Fraction(high), low, high))
    ahead = 1 - _normal_below(Fraction(0), rounds, mean, variance)
    chances = tuple(
        (loss, _normal_chance(_normal_below(-loss.units(rounds), rounds, mean, variance)))
        for loss in losses
    )
    return Horizon(
        rounds, False, mean, sd, tuple(intervals), _normal_chance(ahead), chances, (), True
    )


def _normal_chance(normal: float) -> Chance:
    """A chance known by the normal approximation alone."""
    return Chance(None, normal, normal)


def horizons(law: RoundLaw, settings: ParSettings) -> tuple[Horizon, ...]:
    """:func:`horizon` at each number of rounds of ``settings`` (:func:`normal_horizon`
    where the law of the total spreads too wide to convolve)."""
    found = []
    for rounds in settings.rounds:
        total = _total(law, rounds)
        if total is None:
            found.append(normal_horizon(law, rounds, settings.confidences, settings.losses))
        else:
            found.append(horizon(law, total, settings.confidences, settings.losses))
    return tuple(found)


# -- one bet ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PayLine:
    """One line of a pay table, per unit staked."""

    name: str
    pays: Fraction
    count: int | Fraction | None
    """Six-card sequences over the cycle (an exact expectation over unknown suits where
    a fraction); ``None`` for an infinite shoe, whose counts are weights."""
    probability: Fraction

    @property
    def one_in(self) -> Fraction | None:
        """N of "1 in N": 1 / probability (``None`` for a line that never happens)."""
        return 1 / self.probability if self.probability else None

    @property
    def return_share(self) -> Fraction:
        """The line's contribution to the return to player: (pays + 1) × probability."""
        return (self.pays + 1) * self.probability


@dataclass(frozen=True, slots=True)
class BetSheet:
    """A bet's PAR sheet: pay table, statistics, volatility index, horizons."""

    stats: BetStats
    lines: tuple[PayLine, ...]
    volatility: tuple[tuple[Confidence, float | None], ...]
    """z·σ at each confidence."""
    horizons: tuple[Horizon, ...]

    @property
    def name(self) -> str:
        """The bet's name."""
        return self.stats.name

    @property
    def rtp(self) -> Fraction:
        """Return to player: 1 + EV, the sum of the lines' contributions."""
        return 1 + self.stats.ev

    @property
    def largest_win(self) -> Fraction:
        """The most a line pays per unit staked."""
        return max(line.pays for line in self.lines)


def bet_sheet(stats: BetStats, finite: bool, settings: ParSettings) -> BetSheet:
    """The PAR sheet of one priced bet (``finite``: its counts are six-card sequences)."""
    lines = tuple(
        PayLine(line.name, line.pays, line.count if finite else None, line.probability)
        for line in stats.lines
    )
    sd = stats.std_dev
    law = RoundLaw.of((line.pays, line.probability) for line in stats.lines)
    return BetSheet(
        stats=stats,
        lines=lines,
        volatility=tuple((c, None if sd is None else c.z * sd) for c in settings.confidences),
        horizons=horizons(law, settings),
    )


# -- a mix of bets -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MixSheet:
    """The hold of shares of the handle staked on several bets in every round."""

    combination: Combination
    """The shares as one combined stake (its units: the shares as given)."""
    horizons: tuple[Horizon, ...]
    """The net per unit of handle (the hold is its negative) after each number of rounds."""
    actual: Fraction | None
    """The actual hold asked about, a share of handle."""
    p_values: tuple[Chance, ...]
    """Two-sided p-value of :attr:`actual` after each number of rounds (empty without it)."""

    @property
    def hold(self) -> Fraction:
        """The theoretical hold: expected win per unit of handle."""
        return self.combination.house_edge

    @property
    def variance(self) -> Fraction:
        """Variance of a round's net per unit of handle (covariances included)."""
        return self.combination.variance / self.combination.staked**2

    @property
    def std_dev(self) -> float | None:
        """Standard deviation of a round's hold per unit of handle."""
        return sqrt_float(self.variance)


def _normal_p_value(law: RoundLaw, rounds: int, hold: Fraction) -> float:
    """The normal approximation's two-sided p-value of an average hold ``hold``."""
    variance = law.variance
    if variance == 0:
        return 1.0 if hold == -law.mean else 0.0
    gap = hold + law.mean
    fast = lambda: abs(float(gap)) / math.sqrt(float(variance) / rounds)  # noqa: E731
    z = abs(_ratio(gap * rounds, variance * rounds, fast))
    return min(1.0, 2 * _NORMAL.cdf(-z))


def _p_value(total: SumLaw, law: RoundLaw, hold: Fraction) -> Chance:
    """Two-sided p-value of an average hold ``hold`` after ``total.rounds`` rounds: the hold
    is −S_N/N, so P(hold ≥ h) = P(S_N ≤ −h·N) and P(hold ≤ h) = P(S_N ≥ −h·N)."""
    rounds = total.rounds
    at = -hold * rounds
    high, low = total.at_most(at), total.at_least(at)
    found = min(high, low) * 2
    normal = _normal_p_value(law, rounds, hold)
    if isinstance(found, Fraction):
        return Chance.of(min(found, Fraction(1)), normal)
    return Chance.of(min(float(found), 1.0), normal)


def mix_sheet(
    result: Odds, shares: Mapping[str, Fraction], settings: ParSettings, actual: Fraction | None
) -> MixSheet:
    """The hold of the mix ``shares`` (bet → share of handle) of ``result``'s bets."""
    combination = result.combination(shares)
    staked = combination.staked
    law = RoundLaw.of((net / staked, p) for net, p in combination.distribution)
    found, p_values = [], []
    for rounds in settings.rounds:
        total = _total(law, rounds)
        if total is None:  # too wide to convolve: the normal approximation alone
            found.append(normal_horizon(law, rounds, settings.confidences, settings.losses))
            if actual is not None:
                p_values.append(_normal_chance(_normal_p_value(law, rounds, actual)))
            continue
        found.append(horizon(law, total, settings.confidences, settings.losses))
        if actual is not None:
            p_values.append(_p_value(total, law, actual))
    return MixSheet(combination, tuple(found), actual, tuple(p_values))


# -- the whole sheet ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ParSheet:
    """The math report of one shoe's bets under one game's rules."""

    odds: Odds
    settings: ParSettings
    bets: tuple[BetSheet, ...]
    mix: MixSheet | None


def par_sheet(
    result: Odds,
    settings: ParSettings,
    mix: Mapping[str, Fraction] | None = None,
    actual: Fraction | None = None,
) -> ParSheet:
    """The PAR sheet of every bet ``result`` priced, and of the mix if one is given.

    >>> from baccarat_exact.pricing import odds
    >>> from baccarat_exact.model.shoe import Shoe
    >>> settings = ParSettings((100,), parse_confidences("95"), parse_losses("10%"))
    >>> sheet = par_sheet(odds(Shoe.from_decks(8)), settings)
    >>> banker = sheet.bets[0]
    >>> banker.rtp == sum(line.return_share for line in banker.lines)
    True
    """
    finite = result.total is not None
    bets = tuple(bet_sheet(bet_stats(bet), finite, settings) for bet in result.bets)
    sheet = None if mix is None else mix_sheet(result, mix, settings, actual)
    return ParSheet(result, settings, bets, sheet)
