"""Hypothesis strategies shared by the tests."""

from __future__ import annotations

from hypothesis import strategies as st

from baccarat_exact.model.shoe import Shoe


@st.composite
def small_shoes(draw: st.DrawFn, max_ranks: int = 5, max_each: int = 4) -> Shoe:
    """Shoes of 6 or more cards over at most ``max_ranks`` ranks (the reference is slow)."""
    ranks = draw(st.lists(st.integers(0, 12), min_size=1, max_size=max_ranks, unique=True))
    counts = [0] * 13
    for r in ranks:
        counts[r] = draw(st.integers(1, max_each))
    if sum(counts) < 6:
        counts[ranks[0]] += 6 - sum(counts)
    return Shoe(counts=tuple(counts))
