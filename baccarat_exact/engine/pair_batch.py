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
    "suit_sums",
]

_N_STATES = len(PAIR_STATES)

Int64Array = npt.NDArray[np.int64]


def batch_fits(largest_cards: int, largest_pay: int) -> bool:
    """Whether int64 holds every intermediate for shoes of up to ``largest_cards`` cards
    and EV numerators with pays up to ``largest_pay``: each is at most N**6 (ordered
    four-card prefixes times the last two cards) times twice the largest pay."""
    return fits_int64(2 * max(largest_pay, 1) * max(largest_cards, 6) ** 6)


def suit_sums(by_suit: Int64Array) -> Int64Array:
    """(B, 13) sums over the last axis of (B, 13, 4) per-suit terms: four slices added
    (numpy's reduction over an axis of 4 cost eight times as much)."""
    total: Int64Array = by_suit[..., 0] + by_suit[..., 1] + by_suit[..., 2] + by_suit[..., 3]
    return total


_INT32_RANK = 152
"""Most cards of one rank for which :func:`batch_rank_terms` works in int32 (half the
memory moved, a third of the time): every term and every step to it is a count of at
most c**4 ordered draws from the rank's c cards, or a sum or difference of at most three
such and a few c**3, so within 3 · c**4 + 12 · c**3 < 2**31 in absolute value."""


def batch_rank_terms(
    ranks: Int64Array, suits: Int64Array | None
) -> tuple[Int64Array, Int64Array, Int64Array, Int64Array, Int64Array, Int64Array]:
    """(B, 13) arrays of each rank's cards and ordered unsuited pairs, suited pairs, and
    four-card deals (uu, us, ss), as :class:`~baccarat_exact.engine.pairs.RankTerms`:
    from ``suits`` (B, 13, 4) cards left by rank and suit, or with ``suits=None`` every
    pair counted as unsuited (exact for bets that do not look at suits). Worked in
    int32 while no rank holds more than 152 cards, returned as int64."""
    cards = ranks
    if suits is None:
        zero = np.zeros_like(cards)
        unsuited = cards * (cards - 1)
        return cards, unsuited, zero, unsuited * (cards - 2) * (cards - 3), zero, zero
    if int(cards.max(initial=0)) <= _INT32_RANK and int(suits.min(initial=0)) >= 0:
        terms = _suited_terms(cards.astype(np.int32), suits.astype(np.int32))
    else:
        terms = _suited_terms(cards, suits)
    unsuited, suited, four_uu, four_us, four_ss = (term.astype(np.int64) for term in terms)
    return cards, unsuited, suited, four_uu, four_us, four_ss


def _suited_terms(cards: npt.NDArray[Any], suits: npt.NDArray[Any]) -> tuple[npt.NDArray[Any], ...]:
    """The unsuited, suited, uu, us and ss terms of :func:`batch_rank_terms` from the
    cards of each rank and suit (in the dtype given)."""
    by_suit = suits * (suits - 1)
    suited = suit_sums(by_suit)
    # ordered suited pairs of two suits, plus four cards of one suit: suited² less each
    # suit's square, plus its (s)(s-1)(s-2)(s-3), i.e. suited² + Σ s(s-1)(6 - 4s)
    four_ss = suited * suited + suit_sums(by_suit * (6 - 4 * suits))
    pairs = cards * (cards - 1)
    unsuited = pairs - suited
    # (cards-2)(cards-3) is 6 or 2 for 0 or 1 cards, but no pair is there to multiply
    four_us = suited * (cards - 2) * (cards - 3) - four_ss
    four_uu = pairs * (cards - 2) * (cards - 3) - four_ss - 2 * four_us
    return unsuited, suited, four_uu, four_us, four_ss


_ONE_A_RANK = np.ones(13, dtype=np.int64)


def _over_ranks(terms: Int64Array) -> Int64Array:
    """(B,) sums of (B, 13) per-rank integers: one product with ones (a third of the
    time of a sum over an axis of 13)."""
    total: Int64Array = terms @ _ONE_A_RANK
    return total


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
    n, u_sum, s_sum = (_over_ranks(terms) for terms in (ranks, unsuited, suited))
    other_two = (n - 2) * (n - 3)
    rest = (n - 4) * (n - 5)
    counts = np.zeros((len(n), _N_STATES), dtype=np.int64)
    both: dict[tuple[int, int], Any] = {
        (PAIR, PAIR): u_sum * u_sum - _over_ranks(unsuited * unsuited) + _over_ranks(four_uu),
        (PAIR, SUITED_PAIR): u_sum * s_sum - _over_ranks(unsuited * suited) + _over_ranks(four_us),
        (SUITED_PAIR, SUITED_PAIR): s_sum * s_sum
        - _over_ranks(suited * suited)
        + _over_ranks(four_ss),
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
# shoe's value counts v whose coefficients depend on the key alone, Y + v · q1 + q0 (Y
# the v-quadratic of the key's grid row, q1 and q0 constants of the key). A family's
# count is that quadratic summed over the keys, each times the key's prefix ways.
#
# The prefix ways are products of per-value sums of the rank terms (by_value below), so
# the sum is taken factor by factor, never over a (shoes, keys) table:
#
# - both pairs: ways P_p[va] P_q[vb] - [va = vb] same_pq[va], so the count is
#   Σ_va P_p[va] Σ_vb P_q[vb] F[va, vb] - Σ_va same_pq[va] F[va, va], F the key's quadratic;
# - one pair of value va: ways P_k[va] O[va, y] + [y = (va, va)] T_k[va], O the other
#   hand's ordered ways (values y = v1 ≤ v2, of different ranks, the pair's two cards
#   out), a quadratic in v. So the count is Σ_va P_k[va] U[va] + T_k[va] D[va], with
#   U[va] = Σ_y O[va, y] F[va, y] and D[va] = F[va, (va, va)]. U is quartic in v: its
#   parts are quadratics in v (one matrix product on the 76 monomials v1 · v2, v, Σ
#   cards², 1) times v or the grid rows' quadratics, summed over 10 values or totals.
#
# The no-pair row is the engine's column count less the others.


_LOW, _HIGH = np.triu_indices(10)
"""The 55 unordered pairs of values v1 ≤ v2."""
_PAIR_OF = np.zeros((10, 10), dtype=np.intp)
_PAIR_OF[_LOW, _HIGH] = _PAIR_OF[_HIGH, _LOW] = np.arange(len(_LOW))
"""The position among them of values (v1, v2), either order."""

_CUBIC = np.array(
    [(a, b, c) for a in range(10) for b in range(a, 10) for c in range(b, 10)], dtype=np.intp
).T
"""The 220 products v_a · v_b · v_c, a ≤ b ≤ c."""
_CUBIC_PAIR = _PAIR_OF[_CUBIC[0], _CUBIC[1]]
"""Each one's v_a · v_b among the 55 products."""
_BY_SQUARES = np.indices((10, 10)).reshape(2, -1)
"""The 100 products v_a · (Σ cards² of value w), as (a, w)."""
_MONOMIALS = len(_LOW) + 10 + 10 + 1
"""The quadratic monomials [v1 · v2 (v1 ≤ v2), v, Σ cards² by value, 1]: 76."""
_FEATURES = _CUBIC.shape[1] + _BY_SQUARES.shape[1] + _MONOMIALS
"""The features of a batch: [cubic, v · Σ cards², then the quadratic monomials]: 396."""


def _feature_index() -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Where each quadratic monomial lands among the features (76,) and where each
    monomial times v_v does (76, 10)."""
    cubic = {tuple(t): i for i, t in enumerate(_CUBIC.T.tolist())}
    by_square = _CUBIC.shape[1]
    first = by_square + _BY_SQUARES.shape[1]  # the monomials, in their own order
    alone = np.arange(first, first + _MONOMIALS)
    times_v = np.zeros((_MONOMIALS, 10), dtype=np.intp)
    for v in range(10):
        for i, (a, b) in enumerate(zip(_LOW.tolist(), _HIGH.tolist())):
            times_v[i, v] = cubic[tuple(sorted((a, b, v)))]
        for w in range(10):
            times_v[len(_LOW) + w, v] = first + _PAIR_OF[w, v]  # v_w · v_v
            times_v[len(_LOW) + 10 + w, v] = by_square + v * 10 + w  # Σ cards²_w · v_v
        times_v[_MONOMIALS - 1, v] = first + len(_LOW) + v  # 1 · v_v
    return alone, times_v


_ALONE, _TIMES_V = _feature_index()

_Q1_BOUND, _Q0_BOUND = 9, 20
"""Bounds on a key's constants: |q1[v]| ≤ 4 + 4 + 1 (the four cards out, from c5 and from
c6, and the diagonal), |q0| ≤ 4 · 4 + 4."""
_FLOAT_EXACT = 2**53


def _last_two(
    grid: Int64Array, start: npt.NDArray[np.intp], removed: Int64Array
) -> tuple[Int64Array, Int64Array]:
    """The constants q1 (K, 10, C) and q0 (K, C) of keys whose prefix makes grid row
    ``start`` (K,) and takes out the values ``removed`` (K, 10): the last two cards' ways,
    Σ_(c5, c6) [event in column] (v - r)_c5 ((v - r)_c6 - [c5 = c6]), less the quadratic
    part Y, is v · q1 + q0."""
    rows = grid[start]  # (K, c5, c6, C)
    diagonal = np.einsum("kccj->kcj", rows)
    q1 = -np.einsum("kxyj,ky->kxj", rows, removed) - np.einsum("kxyj,kx->kyj", rows, removed)
    q1 -= diagonal
    q0 = np.einsum("kxyj,kx,ky->kj", rows, removed, removed) + np.einsum(
        "kcj,kc->kj", diagonal, removed
    )
    return q1, q0


def _grid_columns(tableau: Tableau, columns: tuple[frozenset[int], ...]) -> Int64Array:
    """(100 rows, 10 c5, 10 c6, C): 1 where the round of that row and last two cards ends
    in an event of the column."""
    events = deal_grid(tableau).reshape(100, 10, 10)
    member = np.zeros((N_EVENTS, len(columns)), dtype=np.int64)
    for j, column in enumerate(columns):
        member[sorted(column), j] = 1
    return member[events]


class _JointPlan(NamedTuple):
    """What the batch joint counts take from the tableau and the columns alone: the
    matrices each batch multiplies its shoes' monomials by, and where each key's grid
    row lands among the R rows some key reads."""

    squares: npt.NDArray[np.float64]
    """(R · C, 55 products v1 · v2, v1 ≤ v2): → Y of the rows read."""
    linear: npt.NDArray[np.float64]
    """(120 · C, 11): [v, 1] → v · q1 + q0 of the both-pairs keys (va, vb), then of the
    one-pair keys (va; va, va), Player pair then Banker pair."""
    by_total: npt.NDArray[np.float64]
    """(10 va · 10 t, 76 monomials): → Σ_y O[va, y] over the hands y totalling t."""
    cubic: npt.NDArray[np.float64]
    """(2 families · 10 va · C, 396 features): → Σ_y O[va, y] (v · q1 + q0) of the
    one-pair keys (va; y), Player pair then Banker pair."""
    both_rows: npt.NDArray[np.intp]
    """(100,) the row of each both-pairs key (va, vb), among the R."""
    pair_rows: npt.NDArray[np.intp]
    """(2 families, 10 va, 10 t) the row of a pair of value va against a hand totalling t."""
    same_rows: npt.NDArray[np.intp]
    """(2 families, 10 va) the row of the key (va; va, va)."""


@functools.lru_cache(maxsize=16)
def _joint_plan(tableau: Tableau, columns: tuple[frozenset[int], ...]) -> _JointPlan:
    """The matrices of :class:`_JointPlan` for ``tableau`` and ``columns`` (made once per
    pair of them: a few milliseconds)."""
    grid = _grid_columns(tableau, columns)
    n_cols = len(columns)
    value = np.arange(10)
    pair_total = (2 * value) % 10
    eye = np.eye(10, dtype=np.int64)
    # both pairs, keys (va, vb) va-major: rows (2va, 2vb), 2 + 2 cards out
    both_start = (pair_total[:, None] * 10 + pair_total[None, :]).reshape(-1)
    both_removed = (2 * eye[:, None, :] + 2 * eye[None, :, :]).reshape(100, 10)
    both_q1, both_q0 = _last_two(grid, both_start, both_removed)
    # one pair, keys (va, y) va-major, y = (v1 ≤ v2) the other hand's values
    other_total = (_LOW + _HIGH) % 10
    one_removed = (2 * eye[:, None, :] + eye[_LOW][None] + eye[_HIGH][None]).reshape(-1, 10)
    player_start = (pair_total[:, None] * 10 + other_total[None, :]).reshape(-1)
    banker_start = (other_total[None, :] * 10 + pair_total[:, None]).reshape(-1)
    families = [_last_two(grid, start, one_removed) for start in (player_start, banker_start)]

    read = np.flatnonzero(np.bincount(np.concatenate([both_start, player_start, banker_start])))
    place = np.zeros(100, dtype=np.intp)
    place[read] = np.arange(len(read))
    # Y on the 55 products v1 · v2 (v1 ≤ v2): the grid's two orders of a pair together
    ordered = grid[read].transpose(1, 2, 0, 3)  # (c5, c6, R, C)
    squares = (
        ordered[_LOW, _HIGH] + np.where(_LOW != _HIGH, 1, 0)[:, None, None] * ordered[_HIGH, _LOW]
    )

    same_key = value * len(_LOW) + _PAIR_OF[value, value]  # the keys (va; va, va)
    linear = [np.concatenate([both_q1, both_q0[:, None, :]], axis=1)]  # (100, 11, C)
    linear += [
        np.concatenate([q1[same_key], q0[same_key][:, None, :]], axis=1) for q1, q0 in families
    ]
    by_key = np.concatenate(linear).transpose(1, 0, 2).reshape(11, -1)

    # Q[va, y, :]: [1 if y totals t, then per family q1 (10 · C) and q0 (C)]
    keyed = [np.eye(10, dtype=np.int64)[np.broadcast_to(other_total, (10, len(_LOW)))]]
    for q1, q0 in families:
        keyed += [q1.reshape(10, len(_LOW), -1), q0.reshape(10, len(_LOW), n_cols)]
    q = np.concatenate(keyed, axis=2)  # (10 va, 55 y, J)
    # O[va, (v1, v2)] = m (L_v1 L_v2 - [v1 = v2] Σ cards_b²), L = v - 2 e_va, m = 2 - [v1 = v2]:
    # expanded on the monomials v1 · v2, v, Σ cards², 1 (see the comment above)
    multiplicity = np.where(_LOW == _HIGH, 1, 2)
    diagonal = q[value, _PAIR_OF[value, value]]  # (va, J): the key (va; va, va)
    quadratic = np.concatenate(
        [
            multiplicity[:, None, None] * q.transpose(1, 0, 2),  # v1 · v2
            -4 * q[value[None, :], _PAIR_OF[value[None, :], value[:, None]]],  # v_w
            -q[value[None, :], _PAIR_OF[value, value][:, None]],  # Σ cards² of value v
            4 * diagonal[None],  # 1
        ]
    )  # (76, 10 va, J)
    # Σ_v v_v (Σ_y O q1) + Σ_y O q0 of each family, on the features: each monomial times
    # v_v, and each monomial alone
    width = 11 * n_cols
    cubic = np.zeros((_FEATURES, 2, 10, n_cols), dtype=np.int64)
    for family in range(2):
        part = quadratic[:, :, 10 + family * width : 10 + (family + 1) * width]
        q1 = part[:, :, : 10 * n_cols].reshape(_MONOMIALS, 10, 10, n_cols)  # (i, va, v, C)
        np.add.at(cubic[:, family], _TIMES_V, q1.transpose(0, 2, 1, 3))
        np.add.at(cubic[:, family], _ALONE, part[:, :, 10 * n_cols :])
    return _JointPlan(
        squares=np.ascontiguousarray(squares.reshape(len(_LOW), -1).T, dtype=np.float64),
        linear=np.ascontiguousarray(by_key.T, dtype=np.float64),
        by_total=np.ascontiguousarray(
            quadratic[:, :, :10].reshape(_MONOMIALS, -1).T, dtype=np.float64
        ),
        cubic=np.ascontiguousarray(cubic.reshape(_FEATURES, -1).T, dtype=np.float64),
        both_rows=place[both_start],
        pair_rows=np.stack(
            [
                place[pair_total[:, None] * 10 + value[None, :]],
                place[value[None, :] * 10 + pair_total[:, None]],
            ]
        ),
        same_rows=place[np.stack([pair_total * 10 + pair_total] * 2)],
    )


def _bounds(cards: int) -> tuple[int, int, int]:
    """For shoes of at most ``cards`` cards: bounds on the absolute value of the products
    of the features (and their partial sums), on U (quartic) and on every last-two-card
    quadratic F, each partial sum included. The features are at most N³ each, the
    matrices' entries sum to less than 2**16 a column (|q1| ≤ 9, |q0| ≤ 20: checked by
    the tests); Σ_y |O[va, y]| ≤ (Σ_v |L_v|)² + Σ cards² ≤ 2 (N + 2)²; |F| ≤ N² + 9 N + 20."""
    n = max(cards, 6)
    last_two = n * n + _Q1_BOUND * n + _Q0_BOUND
    return 2**16 * n**3, 2 * (n + 2) ** 2 * last_two, last_two


def _joint_bound(cards: int, scale: int) -> int:
    """The largest absolute value of any product with the prefix ways (over ``scale``,
    squared) and of any partial sum of them: Σ P_k ≤ scale · N², Σ T_k ≤ 4 scale² N³,
    Σ |same| ≤ 2 scale² N**4, and the no-pair row's sums at most scale² N**6."""
    n = max(cards, 6)
    _, quartic, last_two = _bounds(n)
    return scale * scale * max(n * n * quartic + 4 * n**3 * last_two, 3 * n**4 * last_two, n**6)


def joint_fits(largest_cards: int, scale: int = 1) -> bool:
    """Whether :func:`batch_joint_counts` (or :func:`joint_column_counts` with terms over
    ``scale``) is exact in int64 for shoes of up to that many cards: every product with
    the prefix ways and its partial sums (:func:`_joint_bound`); below it, the
    quadratics and quartics of the shoe's values are exact integers in float64 or int64
    (:func:`_bounds`)."""
    return fits_int64(_joint_bound(largest_cards, scale))


def batch_joint_counts(
    ranks: Int64Array,
    suits: Int64Array | None,
    tableau: Tableau,
    columns: tuple[frozenset[int], ...],
    *,
    totals: Int64Array | None = None,
) -> tuple[Int64Array, Int64Array]:
    """(B, 9, C) six-card sequences in each pair state ending in an event of each column,
    and (B,) six-card totals: the batch form of
    :func:`~baccarat_exact.engine.pairs.joint_counts` summed into columns (weight 1).
    Call it only where :func:`joint_fits` holds and every state has at least 6 cards.
    ``totals``: the engine's (B, C) counts of the columns where the caller has them
    (else counted here).

    >>> from baccarat_exact.engine.pairs import joint_counts, suit_blind_terms
    >>> from baccarat_exact.model.rules import STANDARD_TABLEAU
    >>> shoe = np.full((1, 13), 32, dtype=np.int64)
    >>> banker = frozenset(range(0, 400, 2))  # any columns of events
    >>> counts, total = batch_joint_counts(shoe, None, STANDARD_TABLEAU, (banker,))
    >>> table, _ = joint_counts(suit_blind_terms([32] * 13))
    >>> counts[0, :, 0].tolist() == [sum(row[e] for e in banker) for row in table]
    True
    """
    terms = batch_rank_terms(ranks, suits)
    counts = _joint_of_terms(terms, 1, tableau, columns, totals)
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
    # int64 where the bound holds, else the same sums in Python integers (many cards of
    # unknown suit out: the expected terms' common scale is large)
    dtype = np.int64 if joint_fits(cards, terms.scale) else object
    arrays = tuple(np.array([column], dtype=dtype) for column in zip(*terms.ranks))
    counts = _joint_of_terms(arrays, terms.scale, tableau, columns)  # type: ignore[arg-type]
    return [[int(n) for n in row] for row in counts[0].tolist()], six_card_total(
        cards
    ) * terms.weight


_Terms = tuple[Int64Array, Int64Array, Int64Array, Int64Array, Int64Array, Int64Array]


def _exact_kind(bound: int) -> type:
    """float64 while every integer is below 2**53 in absolute value, int64 below 2**63,
    else Python integers."""
    if bound < _FLOAT_EXACT:
        return np.float64
    return np.int64 if fits_int64(bound) else object


def _as_kind(array: npt.NDArray[Any], kind: type) -> npt.NDArray[Any]:
    """Exact integers (float64 holding integers, int64 or Python ints) as ``kind``."""
    if array.dtype == kind:
        return array
    if kind is object and array.dtype == np.float64:
        return array.astype(np.int64).astype(object)
    return array.astype(kind)


class _LastTwo(NamedTuple):
    """One batch's quadratics and quartics of the shoes' values (:class:`_JointPlan`),
    the shoes last: every gather below copies whole rows of shoes."""

    both: npt.NDArray[Any]
    """(10 va, 10 vb, C, B): F of the both-pairs keys."""
    quartic: npt.NDArray[Any]
    """(2 families, 10 va, C, B): U, Player pair then Banker pair."""
    same: npt.NDArray[Any]
    """(2 families, 10 va, C, B): D, F of the key (va; va, va)."""


def _last_two_cards(
    values: Int64Array, cards: Int64Array, joint: _JointPlan, n_cols: int
) -> _LastTwo:
    """The per-shoe factors of every family's count (see the comment above), exact: each
    product taken in float64 where its bound (:func:`_bounds`) is below 2**53, else in
    int64 or Python integers."""
    batch = len(values)
    feature_bound, quartic_bound, _ = _bounds(int(values.sum(axis=1).max(initial=0)))
    first = _exact_kind(feature_bound)
    v = values.T.astype(first)  # (10, B)
    squared = (_RANK_TO_VALUE.T @ (cards * cards).T).astype(first)
    products = v[_LOW] * v[_HIGH]
    features = np.concatenate(
        [
            products[_CUBIC_PAIR] * v[_CUBIC[2]],
            v[_BY_SQUARES[0]] * squared[_BY_SQUARES[1]],
            products,
            v,
            squared,
            np.ones((1, batch), dtype=first),
        ]
    )  # (396, B); the last 76 are the quadratic monomials
    monomials = features[-_MONOMIALS:]
    rows = (_as_kind(joint.squares, first) @ monomials[: len(_LOW)]).reshape(-1, n_cols, batch)
    linear = _as_kind(joint.linear, first) @ monomials[len(_LOW) :][[*range(10), -1]]
    by_total = (_as_kind(joint.by_total, first) @ monomials).reshape(10, 10, 1, batch)
    by_value = (_as_kind(joint.cubic, first) @ features).reshape(2, 10, n_cols, batch)
    second = _exact_kind(quartic_bound)
    rows, linear, by_total, by_value = (
        _as_kind(a, second) for a in (rows, linear, by_total, by_value)
    )
    linear = linear.reshape(-1, n_cols, batch)
    both = (rows[joint.both_rows] + linear[:100]).reshape(10, 10, n_cols, batch)
    same = rows[joint.same_rows] + linear[100:].reshape(2, 10, n_cols, batch)
    quartic = [
        (by_total * rows[joint.pair_rows[family]]).sum(axis=1) + by_value[family]
        for family in range(2)
    ]
    return _LastTwo(both, np.stack(quartic), same)


def _joint_of_terms(
    terms: _Terms,
    scale: int,
    tableau: Tableau,
    columns: tuple[frozenset[int], ...],
    totals: Int64Array | None = None,
) -> Int64Array:
    """(B, 9, C) counts times scale² from (B, 13) rank terms over ``scale``
    (:func:`batch_rank_terms`, or a :class:`PairTerms`' integers); ``totals`` as
    :func:`batch_joint_counts` takes them."""
    exact = terms[0].dtype == object  # Python integers: no bound to prove
    kind: Any = object if exact else np.int64
    ranks = terms[0].astype(np.int64)  # cards: small in either case
    cards, unsuited, suited, four_uu, four_us, four_ss = (t.astype(kind).T for t in terms)
    batch, n_cols = len(ranks), len(columns)
    values = ranks @ _RANK_TO_VALUE  # (B, 10)
    factors = _last_two_cards(values, ranks, _joint_plan(tableau, columns), n_cols)
    both, quartic, same = (_as_kind(a, kind) for a in factors)
    to_value = _RANK_TO_VALUE.T.astype(kind)  # (10, 13)

    # Where no suited pair is left (or suits are not looked at), its states count 0.
    kinds = (PAIR, SUITED_PAIR) if suited.any() else (PAIR,)
    pair = {PAIR: unsuited, SUITED_PAIR: suited}
    fours = {
        (PAIR, PAIR): four_uu,
        (PAIR, SUITED_PAIR): four_us,
        (SUITED_PAIR, PAIR): four_us,
        (SUITED_PAIR, SUITED_PAIR): four_ss,
    }
    by_value = {k: to_value @ pair[k] for k in kinds}  # P_k: (10, B)
    found = np.zeros((_N_STATES, n_cols, batch), dtype=kind)
    diagonal = both[np.arange(10), np.arange(10)]  # (va, C, B): F[va, va]
    # both hands pairs: different ranks (products of value sums, less same-rank terms)
    # or one rank (its four-card terms)
    for q in kinds:
        inner = (by_value[q][None, :, None, :] * both).sum(axis=1)  # Σ_vb P_q[vb] F[va, vb]
        for p in kinds:
            same_rank = to_value @ (pair[p] * pair[q] - scale * fours[p, q])
            found[3 * p + q] = (by_value[p][:, None, :] * inner).sum(axis=0) - (
                same_rank[:, None, :] * diagonal
            ).sum(axis=0)
    # one hand a pair of rank a (value va), the other two cards of different ranks b1 != b2
    # (values v1, v2), each left(b) = cards_b - 2 [b = a] ways: summed over the ranks of
    # each value, the other hand's ways are O[va, y] with L = v - 2 e_va, plus, where
    # v1 = v2 = va, T_k[va] = Σ_(a of va) pair_k[a] (4 cards_a - 4) (the rank a's own square)
    for k in kinds:
        own = to_value @ (pair[k] * (4 * cards - 4) * scale)
        for family, state in enumerate((3 * k + NO_PAIR, 3 * NO_PAIR + k)):
            found[state] = scale * (by_value[k][:, None, :] * quartic[family]).sum(axis=0) + (
                own[:, None, :] * same[family]
            ).sum(axis=0)
    if totals is None:
        totals = count_array(values, compile_columns(tableau, _as_columns(columns)))
    if exact:
        totals = totals.astype(object)
    found[0] = totals.T * (scale * scale) - found[1:].sum(axis=0)
    counts: Int64Array = found.transpose(2, 0, 1)
    return counts


def _as_columns(columns: tuple[frozenset[int], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(column)) for column in columns)
