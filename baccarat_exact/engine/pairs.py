"""Pair bets: ranks and suits of the first two cards of each hand, by a small enumeration.

The six-card engine sees only card values; pair bets need the *ranks* of the
first two cards of each hand (a pair) and Perfect Pair bets their *suits* too
(a suited pair: same rank and suit). Rather than widen the engine's universe,
this module counts the first four cards (P1 B1 P2 B2) by rank and suit:

* :func:`pair_state_counts` — the 9 :data:`~baccarat_exact.model.bets.PAIR_STATES`
  in closed form over the 13 ranks (microseconds; all that pure pair bets need);
* :func:`joint_counts` — (pair state × event) counts, for bets that look at
  both, e.g. "Player pair and Player wins": the four-card prefixes with a pair
  (≤ 4,225 rank patterns, grouped by their values) times the ways the last two
  cards of the six-card sequence end each event (the deal grid).

Both count six-card sequences over the engine's denominator, so their numbers
and the engine's add up.

**Suits.** Every count is a sum over ranks of per-rank terms — ordered pairs
of one rank (suited or not) and ordered four-card deals of one rank — and of
products of such terms of *different* ranks (:class:`RankTerms`). Where cards of
unknown suit have left a rank of known suits s (T cards), the cards left are an
equally likely n-card subset of those T, so each ordered k-card draw of that
rank survives with probability ff(n, k)/ff(T, k): the expected term is the term
of the starting suits times that ratio (the factorial moments of the
multivariate hypergeometric distribution). Different ranks are removed
independently, so products of different ranks' terms average to products of
their averages, and every count below is the *exact expectation* over the
unknown suits. Expected counts need not be whole numbers: they are kept as
integers over a common ``weight`` (:class:`PairTerms`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction
from math import lcm, perm
from typing import NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.counting import event_counts, fits_int64, six_card_total
from baccarat_exact.engine.tables import deal_grid
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.bets import NO_PAIR, PAIR, PAIR_STATES, SUITED_PAIR
from baccarat_exact.model.cards import POINT_VALUE
from baccarat_exact.model.events import N_EVENTS
from baccarat_exact.model.rules import STANDARD_TABLEAU, Tableau
from baccarat_exact.model.shoe import Shoe, SuitRow

__all__ = [
    "PairTerms",
    "RankTerms",
    "exact_suit_terms",
    "joint_counts",
    "pair_state_counts",
    "pair_terms",
    "shoe_pair_states",
    "suit_blind_terms",
    "suited_terms",
]

try:  # the compiled pair states (``_sixcard.c``; absent where it was not built)
    from baccarat_exact.engine._sixcard import shoe_pair_states as _compiled_pair_states
except ImportError:  # pragma: no cover - a build without a C compiler or 128-bit integers
    _compiled_pair_states = None  # type: ignore[assignment]

NATIVE = _compiled_pair_states is not None
"""Whether :func:`shoe_pair_states` sums in compiled 128-bit integers where they are
exact (tests set it False to compare)."""

_N_STATES = len(PAIR_STATES)
_N = TypeVar("_N", int, Fraction)


class RankTerms(NamedTuple):
    """One rank's terms, all multiplied by :attr:`PairTerms.scale`: cards (not scaled),
    ordered unsuited and suited pairs, and ordered four-card deals of the rank whose
    two hands are (unsuited, unsuited), (unsuited, suited) and (suited, suited) pairs."""

    cards: int
    unsuited: int
    suited: int
    four_uu: int
    four_us: int
    four_ss: int


class PairTerms(NamedTuple):
    """Per-rank terms of a shoe, integers over a common ``scale``, and how it deals."""

    ranks: tuple[RankTerms, ...]
    scale: int
    """Every pair and four-card term is its (expected) value times this; 1 when exact."""
    infinite: bool

    @property
    def weight(self) -> int:
        """What the counts built from these terms are multiplied by (scale squared)."""
        return self.scale * self.scale


def _suited_pairs(row: SuitRow) -> int:
    return sum(m * (m - 1) for m in row)


def _suited_fours(row: SuitRow) -> int:
    """Ordered four cards of one rank, the first two of one suit and the last two of one."""
    pairs = [m * (m - 1) for m in row]
    total = sum(pairs)
    return (
        total * total
        - sum(p * p for p in pairs)
        + sum(p * (m - 2) * (m - 3) for p, m in zip(pairs, row))
    )


def _terms(cards: int, suited: _N, four_ss: _N) -> tuple[_N, _N, _N, _N, _N]:
    """A rank's five pair terms from its cards, suited pairs and suited four-card deals
    (exact integers, or expectations)."""
    unsuited = perm(cards, 2) - suited
    four_us = suited * perm(max(cards - 2, 0), 2) - four_ss
    four_uu = perm(cards, 4) - four_ss - 2 * four_us
    return unsuited, suited, four_uu, four_us, four_ss


@functools.lru_cache(maxsize=8192)
def _known_rank(row: SuitRow) -> RankTerms:
    """The terms of a rank whose every card's suit is known (integers)."""
    cards = row[0] + row[1] + row[2] + row[3]
    return RankTerms(cards, *_terms(cards, _suited_pairs(row), _suited_fours(row)))


@functools.lru_cache(maxsize=8192)
def _rank(row: SuitRow | None, cards: int) -> tuple[int, RankTerms]:
    """A rank's terms as (denominator, numerators): exact where every card's suit is known
    (denominator 1); else the expectation over the cards gone with unknown suits — each
    ordered k-card draw of the rank is still there with probability ff(cards, k)/ff(start, k)."""
    if row is None:  # at most one card (checked): no pair of this rank
        return 1, RankTerms(cards, 0, 0, 0, 0, 0)
    start = sum(row)
    if start == cards:
        return 1, _known_rank(row)
    pairs = (
        Fraction(_suited_pairs(row) * perm(cards, 2), perm(start, 2)) if start > 1 else Fraction(0)
    )
    fours = (
        Fraction(_suited_fours(row) * perm(cards, 4), perm(start, 4)) if start > 3 else Fraction(0)
    )
    terms = _terms(cards, pairs, fours)
    denominator = lcm(*(value.denominator for value in terms))
    return denominator, RankTerms(cards, *(int(value * denominator) for value in terms))


def suited_terms(shoe: Shoe) -> PairTerms:
    """The per-rank terms of ``shoe`` with suits: known suits as they are, cards of
    unknown suit averaged over exactly (module docstring).

    :raises ShoeError: where a rank of two or more cards is known by count only.

    Two decks less three aces of unknown suit: 8 ordered suited pairs of aces to start
    with, each still in the shoe with probability 5·4 / (8·7):

    >>> terms = suited_terms(Shoe.from_decks(2).remove("Ax3"))
    >>> Fraction(terms.ranks[0].suited, terms.scale) == Fraction(8 * 5 * 4, 8 * 7)
    True
    """
    if shoe.infinite:
        return _infinite_terms(shoe)
    parts, scale = _rank_parts(shoe)
    if scale == 1:
        return PairTerms(ranks=tuple(terms for _, terms in parts), scale=1, infinite=False)
    ranks = tuple(terms if d == scale else _scaled(terms, scale // d) for d, terms in parts)
    return PairTerms(ranks=ranks, scale=scale, infinite=False)


def _rank_parts(shoe: Shoe) -> tuple[list[tuple[int, RankTerms]], int]:
    """Each rank's terms over its own denominator (:func:`_rank`) and their least common
    denominator, for a finite shoe with suits.

    :raises ShoeError: where a rank of two or more cards is known by count only."""
    missing = shoe.count_only_ranks()
    if missing:
        names = " ".join(rank.value for rank in missing)
        raise ShoeError(
            f"suits matter to this bet, but the shoe gives {names} by count only: "
            'give those cards with suits (e.g. --counts "Ks=3,Kh=2") or use --decks with --remove'
        )
    parts = list(map(_rank, shoe.suit_rows(), shoe.counts))
    return parts, lcm(*[denominator for denominator, _ in parts])


def _scaled(terms: RankTerms, factor: int) -> RankTerms:
    """A rank's terms with every numerator times ``factor`` (written out, and made with
    ``_make``: a generator and the named tuple's keyword ``__new__`` here cost half of
    :func:`suited_terms`)."""
    cards, unsuited, suited, four_uu, four_us, four_ss = terms
    return RankTerms._make(
        (
            cards,
            unsuited * factor,
            suited * factor,
            four_uu * factor,
            four_us * factor,
            four_ss * factor,
        )
    )


def exact_suit_terms(rows: Sequence[Sequence[int]]) -> PairTerms:
    """The per-rank terms of a shoe whose every card's suit is known: 13 rows of 4 counts."""
    return PairTerms(
        ranks=tuple(_known_rank((r[0], r[1], r[2], r[3])) for r in rows), scale=1, infinite=False
    )


def _infinite_terms(shoe: Shoe) -> PairTerms:
    ranks = []
    for n in shoe.reduced().counts:
        total = 4 * n  # every suit of a rank equally often
        suited = 4 * n * n
        unsuited = total * total - suited
        ranks.append(
            RankTerms(
                total, unsuited, suited, unsuited * unsuited, unsuited * suited, suited * suited
            )
        )
    return PairTerms(ranks=tuple(ranks), scale=1, infinite=True)


@functools.lru_cache(maxsize=4096)
def _blind_rank(cards: int) -> RankTerms:
    return RankTerms(cards, perm(cards, 2), 0, perm(cards, 4), 0, 0)


def suit_blind_terms(counts: Sequence[int]) -> PairTerms:
    """Per-rank terms from the cards of each rank alone, every pair counted as unsuited:
    exact for bets that do not tell a suited pair from another, which need no suits."""
    return PairTerms(ranks=tuple(map(_blind_rank, counts)), scale=1, infinite=False)


def pair_terms(shoe: Shoe, suits: bool = True) -> PairTerms:
    """The per-rank terms of ``shoe``: with its suits (:func:`suited_terms`), or with
    ``suits=False`` every pair as unsuited (:func:`suit_blind_terms`)."""
    if suits or shoe.infinite:
        return suited_terms(shoe)
    return suit_blind_terms(shoe.counts)


def _sizes(terms: PairTerms) -> tuple[int, int, int, int]:
    """:func:`_deal_sizes` of the shoe of ``terms``."""
    return _deal_sizes(sum(rank.cards for rank in terms.ranks), terms.infinite)


def _deal_sizes(cards: int, infinite: bool) -> tuple[int, int, int, int]:
    """Ordered ways to deal the first four, the 3rd and 4th after two, and the 5th and
    6th of the six-card sequence from ``cards`` cards; and the six-card denominator."""
    if infinite:
        return cards**4, cards**2, cards**2, cards**6
    if cards < 6:
        raise ShoeError(
            f"the shoe holds {cards} card{'s' if cards != 1 else ''}; "
            "a round can need 6, so at least 6 must be left"
        )
    return perm(cards, 4), perm(cards - 2, 2), perm(cards - 4, 2), six_card_total(cards)


def pair_state_counts(terms: PairTerms) -> tuple[tuple[int, ...], int]:
    """Six-card sequences (infinite shoe: weights) in each of the 9 pair states, times
    ``terms.weight``, and the six-card denominator times the same weight.

    In closed form over the ranks: with U_r, S_r the ordered unsuited and suited
    pairs of rank r, the Player's and Banker's pairs are of different ranks
    (products of sums, less the same-rank terms) or all four cards are of one rank.

    >>> counts, total = pair_state_counts(pair_terms(Shoe.from_decks(8)))
    >>> total == six_card_total(416) == sum(counts)
    True
    """
    scale = terms.scale
    return _state_counts([(scale, rank) for rank in terms.ranks], scale, _sizes(terms))


def shoe_pair_states(shoe: Shoe, suits: bool = True) -> tuple[tuple[int, ...], int, int]:
    """``pair_state_counts(pair_terms(shoe, suits))`` and the terms' weight, the ranks'
    terms scaled as they are summed (no :class:`PairTerms` made: a third less work for
    one shoe of unknown suits)."""
    if shoe.infinite or not suits:
        terms = pair_terms(shoe, suits)
        return (*pair_state_counts(terms), terms.weight)
    if NATIVE and shoe.suits is not None:
        # the same terms and sums in 128-bit integers, exact while N <= 1448, every rank
        # started from at most 1448 cards and scale < 2**32 (_sixcard.c); None past
        # those bounds, or where the shoe is refused (the Python below says why)
        try:
            found = _compiled_pair_states(shoe.suits, shoe.counts, shoe.cards)
        except OverflowError:  # counts past a C integer: the Python below
            found = None
        if found is not None:
            counts, scale = found
            weight = scale * scale
            return counts, six_card_total(shoe.cards) * weight, weight
    parts, scale = _rank_parts(shoe)
    return (*_state_counts(parts, scale, _deal_sizes(shoe.cards, False)), scale * scale)


def _state_counts(
    parts: Sequence[tuple[int, RankTerms]], scale: int, sizes: tuple[int, int, int, int]
) -> tuple[tuple[int, ...], int]:
    """:func:`pair_state_counts` from each rank's terms over a denominator dividing
    ``scale`` (a rank's terms over d are scaled by scale // d here) and the deal's
    :func:`_deal_sizes`."""
    first_four, other_two, rest, denominator = sizes
    u_sum = s_sum = uu = us = ss = f11 = f12 = f22 = 0
    for d, (_, unsuited, suited, four_uu, four_us, four_ss) in parts:
        if d != scale:
            factor = scale // d
            unsuited, suited = unsuited * factor, suited * factor
            four_uu, four_us, four_ss = four_uu * factor, four_us * factor, four_ss * factor
        u_sum += unsuited
        s_sum += suited
        uu += unsuited * unsuited
        us += unsuited * suited
        ss += suited * suited
        f11 += four_uu
        f12 += four_us
        f22 += four_ss
    weight = scale * scale
    counts = [0] * _N_STATES
    counts[3 * PAIR + PAIR] = u_sum * u_sum - uu + f11 * scale
    counts[3 * PAIR + SUITED_PAIR] = counts[3 * SUITED_PAIR + PAIR] = (
        u_sum * s_sum - us + f12 * scale
    )
    counts[3 * SUITED_PAIR + SUITED_PAIR] = s_sum * s_sum - ss + f22 * scale
    for k, hand in ((PAIR, u_sum), (SUITED_PAIR, s_sum)):
        any_other = hand * other_two * scale
        counts[3 * k + NO_PAIR] = any_other - counts[3 * k + PAIR] - counts[3 * k + SUITED_PAIR]
        counts[3 * NO_PAIR + k] = any_other - counts[3 * PAIR + k] - counts[3 * SUITED_PAIR + k]
    counts[0] = first_four * weight - sum(counts)
    return tuple(c * rest for c in counts), denominator * weight


def _prefix_weights(terms: PairTerms) -> dict[tuple[int, int, int, int], list[int]]:
    """Four-card prefixes with a pair, grouped by values (P low, P high, B low, B high):
    ordered rank-suit ways in each pair state, times the weight."""
    groups: dict[tuple[int, int, int, int], list[int]] = {}
    ranks, scale, infinite = terms.ranks, terms.scale, terms.infinite

    def add(values: tuple[int, int, int, int], state: int, ways: int) -> None:
        if ways:
            key = (*sorted(values[:2]), *sorted(values[2:]))
            groups.setdefault(key, [0] * _N_STATES)[state] += ways  # type: ignore[arg-type]

    def pair(r: int, state: int) -> int:
        return ranks[r].unsuited if state == PAIR else ranks[r].suited

    def four(r: int, p: int, q: int) -> int:
        if infinite:
            return pair(r, p) * pair(r, q)
        if p == q == SUITED_PAIR:
            return ranks[r].four_ss * scale
        if p == q == PAIR:
            return ranks[r].four_uu * scale
        return ranks[r].four_us * scale

    def left(r: int, taken: int) -> int:
        return ranks[r].cards if infinite else ranks[r].cards - taken

    value = POINT_VALUE
    for a in range(13):
        for b in range(13):
            for p in (PAIR, SUITED_PAIR):
                for q in (PAIR, SUITED_PAIR):
                    ways = four(a, p, q) if a == b else pair(a, p) * pair(b, q)
                    add((value[a], value[a], value[b], value[b]), 3 * p + q, ways)
        for b1 in range(13):
            for b2 in range(13):
                if b1 == b2:
                    continue
                other = left(b1, 2 if b1 == a else 0) * left(b2, 2 if b2 == a else 0) * scale
                for k in (PAIR, SUITED_PAIR):
                    ways = pair(a, k) * other
                    add((value[a], value[a], value[b1], value[b2]), 3 * k, ways)
                    add((value[b1], value[b2], value[a], value[a]), k, ways)
    return groups


def joint_counts(
    terms: PairTerms, tableau: Tableau = STANDARD_TABLEAU
) -> tuple[list[list[int]], int]:
    """Six-card sequences (infinite shoe: weights) for each (pair state, event) cell, times
    ``terms.weight``: a 9 × 400 table, and the six-card denominator times the weight.
    Rows sum to the pair-state counts, columns to the engine's event counts.

    >>> table, total = joint_counts(pair_terms(Shoe.from_decks(1)))
    >>> sum(map(sum, table)) == total == six_card_total(52)
    True
    """
    _, _, _, denominator = _sizes(terms)
    weight = terms.weight
    values = [0] * 10
    for r, rank in enumerate(terms.ranks):
        values[POINT_VALUE[r]] += rank.cards
    groups = _prefix_weights(terms)
    dtype: type = np.int64 if fits_int64(denominator * weight) else object
    keys = list(groups)
    prefix = np.array(keys, dtype=np.intp).reshape(-1, 4)
    weights: npt.NDArray[np.generic] = (
        np.array([groups[k] for k in keys], dtype=object).astype(dtype).reshape(-1, _N_STATES)
    )
    left: npt.NDArray[np.generic] = np.tile(
        np.array(values, dtype=object).astype(dtype), (len(keys), 1)
    )
    if not terms.infinite:
        for column in range(4):
            np.subtract.at(left, (np.arange(len(keys)), prefix[:, column]), 1)
    c5, c6 = np.divmod(np.arange(100), 10)
    last_two = left[:, c5] * (left[:, c6] - ((c5 == c6) & (not terms.infinite)))
    start = (prefix[:, 0] + prefix[:, 1]) % 10 * 10 + (prefix[:, 2] + prefix[:, 3]) % 10
    order = np.argsort(start, kind="stable")
    starts, first = np.unique(start[order], return_index=True)
    cells = weights[order][:, :, None] * last_two[order][:, None, :]  # (K, 9, 100)
    by_start = np.add.reduceat(cells, first, axis=0)  # (G, 9, 100)
    events = deal_grid(tableau).reshape(100, 100)[starts].reshape(-1)  # (G·100,)
    flat = by_start.transpose(1, 0, 2).reshape(_N_STATES, -1)
    event_order = np.argsort(events, kind="stable")
    present, event_first = np.unique(events[event_order], return_index=True)
    summed = np.add.reduceat(flat[:, event_order], event_first, axis=1)
    table = [[0] * N_EVENTS for _ in range(_N_STATES)]
    for state in range(1, _N_STATES):
        row = table[state]
        for event, count in zip(present.tolist(), summed[state].tolist()):
            row[event] = int(count)
    totals = event_counts(values, tableau, infinite=terms.infinite)
    table[0] = [
        totals[e] * weight - sum(table[s][e] for s in range(1, _N_STATES)) for e in range(N_EVENTS)
    ]
    return table, denominator * weight
