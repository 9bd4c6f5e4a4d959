"""Pair-state counts of many shoe states at once: the closed form of
:func:`~baccarat_exact.engine.pairs.pair_state_counts`, vectorised.

Where every card's suit is known (or no bet tells a suited pair from another),
each rank's pair terms are integers of its suit counts, and the 9 pair-state
counts are sums and products of them over the 13 ranks: a few numpy operations
on (B, 13) arrays price every state of a batch. The arithmetic is int64 behind a
bound on every intermediate (:func:`batch_fits`); beyond it the caller prices state
by state in Python integers. The results are the same integers as the per-state
path's, which the tests check.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.counting import (
    _RANK_TO_VALUE,
    compile_columns,
    count_array,
    fits_int64,
    six_card_total,
)
from baccarat_exact.engine.pairs import PairTerms
from baccarat_exact.engine.tables import deal_grid
from baccarat_exact.model.bets import NO_PAIR, PAIR, PAIR_STATES, SUITED_PAIR
from baccarat_exact.model.events import N_EVENTS
from baccarat_exact.model.rules import Tableau

__all__ = [
    "batch_fits",
    "batch_joint_counts",
    "batch_pair_state_counts",
    "batch_rank_terms",
    "joint_column_counts",
    "joint_fits",
]

_N_STATES = len(PAIR_STATES)

Int64Array = npt.NDArray[np.int64]


def batch_fits(largest_cards: int, largest_pay: int) -> bool:
    """Whether int64 holds every intermediate for shoes of up to ``largest_cards`` cards
    and EV numerators with pays up to ``largest_pay``: each is at most N**6 (ordered
    four-card prefixes times the last two cards) times twice the largest pay."""
    return fits_int64(2 * max(largest_pay, 1) * max(largest_cards, 6) ** 6)


def batch_rank_terms(
    ranks: Int64Array, suits: Int64Array | None
) -> tuple[Int64Array, Int64Array, Int64Array, Int64Array, Int64Array, Int64Array]:
    """(B, 13) arrays of each rank's cards and ordered unsuited pairs, suited pairs, and
    four-card deals (uu, us, ss), as :class:`~baccarat_exact.engine.pairs.RankTerms`:
    from ``suits`` (B, 13, 4) cards left by rank and suit, or with ``suits=None`` every
    pair counted as unsuited (exact for bets that do not look at suits)."""
    cards = ranks
    if suits is None:
        zero = np.zeros_like(cards)
        unsuited = cards * (cards - 1)
        return cards, unsuited, zero, unsuited * (cards - 2) * (cards - 3), zero, zero
    by_suit = suits * (suits - 1)
    suited = by_suit.sum(axis=2)
    four_ss = (
        suited * suited
        - (by_suit * by_suit).sum(axis=2)
        + (by_suit * (suits - 2) * (suits - 3)).sum(axis=2)
    )
    pairs = cards * (cards - 1)
    unsuited = pairs - suited
    # (cards-2)(cards-3) is 6 or 2 for 0 or 1 cards, but no pair is there to multiply
    four_us = suited * (cards - 2) * (cards - 3) - four_ss
    four_uu = pairs * (cards - 2) * (cards - 3) - four_ss - 2 * four_us
    return cards, unsuited, suited, four_uu, four_us, four_ss


def batch_pair_state_counts(
    ranks: Int64Array, suits: Int64Array | None
) -> tuple[Int64Array, Int64Array]:
    """(B, 9) six-card sequences in each pair state and (B,) six-card totals, for shoes
    of exact suits (or none needed): the batch form of
    :func:`~baccarat_exact.engine.pairs.pair_state_counts` (weight 1). Call it only
    where :func:`batch_fits` holds and every state has at least 6 cards.

    >>> from baccarat_exact.engine.pairs import pair_state_counts, suit_blind_terms
    >>> shoe = np.full((1, 13), 32, dtype=np.int64)
    >>> counts, total = batch_pair_state_counts(shoe, None)
    >>> tuple(counts[0].tolist()) == pair_state_counts(suit_blind_terms([32] * 13))[0]
    True
    """
    _, unsuited, suited, four_uu, four_us, four_ss = batch_rank_terms(ranks, suits)
    n = ranks.sum(axis=1)
    u_sum, s_sum = unsuited.sum(axis=1), suited.sum(axis=1)
    other_two = (n - 2) * (n - 3)
    rest = (n - 4) * (n - 5)
    counts = np.zeros((len(n), _N_STATES), dtype=np.int64)
    both: dict[tuple[int, int], Any] = {
        (PAIR, PAIR): u_sum * u_sum - (unsuited * unsuited).sum(axis=1) + four_uu.sum(axis=1),
        (PAIR, SUITED_PAIR): u_sum * s_sum - (unsuited * suited).sum(axis=1) + four_us.sum(axis=1),
        (SUITED_PAIR, SUITED_PAIR): s_sum * s_sum
        - (suited * suited).sum(axis=1)
        + four_ss.sum(axis=1),
    }
    both[SUITED_PAIR, PAIR] = both[PAIR, SUITED_PAIR]
    for (p, b), column in both.items():
        counts[:, 3 * p + b] = column
    for k, hand in ((PAIR, u_sum), (SUITED_PAIR, s_sum)):
        any_other = hand * other_two
        counts[:, 3 * k + NO_PAIR] = any_other - both[k, PAIR] - both[k, SUITED_PAIR]
        counts[:, 3 * NO_PAIR + k] = any_other - both[PAIR, k] - both[SUITED_PAIR, k]
    counts[:, 0] = n * (n - 1) * other_two - counts.sum(axis=1)
    return counts * rest[:, None], n * (n - 1) * other_two * rest


# -- pair state × event, for many shoes ---------------------------------------------------
#
# A round's four-card prefix (P1 B1 P2 B2) with a pair is one of three families, keyed by
# card values: both hands pairs (player va va, banker vb vb), a Player pair (va va) with a
# Banker of two other ranks (v1 v2), and the mirror. Each key fixes the two-card totals
# (the deal grid's row) and the values it took out, r. The last two cards of the six-card
# sequence are then x_c5 · (x_c6 - [c5 = c6]) ways with x = v - r: a quadratic in the
# shoe's value counts v whose coefficients depend on the key alone. So a column's count,
# summed over keys, is W · (Y + v·q1 + q0): W the prefix ways of each key (from the rank
# terms), Y the v-quadratic of each grid row (one matrix product for the batch), q1 and q0
# constants of the key. The no-pair row is the engine's column count less the others.


_LOW, _HIGH = np.triu_indices(10)
"""The 55 unordered pairs of values v1 ≤ v2."""
_DOUBLE = _LOW == _HIGH
"""Which of them are one value twice."""


class _JointKeys(NamedTuple):
    """One family's keys (x, y), x the pair's value and y the other hand's (one value, or
    an unordered pair of them), K = 10 · Y in that order: which two-card total each y
    makes (a 0/1 (Y, 10) matrix), the grid row (Player total · 10 + Banker total) of
    each pair total 2x (x = 0–4, the same as x + 5) and other total, and the constant
    parts of the last-two-card sum, the linear q1 (K, 10 values, C) and q0 (K, C), side
    by side as one (K, 11 · C) matrix."""

    other_total: npt.NDArray[np.float64]
    grid_rows: npt.NDArray[np.intp]
    q: npt.NDArray[np.float64]
    other_int: npt.NDArray[Any]
    """``other_total`` as Python integers (for sums beyond float64's bound)."""
    q_int: npt.NDArray[Any]
    """``q`` as Python integers."""


def _grid_columns(tableau: Tableau, columns: tuple[frozenset[int], ...]) -> Int64Array:
    """(100 rows, 10 c5, 10 c6, C): 1 where the round of that row and last two cards ends
    in an event of the column."""
    events = deal_grid(tableau).reshape(100, 10, 10)
    member = np.zeros((N_EVENTS, len(columns)), dtype=np.int64)
    for j, column in enumerate(columns):
        member[sorted(column), j] = 1
    return member[events]


def _family(
    grid: Int64Array, other: tuple[npt.NDArray[np.intp], ...], player_pair: bool
) -> _JointKeys:
    """The keys whose pair hand holds two cards of value x (0–9) and whose other hand
    holds the values ``other[0][y]`` and ``other[1][y]``."""
    x, y = (axis.reshape(-1) for axis in np.indices((10, len(other[0]))))
    pair, second = (x, x), (other[0][y], other[1][y])
    player, banker = (pair, second) if player_pair else (second, pair)
    start = ((player[0] + player[1]) % 10) * 10 + (banker[0] + banker[1]) % 10
    removed = np.zeros((len(start), 10), dtype=np.int64)
    for values in (*player, *banker):
        np.add.at(removed, (np.arange(len(start)), values), 1)
    rows = grid[start]  # (K, c5, c6, C)
    diagonal = np.einsum("kccj->kcj", rows)
    q1 = -np.einsum("kxyj,ky->kxj", rows, removed) - np.einsum("kxyj,kx->kyj", rows, removed)
    q1 -= diagonal
    q0 = np.einsum("kxyj,kx,ky->kj", rows, removed, removed) + np.einsum(
        "kcj,kc->kj", diagonal, removed
    )
    q = np.concatenate([q1, q0[:, None, :]], axis=1).reshape(len(start), -1)
    other_total = np.eye(10)[(other[0] + other[1]) % 10]
    pair_totals, other_totals = np.indices((5, 10))
    pair_totals *= 2
    grid_rows = pair_totals * 10 + other_totals if player_pair else other_totals * 10 + pair_totals
    return _JointKeys(
        other_total,
        grid_rows.reshape(-1),
        q.astype(np.float64),
        other_total.astype(np.int64).astype(object),
        q.astype(object),
    )


@functools.lru_cache(maxsize=16)
def _joint_plan(
    tableau: Tableau, columns: tuple[frozenset[int], ...]
) -> tuple[npt.NDArray[np.float64], _JointKeys, _JointKeys, _JointKeys]:
    """The grid as a (100 c5·c6, 100 rows · C) matrix and the three families' keys:
    both pairs (va, vb), Player pair (va; v1, v2) and Banker pair (va; v1, v2)."""
    grid = _grid_columns(tableau, columns)
    both = _family(grid, (np.arange(10), np.arange(10)), player_pair=True)
    player_pair = _family(grid, (_LOW, _HIGH), player_pair=True)  # v1, v2 in either order
    banker_pair = _family(grid, (_LOW, _HIGH), player_pair=False)
    matrix = np.ascontiguousarray(grid.transpose(1, 2, 0, 3).reshape(100, -1), dtype=np.float64)
    return matrix, both, player_pair, banker_pair


def joint_fits(largest_cards: int, scale: int = 1) -> bool:
    """Whether :func:`batch_joint_counts` (or :func:`joint_column_counts` with terms over
    ``scale``) is exact for shoes of up to that many cards: every prefix way is at most
    scale² · N**4, its products with the last two cards' at most (N + 5)**2 times that
    (twice, for the signed terms) in int64, and its sums with the keys' constants (at
    most 20 each) in float64."""
    n = max(largest_cards, 6)
    ways = scale * scale * n**4
    return fits_int64(2 * ways * (n + 5) ** 2) and 20 * ways < 2**53


def batch_joint_counts(
    ranks: Int64Array,
    suits: Int64Array | None,
    tableau: Tableau,
    columns: tuple[frozenset[int], ...],
) -> tuple[Int64Array, Int64Array]:
    """(B, 9, C) six-card sequences in each pair state ending in an event of each column,
    and (B,) six-card totals: the batch form of
    :func:`~baccarat_exact.engine.pairs.joint_counts` summed into columns (weight 1).
    Call it only where :func:`joint_fits` holds and every state has at least 6 cards.

    >>> from baccarat_exact.engine.pairs import joint_counts, suit_blind_terms
    >>> from baccarat_exact.model.rules import STANDARD_TABLEAU
    >>> shoe = np.full((1, 13), 32, dtype=np.int64)
    >>> banker = frozenset(range(0, 400, 2))  # any columns of events
    >>> counts, total = batch_joint_counts(shoe, None, STANDARD_TABLEAU, (banker,))
    >>> table, _ = joint_counts(suit_blind_terms([32] * 13))
    >>> counts[0, :, 0].tolist() == [sum(row[e] for e in banker) for row in table]
    True
    """
    counts = _joint_of_terms(batch_rank_terms(ranks, suits), 1, tableau, columns)
    n = ranks.sum(axis=1)
    return counts, n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)


def joint_column_counts(
    terms: PairTerms, tableau: Tableau, columns: tuple[frozenset[int], ...]
) -> tuple[list[list[int]], int] | None:
    """One finite shoe's (9, C) counts of :func:`batch_joint_counts` from its pair terms
    (any scale), times ``terms.weight``, and the six-card total times the weight: in
    float64 and int64 where :func:`joint_fits` holds, else in Python integers; None for
    an infinite shoe's terms (or fewer than 6 cards)."""
    cards = sum(rank.cards for rank in terms.ranks)
    if terms.infinite or cards < 6:
        return None
    # float64 and int64 where the bound holds, else the same sums in Python integers
    # (many cards of unknown suit out: the expected terms' common scale is large)
    dtype = np.int64 if joint_fits(cards, terms.scale) else object
    arrays = tuple(np.array([column], dtype=dtype) for column in zip(*terms.ranks))
    counts = _joint_of_terms(arrays, terms.scale, tableau, columns)  # type: ignore[arg-type]
    return [[int(n) for n in row] for row in counts[0].tolist()], six_card_total(
        cards
    ) * terms.weight


_Terms = tuple[Int64Array, Int64Array, Int64Array, Int64Array, Int64Array, Int64Array]


def _whole(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """Exact integers: float64 sums (proved integers below 2**53) as int64; Python
    integers as they are."""
    return array if array.dtype == object else array.astype(np.int64)


def _contract(
    ways: npt.NDArray[np.float64], keys: _JointKeys, rows: Int64Array, values: Int64Array
) -> Int64Array:
    """(B, S, C): Σ over the keys of the (B, S, K) prefix ways times the last two cards'
    ways, W · (Y + v · q1 + q0) with Y the grid ``rows`` (B, 100, C) and v the shoes'
    ``values`` (B, 10), as products with the keys' constants. Exact in float64: |W| ≤
    N**4, |q1| ≤ 9 (4 cards out, twice, and the diagonal) and |q0| ≤ 20, so every partial
    sum is an integer below 20 · N**4 < 2**53; the products with Y and v (up to N**6) are
    taken in int64."""
    batch, states, _ = ways.shape
    n_cols = rows.shape[2]
    exact = ways.dtype == object  # Python integers throughout
    q, other_total = (keys.q_int, keys.other_int) if exact else (keys.q, keys.other_total)
    flat = ways.reshape(batch * states, -1)
    by_value = _whole(flat @ q).reshape(batch, states, 11, n_cols)
    # the ways summed by grid row: the other hand's total, then the pair's (x and x + 5
    # make the same total 2x)
    by_other = (flat.reshape(-1, ways.shape[2] // 10) @ other_total).reshape(-1, 10, 10)
    by_row = _whole(by_other[:, :5] + by_other[:, 5:]).reshape(batch, states, 50)
    quadratic = by_row @ rows[:, keys.grid_rows]  # (B, S, C)
    linear = (values[:, None, None, :] @ by_value[:, :, :10])[:, :, 0]
    result: Int64Array = quadratic + linear + by_value[:, :, 10]
    return result


def _joint_of_terms(
    terms: _Terms, scale: int, tableau: Tableau, columns: tuple[frozenset[int], ...]
) -> Int64Array:
    """(B, 9, C) counts times scale² from (B, 13) rank terms over ``scale``
    (:func:`batch_rank_terms`, or a :class:`PairTerms`' integers)."""
    exact = terms[0].dtype == object  # Python integers: no bound to prove
    kind: Any = object if exact else np.float64
    ranks = terms[0].astype(np.int64)  # cards: small in either case
    cards, unsuited, suited, four_uu, four_us, four_ss = (t.astype(kind) for t in terms)
    batch, n_cols = len(ranks), len(columns)
    values = ranks @ _RANK_TO_VALUE  # (B, 10)
    as_float = values.astype(np.float64)
    matrix, both, player_pair, banker_pair = _joint_plan(tableau, columns)
    # Y: (B, 100 rows, C), each a sum of v5 · v6 (at most N**2: exact in float64)
    squares = (as_float[:, :, None] * as_float[:, None, :]).reshape(batch, -1)
    rows = (squares @ matrix).astype(np.int64).reshape(batch, 100, n_cols)
    if exact:
        rows, values = rows.astype(object), values.astype(object)
    as_kind = values.astype(kind)

    # Every way below is at most N**4 (ordered four-card prefixes): exact in float64.
    # Where no suited pair is left (or suits are not looked at), its states count 0.
    kinds = (PAIR, SUITED_PAIR) if suited.any() else (PAIR,)
    pair = {PAIR: unsuited, SUITED_PAIR: suited}
    fours = {
        (PAIR, PAIR): four_uu,
        (PAIR, SUITED_PAIR): four_us,
        (SUITED_PAIR, PAIR): four_us,
        (SUITED_PAIR, SUITED_PAIR): four_ss,
    }
    four = {(p, q): fours[p, q] for p in kinds for q in kinds}
    to_value = _RANK_TO_VALUE.astype(kind)
    by_value = {k: p @ to_value for k, p in pair.items()}  # (B, 10)
    counts = np.zeros((batch, _N_STATES, n_cols), dtype=object if exact else np.int64)
    eye = np.eye(10, dtype=np.int64).astype(kind)
    # both hands pairs: different ranks (products of value sums, less same-rank terms)
    # or one rank (its four-card terms)
    both_ways = np.empty((batch, len(four), 100), dtype=kind)
    for j, ((p, q), same_rank) in enumerate(four.items()):
        same = (pair[p] * pair[q] - scale * same_rank) @ to_value  # (B, 10)
        ways = by_value[p][:, :, None] * by_value[q][:, None, :] - same[:, :, None] * eye
        both_ways[:, j] = ways.reshape(batch, 100)
    counts[:, [3 * p + q for p, q in four]] = _contract(both_ways, both, rows, values)
    # one hand a pair of rank a (value va), the other two cards of different ranks
    # b1 != b2 (values v1, v2), each left(b) = cards_b - 2 [b = a] ways. Summed over the
    # ranks of each value: left = L := per value - 2 e_va for every a of value va, so the
    # ways are P_k[va] (L[v1] L[v2] - [v1 = v2] Σ_(b of v1) cards_b²) plus, where
    # v1 = v2 = va, Σ_(a of va) pair_k[a] (4 cards_a - 4) (the rank a's own square).
    squared = (cards * cards) @ to_value
    # (symmetric in v1, v2: kept for v1 ≤ v2, each pair v1 < v2 counted twice)
    left = as_kind[:, None, :] - 2 * eye  # (B, va, v)
    other = left[:, :, _LOW] * left[:, :, _HIGH] - squared[:, None, _LOW] * _DOUBLE
    other *= np.where(_DOUBLE, 1, 2).astype(kind) * scale  # (B, va, 55)
    one_pair = np.empty((batch, len(kinds), 10 * len(_LOW)), dtype=kind)
    same = _DOUBLE & (np.arange(10)[:, None] == _LOW)  # (va, pair): v1 = v2 = va
    for j, k in enumerate(kinds):
        one_pair[:, j] = (by_value[k][:, :, None] * other).reshape(batch, -1)
        one_pair[:, j, same.reshape(-1)] += (pair[k] * (4 * cards - 4) * scale) @ to_value
    counts[:, [3 * k + NO_PAIR for k in kinds]] = _contract(one_pair, player_pair, rows, values)
    counts[:, [3 * NO_PAIR + k for k in kinds]] = _contract(one_pair, banker_pair, rows, values)
    totals = count_array(ranks @ _RANK_TO_VALUE, compile_columns(tableau, _as_columns(columns)))
    if exact:
        totals = totals.astype(object)
    counts[:, 0] = totals * (scale * scale) - counts[:, 1:].sum(axis=1)
    return counts


def _as_columns(columns: tuple[frozenset[int], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(column)) for column in columns)
