"""Commission programs and rebates, priced exactly: what a casino returns to a player for
his play, and what is left of the house edge after it.

The model (the standard one, and the only one computed here): every round is dealt from
the shoe as given — fresh or depleted — independently of the others, as a continuous
shuffler deals them; a bet's law is its exact law on that shoe (:func:`~baccarat_exact.
stats.bet_stats`). The rounds of one hand-dealt shoe are weakly dependent; that
dependence is left out, as in every published treatment of these programs.

* **Non-negotiable ("dead", "rolling") chips** (:class:`ChipProgram`): a chip bet on a
  bet is taken on a loss (a line paying −1, probability q), stays on a push, and on a
  win stays too while the win is paid in cash chips. Its life in bets L is geometric:
  P(L = k) = (1 − q)^(k−1)·q, E[L] = 1/q; the cash it wins before it dies is
  E[C] = Σ pays·P(win line)/q. The rolling commission c is paid on every chip bought
  (each is played until it is lost), so per chip bought the player nets E[C] − 1 + c,
  per bet (E[C] − 1 + c)·q = EV + c·q; it breaks even at c = 1 − E[C] = −EV/q.
* **Cash-chip programs** (:class:`TurnoverProgram`): a commission t on turnover (per unit
  bet the player nets EV + t, even at t = −EV), or a share s of the theoretical loss
  (nets EV·(1 − s), even only at s = 100 %).
* **Rebate on loss** (:class:`RebateProgram`): after a session of N rounds of one unit
  (a bet, or a mix per unit of handle), the casino returns R of the net loss
  L = max(0, −S_N), at most ``cap`` units and only when L is at least ``minimum``. Its
  cost is E[min(R·L, cap)·1{L ≥ minimum}], from the law of S_N that ``report`` uses
  (:func:`~baccarat_exact.analysis.sums.sum_law`: exact by the multinomial theorem where
  affordable, else a floating-point convolution, whose figures are floats with an error
  bound). Beside it, the published approximation: the loss taken as normal,
  E[L] ≈ m + s·UNLLI(m/s) with m = −N·EV, s = σ·√N (MacDonald's unit normal linear
  loss integral).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

from baccarat_exact.analysis.sums import FLOAT_ACCURACY, LOST_MASS, RoundLaw, SumLaw, sum_law
from baccarat_exact.errors import RequestError
from baccarat_exact.model.exact import exact_number

__all__ = [
    "LIFE_ROWS",
    "ChipProgram",
    "ProgramRates",
    "Programs",
    "RebateProgram",
    "SessionLoss",
    "TurnoverProgram",
    "normal_expected_loss",
    "parse_rates",
    "parse_sessions",
    "programs",
    "session_loss",
    "unlli",
]

LIFE_ROWS = 10
"""Lives in bets listed one by one in a chip's law (then the rest, "more than")."""

_NORMAL = NormalDist()


# -- the inputs ----------------------------------------------------------------------------


def parse_rates(text: str, option: str, *, at_most_one: bool = True) -> tuple[Fraction, ...]:
    """Rates as per cents or fractions, comma-separated (``"1%, 1.25%"``), each from 0
    (and, ``at_most_one``, at most 100 %); ``""`` for none.

    >>> parse_rates("1%, 1.25%", "--rolling")
    (Fraction(1, 100), Fraction(1, 80))
    >>> parse_rates("-1%", "--rolling")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: --rolling takes rates from 0, got '-1%'
    """
    if not text.strip():
        return ()
    found: list[Fraction] = []
    for item in (part.strip() for part in text.split(",")):
        rate = exact_number(item, option, RequestError, "1.25% or 0.0125")
        if rate < 0:
            raise RequestError(f"{option} takes rates from 0, got {item!r}")
        if at_most_one and rate > 1:
            raise RequestError(f"{option} takes rates of at most 100%, got {item!r}")
        found.append(rate)
    return tuple(dict.fromkeys(found))


def parse_sessions(text: str) -> tuple[int, ...]:
    """Rounds in a session, comma-separated, each from 1 (``_`` between digits allowed).

    >>> parse_sessions("100, 1_000")
    (100, 1000)
    >>> parse_sessions("0")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: --session takes whole numbers of rounds from 1, got '0'
    """
    found: list[int] = []
    for item in (part.strip() for part in text.split(",")):
        digits = item.replace("_", "")
        if not digits.isdigit() or len(digits) > 9 or int(digits) < 1:
            raise RequestError(f"--session takes whole numbers of rounds from 1, got {item!r}")
        found.append(int(digits))
    return tuple(dict.fromkeys(found))


@dataclass(frozen=True, slots=True)
class ProgramRates:
    """The programs asked about: each rate of each kind, the session lengths and the
    rebate's cap and minimum loss (units; ``None``: none)."""

    rolling: tuple[Fraction, ...] = (Fraction(1, 100), Fraction(1, 80))
    turnover: tuple[Fraction, ...] = (Fraction(1, 200),)
    theo: tuple[Fraction, ...] = (Fraction(1, 2),)
    rebate: tuple[Fraction, ...] = (Fraction(1, 10),)
    sessions: tuple[int, ...] = (100,)
    cap: Fraction | None = None
    minimum: Fraction = Fraction(0)


# -- one bet's law ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChipProgram:
    """A non-negotiable chip on one bet, and the rolling commissions asked about."""

    bet: str
    law: RoundLaw
    """The bet's net result per unit staked."""
    commissions: tuple[Fraction, ...]

    @property
    def loss(self) -> Fraction:
        """q: the chance a round takes the chip (a line paying −1)."""
        return sum((p for x, p in self.law.outcomes if x == -1), Fraction(0))

    @property
    def push(self) -> Fraction:
        """The chance a round leaves the chip and pays nothing."""
        return sum((p for x, p in self.law.outcomes if x == 0), Fraction(0))

    @property
    def expected_bets(self) -> Fraction:
        """E[L] = 1/q: how many times a chip is bet, pushes included.

        >>> law = RoundLaw.of([(Fraction(1), Fraction(2, 5)), (Fraction(0), Fraction(1, 5)), (Fraction(-1), Fraction(2, 5))])
        >>> ChipProgram("coin", law, ()).expected_bets
        Fraction(5, 2)
        """
        return 1 / self.loss

    @property
    def expected_decisions(self) -> Fraction:
        """E[L] less the pushes: (1 − P(push))/q, the bets that win or lose."""
        return (1 - self.push) / self.loss

    @property
    def variance_bets(self) -> Fraction:
        """Var[L] = (1 − q)/q²."""
        return (1 - self.loss) / self.loss**2

    @property
    def cash_won(self) -> Fraction:
        """E[C]: the cash chips a chip wins before it is lost, Σ pays·P(line)/q."""
        return sum((x * p for x, p in self.law.outcomes if x > 0), Fraction(0)) / self.loss

    @property
    def edge_per_chip(self) -> Fraction:
        """The player's result per chip bought, before commission: E[C] − 1 = EV/q."""
        return self.cash_won - 1

    @property
    def break_even(self) -> Fraction:
        """The rolling commission that makes the chip a fair bet: 1 − E[C]."""
        return -self.edge_per_chip

    def life(self, bets: int) -> Fraction:
        """P(L = ``bets``) = (1 − q)^(bets − 1)·q."""
        return (1 - self.loss) ** (bets - 1) * self.loss

    def outlives(self, bets: int) -> Fraction:
        """P(L > ``bets``) = (1 − q)^bets."""
        return (1 - self.loss) ** bets

    def per_bet(self, commission: Fraction) -> Fraction:
        """The player's edge per unit bet, net of the commission: EV + c·q."""
        return self.law.mean + commission * self.loss


def chip_program(bet: str, law: RoundLaw, commissions: Sequence[Fraction]) -> ChipProgram:
    """The chip program of one bet.

    :raises RequestError: for a bet that cannot lose (a chip would never die), or whose
        losing line takes other than the whole chip.
    """
    if any(x < 0 and x != -1 for x, _ in law.outcomes):
        raise RequestError(
            f"{bet}: a non-negotiable chip is taken whole on a loss, but this bet has a "
            "line that loses other than the whole stake"
        )
    program = ChipProgram(bet, law, tuple(commissions))
    if program.loss == 0:
        raise RequestError(
            f"{bet} cannot lose on this shoe: a non-negotiable chip on it is never lost"
        )
    return program


@dataclass(frozen=True, slots=True)
class TurnoverProgram:
    """Cash-chip programs on one bet (or mix): commissions on turnover, shares of theo."""

    bet: str
    ev: Fraction
    """The player's EV per unit bet (per unit of handle for a mix)."""
    turnover: tuple[Fraction, ...]
    theo: tuple[Fraction, ...]

    def on_turnover(self, rate: Fraction) -> Fraction:
        """The player's edge per unit bet with ``rate`` of turnover paid back."""
        return self.ev + rate

    def on_theo(self, share: Fraction) -> Fraction:
        """The player's edge per unit bet with ``share`` of the theoretical loss paid back."""
        return self.ev * (1 - share)


# -- the rebate on loss --------------------------------------------------------------------------


def unlli(z: float) -> float:
    """The unit normal linear loss integral E[max(0, Z − z)] = φ(z) − z·(1 − Φ(z)).

    >>> [round(unlli(z), 4) for z in (0.0, 0.2, 0.34)]  # MacDonald's table: .3989 .3069 .2518
    [0.3989, 0.3069, 0.2518]
    """
    return _NORMAL.pdf(z) - z * (1 - _NORMAL.cdf(z))


def normal_expected_loss(ev: float, variance: float, rounds: int) -> float:
    """E[max(0, −S_N)] if S_N were normal, mean N·EV, variance N·σ²: m + s·UNLLI(m/s).

    >>> round(normal_expected_loss(-0.0125, 1.0, 750), 2)  # MacDonald: 9.375 + 6.868 (a table's UNLLI)
    16.25
    """
    m, s = -ev * rounds, math.sqrt(variance * rounds)
    if s == 0:
        return max(m, 0.0)
    return m + s * unlli(m / s)


@dataclass(frozen=True, slots=True)
class SessionLoss:
    """The net loss L = max(0, −S_N) of a session of N rounds, as the rebate needs it:
    the losses that can happen (descending) and their masses over a denominator."""

    rounds: int
    exact: bool
    ev: Fraction
    """E[S_N]/N: the EV per round."""
    variance: Fraction
    """Var of one round's net."""
    losses: tuple[Fraction, ...]
    """The positive losses that can happen, largest first."""
    masses: tuple[int | float, ...]
    """Their masses: integers over :attr:`denominator` (exact), or floats."""
    denominator: int
    """Of the exact masses (1 for floats)."""

    def _numbers(self) -> tuple[list[Fraction | float], list[Fraction | float], Fraction | float]:
        """The losses, their masses and the denominator, all exact or all floats."""
        if self.exact:
            return list(self.losses), [Fraction(m) for m in self.masses], Fraction(self.denominator)
        return [float(x) for x in self.losses], [float(m) for m in self.masses], 1.0

    @property
    def chance(self) -> Fraction | float:
        """P(L > 0): the session ends down."""
        _, masses, denominator = self._numbers()
        return sum(masses, Fraction(0) if self.exact else 0.0) / denominator

    def expected(
        self,
        rate: Fraction = Fraction(1),
        cap: Fraction | None = None,
        minimum: Fraction = Fraction(0),
    ) -> Fraction | float:
        """E[min(rate·L, cap)·1{L ≥ minimum}]: the expected rebate of a session."""
        losses, masses, denominator = self._numbers()
        total: Fraction | float = Fraction(0) if self.exact else 0.0
        for exact_loss, loss, mass in zip(self.losses, losses, masses):
            if exact_loss < minimum:
                break
            paid = rate * loss if cap is None else min(rate * loss, cap)
            total += paid * mass
        return total / denominator

    def bound(self, cap: Fraction | None = None) -> float:
        """A bound on the error of :meth:`expected` at rate 1 (0 when exact): each float
        mass good to :data:`FLOAT_ACCURACY`, and :data:`LOST_MASS` outside the window."""
        if self.exact or not self.losses:
            return 0.0
        largest = float(self.losses[0]) if cap is None else min(float(self.losses[0]), float(cap))
        return FLOAT_ACCURACY * largest * len(self.losses) + LOST_MASS * largest

    def break_even(self, cap: Fraction | None, minimum: Fraction) -> Fraction | float | None:
        """The rebate rate R whose expected rebate is the whole expected loss −N·EV (the
        smallest R with E[min(R·L, cap)·1{L ≥ minimum}] = −N·EV); 0 where the player
        already has the edge, ``None`` where no rate of at most 100 % reaches it."""
        target = -self.ev * self.rounds
        if target <= 0:
            return Fraction(0)
        losses, masses, denominator = self._numbers()
        kept = [i for i, loss in enumerate(self.losses) if loss >= minimum]
        losses, masses = [losses[i] for i in kept], [masses[i] for i in kept]
        goal = target * denominator if self.exact else float(target)
        zero: Fraction | float = Fraction(0) if self.exact else 0.0
        weights, amounts = [zero], [zero]  # W_j, U_j: Σ mass, Σ mass·loss of the j largest
        for loss, mass in zip(losses, masses):
            weights.append(weights[-1] + mass)
            amounts.append(amounts[-1] + mass * loss)
        if not losses or amounts[-1] == 0:
            return None
        rate = self._solve(
            losses, weights, amounts, goal, cap if self.exact or cap is None else float(cap)
        )
        return None if rate is None or rate > 1 else rate

    @staticmethod
    def _solve(
        losses: Sequence[Fraction | float],
        weights: Sequence[Fraction | float],
        amounts: Sequence[Fraction | float],
        goal: Fraction | float,
        cap: Fraction | float | None,
    ) -> Fraction | float | None:
        """R with Σ mass·min(R·loss, cap) = goal (losses largest first, W_j and U_j their
        running sums of masses and of mass·loss)."""
        whole = amounts[-1]
        if cap is None:
            return goal / whole
        # f(R) = cap·W_j + R·(whole − U_j) while the j largest losses are capped
        # (cap/l_j ≤ R ≤ cap/l_(j+1)); f at R = cap/l_j grows with j
        at = [
            cap * weights[j] + cap / losses[j - 1] * (whole - amounts[j])
            for j in range(1, len(losses) + 1)
        ]
        j = bisect.bisect_left(at, goal) + 1  # the first breakpoint where f reaches the goal
        if j > len(losses):
            return None
        return (goal - cap * weights[j - 1]) / (whole - amounts[j - 1])


def session_loss(law: RoundLaw, rounds: int) -> SessionLoss:
    """The net loss of ``rounds`` rounds of ``law``, from :func:`sum_law`.

    >>> coin = RoundLaw.of([(Fraction(1), Fraction(1, 2)), (Fraction(-1), Fraction(1, 2))])
    >>> two = session_loss(coin, 2)
    >>> two.losses, two.expected()
    ((Fraction(2, 1),), Fraction(1, 2))

    :raises RequestError: for a session too long to convolve.
    """
    try:
        total: SumLaw = sum_law(law, rounds)
    except OverflowError as error:
        raise RequestError(f"--session {rounds}: {error}; ask for fewer rounds") from None
    losses: list[Fraction] = []
    masses: list[int | float] = []
    for index in range(len(total)):
        amount = total.total(index)
        if amount >= 0:
            break
        losses.append(-amount)
        masses.append(int(total.masses[index]) if total.exact else float(total.masses[index]))
    return SessionLoss(
        rounds=rounds,
        exact=total.exact,
        ev=law.mean,
        variance=law.variance,
        losses=tuple(losses),
        masses=tuple(masses),
        denominator=total.denominator,
    )


@dataclass(frozen=True, slots=True)
class RebateProgram:
    """Rebates on loss on one bet (or mix), for each session length asked about."""

    bet: str
    law: RoundLaw
    rates: tuple[Fraction, ...]
    sessions: tuple[SessionLoss, ...]
    cap: Fraction | None
    minimum: Fraction

    def normal_loss(self, session: SessionLoss) -> float:
        """The published approximation of E[L]: the normal one (:func:`normal_expected_loss`)."""
        return normal_expected_loss(float(self.law.mean), float(self.law.variance), session.rounds)


# -- all of it -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Programs:
    """Every program asked about, on each bet (and the mix) priced on one shoe."""

    chips: tuple[ChipProgram, ...]
    cash: tuple[TurnoverProgram, ...]
    rebates: tuple[RebateProgram, ...]
    rates: ProgramRates


def programs(
    laws: Mapping[str, RoundLaw], rates: ProgramRates, mix: RoundLaw | None = None
) -> Programs:
    """The programs of each bet's law (name → law per unit staked) and of a mix's law
    (per unit of handle), as :class:`ProgramRates` asks.

    >>> coin = RoundLaw.of([(Fraction(19, 20), Fraction(1, 2)), (Fraction(-1), Fraction(1, 2))])
    >>> found = programs({"coin": coin}, ProgramRates(sessions=(2,)))
    >>> found.chips[0].expected_bets, found.chips[0].break_even
    (Fraction(2, 1), Fraction(1, 20))

    :raises RequestError: for a bet that cannot lose.
    """
    chips = tuple(chip_program(name, law, rates.rolling) for name, law in laws.items())
    every = dict(laws)
    if mix is not None:
        every["mix"] = mix
    cash = tuple(
        TurnoverProgram(name, law.mean, rates.turnover, rates.theo) for name, law in every.items()
    )
    rebates = tuple(
        RebateProgram(
            name,
            law,
            rates.rebate,
            tuple(session_loss(law, rounds) for rounds in rates.sessions),
            rates.cap,
            rates.minimum,
        )
        for name, law in every.items()
    )
    return Programs(chips, cash, rebates, rates)
