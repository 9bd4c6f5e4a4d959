"""The shape of a state graph: every player hand against one up card, as numpy arrays.

A state is a hand (count vector) and, for a split hand, the other pair card's slot. The
states are enumerated directly — every multiset of cards with a hard total of at most 21
that the shoe can hold — and sorted by the number of player cards out, so one sweep from
the most cards down values every state from its successors (:mod:`.graph`).

The shape — the states, their totals and kinds, which state follows which by each card —
depends only on how many cards of each value a hand may hold and on whether split aces may
be played on, not on the up card, the shoe's exact counts or the pays. It is built once
(:func:`graph_shape`, cached) and shared by every up card, shoe and rule flip of that shape.
A shape may hold the split hands of one pair alone (no unsplit hands): what a resplit values.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from operator import mul
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.hands import ACE, SLOTS, TEN, Counts

__all__ = [
    "ClassKey",
    "GraphShape",
    "IntArray",
    "NumArray",
    "ShapeKey",
    "StateIndex",
    "States",
    "graph_shape",
    "hands_within",
    "shape_of",
]

ClassKey = tuple[bool, int]
"""A total class: (soft, total)."""

IntArray = npt.NDArray[np.int64]
CountArray = npt.NDArray[np.int8]
"""Cards of each value in a hand or a removal (at most 22: int8, an eighth of int64's bytes)."""
BoolArray = npt.NDArray[np.bool_]
NumArray = npt.NDArray[Any]
"""Values: float64 in float mode, ``object`` (Python ints) in exact mode."""

KIND_NAMES: tuple[str, ...] = ("two", "pair", "blackjack", "split_two", "multi", "seven")
TWO, PAIR, BLACKJACK, SPLIT_TWO, MULTI, SEVEN_KIND = range(6)

_RADIX = 22
"""Base of a state's integer code: no hand holds 22 cards of a value."""
_CODE_PLACES = tuple(_RADIX**slot for slot in range(SLOTS))
"""A hand's digits' places in its state's code (slot A lowest)."""
BUSTS, ABSENT = -1, -2
"""``succ`` entries: the card busts the hand; the hand with it is not a state (the shoe cannot
hold it)."""


@lru_cache(maxsize=256)
def hands_within(caps: Counts, need: int) -> tuple[Counts, ...]:
    """Every hand of at least two cards, hard total at most 21, at most ``caps[v]`` cards of each
    value and (if ``need >= 0``) at least one card of slot ``need``, in ascending order.

    >>> len(hands_within((4,) * 9 + (16,), -1)) > 1000
    True
    """
    hands = _hands_array(caps, need)
    return tuple(tuple(row) for row in hands.tolist())


def _hands_array(caps: Counts, need: int) -> IntArray:
    """:func:`hands_within` as a (hands × 10) array."""
    hands = _two_cards_or_more(caps)
    if need < 0:
        return hands
    kept: IntArray = hands[hands[:, need] > 0]
    return kept


@lru_cache(maxsize=64)
def _two_cards_or_more(caps: Counts) -> IntArray:
    """:func:`_all_hands` of two cards or more (kept: a shape asks once per pair)."""
    hands = _all_hands(caps)
    kept: IntArray = hands[hands.sum(axis=1) >= 2]
    kept.flags.writeable = False  # shared by every caller
    return kept


@lru_cache(maxsize=64)
def _all_hands(caps: Counts) -> IntArray:
    """Every count vector within ``caps`` of hard total at most 21, ascending (slot A first)."""
    hands = np.zeros((1, 0), dtype=np.int64)
    room = np.array([21], dtype=np.int64)
    for slot in range(SLOTS):
        most = np.minimum(caps[slot], room // (slot + 1))
        repeats = most + 1
        rows = np.repeat(np.arange(len(room)), repeats)
        ends = np.cumsum(repeats)
        k = np.arange(int(ends[-1])) - np.repeat(ends - repeats, repeats)
        hands = np.column_stack([hands[rows], k])
        room = room[rows] - k * (slot + 1)
    return hands


def _caps(counts: Counts, less: int = -1, infinite: bool = False) -> Counts:
    """Counts capped at what a hand of hard total 21 can hold (so equal caps share enumerations);
    an infinite shoe caps only the values it never deals."""
    if infinite:
        return tuple(21 // (slot + 1) if n else 0 for slot, n in enumerate(counts))
    return tuple(min(n - (slot == less), 21 // (slot + 1)) for slot, n in enumerate(counts))


ShapeKey = tuple[Counts | None, Counts, tuple[tuple[int, Counts], ...], bool]
"""(caps of an unsplit hand, or ``None`` for no unsplit hands; the cards every unsplit hand
holds (zeros: any hand); (slot, caps) of each pair that may split; split aces take one card)."""


class States:
    """(hand, extra) of every state, read from the shape's arrays when asked: a tuple a state
    for ten thousand states would cost more time and memory than the rest of the shape."""

    __slots__ = ("_extra", "_hands")

    def __init__(self, hands: CountArray, extra: IntArray) -> None:
        self._hands = hands
        self._extra = extra

    def __len__(self) -> int:
        return len(self._extra)

    def __getitem__(self, i: int) -> tuple[Counts, int]:
        return tuple(self._hands[i].tolist()), int(self._extra[i])

    def __iter__(self) -> Iterator[tuple[Counts, int]]:
        return zip(map(tuple, self._hands.tolist()), self._extra.tolist())


class StateIndex:
    """(hand, extra) → state index, by a binary search of the states' sorted integer codes
    (a missing state: KeyError): no dictionary of ten thousand entries."""

    __slots__ = ("_codes", "_order")

    def __init__(self, sorted_codes: IntArray, order: IntArray) -> None:
        self._codes = sorted_codes
        self._order = order

    def __getitem__(self, state: tuple[Counts, int]) -> int:
        hand, extra = state
        if len(hand) != SLOTS or min(hand) < 0 or max(hand) >= _RADIX or not -1 <= extra < SLOTS:
            raise KeyError(state)
        code = sum(map(mul, hand, _CODE_PLACES)) + (extra + 1) * _RADIX**SLOTS
        at = int(np.searchsorted(self._codes, code))
        if at == len(self._codes) or int(self._codes[at]) != code:
            raise KeyError(state)
        return int(self._order[at])


@dataclass(frozen=True, eq=False)
class GraphShape:
    """The states of a graph and their links, independent of the shoe's exact counts and pays.

    States are sorted by player cards out (the other split card included), then by
    (hand, extra); ``levels`` holds each count's ``(start, stop)``.
    """

    found: States
    """(hand, extra) of every state."""
    index: StateIndex
    """(hand, extra) → state index."""
    hands: CountArray
    """(states × 10) count vectors."""
    extra: IntArray
    removed: CountArray
    """(states × 10) player cards out: the hand and the other split card."""
    r: IntArray
    total: IntArray
    soft: BoolArray
    cards: IntArray
    """The hand's own cards."""
    kind: IntArray
    """Kind without Triple Seven (that depends on the rules): TWO … MULTI."""
    succ: npt.NDArray[np.int32]
    """(states × 10): the state after each card, or ``BUSTS`` / ``ABSENT`` (int32: a shape
    holds far fewer than 2**31 states)."""
    removals: IntArray
    """(distinct removals × 10): the distinct ``removed`` rows (one dealer distribution each)."""
    removal_of: IntArray
    """Index into ``removals`` of each state."""
    levels: tuple[tuple[int, int], ...]
    """(start, stop) of the states with each count of cards out, fewest first."""
    memo: dict[Any, Any]
    """Things derived from the shape and a few rules (total classes), cached."""
    pair_slot: IntArray
    """Slot of an unsplit pair, else -1."""
    signature: IntArray
    """States sharing a signature share every chart move (same total class, cards, pair, extra)."""
    signature_rep: IntArray
    """One state of each signature."""
    whole: bool
    """Every hand of a round (unsplit and split), not the split hands of one pair alone."""


SHAPE_CACHE_STATES = 400_000
"""The most states the shapes kept by :func:`graph_shape` hold together (about 40 six-deck
shapes, or thousands of the one-hand shapes ``indices`` values: a count of shapes would keep
too few of those or too many of these)."""


class _ShapeCache:
    """:func:`graph_shape`'s cache: the shapes most recently asked for, up to
    :data:`SHAPE_CACHE_STATES` states in all (with ``cache_clear`` and ``__wrapped__``, as
    ``functools.lru_cache`` gives them)."""

    def __init__(self, build: Callable[[ShapeKey], GraphShape]) -> None:
        self.__wrapped__ = build
        self._kept: OrderedDict[ShapeKey, GraphShape] = OrderedDict()
        self._states = 0
        self._lock = threading.Lock()  # a Dask worker's threads may share it

    def __call__(self, key: ShapeKey) -> GraphShape:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found
        found = self.__wrapped__(key)  # outside the lock: two threads may build one shape
        with self._lock:
            if key not in self._kept:
                self._kept[key] = found
                self._states += len(found.r)
            while self._states > SHAPE_CACHE_STATES and len(self._kept) > 1:
                _, dropped = self._kept.popitem(last=False)
                self._states -= len(dropped.r)
        return found

    def cache_clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._states = 0


def _row_totals(counts: IntArray) -> IntArray:
    """Each row's sum of a (rows × 10) integer array (a third of ``sum(axis=1)``'s time)."""
    totals: IntArray = np.einsum("ij->i", counts)
    return totals


def _graph_shape(key: ShapeKey) -> GraphShape:
    """The shape of a graph (cached: shared by up cards, shoes and rule flips of one shape)."""
    caps0, floor, splits, one_card_aces = key
    unsplit = _hands_array(caps0, -1) if caps0 else np.zeros((0, SLOTS), dtype=np.int64)
    parts = [unsplit[(unsplit >= np.array(floor)).all(axis=1)] if any(floor) else unsplit]
    extras = [np.full(len(parts[0]), -1, dtype=np.int64)]
    for slot, caps in splits:
        hands = _hands_array(caps, slot)
        if one_card_aces and slot == ACE:
            hands = hands[hands.sum(axis=1) == 2]
        parts.append(hands)
        extras.append(np.full(len(hands), slot, dtype=np.int64))
    unsorted = np.concatenate(parts)
    extra_unsorted = np.concatenate(extras)
    # sort by (cards out, hand, extra): one integer key, the hand's digits slot A first
    out = _row_totals(unsorted) + (extra_unsorted >= 0)
    lexical = unsorted @ (_RADIX ** np.arange(SLOTS - 1, -1, -1, dtype=np.int64))
    order = np.argsort((out * _RADIX**SLOTS + lexical) * (SLOTS + 1) + extra_unsorted + 1)
    hands_arr = unsorted[order]
    extra = extra_unsorted[order]
    n = len(extra)
    split = extra >= 0
    removed = hands_arr.copy()
    removed[np.nonzero(split)[0], extra[split]] += 1
    r = _row_totals(removed)
    cards = _row_totals(hands_arr)
    hard = hands_arr @ np.arange(1, SLOTS + 1, dtype=np.int64)
    soft = (hands_arr[:, ACE] > 0) & (hard + 10 <= 21)
    total = np.where(soft, hard + 10, hard)
    blackjack = (cards == 2) & (hands_arr[:, ACE] == 1) & (hands_arr[:, TEN] == 1) & ~split
    two = np.flatnonzero((cards == 2) & ~split)  # a pair: two cards, both of one value
    pair = np.zeros(n, dtype=np.bool_)
    pair[two] = hands_arr[two].max(axis=1) == 2
    kind = np.full(n, MULTI, dtype=np.int64)
    kind[(cards == 2) & split] = SPLIT_TWO
    kind[(cards == 2) & ~split] = TWO
    kind[pair] = PAIR
    kind[blackjack] = BLACKJACK
    pair_slot = np.full(n, -1, dtype=np.int64)
    pair_slot[pair] = hands_arr[pair].argmax(axis=1)
    # successors by integer codes: hand digits in base 22, the extra slot on top; the
    # queries of one card in the codes' order are sorted too (a faster search)
    weights = _RADIX ** np.arange(SLOTS, dtype=np.int64)
    codes = hands_arr @ weights + (extra + 1) * _RADIX**SLOTS
    code_order = np.argsort(codes)
    sorted_codes = codes[code_order]
    # only the hands the card does not bust are looked for (the busts marked after)
    succ = np.full((n, SLOTS), ABSENT, dtype=np.int32)
    sorted_hard = hard[code_order]
    for card in range(SLOTS):
        fits = sorted_hard <= 21 - (card + 1)
        wanted = sorted_codes[fits] + weights[card]
        where = np.searchsorted(sorted_codes, wanted).clip(0, n - 1)
        succ[code_order[fits], card] = np.where(
            sorted_codes[where] == wanted, code_order[where], ABSENT
        )
    busts = hard[:, None] + np.arange(1, SLOTS + 1)[None, :] > 21
    succ[busts] = BUSTS
    radix = 23 ** np.arange(SLOTS, dtype=np.int64)  # a slot of ``removed`` holds at most 22
    _, first_of, removal_of = np.unique(removed @ radix, return_index=True, return_inverse=True)
    starts = np.searchsorted(r, np.arange(int(r.min()), int(r.max()) + 2))
    levels = tuple((int(a), int(b)) for a, b in pairwise(starts.tolist()) if b > a)
    # a chart's move for a state depends on: two cards or more, split or not (ace or other),
    # pair slot, soft, total
    extra_kind = np.where(extra < 0, 0, np.where(extra == ACE, 1, 2))
    sig_codes = (
        ((((cards == 2) * 3 + extra_kind) * 11 + pair_slot + 1) * 2 + soft) * 32 + total
    ).astype(np.int64)
    # below 2**15: int16, whose stable sort (the first state of each) is a radix sort
    _, signature_rep, signature = np.unique(
        sig_codes.astype(np.int16), return_index=True, return_inverse=True
    )
    small_hands = hands_arr.astype(np.int8)
    return GraphShape(
        found=States(small_hands, extra),
        index=StateIndex(sorted_codes, code_order),
        hands=small_hands,
        extra=extra,
        removed=removed.astype(np.int8),
        r=r,
        total=total,
        soft=soft,
        cards=cards,
        kind=kind,
        succ=succ,
        removals=removed[first_of],
        removal_of=removal_of.reshape(n),
        levels=levels,
        memo={},
        pair_slot=pair_slot,
        signature=signature.reshape(n),
        signature_rep=signature_rep,
        whole=caps0 is not None and not any(floor),
    )


graph_shape = _ShapeCache(_graph_shape)
"""The shape of a graph (cached: shared by up cards, shoes and rule flips of one shape)."""


def shape_of(
    counts: Counts,
    *,
    infinite: bool,
    one_card_aces: bool,
    pair: int | None = None,
    hand: Counts | None = None,
) -> ShapeKey:
    """The shape of the hands a shoe (after the up card) can deal: every unsplit hand and the
    split hands of every pair; the split hands of ``pair`` alone; or the hands that follow
    ``hand`` by hitting (and, for a pair, its split hands). ``one_card_aces``: split aces take
    one card each. The hands that follow ``hand`` are capped at what its hard total leaves
    room for, so that shoes of different counts share the shape (``indices`` values one
    hand on hundreds of shoes)."""
    floor = (0,) * SLOTS if hand is None else hand
    if hand is not None and sum(hand) == 2 and max(hand) == 2:
        pair = hand.index(2)
    pairs = range(SLOTS) if pair is None and hand is None else () if pair is None else (pair,)
    splits = tuple(
        (slot, _caps(counts, slot, infinite))
        for slot in pairs
        if counts[slot] >= (1 if infinite else 2)
    )
    unsplit = _caps(counts, -1, infinite) if pair is None or hand is not None else None
    if unsplit is not None and hand is not None:  # no more than the hand has room for
        room = 21 - sum((slot + 1) * n for slot, n in enumerate(hand))
        unsplit = tuple(
            min(cap, held + room // (slot + 1))
            for slot, (cap, held) in enumerate(zip(unsplit, hand))
        )
    return (unsplit, floor, splits, one_card_aces)
