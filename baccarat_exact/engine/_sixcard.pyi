"""Types of the compiled single-shoe step (``_sixcard.c``)."""

from collections.abc import Callable, Sequence
from typing import Any

MAX_CARDS: int

class Counter:
    """One set of columns' coefficients; called once per shoe."""

    def __init__(
        self,
        half: bytes,
        offsets: bytes,
        table: bytes,
        columns: int,
        derived: Sequence[tuple[Sequence[tuple[int, int]], int]] | None = None,
    ) -> None:
        """``half``: the 462 half-multisets (uint8, 5 each) by size; ``offsets``: where
        each size starts (8 int64); ``table``: (5005, columns) coefficients (uint16) in
        the block order of :class:`~baccarat_exact.engine.counting.Compiled`;
        ``derived``: columns appended to each row, each its (position, coefficient)
        terms on the counted columns and the denominator's coefficient."""

    def __call__(self, values: tuple[int, ...], infinite: bool = False) -> list[int]:
        """Each column's count for a shoe of ``values`` (cards of each point value, or
        weights); ValueError beyond 1448 cards."""

def use_kernel(name: str) -> None:
    """Sum with the ``"generic"`` kernel, the ``"wide"`` one (AVX2 and FMA) or the
    ``"avx512"`` one, where the processor has them (the best is chosen by itself when
    the module loads); ValueError otherwise."""

def kernels() -> tuple[str, str]:
    """The kernel in use and the kernels available here (``"generic, wide, avx512"``)."""

def shoe_pair_states(
    rows: tuple[tuple[int, int, int, int] | None, ...], counts: tuple[int, ...], cards: int
) -> tuple[tuple[int, ...], int] | None:
    """One shoe's 9 pair-state counts times ``scale**2`` and the scale, from each rank's
    suit counts at the start (None: by count only) and its cards now, in 128-bit
    integers: None past 1448 cards (or a rank started from more), a scale of 2**32 or
    more, or a rank of two or more cards known by count only."""

def value_results(
    maker: tuple[object, ...],
    bets: tuple[object, ...],
    row: list[int],
    denominator: int,
    values: tuple[tuple[int, tuple[int, ...]], ...],
    results: list[Any],
) -> None:
    """For each (position, columns) of ``values``: ``results[position]`` made by
    ``maker`` (a type and its four slot descriptors) from (``bets[position]``, the
    line counts ``row[c]`` of the columns and last ``denominator`` less their sum,
    ``denominator``, 1)."""

def pair_results(
    maker: tuple[object, ...],
    bets: tuple[object, ...],
    states: tuple[int, ...],
    total: int,
    weight: int,
    pair_lines: tuple[tuple[int, int, tuple[tuple[int, tuple[int, ...]], ...], int], ...],
    gcd: Callable[..., int],
    results: list[Any],
) -> None:
    """For each (position, lines, summed, rest) of ``pair_lines``: ``results[position]``
    made by ``maker`` from (``bets[position]``, the line counts — each summed line's
    ``states``, the rest line the ``total`` less the others —, ``total``, ``weight``),
    all divided by their common factor (``gcd``) where ``weight`` is not 1."""

def shoe_pair_results(
    maker: tuple[object, ...],
    bets: tuple[object, ...],
    rows: tuple[tuple[int, int, int, int] | None, ...],
    counts: tuple[int, ...],
    cards: int,
    pair_lines: tuple[tuple[int, int, tuple[tuple[int, tuple[int, ...]], ...], int], ...],
    results: list[Any],
) -> bool:
    """:func:`pair_results` of :func:`shoe_pair_states` (its total six-card sequences
    times ``scale**2``, its weight ``scale**2``) in one step, in 128-bit integers: the
    same objects. False, writing nothing, where :func:`shoe_pair_states` gives None or a
    bet has more than 16 lines."""
