"""Total-dependent basic strategy: derived exactly for the rules and shoe, printed as a chart.

A basic strategy decides by the hand's total (hard or soft), whether it is a pair
and whether it still has two cards — never by the exact cards. Against each up
card it has the cells players carry on a card:

* hit or stand, per total (every hand of that total that does not double or surrender);
* double or not, per total (two-card hands; split hands only with double after split);
* surrender or not, per total (unsplit two-card hands, where surrender is offered);
* split, hit, stand, double or surrender, per pair (unsplit two-card pairs).

The chart is derived by policy improvement, exactly. Under the current chart every
hand's probability of being played (its *reach*) is computed; then, from the highest
totals down, a total's three cells are chosen together — the combination that maximises
the reach-weighted value of the hands it plays, each valued under the chart being built
(the totals above it are already decided) — and each pair row takes its best move valued
the same way (a split plays its hands by the chart's own cells). A total's hit/stand cell
is thus weighed on the hands that neither double nor surrender, not on every hand of the
total. With resplits (a pair becoming three or four hands) the split hands are weighed
where the resplit formula plays them: on the pair graph of each of its terms, with the
term's coefficient (:mod:`.resplit`). By the performance-difference identity the new
chart gains over the old exactly the sum of those weighted gains, none negative; a cell
some hand plays changes only for a strict gain (a tie keeps the old cell), so the passes
end, in two or three, at a chart that gives itself back. Changing one cell of that chart moves its value
by exactly the weighted difference the last pass found not positive: **no single cell
change raises the chart's value**, whatever the rules (``tests/test_blackjack_best_chart.py``
changes every cell).

The module is longer than most because the chart's value and its derivation are one
sweep seen twice: both read the chart's move for every state (also on the resplit pairs'
graphs), and the derivation's float fast path is proved against the same arrays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import TypeVar

import numpy as np

from baccarat_exact.blackjack.graph import (
    DOUBLE,
    HIT,
    STAND,
    ClassKey,
    IntArray,
    NumArray,
    StateGraph,
)
from baccarat_exact.blackjack.hands import ACE, SLOT_LABELS, SLOTS, Counts, add_card, hand_total
from baccarat_exact.blackjack.round.moves import (
    forced_stand,
    hands_possible,
    may_double,
    may_surrender,
)
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.shape import BoolArray
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

_MAX_PASSES = 40
"""A bound on the passes; the search stops at a fixed point long before (in two or three)."""


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
            if key in self.surrenders and may_surrender(rules, cards=2):
                return Move.SURRENDER
            if key in self.doubles and may_double(rules, total, soft):
                return Move.DOUBLE
        elif two:
            if forced_stand(rules, extra):
                return Move.STAND
            if key in self.doubles and may_double(rules, total, soft, extra=extra):
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
_HIT, _STAND, _DOUBLE, _SPLIT, _SURRENDER = (
    _MOVE_CODES[m] for m in (Move.HIT, Move.STAND, Move.DOUBLE, Move.SPLIT, Move.SURRENDER)
)


_Signature = tuple[ClassKey, int, bool, bool, bool]
"""What :meth:`UpCardPlay.move` reads of a state: its total class, its pair slot (an unsplit
two-card pair, else -1), whether it may surrender, whether it may double, whether it must
stand (split aces that take one card)."""


def _signatures(graph: StateGraph) -> list[_Signature]:
    """Each state signature's :data:`_Signature` under the graph's rules (once per shape and
    rules: the chart's cells are all that changes from one chart to the next)."""
    shape = graph.shape
    rules = graph.solver.rules
    key = ("chart signatures", rules)
    found: list[_Signature] | None = shape.memo.get(key)
    if found is None:
        found = []
        for i in shape.signature_rep.tolist():
            hand, extra = shape.found[i]
            total, soft = hand_total(hand)
            two = sum(hand) == 2
            pair = next((slot for slot in range(SLOTS) if hand[slot] == 2), -1)
            if two and extra < 0:
                doubles = may_double(rules, total, soft)
                entry = ((soft, total), pair, may_surrender(rules, cards=2), doubles, False)
            elif two:
                forced = forced_stand(rules, extra)
                doubles = not forced and may_double(rules, total, soft, extra=extra)
                entry = ((soft, total), -1, False, doubles, forced)
            else:
                entry = ((soft, total), -1, False, False, False)
            found.append(entry)
        shape.memo[key] = found
    return found


def _moves(graph: StateGraph, play: UpCardPlay) -> IntArray:
    """The chart's move (a code of ``Move``) for every state: decided once per state
    signature (states of one total class, card count, pair and split kind share every
    move), as :meth:`UpCardPlay.move` decides it."""
    hits, doubles, surrenders = play.hits, play.doubles, play.surrenders
    pairs = [_MOVE_CODES[move] for move in play.pairs]
    codes = []
    for key, pair, surrenders_ok, doubles_ok, forced in _signatures(graph):
        if pair >= 0:
            code = pairs[pair]
        elif forced:
            code = _STAND
        elif surrenders_ok and key in surrenders:
            code = _SURRENDER
        elif doubles_ok and key in doubles:
            code = _DOUBLE
        else:
            code = _HIT if key in hits else _STAND
        codes.append(code)
    moves: IntArray = np.array(codes, dtype=np.int64)[graph.shape.signature]
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


_T = TypeVar("_T")

Cells = tuple[bool, bool, bool]
"""A total's three cells: (hits, doubles, surrenders)."""

Choice = tuple[bool | None, bool | None, bool]
"""Cells being chosen; ``None``: a cell no weighed hand of the total plays (hidden by the
others), decided afterwards as if the cells hiding it were off."""


def _cells(play: UpCardPlay, key: ClassKey) -> Cells:
    return key in play.hits, key in play.doubles, key in play.surrenders


@dataclass(frozen=True, slots=True)
class _Fixed:
    """What a total's hands are worth by each move but hitting, and which moves they may
    make: the same in every pass (only the reach and the hit values change)."""

    stands: NumArray
    doubling: NumArray
    may_double: BoolArray
    surrendering: NumArray
    offered: BoolArray
    kinds: IntArray
    """Per hand: 0 plays only hit or stand, 1 may double, 2 may surrender, 3 may do both."""


@dataclass(frozen=True, slots=True)
class _TotalHands:
    """The hands a total's cells play, as a pass scores them: each hand's weight and its
    value by every move it may make (``doubling``/``surrendering`` only read where allowed)."""

    weights: NumArray
    hitting: NumArray
    fixed: _Fixed

    def played(self, choice: Choice) -> NumArray:
        """Each hand's value under the total's cells (a hidden cell counts as off)."""
        hit, double, surrender = choice
        fixed = self.fixed
        chosen: NumArray = self.hitting if hit else fixed.stands
        if double:
            chosen = np.where(fixed.may_double, fixed.doubling, chosen)
        if surrender:
            chosen = np.where(fixed.offered, fixed.surrendering, chosen)
        return chosen

    def score(self, choice: Choice) -> Fraction | Number:
        """The hands' weighted value under the cells: one weighted sum."""
        total: Fraction | Number = (self.weights * self.played(choice)).sum()
        return total

    def choices(self, *, surrender: bool, double: bool) -> Iterator[Choice]:
        """Every choice of cells that changes what some hand of non-zero weight does, a cell
        no such hand would play left ``None`` (``surrender``/``double`` false: that cell off)."""
        kinds = self.fixed.kinds[self.weights.astype(bool)]
        plain, doubles, offered, both = (bool(found) for found in np.bincount(kinds, minlength=4))
        for sur in (False, True) if surrender and (offered or both) else (False,):
            dbl: tuple[bool | None, ...]
            if double and (doubles or (both and not sur)):
                dbl = (False, True)
            else:  # no weighed hand would double: hidden by surrendering, else off
                dbl = (None,) if double and both else (False,)
            for d in dbl:
                plays = plain or (doubles and not d) or (offered and not sur)
                plays = plays or (both and not (d or sur))
                for hit in (False, True) if plays else (None,):
                    yield hit, d, sur


def _first_best(options: list[tuple[_T, Fraction | Number]], bound: float | None) -> _T:
    """The option of highest score, the first of equals (callers put the old one first)."""
    best, top = options[0]
    for choice, score in options[1:]:
        if _greater(score, top, bound):
            best, top = choice, score
    return best


@dataclass(frozen=True, slots=True)
class _Choose:
    """How a pass decides a chart's cells: by the reach-weighted values of the hands they play
    under the previous chart's reach (``largest`` bounds every value on a rounded graph,
    ``None`` when exact); a tie keeps the previous chart's cell (``old``)."""

    reach: _Reach
    old: UpCardPlay
    largest: float | None = None

    def total(self, key: ClassKey, hands: _TotalHands) -> Cells:
        """A total's cells: the best combination on its hands' weighted values; a cell that
        no weighed hand plays as the best with the cells hiding it off (what a hand that may
        not surrender, or not double, does)."""
        weights = hands.weights
        bound = None
        if self.largest is not None:
            bound = _bound(self.largest, float(np.abs(weights).sum()), len(weights))
        old = _cells(self.old, key)

        def best(*, surrender: bool, double: bool) -> Choice:
            choices = list(hands.choices(surrender=surrender, double=double))
            # the old cells first (a hidden cell matches whatever the old one was)
            choices.sort(key=lambda c: not all(n is None or n == o for n, o in zip(c, old)))
            return _first_best([(c, hands.score(c)) for c in choices], bound)

        hit, double, surrender = best(surrender=True, double=True)
        if double is None:
            shown, double, _ = best(surrender=False, double=True)
            hit = shown if hit is None else hit
        if hit is None:
            hit, _, _ = best(surrender=False, double=False)
        assert hit is not None and double is not None
        return hit, double, surrender

    def pair(self, slot: int, options: dict[Move, Number]) -> Move:
        """The move for the pair ``slot``: the best (the old one of equals, else the first)."""
        bound = _bound(self.largest, 1.0, 1)
        old = self.old.pairs[slot]
        order = sorted(options, key=lambda move: move is not old)
        return _first_best([(move, options[move]) for move in order], bound)


def _pass(
    graph: StateGraph, play: UpCardPlay, choose: _Choose
) -> tuple[UpCardPlay, Number, NumArray]:
    """One backward pass: decide every cell from the top totals down by ``choose`` (the reach
    of ``play``); return the new chart, its value numerator and every state's value. A
    total's hands are the graph's and, with resplits, the split hands of the pair graphs the
    old chart reaches, each valued under the chart being built."""
    rules = graph.solver.rules
    found = graph.shape.found
    systems = [(graph, choose.reach.states), *choose.reach.resplits]
    values = [_start_values(system) for system, _ in systems]
    # a pair that may not split (tens of two ranks) plays by its total's cells
    unsplittable: dict[ClassKey, list[tuple[int, Number]]] = {}
    for i, _, _, may_not, _ in graph.opening_weights:
        if may_not:
            points, soft = hand_total(found[i][0])
            unsplittable.setdefault((soft, points), []).append((i, may_not))
    hits: set[ClassKey] = set()
    doubles: set[ClassKey] = set()
    surrenders: set[ClassKey] = set()
    no_rows = np.zeros(0, dtype=np.int64)
    for key in _HIT_STAND_ORDER:
        parts: list[tuple[StateGraph, IntArray, NumArray, NumArray]] = []
        for (system, reach), known in zip(systems, values):
            members = system.class_arrays.get(key, no_rows)
            if len(members):
                hitting = system.hits(members, known, ("class", key))
                parts.append((system, members, reach[members], hitting))
        pairs = unsplittable.get(key, [])
        if pairs:
            rows = np.array([i for i, _ in pairs], dtype=np.int64)
            weights = np.array([w for _, w in pairs], dtype=graph.dtype)
            hitting = np.array([graph.hit(i, values[0]) for i, _ in pairs], dtype=graph.dtype)
            parts.append((graph, rows, weights, hitting))
        if not parts:
            continue
        hands = _total_hands(graph, key, parts)
        cells = choose.total(key, hands)
        for chosen, cell in zip(cells, (hits, doubles, surrenders)):
            if chosen:
                cell.add(key)
        played = hands.played(cells)
        at = 0
        for (system, _), known in zip(systems, values):
            members = system.class_arrays.get(key, no_rows)
            known[members] = played[at : at + len(members)]
            at += len(members)
    chart = UpCardPlay(
        up=play.up,
        hits=frozenset(hits),
        doubles=frozenset(doubles),
        pairs=play.pairs,
        surrenders=frozenset(surrenders),
    )
    pairs_row = list(play.pairs)
    main = values[0]
    swept = {id(system): known for (system, _), known in zip(systems[1:], values[1:])}
    for slot, i in graph.pairs.items():
        hand = found[i][0]
        graph.unsplit[slot] = _played(graph, i, chart.move(hand, -1, rules, splittable=False), main)
        options: dict[Move, Number] = {
            Move.STAND: graph.stand_values[i],
            Move.HIT: graph.hit(i, main),
        }
        if graph.double_mask[i]:
            options[Move.DOUBLE] = graph.double_values[i]
        if graph.surrender_mask[i]:
            options[Move.SURRENDER] = graph.surrender_values[i]
        options[Move.SPLIT] = _chart_split(graph, slot, main, chart, swept)
        pairs_row[slot] = choose.pair(slot, options)
        main[i] = options[pairs_row[slot]]
    return replace(chart, pairs=tuple(pairs_row)), graph.opening_total(main), main


def _start_values(graph: StateGraph) -> NumArray:
    """A pass's values before any cell is decided: those of the hands that play no cell."""
    values = graph.zeros()
    values[graph.terminal_mask] = graph.terminal_values[graph.terminal_mask]
    values[graph.forced] = graph.stand_values[graph.forced]
    return values


def _total_hands(
    graph: StateGraph, key: ClassKey, parts: list[tuple[StateGraph, IntArray, NumArray, NumArray]]
) -> _TotalHands:
    """A total's hands from every graph that plays them: (graph, rows, reach, hit values) each
    (their fixed values joined once per graph, total and set of parts, kept in
    ``graph.chart_memo``: the rows of each part are the same in every pass).
    Where no chart reaches any of them they are weighed evenly (exactly: one over each
    value's denominator)."""
    if len(parts) == 1:
        weights, hitting = parts[0][2], parts[0][3]
    else:
        weights = np.concatenate([reach for _, _, reach, _ in parts])
        hitting = np.concatenate([hits for _, _, _, hits in parts])
    if not weights.any():
        even = []
        for system, rows, _, _ in parts:
            solver = system.solver
            for r in system.r_out[rows].tolist():
                even.append(Fraction(1, int(solver.unit(r))) if solver.exact else 1.0)
        weights = np.array(even, dtype=object if parts[0][0].solver.exact else np.float64)
    tag = (key, *((id(system), len(rows)) for system, rows, _, _ in parts))
    fixed = graph.chart_memo.get(tag)
    if fixed is None:

        def joined(name: str) -> NumArray:
            found: NumArray = np.concatenate([getattr(g, name)[rows] for g, rows, _, _ in parts])
            return found

        may_double, offered = joined("double_mask"), joined("surrender_mask")
        fixed = graph.chart_memo[tag] = _Fixed(
            stands=joined("stand_values"),
            doubling=joined("double_values"),
            may_double=may_double,
            surrendering=joined("surrender_values"),
            offered=offered,
            kinds=may_double.astype(np.int64) + 2 * offered.astype(np.int64),
        )
    return _TotalHands(weights=weights, hitting=hitting, fixed=fixed)


@dataclass(frozen=True, slots=True)
class _Reach:
    """Where a chart's hands are played and with what weight: the graph's states, and with
    resplits each pair graph's split hands (signed weights: the resplit formula's
    coefficients), which then stand in for the graph's own split hands of those pairs."""

    states: NumArray
    resplits: tuple[tuple[StateGraph, NumArray], ...] = ()


def _reach(graph: StateGraph, play: UpCardPlay) -> _Reach:
    """The weight with which each state is played under ``play`` (over ``ff(N, r)`` in exact
    mode); a pair that may split only in part (tens by rank) has its splitting part here,
    the rest played by its total's cells."""
    rules = graph.solver.rules
    found = graph.shape.found
    reach = graph.zeros()
    unsplit_hits: dict[int, Number] = {}
    for i, _, may, may_not, _ in graph.opening_weights:
        reach[i] = may
        if may_not and play.move(found[i][0], -1, rules, splittable=False) is Move.HIT:
            unsplit_hits[i] = may_not
    moves = _moves(graph, play)
    splits = {slot: i for slot, i in graph.pairs.items() if moves[i] == _SPLIT and reach[i]}
    once = {slot: i for slot, i in splits.items() if hands_possible(rules, slot) == 2}
    resplits: dict[int, tuple[StateGraph, NumArray]] = {}
    for slot, i in splits.items():
        if slot not in once:
            for pair_graph, j, weight in graph.resplit_starts(slot):
                _, starts = resplits.setdefault(id(pair_graph), (pair_graph, pair_graph.zeros()))
                starts[j] += reach[i] * weight

    def inflow(start: int, stop: int) -> None:
        for slot, i in once.items():
            if start <= i < stop:
                for w, j in graph.split_starts[slot]:
                    reach[j] += 2 * reach[i] * w
        for i, share in unsplit_hits.items():
            if start <= i < stop:
                on = graph.goes_on[i]
                weights = graph.weight[i][on].astype(graph.dtype)  # next_weight's, where on
                np.add.at(reach, graph.next_index[i][on], share * weights)

    _flow(graph, reach, moves, inflow)
    for pair_graph, starts in resplits.values():
        _flow(pair_graph, starts, _moves(pair_graph, play))
    return _Reach(reach, tuple(resplits.values()))


def _flow(
    graph: StateGraph,
    reach: NumArray,
    moves: IntArray,
    inflow: Callable[[int, int], None] | None = None,
) -> None:
    """Carry ``reach`` from each hitting state to the states after it, fewest cards first (a
    level's reach is final when its turn comes; ``inflow`` adds what else flows into it)."""
    hitting = (moves == _HIT) & graph.plays
    for start, stop in graph.shape.levels:
        if inflow is not None:
            inflow(start, stop)
        rows = np.arange(start, stop)[hitting[start:stop]]
        if not len(rows):
            continue
        # ``weight`` is ``next_weight`` wherever a card goes on, the only flows kept (and
        # needs no dense next_weight made for a chart's search)
        flows = reach[rows][:, None] * graph.weight[rows]
        on = graph.goes_on[rows]
        np.add.at(reach, graph.next_index[rows][on], flows[on])


def _search(graph: StateGraph, largest: float | None = None) -> tuple[UpCardPlay, Number]:
    """Policy improvement from the plain start to a chart that gives itself back: that chart
    and its value (``largest``: on a rounded graph, a bound on every value). The value
    never falls from a pass to the next, so were the passes to run out first the latest
    chart would be the best met."""
    play = UpCardPlay.starting(graph.solver.up)
    for _ in range(_MAX_PASSES):
        new, value, _ = _pass(graph, play, _Choose(_reach(graph, play), play, largest))
        if new == play:
            break
        play = new
    return new, value


def derive_play(graph: StateGraph) -> tuple[UpCardPlay, Number]:
    """The basic strategy against the graph's up card and its value numerator (over the
    deal weights' total × ``D_2 · S``).

    In exact mode the search runs first on the graph's values rounded to float64
    (:meth:`StateGraph.rounded`), deciding a cell only when the rounded scores differ by
    more than their error bound, and the chart found is then valued exactly; a comparison
    too close to call redoes the search in exact arithmetic. The chart is the exact
    search's, because every decision is (which hands weigh nothing is exact too: a rounded
    reach is 0 only where the exact one is). The bound, with ``u = 2**-53`` and ``M`` at
    least every state's value (4 × the largest stand, double, terminal, surrender or 1):
    each rounded input is within ``3u`` relatively of its exact value; a hit adds at most
    11 terms whose weights sum to 1, so each level of cards out adds at most ``15uM`` of
    error and a value (at most 32 levels, a split doubling it) is within ``2**10 uM``; a
    reach is a sum of products of non-negative rounded weights, within ``2**9 u``
    relatively (and 0 exactly when the exact reach is 0); so a weighted sum over ``n``
    hands of total weight ``R``, each product and the sum rounded, is within
    ``(2**11 + n) u R M`` (to first order), and a score is one such sum (a total's, under
    one choice of its cells) or one value (a pair's move, ``n = R = 1``). Two scores are
    ordered when they differ by more than twice that; :func:`_bound` asks for a gap
    ``2**9`` times more.

    Resplits have no rounded view (the pairs' own graphs are outside the bound): their
    search runs in the graph's own arithmetic.
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
            return chart, evaluate_play(graph, chart)
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
        played = stands[rows].copy()
        hitting = np.flatnonzero(move == _HIT)
        if len(hitting):  # only the hitting states' sums (big integers when exact)
            played[hitting] = graph.hits_of(hitting + start, values)
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


_SWEEP_CODES = np.full(len(Move), STAND, dtype=np.int64)
_SWEEP_CODES[[_HIT, _DOUBLE]] = HIT, DOUBLE
"""A chart move's code as :meth:`StateGraph.evaluate` takes it (split hands only hit, stand
or double)."""


def _chart_split(
    graph: StateGraph, slot: int, values: NumArray, play: UpCardPlay, swept: dict[int, NumArray]
) -> Number:
    """The value of splitting the pair ``slot`` with the split hands played by ``play``, as
    :meth:`StateGraph.split` gives it with :func:`chart_moves` (which :func:`evaluate_play`
    asks), but with resplits each pair graph swept once a pass, its moves asked once per
    signature (``swept``: its values where the pass knows them, by ``id``; filled in here)."""
    if hands_possible(graph.solver.rules, slot) == 2:
        return graph.split_once(slot, values)
    total: Number = 0
    for pair_graph, j, weight in graph.resplit_starts(slot):
        known = swept.get(id(pair_graph))
        if known is None:
            known = pair_graph.evaluate(_SWEEP_CODES[_moves(pair_graph, play)])
            swept[id(pair_graph)] = known
        total += weight * known[j]
    return total


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
    if move is Move.DOUBLE and graph.double_mask[i]:
        return graph.double_values[i]  # type: ignore[no-any-return]
    if move is Move.SURRENDER and graph.surrender_mask[i]:
        return graph.surrender_values[i]  # type: ignore[no-any-return]
    return graph.stand_values[i]  # type: ignore[no-any-return]
