"""Ranks, suits, baccarat point values and the card notation ``"5x3 K 9 As Th"``.

Cards are written ``A 2 3 4 5 6 7 8 9 T J Q K`` (``10`` is accepted for ``T``,
any case), each optionally followed by a suit ``s h d c`` (or ``♠ ♥ ♦ ♣``) and
by ``xN`` for N copies: ``5x3``, ``Qsx2``, ``10c``. A card written without a suit
is a card *of unknown suit*: its rank is known, its suit is not.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from enum import Enum, unique
from itertools import repeat
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from baccarat_exact.errors import CardError
from baccarat_exact.model.exact import int_text

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "MAX_LISTED_CARDS",
    "POINT_VALUE",
    "RANKS",
    "SUITS",
    "Card",
    "Rank",
    "Suit",
    "Value",
    "count_cards",
    "format_card_counts",
    "format_cards",
    "parse_card_counts",
    "parse_cards",
    "parse_rank",
    "parse_ranks",
    "parse_suit",
    "symbol_counts",
    "tally_cards",
]

Value: TypeAlias = int
"""A baccarat point value, 0–9 (Ace 1, 2–9 face value, ten and pictures 0)."""


class _Symbol(str, Enum):
    """An enum whose values are the symbols of card notation, in their usual order."""

    def __str__(self) -> str:
        return str(self.value)

    @property
    def ordinal(self) -> int:
        """Position in the enum's order (A..K for ranks, s h d c for suits)."""
        return _ORDINALS[self]


@unique
class Rank(_Symbol):
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

    @property
    def point(self) -> Value:
        """Baccarat point value: Ace 1, 2–9 face value, T J Q K 0."""
        return POINT_VALUE[_ORDINALS[self]]


@unique
class Suit(_Symbol):
    """A card suit; its value is the letter used in card notation."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"


RANKS: tuple[Rank, ...] = tuple(Rank)
"""The 13 ranks in the order A 2 … 9 T J Q K, the order of every count vector."""

SUITS: tuple[Suit, ...] = tuple(Suit)
"""The 4 suits in the order s h d c, the order of every suit vector."""

_ORDINALS: dict[_Symbol, int] = {
    **{rank: i for i, rank in enumerate(RANKS)},
    **{suit: i for i, suit in enumerate(SUITS)},
}

POINT_VALUE: tuple[Value, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
"""Baccarat point value of each rank, indexed like ``RANKS``."""

_SUIT_SYMBOLS = {"s": "s", "h": "h", "d": "d", "c": "c", "♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_SUIT_SYMBOLS.update({"♤": "s", "♡": "h", "♢": "d", "♧": "c"})

_RANK_OF: dict[str, Rank] = {rank.value: rank for rank in RANKS}
_SUIT_OF: dict[str, Suit] = {symbol: Suit(letter) for symbol, letter in _SUIT_SYMBOLS.items()}


class Card(NamedTuple):
    """A card: its rank and, when known, its suit (``None``: a card of unknown suit).

    >>> Card(Rank.ACE, Suit.SPADES), str(Card(Rank.TEN))
    (Card(rank=<Rank.ACE: 'A'>, suit=<Suit.SPADES: 's'>), 'T')
    """

    rank: Rank
    suit: Suit | None = None

    def __str__(self) -> str:
        return self.rank.value + (self.suit.value if self.suit is not None else "")

    @property
    def point(self) -> Value:
        """Baccarat point value of the rank."""
        return self.rank.point


MAX_LISTED_CARDS = 100_000
"""Most cards :func:`parse_cards` lists one by one (rounds, hands); shoes take counts."""

_MAX_COPY_DIGITS = 30

_RANK_TEXT = "use A 2 3 4 5 6 7 8 9 T J Q K (10 for T), optionally a suit s h d c"
_TOKEN = re.compile(
    r"^(?P<rank>10|[2-9AaTtJjQqKk])(?P<suit>[sShHdDcC♠♥♦♣♤♡♢♧])?(?:[xX](?P<copies>[-+]?\d+))?$"
)


def parse_rank(text: str) -> Rank:
    """Read one rank symbol (``A``, ``2``–``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``).

    >>> parse_rank("10")
    <Rank.TEN: 'T'>
    >>> parse_rank("z")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CardError: unknown card 'z': use A 2 3 4 5 6 7 8 9 T J Q K (10 for T), optionally a suit s h d c
    """
    token = text.strip().upper()
    rank = _RANK_OF.get("T" if token == "10" else token)
    if rank is None:
        raise CardError(f"unknown card {text.strip()!r}: {_RANK_TEXT}")
    return rank


def parse_suit(text: str) -> Suit:
    """Read one suit: ``s h d c`` (any case) or ``♠ ♥ ♦ ♣``.

    >>> parse_suit("♥"), parse_suit("S")
    (<Suit.HEARTS: 'h'>, <Suit.SPADES: 's'>)
    """
    suit = _SUIT_OF.get(text.strip().lower())
    if suit is None:
        raise CardError(f"unknown suit {text.strip()!r}: use s h d c (or ♠ ♥ ♦ ♣)")
    return suit


_RANK_START = re.compile(r"10|[2-9AaTtJjQqKk]")


def _what_is_wrong(token: str) -> str:
    """What keeps ``token`` (no ``xN``) from being a card, in words.

    >>> _what_is_wrong("Kss"), _what_is_wrong("KQ")
    ("a card is one rank and at most one suit, e.g. 'Ks'", "'Q' is no suit: separate cards with spaces, e.g. 'K Q'")
    """
    rank = _RANK_START.match(token)
    if rank is None:
        return _RANK_TEXT
    rest = token[rank.end() :]
    suits = len(rest) - len(rest.lstrip("".join(_SUIT_SYMBOLS) + "SHDC"))
    if suits:
        return f"a card is one rank and at most one suit, e.g. {token[: rank.end() + 1]!r}"
    if _RANK_START.match(rest):
        return f"{rest[0]!r} is no suit: separate cards with spaces, e.g. {token[: rank.end()] + ' ' + rest!r}"
    return f"{rest[0]!r} is no suit: use s h d c (or ♠ ♥ ♦ ♣)"


_SPELLINGS: dict[str, Card] = {}
"""Each spelling of one card (``As``, ``a♠``, ``10``; no ``xN``) read so far: at most
19 × 17 entries, as only spellings the notation accepts are kept."""


def _parse_token(token: str) -> tuple[Card, int]:
    """One token as (card, copies): a spelling read before, with ``xN`` of plain ASCII
    digits, is looked up; anything else is read by the notation's pattern (and remembered)."""
    card = _SPELLINGS.get(token)
    if card is not None:
        return card, 1
    head, times, digits = token.partition("x" if "x" in token else "X")
    card = _SPELLINGS.get(head) if times else None
    if card is not None and len(digits) <= _MAX_COPY_DIGITS and digits.isascii():
        copies = int(digits) if digits.isdigit() else 0
        if copies >= 1:
            return card, copies
    card, copies = _read_token(token)
    _SPELLINGS[head] = card  # the token matched: what comes before its xN is one card
    return card, copies


def _read_token(token: str) -> tuple[Card, int]:
    match = _TOKEN.match(token)
    if match is None:
        head = re.split(r"[xX]", token, maxsplit=1)[0]
        if head and head != token:
            _read_token(head)  # names an unknown card first, if it is one
            raise CardError(f"bad multiplicity in {token!r}: write xN with N a whole number")
        raise CardError(f"unknown card {token!r}: {_what_is_wrong(token)}")
    rank = parse_rank(match["rank"])
    suit = parse_suit(match["suit"]) if match["suit"] else None
    digits = match["copies"] or "1"
    if len(digits.lstrip("+-0")) > _MAX_COPY_DIGITS:
        raise CardError(
            f"bad multiplicity in {token!r}: N in xN has more than {_MAX_COPY_DIGITS} digits"
        )
    copies = int(digits)
    if copies < 1:
        raise CardError(f"bad multiplicity in {token!r}: N in xN must be 1 or more")
    return Card(rank, suit), copies


def parse_card_counts(text: str) -> tuple[tuple[Card, int], ...]:
    """Read card notation as (card, copies) pairs in order, without expanding ``xN``.

    >>> [(str(card), n) for card, n in parse_card_counts("5x3 Qsx2 10c")]
    [('5', 3), ('Qs', 2), ('Tc', 1)]
    """
    return tuple(_parse_token(token) for token in text.replace(",", " ").split())


def tally_cards(text: str) -> dict[Card, int]:
    """Read card notation as copies per card (in no particular order); each distinct
    token is read once, so a text of hundreds of cards costs a few dozen reads. A text
    that is no card notation raises the error :func:`parse_card_counts` would.

    >>> {str(card): n for card, n in tally_cards("5x3 K 5, Ks 10X2 t").items()}
    {'5': 4, 'K': 1, 'Ks': 1, 'T': 3}
    """
    tally: dict[Card, int] = {}
    for token, times in _distinct_tokens(text.replace(",", " ")):
        card, copies = _parse_token(token)
        tally[card] = tally.get(card, 0) + copies * times
    return tally


_ONE_CHARACTER_CARDS = "A23456789TJQKatjqk"
"""The cards written in one character: ranks of unknown suit (``10`` is two), upper
case first."""


def _distinct_tokens(text: str) -> Iterable[tuple[str, int]]:
    """Each distinct token of ``text`` (cards separated by white space) and how often it
    occurs; where some token is no card, the first such in the text comes first among
    those (so it is the one named). A long list of one-character cards (``"7 K 2 A …"``,
    the usual way to list cards seen) is counted symbol by symbol (:func:`symbol_counts`;
    with single separators, read straight from every second character, without
    splitting); any other long list by a :class:`~collections.Counter`, in the order of
    first occurrence."""
    spaced = text.strip()
    if len(spaced) > 16 and len(spaced) % 2 and spaced[1::2].isspace():
        found = _one_character_tally(spaced[::2])  # None if some of them is a separator too
        if found is not None:
            return found
    tokens = spaced.split()
    if len(tokens) <= 8:
        return zip(tokens, repeat(1))
    joined = "".join(tokens)
    if len(joined) == len(tokens):
        found = _one_character_tally(joined)
        if found is not None:
            return found
    return Counter(tokens).items()


def _one_character_tally(joined: str) -> list[tuple[str, int]] | None:
    """How often each one-character card occurs in ``joined``, if every character of it is
    one (else ``None``)."""
    counts = symbol_counts(joined)
    if counts is None:
        return None
    return [(c, n) for c, n in zip(_ONE_CHARACTER_CARDS, counts) if n]


_LONG_TEXT = 64
"""From this length on, a text of card symbols is counted in one pass by numpy."""


def symbol_counts(joined: str) -> list[int] | None:
    """How often each one-character card (``A23456789TJQK``, then ``atjqk``) occurs in
    ``joined``, if every character of it is one; else ``None``. A short text is searched
    once per symbol; a long one is counted in one pass by numpy (on shuffled cards a
    search per symbol costs three times as much: its branches mispredict).

    >>> symbol_counts("AA7t")[:13], symbol_counts("A7x")
    ([2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], None)
    """
    if not joined.isascii():  # (and so no bytes to count, where it holds a lone surrogate)
        return None
    if len(joined) >= _LONG_TEXT:
        counts: list[int] = _byte_counts(joined.encode())
    else:
        counts = list(map(joined.count, _ONE_CHARACTER_CARDS[:13]))
        if sum(counts) < len(joined):  # some are written in lower case (or are no cards)
            counts += map(joined.count, _ONE_CHARACTER_CARDS[13:])
    return counts if sum(counts) == len(joined) else None


def _byte_counts(text: bytes) -> list[int]:
    """How often each one-character card's byte occurs in ``text``."""
    import numpy as np  # here: the model loads numpy only to count a long list

    every = np.bincount(np.frombuffer(text, dtype=np.uint8), minlength=256)
    counts: list[int] = every[_symbol_bytes()].tolist()
    return counts


@functools.cache
def _symbol_bytes() -> NDArray[np.intp]:
    """The one-character cards' byte values, as a numpy index."""
    import numpy as np

    return np.frombuffer(_ONE_CHARACTER_CARDS.encode(), dtype=np.uint8).astype(np.intp)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards such as ``"5x3 K 9 As"`` (commas also separate), in order.

    >>> [str(card) for card in parse_cards("5x2 k, 10♥")]
    ['5', '5', 'K', 'Th']
    >>> parse_cards("5x0")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CardError: bad multiplicity in '5x0': N in xN must be 1 or more
    """
    counted = parse_card_counts(text)
    total = sum(n for _, n in counted)
    if total > MAX_LISTED_CARDS:
        raise CardError(
            f"{total} cards are too many to list one by one (at most {MAX_LISTED_CARDS:,}): "
            "a shoe takes them as counts (--remove), a round has at most 6"
        )
    return tuple(card for card, n in counted for _ in range(n))


def parse_ranks(text: str) -> tuple[Rank, ...]:
    """The ranks of the cards in ``text`` (suits, where given, are read and dropped).

    >>> [str(rank) for rank in parse_ranks("A Kh 9x2")]
    ['A', 'K', '9', '9']
    """
    return tuple(card.rank for card in parse_cards(text))


def count_cards(cards: Iterable[Card | Rank]) -> tuple[tuple[Card, int], ...]:
    """Cards (or ranks: cards of unknown suit) as (card, copies) pairs, runs merged."""
    pairs: list[tuple[Card, int]] = []
    for item in cards:
        card = Card(item) if isinstance(item, Rank) else item
        if not isinstance(card, Card):
            raise CardError(f"expected a Card or a Rank, got {item!r}")
        if pairs and pairs[-1][0] == card:
            pairs[-1] = (card, pairs[-1][1] + 1)
        else:
            pairs.append((card, 1))
    return tuple(pairs)


def format_cards(cards: Sequence[Card | Rank]) -> str:
    """Write cards (or ranks) back in card notation, runs compressed with ``xN``.

    >>> format_cards(parse_cards("5 5 5 K 9 As As"))
    '5x3 K 9 Asx2'
    """
    return format_card_counts(count_cards(cards))


def format_card_counts(counted: Iterable[tuple[Card, int]]) -> str:
    """Write (card, copies) pairs in card notation without listing the copies one by one
    (the inverse of :func:`parse_card_counts`; a shoe may lack more cards than fit in memory).

    >>> format_card_counts([(Card(Rank.FIVE), 3), (Card(Rank.KING), 1)])
    '5x3 K'
    """
    return " ".join(
        str(card) if n == 1 else f"{card}x{int_text(n)}" for card, n in counted if n > 0
    )
