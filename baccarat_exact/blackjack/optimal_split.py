"""The optimal split: every split hand played by the best move given every card seen so far.

Farmer's definition (``pdf/blackjack_split.cpp`` of github.com/possibly-wrong/blackjack,
"Optimal strategy maximizing expected value of splitting pairs"): a decision is taken
knowing the up card, every card of every hand played so far (the earlier split hands'
cards and how they ended) and the current hand, and it maximises the expected net of the
**whole round** — every hand the pair became, settled against one dealer hand. So the
first hand's player does weigh what his draws do to the later hands (the cards they can
no longer get) and to the dealer's hand all hands are settled against; and a later hand
plays for the round too (its draws change the dealer's outcome for the hands already
standing). A pair card dealt as a second card may be split again (while the rules allow
more hands) or played: the player's choice, best for the round.

The hands are played in turn, each taking its second card when its turn comes, a resplit
hand made last (the round's order, :func:`~.round.moves.split_deals`). The state of the
round is what Farmer keeps: the player's cards out of the shoe (one count vector), the
finished hands (each a stood total, a bust or a paid Triple Seven, and its stake), the
current hand and how many hands wait for their second card. :func:`optimal_split` values
every state reached from the split by one backward sweep, memoised by state: exact
(integer numerators over the solver's ``D_r · S``, as every engine value) or float.

The cost is the number of states, which grows with the shoe (the count vectors the
cards out can take) and steeply with the hands a pair may become: :func:`split_cost`
estimates it from the states of one split hand (a power of them), and
:func:`require_affordable` refuses a split estimated beyond a day, saying how long.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from baccarat_exact.blackjack.graph_solver import GraphSolver
from baccarat_exact.blackjack.hands import ACE, SEVEN, SLOT_LABELS, SLOTS, Counts, add_card
from baccarat_exact.blackjack.round import (
    BLACKJACK,
    End,
    forced_stand,
    hands_possible,
    is_triple_seven,
    may_double,
    peeks,
    settle,
)
from baccarat_exact.blackjack.shape import graph_shape, shape_of
from baccarat_exact.blackjack.solver import Number
from baccarat_exact.errors import RulesError

__all__ = [
    "MORE_HANDS_SHARE",
    "MOST_STATES",
    "SECONDS_PER_STATE",
    "SPLIT_ONCE_STATES",
    "SplitCost",
    "optimal_split",
    "optimal_split_value",
    "require_affordable",
    "split_cost",
]

SECONDS_PER_STATE = {True: 2.0e-4, False: 7.0e-5}
"""Measured CPU time of one round state (exact, float) on the machine of
docs/performance.md: what the estimate of a refusal reads."""

SPLIT_ONCE_STATES = 4.5
"""``c`` of :func:`split_cost`: round states of a pair split once over ``S²`` (measured
1.6 to 4.2, rounded up)."""

MORE_HANDS_SHARE = {3: 5, 4: 15}
"""``d_h`` of :func:`split_cost`: the states grow by ``S / d_h`` with the ``h``-th hand
(measured 6.4 and 30 on a 28-card shoe, rounded down: an estimate on the high side)."""

MOST_STATES = 30_000_000
"""Most round states kept in memory at once (a few hundred bytes each, about 10 GB)."""

_DAY = 86_400.0

Hand = tuple[int, int, int, int, int]
"""The current hand as its play reads it: (hard total, aces, cards (4 for four or more),
all sevens so far (1/0), a pair of the split's card on two cards (1/0))."""

Finished = tuple[tuple[int, int, int], ...]
"""The finished hands, sorted: (end, total (16 for any total under 17), stake)."""

State = tuple[Counts, Finished, Hand, int]
"""(player cards out, finished hands, current hand, hands waiting for their second card)."""


@dataclass(frozen=True, slots=True)
class SplitCost:
    """What valuing an optimal split takes: the round states it reaches (estimated)."""

    states: int
    """Round states reachable from the split (each valued once)."""
    exact: bool

    @property
    def seconds(self) -> float:
        """Estimated time to value them (:data:`SECONDS_PER_STATE`)."""
        return self.states * SECONDS_PER_STATE[self.exact]


def _total(hand: Hand) -> int:
    """The hand's best total."""
    hard = hand[0]
    return hard + 10 if hand[1] and hard <= 11 else hard


class _Round:
    """One split's round states: their moves, the dealer at their ends, their values."""

    def __init__(self, solver: GraphSolver, slot: int) -> None:
        self.solver = solver
        self.slot = slot
        rules = solver.rules
        self.rules = rules
        self.most_hands = hands_possible(rules, slot)
        self.one_card = forced_stand(rules, slot)
        self.outcomes = range(BLACKJACK if peeks(rules) else BLACKJACK + 1)
        self.exact = solver.exact
        self.infinite = solver.infinite
        self.memo: dict[State, Number] = {}
        self._pays_of: dict[Finished, tuple[Number, ...]] = {}
        self._dealer: dict[Counts, tuple[Number, ...]] = {}
        self._double_soft = {
            total: may_double(rules, total, True, extra=slot) for total in range(2, 22)
        }
        self._double_hard = {
            total: may_double(rules, total, False, extra=slot) for total in range(2, 22)
        }
        self._sevens = {
            doubled: is_triple_seven(rules, 3, 3, split=True, doubled=doubled)
            for doubled in (False, True)
        }
        self._weights: dict[Counts, tuple[tuple[int, Number], ...]] = {}

    # -- the round's moves --------------------------------------------------------------

    def start(self) -> State:
        """The split just made: both pair cards out, the first hand holding one."""
        out = [0] * SLOTS
        out[self.slot] = 2
        return self._key(tuple(out)), (), self._first(), 1

    def _first(self) -> Hand:
        """A split hand before its second card: the pair card alone."""
        slot = self.slot
        return (slot + 1, int(slot == ACE), 1, int(slot == SEVEN), 0)

    def _key(self, out: Counts) -> Counts:
        """The cards out as a state keeps them (an infinite shoe: their number only)."""
        return (sum(out),) if self.infinite else out

    def _next_cards(self, out: Counts) -> tuple[tuple[int, Number], ...]:
        """(card, weight) of every card the shoe less ``out`` can deal next (kept)."""
        found = self._weights.get(out)
        if found is None:
            solver = self.solver
            if self.infinite:
                removed = (0,) * SLOTS
                found = tuple((c, w) for c in range(SLOTS) if (w := solver.weight(removed, 0, c)))
            else:
                r = sum(out)
                found = tuple((c, w) for c in range(SLOTS) if (w := solver.weight(out, r, c)))
            self._weights[out] = found
        return found

    def _after(self, out: Counts, card: int) -> Counts:
        if self.infinite:
            return (out[0] + 1,)
        return add_card(out, card)

    def _add(self, hand: Hand, card: int) -> Hand:
        hard, aces, cards, sevens, _ = hand
        return (
            hard + card + 1,
            aces + (card == ACE),
            cards + 1 if cards < 4 else 4,
            1 if sevens and card == SEVEN else 0,
            1 if cards == 1 and card == self.slot else 0,
        )

    def _finish(self, state: State, end: End, total: int, stake: int) -> Number:
        """The current hand ends so: the next waiting hand plays, or the dealer settles all."""
        out, finished, _, waiting = state
        hand = (int(end), 16 if total < 16 else total, stake)
        done = tuple(sorted((*finished, hand))) if finished else (hand,)
        if waiting:
            return self.value((out, done, self._first(), waiting - 1))
        dealer = self._dealer.get(out)
        if dealer is None:
            removals = np.array([out if not self.infinite else (out[0],) + (0,) * (SLOTS - 1)])
            dealer = self._dealer[out] = tuple(self.solver.dealer_rows(removals)[0].tolist())
        pays = self._pays_of.get(done)
        if pays is None:
            pays = self._pays_of[done] = self._pays(done)
        total_value: Number = 0
        for o in self.outcomes:
            total_value += dealer[o] * pays[o]
        return total_value

    def _pays(self, finished: Finished) -> tuple[Number, ...]:
        """Σ over the finished hands of each one's result per dealer outcome (scaled)."""
        scale = self.solver.scale
        pays: list[Number] = []
        for o in range(BLACKJACK + 1):
            net = sum(
                (
                    settle(self.rules, End(end), total, stake, o, len(finished))
                    for end, total, stake in finished
                ),
                Fraction(0),
            )
            pays.append(int(net * int(scale)) if self.exact else float(net))
        return tuple(pays)

    # -- the values ---------------------------------------------------------------------

    def value(self, state: State) -> Number:
        """The round's expected net from ``state`` on, best play (numerator over ``D_r · S``)."""
        found = self.memo.get(state)
        if found is None:
            found = self.memo[state] = self._value(state)
        return found

    def _value(self, state: State) -> Number:
        out, finished, hand, waiting = state
        if hand[2] > 1:
            return self._play(state)
        total: Number = 0  # a split hand takes its second card
        for card, w in self._next_cards(out):
            total += w * self._dealt(
                (self._after(out, card), finished, self._add(hand, card), waiting)
            )
        return total

    def _dealt(self, state: State) -> Number:
        """A split hand that just took its second card: split again (a pair card, while more
        hands may be made), stand if it must (one-card split aces), else play."""
        out, finished, hand, waiting = state
        best: Number | None = None
        if hand[4] and len(finished) + 1 + waiting < self.most_hands:
            best = self.value((out, finished, self._first(), waiting + 1))
        if self.one_card:
            played = self._finish(state, End.STAND, _total(hand), 1)
        else:
            played = self.value(state)
        return played if best is None or played > best else best

    def _play(self, state: State) -> Number:
        """Best of stand, hit and (two cards, where allowed) double for the current hand."""
        hand = state[2]
        total = _total(hand)
        best = self._finish(state, End.STAND, total, 1)
        hit = self._hit(state, 1)
        if hit > best:
            best = hit
        if hand[2] == 2:
            soft = total != hand[0]
            if (self._double_soft if soft else self._double_hard)[total]:
                double = self._hit(state, 2)
                if double > best:
                    best = double
        return best

    def _hit(self, state: State, stake: int) -> Number:
        """Take one card (``stake`` 2: a double, then stand)."""
        out, finished, hand, waiting = state
        sevens = self._sevens[stake == 2] and hand[3] and hand[2] == 2
        total: Number = 0
        for card, w in self._next_cards(out):
            after = self._after(out, card)
            new = self._add(hand, card)
            nxt = (after, finished, new, waiting)
            if new[0] > 21:
                v = self._finish(nxt, End.BUST, 0, stake)
            elif sevens and card == SEVEN:
                v = self._finish(nxt, End.TRIPLE_SEVEN, 21, stake)
            elif stake == 2:
                v = self._finish(nxt, End.STAND, _total(new), stake)
            else:
                v = self.value(nxt)
            total += w * v
        return total


def optimal_split(solver: GraphSolver, slot: int) -> Number:
    """The pair ``slot`` split and played optimally (Farmer's optimal split: every move the
    best for the round given every card seen): a numerator over ``D_2 · S`` like
    :meth:`~.graph.Graph.split` (exact), or the value (float); with a hole card, joint with
    the dealer having no blackjack, as every engine value.

    :raises RulesError: where the split would take more than a day (:func:`require_affordable`).
    """
    require_affordable(solver, slot)
    game = _Round(solver, slot)
    return game.value(game.start())


def optimal_split_value(solver: GraphSolver, slot: int) -> Fraction | float:
    """:func:`optimal_split` per original stake (exact: a Fraction).

    >>> from baccarat_exact.blackjack.rules import BlackjackRules
    >>> from baccarat_exact.blackjack.solver import UpCardSolver
    >>> rules = BlackjackRules(post_split="optimal", hole_card=True, triple_seven=False)
    >>> shoe = (2, 1, 0, 0, 0, 0, 1, 3, 1, 9)  # the shoe after a 7 up: 8 8 split
    >>> round(float(optimal_split_value(UpCardSolver(shoe, 6, rules), 7)), 6)
    1.049002
    """
    found = optimal_split(solver, slot)
    if solver.exact:
        return Fraction(int(found), int(solver.unit(2)) * int(solver.scale))
    return float(found)


def split_cost(solver: GraphSolver, slot: int) -> SplitCost:
    """The round states an optimal split of ``slot`` is estimated to reach:
    ``c · S² · Π_h S / d_h`` for a pair that may become more than two hands, ``S`` the
    states one split hand of the pair can reach from this shoe (the engine's shape of the
    pair, counted at once), ``c`` :data:`SPLIT_ONCE_STATES` and ``d_h``
    :data:`MORE_HANDS_SHARE` (measured: docs/blackjack.md, "The optimal split")."""
    hands = hands_possible(solver.rules, slot)
    one_hand = SLOTS  # one-card split aces: a hand is its second card
    if not forced_stand(solver.rules, slot):
        key = shape_of(solver.counts, infinite=solver.infinite, one_card_aces=False, pair=slot)
        one_hand = max(len(graph_shape(key).found), SLOTS)
    states = SPLIT_ONCE_STATES * one_hand**2
    for more in range(3, hands + 1):
        states *= max(1.0, one_hand / MORE_HANDS_SHARE[more])
    return SplitCost(states=int(states), exact=solver.exact)


def require_affordable(solver: GraphSolver, slot: int) -> None:
    """Refuse a split whose estimate (:func:`split_cost`) is beyond a day or
    :data:`MOST_STATES`, saying it.

    :raises RulesError: beyond the line.
    """
    cost = split_cost(solver, slot)
    if cost.seconds > _DAY or cost.states > MOST_STATES:
        hands = hands_possible(solver.rules, slot)
        raise RulesError(
            f"the optimal split of {SLOT_LABELS[slot]} {SLOT_LABELS[slot]} into up to {hands} "
            f"hands on this shoe would value about {cost.states:.2g} round states, about "
            f"{_duration(cost.seconds)} here: refused beyond a day or {MOST_STATES:.0e} "
            "states (fewer cards, --split-hands 2, or --post-split cdp)"
        )


def _duration(seconds: float) -> str:
    """A time in the largest whole unit that fits: ``3 hours``, ``12 days``."""
    for unit, size in (("year", 365 * _DAY), ("day", _DAY), ("hour", 3600.0), ("minute", 60.0)):
        if seconds >= size:
            n = round(seconds / size)
            return f"{n} {unit}{'s' if n != 1 else ''}"
    return f"{seconds:.0f} seconds"
