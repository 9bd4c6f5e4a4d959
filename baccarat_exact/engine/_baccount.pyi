"""Types of the compiled fast counting step (``_baccount.c``)."""

from typing import Any

LAYOUT: int
"""The layout of the tables it reads (``fast_counting.LAYOUT``)."""

def deal(
    tables: tuple[Any, ...],
    seed: int,
    first: int,
    last: int,
    hands: Any,
    won: Any,
    staked: Any,
    bets: Any,
) -> None:
    """Deal shoes ``first``..``last``-1 of ``seed`` as ``tables`` say
    (:func:`baccarat_exact.analysis.fast_counting.fast_tables`), writing each shoe's hands
    (int64) and each player's units won, units staked (float64) and hands bet (int64) into
    the writable arrays given; ValueError for tables of another layout or out of range."""
