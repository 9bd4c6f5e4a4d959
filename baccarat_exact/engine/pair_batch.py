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
)
from baccarat_exact.engine.tables import deal_grid
from baccarat_exact.model.bets import NO_PAIR, PAIR, PAIR_STATES, SUITED_PAIR
from baccarat_exact.model.events import N_EVENTS
from baccarat_exact.model.rules import Tableau

__all__ = [
    "batch_fits",
    "batch_joint_counts",
    "batch_pair_state_counts",
    "batch_rank_terms",
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


class _JointKeys(NamedTuple):
    """One family's keys: grid row (Player total · 10 + Banker total), and the constant
    parts of the last-two-card sum: q1 as a (10 values, K · C) matrix, and q0 (K, C)."""

    start: npt.NDArray[np.intp]
    q1: npt.NDArray[np.float64]
    q0: Int64Array


def _grid_columns(tableau: Tableau, columns: tuple[frozenset[int], ...]) -> Int64Array:
    """(100 rows, 10 c5, 10 c6, C): 1 where the round of that row and last two cards ends
    in an event of the column."""
    events = deal_grid(tableau).reshape(100, 10, 10)
    member = np.zeros((N_EVENTS, len(columns)), dtype=np.int64)
    for j, column in enumerate(columns):
        member[sorted(column), j] = 1
    return member[events]


def _family(
    grid: Int64Array, player: tuple[npt.NDArray[np.intp], ...], banker: tuple[Any, ...]
) -> _JointKeys:
    """The keys whose Player's two cards have values ``player`` and Banker's ``banker``
    (arrays over the keys)."""
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
    as_matrix = q1.transpose(1, 0, 2).reshape(10, -1).astype(np.float64)  # (10, K · C)
    return _JointKeys(start, as_matrix, q0)


@functools.lru_cache(maxsize=16)
def _joint_plan(
    tableau: Tableau, columns: tuple[frozenset[int], ...]
) -> tuple[Int64Array, _JointKeys, _JointKeys, _JointKeys]:
    """The grid as a (100 c5·c6, 100 rows · C) matrix and the three families' keys:
    both pairs (va, vb), Player pair (va; v1, v2) and Banker pair (va; v1, v2)."""
    grid = _grid_columns(tableau, columns)
    va, vb = (axis.reshape(-1) for axis in np.indices((10, 10)))
    both = _family(grid, (va, va), (vb, vb))
    a, v1, v2 = (axis.reshape(-1) for axis in np.indices((10, 10, 10)))
    player_pair = _family(grid, (a, a), (v1, v2))
    banker_pair = _family(grid, (v1, v2), (a, a))
    matrix = np.ascontiguousarray(grid.transpose(1, 2, 0, 3).reshape(100, -1))
    return matrix, both, player_pair, banker_pair


def joint_fits(largest_cards: int) -> bool:
    """Whether int64 holds :func:`batch_joint_counts` for shoes of up to that many cards:
    every partial sum is at most N**4 (prefix ways) times (N + 5)**2 (last two cards, and
    the terms of the values taken out), twice for the signed terms."""
    n = max(largest_cards, 6)
    return fits_int64(2 * n**4 * (n + 5) ** 2)


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
    cards, unsuited, suited, four_uu, four_us, four_ss = batch_rank_terms(ranks, suits)
    values = ranks @ _RANK_TO_VALUE  # (B, 10)
    matrix, both, player_pair, banker_pair = _joint_plan(tableau, columns)
    n_cols = len(columns)
    squares = (values[:, :, None] * values[:, None, :]).reshape(len(ranks), 100)
    rows = (squares @ matrix).reshape(len(ranks), 100, n_cols)  # Y: (B, 100 rows, C)

    as_float = values.astype(np.float64)

    def bracket(keys: _JointKeys) -> Int64Array:  # (B, K, C) last-two-card ways
        # v · q1 in float64 is exact: |q1| ≤ 9 (4 cards out, twice, and the diagonal)
        linear = (as_float @ keys.q1).astype(np.int64).reshape(len(ranks), -1, n_cols)
        result: Int64Array = rows[:, keys.start] + linear + keys.q0
        return result

    pair = {PAIR: unsuited, SUITED_PAIR: suited}
    four = {
        (PAIR, PAIR): four_uu,
        (PAIR, SUITED_PAIR): four_us,
        (SUITED_PAIR, PAIR): four_us,
        (SUITED_PAIR, SUITED_PAIR): four_ss,
    }
    by_value = {k: p @ _RANK_TO_VALUE for k, p in pair.items()}  # (B, 10)
    counts = np.zeros((len(ranks), _N_STATES, n_cols), dtype=np.int64)
    eye = np.eye(10, dtype=np.int64)
    # both hands pairs: different ranks (products of value sums, less same-rank terms)
    # or one rank (its four-card terms)
    last = bracket(both)
    for (p, q), fours in four.items():
        same = (pair[p] * pair[q] - fours) @ _RANK_TO_VALUE  # (B, 10)
        ways = by_value[p][:, :, None] * by_value[q][:, None, :] - same[:, :, None] * eye
        counts[:, 3 * p + q] = np.einsum("bk,bkj->bj", ways.reshape(len(ranks), -1), last)
    # one hand a pair of rank a, the other two cards of different ranks b1 != b2, each
    # left(b) = cards_b - 2 [b = a] ways
    per_value = cards @ _RANK_TO_VALUE  # (B, 10)
    squared = (cards * cards) @ _RANK_TO_VALUE
    own = _RANK_TO_VALUE[None, :, :]  # (1, 13, 10): the value of rank a
    left = per_value[:, None, :] - 2 * own  # (B, 13, 10)
    left_squares = squared[:, None, :] - own * (4 * cards[:, :, None] - 4)
    other = left[:, :, :, None] * left[:, :, None, :] - left_squares[:, :, :, None] * eye
    player_last, banker_last = bracket(player_pair), bracket(banker_pair)
    for k in (PAIR, SUITED_PAIR):
        weighted = (pair[k][:, :, None] * other.reshape(len(ranks), 13, 100)).transpose(0, 2, 1)
        ways = (weighted @ _RANK_TO_VALUE).transpose(0, 2, 1).reshape(len(ranks), -1)
        counts[:, 3 * k + NO_PAIR] = np.einsum("bk,bkj->bj", ways, player_last)
        counts[:, 3 * NO_PAIR + k] = np.einsum("bk,bkj->bj", ways, banker_last)
    totals = count_array(values, compile_columns(tableau, _as_columns(columns)))
    counts[:, 0] = totals - counts[:, 1:].sum(axis=1)
    n = ranks.sum(axis=1)
    return counts, n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)


def _as_columns(columns: tuple[frozenset[int], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(column)) for column in columns)
