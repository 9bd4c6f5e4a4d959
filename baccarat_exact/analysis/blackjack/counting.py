"""Blackjack's counting mode: shoes dealt and played fast, a counting player's bets priced.

Each shoe is shuffled with its own random stream (shoe ``i`` of the seed,
:mod:`~baccarat_exact.model.shuffle`) and dealt to the cut card; every round is played by
the basic strategy and its index plays and settled card by card
(:class:`~baccarat_exact.blackjack.dealt.RoundDealer`): no exact solve. The compiled
kernel (``_counting.c``, :mod:`~baccarat_exact.blackjack.counting_kernel`) deals the
same shoes the same way from the same tables, millions of rounds a second a core; without
it (or with ``exact_ev``) the Python path gives the same bytes. Before each round the true count (running
count per deck unseen) sets the bet of each strategy: one unit every round (flat), each
``--ramp``, and the Kelly ramp measured on the same shoes (``--kelly``). Since the play
does not depend on the bet, every strategy is priced on the very same rounds.

What a strategy won per shoe, its spread and the figures made from them (win per 100
rounds and per hour, N0, SCORE, risk of ruin: :mod:`..economics`) are *simulation
estimates* with standard errors over shoes (delta method), as in baccarat's simulation.
Each round's net result is exact (an integer of 1/``scale`` units), and so is every
per-shoe sum and the Kelly ramp's sums by true count; they become floats only at the end,
the same way on both paths.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import ModuleType

import numpy as np
import numpy.typing as npt

from baccarat_exact.analysis.blackjack.simulation import check_dealing, priceable
from baccarat_exact.analysis.cluster import ClusterAddress
from baccarat_exact.analysis.economics import (
    KellyBin,
    ShoeMoments,
    delta_se,
    kelly_ramp,
    optimal_ramp,
)
from baccarat_exact.analysis.estimates import LONG_ENOUGH, PATH_PLAYERS, Estimate, strategy_spread
from baccarat_exact.analysis.ramps import Ramp, bet_amounts, check_trip, chip_ramp
from baccarat_exact.analysis.runner import Runner
from baccarat_exact.blackjack.counting_kernel import (
    KELLY_RANGE,
    KernelTables,
    Ramps,
    compiled,
    deal_shoes,
    kernel_tables,
)
from baccarat_exact.blackjack.dealt import (
    COUNT_ROW,
    RED_SEVEN,
    RoundDealer,
    dealt_tables,
)
from baccarat_exact.blackjack.hands import SEVEN
from baccarat_exact.blackjack.index_play import IndexPlay, IndexPolicy
from baccarat_exact.blackjack.policy import ChartPolicy
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.shoes import ShoeValuer
from baccarat_exact.blackjack.strategy import BasicStrategy
from baccarat_exact.blackjack.true_count import HANDS_PER_HOUR_BY_SEATS, Reckoning, Seating
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.model.shuffle import shuffled_with_stream

__all__ = [
    "CHUNK_SHOES",
    "COMPILED_CHUNK_SHOES",
    "HANDS_PER_HOUR",
    "MAX_COUNTING_SHOES",
    "CountingResult",
    "CountingSettings",
    "StrategyResult",
    "count_shoes",
]

CHUNK_SHOES = 200
"""Shoes per unit of work on the Python path. Results never depend on how shoes are cut
into units (per-shoe sums are concatenated, whole-number sums added), so the compiled
kernel takes larger ones (:data:`COMPILED_CHUNK_SHOES`)."""

COMPILED_CHUNK_SHOES = 20_000
"""Shoes per unit of work for the compiled kernel (about a million rounds)."""

MAX_COUNTING_SHOES = 25_000_000
"""Most shoes a counting run deals: 10⁹ rounds of six decks and more (docs/card-counting.md
deals them on a cluster), their per-shoe sums about 200 bytes a shoe in memory."""

HANDS_PER_HOUR = 100
"""Rounds an hour at a blackjack table of five players (:data:`~baccarat_exact.blackjack.
true_count.HANDS_PER_HOUR_BY_SEATS`, the figure for a table of ``seats`` players, is used
unless ``--hands-per-hour`` is given)."""

KELLY_LEAST = 1000
"""Rounds a true count needs before its Kelly bet is its own (thinner ends are pooled)."""

_WON, _SQUARE, _BET, _HANDS_BET, _HANDS = range(5)
"""Per-shoe totals of each strategy: units won, its square, units bet, rounds bet,
rounds dealt."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CountingSettings:
    """Everything that determines a counting run's result (with the seed)."""

    rules: BlackjackRules = field(default_factory=BlackjackRules)
    shoe: Shoe | None = None
    """The full shoe (default: ``rules.decks`` decks)."""
    strategy: BasicStrategy
    """The chart the rounds are played by (index plays aside)."""
    plays: tuple[IndexPlay, ...] = ()
    index_source: str | None = None
    """Where the index plays are from, as reports say it (None: as ``--indices`` names
    them, the Illustrious 18 or none)."""
    count: str = "hi-lo"
    """The count's name, as reports show it."""
    tags: tuple[int, ...]
    """One tag per rank (A 2 … 9 T J Q K), or a whole
    :data:`~baccarat_exact.blackjack.dealt.COUNT_ROW` row (unit, start, red seven): the
    count bets follow."""
    play_tags: tuple[int, ...] | None = None
    """A second count the index plays and insurance follow (None: ``tags``)."""
    red_sevens: int = 0
    """Sevens of the shoe dealt as red (:data:`~baccarat_exact.blackjack.dealt.RED_SEVEN`)
    where a count tags them apart (Red 7; the shoe's own: half of whole decks)."""
    play_count: str | None = None
    """The second count's name, as reports show it."""
    shoes: int = 1000
    seed: int = 0
    burn: int = 1
    cut_card: int | None = None
    ramps: tuple[Ramp, ...] = ()
    kelly: float | None = None
    """Bankroll (units) of the Kelly ramp, measured on the same shoes (None: none)."""
    max_bet: int = 8
    """Largest Kelly bet (units)."""
    wong_out: float | None = None
    """No Kelly bet below this true count (a ``--ramp`` carries its own)."""
    bankroll: float = 1000
    """Units at risk, for the risk of ruin."""
    hands_per_hour: int | None = None
    """Rounds dealt an hour (None: :data:`~baccarat_exact.blackjack.true_count.
    HANDS_PER_HOUR_BY_SEATS` for the table's players)."""
    seating: Seating = field(default_factory=Seating)
    """The table: players, the counter's seat, wong-in, two hands."""
    reckoning: Reckoning = field(default_factory=Reckoning)
    """How the counter reckons the true count (default: exactly)."""
    exact_ev: bool = False
    """Also value every round exactly before it is dealt (the chart's value for the cards
    not yet seen, :func:`~baccarat_exact.blackjack.edge.strategy_value`; float
    arithmetic) and estimate each win from those values: the same expectation, with the
    round's own luck taken out. Slow (a solve a round); the chart alone (no index plays)."""
    optimal_ror: float | None = None
    """The risk of ruin for ``bankroll`` whose optimal ramp (the best monotone ramp from
    1 unit to ``max_bet``, :func:`~baccarat_exact.analysis.economics.optimal_ramp`) is
    played too, measured on the same shoes as the Kelly ramp (None: none)."""
    chips: tuple[int, ...] = ()
    """The chips every Kelly and optimal bet is made of (empty: whole units)."""
    trip_hours: float | None = None
    """A trip's length in hours, for the risk of ruin within it (None: no trip)."""
    goal: float | None = None
    """Units to win before the bankroll is lost, for the double barrier (None: none)."""

    def __post_init__(self) -> None:
        for count in (self.tags, self.play_tags or self.tags):
            if len(count) not in (13, COUNT_ROW):
                raise SimulationError(f"a count has one tag per rank (13), got {len(count)}")
        if not self.reckoning.is_exact and any(
            len(count) == COUNT_ROW and not count[-1] for count in (self.tags, self.play_tags or ())
        ):
            raise SimulationError(
                "--tc, --tc-round and --deck-error reckon a true count, and an unbalanced count "
                "is read as its running count: give them with a balanced count"
            )
        if not 0 <= self.red_sevens <= self.full_shoe.counts[SEVEN]:
            raise SimulationError(
                f"{self.red_sevens} red sevens in a shoe of {self.full_shoe.counts[SEVEN]} sevens"
            )
        if self.exact_ev and self.plays:
            raise SimulationError(
                "--exact-ev values the chart's own play: give --indices none (with index "
                "plays a round's value is not the chart's)"
            )
        if not 0 <= self.seed < 2**64:
            raise SimulationError(f"--seed must be between 0 and 2**64-1, got {self.seed}")
        if not 1 <= self.shoes <= MAX_COUNTING_SHOES:
            raise SimulationError(
                f"--shoes must be between 1 and {MAX_COUNTING_SHOES:,} in counting mode, "
                f"got {self.shoes:,}"
            )
        check_dealing(self.full_shoe, self.burn, self.cut, self.cut_card is not None)
        if self.kelly is not None and self.kelly <= 0:
            raise SimulationError(f"--kelly must be a positive bankroll in units, got {self.kelly}")
        if self.max_bet < 1:
            raise SimulationError(f"--max-bet must be 1 unit or more, got {self.max_bet}")
        if self.bankroll <= 0:
            raise SimulationError(
                f"--bankroll must be a positive number of units, got {self.bankroll}"
            )
        if self.optimal_ror is not None and not 0 < self.optimal_ror < 1:
            raise SimulationError(
                f"--optimal-ror must be a risk between 0 and 1, got {self.optimal_ror}"
            )
        check_trip(self.trip_hours, self.goal)
        if self.hands_per_hour is not None and self.hands_per_hour < 1:
            raise SimulationError(f"--hands-per-hour must be 1 or more, got {self.hands_per_hour}")
        if self.exact_ev and not (self.seating.is_alone and self.reckoning.is_exact):
            raise SimulationError(
                "--exact-ev values the counter's round alone at the table, the true count "
                "exact: give it without --seats, --wong-in, --two-hands-at, --tc, --tc-round "
                "and --deck-error"
            )

    @property
    def per_hour(self) -> int:
        """Rounds dealt an hour: :attr:`hands_per_hour`, or the usual figure for the
        table's players."""
        if self.hands_per_hour is not None:
            return self.hands_per_hour
        return HANDS_PER_HOUR_BY_SEATS[self.seating.seats - 1]

    @property
    def full_shoe(self) -> Shoe:
        return self.shoe or Shoe.from_decks(self.rules.decks)

    @property
    def cut(self) -> int:
        """Cards behind the cut card (a quarter of the shoe by default)."""
        return self.full_shoe.cards // 4 if self.cut_card is None else self.cut_card


@dataclass(frozen=True, slots=True)
class StrategyResult:
    """What one way of betting won and risked (simulation estimates ± standard errors)."""

    name: str
    ramp: Ramp
    won_per_shoe: Estimate
    sd_per_shoe: Estimate
    won_per_100: Estimate
    sd_per_100: Estimate
    won_per_hour: Estimate
    sd_per_hour: Estimate
    bet_per_round: Estimate
    """Average units bet per round dealt."""
    rounds_bet: Estimate
    """Share of the rounds dealt that were bet."""
    n0: Estimate | None
    """Rounds dealt for the expected win to reach one SD (None unless it wins)."""
    score: Estimate
    risk_of_ruin: Estimate
    """The diffusion formula exp(−2·EV·B/Var), EV and Var per shoe."""
    ruined: Estimate | None
    """Share of simulated players (runs of consecutive shoes) who lost the bankroll, where
    their paths are long enough to show it (None otherwise)."""
    players: int
    shoes_per_player: int
    won_per_100_from_ev: Estimate | None = None
    """With ``exact_ev``: units won per 100 rounds from every round's exact value rather
    than its result (the same expectation; its SE is the control's gain)."""


@dataclass(frozen=True, slots=True)
class CountingResult:
    settings: CountingSettings
    rounds: int
    """Rounds dealt in all."""
    rounds_per_shoe: float
    kelly_ramp: Ramp | None
    strategies: tuple[StrategyResult, ...]


@dataclass(frozen=True, slots=True)
class _Job:
    settings: CountingSettings
    first: int
    last: int
    ramps: tuple[Ramp, ...]
    compiled: bool = True
    """Deal with the compiled kernel where it is built (the same bytes either way)."""


@dataclass(frozen=True, slots=True)
class _Chunk:
    totals: npt.NDArray[np.float64]
    """(shoes, strategies, 5): per-shoe totals (:data:`_WON` …)."""
    lowest: npt.NDArray[np.float64]
    """(shoes, strategies): the lowest running win within each shoe (≤ 0)."""
    bins: npt.NDArray[np.int64]
    """(2·KELLY_RANGE + 1, 3): rounds, Σ net, Σ net² (× scale, scale²) by whole true
    count."""
    valued: npt.NDArray[np.float64] | None
    """(shoes, strategies): Σ units × the round's exact value, with ``exact_ev``."""


def _player(settings: CountingSettings) -> RoundDealer:
    return RoundDealer(
        IndexPolicy(settings.strategy, settings.plays),
        settings.tags,
        settings.play_tags,
        seating=settings.seating,
        reckoning=settings.reckoning,
        others=ChartPolicy(settings.strategy),
    )


def _cards(shoe: Shoe, red_sevens: int = 0) -> list[int]:
    """The shoe's cards before the shuffle: rank indices in rank order, ``red_sevens`` of
    the sevens as :data:`RED_SEVEN` (the shuffle moves cards by position, whatever they
    are: the ranks dealt are the same either way)."""
    cards = [rank for rank, count in enumerate(shoe.counts) for _ in range(count)]
    if red_sevens:
        first = cards.index(SEVEN)
        cards[first : first + red_sevens] = [RED_SEVEN] * red_sevens
    return cards


def _kernel(settings: CountingSettings, use_compiled: bool) -> ModuleType | None:
    """The compiled kernel where it is built and deals these settings, else None."""
    kernel = compiled() if use_compiled and not settings.exact_ev else None
    if kernel is None or settings.full_shoe.cards > kernel.MAX_CARDS:
        return None
    return kernel


def _deal(job: _Job) -> _Chunk:
    """Deal shoes ``first``..``last``-1 and total what each ramp won on them: with the
    compiled kernel where it is built and can, else card by card here (the same bytes)."""
    kernel = _kernel(job.settings, job.compiled)
    return _deal_python(job) if kernel is None else _deal_compiled(job, kernel)


def _ramp_arrays(ramps: tuple[Ramp, ...]) -> Ramps:
    """Every ramp as the kernel reads it."""
    return Ramps(
        steps=np.cumsum([0, *(len(r.steps) for r in ramps)], dtype=np.int64),
        thresholds=np.array([tc for r in ramps for tc, _ in r.steps], dtype=np.float64),
        units=np.array(
            [u for r in ramps for u in (r.minimum, *(units for _, units in r.steps))],
            dtype=np.int64,
        ),
        wong=np.array([r.wong_out or 0.0 for r in ramps], dtype=np.float64),
        has_wong=np.array([r.wong_out is not None for r in ramps], dtype=np.int8),
    )


def _tables(settings: CountingSettings) -> KernelTables:
    """The kernel's tables of the run's player: the count bets follow first, then the one
    the plays follow where it is another."""
    if settings.play_tags is None:
        return kernel_tables(settings.strategy, settings.plays, (settings.tags,))
    counts = (settings.tags, settings.play_tags)
    return kernel_tables(settings.strategy, settings.plays, counts, play_count=1)


def _deal_compiled(job: _Job, kernel: ModuleType) -> _Chunk:
    """The job's shoes dealt by the compiled kernel."""
    settings = job.settings
    shoe = settings.full_shoe
    sums = deal_shoes(
        kernel,
        _tables(settings),
        _cards(shoe, settings.red_sevens),
        _ramp_arrays(job.ramps),
        seed=settings.seed,
        first=job.first,
        last=job.last,
        burn=settings.burn,
        stop=shoe.cards - settings.cut,
        seating=settings.seating,
        reckoning=settings.reckoning,
    )
    return _Chunk(sums.totals, sums.lowest, sums.bins, None)


def _deal_python(job: _Job) -> _Chunk:
    """The job's shoes dealt here, card by card (:class:`RoundDealer`); the sums are whole
    numbers until they are stored, as the kernel keeps them."""
    settings = job.settings
    player = _player(settings)
    scale = player.scale
    shoe = settings.full_shoe
    cards = _cards(shoe, settings.red_sevens)
    stop = shoe.cards - settings.cut
    shoes = job.last - job.first
    totals = np.zeros((shoes, len(job.ramps), 5))
    lowest = np.zeros((shoes, len(job.ramps)))
    valued = np.zeros((shoes, len(job.ramps))) if settings.exact_ev else None
    bins = np.zeros((2 * KELLY_RANGE + 1, 3), dtype=np.int64)
    # the rounds valued one after another, keeping what one leaves for the next
    valuer = ShoeValuer(settings.strategy.rules, exact=False) if settings.exact_ev else None
    for k, number in enumerate(range(job.first, job.last)):
        order, stream = shuffled_with_stream(cards, settings.seed, number)
        played = player.play_shoe(order, settings.burn, stop, stream)
        if not played.net:
            continue
        net = np.array(played.net, dtype=np.int64)
        true_count = np.array(played.true_count, dtype=np.float64)
        hands = np.array(played.hands, dtype=np.int64)
        whole = np.clip(np.floor(true_count), -KELLY_RANGE, KELLY_RANGE).astype(np.int64)
        whole += KELLY_RANGE
        # the Kelly ramp is measured on the rounds the counter plays, per spot
        np.add.at(bins[:, 0], whole, hands)
        np.add.at(bins[:, 1], whole, net)
        np.add.at(bins[:, 2], whole, net * net)
        values = (
            None if valuer is None else _round_values(settings, shoe, order, played.start, valuer)
        )
        for s, ramp in enumerate(job.ramps):
            units = ramp.units(true_count).astype(np.int64)
            if valued is not None and values is not None:
                valued[k, s] = float(units @ values)
            running = np.cumsum(units * net)
            won = int(running[-1]) / scale
            bet = units * hands
            totals[k, s] = (won, won * won, bet.sum(), (bet > 0).sum(), len(net))
            lowest[k, s] = min(0, int(running.min())) / scale
    return _Chunk(totals, lowest, bins, valued)


def _round_values(
    settings: CountingSettings,
    shoe: Shoe,
    order: list[int],
    starts: tuple[int, ...],
    valuer: ShoeValuer,
) -> npt.NDArray[np.float64]:
    """The chart's exact value (float arithmetic) of each round, for the cards not yet seen
    before it (the burned cards among them), valued by ``valuer`` shoe after shoe."""
    from baccarat_exact.blackjack.hands import shoe_counts

    unseen = list(shoe.counts)
    position = settings.burn
    values = []
    for start in starts:
        for rank in order[position:start]:
            unseen[SEVEN if rank == RED_SEVEN else rank] -= 1
        position = start
        left = Shoe.from_counts(unseen)
        if not priceable(shoe_counts(left), settings.rules.split_hands):
            raise SimulationError(
                f"--exact-ev: {left.cards} cards left before a round are too few to value it "
                "exactly: deal a larger shoe or put the cut card deeper (--cut-card)"
            )
        values.append(float(valuer.chart(left, settings.strategy)))
    return np.array(values, dtype=np.float64)


def _chunk_shoes(settings: CountingSettings, use_compiled: bool) -> int:
    """Shoes per unit of work: larger where the compiled kernel deals them."""
    if _kernel(settings, use_compiled) is not None:
        return COMPILED_CHUNK_SHOES
    return CHUNK_SHOES


def _jobs(
    settings: CountingSettings, ramps: tuple[Ramp, ...], size: int, use_compiled: bool
) -> Iterator[_Job]:
    for first in range(0, settings.shoes, size):
        yield _Job(settings, first, min(first + size, settings.shoes), ramps, use_compiled)


def _run(
    settings: CountingSettings,
    ramps: tuple[Ramp, ...],
    runner: Runner,
    progress: Callable[[int], None] | None,
    use_compiled: bool = True,
) -> Iterator[_Chunk]:
    size = _chunk_shoes(settings, use_compiled)
    chunks = -(-settings.shoes // size)
    work = _jobs(settings, ramps, size, use_compiled)
    for job, chunk in runner.map(_deal, work, chunks):
        if progress is not None:
            progress(job.last - job.first)
        yield chunk


FLAT = Ramp(steps=(), minimum=1)
"""One unit every round: the game the chart and its index plays give."""


def count_shoes(
    settings: CountingSettings,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    cluster: ClusterAddress | None = None,
    worker_setup: Callable[[], None] | None = None,
    use_compiled: bool = True,
) -> CountingResult:
    """Deal the shoes and price every strategy on them; the same numbers whatever deals
    them (``jobs`` processes, a Dask ``cluster``, the compiled kernel or not:
    ``use_compiled`` false keeps to the Python path). ``progress`` is told the shoes done
    (twice over with ``--kelly``: once to measure, once to bet)."""
    runner = Runner(jobs, cluster, worker_setup)
    ramps = (FLAT, *settings.ramps)
    names = [
        "flat",
        *(
            ["ramp"]
            if len(settings.ramps) == 1
            else [f"ramp {ramp.text()}" for ramp in settings.ramps]
        ),
    ]
    kelly = None
    if settings.kelly is not None or settings.optimal_ror is not None:
        bins = np.zeros((2 * KELLY_RANGE + 1, 3), dtype=np.int64)
        for chunk in _run(settings, (), runner, progress, use_compiled):
            bins += chunk.bins
        scale = dealt_tables(settings.strategy.rules).scale
        in_units = np.column_stack([bins[:, 0], bins[:, 1] / scale, bins[:, 2] / scale**2])
        measured = _fitted_bins(in_units)
        if settings.kelly is not None:
            steps = kelly_ramp(measured, settings.kelly, settings.max_bet, KELLY_LEAST)
            kelly = Ramp(
                steps=tuple((float(tc), units) for tc, units in steps), wong_out=settings.wong_out
            )
            if settings.chips:
                kelly = chip_ramp(kelly, settings.chips)
            ramps = (*ramps, kelly)
            names.append(f"Kelly {settings.kelly:,g}")
        if settings.optimal_ror is not None:
            ramps = (*ramps, _optimal(settings, measured))
            names.append(f"optimal {100 * settings.optimal_ror:g}% RoR")
    chunks = list(_run(settings, ramps, runner, progress, use_compiled))
    totals = np.concatenate([c.totals for c in chunks])
    lowest = np.concatenate([c.lowest for c in chunks])
    valued = (
        np.concatenate([c.valued for c in chunks if c.valued is not None])
        if settings.exact_ev
        else None
    )
    rounds = int(totals[:, 0, _HANDS].sum())
    return CountingResult(
        settings=settings,
        rounds=rounds,
        rounds_per_shoe=rounds / settings.shoes,
        kelly_ramp=kelly,
        strategies=tuple(
            _economics(
                name,
                ramp,
                totals[:, s],
                lowest[:, s],
                settings,
                None if valued is None else valued[:, s],
            )
            for s, (name, ramp) in enumerate(zip(names, ramps))
        ),
    )


def _optimal(settings: CountingSettings, measured: list[KellyBin]) -> Ramp:
    """The optimal ramp for the bankroll and risk of ruin: a bet every round (the least
    amount the chips make, at least 1 unit) up to ``max_bet``."""
    assert settings.optimal_ror is not None
    amounts = [a for a in bet_amounts(settings.chips, settings.max_bet) if a > 0]
    if not amounts:
        raise SimulationError(
            f"--max-bet {settings.max_bet} is below the smallest chip ({min(settings.chips)})"
        )
    least, steps = optimal_ramp(
        measured, settings.bankroll, settings.optimal_ror, amounts, KELLY_LEAST
    )
    return Ramp(
        steps=tuple((float(tc), units) for tc, units in steps),
        minimum=least,
        wong_out=settings.wong_out,
    )


def _fitted_bins(bins: npt.NDArray[np.float64]) -> list[KellyBin]:
    """Each true count's rounds with the advantage of the least-squares line of the rounds'
    results on the true count (a count's own average of results is mostly noise: a unit
    round's SD is about 1.15, its advantage a fraction of a per cent), and its own mean
    square for the variance."""
    tcs = np.arange(len(bins), dtype=np.float64) - KELLY_RANGE
    n, total, square = bins[:, 0], bins[:, 1], bins[:, 2]
    rounds = n.sum()
    if rounds == 0:
        return []
    centre = float((n * tcs).sum() / rounds)
    mean = float(total.sum() / rounds)
    spread = float((n * (tcs - centre) ** 2).sum())
    slope = float(((tcs - centre) * total).sum() / spread) if spread > 0 else 0.0
    return [
        KellyBin(int(tc), int(k), k * (mean + slope * (tc - centre)), float(q))
        for tc, k, q in zip(tcs, n, square)
        if k > 0
    ]


def _ruined(
    totals: npt.NDArray[np.float64], lowest: npt.NDArray[np.float64], bankroll: float
) -> tuple[int, int, int]:
    """(players ruined, players, shoes each): consecutive shoes as one player's path."""
    players = min(PATH_PLAYERS, len(totals))
    each = len(totals) // players
    ruined = 0
    for p in range(players):
        won = totals[p * each : (p + 1) * each, _WON]
        before = np.concatenate([[0.0], np.cumsum(won)[:-1]])
        ruined += bool(np.any(before + lowest[p * each : (p + 1) * each] <= -bankroll))
    return ruined, players, each


def _economics(
    name: str,
    ramp: Ramp,
    totals: npt.NDArray[np.float64],
    lowest: npt.NDArray[np.float64],
    settings: CountingSettings,
    valued: npt.NDArray[np.float64] | None = None,
) -> StrategyResult:
    """Every figure of one strategy as a function of its per-shoe means (delta method)."""
    moments = ShoeMoments.zeros((), 5)
    moments.add(totals)
    n = moments.n
    means, covariance = moments.means(), moments.covariance()
    bankroll = settings.bankroll
    hit, players, each = _ruined(totals, lowest, bankroll)
    figures = strategy_spread(
        means,
        covariance,
        n,
        won=_WON,
        dealt=_WON,
        square=_SQUARE,
        hands=_HANDS,
        per_hour=settings.per_hour,
        bankroll=bankroll,
        periods=each,
    )
    ror, within = figures.ror, figures.ruin_within
    ruined = None
    if figures.wins and ror > 0 and within >= LONG_ENOUGH * ror:
        share = hit / players
        ruined = Estimate(share, math.sqrt(share * (1 - share) / players))
    from_values = None
    if valued is not None:
        paired = ShoeMoments.zeros((), 2)
        paired.add(np.stack([valued, totals[:, _HANDS]], axis=1))
        from_values = _per_100(paired.means(), paired.covariance(), paired.n)

    def estimate(function: Callable[[npt.NDArray[np.float64]], float]) -> Estimate:
        value = function(means)
        if not math.isfinite(value) or figures.sd_per_shoe.value == 0:
            return Estimate(value, None)
        return Estimate(value, delta_se(function, means, covariance, n))

    return StrategyResult(
        name=name,
        ramp=ramp,
        won_per_shoe=estimate(lambda m: float(m[_WON])),
        sd_per_shoe=figures.sd_per_shoe,
        won_per_100=figures.won_per_100,
        sd_per_100=figures.sd_per_100,
        won_per_hour=figures.won_per_hour,
        sd_per_hour=figures.sd_per_hour,
        bet_per_round=estimate(lambda m: float(m[_BET]) / float(m[_HANDS])),
        rounds_bet=estimate(lambda m: float(m[_HANDS_BET]) / float(m[_HANDS])),
        n0=figures.n0,
        score=figures.score,
        risk_of_ruin=figures.risk_of_ruin,
        ruined=ruined,
        players=players,
        shoes_per_player=each,
        won_per_100_from_ev=from_values,
    )


def _per_100(
    means: npt.NDArray[np.float64], covariance: npt.NDArray[np.float64], n: int
) -> Estimate:
    """100 × Σ won / Σ rounds from per-shoe (won, rounds), with its delta-method SE."""

    def ratio(m: npt.NDArray[np.float64]) -> float:
        return 100 * float(m[0]) / float(m[1])

    return Estimate(ratio(means), delta_se(ratio, means, covariance, n))
