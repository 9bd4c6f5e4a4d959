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
second cards can fall (:func:`pattern_terms`). ``tests/blackjack_reference.py`` deals the
hands for real, one after the other, and agrees to the last digit.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from baccarat_exact.blackjack.dealer import falling
from baccarat_exact.blackjack.hands import ACE, SLOTS, Counts, add_card, hard_total
from baccarat_exact.blackjack.rules import DealerBlackjackTakes

if TYPE_CHECKING:  # the solver calls this module; its objects come in as arguments
    from baccarat_exact.blackjack.solver import Number, UpCardSolver

__all__ = [
    "Decide",
    "SigmaPlay",
    "best_moves",
    "hands_possible",
    "pattern_terms",
    "resplit_value",
]

_LAST = "N"
"""A split hand's second card that is not a pair card."""
_CAPPED = "C"
"""A pair card as a split hand's second card when no more hands may be made."""


def hands_possible(rules_split_hands: int, slot: int, resplit_aces: bool) -> int:
    """Most hands a pair of ``slot`` may become (aces: 2 unless resplit aces)."""
    return 2 if slot == ACE and not resplit_aces else rules_split_hands


def _second_cards(hands: int) -> Iterator[tuple[tuple[tuple[str, int], ...], int]]:
    """Every way the split hands' second cards can fall, as labels in dealing order —
    ("P", i): a pair card that makes a new hand, (kind, i): hand i's second card — with
    the number of hands made."""

    Labels = tuple[tuple[str, int], ...]

    def deal(i: int, made: int, labels: Labels) -> Iterator[tuple[Labels, int]]:
        if i == made:
            yield labels, made
            return
        if made < hands:
            yield from deal(i, made + 1, (*labels, ("P", i)))
        else:
            yield from deal(i + 1, made, (*labels, (_CAPPED, i)))
        yield from deal(i + 1, made, (*labels, (_LAST, i)))

    yield from deal(0, 2, ())


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
            kind = next(k for k, hand in labels if k != "P" and hand == i)
            named = sum(1 for k, hand in labels if k == "P" or (k == _CAPPED and hand != i))
            others = sum(1 for k, hand in labels if k == _LAST and hand != i)
            for t in range(others + 1):
                key = (named + t, kind, made)
                terms[key] = terms.get(key, 0) + (-1) ** t * math.comb(others, t)
    return tuple(sorted((m, kind, n, c) for (m, kind, n), c in terms.items() if c))


Decide = Callable[[Counts, int, bool], str]
"""A split hand's move: (hand, other pair card's slot, first two cards?) → "stand", "hit"
or "double" (doubling only offered on the first two cards)."""


def best_moves(solver: UpCardSolver) -> Decide:
    """The composition-dependent best moves of ``solver`` (ties: stand, hit, double)."""

    def decide(hand: Counts, extra: int, two_cards: bool) -> str:
        best, move = solver.stand(hand, extra), "stand"
        hit = solver.hit(hand, extra)
        if hit > best:
            best, move = hit, "hit"
        if two_cards and solver.may_double(hand, extra) and solver.double(hand, extra) > best:
            move = "double"
        return move

    return decide


class SigmaPlay:
    """Split hands played by fixed moves (``decide``) and valued on ``value``'s shoe (the
    shoe less some more pair cards): a split hand's value for a fixed strategy."""

    def __init__(self, decide: Decide, value: UpCardSolver) -> None:
        self.decide = decide
        self.value = value
        self._after: dict[tuple[Counts, int], Number] = {}
        self._hit: dict[tuple[Counts, int], Number] = {}

    def after_card(self, hand: Counts, extra: int) -> Number:
        """A hand that just took a card by hitting: bust, Triple Seven, or on as decided."""
        key = (hand, extra)
        cached = self._after.get(key)
        if cached is not None:
            return cached
        value = self.value
        removed = value.removed(hand, extra)
        if hard_total(hand) > 21:
            result = value.bust(removed, sum(removed), 1, extra)
        elif value.is_triple_seven(hand, extra, doubled=False):
            result = value.triple_seven(hand, extra, 1)
        elif self.decide(hand, extra, False) == "hit":
            result = self.hit(hand, extra)
        else:
            result = value.stand(hand, extra)
        self._after[key] = result
        return result

    def hit(self, hand: Counts, extra: int) -> Number:
        """Hitting, then on as decided (numerator over ``value``'s units)."""
        key = (hand, extra)
        cached = self._hit.get(key)
        if cached is not None:
            return cached
        total = self.value.hit_then(hand, extra, self.after_card)
        self._hit[key] = total
        return total

    def split_hand(self, hand: Counts, extra: int) -> Number:
        """A split hand's first two cards, played as decided."""
        value = self.value
        if extra == ACE and not value.rules.hit_split_aces:
            return value.stand(hand, extra)
        move = self.decide(hand, extra, True)
        if move == "hit":
            return self.hit(hand, extra)
        if move == "double" and value.may_double(hand, extra):
            return value.double(hand, extra)
        return value.stand(hand, extra)


def _pair_chance(solver: UpCardSolver, slot: int, m: int) -> Number:
    """``m`` named cards after the two pair cards all being pair cards: a numerator turning
    values over ``D_{2+m}`` into values over ``D_2`` (exact), or the chance (float)."""
    left, n = solver.counts[slot] - 2, solver.n_cards - 2
    if solver.infinite:
        left, n = solver.counts[slot], solver.n_cards
        return left**m if solver.exact else (left / n) ** m
    if solver.exact:
        return falling(left, m)
    return float(falling(left, m)) / float(falling(n, m))


def resplit_value(solver: UpCardSolver, slot: int, decide: Decide | None = None) -> Number:
    """The value of splitting a pair of ``slot`` with resplits, over ``D_2 · S`` like
    :meth:`UpCardSolver.split` (which it equals when the pair may split only once): each
    split hand played by ``decide`` (default: :func:`best_moves` of ``solver``, the shoe
    less the up card and both pair cards)."""
    if not solver.exact:  # exact numerators are quicker here than float rows one by one
        twin = solver.twin(exact=True)
        return twin.float_of(resplit_value(twin, slot, decide), 2)
    decide = best_moves(solver) if decide is None else decide
    rules = solver.rules
    hands = hands_possible(rules.split_hands, slot, rules.resplit_aces)
    shares = not rules.hole_card and rules.dealer_blackjack_takes is DealerBlackjackTakes.ORIGINAL
    first = add_card((0,) * SLOTS, slot)
    terms = [term for term in pattern_terms(hands) if _pair_chance(solver, slot, term[0])]
    plays: dict[tuple[int, int], SigmaPlay] = {}
    for m, _, made, _ in terms:
        sharing = made if shares else 2
        if (m, sharing) not in plays:
            plays[(m, sharing)] = SigmaPlay(decide, solver.with_out(slot, m, sharing))
    total: Number = 0
    for m, kind, made, coefficient in terms:
        play = plays[(m, made if shares else 2)]
        value = play.value
        removed = value.removed(first, slot)
        r = sum(removed)
        part: Number = 0
        for card in range(SLOTS):
            if (card == slot) != (kind == _CAPPED):
                continue
            w = value.weight(removed, r, card)
            if w:
                part += w * play.split_hand(add_card(first, card), slot)
        total += coefficient * _pair_chance(solver, slot, m) * part
    return total
