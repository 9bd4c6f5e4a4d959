"""Resplits: the exact value of splitting a pair into up to 3 or 4 hands, for a stated strategy.

**The strategy.** A pair card dealt to a split hand as its second card splits again while
fewer than ``split_hands`` hands exist (aces only with ``resplit_aces``); a hand that
may not split again plays the pair as it is. Every split hand is played exactly as when
a pair splits once: by the composition-dependent best moves for the shoe less the up
card, the two pair cards first split and the hand's own cards. The extra pair cards of
resplits are not taken into account by these moves, so the figure is **exact for this
strategy**, not the optimum over every strategy (which would let each hand's moves
depend on every card seen).

**Why it is exact.** The chance of any complete deal (every hand's cards and the
dealer's) depends only on the cards used, not on the order they came in, as long as
each hand's and the dealer's moves depend on their own cards alone (they do here). So
the value of hand *i* can be taken with its cards and the dealer's drawn first, after the
cards that decided how many hands there are. Which second cards were pair cards
("= p") and which were not ("≠ p") decides that; writing each "≠ p" of another hand as
1 − "= p" leaves only terms in which some number *m* of named cards are pair cards, and
then hand *i* is simply played from the shoe less those *m* pair cards:

    split value = Σ_{m, kind, n} c(m, kind, n) · P(m named cards are all p) · E_m(kind, n)

where ``E_m(kind, n)`` is a split hand's value from the shoe less *m* more pair cards when
its second card is a pair card that may not split (kind "C") or any other card (kind
"N"), out of *n* hands in all (a dealer blackjack that takes the original stake only
shares it among the *n* hands), and the integers ``c`` come from counting the ways the
second cards can fall (:func:`pattern_terms`). Each ``E_m`` is one sweep of the fixed
play over the pair's split hands (:meth:`~baccarat_exact.blackjack.graph.StateGraph.split`).
``tests/blackjack_reference.py`` deals the hands for real, one after the other, and agrees
to the last digit.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from baccarat_exact.blackjack.dealer import falling
from baccarat_exact.blackjack.round.moves import ANY, CAPPED, LAST, PAIR, split_deals
from baccarat_exact.blackjack.solver import Number

if TYPE_CHECKING:
    from baccarat_exact.blackjack.graph_solver import GraphSolver

__all__ = ["CAPPED", "LAST", "pair_chance", "pattern_terms"]


def _second_cards(hands: int) -> Iterator[tuple[tuple[tuple[str, int], ...], int]]:
    """Every way the split hands' second cards can fall (:func:`~baccarat_exact.blackjack.
    round.moves.split_deals`), each second card dealt once no more hands may be made told
    apart as a pair card (``CAPPED``) or not (``LAST``); with the number of hands made."""
    for labels, made in split_deals(hands):
        options = [
            ((CAPPED, hand), (LAST, hand)) if kind == ANY else ((kind, hand),)
            for kind, hand in labels
        ]
        for chosen in itertools.product(*options):
            yield chosen, made


@functools.cache
def pattern_terms(hands: int) -> tuple[tuple[int, str, int, int], ...]:
    """The integer coefficients ``c(m, kind, n)`` of the split value for at most ``hands``
    hands, as (m, kind, n, c) with c ≠ 0.

    >>> pattern_terms(2)  # split once: each of the two hands from the shoe as it is
    ((0, 'C', 2, 2), (0, 'N', 2, 2))
    """
    terms: dict[tuple[int, str, int], int] = {}
    for labels, made in _second_cards(hands):
        for i in range(made):
            kind = next(k for k, hand in labels if k != PAIR and hand == i)
            named = sum(1 for k, hand in labels if k == PAIR or (k == CAPPED and hand != i))
            others = sum(1 for k, hand in labels if k == LAST and hand != i)
            for t in range(others + 1):
                key = (named + t, kind, made)
                terms[key] = terms.get(key, 0) + (-1) ** t * math.comb(others, t)
    return tuple(sorted((m, kind, n, c) for (m, kind, n), c in terms.items() if c))


def pair_chance(solver: GraphSolver, slot: int, m: int) -> Number:
    """``m`` named cards after the two pair cards all being pair cards: a numerator turning
    values over ``D_{2+m}`` into values over ``D_2`` (exact), or the chance (float)."""
    left, n = solver.counts[slot] - 2, solver.n_cards - 2
    if solver.infinite:
        left, n = solver.counts[slot], solver.n_cards
        return left**m if solver.exact else (left / n) ** m
    if solver.exact:
        return falling(left, m)
    return float(falling(left, m)) / float(falling(n, m))
