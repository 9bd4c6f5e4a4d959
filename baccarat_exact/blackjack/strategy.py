"""Total-dependent basic strategy: derived exactly for the rules and shoe, printed as a chart.

A basic strategy decides by the hand's total (hard or soft), whether it is a pair
and whether it still has two cards — never by the exact cards. Against each up
card it has three kinds of cells, the ones players carry on a card:

* hit or stand, per total (used by every hand of that total that does not double);
* double or not, per total (two-card hands; split hands only with double after split);
* split, hit, stand or double, per pair (unsplit two-card pairs).

The chart is derived by policy improvement, exactly: under the current chart every
hand's probability of being played (its *reach*) and value are computed; then, from
the highest totals down, each cell takes the action that maximises the
reach-weighted value of its hands. Changing one cell moves the round's value by
exactly that weighted difference, so the fixed point is a chart no single cell
change can improve. It is found in a few passes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

import numpy as np

from baccarat_exact.blackjack.graph import ClassKey, IntArray, NumArray, StateGraph
from baccarat_exact.blackjack.hands import ACE, SLOT_LABELS, SLOTS, Counts, add_card, hand_total
from baccarat_exact.blackjack.rules import BlackjackRules, Surrender
from baccarat_exact.blackjack.solver import Number

__all__ = [
    "BasicStrategy",
    "ClassKey",
    "Move",
    "UpCardPlay",
    "derive_play",
    "evaluate_play",
]

_HIT_STAND_ORDER: tuple[ClassKey, ...] = (
    *((False, t) for t in range(21, 11, -1)),
    *((True, t) for t in range(21, 11, -1)),
    *((False, t) for t in range(11, 3, -1)),
)
"""Classes from which hitting leads only to classes earlier in this order."""

_MAX_PASSES = 12


class Move(str, Enum):
    """A player's action, by its chart letter."""

    HIT = "H"
    STAND = "S"
    DOUBLE = "D"
    SPLIT = "P"
    SURRENDER = "R"


@dataclass(frozen=True, slots=True, kw_only=True)
class UpCardPlay:
    """The basic strategy against one up card.

    >>> play = UpCardPlay.starting(5)
    >>> play.hit_stand((False, 17)), play.hit_stand((True, 17))
    (<Move.STAND: 'S'>, <Move.HIT: 'H'>)
    """

    up: int
    hits: frozenset[ClassKey]
    """Classes that hit (all other classes stand)."""
    doubles: frozenset[ClassKey]
    """Classes whose two-card hands double."""
    pairs: tuple[Move, ...]
    """The move for an unsplit pair, per slot A … T."""
    surrenders: frozenset[ClassKey] = frozenset()
    """Classes whose unsplit two-card hands surrender (where surrender is offered)."""

    @classmethod
    def starting(cls, up: int) -> UpCardPlay:
        """A plain start for the derivation: hit below hard 17 and soft 18, never double or split."""
        hits = frozenset([(False, t) for t in range(4, 17)] + [(True, t) for t in range(12, 18)])
        pairs = tuple(
            Move.HIT if hand_total(_pair(slot))[0] < 17 else Move.STAND for slot in range(SLOTS)
        )
        return cls(up=up, hits=hits, doubles=frozenset(), pairs=pairs)

    def hit_stand(self, key: ClassKey) -> Move:
        """Hit or stand for a total class."""
        return Move.HIT if key in self.hits else Move.STAND

    def move(
        self, hand: Counts, extra: int, rules: BlackjackRules, *, splittable: bool = True
    ) -> Move:
        """The move for ``hand`` (``extra``: the other split card's slot, else -1); not for a
        blackjack or a Triple Seven, which end the hand. ``splittable`` false: a pair that may
        not split (two tens of different ranks split by rank) plays as its total."""
        total, soft = hand_total(hand)
        key = (soft, total)
        two = sum(hand) == 2
        if two and extra < 0:
            pair = [slot for slot in range(SLOTS) if hand[slot] == 2]
            if pair and splittable:
                return self.pairs[pair[0]]
            if key in self.surrenders and rules.surrender is not Surrender.NONE:
                return Move.SURRENDER
            if key in self.doubles and rules.may_double(total, soft):
                return Move.DOUBLE
        elif two:
            if extra == ACE and not rules.hit_split_aces:
                return Move.STAND
            aces_ok = extra != ACE or rules.double_split_aces
            if (
                rules.double_after_split
                and aces_ok
                and key in self.doubles
                and rules.may_double(total, soft)
            ):
                return Move.DOUBLE
        return self.hit_stand(key)

    def cell(self, key: ClassKey) -> str:
        """The chart letter of a total class: H, S, Dh or Ds, with R before it (Rh, Rs, …)
        where two-card hands surrender."""
        letter = self.hit_stand(key).value
        cell = f"D{letter.lower()}" if key in self.doubles else letter
        return f"R{cell.lower()}" if key in self.surrenders else cell


def _pair(slot: int) -> Counts:
    return add_card(add_card((0,) * SLOTS, slot), slot)


@dataclass(frozen=True, slots=True, kw_only=True)
class BasicStrategy:
    """A basic strategy for every up card, with the rules it was derived for."""

    rules: BlackjackRules
    plays: tuple[UpCardPlay, ...]
    """One play per up card slot A … T."""

    def move(self, up: int, hand: Counts, extra: int = -1) -> Move:
        """The chart's move for ``hand`` against ``up``."""
        return self.plays[up].move(hand, extra, self.rules)

    def chart(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Chart rows (label, cells for up cards 2 … 9, T, A), the way players print it."""
        order = (*range(1, SLOTS), ACE)
        rows: list[tuple[str, tuple[str, ...]]] = []
        for total in range(4, 22):
            rows.append(
                (f"hard {total}", tuple(self.plays[up].cell((False, total)) for up in order))
            )
        for total in range(12, 22):
            label = f"soft {total} (A,{SLOT_LABELS[total - 12]})"
            rows.append((label, tuple(self.plays[up].cell((True, total)) for up in order)))
        for slot in (*range(1, SLOTS), ACE):
            name = SLOT_LABELS[slot]
            rows.append(
                (f"pair {name},{name}", tuple(self.plays[up].pairs[slot].value for up in order))
            )
        return tuple(rows)


_MOVE_CODES = {move: code for code, move in enumerate(Move)}
_HIT, _DOUBLE, _SPLIT, _SURRENDER = (
    _MOVE_CODES[m] for m in (Move.HIT, Move.DOUBLE, Move.SPLIT, Move.SURRENDER)
)


def _moves(graph: StateGraph, play: UpCardPlay) -> IntArray:
    """The chart's move (a code of ``Move``) for every state: asked once per state signature
    (states of one total class, card count, pair and split kind share every move)."""
    shape = graph.shape
    rules = graph.solver.rules
    states = [shape.found[i] for i in shape.signature_rep.tolist()]
    codes = np.array(
        [_MOVE_CODES[play.move(hand, extra, rules)] for hand, extra in states], dtype=np.int64
    )
    moves: IntArray = codes[shape.signature]
    return moves


class _TooClose(Exception):
    """Two rounded values closer than their error bound: only exact values can decide."""


_UNIT_ROUNDING = 2.0**-53


def _bound(largest: float | None, mass: float, terms: int) -> float | None:
    """How far apart two rounded sums must be to order them as their exact values are
    ordered (``None`` in exact arithmetic); see :func:`derive_play` for the proof."""
    if largest is None:
        return None
    return 2**10 * (2**11 + terms) * _UNIT_ROUNDING * mass * largest


def _greater(a: Fraction | Number, b: Fraction | Number, bound: float | None) -> bool:
    """``a > b``; given a ``bound`` on the rounding error of ``a - b``, only when it decides."""
    if bound is not None and abs(float(a) - float(b)) <= bound:
        raise _TooClose
    return bool(a > b)


@dataclass(frozen=True, slots=True)
class _Choose:
    """How a pass decides a chart's cells: by the reach-weighted values of the hands they play
    (``reach``; ``largest`` bounds every value on a rounded graph, ``None`` when exact), or,
    without ``reach``, as the chart ``given`` says (to value that chart)."""

    graph: StateGraph
    reach: NumArray | None = None
    largest: float | None = None
    given: UpCardPlay | None = None

    def hit_double(
        self,
        key: ClassKey,
        members: IntArray,
        stands: NumArray,
        hitting: NumArray,
        doubling: NumArray,
        may_double: NumArray,
    ) -> tuple[bool, bool]:
        """Whether the class hits, and whether its two-card hands double."""
        if self.given is not None:
            return key in self.given.hits, key in self.given.doubles
        assert self.reach is not None
        weights = _weights(self.graph, members, self.reach)
        bound = _bound(self.largest, float(weights.sum()), len(members))
        weighted_stand = (weights * stands).sum()
        weighted_hit = (weights * hitting).sum()
        # doubling changes only the two-card hands that may double: score it on those
        twos = np.flatnonzero(may_double)
        if not any(weights[twos].tolist()):
            twos = twos[:0]  # no doubling hand reached: doubling gains exactly nothing
        if len(twos):
            double_weights = weights[twos]
            doubled = doubling[twos]
            double_gain = (
                (double_weights * (doubled - stands[twos])).sum(),
                (double_weights * (doubled - hitting[twos])).sum(),
            )
        # no hand of the class played without doubling: hit-and-double scores what
        # stand-and-double does, exactly, so it never wins (the tie left unasked: rounding
        # could not call it)
        all_double = not any(weights[~may_double].tolist())
        best: tuple[Fraction | Number, bool, bool] | None = None
        for hit in (False, True):
            for double in (False, True) if len(twos) else (False,):
                if hit and double and all_double:
                    continue
                score = weighted_hit if hit else weighted_stand
                if double:
                    score = score + double_gain[hit]
                if best is None or _greater(score, best[0], bound):
                    best = (score, hit, double)
        assert best is not None
        _, hit, double = best
        if double and all_double:
            # no hand of this class is played without doubling: the chart's second letter
            # (what a hand that may not double does) is the better of hit and stand on the
            # class's own values
            hit = _greater(weighted_hit, weighted_stand, bound)
        return hit, double

    def surrenders(
        self, key: ClassKey, members: IntArray, offered: NumArray, gain: NumArray
    ) -> bool:
        """Whether the class's opening hands that may surrender (``offered``) do, given what
        each gains by it."""
        if self.given is not None:
            return key in self.given.surrenders
        assert self.reach is not None
        weights = _weights(self.graph, members, self.reach)[offered]
        bound = _bound(self.largest, float(weights.sum()), len(weights))
        return _greater((weights * gain).sum(), 0, bound)

    def pair(self, slot: int, options: dict[Move, Number]) -> Move:
        """The move for the pair ``slot``: the given chart's, else the best (the first of equals)."""
        if self.given is not None:
            return self.given.pairs[slot]
        best = max(options, key=lambda m: options[m])
        bound = _bound(self.largest, 1.0, 1)
        if bound is not None:
            for move, value in options.items():
                if move is not best:
                    _greater(options[best], value, bound)
        return best


def _pass(
    graph: StateGraph, play: UpCardPlay, choose: _Choose
) -> tuple[UpCardPlay, Number, NumArray]:
    """One backward pass: decide every cell from the top totals down (``choose``: using the
    reach of the previous chart ``play``); return the new chart, its value numerator and every
    state's value."""
    values = graph.zeros()
    values[graph.terminal_mask] = graph.terminal_values[graph.terminal_mask]
    values[graph.forced] = graph.stand_values[graph.forced]
    hits: set[ClassKey] = set()
    doubles: set[ClassKey] = set()
    surrenders: set[ClassKey] = set()
    for key in _HIT_STAND_ORDER:
        members = graph.class_arrays.get(key)
        if members is None or not len(members):
            continue
        stands = graph.stand_values[members]
        hitting = graph.hits(members, values, ("class", key))
        may_double = graph.double_mask[members]
        doubling = np.where(may_double, graph.double_values[members], hitting)
        hit, double = choose.hit_double(key, members, stands, hitting, doubling, may_double)
        if hit:
            hits.add(key)
        if double:
            doubles.add(key)
        chosen = hitting if hit else stands
        if double:
            chosen = np.where(may_double, doubling, chosen)
        values[members] = chosen
        offered = graph.surrender_mask[members]
        if offered.any():
            surrendering = graph.surrender_values[members[offered]]
            if choose.surrenders(key, members, offered, surrendering - chosen[offered]):
                surrenders.add(key)
                values[members[offered]] = surrendering
    pairs = list(play.pairs)
    for slot, i in graph.pairs.items():
        stand = graph.stand_values[i]
        options: dict[Move, Number] = {Move.STAND: stand, Move.HIT: graph.hit(i, values)}
        if graph.double_mask[i]:
            options[Move.DOUBLE] = graph.double_values[i]
        if graph.surrender_mask[i]:
            options[Move.SURRENDER] = graph.surrender_values[i]
        graph.unsplit[slot] = max(options.values())
        options[Move.SPLIT] = graph.split(slot, values)
        pairs[slot] = choose.pair(slot, options)
        values[i] = options[pairs[slot]]
    total = graph.opening_total(values)
    new = UpCardPlay(
        up=play.up,
        hits=frozenset(hits),
        doubles=frozenset(doubles),
        pairs=tuple(pairs),
        surrenders=frozenset(surrenders),
    )
    return new, total, values


def _weights(graph: StateGraph, members: IntArray, reach: NumArray) -> NumArray:
    """Reach weights of a class's hands; a class no hand reaches is weighed evenly (exactly)."""
    weights: NumArray = reach[members]
    if weights.any():
        return weights
    solver = graph.solver
    if solver.exact:
        units = [Fraction(1, int(solver.unit(r))) for r in graph.shape.r[members].tolist()]
        return np.array(units, dtype=object)
    return np.ones(len(members), dtype=np.float64)


def _reach(graph: StateGraph, play: UpCardPlay) -> NumArray:
    """Weight with which each state is played under ``play`` (over ``ff(N, r)`` in exact mode)."""
    reach = graph.zeros()
    for i, weight, _, _, _ in graph.opening_weights:
        reach[i] = weight
    moves = _moves(graph, play)
    hitting = (moves == _HIT) & graph.plays
    for start, stop in graph.shape.levels:  # fewest cards first: a level's reach is final
        for slot, i in graph.pairs.items():
            if start <= i < stop and moves[i] == _SPLIT and reach[i]:
                for w, j in graph.split_starts[slot]:
                    reach[j] += 2 * reach[i] * w
        rows = np.arange(start, stop)[hitting[start:stop]]
        if not len(rows):
            continue
        flows = reach[rows][:, None] * graph.next_weight[rows]
        on = graph.goes_on[rows]
        np.add.at(reach, graph.next_index[rows][on], flows[on])
    return reach


def _search(graph: StateGraph, largest: float | None = None) -> tuple[UpCardPlay, Number]:
    """Policy improvement from the plain start until a chart repeats: the best chart met and
    its value (``largest``: on a rounded graph, a bound on every value)."""
    play = UpCardPlay.starting(graph.solver.up)
    seen: dict[UpCardPlay, Number] = {}
    best: tuple[UpCardPlay, Number] | None = None
    deals = [may + may_not for _, _, may, may_not, _ in graph.opening_weights]
    bound = _bound(largest, float(sum(deals)), len(deals))
    for _ in range(_MAX_PASSES):
        new, value, _ = _pass(graph, play, _Choose(graph, _reach(graph, play), largest))
        # a pass's value is its chart's (the same chart: the same value, no need to compare)
        if best is None or (new != best[0] and _greater(value, best[1], bound)):
            best = (new, value)
        if new in seen or new == play:
            break
        seen[new] = value
        play = new
    assert best is not None
    return best


def derive_play(graph: StateGraph) -> tuple[UpCardPlay, Number]:
    """The basic strategy against the graph's up card and its value numerator (over the
    deal weights' total × ``D_2 · S``).

    In exact mode the search runs first on the graph's values rounded to float64
    (:meth:`StateGraph.rounded`), deciding a cell only when the rounded scores differ by
    more than their error bound, and the chart found is then valued exactly; a comparison
    too close to call redoes the search in exact arithmetic. The chart is the exact
    search's, because every decision is. The bound, with ``u = 2**-53`` and ``M`` at least
    every state's value (4 × the largest stand, double, terminal, surrender or 1): each
    rounded input is within ``3u`` relatively of its exact value; a hit adds at most 11
    terms whose weights sum to 1, so each level of cards out adds at most ``15uM`` of error
    and a value (at most 32 levels, a split doubling it) is within ``2**10 uM``; a reach is
    a sum of products of non-negative rounded weights, within ``2**9 u`` relatively (and 0
    exactly when the exact reach is 0); so a weighted sum over ``n`` hands of total weight
    ``R``, each product and the sum rounded, is within ``(2**11 + n) u R M`` (to first
    order), and a score compares at most three of them. :func:`_bound` asks for a gap
    ``2**10`` times that.
    """
    view = graph.rounded()
    if view is not None:
        leaves = (
            view.stand_values,
            view.double_values,
            view.terminal_values,
            view.surrender_values,
        )
        largest = 4 * max(1.0, *(float(np.abs(v).max()) for v in leaves))
        try:
            chart, _ = _search(view, largest)
        except _TooClose:
            pass
        else:
            return chart, _pass(graph, chart, _Choose(graph, given=chart))[1]
    return _search(graph)


def evaluate_play(graph: StateGraph, play: UpCardPlay) -> Number:
    """Value numerator of a given chart against the graph's up card (same scale as ``derive_play``)."""
    rules = graph.solver.rules
    moves = _moves(graph, play)
    values = graph.zeros()
    stands = graph.stand_values
    doubled = np.where(graph.double_mask, graph.double_values, stands)
    surrendered = np.where(graph.surrender_mask, graph.surrender_values, stands)
    for start, stop in reversed(graph.shape.levels):  # most cards first
        rows = slice(start, stop)
        move = moves[rows]
        played = np.where(move == _HIT, graph.hits(rows, values, ("level", start)), stands[rows])
        played = np.where(move == _DOUBLE, doubled[rows], played)
        played = np.where(move == _SURRENDER, surrendered[rows], played)
        played = np.where(graph.terminal_mask[rows], graph.terminal_values[rows], played)
        values[rows] = played
        for slot, i in graph.pairs.items():
            if start <= i < stop:
                hand = graph.shape.found[i][0]
                graph.unsplit[slot] = _played(
                    graph, i, play.move(hand, -1, rules, splittable=False), values
                )
    for slot, i in graph.pairs.items():
        if play.pairs[slot] is Move.SPLIT:
            values[i] = graph.split(slot, values, chart_moves(play, rules))
    return graph.opening_total(values)


def chart_moves(play: UpCardPlay, rules: BlackjackRules) -> Callable[[Counts, int, bool], str]:
    """The chart's moves for split hands, as resplits take them (stand, hit or double)."""
    names = {Move.HIT: "hit", Move.DOUBLE: "double"}

    def decide(hand: Counts, extra: int, two_cards: bool) -> str:
        return names.get(play.move(hand, extra, rules), "stand")

    return decide


def _played(graph: StateGraph, i: int, move: Move, values: NumArray) -> Number:
    """Value of state ``i`` played by ``move`` (not a split), given the states after it."""
    if move is Move.HIT:
        return graph.hit(i, values)
    chosen = {Move.DOUBLE: graph.double[i], Move.SURRENDER: graph.surrender[i]}.get(move)
    return chosen if chosen is not None else graph.stand[i]
