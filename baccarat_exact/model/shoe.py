"""The shoe: the cards left by rank, what is known of their suits, or an infinite shoe.

A finite shoe knows, for each rank, how many cards are left and — where it is
known — the cards of each suit it *started* from, before cards of unknown suit
(``--remove "A"``: an ace, suit not seen) were taken out. The suits of those
cards are not assumed: a bet that looks at suits is priced as the exact
expectation over every equally likely way they can have fallen
(docs/method.md). A rank given by count alone (``--counts "K=5"``) has no
starting point; its suits are unknown and a suited bet on it is refused.

A composition given by rank counts only that is exactly d whole decks (every
rank 4d cards) is read as d decks: d cards of each rank and suit.

A shoe is checked once, when it is made from what a user gives; a shoe made from a
checked one by taking cards out or putting them back checks only what changes, so it
costs less than pricing it (docs/performance.md, "Building a shoe").
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from math import gcd
from typing import Any, TypeAlias

from baccarat_exact.errors import CardError, ShoeError
from baccarat_exact.model.cards import (
    RANKS,
    SUITS,
    Card,
    Rank,
    Suit,
    count_cards,
    format_card_counts,
    parse_rank,
    parse_suit,
    symbol_counts,
    tally_cards,
)
from baccarat_exact.model.exact import int_text

__all__ = ["Shoe", "SuitRow"]

SuitRow: TypeAlias = tuple[int, int, int, int]
"""Cards of one rank in each suit, in the order s h d c."""

_NO_CARDS: SuitRow = (0, 0, 0, 0)

_PLACE: dict[Card | Rank, tuple[int, int]] = {
    **{rank: (r, -1) for r, rank in enumerate(RANKS)},
    **{Card(rank): (r, -1) for r, rank in enumerate(RANKS)},
    **{Card(rank, suit): (r, s) for r, rank in enumerate(RANKS) for s, suit in enumerate(SUITS)},
}
"""Where a card (or a rank: a card of unknown suit) sits in a shoe: its rank's index and
its suit's index, -1 for an unknown suit. One look-up instead of two enum properties."""

_CARD_TYPES = {Card, Rank}
"""What a list of cards may hold to be counted at once (anything else is read one by one)."""

_RANK_TYPE = {Rank}
"""The types of a list of ranks alone, counted as the text of their symbols."""

_RANK_NAMES = dict(
    zip(
        RANKS,
        (
            tuple(words.split("/"))
            for words in [
                "ace/aces",
                "two/twos",
                "three/threes",
                "four/fours",
                "five/fives",
                "six/sixes",
                "seven/sevens",
                "eight/eights",
                "nine/nines",
                "ten/tens",
                "jack/jacks",
                "queen/queens",
                "king/kings",
            ]
        ),
    )
)
_SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds"}
_SUIT_NAMES[Suit.CLUBS] = "clubs"


def _count_of(rank: Rank, n: int, suit: Suit | None = None) -> str:
    singular, plural = _RANK_NAMES[rank]
    words = f"{int_text(n)} {singular if n == 1 else plural}"
    return words if suit is None else f"{words} of {_SUIT_NAMES[suit]}"


def _whole_number(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ShoeError(f"{what} must be a whole number, got {value!r}")
    if value < 0:
        raise ShoeError(f"{what} must not be negative, got {value}")
    return value


@functools.lru_cache(maxsize=256)
def _deck_rows(decks: int) -> tuple[SuitRow, ...]:
    return ((decks, decks, decks, decks),) * 13


@functools.lru_cache(maxsize=64)
def _full_shoe(decks: int) -> Shoe:
    """A full shoe, made once per number of decks: shoes are immutable values, so the same
    one serves every caller (as Python shares small integers)."""
    return Shoe(counts=(4 * decks,) * 13)


@dataclass(frozen=True, slots=True, kw_only=True)
class Shoe:
    """Cards left in the shoe by rank (A 2 … 9 T J Q K), with what is known of their suits;
    or an infinite shoe.

    A finite shoe is dealt without replacement. An infinite shoe (``infinite=True``)
    deals every card with the fixed probability ``counts[r] / sum(counts)``, every
    suit of a rank equally often: the limit of ever more decks of that composition.

    >>> Shoe.from_decks(8).cards
    416
    >>> Shoe.from_decks(1).remove("5x3 K 9")
    Shoe.parse('1 deck less 5x3 9 K')
    >>> Shoe.from_decks(2).remove("As Ah").suit_rows()[0]
    (1, 1, 2, 2)
    """

    counts: tuple[int, ...]
    """Cards of each rank, in the order of ``RANKS``; proportions when infinite."""
    suits: tuple[SuitRow | None, ...] | None = None
    """Per rank, the cards of each suit (s h d c) the rank started from before cards of
    unknown suit were taken out; ``None`` for a rank known by count only. Left out:
    d decks when the counts are d whole decks, else every rank by count only."""
    infinite: bool = False
    """Whether cards are dealt with fixed probabilities (never run out)."""
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        counts = tuple(self.counts)
        if len(counts) != 13:
            raise ShoeError(f"expected 13 counts (A..K), got {len(counts)}: {self.counts!r}")
        if set(map(type, counts)) != {int} or min(counts) < 0:  # then name the bad one
            for rank, n in zip(RANKS, counts):
                _whole_number(n, f"count of {rank.value}")
        object.__setattr__(self, "counts", counts)
        if self.infinite:
            if self.suits is not None:
                raise ShoeError("an infinite shoe deals every suit of a rank alike: give no suits")
            if sum(counts) == 0:
                raise ShoeError(
                    "an infinite shoe needs at least one rank with a positive proportion"
                )
        else:
            object.__setattr__(self, "suits", self._checked_suits(counts))
        object.__setattr__(self, "_hash", hash((counts, self.suits, self.infinite)))

    def _checked_suits(self, counts: tuple[int, ...]) -> tuple[SuitRow | None, ...]:
        if self.suits is None:
            first = counts[0]
            if first % 4 == 0 and counts.count(first) == len(counts):
                return _deck_rows(first // 4)
            return tuple(None if n else (0, 0, 0, 0) for n in counts)
        rows = tuple(self.suits)
        if len(rows) != 13:
            raise ShoeError(f"expected 13 suit rows (A..K), got {len(rows)}")
        fast = _rows_checked_fast(rows, counts)
        if fast is not None:
            return fast
        checked: list[SuitRow | None] = []
        for rank, row, n in zip(RANKS, rows, counts):
            if row is None:  # known by count only; with no card left, nothing is unknown
                checked.append(None if n else (0, 0, 0, 0))
                continue
            cells = tuple(row)
            if len(cells) != 4:
                raise ShoeError(f"suits of {rank.value} need 4 counts (s h d c), got {row!r}")
            for suit, m in zip(SUITS, cells):
                _whole_number(m, f"count of {rank.value}{suit.value}")
            if sum(cells) < n:
                raise ShoeError(
                    f"{rank.value} holds {int_text(n)} cards but its suits add up to only {int_text(sum(cells))}"
                )
            checked.append((cells[0], cells[1], cells[2], cells[3]))
        return tuple(checked)

    def __hash__(self) -> int:
        return self._hash

    @staticmethod
    def _checked(counts: tuple[int, ...], suits: tuple[SuitRow | None, ...]) -> Shoe:
        """A finite shoe whose counts and suit rows were checked where they were made
        (a change to a checked shoe, :meth:`remove` and :meth:`add`, checks what it
        changes; :meth:`from_counts` checks each count as it reads it): they are what
        ``__post_init__`` would have made of them, so nothing is checked twice."""
        shoe = object.__new__(Shoe)
        _set_counts(shoe, counts)
        _set_suits(shoe, suits)
        _set_infinite(shoe, False)
        _set_hash(shoe, hash((counts, suits, False)))
        return shoe

    # -- constructors -------------------------------------------------------------

    @classmethod
    def from_decks(cls, decks: int) -> Shoe:
        """A full shoe of ``decks`` 52-card decks (one card of each rank and suit per deck)."""
        if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
            raise ShoeError(
                f"the number of decks must be a whole number of 1 or more, got {decks!r}"
            )
        if cls is Shoe:
            return _full_shoe(decks)
        return cls(counts=(4 * decks,) * 13)

    @classmethod
    def from_counts(cls, counts: Mapping[Rank | Card | str, int] | Sequence[int]) -> Shoe:
        """A shoe of explicit composition: 13 counts A..K, or a mapping from ranks
        (``"K"``: by count only) or suited cards (``"Ks"``) to counts; ranks not named
        hold no cards.

        >>> Shoe.from_counts({"A": 2, "10": 3}).cards
        5
        >>> Shoe.from_counts({"As": 2, "Ah": 1}).suit_rows()[0]
        (2, 1, 0, 0)
        """
        if not isinstance(counts, Mapping):
            return cls(counts=tuple(counts))
        vector = [0] * 13
        cells = [0] * 52  # per rank, s h d c
        given: set[int] = set()  # the cells given
        by_count: set[int] = set()
        by_suit: set[int] = set()
        for key, n in counts.items():
            r, s = _KEY_PLACES.get(key) or _place(_key_card(key))
            if type(n) is not int or n < 0:  # then name it (an int subclass passes)
                _whole_number(n, f"count of {_card_at(r, s)}")
            if s < 0:
                if r in by_count:
                    raise ShoeError(f"rank {RANKS[r].value} is given twice")
                vector[r] = n
                by_count.add(r)
            else:
                cell = 4 * r + s
                if cell in given:
                    raise ShoeError(f"card {_card_at(r, s)} is given twice")
                given.add(cell)
                cells[cell] = n
                by_suit.add(r)
        both = by_count & by_suit
        if both:
            symbol = RANKS[min(both)].value
            raise ShoeError(
                f"rank {symbol} is given both by count ({symbol}=…) and by suit "
                f"({symbol}s=…): give one or the other"
            )
        if not by_suit:
            return cls(counts=tuple(vector))
        rows: list[SuitRow | None] = []
        for r, quad in enumerate(_cells_by_rank(cells)):
            if r in by_suit:
                rows.append(quad)
                vector[r] = sum(quad)
            else:
                rows.append(None if vector[r] else _NO_CARDS)
        if cls is not Shoe:
            return cls(counts=tuple(vector), suits=tuple(rows))
        # every count was checked above, and each row adds up to its rank's count
        return Shoe._checked(tuple(vector), tuple(rows))

    @classmethod
    def from_suits(cls, rows: Sequence[Sequence[int]]) -> Shoe:
        """A shoe whose every card's suit is known: 13 rows (A..K) of 4 counts (s h d c).

        >>> Shoe.from_suits([[1, 0, 0, 0]] * 13).cards
        13
        """
        suits = tuple(tuple(row) for row in rows)
        if len(suits) != 13 or any(len(row) != 4 for row in suits):
            raise ShoeError("suits must be 13 rows (A..K) of 4 counts (s h d c)")
        return cls(
            counts=tuple(sum(row) for row in suits),
            suits=tuple((r[0], r[1], r[2], r[3]) for r in suits),
        )

    @classmethod
    def infinite_shoe(
        cls, proportions: Mapping[Rank | Card | str, int] | Sequence[int] | None = None
    ) -> Shoe:
        """An infinite shoe; by default in the proportions of a standard deck."""
        if proportions is None:
            return cls(counts=(1,) * 13, infinite=True)
        return cls(counts=cls.from_counts(proportions).counts, infinite=True)

    @classmethod
    def parse(cls, text: str) -> Shoe:
        """Read a shoe: ``"8 decks"`` or ``"8 decks less 5x3 As"``; a composition
        ``"A=32,Ks=8,…"`` (ranks by count, or cards by suit; ``10`` for ``T``; what is not
        named holds none), optionally followed by ``less CARDS`` for cards of unknown suit
        taken out; or ``infinite`` and optional proportions.

        >>> Shoe.parse("infinite") == Shoe.infinite_shoe()
        True
        >>> Shoe.parse("2 decks less A Ks") == Shoe.from_decks(2).remove("A Ks")
        True
        >>> Shoe.parse("A=4,Z=3")
        Traceback (most recent call last):
        ...
        baccarat_exact.errors.CardError: unknown card 'Z': use A 2 3 4 5 6 7 8 9 T J Q K (10 for T), optionally a suit s h d c
        """
        body = text.strip()
        infinite = False
        if body.lower().startswith("infinite"):
            infinite = True
            body = body[len("infinite") :].strip(" :")
            if not body:
                return cls.infinite_shoe()
        body, _, less = body.partition(" less ")
        decks = re.fullmatch(r"(\d+)\s+decks?", body.strip(), re.IGNORECASE)
        if decks and not infinite:
            return cls.from_decks(int(decks.group(1))).remove(less)
        items: dict[Card, int] = {}
        for item in re.split(r"[,\s]+", body):
            if not item:
                continue
            if "=" not in item:
                raise ShoeError(f"expected RANK=COUNT (or CARD=COUNT), got {item!r} in {text!r}")
            key, _, value = item.partition("=")
            card = _key_card(key)
            if card in items:
                what = "card" if card.suit is not None else "rank"
                raise ShoeError(f"{what} {card} is given twice in {text!r}")
            try:
                items[card] = int(value)
            except ValueError:
                raise ShoeError(f"count of {card} must be a whole number, got {value!r}") from None
        shoe = cls.from_counts(items)  # type: ignore[arg-type]
        if infinite:
            return cls(counts=shoe.counts, infinite=True)
        return shoe.remove(less)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Shoe:
        """Read :meth:`to_dict` back (documents without ``suits`` read ranks by count).

        >>> shoe = Shoe.from_decks(1).remove("As K")
        >>> Shoe.from_dict(shoe.to_dict()) == shoe
        True
        """
        if not isinstance(data, Mapping) or not isinstance(data.get("counts"), Mapping):
            raise ShoeError("a shoe needs counts: an object of rank -> number of cards")
        counts = [0] * 13
        for key, n in data["counts"].items():
            counts[parse_rank(str(key)).ordinal] = _whole_number(n, f"count of {key}")
        infinite = data.get("infinite", False)
        if not isinstance(infinite, bool):
            raise ShoeError(f"infinite must be true or false, got {infinite!r}")
        suits = data.get("suits")
        if suits is None or infinite:
            return cls(counts=tuple(counts), infinite=infinite)
        if not isinstance(suits, Mapping):
            raise ShoeError("suits must be an object of rank -> [s, h, d, c] counts (or null)")
        rows: list[SuitRow | None] = [(0, 0, 0, 0)] * 13
        for key, row in suits.items():
            rank = parse_rank(str(key))
            if row is None:
                rows[rank.ordinal] = None
            elif isinstance(row, list) and len(row) == 4:
                cells = [_whole_number(m, f"count of {rank.value} by suit") for m in row]
                rows[rank.ordinal] = (cells[0], cells[1], cells[2], cells[3])
            else:
                raise ShoeError(f"suits of {rank.value} must be [s, h, d, c] counts, got {row!r}")
        return cls(counts=tuple(counts), suits=tuple(rows))

    # -- views --------------------------------------------------------------------

    @property
    def cards(self) -> int:
        """Number of cards in a finite shoe (for an infinite one, the sum of the proportions)."""
        return sum(self.counts)

    def count(self, rank: Rank | str) -> int:
        """Cards of one rank."""
        r = rank if isinstance(rank, Rank) else parse_rank(rank)
        return self.counts[r.ordinal]

    @property
    def values(self) -> tuple[int, ...]:
        """Cards of each baccarat point value 0–9 (value 0 = T, J, Q and K together)."""
        c = self.counts
        return (c[9] + c[10] + c[11] + c[12], *c[:9])

    def suit_rows(self) -> tuple[SuitRow | None, ...]:
        """Per rank, the suit counts it started from (before cards of unknown suit left),
        or ``None`` where known by count only; an infinite shoe: each rank's proportion
        in every suit."""
        if self.infinite:
            return tuple((n, n, n, n) for n in self.reduced().counts)
        assert self.suits is not None
        return self.suits

    def unknown_out(self, rank: Rank | str) -> int:
        """Cards of ``rank`` of unknown suit taken out of its suit counts (0 where none
        were, or where the rank is known by count only)."""
        r = rank if isinstance(rank, Rank) else parse_rank(rank)
        row = None if self.suits is None else self.suits[r.ordinal]
        return 0 if row is None else sum(row) - self.counts[r.ordinal]

    def count_only_ranks(self) -> tuple[Rank, ...]:
        """Ranks of two or more cards whose suits are not known at all (a suited bet on
        them has nothing to average over)."""
        if self.infinite or self.suits is None:
            return ()
        return tuple(
            rank for rank, row, n in zip(RANKS, self.suits, self.counts) if row is None and n > 1
        )

    @property
    def suits_exact(self) -> bool:
        """Whether the suit of every card left is known (no averaging needed)."""
        if self.infinite:
            return True
        assert self.suits is not None
        return all(
            (row is not None and sum(row) == n) or n == 0 for row, n in zip(self.suits, self.counts)
        )

    def reduced(self) -> Shoe:
        """An infinite shoe's proportions divided by their greatest common divisor
        (the same shoe, the smallest weights); a finite shoe is returned as it is.

        >>> Shoe.infinite_shoe([4] * 13).reduced() == Shoe.infinite_shoe()
        True
        """
        if not self.infinite:
            return self
        divisor = functools.reduce(gcd, self.counts)
        if divisor == 1:
            return self
        return Shoe(counts=tuple(n // divisor for n in self.counts), infinite=True)

    def as_mapping(self) -> dict[str, int]:
        """Counts keyed by rank symbol, in order A..K (the JSON form)."""
        return {rank.value: n for rank, n in zip(RANKS, self.counts)}

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: cards, counts by rank and, per rank, the suit counts it started
        from before cards of unknown suit left (``null``: known by count only)."""
        document: dict[str, Any] = {
            "cards": None if self.infinite else self.cards,
            "infinite": self.infinite,
            "counts": self.as_mapping(),
        }
        if not self.infinite and self.suits is not None:
            document["suits"] = {
                rank.value: None if row is None else list(row)
                for rank, row in zip(RANKS, self.suits)
            }
        return document

    def deck_shortfall(self) -> tuple[int, tuple[tuple[Card, int], ...]] | None:
        """``(d, (card, copies) pairs)`` when this shoe is d whole decks less those cards
        (suited cards where their suit is known, cards of unknown suit otherwise), else
        ``None``; counted, never listed, so it is instant at any size.

        >>> Shoe.from_decks(2).remove("Kh 5x3").deck_shortfall()
        (2, ((Card(rank=<Rank.FIVE: '5'>, suit=None), 3), (Card(rank=<Rank.KING: 'K'>, suit=<Suit.HEARTS: 'h'>), 1)))
        """
        if self.infinite or self.suits is None or any(row is None for row in self.suits):
            return None
        rows = [row for row in self.suits if row is not None]
        decks = max(max(row) for row in rows)
        if decks == 0:
            return None
        unknown: list[tuple[Card, int]] = []
        suited: list[tuple[Card, int]] = []
        for rank, row, n in zip(RANKS, rows, self.counts):
            if sum(row) > n:
                unknown.append((Card(rank), sum(row) - n))
            lacking = [(Card(rank, suit), decks - m) for suit, m in zip(SUITS, row) if m < decks]
            suited.extend(sorted(lacking, key=lambda pair: str(pair[0])))
        return decks, (*unknown, *suited)

    def deck_form(self) -> tuple[int, tuple[Card, ...]] | None:
        """``(d, cards)`` when this shoe is d whole decks less ``cards``, listed one by one
        (see :meth:`deck_shortfall` for the counted form, which suits any shoe), else ``None``."""
        shortfall = self.deck_shortfall()
        if shortfall is None:
            return None
        decks, counted = shortfall
        return decks, tuple(card for card, n in counted for _ in range(n))

    def composition(self) -> str:
        """The shoe as :meth:`parse` reads it back."""
        if self.infinite:
            body = ",".join(f"{rank.value}={int_text(n)}" for rank, n in zip(RANKS, self.counts))
            return f"infinite {body}"
        shortfall = self.deck_shortfall()
        if shortfall is not None and sum(n for _, n in shortfall[1]) * 2 <= self.cards:
            decks, out = shortfall
            name = f"{int_text(decks)} deck{'s' if decks != 1 else ''}"
            return f"{name} less {format_card_counts(out)}" if out else name
        assert self.suits is not None
        items: list[str] = []
        unknown: list[tuple[Card, int]] = []
        for rank, row, n in zip(RANKS, self.suits, self.counts):
            if row is None:
                items.append(f"{rank.value}={int_text(n)}")
                continue
            items.extend(
                f"{rank.value}{suit.value}={int_text(m)}" for suit, m in zip(SUITS, row) if m
            )
            unknown.append((Card(rank), sum(row) - n))
        body = ",".join(items) or "A=0"
        less = format_card_counts(unknown)
        return f"{body} less {less}" if less else body

    def __repr__(self) -> str:
        return f"Shoe.parse({self.composition()!r})"

    # -- changes ------------------------------------------------------------------

    def _changing(
        self, cards: str | Card | Rank | Iterable[Card | Rank], refusal: str
    ) -> Collection[tuple[Card | Rank, int]]:
        """``cards`` as (card, copies) pairs, each card once; an infinite shoe refuses any (``cannot …``)."""
        tally = _tallied(cards)
        if tally and self.infinite:
            raise ShoeError(f"cannot {refusal}")
        return tally

    def remove(self, cards: str | Card | Rank | Iterable[Card | Rank]) -> Shoe:
        """The shoe left after dealing ``cards`` (card notation, a card, a rank or several);
        a card without a suit is one of unknown suit. Only what the cards change is checked
        (the rest was checked when the shoe was made): Python work per distinct card and
        rank dealt, the 13 counts and rows copied whole.

        >>> Shoe.from_decks(1).remove("5x5")
        Traceback (most recent call last):
        ...
        baccarat_exact.errors.ShoeError: cannot remove 5 fives: the shoe holds only 4 fives
        """
        tally = self._changing(cards, "remove cards from an infinite shoe: it never runs out")
        if not tally or self.suits is None:
            return self
        counts = list(self.counts)
        rows = list(self.suits)
        short = False  # of some suited card (the rank's count may be short first)
        for card, n in tally:  # each card once
            r, s = _PLACE.get(card) or _place(card)
            counts[r] -= n
            if s >= 0 and (row := rows[r]) is not None:  # a rank by count only stays so
                short = short or n > row[s]
                rows[r] = _changed(row, s, -n)
        if min(counts) < 0:  # name the first rank short, in order
            r = next(r for r, n in enumerate(counts) if n < 0)
            have = self.counts[r]
            raise ShoeError(
                f"cannot remove {_count_of(RANKS[r], have - counts[r])}: the shoe holds only {_count_of(RANKS[r], have)}"
            )
        if short:
            raise self._short_of_suits(tally)
        if None in rows:  # a rank known by count only with no card left has nothing unknown
            rows = [_NO_CARDS if row is None and not n else row for row, n in zip(rows, counts)]
        return Shoe._checked(tuple(counts), tuple(rows))

    def _short_of_suits(self, tally: Collection[tuple[Card | Rank, int]]) -> ShoeError:
        """The refusal of a removal of suited cards that the shoe does not hold, naming
        the first card short (in rank and suit order)."""
        assert self.suits is not None
        wanted: dict[tuple[int, int], int] = {}
        for card, n in tally:
            place = _place(card)
            wanted[place] = wanted.get(place, 0) + n
        (r, s), want = min(
            ((r, s), want)
            for (r, s), want in wanted.items()
            if s >= 0 and (row := self.suits[r]) is not None and want > row[s]
        )
        return ShoeError(
            f"cannot remove {_count_of(RANKS[r], want, SUITS[s])}: the shoe holds "
            f"at most {self.suits[r][s]}"  # type: ignore[index]
        )

    def add(self, cards: str | Card | Rank | Iterable[Card | Rank]) -> Shoe:
        """The shoe with ``cards`` put back (the inverse of :meth:`remove`). Putting back a
        card of unknown suit where none was taken out leaves that rank known by count only."""
        tally = self._changing(cards, "add cards to an infinite shoe")
        if not tally or self.suits is None:
            return self
        counts = list(self.counts)
        rows = list(self.suits)
        touched: set[int] = set()
        for card, n in tally:
            r, s = _place(card)
            counts[r] += n
            row = rows[r]
            if row is None:
                continue
            if s >= 0:
                rows[r] = _changed(row, s, n)
            else:
                touched.add(r)
        for r in touched:  # more cards than its suits started from: known by count only
            row = rows[r]
            if row is not None and sum(row) < counts[r]:
                rows[r] = None
        return Shoe._checked(tuple(counts), tuple(rows))


def _slot_setter(name: str) -> Callable[[Shoe, Any], None]:
    """The setter of one of the shoe's slots (a frozen dataclass refuses ``setattr``)."""
    setter: Callable[[Shoe, Any], None] = vars(Shoe)[name].__set__
    return setter


_set_counts = _slot_setter("counts")
_set_suits = _slot_setter("suits")
_set_infinite = _slot_setter("infinite")
_set_hash = _slot_setter("_hash")


def _cells_by_rank(cells: list[int]) -> list[SuitRow]:
    """52 counts (A s h d c, 2 s h d c, …) as 13 suit rows."""
    quarter = iter(cells)
    return list(zip(quarter, quarter, quarter, quarter))


def _changed(row: SuitRow, suit: int, n: int) -> SuitRow:
    """``row`` with ``n`` more cards of one suit."""
    s, h, d, c = row
    if suit < 2:
        return (s + n, h, d, c) if suit == 0 else (s, h + n, d, c)
    return (s, h, d + n, c) if suit == 2 else (s, h, d, c + n)


def _rows_checked_fast(
    rows: tuple[object, ...], counts: tuple[int, ...]
) -> tuple[SuitRow | None, ...] | None:
    """``rows`` if each is ``None`` or a tuple of 4 whole numbers adding up to at least its
    rank's count (a rank of no card known by count only made a row of zeros); else
    ``None``, for the row by row check to name the fault. One tight pass: no message is
    built unless one is needed."""
    for row, n in zip(rows, counts):
        if row is None:
            continue
        if type(row) is not tuple or len(row) != 4:
            return None
        s, h, d, c = row
        if type(s) is not int or type(h) is not int or type(d) is not int or type(c) is not int:
            return None
        if s < 0 or h < 0 or d < 0 or c < 0 or s + h + d + c < n:
            return None
    if None in rows:
        return tuple(
            row if row is not None or n else _NO_CARDS  # type: ignore[misc]
            for row, n in zip(rows, counts)
        )
    return rows  # type: ignore[return-value]


def _place(card: Card | Rank) -> tuple[int, int]:
    """Where ``card`` sits in a shoe: (rank index, suit index or -1 for an unknown suit)."""
    place = _PLACE.get(card)
    if place is None:
        raise CardError(f"expected a Card or a Rank, got {card!r}")
    return place


def _tallied(
    cards: str | Card | Rank | Iterable[Card | Rank],
) -> Collection[tuple[Card | Rank, int]]:
    """``cards`` as copies per card (or rank), counted at C speed where they are plain
    cards and ranks; anything else is read card by card, naming what is not a card."""
    if isinstance(cards, str):
        return tally_cards(cards).items()
    if isinstance(cards, (Rank, Card)):
        return ((cards, 1),)
    try:
        items = cards if isinstance(cards, (tuple, list)) else list(cards)
        kinds = set(map(type, items))
        if kinds == _RANK_TYPE and len(items) > 8:  # a rank is its symbol: count the text
            counts = symbol_counts("".join(items))  # type: ignore[arg-type]
            assert counts is not None  # every item is a rank
            return [(rank, n) for rank, n in zip(RANKS, counts) if n]
        if kinds <= _CARD_TYPES:
            return Counter(items).items()
        tally: dict[Card | Rank, int] = {}
        for card, n in count_cards(items):
            tally[card] = tally.get(card, 0) + n
        return tally.items()
    except TypeError:
        raise CardError(f"expected cards, got {cards!r}") from None


_KEY_CARDS: dict[object, Card] = {}
"""Each key of a counts mapping read so far (``"A"``, ``"Ks"``, ``"10♥"``): only keys of
at most 3 characters that name a card are kept, so a few hundred at most."""

_KEY_PLACES: dict[object, tuple[int, int]] = {rank: (r, -1) for r, rank in enumerate(RANKS)}
"""The same keys, each with where its card sits in a shoe (:func:`_place`), so that a
mapping of counts is placed with one look-up per key; it starts with the ranks (a rank is
a string of its symbol: ``"A"`` finds :attr:`Rank.ACE`'s entry)."""


def _card_at(r: int, s: int) -> Card:
    """The card at rank index ``r`` and suit index ``s`` (-1: unknown suit)."""
    return Card(RANKS[r], SUITS[s] if s >= 0 else None)


def _key_card(key: Rank | Card | str) -> Card:
    if isinstance(key, Card):
        return key
    if isinstance(key, Rank):
        return Card(key)
    text = str(key).strip()
    card = _KEY_CARDS.get(text)
    if card is None:
        if len(text) > 1 and text[-1].lower() in "shdc♠♥♦♣" and text.upper() != "10":
            card = Card(parse_rank(text[:-1]), parse_suit(text[-1]))
        else:
            card = Card(parse_rank(text))
        if len(text) <= 3:
            _KEY_CARDS[text] = card
            _KEY_PLACES[text] = _place(card)
    return card
