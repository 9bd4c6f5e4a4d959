"""Break-even pays: the pay (or commission) that makes a bet's EV exactly zero.

A bet's EV is linear in its pay table: EV = Σ_l x_l · P(line l), where x_l is
what line l pays per unit. So each line's probability is how much the EV moves
per unit of that line's pay, and holding the other lines fixed, the pay of line k
that makes the bet fair is x_k = -Σ_{l≠k} x_l P_l / P_k. For one shoe every P_l is
an exact fraction (from the engine); for "d decks less some cards" it is a
rational function of d (:mod:`~baccarat_exact.analysis.formulas`), and so is the
break-even pay. The Banker bet's win line pays 1 less the commission, so its
break-even commission is 1 minus its break-even pay.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat_exact.analysis.formulas import deck_formulas, find_bets
from baccarat_exact.analysis.rational import (
    ZERO,
    Polynomial,
    RationalFunction,
    lowest_terms,
    polynomial_sum,
)
from baccarat_exact.errors import RulesError
from baccarat_exact.model.bets import Bet, main_bets
from baccarat_exact.model.cards import Card, Rank
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds

__all__ = [
    "BetBreakEven",
    "BreakEven",
    "LineTerm",
    "breakeven",
    "fair_pay_formula",
    "linear_ev",
    "pay_symbol",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class LineTerm:
    """One pay line in the linear EV: its pay now, its probability (∂EV/∂pay) and the
    pay that would make the bet fair with every other line unchanged."""

    name: str
    pays: Fraction
    probability: RationalFunction
    """P(the round ends on this line): the EV moves by this much per unit of its pay."""
    fair_pay: RationalFunction | None
    """Break-even pay of this line; None for a line that loses the stake (a pay below 0)
    or never happens."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BetBreakEven:
    """One bet: its EV now, the terms of its linear EV and the break-even pays."""

    bet: Bet
    ev: RationalFunction
    lines: tuple[LineTerm, ...]
    fair_commission: RationalFunction | None
    """For the Banker bet: the commission that makes it fair (1 - fair pay of its win)."""

    @property
    def name(self) -> str:
        """The bet's name."""
        return self.bet.name

    def line(self, name: str) -> LineTerm:
        """One line by name."""
        for term in self.lines:
            if term.name == name:
                return term
        known = ", ".join(term.name for term in self.lines)
        raise RulesError(f"bet {self.name!r} has no line {name!r}: its lines are {known}")

    def linear_ev(self) -> Any:
        """EV as a sympy expression linear in one pay symbol per line (:func:`pay_symbol`)."""
        import sympy

        return sympy.Add(*(term.probability.expr() * pay_symbol(term.name) for term in self.lines))


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakEven:
    """Break-even pays of some bets, for one shoe or as functions of the number of decks d."""

    rules: Rules
    shoe: Shoe | None
    """The shoe; None when the values are functions of d ("d decks less ``removed``")."""
    removed: tuple[Card, ...]
    min_decks: int | None
    """With a symbolic d: the smallest d the formulas hold for."""
    bets: tuple[BetBreakEven, ...]

    @property
    def symbolic(self) -> bool:
        """Whether the values are functions of d."""
        return self.shoe is None

    def bet(self, name: str) -> BetBreakEven:
        """One bet by name."""
        for result in self.bets:
            if result.name == name:
                return result
        raise KeyError(name)


def pay_symbol(line: str) -> Any:
    """The sympy symbol for the pay of a line: ``x_win``, ``x_push``, ``x_win_by_9``.

    >>> pay_symbol("win by 9")
    x_win_by_9
    """
    import sympy

    return sympy.Symbol("x_" + (re.sub(r"\W+", "_", line.strip()).strip("_") or "line"))


def _constant(n: int) -> Polynomial:
    return (Fraction(n),)


def _times(count: Polynomial, pays: Fraction) -> Polynomial:
    return tuple(pays * c for c in count)


def _bet_breakeven(
    bet: Bet, counts: Sequence[Polynomial], total: Polynomial, rules: Rules
) -> BetBreakEven:
    """Linear EV terms and break-even pays from each line's count (a polynomial in d)."""
    terms = []
    for k, line in enumerate(bet.lines):
        fair = None
        if line.pays >= 0 and counts[k] != ZERO:
            rest = polynomial_sum(
                _times(count, -other.pays)
                for other, count in zip(bet.lines, counts)
                if other is not line
            )
            fair = lowest_terms(rest, counts[k])
        terms.append(
            LineTerm(
                name=line.name,
                pays=line.pays,
                probability=lowest_terms(counts[k], total),
                fair_pay=fair,
            )
        )
    ev = polynomial_sum(_times(count, line.pays) for line, count in zip(bet.lines, counts))
    commission = None
    if bet == main_bets(rules)[0]:
        win = next(t for t in terms if t.name == "win").fair_pay
        if win is not None:
            below = tuple(Fraction(c) for c in win.denominator)
            above = tuple(Fraction(-c) for c in win.numerator)
            commission = lowest_terms(polynomial_sum((below, above)), below)
    return BetBreakEven(
        bet=bet, ev=lowest_terms(ev, total), lines=tuple(terms), fair_commission=commission
    )


def breakeven(
    shoe: Shoe | None = None,
    rules: Rules | None = None,
    bets: Sequence[Bet] | None = None,
    removed: str | Sequence[Card | Rank] = "",
) -> BreakEven:
    """Break-even pays of ``bets`` (default Banker, Player, Tie; any catalogue or pay-table
    bet) for ``shoe``, or, when ``shoe`` is None, for "d decks less ``removed``" as
    functions of d.

    >>> result = breakeven(Shoe.from_decks(8))
    >>> tie = result.bet("tie").line("win").fair_pay.value  # Tie is fair at this many to 1
    >>> tie == Fraction(4998398275503360 - 475627426473216, 475627426473216)  # the published 8-deck counts
    True
    >>> symbolic = breakeven()
    >>> symbolic.bet("banker").fair_commission(8) == result.bet("banker").fair_commission.value
    True
    """
    rules = rules if rules is not None else Rules()
    chosen = tuple(bets) if bets is not None else main_bets(rules)
    if shoe is None:
        formulas = deck_formulas(rules, chosen, removed)
        results = tuple(
            _bet_breakeven(f.bet, f.counts, formulas.total, rules) for f in formulas.bets
        )
        return BreakEven(
            rules=rules,
            shoe=None,
            removed=formulas.removed,
            min_decks=formulas.min_decks,
            bets=results,
        )
    if removed:
        shoe = shoe.remove(removed)
    return BreakEven(
        rules=rules,
        shoe=shoe,
        removed=(),
        min_decks=None,
        bets=tuple(
            _bet_breakeven(
                b.bet, [_constant(n) for n in b.line_counts], _constant(b.denominator), rules
            )
            for b in odds(shoe, rules, chosen).bets
        ),
    )


def linear_ev(
    bet: str = "tie", *, shoe: Shoe | None = None, rules: Rules | None = None, removed: str = ""
) -> Any:
    """A bet's EV (by catalogue name) as a sympy expression linear in its pays (``x_win``,
    ``x_push``, ``x_lose``, …); the coefficients are functions of ``d`` when ``shoe`` is None.

    >>> linear_ev("tie", shoe=Shoe.infinite_shoe())
    4366208*x_lose/4826809 + 460601*x_win/4826809
    """
    return _one(bet, shoe, rules, removed).linear_ev()


def fair_pay_formula(
    bet: str = "tie",
    line: str = "win",
    *,
    shoe: Shoe | None = None,
    rules: Rules | None = None,
    removed: str = "",
) -> Any:
    """The pay of ``line`` that makes a bet (by catalogue name) fair, as a sympy expression (in ``d``
    when ``shoe`` is None).

    >>> import sympy
    >>> sympy.limit(fair_pay_formula("tie"), sympy.Symbol("d"), sympy.oo)
    4366208/460601
    """
    fair = _one(bet, shoe, rules, removed).line(line).fair_pay
    if fair is None:
        raise RulesError(
            f"line {line!r} of {bet!r} has no break-even pay: it loses the stake or never happens"
        )
    return fair.expr()


def _one(bet: str, shoe: Shoe | None, rules: Rules | None, removed: str) -> BetBreakEven:
    rules = rules if rules is not None else Rules()
    return breakeven(shoe, rules, find_bets([bet], rules), removed).bets[0]
