"""The round's net result: its exact distribution, variance and hit frequency, for a strategy.

The round is walked down the same tree the engine values: the two-card deal, each move
the strategy makes (stand, hit, double, split, surrender), and for every way the
player's hand can end, the dealer's final hand (17-21, bust, blackjack) given the cards
out of the shoe. Every finished hand is then settled against each dealer outcome, so the
net result of the round — in units of the initial bet, exact Fractions: blackjack 3:2,
surrender −1/2, a Triple Seven, doubles and splits — gets an exact probability.
Insurance is not part of the round.

**Card removal.** Every figure is exact. An unsplit hand: the dealer draws from the shoe
less the up card and every card the player took. A split: each hand is played, as the
engine plays it, from its own cards, the up card and both pair cards; each hand draws
from what the hands before it left, the dealer from what they all left — the whole
round's law, every hand and the dealer's final hand jointly, is summed over every way the
hands can end together (:mod:`~baccarat_exact.blackjack.split_round`). With resplits
(``split_hands`` 3 or 4) a pair card dealt as a second card makes one more hand, played
the same way (the strategy :mod:`~baccarat_exact.blackjack.resplit` states). In an
infinite shoe the hands and the dealer are independent, and the product of each hand's
law given the dealer's final hand is the joint law. The distribution's **mean is exactly
the engine's value** (``edge``) and the whole law equals a card-by-card play of every
round (tests/test_blackjack_round.py).

Moves of exactly equal value are broken as the engine breaks them: the first of stand,
hit, double, surrender, split (:data:`~baccarat_exact.blackjack.hand.TIE_ORDER`). The
order changes the law (a split and a surrender worth the same have different
distributions), never the mean.

The module is longer than most because one up card's walk (:class:`_Round`: the deal,
every move, the split hands, each end settled) reads the state graph as one idea.
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat_exact.blackjack.dealer import BLACKJACK, BUST, OUTCOMES
from baccarat_exact.blackjack.edge import Advance, Value, solvers
from baccarat_exact.blackjack.graph import DOUBLE, HIT, STAND, StateGraph
from baccarat_exact.blackjack.hands import (
    SLOTS,
    Counts,
    add_card,
    hand_total,
    hard_total,
)
from baccarat_exact.blackjack.round import End, peeks, settle, settle_peeked
from baccarat_exact.blackjack.round.moves import forced_stand, hands_possible
from baccarat_exact.blackjack.rules import (
    BlackjackRules,
    PostSplit,
)
from baccarat_exact.blackjack.solver import Number, UpCardSolver
from baccarat_exact.blackjack.split_round import (
    independent_split_law,
    split_round_law,
    split_round_work,
)
from baccarat_exact.blackjack.strategy import BasicStrategy, Move, UpCardPlay, derive_play
from baccarat_exact.errors import BaccaratError, RulesError
from baccarat_exact.model.exact import exact_fields
from baccarat_exact.model.processes import ordered_map
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "STRATEGIES",
    "NetDistribution",
    "RoundCost",
    "RoundStats",
    "chart_chooser",
    "optimal_chooser",
    "round_cost",
    "round_stats",
    "strategy_names",
    "up_card_distribution",
]

STRATEGIES: tuple[str, ...] = ("optimal", "basic")
"""The strategies :func:`round_stats` plays by name: composition-dependent optimal play,
and the total-dependent basic strategy derived for the rules and shoe."""

Profile = tuple[End, int, int]
"""How a hand ended: (end, total, stake); standing totals below 17 are all 16 (they lose to
every dealer total)."""

Chooser = Callable[[int, bool], Move]
"""The move at graph state ``i`` (``splittable`` false: a ten pair of two ranks split by rank)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NetDistribution:
    """The exact law of a round's net result under one strategy.

    >>> d = NetDistribution(strategy="basic", exact=True,
    ...     probabilities=((Fraction(-1), Fraction(1, 2)), (Fraction(1), Fraction(1, 2))))
    >>> d.ev, d.variance, d.win
    (Fraction(0, 1), Fraction(1, 1), Fraction(1, 2))
    """

    strategy: str
    """"optimal", "basic", or "given" (a chart passed in)."""
    exact: bool
    probabilities: tuple[tuple[Fraction, Value], ...]
    """(net result in units of the initial bet, its probability), by net result."""

    def _sum(self, keep: Callable[[Fraction], bool], power: int = 0) -> Value:
        total: Value = Fraction(0) if self.exact else 0.0
        for net, p in self.probabilities:
            if keep(net):
                total = total + p * net**power
        return total

    @property
    def total(self) -> Value:
        """Sum of the probabilities (1 exactly)."""
        return self._sum(lambda net: True)

    @property
    def ev(self) -> Value:
        """Expected net result per round (the player's EV): the mean."""
        return self._sum(lambda net: True, 1)

    @property
    def variance(self) -> Value:
        """Variance of the net result: ``E[X²] − E[X]²``."""
        mean = self.ev
        return self._sum(lambda net: True, 2) - mean * mean

    @property
    def std_dev_float(self) -> float:
        """Standard deviation (a decimal: the square root is not rational in general)."""
        return math.sqrt(max(float(self.variance), 0.0))

    @property
    def win(self) -> Value:
        """Chance of a net win (the hit frequency)."""
        return self._sum(lambda net: net > 0)

    @property
    def push(self) -> Value:
        """Chance that the round nets exactly nothing."""
        return self._sum(lambda net: net == 0)

    @property
    def lose(self) -> Value:
        """Chance of a net loss."""
        return self._sum(lambda net: net < 0)

    def to_dict(self) -> dict[str, Any]:
        """The strategy's part of the JSON document."""
        exact = self.exact
        return {
            "strategy": self.strategy,
            **exact_fields("player_ev", self.ev, exact=exact),
            **exact_fields("variance", self.variance, exact=exact),
            "std_dev_float": self.std_dev_float,
            **exact_fields("win", self.win, exact=exact),
            **exact_fields("push", self.push, exact=exact),
            **exact_fields("lose", self.lose, exact=exact),
            "distribution": [
                {
                    "net": str(net),
                    "net_float": float(net),
                    **exact_fields("probability", p, exact=exact),
                }
                for net, p in self.probabilities
            ],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStats:
    """The round's net result for a shoe and rules, under one or more strategies."""

    rules: BlackjackRules
    shoe: Shoe
    exact: bool
    plays: tuple[NetDistribution, ...]
    basic: BasicStrategy | None = None
    """The basic strategy played (derived, or as given), if one was."""

    def play(self, strategy: str) -> NetDistribution:
        """The distribution of ``strategy`` ("optimal", "basic" or "given")."""
        for found in self.plays:
            if found.strategy == strategy:
                return found
        raise KeyError(strategy)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON data: exact values as ``"p/q"``, decimals in ``*_float`` (a
        command's document wraps it)."""
        return {
            "arithmetic": "exact" if self.exact else "float",
            "rules": self.rules.to_dict(),
            "shoe": self.shoe.to_dict(),
            "strategies": [play.to_dict() for play in self.plays],
        }


class _Round:
    """One up card's walk: the net result's distribution under one strategy.

    Masses are numerators: a state with ``r`` cards out has its mass over ``ff(N, r)`` times
    the deal scale (an unsplit hand) or over ``ff(N - 2, r - 2)`` (a split hand, from its
    pair); times the dealer's numerators over ``D_r`` every end is over one denominator.
    In float mode they are plain probabilities.
    """

    def __init__(self, graph: StateGraph, choose: Chooser) -> None:
        self.graph = graph
        self.solver: UpCardSolver = graph.solver
        self.rules = self.solver.rules
        self.choose = choose
        self.exact = self.solver.exact
        self.split_parts: dict[Fraction, Value] = defaultdict(Fraction if self.exact else float)
        """Split rounds' share of each net result, numerators over the ends' denominator."""
        self.laws: dict[int, dict[Fraction, Value]] = {}

    # -- walking the hands --------------------------------------------------------------

    def _route(self, i: int, mass: Number, move: Move, walk: _Walk) -> None:
        """Send ``mass`` at state ``i`` on by ``move``: to the states after a card, or to ends.
        A bust is recorded once per state, with the cards out before the busting card and
        the hand's hard total in its profile: whoever settles it sums the busting cards."""
        solver = self.solver
        s = self.graph.states[i]
        removed = solver.removed(s.hand, s.extra)
        ends = walk.ends
        if move is Move.STAND:
            ends[(_stand(s.hand, 1), removed)] += mass
        elif move is Move.SURRENDER:
            ends[((End.SURRENDER, 0, 1), removed)] += mass
        elif move is Move.DOUBLE:
            hard = hard_total(s.hand)
            if hard >= 12:
                ends[((End.BUST, hard, 2), removed)] += mass
            for slot in range(SLOTS):
                if hard + slot + 1 > 21:
                    continue
                w = solver.weight(removed, s.r, slot)
                if not w:
                    continue
                card = add_card(s.hand, slot)
                profile = (
                    (End.TRIPLE_SEVEN, 21, 2)
                    if solver.is_triple_seven(card, s.extra, doubled=True)
                    else _stand(card, 2)
                )
                ends[(profile, add_card(removed, slot))] += walk.step(mass, w)
        else:  # HIT
            if hard_total(s.hand) >= 12:  # below 12 no card busts
                ends[((End.BUST, hard_total(s.hand), 1), removed)] += mass
            for w, j in s.next:
                if w:
                    walk.reach_state(j, walk.step(mass, w))

    def _walk(self, walk: _Walk, openings: bool) -> None:
        """Play every state the walk reaches, in order of cards out (so each state's mass is
        complete when it is played). ``openings``: the two-card deal, where pairs may split."""
        graph = self.graph
        solver = self.solver
        unsplittable: dict[int, Number] = {}
        if openings:
            for i in list(walk.reach):
                may, may_not = solver.pair_shares(graph.states[i].hand)
                if may_not:
                    walk.reach[i], unsplittable[i] = may, may_not
        while walk.heap:
            i = heapq.heappop(walk.heap)
            mass = walk.reach[i]
            s = graph.states[i]
            if s.kind in ("blackjack", "seven"):
                end = End.BLACKJACK if s.kind == "blackjack" else End.TRIPLE_SEVEN
                profile: Profile = (end, 21, 1)
                walk.ends[(profile, solver.removed(s.hand, s.extra))] += mass
                continue
            if i in unsplittable:
                self._route(i, unsplittable[i], self.choose(i, False), walk)
            if not mass:
                continue
            move = self.choose(i, True)
            if move is Move.SPLIT and openings:
                self._split(s.hand.index(2), mass)
            else:
                self._route(i, mass, move, walk)

    def _bust_cards(self, hard: int, removed: Counts) -> list[tuple[Number, Counts]]:
        """(weight, cards out after it) of each card that busts a hand of hard total ``hard``."""
        r = sum(removed)
        found = []
        for slot in range(21 - hard, SLOTS):
            w = self.solver.weight(removed, r, slot)
            if w:
                found.append((w, add_card(removed, slot)))
        return found

    # -- unsplit hands ----------------------------------------------------------------

    def _settle_ends(self, ends: dict[tuple[Profile, Counts], Number]) -> dict[Fraction, Number]:
        """Each unsplit end against the dealer's final hand, as net result → numerator
        (summed per profile and dealer outcome first: few profiles, many ends)."""
        solver = self.solver
        rules = self.rules
        rows: dict[Profile, list[Number]] = {}
        solver.prefetch(removed for (profile, removed) in ends if profile[0] is End.STAND)
        for (profile, removed), mass in ends.items():
            if not mass:
                continue
            row = rows.setdefault(profile, [0] * len(OUTCOMES))
            if profile[0] is End.STAND:
                for outcome, weight in enumerate(solver.dealer(removed)):
                    row[outcome] += mass * weight
                continue
            # the other ends care only whether the dealer has a blackjack: kept under BUST
            # (any other outcome) and BLACKJACK
            parts = (
                self._bust_cards(profile[1], removed) if profile[0] is End.BUST else [(1, removed)]
            )
            for w, out in parts:
                r = sum(out)
                no_bj = solver.no_blackjack(out, r)
                row[BUST] += mass * w * no_bj
                row[BLACKJACK] += mass * w * (solver.unit(r) - no_bj)
        found: dict[Fraction, Number] = defaultdict(int)
        for profile, row in rows.items():
            for outcome, weight in enumerate(row):
                if not weight:
                    continue
                if outcome == BLACKJACK and peeks(rules):
                    net = settle_peeked(rules, profile[0])
                else:
                    net = settle(rules, *profile, outcome)
                found[net] += weight
        return found

    # -- split hands ------------------------------------------------------------------

    def _split_starts(self, slot: int, paired: bool | None) -> list[tuple[Number, int]]:
        """(weight, state) of the first split hand of the pair ``slot`` by its second card: a
        pair card (``paired``), another card (not ``paired``) or any (None)."""
        graph = self.graph
        return [
            (w, j)
            for w, j in graph.split_starts[slot]
            if paired is None or (graph.states[j].hand[slot] == 2) == paired
        ]

    def split_table(
        self, slot: int, paired: bool | None = None
    ) -> list[tuple[Profile, list[Number]]]:
        """Each way one split hand of the pair ``slot`` ends (its second card as
        :meth:`_split_starts` chooses), with its weight jointly with each dealer outcome
        (numerators over ``D_2``): in an infinite shoe, where the hands and the dealer are
        independent, all a split round's law needs."""
        solver = self.solver
        walk = _Walk()
        for w, j in self._split_starts(slot, paired):
            walk.reach_state(j, w)
        self._walk(walk, openings=False)
        table: dict[Profile, list[Number]] = {}
        for (profile, removed), mass in walk.ends.items():
            if not mass:
                continue
            key = (End.BUST, 0, profile[2]) if profile[0] is End.BUST else profile
            row = table.setdefault(key, [0] * len(OUTCOMES))
            dealer = solver.dealer(removed)
            if profile[0] is End.BUST:
                # the busting cards' joint law with the dealer: every card after this hand's
                # cards, less those that do not bust (law of total probability, exactly)
                r = sum(removed)
                kept = [
                    (w, solver.dealer(add_card(removed, card)))
                    for card in range(21 - profile[1])
                    if (w := solver.weight(removed, r, card))
                ]
                for outcome in range(len(OUTCOMES)):
                    row[outcome] += mass * (
                        dealer[outcome] - sum(w * after[outcome] for w, after in kept)
                    )
                continue
            for outcome, weight in enumerate(dealer):
                row[outcome] += mass * weight
        return sorted(table.items())

    def split_ends(self, slot: int, paired: bool | None) -> dict[tuple[Profile, Counts], int]:
        """Each way one split hand of the pair ``slot`` ends (its second card as
        :meth:`_split_starts` chooses) — its profile and the player's cards out, a bust with
        its busting card — with the number of orders of its cards that end so."""
        walk = _Walk(paths=True)
        for _, j in self._split_starts(slot, paired):
            walk.reach_state(j, 1)
        self._walk(walk, openings=False)
        ends: dict[tuple[Profile, Counts], int] = defaultdict(int)
        for (profile, removed), paths in walk.ends.items():
            if profile[0] is not End.BUST:
                ends[(profile, removed)] += int(paths)
                continue
            # each busting card is one more end (the dealer draws after it)
            for _, out in self._bust_cards(profile[1], removed):
                ends[((End.BUST, 0, profile[2]), out)] += int(paths)
        return ends

    def split_law(self, slot: int) -> dict[Fraction, Value]:
        """The split round of the pair ``slot``, given the pair: net result → probability,
        every hand it becomes and the dealer jointly (:func:`split_round_law`), or, in an
        infinite shoe, the hands combined as independent given the dealer's final hand
        (:func:`independent_split_law`).

        The law depends on the strategy only through how one split hand ends (its ends or,
        infinite, its table), and two strategies often play split hands alike: the last
        law of each pair is kept in the solver's derived cache with those ends and given
        again when another strategy's ends are equal to them (``blackjack round`` computes
        about half its split laws twice otherwise)."""
        solver = self.solver
        rules = self.rules
        hands = hands_possible(rules, slot)

        def settle_split(profile: Profile, outcome: int, made: int) -> Fraction:
            return settle(rules, *profile, outcome, made)

        peeked = settle_peeked(rules, None) if peeks(rules) else None
        ends: tuple[Any, Any] = (
            (self.split_table(slot), self.split_table(slot, paired=False) if hands > 2 else [])
            if solver.infinite
            else (
                self.split_ends(slot, None),
                self.split_ends(slot, paired=False) if hands > 2 else {},
            )
        )
        key = ("split law", rules, self.exact, slot)
        known = solver.derived.get(key)
        if known is not None and known[0] == ends:
            return dict(known[1])
        if solver.infinite:
            chance: Fraction | float = Fraction(solver.counts[slot], solver.n_cards)
            law = independent_split_law(
                *ends, chance if self.exact else float(chance), hands, settle_split, peeked
            )
        else:
            law = split_round_law(solver, slot, *ends, hands, settle_split, peeked)
        solver.derived[key] = (ends, law)
        return dict(law)

    def _split(self, slot: int, mass: Number) -> None:
        """A split round of the pair ``slot`` (``mass``: the pair's deal weight)."""
        if slot not in self.laws:
            self.laws[slot] = self.split_law(slot)
        for net, p in self.laws[slot].items():
            if self.exact:
                self.split_parts[net] += int(mass) * p * int(self.solver.unit(2))
            else:
                self.split_parts[net] += mass * p

    # -- the whole up card --------------------------------------------------------------

    def distribution(self) -> dict[Fraction, Value]:
        """Net result → probability given this up card."""
        solver = self.solver
        graph = self.graph
        walk = _Walk()
        for i in graph.openings:
            walk.reach_state(i, solver.deal_weight(graph.states[i].hand))
        self._walk(walk, openings=True)
        numerators = self._settle_ends(walk.ends)
        nets = set(numerators) | set(self.split_parts)
        if not self.exact:
            return {
                net: float(numerators.get(net, 0)) + float(self.split_parts.get(net, 0))
                for net in nets
            }
        # every end is over ff(N, M) · deal scale = the deal weights' total × D_2
        whole = solver.deal_total_int() * int(solver.unit(2))
        out: dict[Fraction, Value] = {}
        for net in nets:
            value = int(numerators.get(net, 0)) + Fraction(self.split_parts.get(net, 0))
            if value:
                out[net] = value / whole
        return out


class _Walk:
    """The masses of one walk: states still to play (a heap of indexes) and the ends.

    With ``paths`` a mass counts the orders of the cards that reach a state (each card
    weighs 1), not their chance: what :func:`split_round_law` weighs pairs of hands by."""

    def __init__(self, paths: bool = False) -> None:
        self.paths = paths
        self.reach: dict[int, Number] = {}
        self.heap: list[int] = []
        self.ends: dict[tuple[Profile, Counts], Number] = defaultdict(int)

    def step(self, mass: Number, weight: Number) -> Number:
        """The mass after a card of ``weight`` (nonzero)."""
        return mass if self.paths else mass * weight

    def reach_state(self, j: int, mass: Number) -> None:
        if j not in self.reach:
            heapq.heappush(self.heap, j)
            self.reach[j] = 0
        self.reach[j] += mass


def _stand(hand: Counts, stake: int) -> Profile:
    total, _ = hand_total(hand)
    return (End.STAND, max(total, 16), stake)


def optimal_chooser(graph: StateGraph) -> Chooser:
    """Composition-dependent optimal play on ``graph``: the first best of stand, hit, double,
    surrender and split, as the engine chooses."""
    values = graph.optimal_values()
    rules = graph.solver.rules
    zero_memory = (
        graph.zero_memory_moves(graph, values) if rules.post_split is PostSplit.CDZ else None
    )

    def choose(i: int, splittable: bool) -> Move:
        s = graph.states[i]
        if s.kind == "split_two" and forced_stand(rules, s.extra):
            return Move.STAND
        if zero_memory is not None and s.extra >= 0:  # CDZ-: the unsplit twin's best move
            return _ZERO_MEMORY_MOVES[int(zero_memory[i])]
        options: list[tuple[Move, Number]] = [
            (Move.STAND, graph.stand[i]),
            (Move.HIT, graph.hit(i, values)),
        ]
        doubled = graph.double[i]
        if doubled is not None:
            options.append((Move.DOUBLE, doubled))
        surrender = graph.surrender[i]
        if surrender is not None:
            options.append((Move.SURRENDER, surrender))
        if s.kind == "pair" and splittable:
            options.append((Move.SPLIT, graph.split(s.hand.index(2), values)))
        best = options[0]
        for option in options[1:]:
            if option[1] > best[1]:
                best = option
        return best[0]

    return choose


_ZERO_MEMORY_MOVES = {STAND: Move.STAND, HIT: Move.HIT, DOUBLE: Move.DOUBLE}
"""A split hand's move as :meth:`~baccarat_exact.blackjack.graph.Graph.zero_memory_moves`
codes it."""


def chart_chooser(graph: StateGraph, play: UpCardPlay) -> Chooser:
    """A basic strategy chart's moves on ``graph`` (a double or surrender the state does not
    offer is a stand, as the chart's value counts it)."""
    rules = graph.solver.rules

    def choose(i: int, splittable: bool) -> Move:
        s = graph.states[i]
        move = play.move(s.hand, s.extra, rules, splittable=splittable)
        if move is Move.DOUBLE and graph.double[i] is None:
            return Move.STAND
        if move is Move.SURRENDER and graph.surrender[i] is None:
            return Move.STAND
        if move is Move.SPLIT and s.kind != "pair":
            return Move.STAND
        return move

    return choose


def up_card_distribution(graph: StateGraph, choose: Chooser) -> dict[Fraction, Value]:
    """Net result → probability, given the graph's up card, under the moves ``choose`` makes."""
    return _Round(graph, choose).distribution()


@dataclass(frozen=True, slots=True)
class _UpCard:
    """One up card's share of :func:`round_stats` (what a worker process is sent)."""

    shoe: Shoe
    rules: BlackjackRules
    exact: bool
    strategies: tuple[str | BasicStrategy, ...]
    up: int


def _up_card(job: _UpCard) -> tuple[list[dict[Fraction, Value]], UpCardPlay | None]:
    """The net result's law given the up card, under each strategy, and the basic strategy's
    play derived for it (if "basic" is asked)."""
    (solver,) = [s for _, s in solvers(job.shoe, job.rules, exact=job.exact) if s.up == job.up]
    graph = StateGraph(solver)
    laws: list[dict[Fraction, Value]] = []
    derived: UpCardPlay | None = None
    for item in job.strategies:
        if isinstance(item, BasicStrategy):
            choose = chart_chooser(graph, item.plays[solver.up])
        elif item == "basic":
            derived, _ = derive_play(graph)
            choose = chart_chooser(graph, derived)
        else:
            choose = optimal_chooser(graph)
        laws.append(up_card_distribution(graph, choose))
    return laws, derived


def _finish(strategy: str, exact: bool, totals: dict[Fraction, Value]) -> NetDistribution:
    return NetDistribution(
        strategy=strategy,
        exact=exact,
        probabilities=tuple((net, totals[net]) for net in sorted(totals) if totals[net]),
    )


def strategy_names(text: str) -> tuple[str, ...]:
    """The strategies ``--strategy`` names: optimal, basic or both.

    >>> strategy_names("Both"), strategy_names("basic")
    (('optimal', 'basic'), ('basic',))
    """
    key = text.strip().lower()
    if key == "both":
        return STRATEGIES
    if key in STRATEGIES:
        return (key,)
    raise RulesError(f"unknown strategy {text!r}: use optimal, basic or both")


SECONDS_A_PRODUCT = {True: 7.1e-8, False: 6.3e-8}
"""CPU seconds a product of a group and an end takes (exact, float), measured: the sort that
groups them is most of it (docs/performance.md, "The law of a round with resplits")."""

SECONDS_A_GROUP = {True: 2.45e-6, False: 4.9e-7}
"""CPU seconds a group of hands' ends takes against the dealer's law (exact, float)."""


@dataclass(frozen=True, slots=True)
class RoundCost:
    """What :func:`round_stats` is estimated to cost, before any law is computed: the split
    rounds with resplits, counted pair by pair (:func:`split_round_work`); a pair split
    once and everything else take seconds (docs/performance.md) and are not counted."""

    seconds: float
    """CPU seconds on one core."""
    longest: float
    """The most any one up card takes (the least the run can take on many processes)."""
    products: float
    """Products of a group of hands' ends and one more hand's end the laws form."""
    held: float = 0.0
    """The most groups of hands' ends one law holds at once (its memory)."""

    def on(self, workers: int) -> float:
        """Seconds on ``workers`` processes sharing the up cards."""
        return max(self.seconds / max(1, workers), self.longest)


def round_cost(
    shoe: Shoe,
    rules: BlackjackRules,
    *,
    strategies: Sequence[str | BasicStrategy] = STRATEGIES,
    exact: bool = True,
) -> RoundCost:
    """:class:`RoundCost` of :func:`round_stats` with these arguments. Each up card's graph and
    strategies are solved (seconds: what the round does first) to know which pairs are split
    and how one split hand ends; the laws themselves are only counted."""
    if shoe.infinite or rules.split_hands <= 2:
        return RoundCost(seconds=0.0, longest=0.0, products=0.0)
    seconds = longest = products = held = 0.0
    for _, solver in solvers(shoe, rules, exact=exact):
        graph = StateGraph(solver)
        split = [
            (graph.states[i].hand.index(2), i)
            for i in graph.openings
            if graph.states[i].kind == "pair"
        ]
        seen: dict[int, list[Any]] = defaultdict(list)
        up_seconds = 0.0
        for item in strategies:
            if isinstance(item, BasicStrategy):
                choose = chart_chooser(graph, item.plays[solver.up])
            elif item == "basic":
                choose = chart_chooser(graph, derive_play(graph)[0])
            else:
                choose = optimal_chooser(graph)
            walk = _Round(graph, choose)
            for slot, i in split:
                hands = hands_possible(rules, slot)
                if hands <= 2 or choose(i, True) is not Move.SPLIT:
                    continue
                ends = (walk.split_ends(slot, None), walk.split_ends(slot, paired=False))
                if ends in seen[slot]:  # the law is computed once (split_law's cache)
                    continue
                seen[slot].append(ends)
                work = split_round_work(solver.counts, slot, *ends, hands)
                products += work.products
                held = max(held, work.held)
                up_seconds += (
                    work.products * SECONDS_A_PRODUCT[exact] + work.groups * SECONDS_A_GROUP[exact]
                )
        seconds += up_seconds
        longest = max(longest, up_seconds)
    return RoundCost(seconds=seconds, longest=longest, products=products, held=held)


def round_stats(
    shoe: Shoe | None = None,
    rules: BlackjackRules | None = None,
    *,
    strategies: Sequence[str | BasicStrategy] = STRATEGIES,
    exact: bool = True,
    progress: Advance = None,
    jobs: int = 1,
) -> RoundStats:
    """The round's net result under each of ``strategies``: "optimal" (composition-dependent),
    "basic" (the chart derived for these rules and this shoe, as ``blackjack strategy``
    prints it) or a :class:`BasicStrategy` played as given (its rules must be ``rules``).

    ``progress`` is called with 1 after each of the ``SLOTS`` up cards; ``jobs`` worker
    processes share the up cards (the result does not depend on it).
    """
    if jobs < 1:
        raise BaccaratError(f"--jobs must be 1 or more, got {jobs}")
    rules = rules or BlackjackRules()
    shoe = shoe or Shoe.from_decks(rules.decks)
    wanted: list[str | BasicStrategy] = list(strategies)
    if not wanted:
        raise RulesError("name at least one strategy: optimal or basic")
    if "optimal" in wanted and rules.post_split is PostSplit.CDP and rules.split_hands > 2:
        raise RulesError(
            "the round's law with resplits needs one way of playing the dealt split hands: "
            "CDP's play changes with the terms of the split's value, not with cards seen "
            "(use --post-split cdp1 or cdz-)"
        )
    for item in wanted:
        if isinstance(item, BasicStrategy):
            if item.rules != rules:
                raise RulesError("the basic strategy given was made for other rules")
        elif item not in STRATEGIES:
            raise RulesError(f"unknown strategy {item!r}: use optimal or basic")
    totals: list[dict[Fraction, Value]] = [
        defaultdict(Fraction if exact else float) for _ in wanted
    ]
    plays = [UpCardPlay.starting(up) for up in range(SLOTS)]
    found = solvers(shoe, rules, exact=exact)
    if progress is not None:
        progress(SLOTS - len(found))
    work = (_UpCard(shoe, rules, exact, tuple(wanted), solver.up) for _, solver in found)
    workers = min(jobs, len(found))
    for (probability, solver), (laws, play) in zip(found, ordered_map(_up_card, work, workers)):
        if play is not None:
            plays[solver.up] = play
        p_up: Value = probability if exact else float(probability)
        for k, law in enumerate(laws):
            for net, p in law.items():
                totals[k][net] += p_up * p
        if progress is not None:
            progress(1)
    given = next((item for item in wanted if isinstance(item, BasicStrategy)), None)
    derived = BasicStrategy(rules=rules, plays=tuple(plays)) if "basic" in wanted else None
    return RoundStats(
        rules=rules,
        shoe=shoe,
        exact=exact,
        plays=tuple(
            _finish(item if isinstance(item, str) else "given", exact, totals[k])
            for k, item in enumerate(wanted)
        ),
        basic=derived or given,
    )
