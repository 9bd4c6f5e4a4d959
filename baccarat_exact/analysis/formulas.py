"""Exact odds as rational functions of the number of decks d.

A shoe of d decks less some fixed cards holds 4d - r_v cards of each point value
1–9 and 16d - r_0 of value 0, so every engine count Σ_m A[e, m] Π_v ff(n_v, m_v)
is a polynomial in d of degree at most 6, and so is the total N(N-1)…(N-5) with
N = 52d - R. A polynomial of degree 6 is fixed by its values at 7 points:
:func:`deck_formulas` takes the engine's exact counts at 7 deck counts,
interpolates them exactly, confirms the degree at an 8th, and cancels every ratio
to lowest terms. The result equals the engine for every d from ``min_decks`` on
(smaller shoes cannot hold the removed cards). Pair bets look at ranks and suits; a
d-deck shoe holds d cards of each rank and suit, so their counts (from the side-bet
pricer at the same deck counts) are polynomials of degree ≤ 6 in d as well.

The algebra (polynomials, rational functions in lowest terms) is in
:mod:`~baccarat_exact.analysis.rational`; sympy is imported only inside the functions
that need it, so importing this module stays cheap.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from baccarat_exact.analysis.rational import (
    Polynomial,
    RationalFunction,
    decks_symbol,
    evaluate,
    interpolate,
    lowest_terms,
    multiply,
    polynomial_sum,
    scale,
)
from baccarat_exact.engine.counting import count_array, six_card_total
from baccarat_exact.errors import FormulaError
from baccarat_exact.model.bets import Bet, main_bets, refuse_card_bets
from baccarat_exact.model.cards import Card, Rank, format_cards, parse_cards
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.events import Outcome
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds, plan

__all__ = [
    "DEGREE",
    "BetFormula",
    "DeckFormulas",
    "Limit",
    "LineFormula",
    "RationalFunction",
    "deck_formulas",
    "decks_symbol",
    "ev_formula",
    "find_bets",
    "limits",
    "min_decks",
    "probability_formula",
    "six_card_total_polynomial",
]

DEGREE = 6
"""Every count is a polynomial in d of at most this degree (six cards decide a round)."""


def six_card_total_polynomial(removed: int = 0) -> Polynomial:
    """N(N-1)…(N-5) with N = 52d - ``removed``, as a polynomial in d.

    >>> total = six_card_total_polynomial()
    >>> evaluate(total, Fraction(8)) == 416 * 415 * 414 * 413 * 412 * 411
    True
    """
    poly: Polynomial = (Fraction(1),)
    for i in range(DEGREE):
        poly = multiply(poly, (Fraction(-removed - i), Fraction(52)))
    return poly


# -- formulas of a deck-count family of shoes -------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class LineFormula:
    """One pay line: its pay and the probability that a round ends on it, P(d)."""

    name: str
    pays: Fraction
    probability: RationalFunction


@dataclass(frozen=True, slots=True, kw_only=True)
class BetFormula:
    """One bet's pay lines, P(win) and EV as rational functions of d."""

    bet: Bet
    counts: tuple[Polynomial, ...]
    """Six-card sequences ending on each pay line, as polynomials in d."""
    lines: tuple[LineFormula, ...]
    win: RationalFunction
    """P(the bet wins): the lines with a positive pay together."""
    ev: RationalFunction
    """Expected net units per unit staked; the house edge is ``-ev``."""

    @property
    def name(self) -> str:
        """The bet's name."""
        return self.bet.name


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckFormulas:
    """Formulas for the shoes "d decks less ``removed``", valid for every d ≥ ``min_decks``."""

    rules: Rules
    removed: tuple[Card, ...]
    """Cards taken out of every shoe (a card without a suit: one of unknown suit)."""
    min_decks: int
    """Smallest d whose shoe holds the removed cards and at least six cards."""
    total: Polynomial
    """N(N-1)…(N-5), N = 52d - len(removed): the six-card sequences of the shoe."""
    outcomes: tuple[tuple[Outcome, RationalFunction], ...]
    """P(banker), P(player), P(tie)."""
    bets: tuple[BetFormula, ...]

    def outcome(self, outcome: Outcome | str) -> RationalFunction:
        """P(outcome) as a rational function of d."""
        wanted = Outcome(outcome)
        return next(f for o, f in self.outcomes if o is wanted)

    def bet(self, name: str) -> BetFormula:
        """The formulas of one bet by name."""
        for formula in self.bets:
            if formula.name == name:
                return formula
        raise KeyError(name)

    @property
    def removed_text(self) -> str:
        """The removed cards in card notation (empty when none)."""
        return format_cards(self.removed)

    def shoe(self, decks: int) -> Shoe:
        """The shoe the formulas describe at ``decks`` decks."""
        return Shoe.from_decks(decks).remove(self.removed)


def min_decks(removed: Sequence[Card | Rank]) -> int:
    """Smallest number of decks that holds ``removed`` and still deals a round (6 cards).

    >>> min_decks(parse_cards("5x5")), min_decks(()), min_decks(parse_cards("Ax4 2x4 As As"))
    (2, 1, 2)
    """
    cards = [Card(card) if isinstance(card, Rank) else card for card in removed]
    by_rank = Counter(card.rank for card in cards)
    by_suit = Counter(card for card in cards if card.suit is not None)
    needed = max([1, *(-(-n // 4) for n in by_rank.values()), *by_suit.values()])
    while 52 * needed - len(removed) < DEGREE:
        needed += 1
    return needed


def deck_formulas(
    rules: Rules | None = None,
    bets: Sequence[Bet] | None = None,
    removed: str | Sequence[Card | Rank] = "",
) -> DeckFormulas:
    """Every outcome probability and bet EV of "d decks less ``removed``" as a function of d.

    ``bets`` defaults to Banker, Player and Tie under ``rules``; any bet that is a pay
    table over the 400 events works.

    >>> formulas = deck_formulas()
    >>> formulas.outcome("tie")(8) == Fraction(475627426473216, 4998398275503360)
    True
    >>> formulas.bet("banker").ev.limit()
    Fraction(-256786, 24134045)
    """
    rules = rules if rules is not None else Rules()
    chosen = tuple(bets) if bets is not None else main_bets(rules)
    refuse_card_bets(chosen, "a formula in d")
    cards = parse_cards(removed) if isinstance(removed, str) else tuple(removed)
    given = [Card(card) if isinstance(card, Rank) else card for card in cards]
    ordered = sorted(
        given, key=lambda c: (c.rank.ordinal, -1 if c.suit is None else c.suit.ordinal)
    )
    suited = [bet.name for bet in chosen if bet.needs_suits]
    if suited and any(card.suit is None for card in ordered):
        raise FormulaError(
            f"{', '.join(suited)} look at suits: as formulas in d they need the suit of every "
            "removed card (write As rather than A)"
        )
    return _deck_formulas(rules, chosen, tuple(ordered))


@functools.lru_cache(maxsize=32)
def _deck_formulas(rules: Rules, bets: tuple[Bet, ...], removed: tuple[Card, ...]) -> DeckFormulas:
    first = min_decks(removed)
    nodes = list(range(first, first + DEGREE + 2))  # 7 to interpolate, 1 to confirm
    shoes = [Shoe.from_decks(d).remove(removed) for d in nodes]
    total = six_card_total_polynomial(len(removed))
    by_value = tuple(bet for bet in bets if not bet.needs_pairs)
    how = plan(rules.tableau, by_value)
    values = np.array([shoe.values for shoe in shoes], dtype=np.int64)
    engine = [[int(c) for c in row] for row in count_array(values, how.compiled).tolist()]
    columns = [_fit(nodes, column, "an engine count") for column in zip(*engine)]
    counts: dict[int, tuple[Polynomial, ...]] = {}
    for bet, item in zip(by_value, how.values):
        lines = [columns[c] for c in item.columns]
        rest = polynomial_sum((total, *(scale(line, Fraction(-1)) for line in lines)))
        counts[id(bet)] = (*lines, rest)
    with_pairs = tuple(bet for bet in bets if bet.needs_pairs)
    for bet, by_line in zip(with_pairs, _priced_counts(shoes, rules, with_pairs)):
        what = f"a count of {bet.name!r}"
        counts[id(bet)] = tuple(_fit(nodes, column, what) for column in by_line)
    banker, player = columns[0], columns[1]
    tie = polynomial_sum((total, scale(banker, Fraction(-1)), scale(player, Fraction(-1))))
    outcomes = tuple(
        (outcome, lowest_terms(count, total))
        for outcome, count in zip(
            (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE), (banker, player, tie)
        )
    )
    return DeckFormulas(
        rules=rules,
        removed=removed,
        min_decks=first,
        total=total,
        outcomes=outcomes,
        bets=tuple(_bet_formula(bet, counts[id(bet)], total) for bet in bets),
    )


def _fit(nodes: Sequence[int], column: Sequence[int], what: str) -> Polynomial:
    """The polynomial of degree ≤ 6 through the counts at the first 7 nodes, confirmed
    at the 8th."""
    poly = interpolate(nodes[:-1], column[:-1])
    if evaluate(poly, Fraction(nodes[-1])) != column[-1]:  # pragma: no cover - a theorem
        raise FormulaError(f"{what} is not a polynomial of degree {DEGREE} in d")
    return poly


def _priced_counts(
    shoes: Sequence[Shoe], rules: Rules, bets: tuple[Bet, ...]
) -> list[list[list[int]]]:
    """For each pair bet, each line's six-card count at each shoe (the side-bet pricer)."""
    if not bets:
        return []
    per_shoe = [odds(shoe, rules, bets).bets for shoe in shoes]
    counts: list[list[list[int]]] = [[[] for _ in bet.lines] for bet in bets]
    for shoe, results in zip(shoes, per_shoe):
        total = six_card_total(shoe.cards)
        for b, result in enumerate(results):
            for line, count in enumerate(result.line_counts):
                scaled, rest = divmod(count * total, result.denominator)
                if rest:  # pragma: no cover - suited bets need suited removals (checked)
                    raise FormulaError(f"the counts of {result.name!r} are not six-card counts")
                counts[b][line].append(scaled)
    return counts


def _bet_formula(bet: Bet, counts: tuple[Polynomial, ...], total: Polynomial) -> BetFormula:
    """A bet's line probabilities, P(win) and EV from its line counts."""
    win = polynomial_sum(c for line, c in zip(bet.lines, counts) if line.pays > 0)
    ev = polynomial_sum(scale(c, line.pays) for line, c in zip(bet.lines, counts))
    return BetFormula(
        bet=bet,
        counts=counts,
        lines=tuple(
            LineFormula(name=line.name, pays=line.pays, probability=lowest_terms(c, total))
            for line, c in zip(bet.lines, counts)
        ),
        win=lowest_terms(win, total),
        ev=lowest_terms(ev, total),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Limit:
    """A formula's limit as d → ∞ next to the engine's value for the infinite shoe."""

    bet: str
    """The bet, or ``outcome`` for the outcome probabilities."""
    quantity: str
    """``P(<line>)``, ``EV`` or ``P(<outcome>)``."""
    formula: Fraction
    """The limit of the formula."""
    engine: Fraction
    """The engine's exact value for the infinite shoe (``odds --infinite``)."""

    @property
    def equal(self) -> bool:
        """Whether the two agree exactly (they must: a failure would be a bug)."""
        return self.formula == self.engine


def limits(formulas: DeckFormulas) -> tuple[Limit, ...]:
    """Every formula's limit as d → ∞ beside the engine's infinite-shoe value (pair bets:
    the side-bet pricer's).

    >>> rows = limits(deck_formulas())
    >>> all(row.equal for row in rows), rows[0]
    (True, Limit(bet='outcome', quantity='P(banker)', formula=Fraction(2212744, 4826809), engine=Fraction(2212744, 4826809)))
    """
    infinite = odds(Shoe.infinite_shoe(), formulas.rules)
    priced = odds(Shoe.infinite_shoe(), formulas.rules, tuple(f.bet for f in formulas.bets)).bets
    rows = [
        Limit(
            bet="outcome",
            quantity=f"P({outcome.value})",
            formula=formula.limit(),
            engine=infinite.probability(outcome),
        )
        for outcome, formula in formulas.outcomes
    ]
    for bet_formula, engine in zip(formulas.bets, priced):
        for line, (_, _, probability) in zip(bet_formula.lines, engine.lines):
            rows.append(
                Limit(
                    bet=bet_formula.name,
                    quantity=f"P({line.name})",
                    formula=line.probability.limit(),
                    engine=probability,
                )
            )
        rows.append(
            Limit(
                bet=bet_formula.name,
                quantity="EV",
                formula=bet_formula.ev.limit(),
                engine=engine.ev,
            )
        )
    return tuple(rows)


def find_bets(names: Sequence[str], rules: Rules) -> tuple[Bet, ...]:
    """The bets called ``names`` (none: Banker, Player, Tie), from the side-bet catalogue
    (:func:`~baccarat_exact.sidebets.find_bet`, which knows the main bets too).

    >>> [bet.name for bet in find_bets(["Tie", "banker", "tie"], Rules())]
    ['tie', 'banker']
    >>> find_bets(["nonsense"], Rules())
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.BetError: unknown bet 'nonsense': ...
    """
    if not names:
        return main_bets(rules)
    chosen: list[Bet] = []
    for name in names:
        bet = find_bet(name, rules)
        if bet not in chosen:
            chosen.append(bet)
    return tuple(chosen)


# -- the sympy API ----------------------------------------------------------------------


def probability_formula(
    outcome: Outcome | str, *, rules: Rules | None = None, removed: str = ""
) -> Any:
    """P(outcome) for "d decks less ``removed``" as a sympy expression in ``d``.

    >>> import sympy
    >>> d = decks_symbol()
    >>> tie = probability_formula("tie")
    >>> tie.subs(d, 8) == sympy.Rational(475627426473216, 4998398275503360)
    True
    >>> sympy.limit(tie, d, sympy.oo)
    460601/4826809
    """
    return deck_formulas(rules, removed=removed).outcome(outcome).expr()


def ev_formula(
    bet: str | Bet = "banker",
    *,
    rules: Rules | None = None,
    removed: str = "",
) -> Any:
    """The EV of ``bet`` (a main bet's name or any event-based :class:`Bet`) as a sympy
    expression in ``d``, for "d decks less ``removed``".

    >>> import sympy
    >>> player = ev_formula("player", removed="5x5")
    >>> sorted(player.free_symbols, key=str)
    [d]
    >>> sympy.limit(player, decks_symbol(), sympy.oo)
    -4560/371293
    """
    rules = rules if rules is not None else Rules()
    chosen = bet if isinstance(bet, Bet) else find_bets([bet], rules)[0]
    return deck_formulas(rules, (chosen,), removed).bets[0].ev.expr()
