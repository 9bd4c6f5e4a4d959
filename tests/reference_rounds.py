"""A second, deliberately plain way to answer questions about a round: deal every card of a
small shoe in every order, card by card, and keep what each round looked like.

Shares nothing with the engine but the cards, the shoe and the tableau's two rules.
Each card is a physical card (rank, suit), so a shoe of n cards is dealt in at most
n·(n-1)·…·(n-5) ways; for shoes of about ten cards that is fast enough for tests.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.model.cards import POINT_VALUE, RANKS, SUITS, Card
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe

__all__ = ["DealtRound", "dealt_rounds", "matches_seen"]


@dataclass(frozen=True)
class DealtRound:
    """One way a round can be dealt: each hand's cards and the round's probability."""

    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    probability: Fraction

    def totals(self) -> tuple[int, int]:
        """Final totals."""
        return (
            sum(POINT_VALUE[c.rank.ordinal] for c in self.player) % 10,
            sum(POINT_VALUE[c.rank.ordinal] for c in self.banker) % 10,
        )


def _cards(shoe: Shoe) -> list[Card]:
    """The shoe as physical cards (every suit known)."""
    assert shoe.suits_exact and not shoe.infinite
    rows = shoe.suit_rows()
    return [
        Card(rank, suit)
        for rank, row in zip(RANKS, rows)
        for suit, n in zip(SUITS, row or (0, 0, 0, 0))
        for _ in range(n)
    ]


def dealt_rounds(shoe: Shoe, rules: Rules | None = None) -> Iterator[DealtRound]:
    """Every round the shoe can deal, card by card, each physical card its own branch."""
    tableau = (rules or Rules()).tableau
    cards = _cards(shoe)
    used = [False] * len(cards)
    # every physical card is its own equally likely branch, so a round of k cards has
    # probability 1 / (n·(n−1)·…·(n−k+1))
    chance = [Fraction(1, math.perm(len(cards), k)) for k in range(min(len(cards), 6) + 1)]

    def draws() -> Iterator[Card]:
        for i, card in enumerate(cards):
            if not used[i]:
                used[i] = True
                yield card
                used[i] = False

    def point(hand: list[Card]) -> int:
        return sum(POINT_VALUE[c.rank.ordinal] for c in hand) % 10

    def finish(player: list[Card], banker: list[Card]) -> Iterator[DealtRound]:
        pt, bt = point(player), point(banker)
        if pt in tableau.naturals or bt in tableau.naturals:
            yield DealtRound(tuple(player), tuple(banker), chance[4])
        elif tableau.player_draws(pt):
            for third in draws():
                value = POINT_VALUE[third.rank.ordinal]
                if tableau.banker_draws(bt, value):
                    for b3 in draws():
                        yield DealtRound((*player, third), (*banker, b3), chance[6])
                else:
                    yield DealtRound((*player, third), tuple(banker), chance[5])
        elif tableau.banker_draws(bt, None):
            for b3 in draws():
                yield DealtRound(tuple(player), (*banker, b3), chance[5])
        else:
            yield DealtRound(tuple(player), tuple(banker), chance[4])

    for p1 in draws():
        for b1 in draws():
            for p2 in draws():
                for b2 in draws():
                    yield from finish([p1, p2], [b1, b2])


def matches_seen(hand: tuple[Card, ...], seen: tuple[Card | None, ...]) -> bool:
    """Whether a dealt hand agrees with what is seen of it (None: a card face down; a
    card without a suit matches its rank in any suit)."""
    if len(seen) > len(hand):
        return False
    for card, want in zip(hand, seen):
        if want is None:
            continue
        if card.rank != want.rank or (want.suit is not None and card.suit != want.suit):
            return False
    return True
