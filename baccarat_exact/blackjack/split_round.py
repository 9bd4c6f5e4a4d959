"""A split round's exact law: every split hand and the dealer's final hand, jointly.

After a pair is split the hands are played one after the other, each taking its second
card when its turn comes; with resplits a pair card dealt as a second card makes one more
hand while fewer than the rules' most exist (the strategy :mod:`~.resplit` states). Each
hand's moves depend only on its own cards, the up card and both pair cards, so the card
sequences are drawn one after the other, each with a stopping rule of its own, and — the
shoe being exchangeable — the chance of a whole deal depends only on the cards it takes:

    P(x_1, …, x_n, z) = Π_v ff(n_v, R_v) / ff(N, |R|)

for the hands' cards ``x_i``, the dealer's ``z``, ``R`` all of them with the pair cards
that made the extra hands, and a shoe (after the up card and the pair) of ``n_v`` cards
of value ``v``, ``N`` in all.

**How the second cards fall.** While another hand may still be made, a second card that
is not a pair card settles its hand's pairing; once the last hand is made, each hand still
waiting takes any card as its second (a pair card is then played as a pair). So the round
is a sum of terms — ``a`` hands whose second card is not a pair card, ``e`` hands whose
second card is any card, ``a + e − 2`` pair cards that made the extra hands — each
counted as often as the second cards can fall so (:func:`hand_patterns`). A pair split
once is one term: two hands, any second cards.

**Summing.** For each term the ways its hands end (each with its profile, its cards and
the number of orders of them that end so) are combined one hand at a time and grouped by
the cards they take together and the profiles they end with — far fewer groups than tuples
of ends — and the dealer's law is computed once per group of cards, for all at once
(:func:`~baccarat_exact.blackjack.dealer.dealer_batch`). Nothing is approximated: the law
is exact, its mean is the engine's split value. In an infinite shoe the hands and the
dealer are independent, and :func:`independent_split_law` combines each hand's law given
the dealer's final hand.

The module is longer than most: the grouped products of hands' ends (:class:`_Combiner`)
serve this law alone and share its card codes and multisets of profiles.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.dealer import BLACKJACK, OUTCOMES, dealer_batch, falling
from baccarat_exact.blackjack.hands import SLOTS, Counts
from baccarat_exact.blackjack.round.moves import ANY, LAST, split_deals
from baccarat_exact.blackjack.round.settle import End
from baccarat_exact.blackjack.solver import Number, UpCardSolver

__all__ = [
    "SplitWork",
    "hand_patterns",
    "independent_split_law",
    "split_round_law",
    "split_round_work",
]

Profile = tuple[End, int, int]
"""How a hand ended: (end, total, stake), as :mod:`~baccarat_exact.blackjack.round_stats`
says; a bust here is ``(End.BUST, 0, stake)`` with the busting card among its cards."""

Settle = Callable[[Profile, int, int], Fraction]
"""Net result of one split hand against a dealer outcome (an index of ``OUTCOMES``), out of
the number of hands the pair became."""

Ends = Mapping[tuple[Profile, Counts], int]
"""Each way one split hand ends — (profile, the player's cards out with both pair cards) —
with the number of orders of its cards that end so."""

Rows = Sequence[tuple[Profile, Sequence[Number]]]
"""Each profile a split hand ends with, jointly with each dealer outcome (numerators)."""

IntArray = npt.NDArray[np.int64]

_MOST_OF_VALUE = tuple(4 + 4 * (21 // (slot + 1) + 1) for slot in range(SLOTS))
"""Most cards of each value a round's player can take: four pair cards and four hands each
of a hard 21 and a busting card. Removal codes count in these bases (product below 2**49)."""

_DEALER_BATCH = 1 << 14
"""Removals whose dealer rows are computed together (bounds the memory, not the time)."""

_CHUNK = 1 << 20
"""Combinations of ends grouped at a time (bounds the memory a chunk takes)."""

_INT64 = 2**62
"""Sums of path products below this are added in int64, above it as Python integers."""


@functools.cache
def hand_patterns(hands: int) -> tuple[tuple[int, int, int], ...]:
    """How the second cards of a pair split into at most ``hands`` hands can fall, as
    ``(a, e, count)``: ``a`` hands whose second card is not a pair card (dealt while another
    hand could still be made), ``e`` hands whose second card is any card (dealt once no
    more could), and the number of orders of pair cards and other second cards that end so.

    >>> hand_patterns(2), hand_patterns(3)
    (((0, 2, 1),), ((0, 3, 1), (1, 2, 1), (2, 0, 1)))
    """
    found: dict[tuple[int, int], int] = defaultdict(int)
    for labels, _ in split_deals(hands):
        kinds = [kind for kind, _ in labels]
        found[(kinds.count(LAST), kinds.count(ANY))] += 1
    return tuple((a, e, count) for (a, e), count in sorted(found.items()))


# -- a finite shoe ------------------------------------------------------------------------


class _Multisets:
    """The multisets of profiles the hands of a combination end with, numbered."""

    def __init__(self) -> None:
        self.members: list[tuple[int, ...]] = [()]
        self._ids: dict[tuple[int, ...], int] = {(): 0}

    def id_of(self, members: Iterable[int]) -> int:
        key = tuple(sorted(members))
        found = self._ids.get(key)
        if found is None:
            found = self._ids[key] = len(self.members)
            self.members.append(key)
        return found

    def table(self, sets: IntArray, profiles: int) -> IntArray:
        """(multisets × profiles): each of ``sets`` with one profile more (other rows: -1)."""
        table = np.full((len(self.members), profiles), -1, dtype=np.int64)
        for m in np.unique(sets).tolist():
            table[m] = [self.id_of((*self.members[m], p)) for p in range(profiles)]
        return table


@dataclass(frozen=True, slots=True)
class _Group:
    """Combinations of hands' ends grouped by their cards (a code) and profiles (a multiset):
    each group's summed product of path counts, and a bound on the sum of them all."""

    codes: IntArray
    sets: IntArray
    sums: npt.NDArray[Any]
    total: int


def _weights(values: Iterable[int], total: int) -> npt.NDArray[Any]:
    """Path counts in int64 where every sum of them provably fits, else Python ints."""
    return np.array(list(values), dtype=np.int64 if total < _INT64 else object)


def _grouped(
    codes: IntArray, sets: IntArray, sums: npt.NDArray[Any], n_sets: int, *, runs: bool = False
) -> _Group:
    """Equal (code, multiset) rows summed. The sums are integers, the same in any order, so
    rows in no order take numpy's fastest sort (not stable); ``runs``: the rows come as a few
    sorted runs (merged groups), which the stable sort merges in linear time."""
    if len(codes) == 0:
        return _Group(codes, sets, sums, 0)
    if int(codes.max()) < _INT64 // max(n_sets, 1):
        order = np.argsort(codes * n_sets + sets, kind="stable" if runs else None)
    else:
        order = np.lexsort((sets, codes))
    codes, sets, sums = codes[order], sets[order], sums[order]
    starts = np.flatnonzero(np.r_[True, (codes[1:] != codes[:-1]) | (sets[1:] != sets[:-1])])
    return _Group(codes[starts], sets[starts], np.add.reduceat(sums, starts), 0)


def _merged(parts: list[_Group], n_sets: int, total: int) -> _Group:
    group = _grouped(
        np.concatenate([p.codes for p in parts]),
        np.concatenate([p.sets for p in parts]),
        np.concatenate([p.sums for p in parts]),
        n_sets,
        runs=True,
    )
    return _Group(group.codes, group.sets, group.sums, total)


class _Parts:
    """Grouped chunks, merged as a binary counter merges its digits (a chunk is merged with
    the last when it is at least half as long), so each row is sorted a logarithmic number
    of times however many chunks come."""

    def __init__(self, n_sets: int, total: int) -> None:
        self.n_sets = n_sets
        self.total = total
        self.parts: list[_Group] = []

    def add(self, part: _Group) -> None:
        self.parts.append(part)
        while len(self.parts) > 1 and 2 * len(self.parts[-1].codes) >= len(self.parts[-2].codes):
            last = self.parts.pop()
            self.parts[-1] = _merged([self.parts[-1], last], self.n_sets, self.total)

    def whole(self) -> _Group:
        if not self.parts:
            empty = np.zeros(0, dtype=np.int64)
            return _Group(empty, empty, empty, self.total)
        return _merged(self.parts, self.n_sets, self.total)


@dataclass(frozen=True, slots=True)
class _Hand:
    """One split hand's ends as arrays: cards (after the pair) and their codes, profiles,
    path counts."""

    drawn: IntArray
    codes: IntArray
    profiles: IntArray
    paths: npt.NDArray[Any]
    total: int


class _Combiner:
    """Products of hands' ends, one hand at a time, grouped as they go; a combination taking
    more cards of a value than the shoe holds is dropped (it is drawn in no order)."""

    def __init__(self, profiles: int, multisets: _Multisets, widths: IntArray, limits: IntArray):
        self.profiles = profiles
        self.multisets = multisets
        self.widths = widths
        self.limits = limits

    def _binding(self, most: IntArray) -> list[int]:
        """The values of which combinations holding ``most`` cards may take too many."""
        return [v for v in range(SLOTS) if most[v] > self.limits[v]]

    def square(self, hand: _Hand) -> _Group:
        """Two hands of the same ends: each unordered pair listed once (twice its weight)."""
        pairs = np.array(
            [
                [self.multisets.id_of((p, q)) for q in range(self.profiles)]
                for p in range(self.profiles)
            ],
            dtype=np.int64,
        ).reshape(self.profiles, self.profiles)
        total = hand.total * hand.total
        found = _Parts(len(self.multisets.members), total)
        paths = hand.paths if total < _INT64 else hand.paths.astype(object)
        binding = self._binding(2 * hand.drawn.max(axis=0, initial=0))
        every = np.arange(len(hand.codes))
        rows = max(1, _CHUNK // max(len(every), 1))
        for start in range(0, len(every), rows):
            first = every[start : start + rows]
            keep = every[None, :] >= first[:, None]
            x = np.broadcast_to(first[:, None], keep.shape)[keep]
            y = np.broadcast_to(every, keep.shape)[keep]
            if binding:
                held = np.ones(len(x), dtype=np.bool_)
                for v in binding:
                    held &= hand.drawn[x, v] + hand.drawn[y, v] <= self.limits[v]
                x, y = x[held], y[held]
            sets = pairs[hand.profiles[x], hand.profiles[y]]
            sums = paths[x] * paths[y] * np.where(x == y, 1, 2)
            found.add(_grouped(hand.codes[x] + hand.codes[y], sets, sums, found.n_sets))
        return found.whole()

    def times(self, group: _Group, hand: _Hand) -> _Group:
        """Every combination of ``group`` with one more hand of ``hand``'s ends."""
        table = self.multisets.table(group.sets, self.profiles)
        total = group.total * hand.total
        found = _Parts(len(self.multisets.members), total)
        sums = group.sums if total < _INT64 else group.sums.astype(object)
        paths = hand.paths if total < _INT64 else hand.paths.astype(object)
        held_before = _decode(group.codes, self.widths)
        binding = self._binding(
            held_before.max(axis=0, initial=0) + hand.drawn.max(axis=0, initial=0)
        )
        rows = max(1, _CHUNK // max(len(hand.codes), 1))
        for start in range(0, len(group.codes), rows):
            stop = start + rows
            codes = (group.codes[start:stop, None] + hand.codes[None, :]).ravel()
            sets = table[group.sets[start:stop, None], hand.profiles[None, :]].ravel()
            weights = (sums[start:stop, None] * paths[None, :]).ravel()
            if binding:
                held = np.ones((len(codes) // len(hand.codes), len(hand.codes)), dtype=np.bool_)
                for v in binding:
                    held &= (
                        held_before[start:stop, v, None] + hand.drawn[None, :, v]
                        <= (self.limits[v])
                    )
                kept = held.ravel()
                codes, sets, weights = codes[kept], sets[kept], weights[kept]
            found.add(_grouped(codes, sets, weights, found.n_sets))
        return found.whole()


def _places(widths: IntArray) -> IntArray:
    """The place value of each value's digit in a code."""
    places: IntArray = np.cumprod(np.r_[1, widths[:-1]]).astype(np.int64)
    return places


def _decode(codes: IntArray, widths: IntArray) -> IntArray:
    """The card counts of each code (inverse of ``Σ counts[v] · place[v]``)."""
    return (codes[:, None] // _places(widths)[None, :]) % widths[None, :]


def _fitting(limits: IntArray, slot: int, extra: int) -> IntArray:
    """What the hands may take of each value in a term with ``extra`` more pair cards out: a
    combination taking more is drawn in no order, so it is never formed."""
    fit: IntArray = limits.copy()
    fit[slot] -= extra
    return fit


def _mixture(last: Mapping[str, int]) -> str:
    """The name of a last hand that is a mixture of kinds (``{"any": 1, "unpaired": 2}``)."""
    return " + ".join(f"{count} {kind}" for kind, count in sorted(last.items()))


@dataclass(frozen=True, slots=True)
class _Plan:
    """What a split round's law combines: each term's extra pair cards, its hands but the
    last (kinds) and its last hand (a mixture: kind → count), and each hand's ends that fit
    in a term with so many extra pair cards out, by (kind, extra)."""

    terms: tuple[tuple[int, tuple[str, ...], dict[str, int]], ...]
    hands: dict[tuple[str, int], dict[tuple[Profile, Counts], int]]


def _plan(ends: Ends, unpaired: Ends, hands: int, slot: int, limits: IntArray) -> _Plan:
    """The terms of :func:`hand_patterns` that the shoe can deal, each hand's ends cut to
    what fits beside the term's extra pair cards (a hand whose second card is not a pair
    card is one of any second card when no pair card is left to it: the two kinds are
    then one, and terms differing only by them share their products)."""
    pair = [2 * (v == slot) for v in range(SLOTS)]
    found: dict[tuple[str, int], dict[tuple[Profile, Counts], int]] = {}
    kinds: dict[str, Ends] = {"any": ends, "unpaired": unpaired}

    def fitting(kind: str, extra: int) -> dict[tuple[Profile, Counts], int]:
        if (kind, extra) not in found:
            fit = _fitting(limits, slot, extra).tolist()
            found[kind, extra] = {
                (profile, removed): paths
                for (profile, removed), paths in kinds[kind].items()
                if all(r - p <= f for r, p, f in zip(removed, pair, fit))
            }
        return found[kind, extra]

    # terms sharing all hands but the last take that last hand as one mixture of ends
    last_hands: dict[tuple[int, tuple[str, ...]], dict[str, int]] = defaultdict(
        lambda: defaultdict(int)
    )
    for a, e, count in hand_patterns(hands):
        extra = a + e - 2
        if extra > limits[slot]:  # more pair cards than the shoe holds: no such deal
            continue
        other = "unpaired"
        if a and fitting("unpaired", extra) == fitting("any", extra):
            other = "any"
        chain = ("any",) * e + (other,) * a
        last_hands[extra, chain[:-1]][chain[-1]] += count
    terms = tuple((extra, head, dict(last)) for (extra, head), last in last_hands.items())
    for extra, head, last in terms:
        for kind in head:
            fitting(kind, extra)
        if len(head) > 1:
            mixed: dict[tuple[Profile, Counts], int] = defaultdict(int)
            for kind, count in last.items():
                for end, paths in fitting(kind, extra).items():
                    mixed[end] += count * paths
            found[_mixture(last), extra] = dict(mixed)
        else:
            for kind in last:
                fitting(kind, extra)
    return _Plan(terms, found)


# -- its cost, before any of it ------------------------------------------------------------

PAIR_GROUPS = (3.1, 1.5, 0.6)
"""``(c, a, b)``: two hands of ``E`` ends each leave about ``c · E^a · (N / 51)^b`` groups,
``N`` the cards after the up card, at most :data:`DEEPEST` decks (measured on 33 to 311
cards, within 20 %: the sums of two hands' cards meet often; docs/performance.md, "The law of
a round with resplits")."""

DEEPEST = 2.0
"""Past two decks a split hand ends in as many ways (a pair of eights against a 7: 375 ends
on two decks and on six) and its hands' groups are as many: the shoe no longer binds."""

MORE_GROUPS = {3: (21.0, 0.7, 0.15), 4: (9.4, 0.9, 0.15)}
"""``L → (g, b, d)``: the ``L``-th hand multiplies the groups by about
``g · (N / 51)^b · (E / 600)^d``, far fewer than its ``E`` ends: the cards of ``L`` hands fill
the shoe's multisets (measured, as :data:`PAIR_GROUPS`)."""


@dataclass(frozen=True, slots=True)
class SplitWork:
    """What :func:`split_round_law` will do for one pair: the products of a group and an end
    it forms (exact for the first products, estimated past them) and the groups its dealer
    law is weighed against (estimated)."""

    products: float
    groups: float
    held: float
    """The most groups held at once (the memory it takes)."""


def split_round_work(
    counts: Counts, slot: int, ends: Ends, unpaired: Ends, hands: int
) -> SplitWork:
    """:class:`SplitWork` of the split round of ``slot`` from the shoe ``counts`` (after the up
    card), counted from its plan without combining anything: a square of ``E`` ends forms
    ``E(E + 1)/2`` products, a product of ``G`` groups and ``E`` ends ``G · E``; the groups
    each leaves are estimated (:data:`PAIR_GROUPS`, :data:`MORE_GROUPS`)."""
    limits = np.array(counts, dtype=np.int64)
    limits[slot] -= 2
    plan = _plan(ends, unpaired, hands, slot, limits)
    depth = min(sum(counts) / 51, DEEPEST)
    size = {key: len(found) for key, found in plan.hands.items()}
    sizes: dict[tuple[tuple[str, ...], int], float] = {}
    work = [0.0, 0.0]

    def more(groups: float, e: int, hands_in: int) -> float:
        """The groups after one more hand of ``e`` ends (``hands_in`` hands then)."""
        g, b, d = MORE_GROUPS[hands_in]
        grown: float = groups * min(e, g * depth**b * (max(e, 1) / 600) ** d)
        return grown

    def prefix(chain: tuple[str, ...], extra: int) -> float:
        if (chain, extra) not in sizes:
            if len(chain) == 2 and chain[0] == chain[1]:
                e = size[chain[0], extra]
                c, a, b = PAIR_GROUPS
                work[0] += e * (e + 1) / 2
                sizes[chain, extra] = min(e * (e + 1) / 2, c * e**a * depth**b)
            else:
                before, e = prefix(chain[:-1], extra), size[chain[-1], extra]
                work[0] += before * e
                sizes[chain, extra] = more(before, e, len(chain))
        return sizes[chain, extra]

    for extra, head, last in plan.terms:
        if len(head) == 1:
            ((kind, _),) = last.items()
            work[1] += prefix((*head, kind), extra)
        else:
            before, e = prefix(head, extra), size[_mixture(last), extra]
            work[0] += before * e
            work[1] += more(before, e, len(head) + 1)
    return SplitWork(products=work[0], groups=work[1], held=max([work[1], *sizes.values()]))


def split_round_law(
    solver: UpCardSolver,
    slot: int,
    ends: Ends,
    unpaired: Ends,
    hands: int,
    settle: Settle,
    peeked: Fraction | None,
) -> dict[Fraction, Any]:
    """Net result → probability of the split round of the pair ``slot``, given the pair, when
    it may become at most ``hands`` hands.

    ``ends``: each way one split hand ends, whatever its second card; ``unpaired``: those
    whose second card is not a pair card (read only when ``hands`` > 2). ``settle`` prices one
    hand against a dealer outcome; ``peeked`` is the round's net result when the dealer has a
    blackjack and has peeked (a hole-card game), else None. Probabilities are Fractions in
    exact mode, floats otherwise.
    """
    profiles = sorted({profile for profile, _ in ends})
    profile_id = {profile: k for k, profile in enumerate(profiles)}
    pair = np.zeros(SLOTS, dtype=np.int64)
    pair[slot] = 2
    widths = np.ones(SLOTS, dtype=np.int64)
    for found in (ends, unpaired) if hands > 2 else (ends,):
        drawn = np.array([removed for _, removed in found], dtype=np.int64).reshape(-1, SLOTS)
        widths = np.maximum(widths, drawn.max(axis=0, initial=0) - pair)
    widths = hands * widths + 1
    widths[slot] += hands - 2
    places = _places(widths)
    limits = np.array(solver.counts, dtype=np.int64) - pair

    def as_hand(found: Mapping[tuple[Profile, Counts], int]) -> _Hand:
        drawn = np.array([removed for _, removed in found], dtype=np.int64).reshape(-1, SLOTS)
        drawn -= pair
        total = sum(found.values())
        return _Hand(
            drawn=drawn,
            codes=drawn @ places,
            profiles=np.array([profile_id[p] for p, _ in found], dtype=np.int64),
            paths=_weights(found.values(), total),
            total=total,
        )

    multisets = _Multisets()
    plan = _plan(ends, unpaired, hands, slot, limits)
    hand_of: dict[tuple[str, int], _Hand] = {}
    prefixes: dict[tuple[tuple[str, ...], int], _Group] = {}

    def hand(kind: str, extra: int) -> _Hand:
        if (kind, extra) not in hand_of:
            hand_of[kind, extra] = as_hand(plan.hands[kind, extra])
        return hand_of[kind, extra]

    def combiner(extra: int) -> _Combiner:
        return _Combiner(len(profiles), multisets, widths, _fitting(limits, slot, extra))

    def prefix(chain: tuple[str, ...], extra: int) -> _Group:
        """The grouped combinations of the hands ``chain`` (two at least) in a term with
        ``extra`` more pair cards out."""
        if (chain, extra) not in prefixes:
            if len(chain) == 2 and chain[0] == chain[1]:
                found = combiner(extra).square(hand(chain[0], extra))
            else:
                found = combiner(extra).times(prefix(chain[:-1], extra), hand(chain[-1], extra))
            prefixes[chain, extra] = found
        return prefixes[chain, extra]

    parts: list[_Group] = []
    for extra, head, last in plan.terms:
        if len(head) == 1:
            ((kind, count),) = last.items()
            group = prefix((*head, kind), extra)
            sums = group.sums if group.total * count < _INT64 else group.sums.astype(object)
            parts.append(_Group(group.codes, group.sets, sums * count, group.total * count))
        else:
            group = combiner(extra).times(prefix(head, extra), hand(_mixture(last), extra))
            codes = group.codes + extra * int(places[slot])
            parts.append(_Group(codes, group.sets, group.sums, group.total))
    n_sets = len(multisets.members)
    total = sum(p.total for p in parts)
    if total >= _INT64:
        parts = [_Group(p.codes, p.sets, p.sums.astype(object), p.total) for p in parts]
    whole = _merged(parts, n_sets, total)
    r_codes, r_index = np.unique(whole.codes, return_inverse=True)
    drawn = _decode(r_codes, widths)
    # cards the shoe does not hold (more pair cards than are left, …): drawn in no order
    possible: npt.NDArray[np.bool_] = np.all(drawn <= limits, axis=1)
    if not possible.all():
        kept = possible[r_index]
        whole = _Group(whole.codes[kept], whole.sets[kept], whole.sums[kept], whole.total)
        r_codes, r_index = np.unique(whole.codes, return_inverse=True)
        drawn = drawn[possible]
    dealer, draws, denominator = _dealer_weights(solver, drawn, pair)
    sums = whole.sums.astype(object if solver.exact else np.float64) * draws[r_index]
    # the rows of each multiset of profiles together: its hands' net result against an
    # outcome is one number, so each outcome's products are summed a multiset at a time
    by_set = np.argsort(whole.sets, kind="stable")
    ordered_sets = whole.sets[by_set]
    starts = np.flatnonzero(np.r_[True, ordered_sets[1:] != ordered_sets[:-1]])
    members = [multisets.members[m] for m in ordered_sets[starts].tolist()]
    sums, r_index = sums[by_set], r_index[by_set]
    law: dict[Fraction, Any] = defaultdict(int)
    for outcome in range(len(OUTCOMES)):
        column = sums * dealer[r_index, outcome]
        if peeked is not None and outcome == BLACKJACK:
            law[peeked] += column.sum()
            continue
        for m, part in zip(members, np.add.reduceat(column, starts).tolist()):
            law[sum((settle(profiles[k], outcome, len(m)) for k in m), Fraction(0))] += part
    if denominator is None:
        return {net: float(p) for net, p in law.items() if p}
    return {net: Fraction(int(p), denominator) for net, p in law.items() if p}


def _dealer_rows(solver: UpCardSolver, removals: IntArray, depth: int | None) -> npt.NDArray[Any]:
    """The dealer's outcome numerators after each removal, each over ``ff(N − r, depth)``
    (``depth`` None: over ``(N − r)!``; float: probabilities), kept in the solver's derived
    cache by removal code: the strategies of one round and the pairs of one up card share most
    removals."""
    radix = np.minimum(np.array(solver.counts, dtype=np.int64), _MOST_OF_VALUE) + 1
    codes = removals @ _places(radix)
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
) -> tuple[npt.NDArray[Any], npt.NDArray[Any], int | None]:
    """For the hands' cards ``drawn`` (after the pair), each row's dealer law after them and
    the pair (rows × 7) and the chance of drawing them in one given order (rows), whose
    products are the round's weights; returned apart, so that a caller with more rows than
    these multiplies each of its rows once by the chance instead of seven times. Exact:
    integers, their products over the returned denominator ``ff(N − 2, B − 2)``, ``B`` the
    most cards the round and the dealer take together; float: probabilities (None)."""
    counts = np.array(solver.counts, dtype=np.int64) - pair
    n_after = int(counts.sum())
    r = drawn.sum(axis=1)
    # Π_v ff(n_v, R_v): the ways to draw the hands' cards in one given order
    most = int(drawn.max(initial=0)) + 1
    draws: npt.NDArray[Any] = np.ones(len(drawn), dtype=object if solver.exact else np.float64)
    for v in range(SLOTS):
        if drawn[:, v].any():  # else a factor of 1 a row
            column = [falling(int(counts[v]), k) for k in range(most)]
            draws = draws * np.array(column, dtype=draws.dtype)[drawn[:, v]]
    if not solver.exact:
        dealer = _dealer_rows(solver, drawn + pair, None)
        whole = np.array([float(falling(n_after, k)) for k in range(int(r.max(initial=0)) + 1)])
        return dealer, draws / whole[r], None
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
    return dealer, draws, falling(n_after, reach)


# -- an infinite shoe ---------------------------------------------------------------------


def independent_split_law(
    rows: Rows,
    unpaired: Rows,
    pair_chance: Fraction | float,
    hands: int,
    settle: Settle,
    peeked: Fraction | None,
) -> dict[Fraction, Any]:
    """Net result → probability of a split round given the pair, in an infinite shoe: given
    the dealer's final hand the hands are independent, so each term of :func:`hand_patterns`
    is the product of its hands' laws given that outcome.

    ``rows``: each profile one split hand ends with, jointly with each dealer outcome (any
    second card); ``unpaired``: the same for a second card that is not a pair card;
    ``pair_chance``: the chance of a pair card (a Fraction: exact). Probabilities are
    Fractions in exact mode, floats otherwise.
    """
    exact = isinstance(pair_chance, Fraction)
    totals = [sum(row[outcome] for _, row in rows) for outcome in range(len(OUTCOMES))]
    whole = sum(totals)
    law: dict[Fraction, Any] = defaultdict(int)
    for outcome, total in enumerate(totals):
        if not total:
            continue
        chance = Fraction(int(total), int(whole)) if exact else total / whole
        if peeked is not None and outcome == BLACKJACK:
            law[peeked] += chance
            continue
        for a, e, count in hand_patterns(hands):
            n = a + e
            # numerators over total ** n: one hand's law given the outcome, hand by hand
            given: dict[Fraction, Number] = {Fraction(0): 1}
            for kind in (unpaired,) * a + (rows,) * e:
                after: dict[Fraction, Number] = defaultdict(int)
                for profile, row in kind:
                    if row[outcome]:
                        net = settle(profile, outcome, n)
                        for sofar, q in given.items():
                            after[sofar + net] += q * row[outcome]
                given = after
            weight = chance * count * pair_chance ** (n - 2)
            for net, p in given.items():
                if exact:
                    law[net] += weight * Fraction(int(p), int(total) ** n)
                else:
                    law[net] += weight * p / total**n
    return {net: p for net, p in law.items() if p}
