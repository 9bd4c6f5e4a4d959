"""What a hand may do under the rules: the one place each player rule is read.

A hand is described by what the rules look at: its total and whether it is soft, how many
cards it holds, and ``extra`` — for a split hand the slot of the pair card that went to the
other hand (-1 for an unsplit hand). The engine (:mod:`~baccarat_exact.blackjack.graph`),
the chart (:mod:`~baccarat_exact.blackjack.strategy`), the dealt round
(:mod:`~baccarat_exact.blackjack.dealt`), the round's law and the resplit terms all ask
here, so a rule is encoded once: doubling (after a split, on split aces), surrender and
when it is made, which two cards are a pair and how many hands it may become, the order
in which split hands take their second cards, the forced stand of split aces, and which
three sevens are a paid Triple Seven.

>>> from baccarat_exact.blackjack.rules import BlackjackRules
>>> rules = BlackjackRules(double_after_split=True)
>>> may_double(rules, 11, False, extra=4), may_double(rules, 11, False, extra=0)
(True, False)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from fractions import Fraction

from baccarat_exact.blackjack.hands import ACE, TEN
from baccarat_exact.blackjack.rules import BlackjackRules, SplitBy, Surrender

__all__ = [
    "ANY",
    "CAPPED",
    "LAST",
    "PAIR",
    "SplitDeal",
    "forced_stand",
    "hands_possible",
    "is_triple_seven",
    "may_double",
    "may_split",
    "may_surrender",
    "pays_triple_seven",
    "split_deals",
    "split_share",
    "surrenders_before_peek",
    "tens_split_by_rank",
]


def forced_stand(rules: BlackjackRules, extra: int) -> bool:
    """Whether a split hand stands on its two cards: split aces that take one card each."""
    return extra == ACE and not rules.hit_split_aces


def may_double(rules: BlackjackRules, total: int, soft: bool, *, extra: int = -1) -> bool:
    """Whether a two-card hand of this total may double: the double rule's totals and, for a
    split hand, double after split (split aces: only when they may double and take cards)."""
    if extra >= 0:
        if not rules.double_after_split:
            return False
        if extra == ACE and not (rules.double_split_aces and rules.hit_split_aces):
            return False
    return rules.may_double(total, soft)


def may_surrender(rules: BlackjackRules, *, cards: int, extra: int = -1) -> bool:
    """Whether a hand may surrender: an unsplit hand of two cards, where surrender is offered
    (a blackjack never plays on, so never surrenders)."""
    return rules.surrender is not Surrender.NONE and cards == 2 and extra < 0


def surrenders_before_peek(rules: BlackjackRules) -> bool:
    """Whether a surrender is made against the up card alone (early): it then keeps half the
    stake even when the dealer turns out to hold a blackjack."""
    return rules.surrender is Surrender.EARLY


def pays_triple_seven(rules: BlackjackRules, *, split: bool, doubled: bool) -> bool:
    """Whether three sevens (the hand's first three cards) are paid at once, for a split hand or
    not, completed by a double or by a hit."""
    if not rules.triple_seven or (split and not rules.triple_seven_on_split):
        return False
    return not doubled or rules.triple_seven_on_double


def is_triple_seven(
    rules: BlackjackRules, sevens: int, cards: int, *, split: bool, doubled: bool
) -> bool:
    """Whether a hand of ``cards`` cards, ``sevens`` of them sevens, is a paid Triple Seven:
    its first three cards are sevens and the rules pay them for this hand.

    >>> from baccarat_exact.blackjack.rules import BlackjackRules
    >>> is_triple_seven(BlackjackRules(), 3, 3, split=False, doubled=True)
    True
    >>> is_triple_seven(BlackjackRules(), 3, 3, split=True, doubled=False)  # not on split hands
    False
    """
    return sevens == 3 and cards == 3 and pays_triple_seven(rules, split=split, doubled=doubled)


def may_split(rules: BlackjackRules, first: int, second: int, *, same_rank: bool) -> bool:
    """Whether two cards of value slots ``first`` and ``second`` are a pair that may split:
    equal values, and by rank also one rank (``same_rank``: K K splits, K Q does not).

    >>> from baccarat_exact.blackjack.rules import BlackjackRules
    >>> by_rank = BlackjackRules(split_by="rank")
    >>> may_split(by_rank, 9, 9, same_rank=False), may_split(BlackjackRules(), 9, 9, same_rank=False)
    (False, True)
    """
    return first == second and (rules.split_by is SplitBy.VALUE or same_rank)


def tens_split_by_rank(rules: BlackjackRules) -> bool:
    """Whether two ten-valued cards split only when of one rank (T J Q K told apart)."""
    return rules.split_by is SplitBy.RANK


def split_share(rules: BlackjackRules, slot: int, same_rank_tens: Fraction) -> Fraction:
    """The share of two-card pairs of value ``slot`` that may split, where ``same_rank_tens``
    is the chance that two ten-valued cards dealt are of one rank: all of them, but by rank
    only that share of the ten pairs.

    >>> from baccarat_exact.blackjack.rules import BlackjackRules
    >>> split_share(BlackjackRules(split_by="rank"), 9, Fraction(5, 21))
    Fraction(5, 21)
    """
    if slot != TEN or not tens_split_by_rank(rules):
        return Fraction(1)
    return same_rank_tens


def hands_possible(rules: BlackjackRules, slot: int) -> int:
    """Most hands a pair of ``slot`` may become (aces: two unless aces resplit)."""
    return 2 if slot == ACE and not rules.resplit_aces else rules.split_hands


PAIR = "P"
"""A split hand's second card that is a pair card and makes one more hand."""
LAST = "N"
"""A split hand's second card that is not a pair card."""
CAPPED = "C"
"""A pair card as a split hand's second card when no more hands may be made."""
ANY = "A"
"""A split hand's second card dealt once no more hands may be made: a pair card (``CAPPED``)
or not (``LAST``) alike."""

SplitDeal = tuple[tuple[str, int], ...]
"""The second cards of a split pair in dealing order, as (kind, hand): ``PAIR`` with the hand
whose second card it would have been, else the kind of hand ``hand``'s second card."""


@functools.cache
def split_deals(hands: int) -> tuple[tuple[SplitDeal, int], ...]:
    """Every way the second cards of a pair split into at most ``hands`` hands can fall, with
    the number of hands made: the hands are played in turn, each taking its second card when
    its turn comes, and a pair card dealt so makes one more hand (played next) while fewer
    than ``hands`` exist; after that a hand's second card is ``ANY`` card.

    >>> split_deals(2)
    (((('A', 0), ('A', 1)), 2),)
    >>> [made for _, made in split_deals(3)]
    [3, 3, 2]
    """

    def deal(i: int, made: int, labels: SplitDeal) -> Iterator[tuple[SplitDeal, int]]:
        if i == made:
            yield labels, made
            return
        if made < hands:
            yield from deal(i, made + 1, (*labels, (PAIR, i)))
            yield from deal(i + 1, made, (*labels, (LAST, i)))
        else:
            yield from deal(i + 1, made, (*labels, (ANY, i)))

    return tuple(deal(0, 2, ()))
