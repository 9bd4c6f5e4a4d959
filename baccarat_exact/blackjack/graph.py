"""Every player state against one up card, as an indexed graph: the engine behind ``edge``.

A state is a hand (count vector) and, for a split hand, the other pair card's slot.
The states are enumerated directly — every multiset of cards with a hard total of
at most 21 that the shoe can hold — and sorted by the number of player cards out,
so one sweep from the most cards down values every state from its successors. The
graph holds each state's stand, double and terminal values and its successors with
their weights; the optimal play and any basic strategy are sweeps over it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

from baccarat_exact.blackjack.hands import (
    ACE,
    SLOTS,
    Counts,
    add_card,
    hand_total,
    hard_total,
    is_blackjack,
    successors,
)
from baccarat_exact.blackjack.resplit import Decide, hands_possible, resplit_value
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.solver import Number, UpCardSolver

__all__ = ["ClassKey", "PlayerState", "StateGraph", "hands_within"]

ClassKey = tuple[bool, int]
"""A total class: (soft, total)."""


@lru_cache(maxsize=256)
def hands_within(caps: Counts, need: int) -> tuple[Counts, ...]:
    """Every hand of at least two cards, hard total at most 21, at most ``caps[v]`` cards of each
    value and (if ``need >= 0``) at least one card of slot ``need``.

    >>> len(hands_within((4,) * 9 + (16,), -1)) > 1000
    True
    """
    found: list[Counts] = []
    cards = [0] * SLOTS

    def walk(slot: int, room: int, count: int) -> None:
        if slot == SLOTS:
            if count >= 2 and (need < 0 or cards[need]):
                found.append(tuple(cards))
            return
        for k in range(min(caps[slot], room // (slot + 1)) + 1):
            cards[slot] = k
            walk(slot + 1, room - k * (slot + 1), count + k)
        cards[slot] = 0

    walk(0, 21, 0)
    return tuple(found)


def _caps(counts: Counts, less: int = -1, infinite: bool = False) -> Counts:
    """Counts capped at what a hand of hard total 21 can hold (so equal caps share enumerations);
    an infinite shoe caps only the values it never deals."""
    if infinite:
        return tuple(21 // (slot + 1) if n else 0 for slot, n in enumerate(counts))
    return tuple(min(n - (slot == less), 21 // (slot + 1)) for slot, n in enumerate(counts))


def _forced_stand(rules: BlackjackRules, extra: int) -> bool:
    return extra == ACE and not rules.hit_split_aces


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


class StateGraph:
    """All states against the solver's up card, with stand, double and terminal values."""

    def __init__(self, solver: UpCardSolver) -> None:
        self.solver = solver
        rules = solver.rules
        counts = solver.counts
        infinite = solver.infinite
        found: list[tuple[Counts, int]] = [
            (hand, -1) for hand in hands_within(_caps(counts, -1, infinite), -1)
        ]
        for slot in range(SLOTS):
            if counts[slot] >= (1 if infinite else 2):
                caps = _caps(counts, slot, infinite)
                hands = hands_within(caps, slot)
                if _forced_stand(rules, slot):
                    hands = tuple(hand for hand in hands if sum(hand) == 2)
                found.extend((hand, slot) for hand in hands)
        found.sort(key=lambda state: (sum(state[0]) + (state[1] >= 0), state))
        self.index = {state: i for i, state in enumerate(found)}
        solver.prefetch_states(found)
        self.states = [self._state(hand, extra) for hand, extra in found]
        self.stand: list[Number] = []
        self.terminal: list[Number] = []
        self.double: list[Number | None] = []
        self.surrender: list[Number | None] = []
        """Surrendering an opening hand (``None`` where not offered)."""
        for s in self.states:
            self.stand.append(
                solver.stand(s.hand, s.extra) if s.kind not in ("blackjack", "seven") else 0
            )
            if s.kind == "seven":
                self.terminal.append(solver.triple_seven(s.hand, s.extra, 1))
            elif s.kind == "blackjack":
                self.terminal.append(solver.k_bj * solver.no_blackjack(s.hand, 2))
            else:
                self.terminal.append(0)
            doubles = (
                s.kind in ("two", "pair")
                or (s.kind == "split_two" and not _forced_stand(rules, s.extra))
            ) and solver.may_double(s.hand, s.extra)
            self.double.append(solver.double(s.hand, s.extra) if doubles else None)
            self.surrender.append(solver.surrender(s.hand) if s.kind in ("two", "pair") else None)
        self.by_class: dict[ClassKey, list[int]] = defaultdict(list)
        for i, s in enumerate(self.states):
            if s.kind in ("two", "multi") or (
                s.kind == "split_two" and not _forced_stand(rules, s.extra)
            ):
                self.by_class[s.key].append(i)
        self.unsplit: dict[int, Number] = {}
        """Each pair's value played without splitting (a ten pair of two ranks split by rank),
        set by the last sweep."""
        self.openings = [
            i for i, s in enumerate(self.states) if s.kind in ("two", "pair", "blackjack")
        ]
        self.pairs = {s.hand.index(2): i for i, s in enumerate(self.states) if s.kind == "pair"}
        self.split_starts: dict[int, list[tuple[Number, int]]] = {}
        for slot in self.pairs:
            pair = add_card(add_card((0,) * SLOTS, slot), slot)
            first = add_card((0,) * SLOTS, slot)
            self.split_starts[slot] = [
                (w, self.index[(add_card(first, card), slot)])
                for card in range(SLOTS)
                if (w := solver.weight(pair, 2, card))
            ]

    def _state(self, hand: Counts, extra: int) -> PlayerState:
        solver = self.solver
        removed = solver.removed(hand, extra)
        r = sum(removed)
        total, soft = hand_total(hand)
        cards = sum(hand)
        if extra < 0 and cards == 2:
            kind = "blackjack" if is_blackjack(hand) else "pair" if max(hand) == 2 else "two"
        elif cards == 2:
            kind = "split_two"
        elif solver.is_triple_seven(hand, extra, doubled=False):
            kind = "seven"
        else:
            kind = "multi"
        nxt: list[tuple[Number, int]] = []
        bust_part: Number = 0
        if kind not in ("blackjack", "seven") and not (
            kind == "split_two" and _forced_stand(solver.rules, extra)
        ):
            after = successors(hand)
            more = successors(removed)
            index = self.index
            counts = solver.counts
            exact = solver.exact
            spare = solver.n_cards if solver.infinite else solver.n_cards - r
            for slot in range(SLOTS):
                left = counts[slot] if solver.infinite else counts[slot] - removed[slot]
                if not left:
                    continue
                w = left if exact else left / spare
                card = after[slot]
                if hard_total(card) > 21:
                    bust_part += w * solver.bust(more[slot], r + 1, 1, extra)
                else:
                    nxt.append((w, index[(card, extra)]))
        return PlayerState(
            hand=hand, extra=extra, r=r, key=(soft, total), kind=kind, next=nxt, bust_part=bust_part
        )

    def hit(self, i: int, values: list[Number]) -> Number:
        """Hit value of state ``i`` given the values of the states after it."""
        s = self.states[i]
        total = s.bust_part
        for w, j in s.next:
            total += w * values[j]
        return total

    def split(self, slot: int, values: list[Number], decide: Decide | None = None) -> Number:
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

    def optimal_values(self) -> list[Number]:
        """Every state's value under composition-dependent optimal play (one sweep, most cards first);
        an opening two-card hand's value is that of its best move."""
        rules = self.solver.rules
        values: list[Number] = [0] * len(self.states)
        for i in range(len(self.states) - 1, -1, -1):
            s = self.states[i]
            if s.kind in ("blackjack", "seven"):
                values[i] = self.terminal[i]
                continue
            if s.kind == "split_two" and _forced_stand(rules, s.extra):
                values[i] = self.stand[i]
                continue
            best = max(self.stand[i], self.hit(i, values))
            doubled = self.double[i]
            if doubled is not None:
                best = max(best, doubled)
            surrender = self.surrender[i]
            if surrender is not None:
                best = max(best, surrender)
            if s.kind == "pair":
                slot = s.hand.index(2)
                self.unsplit[slot] = best
                best = max(best, self.split(slot, values))
            values[i] = best
        return values

    def opening_total(self, values: list[Number]) -> Number:
        """Σ deal weight × (opening value + loss to a peeked dealer blackjack): the up card's
        value numerator over the deal weights' total × ``D_2 · S``."""
        solver = self.solver
        total: Number = 0
        for i in self.openings:
            hand = self.states[i].hand
            may, may_not = solver.pair_shares(hand)
            peek = solver.peek_loss(hand)
            total += may * (values[i] + peek)
            if may_not:
                total += may_not * (self.unsplit[hand.index(2)] + peek)
        return total
