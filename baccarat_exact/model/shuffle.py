"""The counting simulators' shuffle: one seeded stream per shoe, the same in Python and C.

A fast simulator must shuffle a shoe in a few microseconds, which numpy's per-shoe
``SeedSequence`` (tens of microseconds to set up) cannot. So the counting modes shuffle
with a small generator written twice, here and in ``shuffle.h`` beside this file, that a
compiled kernel and this Python path follow step by step, so that a seed deals the same
shoes with or without the compiled step:

- the stream of shoe ``number`` under ``seed``: the splitmix64 finalizer of ``seed``,
  xor ``number``, finalized again, seeds a splitmix64 sequence whose first four outputs
  are the state of xoshiro256** (Blackman and Vigna, https://prng.di.unimi.it/);
- a bounded draw in ``[0, n)``: Lemire's multiply-and-reject ("Fast random integer
  generation in an interval", ACM TOMACS 29(1), 2019), unbiased;
- the shuffle: Fisher–Yates from the last card down (Knuth's Algorithm P).

Every shoe has its own stream, so the shoes of a run can be dealt in any order, on any
number of processes, with the same result.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Stream", "shuffled_cards", "shuffled_with_stream"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _finalize(z: int) -> int:
    """splitmix64's output function: a bijection of 64-bit words that mixes every bit."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


class Stream:
    """The random stream of one shoe (xoshiro256**), as ``shuffle.h`` computes it."""

    __slots__ = ("_s",)

    def __init__(self, seed: int, number: int) -> None:
        if not (0 <= seed <= _MASK and 0 <= number <= _MASK):
            raise ValueError("a seed and a shoe number are 64-bit unsigned words")
        x = _finalize(((_finalize((seed + _GOLDEN) & _MASK) ^ number) + _GOLDEN) & _MASK)
        state = []
        for _ in range(4):
            x = (x + _GOLDEN) & _MASK
            state.append(_finalize(x))
        self._s = state

    def next(self) -> int:
        """The next 64-bit word."""
        s = self._s
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 17) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (``1 <= n < 2**64``), without bias."""
        product = self.next() * n
        low = product & _MASK
        if low < n:
            threshold = (-n) % n
            while low < threshold:
                product = self.next() * n
                low = product & _MASK
        return product >> 64


def shuffled_cards(cards: Sequence[int], seed: int, number: int) -> list[int]:
    """``cards`` in the order shoe ``number`` of ``seed`` deals them (first card first)."""
    return shuffled_with_stream(cards, seed, number)[0]


def shuffled_with_stream(cards: Sequence[int], seed: int, number: int) -> tuple[list[int], Stream]:
    """:func:`shuffled_cards`, and the shoe's stream after the shuffle: what a simulation
    draws next for the shoe (a counter's deck-estimation errors) comes from it, in Python
    and in C alike."""
    order = list(cards)
    stream = Stream(seed, number)
    for i in range(len(order) - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order, stream
