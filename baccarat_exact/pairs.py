"""Pair bets: ranks and suits of the first two cards of each hand, by a small enumeration.

The six-card engine sees only card values; pair bets need the *ranks* of the
first two cards of each hand (a pair) and Perfect Pair bets their *suits* too
(a suited pair: same rank and suit). Rather than widen the engine's universe,
this module counts the first four cards (P1 B1 P2 B2) by rank and suit:

* :func:`pair_state_counts` — the 9 :data:`~baccarat_exact.bets.PAIR_STATES`
  in closed form over the 13 ranks (microseconds; all that pure pair bets need);
* :func:`joint_counts` — (pair state × event) counts, for bets that look at
  both, e.g. "Player pair and Player wins": the four-card prefixes with a pair
  (≤ 4,225 rank patterns, grouped by their values) times the ways the last two
  cards of the six-card sequence end each event.

Both count six-card sequences over the same denominator as the engine, so
their numbers and the engine's add up.

**Suits.** A shoe of d full decks holds d cards of each rank and suit. A shoe
given by rank counts only (``--remove``, ``--counts``) says nothing of suits;
we read its n cards of a rank as spread over the four suits *as evenly as
they go* (n = 4q + t: t suits with q + 1 cards, 4 − t with q) — exact for whole
decks, and for a depleted shoe the reading that assumes nothing about which
suits went. Pass ``suits=`` (13 rows of 4 counts, ranks A..K) for a shoe
whose suits are known. An infinite shoe deals every suit of a rank equally
often.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from math import gcd
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from baccarat_exact.bets import NO_PAIR, PAIR, PAIR_STATES, SUITED_PAIR
from baccarat_exact.cards import POINT_VALUE, RANKS
from baccarat_exact.engine import event_counts, six_card_total
from baccarat_exact.errors import ShoeError
from baccarat_exact.events import N_EVENTS, event_index
from baccarat_exact.rules import STANDARD_TABLEAU, Tableau
from baccarat_exact.shoe import Shoe

__all__ = [
    "SuitCounts",
    "even_suits",
    "joint_counts",
    "pair_state_counts",
    "suits_of",
]

SuitCounts: TypeAlias = tuple[tuple[int, int, int, int], ...]
"""Cards of each rank (A..K, 13 rows) in each of the four suits."""

_N_STATES = len(PAIR_STATES)
_INT64_LIMIT = 2**63


def even_suits(shoe: Shoe) -> SuitCounts:
    """Each rank's cards spread over the four suits as evenly as they go.

    >>> even_suits(Shoe.from_decks(2))[0]
    (2, 2, 2, 2)
    >>> even_suits(Shoe.from_decks(2).remove("Ax3"))[0]
    (2, 1, 1, 1)
    """
    return tuple(_even_row(n) for n in shoe.counts)


@functools.lru_cache(maxsize=1024)
def _even_row(n: int) -> tuple[int, int, int, int]:
    q, t = divmod(n, 4)
    return (q + int(t > 0), q + int(t > 1), q + int(t > 2), q)


def suits_of(shoe: Shoe, suits: Sequence[Sequence[int]] | None = None) -> SuitCounts:
    """The rank-suit weights pairs are counted with: ``suits`` checked against the shoe,
    else :func:`even_suits`; for an infinite shoe, each rank's proportion in every suit.

    >>> suits_of(Shoe.from_counts({"A": 3}), [[1, 1, 1, 1]] + [[0] * 4] * 12)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.ShoeError: suits of A add up to 4 but the shoe holds 3
    """
    if shoe.infinite:
        if suits is not None:
            raise ShoeError(
                "explicit suits need a finite shoe; an infinite shoe deals every suit alike"
            )
        divisor = functools.reduce(gcd, shoe.counts)
        return tuple((n // divisor, n // divisor, n // divisor, n // divisor) for n in shoe.counts)
    if suits is None:
        return even_suits(shoe)
    given = [tuple(row) for row in suits]
    if len(given) != 13 or any(len(row) != 4 for row in given):
        raise ShoeError("suits must be 13 rows (A..K) of 4 counts")
    rows = [(row[0], row[1], row[2], row[3]) for row in given]
    for rank, row, n in zip(RANKS, rows, shoe.counts):
        if any(isinstance(m, bool) or not isinstance(m, int) or m < 0 for m in row):
            raise ShoeError(
                f"suits of {rank.value} must be whole numbers of 0 or more, got {row!r}"
            )
        if sum(row) != n:
            raise ShoeError(f"suits of {rank.value} add up to {sum(row)} but the shoe holds {n}")
    return tuple(rows)


class _Draws:
    """Ordered draws of cards by rank, without replacement (finite) or with it (infinite)."""

    def __init__(self, shoe: Shoe, suits: SuitCounts) -> None:
        self.infinite = shoe.infinite
        self.suits = suits
        self.n = [sum(row) for row in suits]
        self.total = sum(self.n)
        # Ordered pairs of cards of one rank: same suit, and in all.
        if self.infinite:
            self.suited = [sum(m * m for m in row) for row in suits]
            self.both = [n * n for n in self.n]
        else:
            self.suited = [sum(m * (m - 1) for m in row) for row in suits]
            self.both = [n * (n - 1) for n in self.n]
        self.pair = [
            [b - s, s] for b, s in zip(self.both, self.suited)
        ]  # [PAIR-1] unsuited, suited

    def ff(self, n: int, k: int) -> int:
        """Ordered draws of k cards from n (n**k with replacement)."""
        if self.infinite:
            return int(n**k)
        result = 1
        for i in range(k):
            result *= n - i
        return result

    def four_of_rank(self, r: int, p: int, q: int) -> int:
        """Ordered P1 P2 B1 B2 all of rank r with Player state p, Banker state q (1 or 2)."""
        if self.infinite:
            return self.pair[r][p - 1] * self.pair[r][q - 1]
        row, n = self.suits[r], self.n[r]
        both_suited = (
            self.suited[r] ** 2
            - sum((m * (m - 1)) ** 2 for m in row)
            + sum(m * (m - 1) * (m - 2) * (m - 3) for m in row)
        )
        one_suited = self.suited[r] * (n - 2) * (n - 3)  # that hand suited, the other anything
        if p == q == SUITED_PAIR:
            return both_suited
        if SUITED_PAIR in (p, q):
            return one_suited - both_suited
        return self.ff(n, 4) - both_suited - 2 * (one_suited - both_suited)

    def two_pairs(self, a: int, b: int, p: int, q: int) -> int:
        """Ordered P1 P2 of rank a (state p) and B1 B2 of rank b (state q)."""
        if a == b:
            return self.four_of_rank(a, p, q)
        return self.pair[a][p - 1] * self.pair[b][q - 1]

    def left(self, r: int, taken: int) -> int:
        """Cards of rank r left after ``taken`` of them were dealt."""
        return self.n[r] if self.infinite else self.n[r] - taken


def _rest(draws: _Draws) -> int:
    """Ways to deal the 5th and 6th cards of the six-card sequence."""
    return draws.total**2 if draws.infinite else (draws.total - 4) * (draws.total - 5)


def _denominator(draws: _Draws) -> int:
    return draws.total**6 if draws.infinite else six_card_total(draws.total)


def _check_size(shoe: Shoe) -> None:
    if not shoe.infinite and shoe.cards < 6:
        raise ShoeError(
            f"the shoe holds {shoe.cards} card{'s' if shoe.cards != 1 else ''}; "
            "a round can need 6, so at least 6 must be left"
        )


@functools.lru_cache(maxsize=4096)
def _rank_terms(
    row: tuple[int, int, int, int], infinite: bool
) -> tuple[int, int, int, int, int, int]:
    """For one rank's suit counts: cards, ordered unsuited and suited pairs, and ordered
    four-card deals of that rank with (pair, pair), (pair, suited), (suited, suited) hands."""
    n = row[0] + row[1] + row[2] + row[3]
    if infinite:
        suited = row[0] ** 2 + row[1] ** 2 + row[2] ** 2 + row[3] ** 2
        unsuited = n * n - suited
        return n, unsuited, suited, unsuited * unsuited, unsuited * suited, suited * suited
    if n < 2:
        return n, 0, 0, 0, 0, 0
    pairs = [m * (m - 1) for m in row]
    suited = pairs[0] + pairs[1] + pairs[2] + pairs[3]
    unsuited = n * (n - 1) - suited
    four_ss = (
        suited * suited
        - sum(x * x for x in pairs)
        + sum(x * (m - 2) * (m - 3) for x, m in zip(pairs, row))
    )
    four_us = suited * (n - 2) * (n - 3) - four_ss
    four_uu = n * (n - 1) * (n - 2) * (n - 3) - four_ss - 2 * four_us
    return n, unsuited, suited, four_uu, four_us, four_ss


def pair_state_counts(
    shoe: Shoe, suits: Sequence[Sequence[int]] | None = None
) -> tuple[tuple[int, ...], int]:
    """Six-card sequences (infinite shoe: weights) in each of the 9 pair states, and
    what they are out of.

    In closed form over the ranks: with U_r, S_r the ordered unsuited and suited
    pairs of rank r, the Player's and Banker's pairs are of different ranks
    (products of sums, less the same-rank terms) or all four cards are of one rank.

    >>> counts, total = pair_state_counts(Shoe.from_decks(8))
    >>> total == six_card_total(416) == sum(counts)
    True
    """
    _check_size(shoe)
    infinite = shoe.infinite
    cards = u_sum = s_sum = uu = us = ss = f11 = f12 = f22 = 0
    for row in suits_of(shoe, suits):
        n, unsuited, suited, four_uu, four_us, four_ss = _rank_terms(row, infinite)
        cards += n
        u_sum += unsuited
        s_sum += suited
        uu += unsuited * unsuited
        us += unsuited * suited
        ss += suited * suited
        f11 += four_uu
        f12 += four_us
        f22 += four_ss
    counts = [0] * _N_STATES
    counts[3 * PAIR + PAIR] = u_sum * u_sum - uu + f11
    counts[3 * PAIR + SUITED_PAIR] = counts[3 * SUITED_PAIR + PAIR] = u_sum * s_sum - us + f12
    counts[3 * SUITED_PAIR + SUITED_PAIR] = s_sum * s_sum - ss + f22
    other_two = cards * cards if infinite else (cards - 2) * (cards - 3)
    for k, hand in ((PAIR, u_sum), (SUITED_PAIR, s_sum)):
        any_other = hand * other_two
        counts[3 * k + NO_PAIR] = any_other - counts[3 * k + PAIR] - counts[3 * k + SUITED_PAIR]
        counts[3 * NO_PAIR + k] = any_other - counts[3 * PAIR + k] - counts[3 * SUITED_PAIR + k]
    first_four = cards**4 if infinite else cards * (cards - 1) * (cards - 2) * (cards - 3)
    counts[0] = first_four - sum(counts)
    rest = cards * cards if infinite else (cards - 4) * (cards - 5)
    denominator = cards**6 if infinite else six_card_total(cards)
    return tuple(c * rest for c in counts), denominator


@functools.cache
def _event_grid(tableau: Tableau) -> npt.NDArray[np.intp]:
    """(100, 100): event index for (10·player two-card total + banker's, 10·c5 + c6)."""
    grid = np.zeros((100, 100), dtype=np.intp)
    naturals = set(tableau.naturals)
    for pt in range(10):
        for bt in range(10):
            for c5 in range(10):
                for c6 in range(10):
                    if pt in naturals or bt in naturals:
                        event = event_index(pt, bt, 2, 2)
                    elif tableau.player_draws(pt):
                        banker_draws = tableau.banker_draws(bt, c5)
                        final_b = (bt + c6) % 10 if banker_draws else bt
                        event = event_index((pt + c5) % 10, final_b, 3, 3 if banker_draws else 2)
                    elif tableau.banker_draws(bt, None):
                        event = event_index(pt, (bt + c5) % 10, 2, 3)
                    else:
                        event = event_index(pt, bt, 2, 2)
                    grid[pt * 10 + bt, c5 * 10 + c6] = event
    return grid


def _prefix_weights(draws: _Draws) -> dict[tuple[int, int, int, int], list[int]]:
    """Four-card prefixes with a pair, grouped by values (P low, P high, B low, B high):
    ordered rank-suit ways in each pair state."""
    groups: dict[tuple[int, int, int, int], list[int]] = {}

    def add(values: tuple[int, int, int, int], state: int, ways: int) -> None:
        if ways:
            key = (*sorted(values[:2]), *sorted(values[2:]))
            groups.setdefault(key, [0] * _N_STATES)[state] += ways  # type: ignore[arg-type]

    value = POINT_VALUE
    for a in range(13):
        for b in range(13):
            for p in (PAIR, SUITED_PAIR):
                for q in (PAIR, SUITED_PAIR):
                    ways = draws.two_pairs(a, b, p, q)
                    add((value[a], value[a], value[b], value[b]), 3 * p + q, ways)
        for b1 in range(13):
            for b2 in range(13):
                if b1 == b2:
                    continue
                left = draws.left(b1, 2 if b1 == a else 0) * draws.left(b2, 2 if b2 == a else 0)
                for k in (PAIR, SUITED_PAIR):
                    pair_ways = draws.pair[a][k - 1]
                    add((value[a], value[a], value[b1], value[b2]), 3 * k, pair_ways * left)
                    add((value[b1], value[b2], value[a], value[a]), k, pair_ways * left)
    return groups


def joint_counts(
    shoe: Shoe, tableau: Tableau = STANDARD_TABLEAU, suits: Sequence[Sequence[int]] | None = None
) -> tuple[list[list[int]], int]:
    """Six-card sequences (infinite shoe: weights) for each (pair state, event) cell:
    a 9 × 400 table, and what it is out of. Rows sum to the pair-state counts,
    columns to the engine's event counts.

    >>> table, total = joint_counts(Shoe.from_decks(1))
    >>> sum(map(sum, table)) == total == six_card_total(52)
    True
    """
    _check_size(shoe)
    draws = _Draws(shoe, suits_of(shoe, suits))
    values = [0] * 10
    for r, n in enumerate(draws.n):
        values[POINT_VALUE[r]] += n
    denominator = _denominator(draws)
    dtype: type = np.int64 if denominator < _INT64_LIMIT else object
    groups = _prefix_weights(draws)
    keys = list(groups)
    prefix = np.array(keys, dtype=np.intp).reshape(-1, 4)
    weights: npt.NDArray[np.generic] = (
        np.array([groups[k] for k in keys], dtype=object).astype(dtype).reshape(-1, _N_STATES)
    )
    left: npt.NDArray[np.generic] = np.tile(
        np.array(values, dtype=object).astype(dtype), (len(keys), 1)
    )
    if not draws.infinite:
        for column in range(4):
            np.subtract.at(left, (np.arange(len(keys)), prefix[:, column]), 1)
    c5, c6 = np.divmod(np.arange(100), 10)
    last_two = left[:, c5] * (left[:, c6] - ((c5 == c6) & (not draws.infinite)))
    start = (prefix[:, 0] + prefix[:, 1]) % 10 * 10 + (prefix[:, 2] + prefix[:, 3]) % 10
    order = np.argsort(start, kind="stable")
    starts, first = np.unique(start[order], return_index=True)
    cells = weights[order][:, :, None] * last_two[order][:, None, :]  # (K, 9, 100)
    by_start = np.add.reduceat(cells, first, axis=0)  # (G, 9, 100)
    events = _event_grid(tableau)[starts].reshape(-1)  # (G·100,)
    flat = by_start.transpose(1, 0, 2).reshape(_N_STATES, -1)
    event_order = np.argsort(events, kind="stable")
    present, event_first = np.unique(events[event_order], return_index=True)
    summed = np.add.reduceat(flat[:, event_order], event_first, axis=1)
    table = [[0] * N_EVENTS for _ in range(_N_STATES)]
    for state in range(1, _N_STATES):
        row = table[state]
        for event, count in zip(present.tolist(), summed[state].tolist()):
            row[event] = int(count)
    totals = event_counts(values, tableau, infinite=draws.infinite)
    table[0] = [totals[e] - sum(table[s][e] for s in range(1, _N_STATES)) for e in range(N_EVENTS)]
    return table, denominator
