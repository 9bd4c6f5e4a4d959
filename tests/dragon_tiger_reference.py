"""A deliberately simple Dragon Tiger: every ordered pair of physical cards, settled by the
rules as they read, and cards of unknown suit taken out in every equally likely way.

Nothing here is shared with the package: cards are (rank 1–13, suit letter) pairs, a bet
is settled from its name, and a shoe is a list of physical cards with, per rank, how
many cards of that rank (suit not seen) have left it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction

PhysicalCard = tuple[int, str]
"""Rank 1 (ace) … 13 (king), suit s h d c."""

RANK_SYMBOLS = "A23456789TJQK"
SUIT_LETTERS = "shdc"


def settle(
    bet: str,
    dragon: PhysicalCard,
    tiger: PhysicalCard,
    *,
    tie_pays: Fraction = Fraction(8),
    suited_tie_pays: Fraction = Fraction(50),
    tie_loses: Fraction = Fraction(1, 2),
) -> Fraction:
    """What one unit on ``bet`` wins (or loses) when these two cards are dealt."""
    (dr, ds), (tr, ts) = dragon, tiger
    if bet in ("dragon", "tiger"):
        mine, theirs = (dr, tr) if bet == "dragon" else (tr, dr)
        if mine == theirs:
            return -tie_loses
        return Fraction(1) if mine > theirs else Fraction(-1)
    if bet == "tie":
        return tie_pays if dr == tr else Fraction(-1)
    if bet == "suited-tie":
        return suited_tie_pays if (dr, ds) == (tr, ts) else Fraction(-1)
    hand, _, what = bet.partition("-")
    rank, suit = dragon if hand == "dragon" else tiger
    if rank == 7:
        return Fraction(-1)
    wins = {
        "big": rank > 7,
        "small": rank < 7,
        "odd": rank % 2 == 1,
        "even": rank % 2 == 0,
        "red": suit in "hd",
        "black": suit in "sc",
        "spades": suit == "s",
        "hearts": suit == "h",
        "diamonds": suit == "d",
        "clubs": suit == "c",
    }[what]
    pays = 3 if what in ("spades", "hearts", "diamonds", "clubs") else 1
    return Fraction(pays) if wins else Fraction(-1)


def _shoes_left(
    cards: Sequence[PhysicalCard], unknown: Mapping[int, int]
) -> Iterator[list[PhysicalCard]]:
    """Every equally likely shoe left after ``unknown[rank]`` cards of each rank, suit not
    seen, were taken out of ``cards``: one per choice of the physical cards taken."""
    positions = {rank: [i for i, card in enumerate(cards) if card[0] == rank] for rank in unknown}
    choices = [itertools.combinations(positions[rank], k) for rank, k in unknown.items()]
    for taken in itertools.product(*choices):
        gone = {i for group in taken for i in group}
        yield [card for i, card in enumerate(cards) if i not in gone]


def expected_values(
    cards: Sequence[PhysicalCard],
    unknown: Mapping[int, int],
    bets: Sequence[str],
    **pays: Fraction,
) -> dict[str, Fraction]:
    """Each bet's EV: the average over the shoes left of the average over ordered pairs."""
    totals = dict.fromkeys(bets, Fraction(0))
    shoes = 0
    for left in _shoes_left(cards, unknown):
        shoes += 1
        pairs = len(left) * (len(left) - 1)
        for bet in bets:
            won = sum(
                (
                    settle(bet, left[i], left[j], **pays)
                    for i in range(len(left))
                    for j in range(len(left))
                    if i != j
                ),
                Fraction(0),
            )
            totals[bet] += won / pairs
    return {bet: total / shoes for bet, total in totals.items()}


def infinite_expected_values(
    proportions: Sequence[int], bets: Sequence[str]
) -> dict[str, Fraction]:
    """Each bet's EV on an infinite shoe: each card (rank, suit) drawn with probability
    its rank's proportion over four, the two cards independent."""
    total = sum(proportions)
    law = {
        (rank, suit): Fraction(proportions[rank - 1], 4 * total)
        for rank in range(1, 14)
        for suit in SUIT_LETTERS
    }
    return {
        bet: sum(
            (p * q * settle(bet, d, t) for d, p in law.items() for t, q in law.items()),
            Fraction(0),
        )
        for bet in bets
    }


def card_text(cards: Sequence[PhysicalCard]) -> str:
    """The cards in the package's notation (``"As Kh"``)."""
    return " ".join(f"{RANK_SYMBOLS[rank - 1]}{suit}" for rank, suit in cards)
