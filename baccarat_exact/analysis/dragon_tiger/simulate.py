"""Dragon Tiger shoes dealt card by card, every bet priced exactly before every hand.

Each shoe is shuffled by a generator seeded from ``--seed`` and the shoe's number, so a
seed gives the same shoes (and bytes) on any machine. Cards are burned face down at the
start (none by default), then hands of two cards (Dragon, then Tiger) are dealt while
more cards than the cut card's are left. Before each hand every bet's EV is computed
exactly from the cards not yet seen (every suit known: the cards were seen; cards
burned face down stay unseen, neither counted nor removed), by the same pay
lines as ``dragon-tiger odds``. Two players are followed: one who knows every card
(bets one unit whenever the EV is positive) and one who counts (bets one unit when the
bet's count reaches its trigger true count). What each wins is the exact EV of the hands
bet, summed: estimates of the average, with standard errors across shoes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

import numpy as np

from baccarat_exact.analysis.dragon_tiger.betting import (
    BettingPlan,
    CountPlay,
    HandRecord,
    Played,
    bet_moments,
    outcome_table,
    played_economics,
    played_totals,
)
from baccarat_exact.analysis.dragon_tiger.eor import RankCount
from baccarat_exact.analysis.dragon_tiger.game import DragonTigerBet, DragonTigerRules
from baccarat_exact.analysis.ramps import Strategy
from baccarat_exact.analysis.runner import Runner
from baccarat_exact.analysis.simulate import (
    CHUNK_SHOES,
    kelly_ramps,
    optimal_ramps,
    plan_strategies,
)
from baccarat_exact.analysis.simulate_totals import StrategySums, StrategyTotals
from baccarat_exact.errors import ShoeError, SimulationError
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "BetRun",
    "DealtShoes",
    "check_room",
    "deal_shoes",
    "hand_evs",
    "parse_burn",
    "per_hundred",
    "shoe_cards",
    "shuffled",
]


def parse_burn(text: str) -> int:
    """Cards burned at the start of each shoe: ``standard`` (the game's rule: no burn is
    part of the published game, so none), ``none`` or a whole number.

    >>> parse_burn("standard"), parse_burn("none"), parse_burn("3")
    (0, 0, 3)
    """
    word = text.strip().lower()
    if word in ("standard", "none"):
        return 0
    if not word.isdigit():
        raise SimulationError(f"--burn takes standard, none or a number of cards, got {text!r}")
    return int(word)


@dataclass(frozen=True, slots=True)
class BetRun:
    """What one bet was worth over the shoes dealt (sums of exact EVs, as floats)."""

    bet: str
    full_shoe_ev: Fraction
    """The bet's exact EV on the full shoe (the first hand, before any burn)."""
    hands: int
    positive: int
    """Hands before which the bet's EV was positive."""
    ev_sum: float
    """Σ EV over every hand (the flat bettor's expectation)."""
    best_ev: Fraction
    """The highest EV met before a hand."""
    perfect: tuple[float, ...]
    """Per shoe, Σ max(EV, 0): what betting one unit whenever the EV is positive is worth."""
    count: RankCount | None
    threshold: Fraction | None
    """The true count at which the counter bets (``None``: the count never triggers)."""
    triggered: int
    triggered_positive: int
    """Triggered hands whose EV was indeed positive."""
    counted: tuple[float, ...]
    """Per shoe, Σ EV over the hands the count triggered."""
    by_depth: tuple[int, ...]
    """Hands with a positive EV in each tenth of the shoe dealt."""

    @property
    def hands_per_shoe(self) -> float:
        """The average hands dealt per shoe."""
        return self.hands / len(self.perfect)


def per_hundred(sums: Sequence[float], hands: int) -> tuple[float, float | None]:
    """The win per 100 hands from per-shoe sums, and its standard error (``None`` under 10
    shoes): the ratio estimate Σx/Σh, its error from the spread across shoes."""
    shoes = len(sums)
    mean = sum(sums) / hands
    if shoes < 10:
        return 100 * mean, None
    each = hands / shoes
    spread = sum((x - mean * each) ** 2 for x in sums) / (shoes - 1)
    return 100 * mean, 100 * math.sqrt(spread / shoes) / each


@dataclass(frozen=True, slots=True)
class DealtShoes:
    """The run: settings and each bet's results."""

    shoes: int
    seed: int
    burn: int
    cut_card: int
    hands: int
    runs: tuple[BetRun, ...]
    by_depth: tuple[int, ...]
    """Hands dealt in each tenth of the shoe (by the cards dealt before the hand)."""
    played: Played | None = None
    """What the strategies of a betting plan did (None: no plan)."""


Scorer = Callable[[list[int], list[int], int, int], tuple[int, int]]
"""A bet's EV as (numerator, denominator) from the cards left by rank and by rank and
suit, the cards left and the ties among their ordered pairs."""


def _scorer(bet: DragonTigerBet, rules: DragonTigerRules) -> Scorer:
    """The integer form of ``bet``'s pay lines (:func:`bet_lines`) on a shoe whose every
    suit is known: the same EV, without a fraction made per line."""
    if bet.kind == "main":
        lost = rules.tie_loses
        return lambda counts, cells, total, ties: (
            -lost.numerator * ties,
            lost.denominator * total * (total - 1),
        )
    if bet.kind == "tie":
        pays = rules.tie_pays
        return lambda counts, cells, total, ties: (
            pays.numerator * ties - pays.denominator * (total * (total - 1) - ties),
            pays.denominator * total * (total - 1),
        )
    if bet.kind == "suited-tie":
        pays = rules.suited_tie_pays

        def suited(counts: list[int], cells: list[int], total: int, ties: int) -> tuple[int, int]:
            hits = sum(m * (m - 1) for m in cells)
            pairs = total * (total - 1)
            return pays.numerator * hits - pays.denominator * (
                pairs - hits
            ), pays.denominator * pairs

        return suited
    places = sorted(4 * r + s for r, s in bet.wins)
    pays = bet.pays

    def card(counts: list[int], cells: list[int], total: int, ties: int) -> tuple[int, int]:
        won = sum(cells[i] for i in places)
        return pays.numerator * won - pays.denominator * (total - won), pays.denominator * total

    return card


def hand_evs(
    counts: Sequence[int],
    cells: Sequence[int],
    bets: Sequence[DragonTigerBet],
    rules: DragonTigerRules,
) -> tuple[Fraction, ...]:
    """Each bet's exact EV on the shoe of ``cells`` (cards by rank and suit, 4·rank + suit)
    and ``counts`` (by rank), as simulate computes it before a hand."""
    total = sum(counts)
    ties = sum(n * (n - 1) for n in counts)
    found = []
    for bet in bets:
        num, den = _scorer(bet, rules)(list(counts), list(cells), total, ties)
        found.append(Fraction(num, den))
    return tuple(found)


def check_room(shoe: Shoe, burn: int, cut_card: int) -> None:
    """Refuse a burn and cut card that leave no hand to deal, and a shoe that is not
    physical cards of known suits.

    :raises ShoeError: for an infinite shoe, or one whose suits are not all known.
    :raises SimulationError: for no room for a hand.
    """
    if shoe.infinite or not shoe.suits_exact:
        raise ShoeError(
            "simulate deals physical cards: give whole decks, or every card with its suit"
        )
    if burn + cut_card + 2 > shoe.cards:
        raise SimulationError(
            f"a burn of {burn} and a cut card of {cut_card} leave no hand to deal from "
            f"{shoe.cards} cards"
        )


def shuffled(cards: Sequence[tuple[int, int]], seed: int, number: int) -> list[tuple[int, int]]:
    """Shoe ``number`` of a run seeded ``seed``: ``cards`` (rank, suit) in the order dealt."""
    deck = list(cards)
    random.Random(f"dragon-tiger:{seed}:{number}").shuffle(deck)
    return deck


def _rows(shoe: Shoe) -> list[tuple[int, int, int, int]]:
    """The cards of each rank in each suit (a rank of no card: none)."""
    return [row or (0, 0, 0, 0) for row in shoe.suit_rows()]


def shoe_cards(shoe: Shoe) -> list[tuple[int, int]]:
    """The shoe's cards as (rank, suit), in the order each shuffle starts from."""
    return [
        (r, s) for r, row in enumerate(_rows(shoe)) for s, m in enumerate(row) for _ in range(m)
    ]


def _cells(shoe: Shoe) -> list[int]:
    """The cards of each rank and suit, 4·rank + suit."""
    return [m for row in _rows(shoe) for m in row]


DEPTHS = 10
"""The tenths of the shoe dealt by which a run counts hands with a positive EV."""


@dataclass(slots=True)
class _Counter:
    """One count on one bet as a shoe is dealt: its running count, the trigger true
    count and the card-weighted mean tag of the full shoe (0 when balanced), taken off
    per card seen so that the true count is the centred tags' (the fit's linear model)."""

    tags: tuple[int, ...] | None
    threshold: Fraction | None
    mean: Fraction
    running: int = 0

    def bets(self, seen: int, left: int) -> bool:
        """Whether the true count has reached the trigger (exact, in integers)."""
        if self.tags is None or self.threshold is None:
            return False
        # (running − mean·seen) · 52 / left ≥ threshold
        mean, bar = self.mean, self.threshold
        centred = self.running * mean.denominator - mean.numerator * seen
        return centred * 52 * bar.denominator >= bar.numerator * left * mean.denominator

    def true_count(self, seen: int, left: int) -> float:
        """The true count, for a ramp (0 without a count)."""
        if self.tags is None:
            return 0.0
        return (self.running - float(self.mean) * seen) * 52 / left


@dataclass(slots=True)
class _Tally:
    """One bet's sums over the shoes of a chunk, as they are dealt (sent back from a
    worker: plain data)."""

    counter: _Counter
    positive: int = 0
    values: list[float] = field(default_factory=list)
    """Each hand's EV in order: added up in the order dealt, whatever the chunks."""
    best: tuple[int, int] | None = None
    triggered: int = 0
    triggered_positive: int = 0
    perfect: list[float] = field(default_factory=list)
    counted: list[float] = field(default_factory=list)
    by_depth: list[int] = field(default_factory=lambda: [0] * DEPTHS)

    def hand(
        self,
        score: Scorer,
        counts: list[int],
        cells: list[int],
        left: int,
        ties: int,
        seen: int,
        depth: int,
    ) -> tuple[float, bool, bool]:
        """Price the next hand exactly and add it to the sums (the shoe's are the last
        entries of :attr:`perfect` and :attr:`counted`): its EV, whether that is
        positive, and whether the count bets the hand."""
        num, den = score(counts, cells, left, ties)
        value = num / den
        self.values.append(value)
        if self.best is None or num * self.best[1] > self.best[0] * den:
            self.best = (num, den)
        if num > 0:
            self.positive += 1
            self.by_depth[depth] += 1
            self.perfect[-1] += value
        bets = self.counter.bets(seen, left)
        if bets:
            self.triggered += 1
            self.counted[-1] += value
            self.triggered_positive += num > 0
        return value, num > 0, bets


@dataclass(frozen=True, slots=True)
class _Job:
    """Shoes ``first``..``last``−1 of a run: all a worker needs to deal them."""

    shoe: Shoe
    rules: DragonTigerRules
    bets: tuple[DragonTigerBet, ...]
    plays: tuple[CountPlay, ...]
    """The counts played: the counter's first, then those compared."""
    seed: int
    burn: int
    cut_card: int
    first: int
    last: int
    strategies: tuple[Strategy, ...] = ()
    moments: tuple[tuple[float | None, float], ...] = ()
    """Per bet, with Kelly bins to measure: its one winning pay where every other
    outcome loses the stake (else None), and its exact E[outcome²] on the full shoe."""


@dataclass(frozen=True, slots=True)
class _Chunk:
    """What a chunk of shoes dealt: each bet's tally, the hands by depth and per shoe,
    and what every strategy did (when the job plays any)."""

    tallies: tuple[_Tally, ...]
    by_depth: tuple[int, ...]
    hands: tuple[int, ...]
    strategies: StrategyTotals | None


def _counters(shoe: Shoe, plays: tuple[CountPlay, ...]) -> list[list[_Counter]]:
    """Per count played, per bet, its counter at the start of a shoe."""
    return [
        [
            _Counter(
                None if count is None else count.tags,
                None if count is None else threshold,
                Fraction(0)
                if count is None
                else Fraction(sum(n * t for n, t in zip(shoe.counts, count.tags)), shoe.cards),
            )
            for count, threshold in play
        ]
        for play in plays
    ]


def _deal_chunk(job: _Job) -> _Chunk:
    """Deal the job's shoes and tally them; with strategies, what each did per shoe."""
    shoe, rules, bets = job.shoe, job.rules, job.bets
    cards = shoe_cards(shoe)
    counters = _counters(shoe, job.plays)
    tallies = [_Tally(counter) for counter in counters[0]]
    scorers = [_scorer(bet, rules) for bet in bets]
    hands = [0] * DEPTHS
    per_shoe = []
    pays = outcome_table(bets, rules) if job.strategies else ()
    kept = HandRecord(true_counts=[[] for _ in counters], flats=[[] for _ in counters])
    for number in range(job.first, job.last):
        deck = shuffled(cards, job.seed, number)
        counts_left, cells = list(shoe.counts), _cells(shoe)
        for tally in tallies:
            tally.perfect.append(0.0)
            tally.counted.append(0.0)
        for play in counters:
            for counter in play:
                counter.running = 0
        dealt = 0
        for position, (r, s) in enumerate(deck[: len(deck) - job.cut_card - 1]):
            if position < job.burn:
                continue  # burned face down: never seen, so never counted nor removed
            seen = position - job.burn
            left = len(deck) - seen
            if seen % 2 == 0:  # a hand's first card next
                ties = sum(n * (n - 1) for n in counts_left)
                depth = position * DEPTHS // len(deck)
                hands[depth] += 1
                dealt += 1
                found = [
                    tally.hand(score, counts_left, cells, left, ties, seen, depth)
                    for tally, score in zip(tallies, scorers)
                ]
                if job.strategies:
                    tiger = deck[position + 1]
                    pair = 52 * (4 * r + s) + 4 * tiger[0] + tiger[1]
                    kept.keep(number - job.first, found, [row[pair] for row in pays])
                    for k, play in enumerate(counters):
                        kept.true_counts[k].append([c.true_count(seen, left) for c in play])
                        if k:
                            kept.flats[k].append([c.bets(seen, left) for c in play])
            counts_left[r] -= 1
            cells[4 * r + s] -= 1
            for play in counters:
                for counter in play:
                    if counter.tags is not None:
                        counter.running += counter.tags[r]
        per_shoe.append(dealt)
    played = (
        played_totals(kept, job.strategies, job.last - job.first, len(bets), job.moments)
        if job.strategies
        else None
    )
    return _Chunk(tuple(tallies), tuple(hands), tuple(per_shoe), played)


class _Sums:
    """The chunks' tallies added in shoe order: the same sums as one pass over the
    shoes (each EV added in the order dealt)."""

    def __init__(self, bets: int, played: StrategySums | None) -> None:
        self.positive = [0] * bets
        self.ev_sum = [0.0] * bets
        self.best: list[tuple[int, int] | None] = [None] * bets
        self.triggered = [0] * bets
        self.triggered_positive = [0] * bets
        self.perfect: list[list[float]] = [[] for _ in range(bets)]
        self.counted: list[list[float]] = [[] for _ in range(bets)]
        self.by_depth = [[0] * DEPTHS for _ in range(bets)]
        self.hands = [0] * DEPTHS
        self.played = played

    def add(self, first: int, chunk: _Chunk) -> None:
        """Add the next chunk's tallies (its shoes from ``first`` on)."""
        for b, tally in enumerate(chunk.tallies):
            self.positive[b] += tally.positive
            total = self.ev_sum[b]
            for value in tally.values:
                total += value
            self.ev_sum[b] = total
            best = self.best[b]
            if tally.best is not None and (
                best is None or tally.best[0] * best[1] > best[0] * tally.best[1]
            ):
                self.best[b] = tally.best
            self.triggered[b] += tally.triggered
            self.triggered_positive[b] += tally.triggered_positive
            self.perfect[b].extend(tally.perfect)
            self.counted[b].extend(tally.counted)
            self.by_depth[b] = [x + y for x, y in zip(self.by_depth[b], tally.by_depth)]
        self.hands = [x + y for x, y in zip(self.hands, chunk.by_depth)]
        if self.played is not None and chunk.strategies is not None:
            self.played.add(first, np.array(chunk.hands, dtype=np.float64), chunk.strategies)

    def run(
        self,
        b: int,
        bet: DragonTigerBet,
        full_ev: Fraction,
        play: tuple[RankCount | None, Fraction | None],
    ) -> BetRun:
        """Bet ``b``'s run, once every shoe is added (``play``: its count and trigger)."""
        count, threshold = play
        best = self.best[b]
        return BetRun(
            bet=bet.name,
            full_shoe_ev=full_ev,
            hands=sum(self.hands),
            positive=self.positive[b],
            ev_sum=self.ev_sum[b],
            best_ev=Fraction(*best) if best is not None else Fraction(0),
            perfect=tuple(self.perfect[b]),
            count=count,
            threshold=threshold if count is not None else None,
            triggered=self.triggered[b],
            triggered_positive=self.triggered_positive[b],
            counted=tuple(self.counted[b]),
            by_depth=tuple(self.by_depth[b]),
        )


def deal_shoes(
    shoe: Shoe,
    rules: DragonTigerRules,
    bets: Sequence[DragonTigerBet],
    counts: Sequence[tuple[RankCount | None, Fraction | None]],
    *,
    shoes: int,
    seed: int,
    burn: int = 0,
    cut_card: int = 16,
    plan: BettingPlan | None = None,
    runner: Runner | None = None,
    progress: Callable[[int], None] | None = None,
) -> DealtShoes:
    """Deal ``shoes`` shuffled copies of ``shoe``; for each bet (with its count and trigger
    true count in ``counts``), the exact EV before every hand, summed as the module says.

    With ``plan``, every strategy (perfect information, each count's flat bet, ramps,
    Kelly and optimal ramps measured on a first pass over the same shoes) is played on
    the same hands and its economics estimated by baccarat's machinery
    (:class:`~baccarat_exact.analysis.simulate_totals.StrategySums`). Shoes are dealt in
    chunks of :data:`~baccarat_exact.analysis.simulate.CHUNK_SHOES` by ``runner`` (here,
    N processes or a Dask cluster) and added up in shoe order: the same bytes wherever
    they are dealt. ``progress`` is told the shoes of each chunk dealt.

    >>> from baccarat_exact.analysis.dragon_tiger.game import BETS
    >>> run = deal_shoes(Shoe.from_decks(1), DragonTigerRules(), BETS[:1], [(None, None)], shoes=1, seed=0)
    >>> run.hands, run.runs[0].full_shoe_ev
    (18, Fraction(-1, 34))

    :raises ShoeError: for a shoe that is infinite or whose suits are not all known.
    :raises SimulationError: for a cut card and burn that leave no hand to deal.
    """
    check_room(shoe, burn, cut_card)
    bets = tuple(bets)
    job = _Job(shoe, rules, bets, (tuple(counts),), seed, burn, cut_card, 0, 0)
    where = runner or Runner()
    if plan is None:
        sums = _deal(job, shoes, where, progress, None)
        return _dealt(job, shoes, sums, None)
    job = replace(job, plays=(tuple(counts), *(play for _, play in plan.compared)))
    systems = len(job.plays)
    kelly = optimal = None
    if plan.measured:
        measuring = replace(
            job,
            strategies=plan_strategies(plan.ramps, plan.kelly_on, systems),
            moments=bet_moments(shoe, rules, bets),
        )
        first = StrategySums(
            len(bets),
            len(measuring.strategies),
            systems,
            shoes=shoes,
            bankroll=plan.betting.bankroll,
            hands_per_hour=plan.hands_per_hour,
        )
        bins = _deal(measuring, shoes, where, progress, first).played
        assert bins is not None and bins.kelly_bins is not None
        if plan.betting.kelly is not None:
            kelly = kelly_ramps(plan.betting, bins.kelly_bins)
        if plan.betting.optimal is not None:
            optimal = optimal_ramps(plan.betting, bins.kelly_bins)
    strategies = plan_strategies(plan.ramps, plan.kelly_on, systems, kelly, optimal)
    sums = _deal(
        replace(job, strategies=strategies),
        shoes,
        where,
        progress,
        StrategySums(
            len(bets),
            len(strategies),
            shoes=shoes,
            bankroll=plan.betting.bankroll,
            hands_per_hour=plan.hands_per_hour,
        ),
    )
    assert sums.played is not None
    return _dealt(job, shoes, sums, played_economics(plan, strategies, sums.played, bets))


def _deal(
    job: _Job,
    shoes: int,
    runner: Runner,
    progress: Callable[[int], None] | None,
    played: StrategySums | None,
) -> _Sums:
    """Deal every shoe once, in chunks, and add up their tallies in shoe order."""
    work = (
        replace(job, first=first, last=min(first + CHUNK_SHOES, shoes))
        for first in range(0, shoes, CHUNK_SHOES)
    )
    sums = _Sums(len(job.bets), played)
    for done, chunk in runner.map(_deal_chunk, work, -(-shoes // CHUNK_SHOES)):
        sums.add(done.first, chunk)
        if progress is not None:
            progress(done.last - done.first)
    return sums


def _dealt(job: _Job, shoes: int, sums: _Sums, played: Played | None) -> DealtShoes:
    full = hand_evs(job.shoe.counts, _cells(job.shoe), job.bets, job.rules)
    runs = tuple(
        sums.run(b, bet, ev, play)
        for b, (bet, ev, play) in enumerate(zip(job.bets, full, job.plays[0]))
    )
    return DealtShoes(
        shoes,
        job.seed,
        job.burn,
        job.cut_card,
        sum(sums.hands),
        runs,
        tuple(sums.hands),
        played,
    )
