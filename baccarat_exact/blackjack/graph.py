"""Every player state against one up card, as an indexed graph: the engine behind ``edge``.

A state is a hand (count vector) and, for a split hand, the other pair card's slot.
The states are enumerated directly — every multiset of cards with a hard total of
at most 21 that the shoe can hold — and sorted by the number of player cards out,
so one sweep from the most cards down values every state from its successors. The
graph holds each state's stand, double and terminal values and its successors with
their weights; the optimal play and any basic strategy are sweeps over it.

The graph's *shape* — the states, their totals and kinds, which state follows which
by each card — depends only on how many cards of each value a hand may hold and on
whether split aces may be played on, not on the up card, the shoe's exact counts or
the pays. It is built once as numpy arrays (:class:`GraphShape`, cached) and shared by
every up card, shoe and rule flip of that shape; a :class:`StateGraph` adds the values
of one solver, whole levels at a time. In exact mode the value arrays hold Python
integers (numpy ``object`` arrays: integer numerators over one denominator per level,
never a Fraction); in float mode they are float64.
"""

from __future__ import annotations

import copy
from collections import defaultdict
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.hands import (
    ACE,
    SEVEN,
    SLOTS,
    TEN,
    Counts,
    add_card,
)
from baccarat_exact.blackjack.resplit import Decide, hands_possible, resplit_value
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.solver import Number, UpCardSolver
from baccarat_exact.errors import RulesError

__all__ = ["ClassKey", "GraphShape", "PlayerState", "StateGraph", "graph_shape", "hands_within"]

ClassKey = tuple[bool, int]
"""A total class: (soft, total)."""

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
NumArray = npt.NDArray[Any]
"""Values: float64 in float mode, ``object`` (Python ints) in exact mode."""

KIND_NAMES: tuple[str, ...] = ("two", "pair", "blackjack", "split_two", "multi", "seven")
TWO, PAIR, BLACKJACK, SPLIT_TWO, MULTI, SEVEN_KIND = range(6)

_RADIX = 22
"""Base of a state's integer code: no hand holds 22 cards of a value."""
_BUST, _ABSENT = -1, -2
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
    hands = _all_hands(caps)
    keep = hands.sum(axis=1) >= 2
    if need >= 0:
        keep &= hands[:, need] > 0
    kept: IntArray = hands[keep]
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


def _forced_stand(rules: BlackjackRules, extra: int) -> bool:
    return extra == ACE and not rules.hit_split_aces


ShapeKey = tuple[Counts, tuple[tuple[int, Counts], ...], bool]
"""(caps of an unsplit hand, (slot, caps) of each pair that may split, split aces take one card)."""


@dataclass(frozen=True, eq=False)
class GraphShape:
    """The states of a graph and their links, independent of the shoe's exact counts and pays.

    States are sorted by player cards out (the other split card included), then by
    (hand, extra); ``levels`` holds each count's ``(start, stop)``.
    """

    found: tuple[tuple[Counts, int], ...]
    """(hand, extra) of every state."""
    hands: IntArray
    """(states × 10) count vectors."""
    extra: IntArray
    removed: IntArray
    """(states × 10) player cards out: the hand and the other split card."""
    r: IntArray
    total: IntArray
    soft: BoolArray
    cards: IntArray
    """The hand's own cards."""
    kind: IntArray
    """Kind without Triple Seven (that depends on the rules): TWO … MULTI."""
    succ: IntArray
    """(states × 10): the state after each card, or ``_BUST`` / ``_ABSENT``."""
    removals: tuple[Counts, ...]
    """The distinct ``removed`` rows (one dealer distribution each)."""
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

    @cached_property
    def index(self) -> dict[tuple[Counts, int], int]:
        """(hand, extra) → state index."""
        return {state: i for i, state in enumerate(self.found)}


@lru_cache(maxsize=32)
def graph_shape(key: ShapeKey) -> GraphShape:
    """The shape of a graph (cached: shared by up cards, shoes and rule flips of one shape)."""
    caps0, splits, one_card_aces = key
    parts = [_hands_array(caps0, -1)]
    extras = [np.full(len(parts[0]), -1, dtype=np.int64)]
    for slot, caps in splits:
        hands = _hands_array(caps, slot)
        if one_card_aces and slot == ACE:
            hands = hands[hands.sum(axis=1) == 2]
        parts.append(hands)
        extras.append(np.full(len(hands), slot, dtype=np.int64))
    unsorted = np.concatenate(parts)
    extra_unsorted = np.concatenate(extras)
    # sort by (cards out, hand, extra)
    out = unsorted.sum(axis=1) + (extra_unsorted >= 0)
    order = np.lexsort((extra_unsorted, *unsorted.T[::-1], out))
    hands_arr = unsorted[order]
    extra = extra_unsorted[order]
    n = len(extra)
    found = list(zip(map(tuple, hands_arr.tolist()), extra.tolist()))
    split = extra >= 0
    removed = hands_arr.copy()
    removed[np.nonzero(split)[0], extra[split]] += 1
    r = removed.sum(axis=1)
    cards = hands_arr.sum(axis=1)
    hard = hands_arr @ np.arange(1, SLOTS + 1, dtype=np.int64)
    soft = (hands_arr[:, ACE] > 0) & (hard + 10 <= 21)
    total = np.where(soft, hard + 10, hard)
    blackjack = (cards == 2) & (hands_arr[:, ACE] == 1) & (hands_arr[:, TEN] == 1) & ~split
    pair = (cards == 2) & (hands_arr.max(axis=1) == 2) & ~split
    kind = np.full(n, MULTI, dtype=np.int64)
    kind[(cards == 2) & split] = SPLIT_TWO
    kind[(cards == 2) & ~split] = TWO
    kind[pair] = PAIR
    kind[blackjack] = BLACKJACK
    pair_slot = np.where(pair, hands_arr.argmax(axis=1), -1)
    # successors by integer codes: hand digits in base 22, the extra slot on top
    weights = _RADIX ** np.arange(SLOTS, dtype=np.int64)
    codes = hands_arr @ weights + (extra + 1) * _RADIX**SLOTS
    order = np.argsort(codes)
    sorted_codes = codes[order]
    nxt = codes[:, None] + weights[None, :]
    where = np.searchsorted(sorted_codes, nxt).clip(0, n - 1)
    hit = sorted_codes[where] == nxt
    succ = np.where(hit, order[where], _ABSENT)
    busts = hard[:, None] + np.arange(1, SLOTS + 1)[None, :] > 21
    succ[busts] = _BUST
    radix = 23 ** np.arange(SLOTS, dtype=np.int64)  # a slot of ``removed`` holds at most 22
    removal_codes = removed @ radix
    if one_card_aces and any(slot == ACE for slot, _ in splits):
        # a subset of the states where split aces may be played on: share that shape's
        # removals (and so the dealer rows computed for them)
        full = graph_shape((caps0, splits, False))
        full_codes = np.array(full.removals, dtype=np.int64).reshape(-1, SLOTS) @ radix
        removal_of = np.searchsorted(full_codes, removal_codes)
        removals = full.removals
    else:
        _, first_of, removal_of = np.unique(removal_codes, return_index=True, return_inverse=True)
        removals = tuple(tuple(row) for row in removed[first_of].tolist())
    starts = np.searchsorted(r, np.arange(int(r.min()), int(r.max()) + 2))
    levels = tuple((int(a), int(b)) for a, b in pairwise(starts.tolist()) if b > a)
    # a chart's move for a state depends on: two cards or more, split or not (ace or other),
    # pair slot, soft, total
    extra_kind = np.where(extra < 0, 0, np.where(extra == ACE, 1, 2))
    sig_codes = (
        ((((cards == 2) * 3 + extra_kind) * 11 + pair_slot + 1) * 2 + soft) * 32 + total
    ).astype(np.int64)
    _, signature_rep, signature = np.unique(sig_codes, return_index=True, return_inverse=True)
    return GraphShape(
        found=tuple(found),
        hands=hands_arr,
        extra=extra,
        removed=removed,
        r=r,
        total=total,
        soft=soft,
        cards=cards,
        kind=kind,
        succ=succ,
        removals=removals,
        removal_of=removal_of.reshape(n),
        levels=levels,
        memo={},
        pair_slot=pair_slot,
        signature=signature.reshape(n),
        signature_rep=signature_rep,
    )


def shape_key(solver: UpCardSolver) -> ShapeKey:
    """What a solver's graph shape depends on: the caps of its hands and the split-aces rule."""
    counts = solver.counts
    infinite = solver.infinite
    splits = tuple(
        (slot, _caps(counts, slot, infinite))
        for slot in range(SLOTS)
        if counts[slot] >= (1 if infinite else 2)
    )
    return (_caps(counts, -1, infinite), splits, not solver.rules.hit_split_aces)


@dataclass(slots=True)
class PlayerState:
    """One player state of the graph."""

    hand: Counts
    extra: int
    """Slot of the other split hand's pair card, or -1 for an unsplit hand."""
    r: int
    """Player cards out of the shoe (the other pair card included)."""
    key: ClassKey
    kind: str
    """"two" (unsplit two cards), "pair", "blackjack", "split_two", "multi" or "seven" (Triple Seven)."""
    next: list[tuple[Number, int]]
    """(weight, index of the state after that card) for every card that does not bust."""
    bust_part: Number
    """Σ weight × value over the cards that bust the hand (fixed, whatever the strategy)."""


# dealer outcome weights of a stand by player total: (17, 18, 19, 20, 21, bust, blackjack)
_MARGIN = np.zeros((22, 7), dtype=np.int64)
for _total in range(22):
    if _total < 17:
        _MARGIN[_total, :5] = -1
    else:
        _MARGIN[_total, : _total - 17] = 1
        _MARGIN[_total, _total - 16 : 5] = -1
    _MARGIN[_total, 5] = 1


def _dealer_margins(solver: UpCardSolver, shape: GraphShape) -> tuple[NumArray, NumArray]:
    """Per state: Σ outcome numerator × (win +1 / push 0 / loss -1) of standing (the dealer's
    blackjack left out), and the dealer-blackjack numerator. Shared by every rule flip of the
    same shoe, up card and dealer rule (cached in the solver's derived cache)."""
    key = ("margins", shape)
    cached = solver.derived.get(key)
    if cached is not None:
        margins: tuple[NumArray, NumArray] = cached
        return margins
    dealer = solver.dealer_rows(shape.removals)
    weights = _MARGIN[shape.total]
    if solver.exact:
        per_state = dealer[shape.removal_of]
        margin = (per_state[:, :6] * weights[:, :6].astype(object)).sum(axis=1)
        blackjack = per_state[:, 6]
    else:
        margin = np.einsum("ij,ij->i", dealer[shape.removal_of, :6], weights[:, :6])
        blackjack = dealer[shape.removal_of, 6]
    solver.derived[key] = (margin, blackjack)
    return margin, blackjack


@dataclass(frozen=True, eq=False)
class _Links:
    """Which state follows which by each card and with what weight, for one solver's shoe and
    the rules that make states terminal (shared by rule flips that keep those)."""

    kind: IntArray
    forced: BoolArray
    """Split aces that take one card only (their two-card hand stands)."""
    terminal_mask: BoolArray
    plays: BoolArray
    left: IntArray
    weight: NumArray
    next_weight: NumArray
    next_index: IntArray
    goes_on: BoolArray
    busts: BoolArray
    memo: dict[Any, Any]
    """Sparse lists of the pairs (state, next state) of groups of rows, by a key."""


def _links(solver: UpCardSolver, shape: GraphShape) -> _Links:
    rules = solver.rules
    key = ("links", shape, rules.triple_seven, rules.triple_seven_on_split)
    cached = solver.derived.get(key)
    if cached is not None:
        found: _Links = cached
        return found
    kind = shape.kind.copy()
    if rules.triple_seven:
        seven = (shape.cards == 3) & (shape.hands[:, SEVEN] == 3)
        if not rules.triple_seven_on_split:
            seven &= shape.extra < 0
        kind[seven] = SEVEN_KIND
    forced = (kind == SPLIT_TWO) & (shape.extra == ACE) & (not rules.hit_split_aces)
    terminal_mask = (kind == BLACKJACK) | (kind == SEVEN_KIND)
    plays = ~terminal_mask & ~forced
    counts = np.array(solver.counts, dtype=np.int64)
    left = (
        np.broadcast_to(counts, shape.removed.shape)
        if solver.infinite
        else counts[None, :] - shape.removed
    )
    available = left > 0
    goes_on = plays[:, None] & available & (shape.succ >= 0)
    busts = plays[:, None] & available & (shape.succ == _BUST)
    if solver.exact:
        weight: NumArray = left.astype(object)
    else:
        spare = solver.n_cards if solver.infinite else solver.n_cards - shape.r
        weight = left / np.asarray(spare, dtype=np.float64).reshape(-1, 1)
    links = _Links(
        kind=kind,
        forced=forced,
        terminal_mask=terminal_mask,
        plays=plays,
        left=left,
        weight=weight,
        next_weight=np.where(goes_on, weight, 0),
        next_index=np.where(goes_on, shape.succ, 0),
        goes_on=goes_on,
        busts=busts,
        memo={},
    )
    solver.derived[key] = links
    return links


class StateGraph:
    """All states against the solver's up card, with stand, double and terminal values."""

    def __init__(self, solver: UpCardSolver) -> None:
        self.solver = solver
        rules = solver.rules
        exact = solver.exact
        shape = graph_shape(shape_key(solver))
        self.shape = shape
        self.index = shape.index
        n = len(shape.found)
        dtype: Any = object if exact else np.float64
        self.dtype = dtype
        links = _links(solver, shape)
        self._links = links
        kind = links.kind
        self.kind = kind
        forced = links.forced
        self.forced = forced
        self.terminal_mask = links.terminal_mask
        plays = links.plays
        self.plays = plays
        left = links.left
        weight = links.weight
        self.weight = weight
        """(states × 10) chance (float) or count (exact) of each next card."""
        self.next_weight: NumArray = links.next_weight
        self.next_index: IntArray = links.next_index
        self.goes_on = links.goes_on
        bust_key = ("bust_part", links, rules.hole_card, rules.dealer_blackjack_takes, solver.k_one)
        bust_part = solver.derived.get(bust_key)
        if bust_part is None:
            bust_part = self._bust_part(shape, links)
            solver.derived[bust_key] = bust_part
        self.bust_part: NumArray = bust_part
        # terminal values (few states: plain loops)
        terminal = np.zeros(n, dtype=dtype)
        for i in np.nonzero(self.terminal_mask)[0].tolist():
            hand, extra = shape.found[i]
            if kind[i] == SEVEN_KIND:
                terminal[i] = solver.triple_seven(hand, extra, 1)
            else:
                terminal[i] = solver.k_bj * solver.no_blackjack(hand, 2)
        self.terminal_values = terminal
        # stand: k_one × margin − (what a dealer blackjack takes) × its numerator
        margin, dealer_bj = _dealer_margins(solver, shape)
        split = shape.extra >= 0
        self._margin, self._dealer_bj = margin, dealer_bj
        stand_any = self._stand(1, split)
        self.stand_values: NumArray = np.where(self.terminal_mask, 0, stand_any)
        # double: two-card hands the rules let double
        doubles = (
            (kind == TWO) | (kind == PAIR) | ((kind == SPLIT_TWO) & ~forced)
        ) & self._may_double(shape, kind)
        self.double_mask = doubles
        self.double_values: NumArray = np.zeros(n, dtype=dtype)
        rows = np.nonzero(doubles)[0]
        if len(rows):
            self.double_values[rows] = self._double(shape, rows, left, weight)
        self.surrender_mask = np.zeros(n, dtype=np.bool_)
        self.surrender_values: NumArray = np.zeros(n, dtype=dtype)
        for i in np.nonzero((kind == TWO) | (kind == PAIR))[0].tolist():
            value = solver.surrender(shape.found[i][0])
            if value is not None:
                self.surrender_mask[i] = True
                self.surrender_values[i] = value
        in_class = (kind == TWO) | (kind == MULTI) | ((kind == SPLIT_TWO) & ~forced)
        self.class_mask = in_class
        by_class_key = ("by_class", rules.triple_seven, rules.triple_seven_on_split)
        arrays_key = ("class_arrays", rules.triple_seven, rules.triple_seven_on_split)
        by_class = shape.memo.get(by_class_key)
        if by_class is None:
            by_class = defaultdict(list)
            members = np.nonzero(in_class)[0]
            for i, soft, total in zip(
                members.tolist(), shape.soft[members].tolist(), shape.total[members].tolist()
            ):
                by_class[(soft, total)].append(i)
            shape.memo[by_class_key] = by_class
            shape.memo[arrays_key] = {
                key: np.array(members, dtype=np.int64) for key, members in by_class.items()
            }
        self.by_class: dict[ClassKey, list[int]] = by_class
        self.class_arrays: dict[ClassKey, IntArray] = shape.memo[arrays_key]
        """``by_class`` as arrays."""
        """Indexes of the states of each total class that a chart's hit/stand cell plays
        (shared by graphs of one shape: do not change)."""
        self.unsplit: dict[int, Number] = {}
        """Each pair's value played without splitting (a ten pair of two ranks split by rank),
        set by the last sweep."""
        self.openings = np.nonzero((kind == TWO) | (kind == PAIR) | (kind == BLACKJACK))[0].tolist()
        self.pairs = {int(shape.pair_slot[i]): int(i) for i in np.nonzero(kind == PAIR)[0].tolist()}
        self.split_starts = self.starts_of_splits()

    def starts_of_splits(self) -> dict[int, list[tuple[Number, int]]]:
        """(weight, state) of each first split hand, per pair slot."""
        starts: dict[int, list[tuple[Number, int]]] = {}
        for slot in self.pairs:
            pair = add_card(add_card((0,) * SLOTS, slot), slot)
            first = add_card((0,) * SLOTS, slot)
            starts[slot] = [
                (w, self.index[(add_card(first, card), slot)])
                for card in range(SLOTS)
                if (w := self.solver.weight(pair, 2, card))
            ]
        return starts

    @cached_property
    def stand(self) -> list[Number]:
        """Standing, per state (0 for a blackjack or a Triple Seven)."""
        values: list[Number] = self.stand_values.tolist()
        return values

    @cached_property
    def terminal(self) -> list[Number]:
        """A blackjack's or a Triple Seven's value, per state (0 for the others)."""
        values: list[Number] = self.terminal_values.tolist()
        return values

    @cached_property
    def double(self) -> list[Number | None]:
        """Doubling, per state (``None`` where not allowed)."""
        return [
            v if d else None for v, d in zip(self.double_values.tolist(), self.double_mask.tolist())
        ]

    @cached_property
    def surrender(self) -> list[Number | None]:
        """Surrendering an opening hand (``None`` where not offered)."""
        return [
            v if d else None
            for v, d in zip(self.surrender_values.tolist(), self.surrender_mask.tolist())
        ]

    @cached_property
    def opening_weights(self) -> list[tuple[int, Number, Number, Number, Number]]:
        """(state, deal weight, its part that may split, the part that may not, loss to a
        peeked dealer blackjack) of every opening hand."""
        solver = self.solver
        out = []
        for i in self.openings:
            hand = self.shape.found[i][0]
            may, may_not = solver.pair_shares(hand)
            out.append((i, solver.deal_weight(hand), may, may_not, solver.peek_loss(hand)))
        return out

    def rounded(self) -> StateGraph | None:
        """This exact graph's values rounded to float64 (each weight correctly rounded, each
        value within 3 units in the last place), for a float search whose every
        decision is then checked against a proven error bound (:mod:`.strategy`): a view
        on the same shape, links and masks, valued like a float graph. ``None`` where the
        view cannot stand in: float mode already, resplits (valued by the solver, not the
        graph) or values beyond float range."""
        solver = self.solver
        if not solver.exact or solver.rules.split_hands > 2:
            return None
        try:
            twin = solver.twin(exact=False)
            units = np.array(
                [solver.unit(r) * solver.scale for r in range(solver.budget + 1)], dtype=object
            )
            per_state = units.astype(np.float64)[self.shape.r]
            view = copy.copy(self)
            for name in ("stand", "terminal", "double", "surrender", "opening_weights", "states"):
                view.__dict__.pop(name, None)  # cached properties of the exact values
            for name in ("stand_values", "terminal_values", "double_values", "surrender_values"):
                setattr(view, name, getattr(self, name).astype(np.float64) / per_state)
            view.bust_part = self.bust_part.astype(np.float64) / per_state
        except (OverflowError, RulesError):  # pays or values beyond float range
            return None
        key = ("rounded links", self._links)
        links = solver.derived.get(key)
        if links is None:
            spare = solver.n_cards if solver.infinite else solver.n_cards - self.shape.r
            weight = self._links.left / np.asarray(spare, dtype=np.float64).reshape(-1, 1)
            links = replace(
                self._links,
                weight=weight,
                next_weight=np.where(self.goes_on, weight, 0.0),
                memo={},
            )
            solver.derived[key] = links
        view._links = links
        view.weight, view.next_weight = links.weight, links.next_weight
        view.solver, view.dtype, view.unsplit = twin, np.float64, {}
        view.split_starts = view.starts_of_splits()
        return view

    # -- building ---------------------------------------------------------------------

    def _bust_part(self, shape: GraphShape, links: _Links) -> NumArray:
        """Per state: Σ weight × value of busting (one unit staked) over the cards that bust it.
        Exact: the value depends on the card only through whether it is the dealer-blackjack
        card, so the other busting cards' counts are summed first (two big-integer products a
        state, not ten); float: card by card, as ever."""
        if not self.solver.exact:
            values = self._bust_values(shape, links.busts, 1)
            part: NumArray = (np.where(links.busts, links.weight, 0) * values).sum(axis=1)
            return part
        table = self._bust_table(shape, 1)
        bj = self.solver.bj_slot
        busting = np.where(links.busts, links.left, 0)
        r1 = shape.r + 1
        split = (shape.extra >= 0).astype(np.int64)
        tens = shape.removed[:, bj] if bj >= 0 else np.zeros(len(r1), dtype=np.int64)
        others = busting.sum(axis=1) - (busting[:, bj] if bj >= 0 else 0)
        part = others.astype(object) * table[r1, tens, split]
        if bj >= 0:
            part += busting[:, bj].astype(object) * table[r1, tens + 1, split]
        return part

    def _bust_table(self, shape: GraphShape, stake: int) -> NumArray:
        """Value of busting with ``stake`` units by (cards out after the card, dealer-blackjack
        cards out after it, split or not), cached per shoe, up card and the rules it needs."""
        solver = self.solver
        rules = solver.rules
        bj = solver.bj_slot
        key = ("bust", shape, stake, rules.hole_card, rules.dealer_blackjack_takes, solver.k_one)
        table = solver.derived.get(key)
        if table is None:
            top = int(shape.r.max()) + 2
            tens_top = int(shape.removed[:, bj].max()) + 2 if bj >= 0 else 1
            table = np.zeros((top, tens_top, 2), dtype=self.dtype)
            # every count of cards out the table may be asked for (whatever ``busts`` holds
            # now: the table is shared), within the solver's denominators
            for r1 in range(1, min(top, solver.budget)):
                for ten in range(tens_top):
                    removed = tuple(ten if slot == bj else 0 for slot in range(SLOTS))
                    for split in (0, 1):
                        table[r1, ten, split] = solver.bust(removed, r1, stake, split - 1)
            solver.derived[key] = table
        found: NumArray = table
        return found

    def _bust_values(
        self, shape: GraphShape, busts: BoolArray, stake: int, rows: IntArray | None = None
    ) -> NumArray:
        """(states × 10, or ``rows`` × 10) value of busting by each card (0 where the card does
        not bust): it depends only on the cards out, the dealer-blackjack cards out and
        whether the hand is split."""
        bj = self.solver.bj_slot
        table = self._bust_table(shape, stake)
        if rows is None:
            rows = np.arange(len(shape.r))
        if bj >= 0:
            tens = shape.removed[rows, bj][:, None] + (np.arange(SLOTS) == bj)[None, :]
        else:
            tens = np.zeros((len(rows), SLOTS), dtype=np.int64)
        split_of = (shape.extra[rows] >= 0).astype(np.int64)[:, None]
        values = table[(shape.r[rows] + 1)[:, None], tens, split_of]
        out: NumArray = np.where(busts[rows], values, 0)
        return out

    def _stand(self, stake: int, split: BoolArray) -> NumArray:
        """Standing with ``stake`` units, every state (blackjacks and Triple Sevens included)."""
        solver = self.solver
        loss = np.where(split, solver.bj_loss(stake, 0), solver.bj_loss(stake, -1))
        if self.solver.exact:
            loss = loss.astype(object)
        scale = stake * solver.k_one
        result: NumArray = scale * self._margin - loss * self._dealer_bj
        return result

    def _may_double(self, shape: GraphShape, kind: IntArray) -> BoolArray:
        """Which two-card states the double rule (and double after split) allows to double."""
        rules = self.solver.rules
        allowed = np.array(
            [[rules.may_double(total, soft) for total in range(22)] for soft in (False, True)]
        )
        ok: BoolArray = allowed[shape.soft.astype(np.int64), shape.total]
        split = shape.extra >= 0
        if not rules.double_after_split:
            ok = ok & ~split
        elif not (rules.double_split_aces and rules.hit_split_aces):
            ok = ok & ~(shape.extra == ACE)
        return ok

    def _double(
        self, shape: GraphShape, rows: IntArray, left: IntArray, weight: NumArray
    ) -> NumArray:
        """Doubling each state of ``rows``: twice the stake, exactly one more card."""
        rules = self.solver.rules
        succ = shape.succ[rows]
        available = left[rows] > 0
        stand2 = self._stand(2, shape.extra >= 0)
        outcome = np.zeros(succ.shape, dtype=self.dtype)
        on = available & (succ >= 0)
        targets = succ[on]
        values = stand2[targets]
        if rules.triple_seven_on_double:
            sevens = self.kind[targets] == SEVEN_KIND
            values = np.where(sevens, 2 * self.terminal_values[targets], values)
        outcome[on] = values
        busts = np.zeros(shape.succ.shape, dtype=np.bool_)
        busts[rows] = available & (succ == _BUST)
        outcome += self._bust_values(shape, busts, 2, rows)
        result: NumArray = (np.where(available, weight[rows], 0) * outcome).sum(axis=1)
        return result

    # -- the per-state view (for callers that walk states one by one) ---------------------

    @cached_property
    def states(self) -> list[PlayerState]:
        """Every state as a :class:`PlayerState` (built on first use)."""
        shape = self.shape
        weights = self.next_weight.tolist()
        indexes = self.next_index.tolist()
        on = self.goes_on.tolist()
        bust = self.bust_part.tolist()
        out = []
        for i, (hand, extra) in enumerate(shape.found):
            nxt = [(w, j) for w, j, g in zip(weights[i], indexes[i], on[i]) if g]
            out.append(
                PlayerState(
                    hand=hand,
                    extra=extra,
                    r=int(shape.r[i]),
                    key=(bool(shape.soft[i]), int(shape.total[i])),
                    kind=KIND_NAMES[int(self.kind[i])],
                    next=nxt,
                    bust_part=bust[i],
                )
            )
        return out

    # -- values -----------------------------------------------------------------------

    def hits(self, rows: IntArray | slice, values: NumArray, key: Any = None) -> NumArray:
        """Hit values of the states ``rows`` given every state's value (an array). With a
        ``key`` naming ``rows`` (kept for the links' life) only the cards that go on are
        multiplied: the pairs are listed once and reused."""
        if key is None:
            dense: NumArray = self.bust_part[rows] + (
                self.next_weight[rows] * values[self.next_index[rows]]
            ).sum(axis=1)
            return dense
        plan = self._links.memo.get(key)
        if plan is None:
            on = self.goes_on[rows]
            per_row = on.sum(axis=1)
            at, card = np.nonzero(on)
            nonempty = per_row > 0
            starts = (np.cumsum(per_row) - per_row)[nonempty]
            plan = (
                self.next_weight[rows][at, card],
                self.next_index[rows][at, card],
                starts,
                nonempty,
            )
            self._links.memo[key] = plan
        weights, targets, starts, nonempty = plan
        result: NumArray = self.bust_part[rows].copy()
        if len(weights):
            result[nonempty] += np.add.reduceat(weights * values[targets], starts)
        return result

    def hit(self, i: int, values: list[Number] | NumArray) -> Number:
        """Hit value of state ``i`` given the values of the states after it."""
        total = self.bust_part[i]
        for w, j, g in zip(self.next_weight[i], self.next_index[i], self.goes_on[i]):
            if g:
                total = total + w * values[j]
        return total if self.solver.exact else float(total)

    def split(
        self, slot: int, values: list[Number] | NumArray, decide: Decide | None = None
    ) -> Number:
        """Split value of the pair ``slot``: twice the first hand, given the split hands' values;
        with resplits, the split hands played by ``decide`` (default: their best moves) as
        :func:`~baccarat_exact.blackjack.resplit.resplit_value` values them."""
        rules = self.solver.rules
        if hands_possible(rules.split_hands, slot, rules.resplit_aces) > 2:
            return resplit_value(self.solver, slot, decide)
        total: Number = 0
        for w, j in self.split_starts[slot]:
            total += w * values[j]
        return 2 * total

    def zeros(self) -> NumArray:
        """A value array (one entry per state) of zeros."""
        return np.zeros(len(self.shape.found), dtype=self.dtype)

    def optimal_array(self) -> NumArray:
        """:meth:`optimal_values` as an array."""
        values = self.zeros()
        maximum = np.maximum
        plays = self.plays
        for start, stop in reversed(self.shape.levels):
            rows = slice(start, stop)
            best = maximum(self.stand_values[rows], self.hits(rows, values, ("level", start)))
            doubles = self.double_mask[rows]
            if doubles.any():
                best = np.where(doubles, maximum(best, self.double_values[rows]), best)
            surrenders = self.surrender_mask[rows]
            if surrenders.any():
                best = np.where(surrenders, maximum(best, self.surrender_values[rows]), best)
            best = np.where(plays[rows], best, self.stand_values[rows])
            best = np.where(self.terminal_mask[rows], self.terminal_values[rows], best)
            values[rows] = best
            for slot, i in self.pairs.items():
                if start <= i < stop:
                    self.unsplit[slot] = values[i]
                    values[i] = max(values[i], self.split(slot, values))
        return values

    def optimal_values(self) -> list[Number]:
        """Every state's value under composition-dependent optimal play (one sweep, most cards first);
        an opening two-card hand's value is that of its best move."""
        values: list[Number] = self.optimal_array().tolist()
        if not self.solver.exact:
            self.unsplit = {slot: float(v) for slot, v in self.unsplit.items()}
        return values

    def opening_total(self, values: list[Number] | NumArray) -> Number:
        """Σ deal weight × (opening value + loss to a peeked dealer blackjack): the up card's
        value numerator over the deal weights' total × ``D_2 · S``."""
        total: Number = 0
        found = self.shape.found
        for i, _, may, may_not, peek in self.opening_weights:
            total += may * (values[i] + peek)
            if may_not:
                total += may_not * (self.unsplit[found[i][0].index(2)] + peek)
        return total if self.solver.exact else float(total)
