"""The batch's rank terms worked in int32 up to 152 cards of a rank, and in int64 past
it: the same integers as Python's, at the bound and either side of it."""

from __future__ import annotations

import numpy as np
import pytest

from baccarat_exact.engine import pair_batch
from baccarat_exact.engine.pair_batch import batch_rank_terms, suit_sums


def _python_terms(suits: np.ndarray) -> list[list[list[int]]]:
    """Each state's (cards, unsuited, suited, uu, us, ss) per rank, in Python integers."""
    found = []
    for state in suits.tolist():
        rows = []
        for by_suit in state:
            cards = sum(by_suit)
            suited = sum(s * (s - 1) for s in by_suit)
            pairs = cards * (cards - 1)
            four_ss = suited * suited + sum(s * (s - 1) * (6 - 4 * s) for s in by_suit)
            four_us = suited * (cards - 2) * (cards - 3) - four_ss
            four_uu = pairs * (cards - 2) * (cards - 3) - four_ss - 2 * four_us
            rows.append([cards, pairs - suited, suited, four_uu, four_us, four_ss])
        found.append(rows)
    return found


@pytest.mark.parametrize("most", [8, 151, 152, 153, 400])
def test_rank_terms_in_int32_and_int64_are_python_integers(most: int) -> None:
    rng = np.random.default_rng(most)
    suits = rng.integers(0, most // 4 + 1, size=(6, 13, 4), dtype=np.int64)
    suits[0, 0] = [most, 0, 0, 0]  # one suit holds the whole rank
    suits[1, 3] = [most - 3 * (most // 4), most // 4, most // 4, most // 4]
    suits[2] = 0
    ranks = suit_sums(suits)
    assert int(ranks.max()) == most
    found = batch_rank_terms(ranks, suits)
    assert all(term.dtype == np.int64 for term in found)
    stacked = np.stack(found, axis=2)
    assert stacked.tolist() == _python_terms(suits)


def test_the_int32_bound_keeps_every_step_in_range() -> None:
    """3 · c**4 + 12 · c**3 (the largest step) fits int32 at the bound."""
    c = pair_batch._INT32_RANK
    assert 3 * c**4 + 12 * c**3 < 2**31
