"""The cards gone at a running count, drawn exactly: ``removed`` cards, a uniformly random
subset of the shoe, given that their tags sum to the running count (``blackjack
indices``, step 2 of its method). Group sizes are drawn by exact integer weights, then a
uniform subset within each group."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from baccarat_exact.blackjack.hands import Counts
from baccarat_exact.errors import ShoeError

__all__ = ["RemovalLaw"]


class RemovalLaw:
    """The law of the cards gone (``removed`` of them, a uniformly random subset of the
    shoe) given that their tags sum to ``running``: group sizes by exact integer weights,
    then a uniform subset within each group.

    >>> law = RemovalLaw((4,) * 9 + (16,), (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1), 10, 4)
    >>> law.possible, sum(law.draw(np.random.default_rng(1)))
    (True, 10)
    """

    def __init__(
        self, counts: Sequence[int], tags: Sequence[int], removed: int, running: int
    ) -> None:
        kinds = len(counts)  # the slots A … T, and a kind more where a count splits one
        values = sorted({tags[s] for s in range(kinds) if counts[s]})
        self.groups = [(v, [s for s in range(kinds) if counts[s] and tags[s] == v]) for v in values]
        self.sizes = [sum(counts[s] for s in slots) for _, slots in self.groups]
        self.counts = counts
        self.removed = removed
        self.running = running
        # tables[g][(j, s)]: ways to take j cards of tag sum s from the first g groups, for
        # every group but the last (a draw reads them); the whole shoe's ways, wanted at a
        # few hundred points only, are summed over the last group when asked (:meth:`ways`)
        tables: list[dict[tuple[int, int], int]] = [{(0, 0): 1}]
        for (v, _), n in zip(self.groups[:-1], self.sizes[:-1]):
            tables.append(_with_group(tables[-1], v, n, removed))
        self.tables = tables
        last_tag, last_size = (self.groups[-1][0], self.sizes[-1]) if self.groups else (0, 0)
        self._last = last_tag, [math.comb(last_size, k) for k in range(min(last_size, removed) + 1)]
        self.total = self.ways(removed, running)

    def ways(self, j: int, s: int) -> int:
        """The ways to take ``j`` cards of tag sum ``s`` from the whole shoe (``j`` at most
        ``removed``): k of the last group's cards with the rest from the others."""
        tag, binomials = self._last
        below = self.tables[-1]
        return sum(b * below.get((j - k, s - tag * k), 0) for k, b in enumerate(binomials[: j + 1]))

    def mean_gone(self) -> tuple[Fraction, ...]:
        """The exact expected cards gone of each slot under the law (what the control
        variates are centred on). A given card of tag ``v`` is gone in W′(removed − 1,
        running − v) of the law's ``total`` ways, W′ the ways without that card: the whole
        shoe's generating function divided by the card's factor 1 + x·yᵛ, which is the
        alternating sum W′(j, s) = Σᵢ (−1)ⁱ W(j − i, s − i·v) of the whole shoe's ways
        (:meth:`ways`)."""
        if not self.possible:
            raise ShoeError(f"no {self.removed} cards of the shoe count {self.running:+d}")
        mean = [Fraction(0)] * len(self.counts)
        for v, slots in self.groups:
            without = 0
            for i in range(self.removed):  # W′(removed − 1, running − v), term by term
                term = self.ways(self.removed - 1 - i, self.running - (i + 1) * v)
                without += -term if i % 2 else term
            for slot in slots:
                mean[slot] = Fraction(without * self.counts[slot], self.total)
        return tuple(mean)

    @property
    def possible(self) -> bool:
        """Whether any ``removed`` cards of the shoe have tags summing to ``running``."""
        return self.total > 0

    def draw(self, rng: np.random.Generator) -> Counts:
        """The cards gone (a count per slot), drawn exactly from the law."""
        if not self.possible:
            raise ShoeError(f"no {self.removed} cards of the shoe count {self.running:+d}")
        gone = [0] * len(self.counts)
        j, s = self.removed, self.running
        for g in range(len(self.groups) - 1, -1, -1):
            v, slots = self.groups[g]
            n = self.sizes[g]
            below = self.tables[g]
            weights = [
                math.comb(n, k) * below.get((j - k, s - v * k), 0) for k in range(min(n, j) + 1)
            ]
            k = _pick(rng, weights)
            pool = np.repeat(np.array(slots, dtype=np.int64), [self.counts[x] for x in slots])
            for slot in rng.choice(pool, size=k, replace=False).tolist():
                gone[slot] += 1
            j, s = j - k, s - v * k
        return tuple(gone)


def _with_group(
    table: dict[tuple[int, int], int], tag: int, size: int, removed: int
) -> dict[tuple[int, int], int]:
    """``table`` (the ways to take j cards of tag sum s, by (j, s)) with one more group of
    ``size`` cards of tag ``tag``: k of them are taken in C(size, k) ways, j + k at most
    ``removed`` (the binomials computed once, not once a table entry)."""
    ways_of = [math.comb(size, k) for k in range(min(size, removed) + 1)]
    grown: dict[tuple[int, int], int] = {}
    for (j, s), ways in table.items():
        for k in range(min(size, removed - j) + 1):
            key = (j + k, s + tag * k)
            grown[key] = grown.get(key, 0) + ways * ways_of[k]
    return grown


def _below(rng: np.random.Generator, n: int) -> int:
    """A uniform integer in ``[0, n)``, exactly, for any size of ``n`` (rejection sampling
    on whole 64-bit words)."""
    bits = n.bit_length()
    words = -(-bits // 64)
    while True:
        value = 0
        for word in rng.integers(0, 2**64, size=words, dtype=np.uint64, endpoint=False).tolist():
            value = (value << 64) | int(word)
        value >>= words * 64 - bits
        if value < n:
            return value


def _pick(rng: np.random.Generator, weights: Sequence[int]) -> int:
    """An index drawn with probability proportional to the integer ``weights``."""
    u = _below(rng, sum(weights))
    for k, w in enumerate(weights):
        if u < w:
            return k
        u -= w
    raise AssertionError("unreachable: u < Σ weights")
