"""Types of the compiled dealer step (``_dealer.c``)."""

from typing import Any

EXACT: int
"""1 when built with 128-bit integers (exact numerators), else 0 (probabilities only)."""

class Plan:
    """One dealer table's multiset trie (checked when made); called once per batch."""

    def __init__(
        self,
        order: Any,
        sizes: Any,
        digits: Any,
        starts: Any,
        orderings: Any,
        outcomes: Any,
        lengths: Any,
    ) -> None:
        """int64 arrays: the slot of each step; the nodes of each step and the groups; each
        node's count of its step's slot; where each next-step node's children start; the
        orderings of each first-step node; each group's outcome and length."""

    def probabilities(self, counts: tuple[int, ...], removed: Any, index: Any, out: Any) -> None:
        """The outcome probabilities of the shoe ``counts`` less each row of ``removed``
        ((n, 10) int64, visited in order) into row ``index[k]`` of ``out`` ((n, 7) float64)."""

    def numerators(
        self,
        counts: tuple[int, ...],
        removed: Any,
        index: Any,
        picks: Any = None,
        weights: Any = None,
    ) -> list[int]:
        """The exact outcome numerators over ff(N - r, longest), flat by ``index``; with
        ``picks`` ((m,) int64: removal rows) and ``weights`` ((m, 7) int8 of -1, 0 or 1) the
        m signed sums of weight × numerator. ValueError where ff(N', longest) reaches 2**128."""

def sweep_float(
    lo: int,
    hi: int,
    weights: Any,
    targets: Any,
    counts: Any,
    offsets: Any,
    bust_part: Any,
    stand: Any,
    doubling: Any,
    surrendering: Any,
    plays: Any,
    fixed: Any,
    values: Any,
) -> None:
    """The float graph's optimal values of states ``hi - 1`` down to ``lo`` into ``values``
    (float64), each state's hit the run of its pairs (``weights``, int64 ``targets``; its
    ``counts`` and ``offsets``), with numpy's roundings: the numpy sweep's bits."""
