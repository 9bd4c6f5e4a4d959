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

The pieces: the count (:mod:`.counts`), the decisions (:mod:`.decisions`), the law of the
cards gone (:mod:`.removal`, step 2), one shoe's values (:mod:`.valuation`, step 3); this
module chooses the decisions, runs the counts in parallel and finds the indices.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from baccarat_exact.analysis.blackjack.counts import SEVEN, kind_counts, kind_tags, red_sevens
from baccarat_exact.analysis.blackjack.decisions import (
    DECISIONS,
    SURRENDER_DECISIONS,
    Decision,
    named_decision,
    pair_decision,
)
from baccarat_exact.analysis.blackjack.removal import RemovalLaw
from baccarat_exact.analysis.blackjack.valuation import situation_terms, split_tens_chance
from baccarat_exact.analysis.counting import CountSystem
from baccarat_exact.analysis.estimates import Estimate, ratio_estimate
from baccarat_exact.analysis.runner import Runner
from baccarat_exact.blackjack.hands import SLOTS, Counts, shoe_counts
from baccarat_exact.blackjack.rules import BlackjackRules, Surrender
from baccarat_exact.blackjack.shoes import ShoeValuer
from baccarat_exact.blackjack.solver import round_points
from baccarat_exact.errors import ShoeError, SimulationError
from baccarat_exact.model.exact import shown_number
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "JACKKNIFE_GROUPS",
    "MARGINAL_SPLIT",
    "BlackjackIndices",
    "CountPoint",
    "DecisionIndex",
    "IndexSettings",
    "blackjack_indices",
    "controlled_ratio",
    "decisions_for",
    "marginal_pairs",
]

MIN_SAMPLES = 2
"""Fewest samples per count: a standard error needs two."""
MAX_SAMPLES = 1_000_000

MARGINAL_SPLIT = Fraction(1, 20)
"""A pair split is listed as marginal when, in the full shoe, splitting and the better of
standing, hitting and doubling differ by less than this (5 % of a unit)."""


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
    wanted: list[Decision] = []
    for key in keys:
        found = named_decision(key)
        if found is None:
            names = ", ".join(d.key for d in (*DECISIONS, *SURRENDER_DECISIONS))
            raise SimulationError(
                f"unknown decision {key.strip()!r}: choose among {names}, or a pair such as 99v7"
            )
        if found.kind == "pair" and found not in offered:
            offered.append(found)  # any pair split may be asked for
        if found not in offered:
            why = "no surrender" if found.play == "surrender" else f"no double on {found.total}"
            raise SimulationError(f"the rules do not offer {found.key} ({why})")
        if found not in wanted:
            wanted.append(found)
    return tuple(d for d in dict.fromkeys(offered) if d in wanted)


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
        if self.count.irc is not None and n % 52:
            raise ShoeError(
                f"the count {self.count.name!r} starts at a running count per deck: give a "
                f"shoe of whole decks, not {n} cards"
            )
        red_sevens(self.count, self.shoe)  # a count that needs the sevens' colours has them
        if not 0 < self.cards_left <= n:
            raise ShoeError(
                f"--decks-left must leave between 1 and {n} cards (the shoe), got "
                f"{shown_number(self.cards_left)} cards"
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
        """(true count asked, the tags' sum over the cards gone) for each distinct sum,
        ascending. A balanced count's true count ``t`` is ``round(t × unit × decks left)``;
        an unbalanced count's counts are running counts, the sum ``t × unit − IRC``."""
        seen: dict[int, int] = {}
        unit = self.count.unit
        for t in self.true_counts:
            if self.count.irc is None:
                rc = math.floor(t * unit * self.decks_left + Fraction(1, 2))
            else:
                rc = t * unit - self.start
            seen.setdefault(rc, t)
        return tuple(sorted(((t, rc) for rc, t in seen.items()), key=lambda p: p[1]))

    @property
    def start(self) -> int:
        """The running count the full shoe starts at (an unbalanced count's IRC, in units)."""
        return self.count.initial_count(sum(self.counts) // 52)

    def count_read(self, running: int) -> Fraction:
        """The count a player reads when the cards gone sum to ``running``: the true count
        ``running / (unit × decks left)``, or an unbalanced count's running count
        ``(IRC + running) / unit``."""
        if self.count.irc is None:
            return running / (self.count.unit * self.decks_left)
        return Fraction(self.start + running, self.count.unit)

    def kinds(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The full shoe's cards by kind and the count's tag of each kind
        (:func:`~baccarat_exact.analysis.blackjack.counts.kind_counts`: red sevens apart
        where the count tags them apart)."""
        reds = red_sevens(self.count, self.shoe)
        return kind_counts(self.count, self.counts, reds), kind_tags(self.count)


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
    kinds, tags = s.kinds()
    law = RemovalLaw(kinds, tags, s.removed, job.running)
    if not law.possible:
        return _CountSamples(False, (), [], [])
    mean_left = tuple(float(c - g) for c, g in zip(full, _slots(law.mean_gone())))
    terms, lefts = [], []
    same_rank_tens = s.same_rank_tens
    known: dict[Counts, list[tuple[float, float]]] = {}  # a small shoe repeats compositions
    valuer = ShoeValuer(s.rules, exact=s.exact)  # shoe after shoe, its shapes kept
    for sample in range(s.samples):
        seq = np.random.SeedSequence(s.seed, spawn_key=(_sample_key(job.running), sample))
        gone = _slots(law.draw(np.random.default_rng(seq)))
        left = tuple(c - g for c, g in zip(full, gone))
        found = known.get(left)
        if found is None:
            exact = situation_terms(
                left,
                s.rules,
                s.decisions,
                exact=s.exact,
                same_rank_tens=same_rank_tens,
                shapes=valuer.shape,
            )
            found = known[left] = [(float(x), float(y)) for x, y in exact]
        terms.append(found)
        lefts.append(left)
    return _CountSamples(True, mean_left, terms, lefts)


JACKKNIFE_GROUPS = 30
"""Most groups the jackknife deletes in turn: every sample alone up to this many samples,
beyond it this many contiguous blocks (the delete-a-group jackknife)."""


def _slots(by_kind: Sequence[Any]) -> tuple[Any, ...]:
    """Cards by kind (:meth:`IndexSettings.kinds`) as cards by slot: red sevens are
    sevens."""
    if len(by_kind) == SLOTS:
        return tuple(by_kind)
    folded = list(by_kind[:SLOTS])
    folded[SEVEN] += by_kind[SLOTS]
    return tuple(folded)


def controlled_ratio(
    ys: Sequence[float], xs: Sequence[float], controls: Any, means: Sequence[float]
) -> Estimate | None:
    """``E[y] / E[x]`` from samples, each mean adjusted by its regression on ``controls``
    (a samples × k array) whose exact ``means`` are known, with a jackknife standard error
    (:func:`_jackknife_se`: the fit's coefficients are refitted without each sample, so
    their own error is in it). Falls back to the plain ratio estimate when a row of
    controls repeats (a small shoe's few compositions, which a fit could pass through
    exactly while missing those not drawn) or the samples are too few for the controls;
    None when Σ x is 0.

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
    rank = int(np.linalg.matrix_rank(d - d.mean(axis=0))) if d.shape[1] else 0
    distinct = len({tuple(row) for row in d.tolist()})
    if rank == 0 or distinct < n or n < rank + 3:
        # a shoe whose compositions repeat has so few that a fit can pass through every
        # one drawn and miss the others: there (and with too few samples) no controls
        return ratio_estimate(ys, xs)
    found = _adjusted_ratio(x, y, d)
    if found is None:
        return None
    return Estimate(found, _jackknife_se(x, y, d))


def _adjusted_ratio(x: Any, y: Any, d: Any) -> float | None:
    """The ratio of the regression-adjusted means of ``y`` and ``x`` on the controls'
    deviations ``d`` from their exact means (None where the adjusted mean of x is 0)."""
    offset = d.mean(axis=0)  # how far the samples' controls are from their means
    centred = d - offset

    def adjusted(z: Any) -> float:
        beta = np.linalg.lstsq(centred, z - z.mean(), rcond=None)[0]
        return float(z.mean() - offset @ beta)

    mean_x = adjusted(x)
    if mean_x == 0:
        return None
    return adjusted(y) / mean_x


def _jackknife_se(x: Any, y: Any, d: Any) -> float | None:
    """The jackknife standard error of :func:`_adjusted_ratio`: the estimate is recomputed
    with each sample left out — with more than :data:`JACKKNIFE_GROUPS` samples, each of
    that many contiguous blocks — the control coefficients refitted every time, and
    ``v = (g − 1)/g · Σ (θ₋ⱼ − θ̄)²`` over the g deletions (Efron & Tibshirani, *An
    Introduction to the Bootstrap*, 1993, ch. 11; the grouped form: Shao & Tu, *The
    Jackknife and Bootstrap*, 1995, § 2.1). Unlike the residual formula it carries the
    error of the fitted coefficients and of the ratio, which dominate with few samples
    per control (8 controls, 12 samples), and it errs on the large side (Efron & Stein,
    *Ann. Statist.* 9, 1981). None where a deletion leaves an adjusted x of 0."""
    n = len(x)
    groups = np.array_split(np.arange(n), min(n, JACKKNIFE_GROUPS))
    values = []
    for left_out in groups:
        keep = np.ones(n, dtype=bool)
        keep[left_out] = False
        found = _adjusted_ratio(x[keep], y[keep], d[keep])
        if found is None:
            return None
        values.append(found)
    theta = np.asarray(values)
    g = len(theta)
    return math.sqrt((g - 1) / g * float(((theta - theta.mean()) ** 2).sum()))


def blackjack_indices(
    settings: IndexSettings, *, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> BlackjackIndices:
    """Average the index plays' exact differences at each true count and find where each
    flips (module docstring). ``jobs`` processes share the counts; the result is the same
    whatever their number. ``progress`` is told the samples done, a count at a time."""
    runner = Runner(jobs)
    pairs = settings.running_counts()
    work = [_Job(settings, asked, rc) for asked, rc in pairs]
    points = []
    for job, found in runner.map(_run_count, work, len(work)):
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
                running_count=settings.start + job.running,
                true_count=settings.count_read(job.running),
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
