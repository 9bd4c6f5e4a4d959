"""Blackjack card values and hand totals over ten value slots ``A 2 … 9 T``.

Blackjack looks only at card values: T, J, Q and K all count 10. The engine
therefore works on 10-slot count vectors (slot 0 = ace, slot 9 = ten-valued),
the same shape for a shoe, a hand and a set of removed cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TypeAlias

from baccarat_exact.errors import CardError, ShoeError
from baccarat_exact.model.cards import RANKS, Rank, parse_ranks
from baccarat_exact.model.exact import int_text
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "ACE",
    "SEVEN",
    "SLOTS",
    "SLOT_LABELS",
    "TEN",
    "Counts",
    "add_card",
    "card_count",
    "format_hand",
    "hand_counts",
    "hand_total",
    "hard_total",
    "is_blackjack",
    "parse_hand",
    "parse_up",
    "points",
    "shoe_counts",
    "slot_of",
    "subtract",
    "successors",
]

Counts: TypeAlias = tuple[int, ...]
"""Cards of each value slot A, 2, …, 9, T (ten slots), for a shoe or a hand."""

SLOTS = 10
SLOT_LABELS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
"""Label of each slot; ``T`` stands for every ten-valued card (T, J, Q, K)."""
ACE, SEVEN, TEN = 0, 6, 9
"""Slots with a rule of their own: aces (1 or 11), sevens (Triple Seven), tens."""

_SLOT_OF_RANK = {rank: min(i, TEN) for i, rank in enumerate(RANKS)}


def slot_of(rank: Rank) -> int:
    """Value slot of a rank: A → 0, 2–9 → 1–8, T J Q K → 9.

    >>> slot_of(Rank.KING), slot_of(Rank.ACE), slot_of(Rank.SEVEN)
    (9, 0, 6)
    """
    return _SLOT_OF_RANK[rank]


def hand_counts(ranks: Iterable[Rank]) -> Counts:
    """Count vector of a list of ranks."""
    counts = [0] * SLOTS
    for rank in ranks:
        counts[_SLOT_OF_RANK[rank]] += 1
    return tuple(counts)


def shoe_counts(shoe: Shoe) -> Counts:
    """Cards (or proportions, for an infinite shoe) of each value slot.

    >>> shoe_counts(Shoe.from_decks(1))
    (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)

    :raises ShoeError: for a finite shoe without cards or larger than :data:`MAX_CARDS`.
    """
    if not shoe.infinite and not 0 < shoe.cards <= MAX_CARDS:
        if shoe.cards == 0:
            raise ShoeError("the shoe holds no cards")
        raise ShoeError(
            f"blackjack here deals from at most {MAX_CARDS:,} cards (about {MAX_CARDS // 52:,} "
            f"decks), got {int_text(shoe.cards, grouped=True)}; a larger shoe is nearly --infinite"
        )
    return (*shoe.counts[:TEN], sum(shoe.counts[TEN:]))


MAX_CARDS = 1_000_000
"""Most cards of a finite blackjack shoe (the float dealer's tables grow with the shoe)."""


def parse_hand(text: str) -> tuple[Rank, ...]:
    """Read a player's hand such as ``"7 7"`` or ``"A,K"``; at least two cards.

    >>> [str(r) for r in parse_hand("A 10")]
    ['A', 'T']
    >>> parse_hand("9")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CardError: a hand needs at least two cards, got 1: '9'
    """
    ranks = parse_ranks(text)
    if len(ranks) < 2:
        raise CardError(f"a hand needs at least two cards, got {len(ranks)}: {text!r}")
    return ranks


def parse_up(text: str) -> Rank:
    """Read the dealer's up card: exactly one rank.

    >>> parse_up("q")
    <Rank.QUEEN: 'Q'>
    """
    ranks = parse_ranks(text)
    if len(ranks) != 1:
        raise CardError(f"the up card is one card, got {len(ranks)}: {text!r}")
    return ranks[0]


@cache
def hard_total(hand: Counts) -> int:
    """Total with every ace counted 1 (cached: the engine asks for the same hands often).

    >>> hard_total((2, 0, 0, 0, 0, 1, 0, 0, 0, 0))
    8
    """
    return sum((slot + 1) * k for slot, k in enumerate(hand))


@cache
def hand_total(hand: Counts) -> tuple[int, bool]:
    """Best total and whether it is soft (an ace counted 11).

    >>> hand_total((1, 0, 0, 0, 0, 1, 0, 0, 0, 0))
    (17, True)
    >>> hand_total((1, 0, 0, 0, 0, 1, 0, 0, 0, 1))
    (17, False)
    """
    hard = hard_total(hand)
    if hand[ACE] and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def card_count(hand: Counts) -> int:
    """Number of cards."""
    return sum(hand)


def points(counts: Counts) -> int:
    """Hard points held by a shoe (aces 1): a bound on how far it can deal."""
    return hard_total(counts)


def is_blackjack(hand: Counts) -> bool:
    """Two cards totalling 21: an ace and a ten-valued card."""
    return sum(hand) == 2 and hand[ACE] == 1 and hand[TEN] == 1


def add_card(hand: Counts, slot: int) -> Counts:
    """The hand with one more card of ``slot``."""
    return successors(hand)[slot]


@cache
def successors(hand: Counts) -> tuple[Counts, ...]:
    """The hand with one more card, for each slot A … T (cached)."""
    return tuple((*hand[:slot], hand[slot] + 1, *hand[slot + 1 :]) for slot in range(SLOTS))


def subtract(counts: Counts, removed: Counts) -> Counts:
    """``counts - removed`` slot by slot; a negative slot is a :class:`ShoeError`."""
    left = tuple(c - r for c, r in zip(counts, removed))
    for slot, n in enumerate(left):
        if n < 0:
            raise ShoeError(
                f"cannot take {removed[slot]} card(s) of value {SLOT_LABELS[slot]}: "
                f"the shoe holds only {counts[slot]}"
            )
    return left


def format_hand(hand: Counts) -> str:
    """Cards of a count vector in slot order, e.g. ``"A 7 7"``.

    >>> format_hand((1, 0, 0, 0, 0, 0, 2, 0, 0, 0))
    'A 7 7'
    """
    return " ".join(label for label, k in zip(SLOT_LABELS, hand) for _ in range(k))
