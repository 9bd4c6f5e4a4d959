"""The shoe: how many cards of each rank remain, or an infinite shoe of given proportions."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from baccarat_exact.cards import POINT_VALUE, RANKS, Rank, parse_cards, parse_rank
from baccarat_exact.errors import CardError, ShoeError

__all__ = ["Shoe"]

_RANK_NAMES = {
    Rank.ACE: ("ace", "aces"),
    Rank.TWO: ("two", "twos"),
    Rank.THREE: ("three", "threes"),
    Rank.FOUR: ("four", "fours"),
    Rank.FIVE: ("five", "fives"),
    Rank.SIX: ("six", "sixes"),
    Rank.SEVEN: ("seven", "sevens"),
    Rank.EIGHT: ("eight", "eights"),
    Rank.NINE: ("nine", "nines"),
    Rank.TEN: ("ten", "tens"),
    Rank.JACK: ("jack", "jacks"),
    Rank.QUEEN: ("queen", "queens"),
    Rank.KING: ("king", "kings"),
}


def _count_of(rank: Rank, n: int) -> str:
    singular, plural = _RANK_NAMES[rank]
    return f"{n} {singular if n == 1 else plural}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Shoe:
    """Cards left in the shoe, by rank (A 2 … 9 T J Q K), or an infinite shoe.

    A finite shoe is dealt without replacement. An infinite shoe (``infinite=True``)
    deals every card with the fixed probability ``counts[r] / sum(counts)``:
    the limit of ever more decks of that composition.

    >>> Shoe.from_decks(8).cards
    416
    >>> Shoe.from_decks(1).remove("5x3 K 9")
    Shoe.parse('A=4,2=4,3=4,4=4,5=1,6=4,7=4,8=4,9=3,T=4,J=4,Q=4,K=3')
    """

    counts: tuple[int, ...]
    """Cards of each rank, in the order of ``RANKS``; proportions when infinite."""
    infinite: bool = False
    """Whether cards are dealt with fixed probabilities (never run out)."""

    def __post_init__(self) -> None:
        if len(self.counts) != 13:
            raise ShoeError(f"expected 13 counts (A..K), got {len(self.counts)}: {self.counts!r}")
        for rank, n in zip(RANKS, self.counts):
            if not isinstance(n, int) or isinstance(n, bool):
                raise ShoeError(f"count of {rank.value} must be a whole number, got {n!r}")
            if n < 0:
                raise ShoeError(f"count of {rank.value} must not be negative, got {n}")
        if self.infinite and sum(self.counts) == 0:
            raise ShoeError("an infinite shoe needs at least one rank with a positive proportion")

    # -- constructors -------------------------------------------------------------

    @classmethod
    def from_decks(cls, decks: int) -> Shoe:
        """A full shoe of ``decks`` 52-card decks (4 of each rank per deck)."""
        if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
            raise ShoeError(
                f"the number of decks must be a whole number of 1 or more, got {decks!r}"
            )
        return cls(counts=(4 * decks,) * 13)

    @classmethod
    def from_counts(cls, counts: Mapping[Rank | str, int] | Sequence[int]) -> Shoe:
        """A shoe of explicit composition: 13 counts A..K, or a mapping rank → count
        (ranks not named hold no cards).

        >>> Shoe.from_counts({"A": 2, "10": 3}).cards
        5
        """
        if isinstance(counts, Mapping):
            vector = [0] * 13
            for key, n in counts.items():
                rank = key if isinstance(key, Rank) else parse_rank(str(key))
                vector[rank.ordinal] += n
            return cls(counts=tuple(vector))
        return cls(counts=tuple(counts))

    @classmethod
    def infinite_shoe(
        cls, proportions: Mapping[Rank | str, int] | Sequence[int] | None = None
    ) -> Shoe:
        """An infinite shoe; by default in the proportions of a standard deck."""
        if proportions is None:
            return cls(counts=(1,) * 13, infinite=True)
        return cls(counts=cls.from_counts(proportions).counts, infinite=True)

    @classmethod
    def parse(cls, text: str) -> Shoe:
        """Read a composition ``"A=32,2=32,…"`` (``10`` for ``T`` allowed; ranks not named
        hold no cards), optionally prefixed by ``infinite`` for proportions.

        >>> Shoe.parse("infinite") == Shoe.infinite_shoe()
        True
        >>> Shoe.parse("A=4,Z=3")
        Traceback (most recent call last):
        ...
        baccarat_exact.errors.CardError: unknown card 'Z': use A 2 3 4 5 6 7 8 9 T J Q K (10 for T)
        """
        body = text.strip()
        infinite = False
        if body.lower().startswith("infinite"):
            infinite = True
            body = body[len("infinite") :].strip(" :")
            if not body:
                return cls.infinite_shoe()
        vector = [0] * 13
        seen: set[Rank] = set()
        for item in re.split(r"[,\s]+", body):
            if not item:
                continue
            if "=" not in item:
                raise ShoeError(f"expected RANK=COUNT, got {item!r} in {text!r}")
            key, _, value = item.partition("=")
            rank = parse_rank(key)
            if rank in seen:
                raise ShoeError(f"rank {rank.value} is given twice in {text!r}")
            seen.add(rank)
            try:
                n = int(value)
            except ValueError:
                raise ShoeError(
                    f"count of {rank.value} must be a whole number, got {value!r}"
                ) from None
            vector[rank.ordinal] = n
        return cls(counts=tuple(vector), infinite=infinite)

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
        by_value = [0] * 10
        for n, point in zip(self.counts, POINT_VALUE):
            by_value[point] += n
        return tuple(by_value)

    def as_mapping(self) -> dict[str, int]:
        """Counts keyed by rank symbol, in order A..K (the JSON form)."""
        return {rank.value: n for rank, n in zip(RANKS, self.counts)}

    def composition(self) -> str:
        """The composition as ``Shoe.parse`` reads it."""
        body = ",".join(f"{rank.value}={n}" for rank, n in zip(RANKS, self.counts))
        return f"infinite {body}" if self.infinite else body

    def __repr__(self) -> str:
        return f"Shoe.parse({self.composition()!r})"

    # -- changes ------------------------------------------------------------------

    def remove(self, cards: str | Rank | Iterable[Rank]) -> Shoe:
        """The shoe left after dealing ``cards`` (card notation, one rank or ranks).

        >>> Shoe.from_decks(1).remove("5x5")
        Traceback (most recent call last):
        ...
        baccarat_exact.errors.ShoeError: cannot remove 5 fives: the shoe holds only 4 fives
        """
        ranks = self._ranks(cards)
        if not ranks:
            return self
        if self.infinite:
            raise ShoeError("cannot remove cards from an infinite shoe: it never runs out")
        vector = list(self.counts)
        wanted = [0] * 13
        for rank in ranks:
            wanted[rank.ordinal] += 1
        for rank, want, have in zip(RANKS, wanted, vector):
            if want > have:
                raise ShoeError(
                    f"cannot remove {_count_of(rank, want)}: the shoe holds only {_count_of(rank, have)}"
                )
        return Shoe(counts=tuple(h - w for h, w in zip(vector, wanted)))

    def add(self, cards: str | Rank | Iterable[Rank]) -> Shoe:
        """The shoe with ``cards`` put back (the inverse of :meth:`remove`)."""
        ranks = self._ranks(cards)
        if not ranks:
            return self
        if self.infinite:
            raise ShoeError("cannot add cards to an infinite shoe")
        vector = list(self.counts)
        for rank in ranks:
            vector[rank.ordinal] += 1
        return Shoe(counts=tuple(vector))

    @staticmethod
    def _ranks(cards: str | Rank | Iterable[Rank]) -> tuple[Rank, ...]:
        if isinstance(cards, Rank):
            return (cards,)
        if isinstance(cards, str):
            return parse_cards(cards)
        ranks = tuple(cards)
        for r in ranks:
            if not isinstance(r, Rank):
                raise CardError(f"expected a Rank, got {r!r}")
        return ranks
