"""What the pricer returns: one bet's exact result (:class:`BetOdds`), one round's
(:class:`Odds`), and a batch of shoe states' (:class:`Prices`), with their JSON.

The result types hold counts and read exact values from them; they price nothing. A
combined stake on a round is the pricer's work too: :class:`Odds` holds the pricer's
combining function and hands its stakes to it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import numpy.typing as npt

from baccarat_exact.model.bets import Bet
from baccarat_exact.model.events import Outcome
from baccarat_exact.model.exact import exact_text, number_text, to_float
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe

if TYPE_CHECKING:
    from baccarat_exact.combination import Combination
    from baccarat_exact.model.seen import Seen
    from baccarat_exact.pricing.plan import PairLines

__all__ = [
    "SUREBET",
    "BetOdds",
    "Combine",
    "Odds",
    "Prices",
    "is_surebet",
    "new_odds",
    "pair_line_counts",
    "pair_results",
    "reduced_bet_odds",
    "value_results",
    "whole_bet_odds",
]

SUREBET = Fraction(9, 10)
"""A bet is a *surebet* when its probability of winning is over 90 %: the house's rule
against placing bonus money on near-certain bets (docs/rules.md)."""

_Count = TypeVar("_Count", int, "npt.NDArray[Any]")


def is_surebet(wins: _Count, denominator: _Count) -> Any:
    """Whether ``wins / denominator`` is over :data:`SUREBET`, decided on integers
    (works elementwise on arrays).

    >>> is_surebet(91, 100), is_surebet(90, 100)
    (True, False)
    """
    return wins * SUREBET.denominator > denominator * SUREBET.numerator


@dataclass(frozen=True, slots=True)
class BetOdds:
    """One bet's exact result: each pay line's count, and from them the probabilities,
    win/push/lose and EV as exact fractions (computed when read).

    Counts and denominator are six-card sequences (infinite shoe: weights) times
    ``weight``; the weight is 1 unless the bet's counts are expectations over
    cards of unknown suit (a line's expected count is then ``line_count / weight``).
    """

    bet: Bet
    line_counts: tuple[int, ...]
    denominator: int
    weight: int = 1

    def __repr__(self) -> str:
        return (
            f"BetOdds(bet={self.bet.name!r}, line_counts={self.line_counts!r}, "
            f"denominator={self.denominator!r}, weight={self.weight!r})"
        )

    @property
    def name(self) -> str:
        """The bet's name."""
        return self.bet.name

    @property
    def lines(self) -> tuple[tuple[str, Fraction, Fraction], ...]:
        """(line name, net pay, probability) for each pay line."""
        return tuple(
            (line.name, line.pays, Fraction(n, self.denominator))
            for line, n in zip(self.bet.lines, self.line_counts)
        )

    def _share(self, kind: str) -> Fraction:
        n = sum(c for line, c in zip(self.bet.lines, self.line_counts) if line.kind == kind)
        return Fraction(n, self.denominator)

    @property
    def win(self) -> Fraction:
        """Probability that the bet wins (any line with a positive pay)."""
        return self._share("win")

    @property
    def push(self) -> Fraction:
        """Probability that the stake is returned."""
        return self._share("push")

    @property
    def lose(self) -> Fraction:
        """Probability that the bet loses (any line with a negative pay)."""
        return self._share("lose")

    @property
    def ev(self) -> Fraction:
        """Expected net units per unit staked; the house edge is ``-ev``."""
        numerator = sum(
            (line.pays * n for line, n in zip(self.bet.lines, self.line_counts)), Fraction(0)
        )
        return numerator / self.denominator

    @property
    def surebet(self) -> bool:
        """Whether the probability of winning is over 90 % (:data:`SUREBET`)."""
        wins = sum(c for line, c in zip(self.bet.lines, self.line_counts) if line.pays > 0)
        return bool(is_surebet(wins, self.denominator))

    def to_dict(self) -> dict[str, Any]:
        """The bet's odds as JSON keeps them."""
        ev = self.ev
        return {
            "win": exact_text(self.win),
            "win_float": to_float(self.win),
            "push": exact_text(self.push),
            "push_float": to_float(self.push),
            "lose": exact_text(self.lose),
            "lose_float": to_float(self.lose),
            "ev": exact_text(ev),
            "ev_float": to_float(ev),
            "surebet": self.surebet,
        }


_SET_BET, _SET_LINE_COUNTS, _SET_DENOMINATOR, _SET_WEIGHT = (
    BetOdds.__dict__[name].__set__ for name in ("bet", "line_counts", "denominator", "weight")
)


def whole_bet_odds(
    bet: Bet, line_counts: tuple[int, ...], denominator: int, weight: int = 1
) -> BetOdds:
    """``BetOdds(bet, line_counts, denominator, weight)``, its slots written directly: the
    frozen dataclass's ``__init__`` calls ``object.__setattr__`` once per field, which made
    half the cost of a result in :func:`~baccarat_exact.pricing.odds` (0.75 µs against 0.4)."""
    made: BetOdds = object.__new__(BetOdds)
    _SET_BET(made, bet)
    _SET_LINE_COUNTS(made, line_counts)
    _SET_DENOMINATOR(made, denominator)
    _SET_WEIGHT(made, weight)
    return made


_MAKER = (
    BetOdds,
    *(BetOdds.__dict__[name] for name in ("bet", "line_counts", "denominator", "weight")),
)
"""What the compiled :func:`value_results` makes a result with: the type and its slots."""

try:  # the value bets' results in compiled code (``_sixcard.c``; absent where not built)
    from baccarat_exact.engine._sixcard import value_results as _compiled_value_results
except ImportError:  # pragma: no cover - a build without a C compiler
    _compiled_value_results = None  # type: ignore[assignment]

NATIVE = _compiled_value_results is not None
"""Whether :func:`value_results` makes the results in compiled code (tests set it False
to compare)."""


def value_results(
    bets: tuple[Bet, ...],
    row: list[int],
    denominator: int,
    values: tuple[tuple[int, tuple[int, ...]], ...],
    results: list[BetOdds | None],
) -> None:
    """Each value bet's result into ``results[position]``, for each (position, columns)
    of ``values``: the bet's line counts are ``row[c]`` for its columns and last
    ``denominator`` less their sum (:func:`whole_bet_odds` for each; in compiled code
    where it is built, a fifth of the time: the same objects, field by field)."""
    if NATIVE:
        _compiled_value_results(_MAKER, bets, row, denominator, values, results)
        return
    for position, at in values:
        if len(at) == 1:  # two lines, the second the rest
            won = row[at[0]]
            counts: tuple[int, ...] = (won, denominator - won)
        else:
            lines = [row[c] for c in at]
            lines.append(denominator - sum(lines))
            counts = tuple(lines)
        results[position] = whole_bet_odds(bets[position], counts, denominator)


try:  # the pair bets' results in compiled code (``_sixcard.c``; absent where not built)
    from baccarat_exact.engine._sixcard import pair_results as _compiled_pair_results
    from baccarat_exact.engine._sixcard import shoe_pair_results as _compiled_shoe_pair_results
except ImportError:  # pragma: no cover - a build without a C compiler
    _compiled_pair_results = None  # type: ignore[assignment]
    _compiled_shoe_pair_results = None  # type: ignore[assignment]


def pair_results(
    bets: tuple[Bet, ...],
    states: tuple[int, ...],
    total: int,
    weight: int,
    pair_lines: tuple[PairLines, ...],
    results: list[BetOdds | None],
) -> None:
    """Each pure pair bet's result into ``results[position]``, for each (position, lines,
    summed, rest) of ``pair_lines`` (:class:`~.plan.PairLines`): a line's count is the
    sum of its pair states' ``states``, the rest line's the ``total`` less the others,
    reduced as :func:`reduced_bet_odds` does (in compiled code where it is built, when
    :data:`NATIVE`: the same objects, field by field)."""
    if NATIVE:
        _compiled_pair_results(_MAKER, bets, states, total, weight, pair_lines, math.gcd, results)
        return
    for position, lines, summed, rest in pair_lines:
        counts = pair_line_counts(lines, summed, rest, states, total)
        results[position] = reduced_bet_odds(bets[position], counts, total, weight)


def shoe_pair_results(
    bets: tuple[Bet, ...],
    shoe: Shoe,
    suits: bool,
    pair_lines: tuple[PairLines, ...],
    results: list[BetOdds | None],
) -> bool:
    """Each pure pair bet's result for one finite shoe whose suits are told apart, from
    its pair states in one compiled step (128-bit integers: :func:`pair_results` of
    :func:`~baccarat_exact.engine.pairs.shoe_pair_states`, the same objects, in half the
    time): whether it applied (where not — a shoe whose counts overflow 128 bits — the
    caller takes the two steps, which write every pair bet's result)."""
    if not NATIVE or shoe.infinite or not suits or shoe.suits is None:
        return False
    try:
        return _compiled_shoe_pair_results(
            _MAKER, bets, shoe.suits, shoe.counts, shoe.cards, pair_lines, results
        )
    except OverflowError:  # counts beyond 128 bits: the two steps, in Python's integers
        return False


def pair_line_counts(
    lines: int,
    summed: Sequence[tuple[int, Sequence[int]]],
    rest: int,
    states: Sequence[int],
    total: int,
) -> list[int]:
    """A pair bet's line counts: each line of ``summed`` the sum of its pair states'
    ``states``, the ``rest`` line the ``total`` less the others."""
    counts = [0] * lines
    for line, line_states in summed:
        count = 0
        for state in line_states:
            count += states[state]
        counts[line] = count
    counts[rest] = total - sum(counts)
    return counts


def reduced_bet_odds(bet: Bet, counts: Sequence[int], denominator: int, weight: int) -> BetOdds:
    """A bet's result with its weight made as small as its counts allow (1 when whole)."""
    if weight != 1:
        common = math.gcd(weight, *counts)
        if common > 1:
            counts = [n // common for n in counts]
            denominator, weight = denominator // common, weight // common
    return whole_bet_odds(bet, tuple(counts), denominator, weight)


Combine = Callable[["Odds", Mapping[str, Fraction | int]], "Combination"]
"""The pricer's combination of stakes on a round it priced (:attr:`Odds.combine`)."""


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact odds of one shoe under one set of rules."""

    shoe: Shoe
    rules: Rules
    total: int | None
    """Six-card sequences the shoe can deal, N(N-1)…(N-5); None for an infinite shoe."""
    denominator: int
    """What every outcome count is out of: ``total``, or (Σ weights)**6 for an infinite shoe."""
    counts: dict[Outcome, int]
    """Six-card sequences (infinite: weights) ending in each outcome."""
    bets: tuple[BetOdds, ...]
    seen: Seen | None = None
    """The cards of the round already seen, when the odds are conditional on them; the
    shoe is then the shoe before the round and every count is of the sequences that
    agree with them."""
    combine: Combine = field(kw_only=True, repr=False, compare=False)
    """How the pricer that made these odds combines stakes on their round
    (:meth:`combination` hands its stakes to it)."""

    def __repr__(self) -> str:
        """The three outcomes' probabilities and each bet's house edge, rounded.

        >>> from baccarat_exact.pricing import odds
        >>> odds(Shoe.from_decks(8))
        <Odds banker 0.458597 player 0.446247 tie 0.095156; house edge banker 1.0579% player 1.2351% tie 14.3596%>
        """
        chances = " ".join(f"{o.value} {float(self.probability(o)):.6f}" for o in Outcome)
        edges = " ".join(f"{bet.name} {number_text(float(-bet.ev), '.4%')}" for bet in self.bets)
        return f"<Odds {chances}; house edge {edges}>"

    def probability(self, outcome: Outcome | str) -> Fraction:
        """P(outcome) as an exact fraction."""
        return Fraction(self.counts[Outcome(outcome)], self.denominator)

    def bet(self, name: str) -> BetOdds:
        """The result for one bet by name.

        :raises BetError: (a ``KeyError``) naming the closest bets there are, when none
            is called ``name``.
        """
        for result in self.bets:
            if result.name == name:
                return result
        from baccarat_exact.errors import BetError
        from baccarat_exact.model.catalogue import unknown_bet_message

        message = unknown_bet_message(name, (result.name for result in self.bets))
        raise BetError(message.replace("unknown bet", "no priced bet", 1))

    def combination(self, stakes: Mapping[str, Fraction | int]) -> Combination:
        """The net result of staking ``stakes`` (bet name → units) on this round's bets at
        once: exact EV, variance with every covariance, distribution, chance of a net loss
        (:mod:`baccarat_exact.combination`), as the pricer combines them (:attr:`combine`).

        >>> from baccarat_exact.pricing import odds
        >>> result = odds(Shoe.from_decks(8))
        >>> both = result.combination({"banker": 1, "player": 1})
        >>> both.distribution[-1]  # the best case: Player wins, Banker loses
        (Fraction(0, 1), Fraction(...))
        """
        return self.combine(self, stakes)

    def to_dict(self) -> dict[str, Any]:
        """The odds as JSON keeps them (the body of an ``odds`` document): exact values as
        ``"p/q"`` strings, each beside its ``*_float``."""
        outcomes = {}
        for outcome in Outcome:
            p = self.probability(outcome)
            outcomes[outcome.value] = {
                "count": None if self.total is None else self.counts[outcome],
                "probability": exact_text(p),
                "probability_float": to_float(p),
            }
        document: dict[str, Any] = {
            "shoe": self.shoe.to_dict(),
            "rules": self.rules.to_dict(),
        }
        if self.seen:
            document["seen"] = self.seen.to_dict()
        document.update(
            total=self.total,
            outcomes=outcomes,
            bets={result.name: result.to_dict() for result in self.bets},
        )
        return document


_ODDS_SLOTS = tuple(
    Odds.__dict__[name].__set__
    for name in ("shoe", "rules", "total", "denominator", "counts", "bets", "seen", "combine")
)


def new_odds(
    shoe: Shoe,
    rules: Rules,
    total: int | None,
    denominator: int,
    counts: dict[Outcome, int],
    bets: tuple[BetOdds, ...],
    seen: Seen | None,
    combine: Combine,
) -> Odds:
    """``Odds(shoe, rules, total, denominator, counts, bets, seen, combine=combine)``, its
    slots written directly (as :func:`whole_bet_odds` does: the frozen dataclass's
    ``__init__`` costs twice as much, 1.1 µs of a round's odds)."""
    made: Odds = object.__new__(Odds)
    set_shoe, set_rules, set_total, set_denominator, set_counts, set_bets, set_seen, set_combine = (
        _ODDS_SLOTS
    )
    set_shoe(made, shoe)
    set_rules(made, rules)
    set_total(made, total)
    set_denominator(made, denominator)
    set_counts(made, counts)
    set_bets(made, bets)
    set_seen(made, seen)
    set_combine(made, combine)
    return made


@dataclass(frozen=True, slots=True)
class Prices:
    """Exact prices of a batch of shoe states for some bets.

    Row i, bet b: EV = ``numerators[i, b] / (scales[b] · denominators[i, b])``,
    P(win) = ``wins[i, b] / denominators[i, b]``, all exact integers (int64 arrays
    while they fit, Python ints in object arrays beyond).
    """

    bets: tuple[Bet, ...]
    numerators: npt.NDArray[Any]
    wins: npt.NDArray[Any]
    denominators: npt.NDArray[Any]
    scales: tuple[int, ...]

    def __len__(self) -> int:
        return int(self.denominators.shape[0])

    def ev(self, row: int, bet: int) -> Fraction:
        """The exact EV of bet ``bet`` in shoe state ``row``."""
        scale = self.scales[bet] * int(self.denominators[row, bet])
        return Fraction(int(self.numerators[row, bet]), scale)

    def win(self, row: int, bet: int) -> Fraction:
        """The exact probability that bet ``bet`` wins in shoe state ``row``."""
        return Fraction(int(self.wins[row, bet]), int(self.denominators[row, bet]))

    def positive(self) -> npt.NDArray[np.bool_]:
        """(B, n_bets): whether each EV is above zero (decided on exact integers)."""
        return np.asarray(self.numerators > 0, dtype=np.bool_)

    def surebet(self) -> npt.NDArray[np.bool_]:
        """(B, n_bets): P(win) over 90 %, decided exactly (:func:`is_surebet`)."""
        return np.asarray(is_surebet(self.wins, self.denominators), dtype=np.bool_)

    def ev_float(self) -> npt.NDArray[np.float64]:
        """(B, n_bets) EVs as floats, for aggregation and display only."""
        if self.numerators.dtype == object or self.denominators.dtype == object:
            rows = [
                [int(n) / (s * int(d)) for n, s, d in zip(num, self.scales, den)]
                for num, den in zip(self.numerators.tolist(), self.denominators.tolist())
            ]
            return np.array(rows, dtype=np.float64).reshape(self.numerators.shape)
        den = self.denominators.astype(np.float64) * np.array(self.scales, dtype=np.float64)
        return np.asarray(self.numerators.astype(np.float64) / den, dtype=np.float64)
