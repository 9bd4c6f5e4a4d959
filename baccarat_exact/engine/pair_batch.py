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

from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.counting import fits_int64
from baccarat_exact.model.bets import NO_PAIR, PAIR, PAIR_STATES, SUITED_PAIR

__all__ = ["batch_fits", "batch_pair_state_counts", "batch_rank_terms"]

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
