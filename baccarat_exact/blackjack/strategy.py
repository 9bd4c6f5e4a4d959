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

from baccarat_exact.blackjack.graph import ClassKey, StateGraph
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


def _forced_stand(rules: BlackjackRules, extra: int) -> bool:
    return extra == ACE and not rules.hit_split_aces


def _pass(
    graph: StateGraph, play: UpCardPlay, reach: list[Number]
) -> tuple[UpCardPlay, Number, list[Number]]:
    """One backward pass: decide every cell from the top totals down (using ``reach`` of the
    previous chart); return the new chart, its value numerator and every state's value."""
    solver = graph.solver
    rules = solver.rules
    values: list[Number] = [0] * len(graph.states)
    for i, s in enumerate(graph.states):
        if s.kind in ("seven", "blackjack"):
            values[i] = graph.terminal[i]
        elif s.kind == "split_two" and _forced_stand(rules, s.extra):
            values[i] = graph.stand[i]
    hits: set[ClassKey] = set()
    doubles: set[ClassKey] = set()
    surrenders: set[ClassKey] = set()
    for key in _HIT_STAND_ORDER:
        members = graph.by_class.get(key, [])
        if not members:
            continue
        stands = [graph.stand[i] for i in members]
        hitting = [graph.hit(i, values) for i in members]
        doubling = [graph.double[i] for i in members]
        weights = _weights(graph, members, reach)
        best: tuple[Fraction | Number, bool, bool] | None = None
        for hit in (False, True):
            for double in (False, True) if any(d is not None for d in doubling) else (False,):
                score = sum(
                    (w * (d if double and d is not None else h if hit else st))
                    for w, st, h, d in zip(weights, stands, hitting, doubling)
                )
                if best is None or score > best[0]:
                    best = (score, hit, double)
        assert best is not None
        _, hit, double = best
        if double and not any(w for w, d in zip(weights, doubling) if d is None):
            # no hand of this class is played without doubling: the chart's second letter
            # (what a hand that may not double does) is the better of hit and stand on the
            # class's own values
            hit = sum(w * h for w, h in zip(weights, hitting)) > sum(
                w * st for w, st in zip(weights, stands)
            )
        if hit:
            hits.add(key)
        if double:
            doubles.add(key)
        for i, st, h, d in zip(members, stands, hitting, doubling):
            values[i] = d if double and d is not None else h if hit else st
        offered = [
            (j, w, sur)
            for j, w, sur in zip(members, weights, (graph.surrender[i] for i in members))
            if sur is not None
        ]
        if offered and sum(w * (sur - values[j]) for j, w, sur in offered) > 0:
            surrenders.add(key)
            for j, _, sur in offered:
                values[j] = sur
    pairs = list(play.pairs)
    for slot, i in graph.pairs.items():
        doubled = graph.double[i]
        options: dict[Move, Number] = {
            Move.STAND: graph.stand[i],
            Move.HIT: graph.hit(i, values),
            Move.DOUBLE: doubled if doubled is not None else graph.stand[i],
        }
        surrender = graph.surrender[i]
        if surrender is not None:
            options[Move.SURRENDER] = surrender
        graph.unsplit[slot] = max(options.values())
        options[Move.SPLIT] = graph.split(slot, values)
        pairs[slot] = max(options, key=lambda m: options[m])
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


def _weights(graph: StateGraph, members: list[int], reach: list[Number]) -> list[Fraction | Number]:
    """Reach weights of a class's hands; a class no hand reaches is weighed evenly (exactly)."""
    weights = [reach[i] for i in members]
    if any(weights):
        return list(weights)
    solver = graph.solver
    if solver.exact:
        return [Fraction(1, int(solver.unit(graph.states[i].r))) for i in members]
    return [1.0 for _ in members]


def _reach(graph: StateGraph, play: UpCardPlay) -> list[Number]:
    """Weight with which each state is played under ``play`` (over ``ff(N, r)`` in exact mode)."""
    solver = graph.solver
    rules = solver.rules
    reach: list[Number] = [0] * len(graph.states)
    for i in graph.openings:
        reach[i] = solver.deal_weight(graph.states[i].hand)
    for i, s in enumerate(graph.states):  # states are sorted by cards out, so reach is final here
        if not reach[i] or s.kind in ("blackjack", "seven"):
            continue
        move = play.move(s.hand, s.extra, rules)
        if move is Move.HIT:
            for w, j in s.next:
                reach[j] += reach[i] * w
        elif move is Move.SPLIT:
            for w, j in graph.split_starts[s.hand.index(2)]:
                reach[j] += 2 * reach[i] * w
    return reach


def derive_play(graph: StateGraph) -> tuple[UpCardPlay, Number]:
    """The basic strategy against the graph's up card and its value numerator (over the
    deal weights' total × ``D_2 · S``)."""
    play = UpCardPlay.starting(graph.solver.up)
    seen: dict[UpCardPlay, Number] = {}
    best: tuple[UpCardPlay, Number] | None = None
    for _ in range(_MAX_PASSES):
        new, value, _ = _pass(graph, play, _reach(graph, play))
        if best is None or value > best[1]:
            best = (new, value)
        if new in seen or new == play:
            break
        seen[new] = value
        play = new
    assert best is not None
    return best


def evaluate_play(graph: StateGraph, play: UpCardPlay) -> Number:
    """Value numerator of a given chart against the graph's up card (same scale as ``derive_play``)."""
    solver = graph.solver
    rules = solver.rules
    values: list[Number] = [0] * len(graph.states)
    for i in range(len(graph.states) - 1, -1, -1):  # most cards first
        s = graph.states[i]
        if s.kind in ("seven", "blackjack"):
            values[i] = graph.terminal[i]
            continue
        move = play.move(s.hand, s.extra, rules)
        if s.kind == "pair":
            graph.unsplit[s.hand.index(2)] = _played(
                graph, i, play.move(s.hand, -1, rules, splittable=False), values
            )
        if move is not Move.SPLIT:
            values[i] = _played(graph, i, move, values)
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


def _played(graph: StateGraph, i: int, move: Move, values: list[Number]) -> Number:
    """Value of state ``i`` played by ``move`` (not a split), given the states after it."""
    if move is Move.HIT:
        return graph.hit(i, values)
    chosen = {Move.DOUBLE: graph.double[i], Move.SURRENDER: graph.surrender[i]}.get(move)
    return chosen if chosen is not None else graph.stand[i]
