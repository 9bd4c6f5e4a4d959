"""Ranks, baccarat point values and the card notation ``"5x3 K 9"``.

Cards are written ``A 2 3 4 5 6 7 8 9 T J Q K`` (``10`` is accepted for
``T``, case-insensitive), each optionally followed by ``xN`` for N copies.
Suits never matter for the main bets, so a card here is its rank.
"""

from __future__ import annotations

import re
from enum import Enum, unique
from typing import TypeAlias

from baccarat_exact.errors import CardError

__all__ = [
    "POINT_VALUE",
    "RANKS",
    "Rank",
    "Value",
    "format_cards",
    "parse_cards",
    "parse_rank",
]

Value: TypeAlias = int
"""A baccarat point value, 0–9 (Ace 1, 2–9 face value, ten and pictures 0)."""


@unique
class Rank(str, Enum):
    """A card rank; its value is the one-character symbol used in card notation."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    def __str__(self) -> str:
        return self.value

    @property
    def ordinal(self) -> int:
        """Position 0–12 in ``RANKS`` (Ace first)."""
        return _RANK_INDEX[self]

    @property
    def point(self) -> Value:
        """Baccarat point value: Ace 1, 2–9 face value, T J Q K 0."""
        return POINT_VALUE[_RANK_INDEX[self]]


RANKS: tuple[Rank, ...] = tuple(Rank)
"""The 13 ranks in the order A 2 … 9 T J Q K, the order of every count vector."""

_RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}

POINT_VALUE: tuple[Value, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
"""Baccarat point value of each rank, indexed like ``RANKS``."""

_TOKEN = re.compile(r"^(10|[2-9AaTtJjQqKk])(?:[xX](-?\d+))?$")


def parse_rank(text: str) -> Rank:
    """Read one rank symbol (``A``, ``2``–``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``).

    >>> parse_rank("10")
    <Rank.TEN: 'T'>
    >>> parse_rank("z")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CardError: unknown card 'z': use A 2 3 4 5 6 7 8 9 T J Q K (10 for T)
    """
    token = text.strip().upper()
    if token == "10":
        token = "T"
    try:
        return Rank(token)
    except ValueError:
        raise CardError(
            f"unknown card {text.strip()!r}: use A 2 3 4 5 6 7 8 9 T J Q K (10 for T)"
        ) from None


def parse_cards(text: str) -> tuple[Rank, ...]:
    """Read cards such as ``"5x3 K 9"`` (commas also separate) into ranks, in order.

    >>> [str(r) for r in parse_cards("5x3 k, 10")]
    ['5', '5', '5', 'K', 'T']
    >>> parse_cards("5x0")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CardError: bad multiplicity in '5x0': N in xN must be 1 or more
    """
    cards: list[Rank] = []
    for token in text.replace(",", " ").split():
        match = _TOKEN.match(token)
        if match is None:
            if re.match(r"^\S+[xX]", token):
                head = token.split("x")[0].split("X")[0]
                parse_rank(head)
                raise CardError(f"bad multiplicity in {token!r}: write xN with N a whole number")
            parse_rank(token)
            raise CardError(f"unknown card {token!r}")  # pragma: no cover - parse_rank raised
        rank = parse_rank(match.group(1))
        copies = 1 if match.group(2) is None else int(match.group(2))
        if copies < 1:
            raise CardError(f"bad multiplicity in {token!r}: N in xN must be 1 or more")
        cards.extend([rank] * copies)
    return tuple(cards)


def format_cards(cards: tuple[Rank, ...] | list[Rank]) -> str:
    """Write ranks back in card notation, runs compressed with ``xN``.

    >>> format_cards(parse_cards("5 5 5 K 9"))
    '5x3 K 9'
    """
    parts: list[str] = []
    i = 0
    while i < len(cards):
        j = i
        while j < len(cards) and cards[j] == cards[i]:
            j += 1
        run = j - i
        parts.append(cards[i].value if run == 1 else f"{cards[i].value}x{run}")
        i = j
    return " ".join(parts)
