"""The dealer's final hand, counted exactly by multisets of drawn cards.

The dealer's draws after his up card form a sequence that stops as soon as his
total reaches 17 (or 18 when he hits soft 17) or busts. Every ordering of the
same cards is equally likely, and the final total depends only on which cards
were drawn, so the sequences are grouped by their *multiset*: a multiset ``m``
of length ``l`` that ``k`` valid orderings reach has probability

    k · Π_v ff(n_v, m_v) / ff(N, l)

for a shoe of ``n_v`` cards of value ``v`` and ``N`` in all (``ff`` the falling
factorial) — the same counting the baccarat engine uses. The table of multisets
is built once per up card; a shoe's distribution is then a sum of integer
products over a common denominator, cached by shoe composition.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from baccarat_exact.blackjack.hands import ACE, SLOT_LABELS, SLOTS, TEN, Counts, points, shoe_counts
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.exact import to_float
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "BLACKJACK",
    "BUST",
    "OUTCOMES",
    "DealerChart",
    "DealerDistribution",
    "DealerTable",
    "dealer_chart",
    "dealer_distribution",
    "dealer_numerators",
    "dealer_table",
    "falling",
    "hits_soft_17_matters",
    "require_dealer_depth",
    "restricted_table",
]

OUTCOMES: tuple[str, ...] = ("17", "18", "19", "20", "21", "bust", "blackjack")
"""The dealer's final hands, in the order of every distribution vector."""
BUST, BLACKJACK = 5, 6
"""Indexes of bust and blackjack in ``OUTCOMES`` (0–4 are totals 17–21)."""

_MAX_DRAW = 12
"""Width of a slot's row in the flat falling-factorial table (no multiset draws 12 of a value)."""

Group = tuple[int, int, tuple[tuple[tuple[int, ...], int], ...]]
"""(outcome, length, ((flat factor indexes, orderings), …)) for multisets of one outcome and length."""


def falling(n: int, k: int) -> int:
    """Falling factorial ``n (n-1) … (n-k+1)``; 0 when ``k > n >= 0``, 1 when ``k == 0``.

    >>> falling(6, 3), falling(2, 3), falling(5, 0)
    (120, 0, 1)
    """
    result = 1
    for i in range(k):
        result *= n - i
    return result


def dealer_stands(hard: int, has_ace: bool, hits_soft_17: bool) -> bool:
    """Whether a dealer hand of this hard total (and ace or not) stops drawing."""
    if hard > 21:
        return True
    if has_ace and hard + 10 <= 21:
        total = hard + 10
        return total >= 18 or (total == 17 and not hits_soft_17)
    return hard >= 17


def final_outcome(hard: int, has_ace: bool) -> int:
    """Index in ``OUTCOMES`` of a dealer hand that stands (blackjack decided by the caller)."""
    if hard > 21:
        return BUST
    total = hard + 10 if has_ace and hard + 10 <= 21 else hard
    return total - 17


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerTable:
    """Every multiset the dealer can draw after one up card, with its outcome and orderings.

    ``groups`` holds ``(outcome, length, entries)``: each entry is the multiset as
    indexes ``slot * 12 + count`` into a flat falling-factorial table, and how many
    orderings of it the dealer can actually draw. ``longest`` is the most cards
    drawn (11 for up card 2, under S17).
    """

    up: int
    hits_soft_17: bool
    longest: int
    groups: tuple[Group, ...]
    multisets: int


@cache
def dealer_table(up: int, hits_soft_17: bool) -> DealerTable:
    """Build the multiset table of one up card (0 = ace … 9 = ten), draw by draw.

    >>> table = dealer_table(9, False)
    >>> table.multisets, table.longest
    (184, 6)
    """
    # draw by draw: the multisets still drawing, each with the orderings that reach it without
    # stopping earlier (a multiset fixes the dealer's total, so whether he stops)
    orderings: dict[tuple[tuple[int, ...], int], int] = defaultdict(int)
    frontier: dict[tuple[int, ...], int] = {(0,) * SLOTS: 1}
    length = 0
    while frontier:
        following: dict[tuple[int, ...], int] = defaultdict(int)
        for drawn, ways in frontier.items():
            hard = up + 1 + sum((slot + 1) * k for slot, k in enumerate(drawn))
            has_ace = up == ACE or drawn[ACE] > 0
            for slot in range(SLOTS):
                more = (*drawn[:slot], drawn[slot] + 1, *drawn[slot + 1 :])
                total = hard + slot + 1
                ace = has_ace or slot == ACE
                if length == 0 and ace and total == 11:
                    orderings[(more, BLACKJACK)] += ways
                elif dealer_stands(total, ace, hits_soft_17):
                    orderings[(more, final_outcome(total, ace))] += ways
                else:
                    following[more] += ways
        frontier = following
        length += 1
    grouped: dict[tuple[int, int], list[tuple[tuple[int, ...], int]]] = defaultdict(list)
    for (multiset, outcome), count in sorted(orderings.items()):
        factors = tuple(slot * _MAX_DRAW + k for slot, k in enumerate(multiset) if k)
        grouped[(outcome, sum(multiset))].append((factors, count))
    groups = tuple(
        (outcome, length, tuple(items)) for (outcome, length), items in sorted(grouped.items())
    )
    longest = max(length for _, length, _ in groups)
    return DealerTable(
        up=up, hits_soft_17=hits_soft_17, longest=longest, groups=groups, multisets=len(orderings)
    )


@cache
def hits_soft_17_matters(up: int) -> bool:
    """Whether hitting soft 17 changes the dealer's draws after this up card (a 7 or more
    up never makes soft 17): if not, both rules give the same distributions.

    >>> hits_soft_17_matters(0), hits_soft_17_matters(6)
    (True, False)
    """
    return dealer_table(up, True).groups != dealer_table(up, False).groups


def flat_factors(counts: Counts, infinite: bool) -> list[int]:
    """``ff(counts[slot], k)`` (or ``counts[slot] ** k`` for an infinite shoe) at ``slot * 12 + k``."""
    flat: list[int] = []
    for n in counts:
        row = [1] * _MAX_DRAW
        acc = 1
        for k in range(1, _MAX_DRAW):
            acc *= n if infinite else n - k + 1
            row[k] = acc
        flat.extend(row)
    return flat


@lru_cache(maxsize=256)
def restricted_table(table: DealerTable, caps: Counts) -> DealerTable:
    """``table`` without the multisets that need more cards of a value than ``caps`` allows
    (their probability is 0 for any shoe within ``caps``): less work for small shoes."""
    groups = []
    for outcome, length, entries in table.groups:
        kept = tuple(
            (factors, count)
            for factors, count in entries
            if all(index % _MAX_DRAW <= caps[index // _MAX_DRAW] for index in factors)
        )
        if kept:
            groups.append((outcome, length, kept))
    return DealerTable(
        up=table.up,
        hits_soft_17=table.hits_soft_17,
        longest=table.longest,
        groups=tuple(groups),
        multisets=sum(len(entries) for _, _, entries in groups),
    )


def dealer_numerators(
    table: DealerTable,
    counts: Counts,
    *,
    budget: int,
    infinite: bool = False,
    bust_by_complement: bool = False,
) -> list[int]:
    """Numerators of the 7 outcome probabilities over ``ff(N, budget)`` (``N ** budget`` if infinite).

    ``counts`` is the shoe the dealer draws from (his up card already out); ``budget``
    must be at least ``table.longest`` unless the shoe holds fewer cards. With
    ``bust_by_complement`` the bust numerator is the total minus the others, valid
    only when the dealer cannot run out of cards.
    """
    n_cards = sum(counts)
    flat = flat_factors(counts, infinite)
    # tails[l] = ff(N - l, budget - l) (N ** (budget - l)): the common denominator's unused part
    tails = [0] * (table.longest + 1)
    for length in range(min(table.longest, budget), -1, -1):
        rest = budget - length
        if length == min(table.longest, budget):
            tails[length] = n_cards**rest if infinite else falling(n_cards - length, rest)
        else:
            tails[length] = tails[length + 1] * (n_cards if infinite else n_cards - length)
    numerators = [0] * len(OUTCOMES)
    for outcome, length, entries in table.groups:
        if (bust_by_complement and outcome == BUST) or length > budget:
            continue  # length > budget: more cards than the shoe holds, every product is zero
        subtotal = 0
        for factors, count in entries:
            weight = count
            for index in factors:
                weight *= flat[index]
            subtotal += weight
        if subtotal:
            numerators[outcome] += subtotal * tails[length]
    if bust_by_complement:
        whole = n_cards**budget if infinite else falling(n_cards, budget)
        numerators[BUST] = whole - sum(numerators)
    return numerators


def require_dealer_depth(counts: Counts, up: int) -> None:
    """Refuse a shoe the dealer could run out of (its hard points plus the up card below 17)."""
    if points(counts) + up + 1 < 17:
        raise ShoeError(
            f"the shoe is too small: after the up card {SLOT_LABELS[up]} it holds {points(counts)} points "
            f"(aces 1), and the dealer may need {16 - up} to finish"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerDistribution:
    """Exact probabilities of the dealer's final hands after one up card.

    >>> d = dealer_distribution((4, 4, 4, 4, 4, 4, 4, 4, 4, 15), TEN)
    >>> d.blackjack, sum(d.probabilities)
    (Fraction(4, 51), Fraction(1, 1))
    """

    up: int
    """The up card's slot (0 = ace … 9 = ten)."""
    hits_soft_17: bool
    probabilities: tuple[Fraction, ...]
    """One probability per entry of ``OUTCOMES``."""

    @property
    def bust(self) -> Fraction:
        """Probability that the dealer busts."""
        return self.probabilities[BUST]

    @property
    def blackjack(self) -> Fraction:
        """Probability of a dealer blackjack (up card and first drawn card make 21)."""
        return self.probabilities[BLACKJACK]

    def as_dict(self) -> dict[str, Fraction]:
        """Outcome name → probability."""
        return dict(zip(OUTCOMES, self.probabilities))


@lru_cache(maxsize=4096)
def dealer_distribution(
    counts: Counts, up: int, *, hits_soft_17: bool = False, infinite: bool = False
) -> DealerDistribution:
    """The dealer's exact final-hand distribution; ``counts`` excludes the up card.

    Every outcome is counted, bust included, so the probabilities summing to 1 is
    a real check. Cached by (shoe composition, up card, rule).
    """
    if len(counts) != SLOTS:
        raise ShoeError(f"expected {SLOTS} value counts (A 2 … 9 T), got {len(counts)}")
    if not infinite:
        require_dealer_depth(counts, up)
    table = dealer_table(up, hits_soft_17)
    budget = table.longest
    if not infinite:
        budget = min(budget, sum(counts))
    numerators = dealer_numerators(table, counts, budget=budget, infinite=infinite)
    n_cards = sum(counts)
    whole = n_cards**budget if infinite else falling(n_cards, budget)
    return DealerDistribution(
        up=up,
        hits_soft_17=hits_soft_17,
        probabilities=tuple(Fraction(n, whole) for n in numerators),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerChart:
    """The dealer's final-hand distribution for each up card a shoe can show."""

    shoe: Shoe
    hits_soft_17: bool
    rows: tuple[tuple[Fraction, DealerDistribution], ...]
    """(chance of the up card, distribution after it) per up card, A first."""
    up: int | None = None
    """The one up card asked for, or ``None`` for every up card the shoe can show."""

    def to_dict(self) -> dict[str, Any]:
        """The chart as JSON data: exact ``"p/q"`` and ``*_float`` values (a command's
        document wraps it)."""
        return {
            "dealer": "hits soft 17" if self.hits_soft_17 else "stands on soft 17",
            "hits_soft_17": self.hits_soft_17,
            "up": None if self.up is None else SLOT_LABELS[self.up],
            "shoe": self.shoe.to_dict(),
            "up_cards": [
                {
                    "up": SLOT_LABELS[dist.up],
                    "probability": str(p_up),
                    "probability_float": to_float(p_up),
                    "outcomes": {name: str(p) for name, p in dist.as_dict().items()},
                    "outcomes_float": {name: to_float(p) for name, p in dist.as_dict().items()},
                }
                for p_up, dist in self.rows
            ],
        }


def dealer_chart(shoe: Shoe, *, hits_soft_17: bool = False, up: int | None = None) -> DealerChart:
    """The dealer's distribution after each up card (or only ``up``) for ``shoe``; the up card
    comes out of the shoe first.

    >>> chart = dealer_chart(Shoe.from_decks(1), up=TEN)
    >>> chart.rows[0][0], chart.rows[0][1].blackjack
    (Fraction(4, 13), Fraction(4, 51))
    """
    counts = shoe_counts(shoe)
    n_cards = sum(counts)
    slots = range(SLOTS) if up is None else (up,)
    rows = []
    for slot in slots:
        if not counts[slot]:
            if up is not None:
                raise ShoeError(f"the shoe holds no {SLOT_LABELS[slot]} for the dealer's up card")
            continue
        after = counts if shoe.infinite else tuple(c - (i == slot) for i, c in enumerate(counts))
        distribution = dealer_distribution(
            after, slot, hits_soft_17=hits_soft_17, infinite=shoe.infinite
        )
        rows.append((Fraction(counts[slot], n_cards), distribution))
    return DealerChart(shoe=shoe, hits_soft_17=hits_soft_17, rows=tuple(rows), up=up)


assert TEN == SLOTS - 1
