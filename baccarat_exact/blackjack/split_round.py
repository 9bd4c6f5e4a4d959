"""A split round's exact law: both hands and the dealer's final hand, jointly.

After a pair is split, the first hand draws from the shoe less the up card and both pair
cards, the second from what the first left, and the dealer from what both left. Each
hand's moves depend only on its own cards (the strategy the solver values), so the three
card sequences are drawn one after the other, each with a stopping rule of its own, and —
the shoe being exchangeable — the chance that the first hand draws the cards ``x``, the
second ``y`` and the dealer ``z`` depends only on the cards together:

    P(x, y, z) = Π_v ff(n_v, x_v + y_v + z_v) / ff(N, |x| + |y| + |z|)

for a shoe of ``n_v`` cards of value ``v`` and ``N`` in all. So the round's law is a sum
over pairs of ways the hands end: for each way ``x`` the first ends (its profile and its
cards ``C_x``, reached by ``paths_x`` orders of those cards) and each way ``y`` the second
ends, the cards ``R = C_x + C_y`` weigh

    paths_x · paths_y · Π_v ff(n_v, R_v) · (dealer's numerators after R)

over one denominator. Pairs are grouped by ``R`` (far fewer than the pairs) and by their
two profiles; the dealer's law is computed once per ``R``, for all at once
(:func:`~baccarat_exact.blackjack.fastdealer.dealer_batch`). Nothing is approximated: the
law is exact, its mean is the solver's split value.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.dealer import BLACKJACK, OUTCOMES, falling
from baccarat_exact.blackjack.fastdealer import dealer_batch
from baccarat_exact.blackjack.hands import SLOTS, Counts
from baccarat_exact.blackjack.solver import UpCardSolver

__all__ = ["split_round_law"]

Profile = tuple[str, int, int]
"""How a hand ended: (kind, total, stake), as :mod:`~baccarat_exact.blackjack.round_stats`
says; a bust here is ``("bust", 0, stake)`` with the busting card among its cards."""

Settle = Callable[[Profile, int], Fraction]
"""Net result of one split hand against a dealer outcome (an index of ``OUTCOMES``)."""

IntArray = npt.NDArray[np.int64]

_MOST_ROUND_CARDS = 44
"""Most player cards a split round can take, both pair cards included: a hand holds at most
21 one-point cards and the card that busts it."""

_CODE = (_MOST_ROUND_CARDS + 1) ** np.arange(SLOTS, dtype=np.int64)
"""A removal's code: its counts as digits (45**10 < 2**63)."""

_DEALER_BATCH = 1 << 14
"""Removals whose dealer rows are computed together (bounds the memory, not the time)."""

_CHUNK = 1 << 20
"""Pairs of ends grouped at a time (bounds the memory a chunk takes)."""


def split_round_law(
    solver: UpCardSolver,
    slot: int,
    ends: Mapping[tuple[Profile, Counts], int],
    settle: Settle,
    peeked: Fraction | None,
) -> dict[Fraction, Any]:
    """Net result → probability of the split round of the pair ``slot``, given the pair.

    ``ends``: each way one split hand ends — (profile, the player's cards out with both
    pair cards) → the number of orders of its cards that end so (a bust: with the busting
    card). ``settle`` prices one hand against a dealer outcome; ``peeked`` is the round's
    net result when the dealer has a blackjack and has peeked (a hole-card game), else None.
    Probabilities are Fractions in exact mode, floats otherwise.
    """
    pair = np.zeros(SLOTS, dtype=np.int64)
    pair[slot] = 2
    profiles = sorted({profile for profile, _ in ends})
    profile_id = {profile: k for k, profile in enumerate(profiles)}
    drawn = np.array([removed for _, removed in ends], dtype=np.int64).reshape(len(ends), SLOTS)
    drawn -= pair
    ids = np.array([profile_id[profile] for profile, _ in ends], dtype=np.int64)
    paths = np.array(list(ends.values()), dtype=object)
    widths = _radices(drawn)
    keys, sums = _pair_groups(drawn, ids, paths, len(profiles), widths)
    n_pairs = len(profiles) ** 2
    r_codes, r_index = np.unique(keys // n_pairs, return_inverse=True)
    pair_ids = keys % n_pairs
    weights, denominator = _dealer_weights(solver, _decode(r_codes, widths), pair)
    sums = sums.astype(object if solver.exact else np.float64)
    # the net result of each (first profile, second profile) against each dealer outcome
    law: dict[Fraction, Any] = defaultdict(int)
    for outcome in range(len(OUTCOMES)):
        column = sums * weights[r_index, outcome]
        if peeked is not None and outcome == BLACKJACK:
            law[peeked] += column.sum()
            continue
        nets = [settle(a, outcome) + settle(b, outcome) for a in profiles for b in profiles]
        distinct = sorted(set(nets))
        net_ids = np.array([distinct.index(net) for net in nets], dtype=np.int64)[pair_ids]
        for k, net in enumerate(distinct):
            chosen = column[net_ids == k]
            if len(chosen):
                law[net] += chosen.sum()
    if denominator is None:
        return {net: float(p) for net, p in law.items() if p}
    return {net: Fraction(int(p), denominator) for net, p in law.items() if p}


def _radices(drawn: IntArray) -> IntArray:
    """Per value, a base in which two hands' counts of it add without carry. A hand draws at
    most ``21 // v + 1`` cards of value ``v`` (a hard total of 21 and a busting card), so the
    code of two hands' cards, a mixed-radix number, stays below 45·23·17·13·11·9·9·7·7·7 <
    10¹¹."""
    found: IntArray = 2 * drawn.max(axis=0, initial=0) + 1
    return found


def _places(widths: IntArray) -> IntArray:
    """The place value of each value's digit in a code."""
    places: IntArray = np.cumprod(np.r_[1, widths[:-1]]).astype(np.int64)
    return places


def _decode(codes: IntArray, widths: IntArray) -> IntArray:
    """The card counts of each code (inverse of ``Σ counts[v] · place[v]``)."""
    return (codes[:, None] // _places(widths)[None, :]) % widths[None, :]


def _pair_groups(
    drawn: IntArray, ids: IntArray, paths: npt.NDArray[Any], n_profiles: int, widths: IntArray
) -> tuple[IntArray, npt.NDArray[Any]]:
    """Every ordered pair of ends grouped by (cards together, first profile, second profile):
    the keys ``code · P² + first · P + second`` and each group's summed path products
    (int64 where the products provably fit, else Python ints). The law is symmetric in the
    two hands, so each unordered pair is listed once (twice its weight), under its profiles in
    ascending order."""
    codes = drawn @ _places(widths)  # below 10¹¹, times profiles² far below 2⁶³
    most = int(max(paths.tolist(), default=0))
    fits = 2 * most * most * len(paths) * len(paths) < 2**62
    path_values = paths.astype(np.int64) if fits else paths
    found_keys: list[IntArray] = []
    found_sums: list[npt.NDArray[Any]] = []
    rows = max(1, _CHUNK // max(len(codes), 1))
    every = np.arange(len(codes))
    for start in range(0, len(codes), rows):
        first = every[start : start + rows]
        # unordered pairs: the second at or after the first, counted twice when apart
        keep = every[None, :] >= first[:, None]
        x, y = (
            np.broadcast_to(first[:, None], keep.shape)[keep],
            np.broadcast_to(every, keep.shape)[keep],
        )
        low, high = np.minimum(ids[x], ids[y]), np.maximum(ids[x], ids[y])
        found_keys.append(((codes[x] + codes[y]) * n_profiles + low) * n_profiles + high)
        found_sums.append(path_values[x] * path_values[y] * np.where(x == y, 1, 2))
        if sum(len(k) for k in found_keys) > 4 * _CHUNK:
            found_keys, found_sums = _merged(found_keys, found_sums)
    keys, sums = _merged(found_keys, found_sums)
    return keys[0], sums[0]


def _merged(
    keys: list[IntArray], sums: list[npt.NDArray[Any]]
) -> tuple[list[IntArray], list[npt.NDArray[Any]]]:
    """The keyed sums as one list entry: equal keys summed."""
    key = np.concatenate(keys)
    weight = np.concatenate(sums)
    order = np.argsort(key, kind="stable")
    key, weight = key[order], weight[order]
    starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
    return [key[starts]], [np.add.reduceat(weight, starts)]


def _dealer_rows(solver: UpCardSolver, removals: IntArray, depth: int | None) -> npt.NDArray[Any]:
    """The dealer's outcome numerators after each removal, each over ``ff(N − r, depth)``
    (``depth`` None: over ``(N − r)!``; float: probabilities), kept in the solver's derived
    cache by removal code: the strategies of one round and the pairs of one up card share most
    removals."""
    codes = removals @ _CODE
    key = ("split_round_dealer", depth)
    known_codes, known_rows = solver.derived.get(key, (np.zeros(0, dtype=np.int64), None))
    at = np.minimum(np.searchsorted(known_codes, codes), max(len(known_codes) - 1, 0))
    missing = ~(known_codes[at] == codes) if len(known_codes) else np.ones(len(codes), bool)
    if missing.any():
        new_codes, first = np.unique(codes[missing], return_index=True)
        wanted = removals[missing][first]
        # a batch at a time: the contraction's last step holds batch × multiset nodes numbers
        rows = np.concatenate(
            [
                dealer_batch(
                    solver.table,
                    solver.counts,
                    cast("Sequence[Counts]", wanted[start : start + _DEALER_BATCH]),
                    budget=solver.n_cards,
                    exact=solver.exact,
                    depth=depth,
                )
                for start in range(0, len(wanted), _DEALER_BATCH)
            ]
        )
        if known_rows is not None:
            new_codes = np.concatenate([known_codes, new_codes])
            rows = np.concatenate([known_rows, rows])
        order = np.argsort(new_codes)
        known_codes, known_rows = new_codes[order], rows[order]
        solver.derived[key] = (known_codes, known_rows)
    assert known_rows is not None
    found: npt.NDArray[Any] = known_rows[np.searchsorted(known_codes, codes)]
    return found


def _dealer_weights(
    solver: UpCardSolver, drawn: IntArray, pair: IntArray
) -> tuple[npt.NDArray[Any], int | None]:
    """For the hands' cards ``drawn`` (after the pair), each row: the chance of drawing them
    in one given order times the dealer's law after them and the pair, as (rows × 7). Exact:
    integers over the returned denominator ``ff(N − 2, B − 2)``, ``B`` the most cards the
    round and the dealer take together; float: probabilities (None)."""
    counts = np.array(solver.counts, dtype=np.int64) - pair
    n_after = int(counts.sum())
    r = drawn.sum(axis=1)
    # Π_v ff(n_v, R_v): the ways to draw the hands' cards in one given order
    most = int(drawn.max(initial=0)) + 1
    draws: npt.NDArray[Any] = np.ones(len(drawn), dtype=object if solver.exact else np.float64)
    for v in range(SLOTS):
        column = [falling(int(counts[v]), k) for k in range(most)]
        draws = draws * np.array(column, dtype=draws.dtype)[drawn[:, v]]
    if not solver.exact:
        dealer = _dealer_rows(solver, drawn + pair, None)
        whole = np.array([float(falling(n_after, k)) for k in range(int(r.max(initial=0)) + 1)])
        return dealer * (draws / whole[r])[:, None], None
    # each row over ff(N' − r, L), N' = N − 2 the shoe after the pair and L the most cards the
    # dealer draws, brought to ff(N', B) with B = the most cards the hands draw + L; a shoe
    # too small for that keeps every row over (N' − r)!, and B = N'
    longest = solver.table.longest
    drawn_most = int(r.max(initial=0))
    if n_after - drawn_most >= longest:
        dealer = _dealer_rows(solver, drawn + pair, longest)
        reach = drawn_most + longest
        scale = [falling(n_after - k - longest, reach - k - longest) for k in range(drawn_most + 1)]
    else:
        dealer = _dealer_rows(solver, drawn + pair, None)
        reach = n_after
        scale = [1] * (drawn_most + 1)
    draws = draws * np.array(scale, dtype=object)[r]
    return dealer * draws[:, None], falling(n_after, reach)
