"""Count indices for blackjack: the true count at which a decision flips, from exact values.

An index play is a move a counter makes instead of basic strategy once the true count
(running count / decks left) passes a threshold: stand on 16 against a ten at a true
count of 0 or more, insure at +3 or more, and so on. This module finds each threshold
from composition-dependent values that are exact shoe by shoe, averaged over the shoes
a counter meets at each true count:

1. **Depth.** The shoe is dealt down to ``cards_left`` cards (``--decks-left``, half the
   shoe by default); the running count then sums the count's tags over the cards gone.
2. **The shoes at a true count.** For each integer true count ``t`` of the range, the
   running count is ``rc = round(t × decks left)`` (counts that give the same running
   count are computed once; the table shows the true count ``rc / decks left`` used).
   The cards gone are drawn *exactly* from their law given that running count: the
   ranks are grouped by tag; how many cards left each group is drawn with probability
   proportional to the product of the binomial coefficients ``C(N_g, k_g)`` over the
   groups, among the ``k`` with ``Σ k_g = removed`` and ``Σ tag_g · k_g = rc`` (integer
   weights, an exact draw); the cards within each group are then a uniformly random
   subset of its cards (a multivariate hypergeometric draw). Each draw is seeded by the
   seed, the running count and the sample's number, so a run is repeatable and a count's
   figures do not depend on the range asked for.
3. **One shoe's difference.** For the shoe left, every two-card hand of the decision
   (the hard totals: every two-card hand of that total that is neither a pair nor soft,
   pairs having decisions of their own; a pair decision: the pair) is valued exactly
   against the up card with the composition-dependent best play after each card
   (:class:`~baccarat_exact.blackjack.graph.StateGraph`, what ``blackjack hand`` prints),
   and the shoe contributes ``x = P(up card, hand[, no dealer blackjack])`` — the chance
   the decision arises, after the peek where there is a hole card — and
   ``y = Σ P(up, hand) × (EV(index play) − EV(other move))`` on the same footing. The
   hands of a total are thus weighted by their chance in that shoe.
4. **The average at a count** is the ratio estimate ``Σ y / Σ x`` over the samples: the
   expected gain of the index play per time the decision arises at that count, with the
   ratio estimator's standard error. Insurance is the side bet ``3p − 1`` per unit
   (``p`` the chance of a ten under the ace), offered whenever the ace shows.
5. **The index** is where the averaged difference crosses zero, interpolated linearly
   between the two counts around the crossing (with a standard error from the
   differences' SEs and the slope), and the nearest integer, the way published tables
   round it: the index play is made at that true count and above (or, for a play that
   gains as the count falls, at that count and below).

The true count is the count before the round is dealt (the cards of the round are not
in it): the count at which the counter bets, as published index tables use it.
Each shoe's values are exact fractions (``exact``) or floats (``--float``); the average
over shoes is a simulation estimate either way, summed in floats.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from baccarat_exact.analysis.counting import CountSystem, parse_count
from baccarat_exact.analysis.estimates import Estimate, ratio_estimate
from baccarat_exact.blackjack.hands import ACE, SLOT_LABELS, SLOTS, TEN, Counts, shoe_counts
from baccarat_exact.blackjack.rules import BlackjackRules, SplitBy, Surrender
from baccarat_exact.blackjack.solver import round_points
from baccarat_exact.errors import CountError, ShoeError, SimulationError
from baccarat_exact.model.processes import ordered_map
from baccarat_exact.model.shoe import Shoe

if TYPE_CHECKING:
    from baccarat_exact.blackjack.graph import StateGraph
    from baccarat_exact.blackjack.solver import Number

__all__ = [
    "BUILT_IN_COUNTS",
    "DECISIONS",
    "HI_LO",
    "MARGINAL_SPLIT",
    "SURRENDER_DECISIONS",
    "BlackjackIndices",
    "CountPoint",
    "Decision",
    "DecisionIndex",
    "IndexSettings",
    "RemovalLaw",
    "blackjack_indices",
    "controlled_ratio",
    "decisions_for",
    "find_count",
    "marginal_pairs",
    "pair_decision",
    "situation_terms",
    "slot_tags",
]

HI_LO = CountSystem(name="hi-lo", tags=(-1, -1, 1, 1, 1, 1, 1, 0, 0, 0))
"""Hi-Lo: 2–6 count +1, 7–9 count 0, tens and aces −1 (tags by point value, 0 = tens)."""

BUILT_IN_COUNTS: dict[str, CountSystem] = {"hi-lo": HI_LO}
"""Counts known by name (others are given as ``NAME=TAGS``)."""

MIN_SAMPLES = 2
"""Fewest samples per count: a standard error needs two."""
MAX_SAMPLES = 1_000_000


def find_count(text: str) -> CountSystem:
    """A count by name (``hi-lo``) or as ``NAME=TAGS`` (tags as ``eor --count-tags`` reads
    them: ``A:-1,2:1,…``); the count must be balanced (its tags sum to zero over a deck).

    >>> find_count("hi-lo").tags == HI_LO.tags
    True
    >>> find_count("mine=2:1,3:1,4:1,5:1,6:1,T:-1,A:-1").name
    'mine'
    >>> find_count("zen")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CountError: unknown count 'zen': use hi-lo, or NAME=TAGS such as 'mine=2:1,3:1,4:1,5:1,6:1,T:-1,A:-1'
    """
    name, sep, tags = text.partition("=")
    if not sep:
        key = text.strip().lower()
        if key in BUILT_IN_COUNTS:
            return BUILT_IN_COUNTS[key]
        raise CountError(
            f"unknown count {text!r}: use {', '.join(BUILT_IN_COUNTS)}, or NAME=TAGS such as "
            "'mine=2:1,3:1,4:1,5:1,6:1,T:-1,A:-1'"
        )
    if not name.strip():
        raise CountError(f"a count NAME=TAGS needs a name before '=', got {text!r}")
    count = parse_count(tags, name=name.strip())
    deck = sum(count.tags[v] * (16 if v == 0 else 4) for v in range(10))
    if deck:
        raise CountError(
            f"the count {name.strip()!r} is unbalanced (its tags sum to {deck:+d} over a "
            "deck): a true count needs a balanced count"
        )
    if not any(count.tags):
        raise CountError(f"the count {name.strip()!r} tags every card 0: nothing to count")
    return count


def slot_tags(count: CountSystem) -> tuple[int, ...]:
    """The count's tag of each blackjack slot ``A 2 … 9 T``."""
    return tuple(count.tags[0 if slot == TEN else slot + 1] for slot in range(SLOTS))


# -- the decisions ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision a count may flip: a hand (or insurance) against an up card, the index
    play and the move it replaces."""

    key: str
    """Short name, as ``--decisions`` takes it: ``16vT``, ``TTv5``, ``insurance``,
    ``15vT-surrender``."""
    up: int
    """The dealer's up card (slot)."""
    kind: str
    """``insurance``, ``hard`` (a hard two-card total), ``pair`` or ``surrender``."""
    total: int
    """The hard total (``hard``, ``surrender``) or the pair's slot (``pair``); 0 for insurance."""
    play: str
    """The index play: ``insure``, ``stand``, ``double``, ``split`` or ``surrender``."""
    other: str
    """The move it replaces: ``decline``, ``hit``, ``stand``, ``stand or hit`` (the better)
    or ``best other`` (the best of standing, hitting and doubling)."""

    @property
    def label(self) -> str:
        """How a table names it: ``16 v T``, ``T,T v 5``, ``insurance``."""
        if self.kind == "insurance":
            return "insurance"
        up = SLOT_LABELS[self.up]
        if self.kind == "pair":
            card = SLOT_LABELS[self.total]
            return f"{card},{card} v {up}"
        return f"{self.total} v {up}"

    def hands(self) -> tuple[Counts, ...]:
        """The two-card hands that make this decision (none for insurance)."""
        if self.kind == "insurance":
            return ()
        if self.kind == "pair":
            return (tuple(2 if s == self.total else 0 for s in range(SLOTS)),)
        found = []
        for a in range(1, SLOTS):  # no ace: A+x is soft
            b = self.total - (a + 1) - 1  # slot of the other card
            if a < b < SLOTS:
                found.append(tuple(int(s == a) + int(s == b) for s in range(SLOTS)))
        return tuple(found)


def _hard(total: int, up: int, play: str, other: str = "hit") -> Decision:
    return Decision(f"{total}v{SLOT_LABELS[up]}", up, "hard", total, play, other)


def _split(pair: int, up: int) -> Decision:
    card = SLOT_LABELS[pair]
    return Decision(f"{card}{card}v{SLOT_LABELS[up]}", up, "pair", pair, "split", "stand")


def _surrender(total: int, up: int) -> Decision:
    return Decision(
        f"{total}v{SLOT_LABELS[up]}-surrender", up, "surrender", total, "surrender", "stand or hit"
    )


DECISIONS: tuple[Decision, ...] = (
    Decision("insurance", ACE, "insurance", 0, "insure", "decline"),
    _hard(16, TEN, "stand"),
    _hard(15, TEN, "stand"),
    _split(TEN, 4),
    _split(TEN, 5),
    _hard(10, TEN, "double"),
    _hard(12, 2, "stand"),
    _hard(12, 1, "stand"),
    _hard(11, ACE, "double"),
    _hard(9, 1, "double"),
    _hard(10, ACE, "double"),
    _hard(9, 6, "double"),
    _hard(16, 8, "stand"),
    _hard(13, 1, "stand"),
    _hard(12, 3, "stand"),
    _hard(12, 4, "stand"),
    _hard(12, 5, "stand"),
    _hard(13, 2, "stand"),
)
"""Schlesinger's "Illustrious 18", in his order, each as the play made when the count is high."""

SURRENDER_DECISIONS: tuple[Decision, ...] = (
    _surrender(14, TEN),
    _surrender(15, TEN),
    _surrender(15, 8),
    _surrender(15, ACE),
)
"""The surrender set (where the rules offer surrender): surrender against the better of
standing and hitting."""


MARGINAL_SPLIT = Fraction(1, 20)
"""A pair split is listed as marginal when, in the full shoe, splitting and the better of
standing, hitting and doubling differ by less than this (5 % of a unit)."""

_PAIR_KEY = re.compile(r"^([A2-9T])\1v([A2-9T])$", re.IGNORECASE)


def pair_decision(pair: int, up: int) -> Decision:
    """Split ``pair`` against ``up``, against the better of standing, hitting and doubling
    (T,T v 5 and T,T v 6 against standing, as the Illustrious 18 state them)."""
    if pair == TEN and up in (4, 5):
        return _split(TEN, up)
    card = SLOT_LABELS[pair]
    return Decision(f"{card}{card}v{SLOT_LABELS[up]}", up, "pair", pair, "split", "best other")


def marginal_pairs(
    rules: BlackjackRules,
    counts: Counts,
    *,
    exact: bool = True,
    same_rank_tens: Fraction = Fraction(1),
) -> tuple[Decision, ...]:
    """The pair splits within :data:`MARGINAL_SPLIT` of the best other move in the full
    shoe ``counts`` (T,T v 5 and v 6 aside: the Illustrious 18 list them), by pair then up
    card; ``same_rank_tens`` as :func:`situation_terms` takes it."""
    found = []
    for pair in range(SLOTS):
        for up in range(SLOTS):
            decision = pair_decision(pair, up)
            if decision in DECISIONS:
                continue
            x, y = situation_terms(
                counts, rules, (decision,), exact=exact, same_rank_tens=same_rank_tens
            )[0]
            if x and abs(Fraction(y) / Fraction(x)) < MARGINAL_SPLIT:
                found.append(decision)
    return tuple(found)


def decisions_for(
    rules: BlackjackRules,
    keys: Sequence[str] = (),
    counts: Counts | None = None,
    *,
    exact: bool = True,
    same_rank_tens: Fraction = Fraction(1),
) -> tuple[Decision, ...]:
    """The decisions the rules offer — the Illustrious 18 (a double only where the double
    rule allows it), the surrender set where surrender is offered, and the marginal pair
    splits of the full shoe ``counts`` (when given; ``same_rank_tens`` as
    :func:`situation_terms` takes it) — or those named by ``keys`` (``16vT``,
    ``insurance``, ``15vT-surrender``, any pair as ``99v7``).

    >>> [d.key for d in decisions_for(BlackjackRules(), ["16vT", "insurance", "99v7"])]
    ['insurance', '16vT', '99v7']
    """
    offered = [d for d in DECISIONS if d.play != "double" or rules.may_double(d.total, False)]
    if rules.surrender is not Surrender.NONE:
        offered.extend(SURRENDER_DECISIONS)
    if not keys:
        if counts is not None:
            offered.extend(
                marginal_pairs(rules, counts, exact=exact, same_rank_tens=same_rank_tens)
            )
        return tuple(offered)
    known = {d.key.lower(): d for d in (*DECISIONS, *SURRENDER_DECISIONS)}
    wanted: list[Decision] = []
    for key in keys:
        text = key.strip()
        found = known.get(text.lower())
        pair = _PAIR_KEY.match(text)
        if found is None and pair:
            slots = {label: slot for slot, label in enumerate(SLOT_LABELS)}
            found = pair_decision(slots[pair.group(1).upper()], slots[pair.group(2).upper()])
            offered.append(found)
        if found is None:
            names = ", ".join(d.key for d in (*DECISIONS, *SURRENDER_DECISIONS))
            raise SimulationError(
                f"unknown decision {text!r}: choose among {names}, or a pair such as 99v7"
            )
        if found not in offered:
            why = "no surrender" if found.play == "surrender" else f"no double on {found.total}"
            raise SimulationError(f"the rules do not offer {found.key} ({why})")
        if found not in wanted:
            wanted.append(found)
    return tuple(d for d in dict.fromkeys(offered) if d in wanted)


# -- the cards gone, drawn given the running count --------------------------------------


class RemovalLaw:
    """The law of the cards gone (``removed`` of them, a uniformly random subset of the
    shoe) given that their tags sum to ``running``: group sizes by exact integer weights,
    then a uniform subset within each group.

    >>> law = RemovalLaw((4,) * 9 + (16,), (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1), 10, 4)
    >>> law.possible, sum(law.draw(np.random.default_rng(1)))
    (True, 10)
    """

    def __init__(self, counts: Counts, tags: Sequence[int], removed: int, running: int) -> None:
        values = sorted({tags[s] for s in range(SLOTS) if counts[s]})
        self.groups = [(v, [s for s in range(SLOTS) if counts[s] and tags[s] == v]) for v in values]
        self.sizes = [sum(counts[s] for s in slots) for _, slots in self.groups]
        self.counts = counts
        self.removed = removed
        self.running = running
        # tables[g][(j, s)]: ways to take j cards of tag sum s from the first g groups, for
        # every group but the last (a draw reads them); the whole shoe's ways, wanted at a
        # few hundred points only, are summed over the last group when asked (:meth:`ways`)
        tables: list[dict[tuple[int, int], int]] = [{(0, 0): 1}]
        for (v, _), n in zip(self.groups[:-1], self.sizes[:-1]):
            tables.append(_with_group(tables[-1], v, n, removed))
        self.tables = tables
        last_tag, last_size = (self.groups[-1][0], self.sizes[-1]) if self.groups else (0, 0)
        self._last = last_tag, [math.comb(last_size, k) for k in range(min(last_size, removed) + 1)]
        self.total = self.ways(removed, running)

    def ways(self, j: int, s: int) -> int:
        """The ways to take ``j`` cards of tag sum ``s`` from the whole shoe (``j`` at most
        ``removed``): k of the last group's cards with the rest from the others."""
        tag, binomials = self._last
        below = self.tables[-1]
        return sum(b * below.get((j - k, s - tag * k), 0) for k, b in enumerate(binomials[: j + 1]))

    def mean_gone(self) -> tuple[Fraction, ...]:
        """The exact expected cards gone of each slot under the law (what the control
        variates are centred on). A given card of tag ``v`` is gone in W′(removed − 1,
        running − v) of the law's ``total`` ways, W′ the ways without that card: the whole
        shoe's generating function divided by the card's factor 1 + x·yᵛ, which is the
        alternating sum W′(j, s) = Σᵢ (−1)ⁱ W(j − i, s − i·v) of the whole shoe's ways
        (:meth:`ways`)."""
        if not self.possible:
            raise ShoeError(f"no {self.removed} cards of the shoe count {self.running:+d}")
        mean = [Fraction(0)] * SLOTS
        for v, slots in self.groups:
            without = 0
            for i in range(self.removed):  # W′(removed − 1, running − v), term by term
                term = self.ways(self.removed - 1 - i, self.running - (i + 1) * v)
                without += -term if i % 2 else term
            for slot in slots:
                mean[slot] = Fraction(without * self.counts[slot], self.total)
        return tuple(mean)

    @property
    def possible(self) -> bool:
        """Whether any ``removed`` cards of the shoe have tags summing to ``running``."""
        return self.total > 0

    def draw(self, rng: np.random.Generator) -> Counts:
        """The cards gone (a count per slot), drawn exactly from the law."""
        if not self.possible:
            raise ShoeError(f"no {self.removed} cards of the shoe count {self.running:+d}")
        gone = [0] * SLOTS
        j, s = self.removed, self.running
        for g in range(len(self.groups) - 1, -1, -1):
            v, slots = self.groups[g]
            n = self.sizes[g]
            below = self.tables[g]
            weights = [
                math.comb(n, k) * below.get((j - k, s - v * k), 0) for k in range(min(n, j) + 1)
            ]
            k = _pick(rng, weights)
            pool = np.repeat(np.array(slots, dtype=np.int64), [self.counts[x] for x in slots])
            for slot in rng.choice(pool, size=k, replace=False).tolist():
                gone[slot] += 1
            j, s = j - k, s - v * k
        return tuple(gone)


def _with_group(
    table: dict[tuple[int, int], int], tag: int, size: int, removed: int
) -> dict[tuple[int, int], int]:
    """``table`` (the ways to take j cards of tag sum s, by (j, s)) with one more group of
    ``size`` cards of tag ``tag``: k of them are taken in C(size, k) ways, j + k at most
    ``removed`` (the binomials computed once, not once a table entry)."""
    ways_of = [math.comb(size, k) for k in range(min(size, removed) + 1)]
    grown: dict[tuple[int, int], int] = {}
    for (j, s), ways in table.items():
        for k in range(min(size, removed - j) + 1):
            key = (j + k, s + tag * k)
            grown[key] = grown.get(key, 0) + ways * ways_of[k]
    return grown


def _below(rng: np.random.Generator, n: int) -> int:
    """A uniform integer in ``[0, n)``, exactly, for any size of ``n`` (rejection sampling
    on whole 64-bit words)."""
    bits = n.bit_length()
    words = -(-bits // 64)
    while True:
        value = 0
        for word in rng.integers(0, 2**64, size=words, dtype=np.uint64, endpoint=False).tolist():
            value = (value << 64) | int(word)
        value >>= words * 64 - bits
        if value < n:
            return value


def _pick(rng: np.random.Generator, weights: Sequence[int]) -> int:
    """An index drawn with probability proportional to the integer ``weights``."""
    u = _below(rng, sum(weights))
    for k, w in enumerate(weights):
        if u < w:
            return k
        u -= w
    raise AssertionError("unreachable: u < Σ weights")


# -- one shoe -----------------------------------------------------------------------------

Value = Fraction | float


def situation_terms(
    counts: Counts,
    rules: BlackjackRules,
    decisions: Sequence[Decision],
    *,
    exact: bool = True,
    same_rank_tens: Fraction = Fraction(1),
) -> list[tuple[Value, Value]]:
    """For the shoe ``counts`` (before the round), each decision's ``(x, y)``: the chance it
    arises and the chance-weighted difference EV(index play) − EV(other move), over its
    two-card hands (module docstring, step 3). Exact fractions, or floats with ``exact``
    false.

    A pair of tens split by rank is a decision only when both tens are of one rank, which
    ``counts`` (cards per value) does not tell: ``same_rank_tens`` is the chance of it,
    the full shoe's (:attr:`IndexSettings.same_rank_tens`), by which the T,T hands are
    weighted; 1 where pairs are by value.
    """
    from baccarat_exact.blackjack.graph import StateGraph
    from baccarat_exact.blackjack.shape import graph_shape, shape_of
    from baccarat_exact.blackjack.solver import UpCardSolver

    n = sum(counts)
    terms: list[tuple[Value, Value]] = []
    solvers: dict[int, UpCardSolver] = {}
    zero: Value = Fraction(0) if exact else 0.0
    for decision in decisions:
        up = decision.up
        if not counts[up]:
            terms.append((zero, zero))
            continue
        after = tuple(c - (s == up) for s, c in enumerate(counts))
        p_up = Fraction(counts[up], n)
        if decision.kind == "insurance":
            p_ten = Fraction(after[TEN], n - 1)
            terms.append(_cast((p_up, p_up * (3 * p_ten - 1)), exact))
            continue
        solver = solvers.get(up)
        if solver is None:
            solver = solvers[up] = UpCardSolver(after, up, rules, exact=exact)
        x: Value = zero
        y: Value = zero
        for hand in decision.hands():
            if any(after[s] < hand[s] for s in range(SLOTS)):
                continue
            shape = shape_of(
                after, infinite=False, one_card_aces=not rules.hit_split_aces, hand=hand
            )
            graph = StateGraph(solver, graph_shape(shape))
            play, other = _move_values(graph, graph.index[(hand, -1)], decision)
            no_bj = solver.no_blackjack(hand, 2)  # numerator over D_2 (a chance in float mode)
            if exact:
                diff: Value = solver.value_of(play - other, 2)
                no_blackjack: Value = Fraction(int(no_bj), int(solver.unit(2)))
            else:
                diff, no_blackjack = float(play - other), float(no_bj)
            weight = p_up * _deal_chance(after, hand)
            if decision.kind == "pair" and decision.total == TEN:
                weight *= same_rank_tens
            x += weight * no_blackjack if rules.hole_card else weight
            y += weight * diff
        terms.append((x, y) if exact else (float(x), float(y)))
    return terms


def _cast(pair: tuple[Fraction, Fraction], exact: bool) -> tuple[Value, Value]:
    return pair if exact else (float(pair[0]), float(pair[1]))


def _deal_chance(after: Counts, hand: Counts) -> Fraction:
    """Chance that the two cards after the up card make ``hand`` (either order)."""
    n = sum(after)
    slots = [s for s in range(SLOTS) for _ in range(hand[s])]
    a, b = slots
    ways = after[a] * (after[a] - 1) if a == b else 2 * after[a] * after[b]
    return Fraction(ways, n * (n - 1))


def _move_values(graph: StateGraph, i: int, decision: Decision) -> tuple[Number, Number]:
    """Numerators of the index play and of the move it replaces, for state ``i`` (the play
    after each card the composition-dependent best)."""
    values = graph.optimal_array()
    stand: Number = graph.stand_values[i]
    hit = graph.hit(i, values)
    if decision.play == "stand":
        return stand, hit
    if decision.play == "double":
        return graph.double_values[i], hit
    if decision.play == "split":
        split = graph.split(decision.total, values)
        if decision.other == "stand":
            return split, stand
        best = max(stand, hit)
        if graph.double_mask[i]:
            best = max(best, graph.double_values[i])
        return split, best
    return graph.surrender_values[i], max(stand, hit)


# -- the run ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class IndexSettings:
    """What ``blackjack indices`` computes: the rules and shoe, the count, the depth, the
    true counts, the samples per count and the seed."""

    rules: BlackjackRules
    shoe: Shoe
    """The full shoe, before any card is gone."""
    count: CountSystem
    cards_left: int
    """Cards left in the shoe at the depth of the decision."""
    true_counts: tuple[int, ...]
    """The integer true counts asked for, ascending."""
    samples: int
    seed: int
    exact: bool
    decisions: tuple[Decision, ...]

    def __post_init__(self) -> None:
        if self.shoe.infinite:
            raise ShoeError("a count needs a finite shoe: an infinite shoe never changes")
        n = sum(self.counts)
        if not 0 < self.cards_left <= n:
            raise ShoeError(
                f"--decks-left must leave between 1 and {n} cards (the shoe), got "
                f"{self.cards_left} cards"
            )
        if not MIN_SAMPLES <= self.samples <= MAX_SAMPLES:
            raise SimulationError(
                f"--samples must be between {MIN_SAMPLES} and {MAX_SAMPLES:,}, got {self.samples}"
            )
        if not self.decisions:
            raise SimulationError("no decision to compute")
        if len(self.true_counts) < 2:
            raise SimulationError("--true-counts needs at least two counts to find a crossing")

        need = round_points(self.rules.split_hands) + 10
        if _fewest_points(self.counts, self.cards_left) < need:
            raise ShoeError(
                f"--decks-left leaves {self.cards_left} cards: some of them may hold fewer "
                f"than {need} points (aces 1), and a round with its up card can take that many"
            )

    @property
    def counts(self) -> Counts:
        """The full shoe's slot counts."""
        return shoe_counts(self.shoe)

    @property
    def same_rank_tens(self) -> Fraction:
        """:func:`split_tens_chance` of these rules and shoe."""
        return split_tens_chance(self.rules, self.shoe)

    @property
    def decks_left(self) -> Fraction:
        return Fraction(self.cards_left, 52)

    @property
    def removed(self) -> int:
        return sum(self.counts) - self.cards_left

    def running_counts(self) -> tuple[tuple[int, int], ...]:
        """(true count asked, running count) for each distinct running count, ascending."""
        seen: dict[int, int] = {}
        for t in self.true_counts:
            rc = math.floor(t * self.decks_left + Fraction(1, 2))
            seen.setdefault(rc, t)
        return tuple(sorted(((t, rc) for rc, t in seen.items()), key=lambda p: p[1]))


def split_tens_chance(rules: BlackjackRules, shoe: Shoe) -> Fraction:
    """The chance that two ten-valued cards the player holds are of one rank, where the
    rules split tens only by rank (else 1).

    The shoes at a count are drawn by value, so the ranks of the tens left are not known;
    but the tens gone are a uniform subset of the shoe's tens (and so is an up card that
    is a ten), so two tens dealt to the player are a uniform pair of the full shoe's tens:
    the chance is the full shoe's, for every shoe drawn.

    >>> split_tens_chance(BlackjackRules(split_by=SplitBy.RANK), Shoe.from_decks(6))
    Fraction(23, 95)
    """
    if rules.split_by is not SplitBy.RANK:
        return Fraction(1)
    from baccarat_exact.blackjack.edge import same_rank_tens

    return same_rank_tens(shoe, ACE)


def _fewest_points(counts: Counts, cards: int) -> int:
    """The fewest hard points (aces 1) any ``cards`` cards of the shoe hold."""
    total, need = 0, cards
    for slot in range(SLOTS):
        take = min(need, counts[slot])
        total += take * (slot + 1)
        need -= take
    return total


@dataclass(frozen=True, slots=True, kw_only=True)
class CountPoint:
    """The averaged differences at one running count."""

    asked: int
    """The integer true count asked for."""
    running_count: int
    true_count: Fraction
    """``running_count / decks left``: the true count the shoes have."""
    possible: bool
    """Whether the depth can have this running count at all."""
    differences: tuple[Estimate | None, ...]
    """Per decision: the average EV gain of the index play per time it arises (None when
    it cannot arise in any sample)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionIndex:
    """Where one decision flips."""

    decision: Decision
    direction: str
    """``>=``: the index play gains at high counts; ``<=``: at low ones; ``""``: unknown."""
    crossing: float | None
    """The interpolated true count where the averaged difference crosses zero."""
    crossing_se: float | None
    index: int | None
    """The nearest integer: the play is made at that true count and above (``>=``)."""
    status: str
    """``ok``, ``always`` (the play gains at every count of the range), ``never`` (at none),
    ``noisy`` (more than one crossing), ``none`` (the decision never arose)."""
    below: CountPoint | None
    above: CountPoint | None
    """The counts around the crossing (the bracket)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackIndices:
    settings: IndexSettings
    points: tuple[CountPoint, ...]
    indices: tuple[DecisionIndex, ...]


@dataclass(frozen=True, slots=True)
class _Job:
    settings: IndexSettings
    asked: int
    running: int


def _sample_key(running_count: int) -> int:
    """A non-negative spawn key for a running count (0, -1, 1, -2, … → 0, 1, 2, 3, …)."""
    return 2 * running_count if running_count >= 0 else -2 * running_count - 1


@dataclass(frozen=True, slots=True)
class _CountSamples:
    """One running count's samples: each shoe's ``(x, y)`` per decision and its cards left."""

    possible: bool
    mean_left: tuple[float, ...]
    """The exact expected cards left of each slot (the control variates' means)."""
    terms: list[list[tuple[float, float]]]
    left: list[Counts]


def _run_count(job: _Job) -> _CountSamples:
    """Every sample's ``(x, y)`` per decision at one running count (as floats)."""
    s = job.settings
    full = s.counts
    law = RemovalLaw(full, slot_tags(s.count), s.removed, job.running)
    if not law.possible:
        return _CountSamples(False, (), [], [])
    mean_left = tuple(float(c - g) for c, g in zip(full, law.mean_gone()))
    terms, lefts = [], []
    same_rank_tens = s.same_rank_tens
    known: dict[Counts, list[tuple[float, float]]] = {}  # a small shoe repeats compositions
    for sample in range(s.samples):
        seq = np.random.SeedSequence(s.seed, spawn_key=(_sample_key(job.running), sample))
        gone = law.draw(np.random.default_rng(seq))
        left = tuple(c - g for c, g in zip(full, gone))
        found = known.get(left)
        if found is None:
            exact = situation_terms(
                left, s.rules, s.decisions, exact=s.exact, same_rank_tens=same_rank_tens
            )
            found = known[left] = [(float(x), float(y)) for x, y in exact]
        terms.append(found)
        lefts.append(left)
    return _CountSamples(True, mean_left, terms, lefts)


def controlled_ratio(
    ys: Sequence[float], xs: Sequence[float], controls: Any, means: Sequence[float]
) -> Estimate | None:
    """``E[y] / E[x]`` from samples, each mean adjusted by its regression on ``controls``
    (a samples × k array) whose exact ``means`` are known; the standard error from the
    residuals of ``y − R x``. Falls back to the plain ratio estimate when a row of controls
    repeats (a small shoe's few compositions, which a fit could pass through exactly while
    missing those not drawn) or the samples are too few for the controls; None when Σ x
    is 0.

    >>> c = [[0.0], [1.0], [2.0], [3.0]]
    >>> e = controlled_ratio([0.0, 1.0, 2.0, 3.0], [1.0] * 4, c, [1.0])
    >>> round(e.value, 12), round(e.se, 12)
    (1.0, 0.0)
    """
    x = np.asarray(xs, dtype=np.float64)
    y = np.asarray(ys, dtype=np.float64)
    if not x.any():
        return None
    d = np.asarray(controls, dtype=np.float64) - np.asarray(means, dtype=np.float64)
    d = d[:, d.std(axis=0) > 0]  # controls that vary in the samples
    n = len(x)
    offset = d.mean(axis=0)  # how far the samples' controls are from their means
    centred = d - offset
    rank = int(np.linalg.matrix_rank(centred)) if d.shape[1] else 0
    distinct = len({tuple(row) for row in d.tolist()})
    if rank == 0 or distinct < n or n < rank + 3:
        # a shoe whose compositions repeat has so few that a fit can pass through every
        # one drawn and miss the others: there (and with too few samples) no controls
        return ratio_estimate(ys, xs)

    def adjusted(z: Any) -> tuple[float, Any]:
        beta = np.linalg.lstsq(centred, z - z.mean(), rcond=None)[0]
        return float(z.mean() - offset @ beta), beta

    mean_x, _ = adjusted(x)
    mean_y, _ = adjusted(y)
    if mean_x == 0:
        return None
    ratio = mean_y / mean_x
    e = y - ratio * x
    beta = np.linalg.lstsq(centred, e - e.mean(), rcond=None)[0]
    residual = e - e.mean() - centred @ beta
    variance = float(residual @ residual) / (n - rank - 1)
    return Estimate(ratio, math.sqrt(variance / n) / abs(mean_x))


def blackjack_indices(
    settings: IndexSettings, *, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> BlackjackIndices:
    """Average the index plays' exact differences at each true count and find where each
    flips (module docstring). ``jobs`` processes share the counts; the result is the same
    whatever their number. ``progress`` is told the samples done, a count at a time."""
    if jobs < 1:
        raise SimulationError(f"--jobs must be 1 or more, got {jobs}")
    pairs = settings.running_counts()
    work = [_Job(settings, asked, rc) for asked, rc in pairs]
    points = []
    for job, found in zip(work, ordered_map(_run_count, work, min(jobs, len(work)))):
        diffs: list[Estimate | None] = []
        for d in range(len(settings.decisions)):
            xs = [sample[d][0] for sample in found.terms]
            ys = [sample[d][1] for sample in found.terms]
            diffs.append(
                controlled_ratio(ys, xs, found.left, found.mean_left) if found.possible else None
            )
        points.append(
            CountPoint(
                asked=job.asked,
                running_count=job.running,
                true_count=job.running / settings.decks_left,
                possible=found.possible,
                differences=tuple(diffs),
            )
        )
        if progress is not None:
            progress(settings.samples)
    indices = tuple(
        _find_index(decision, [(p, p.differences[d]) for p in points if p.possible])
        for d, decision in enumerate(settings.decisions)
    )
    return BlackjackIndices(settings=settings, points=tuple(points), indices=indices)


def _find_index(
    decision: Decision, found: Iterable[tuple[CountPoint, Estimate | None]]
) -> DecisionIndex:
    """Where the averaged difference crosses zero (module docstring, step 5)."""
    points = [(p, e) for p, e in found if e is not None]
    none = DecisionIndex(
        decision=decision,
        direction="",
        crossing=None,
        crossing_se=None,
        index=None,
        status="none",
        below=None,
        above=None,
    )
    if len(points) < 2:
        return none
    rising = points[-1][1].value >= points[0][1].value
    direction = ">=" if rising else "<="
    signs = [e.value > 0 for _, e in points]
    changes = [k for k in range(len(points) - 1) if signs[k] != signs[k + 1]]
    if not changes:
        gains = signs[0]
        return DecisionIndex(
            decision=decision,
            direction=direction,
            crossing=None,
            crossing_se=None,
            index=None,
            status="always" if gains else "never",
            below=None,
            above=None,
        )
    # the crossing in the direction of the trend: the last sign change towards gains
    k = changes[-1] if rising else changes[0]
    (p0, e0), (p1, e1) = points[k], points[k + 1]
    t0, t1 = float(p0.true_count), float(p1.true_count)
    slope = (e1.value - e0.value) / (t1 - t0)
    crossing = t0 - e0.value / slope if slope else (t0 + t1) / 2
    se = None
    if e0.se is not None and e1.se is not None and slope:
        w = (crossing - t0) / (t1 - t0)
        se = math.hypot((1 - w) * e0.se, w * e1.se) / abs(slope)
    return DecisionIndex(
        decision=decision,
        direction=direction,
        crossing=crossing,
        crossing_se=se,
        index=math.floor(crossing + 0.5),
        status="ok" if len(changes) == 1 else "noisy",
        below=p0,
        above=p1,
    )
