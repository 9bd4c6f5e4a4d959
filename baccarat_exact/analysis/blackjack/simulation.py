"""Blackjack shoe simulation: deal shuffled shoes and price every round exactly.

Each shoe is shuffled with its own random stream (``SeedSequence(seed, spawn_key=(i,))``
for shoe i, as the baccarat simulation does) and dealt to the cut card. Before every
round the exact value of the next round for the cards the table has not seen
(composition-dependent optimal play, :func:`~baccarat_exact.blackjack.edge.edge`) is
computed; then the round is played by the full shoe's basic strategy, card by card
(:func:`~baccarat_exact.blackjack.dealt.play_round`), which moves the shoe on by the
cards a real round of that play takes.

Each round's EV is exact (or a float in float mode, which says so); what is added up
from them is a *simulation estimate*, with a standard error over shoes, made as baccarat's
simulation makes its own (:mod:`~baccarat_exact.analysis.estimates`). Shoes are
independent units of work combined in shoe order, so a seed gives the same numbers
whatever ``jobs``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise

import numpy as np

from baccarat_exact.analysis.cluster import ClusterAddress
from baccarat_exact.analysis.estimates import (
    DEPTH_BANDS,
    Estimate,
    band_width,
    mean_estimate,
    ratio_estimate,
)
from baccarat_exact.analysis.runner import Runner
from baccarat_exact.blackjack.dealt import play_round
from baccarat_exact.blackjack.edge import Value, basic_strategy, edge
from baccarat_exact.blackjack.hands import MAX_CARDS, SLOTS, points, shoe_counts
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.solver import round_points
from baccarat_exact.blackjack.strategy import BasicStrategy
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.exact import int_text
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "EV_BINS",
    "MAX_SHOES",
    "MIN_SHOES",
    "BlackjackSimulation",
    "DepthBand",
    "EvBin",
    "Round",
    "SimulationSettings",
    "check_dealing",
    "priceable",
    "shuffled",
    "simulate",
]

EV_BINS: tuple[Fraction, ...] = tuple(
    Fraction(n, 1000) for n in (-50, -20, -10, -5, 0, 5, 10, 20, 50)
)
"""Edges of the EV distribution's bins (−5 %, −2 %, … 5 %); each bin holds the EVs above
its lower edge up to and including its upper one, so 0 closes a bin: above it, the player
has the edge."""


MIN_SHOES = 10
"""Fewest shoes from which a standard error is given: from fewer its own estimate is too
rough to mean much (from 2 shoes whose rounds all favour the player it is 0), and the
figures describe the shoes dealt rather than the game."""

MAX_SHOES = 100_000
"""Most shoes a simulation deals: every round is an exact solve (about a second on six
decks), so more could not end in any reasonable time."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SimulationSettings:
    """Everything that determines a blackjack simulation's result (with the seed)."""

    rules: BlackjackRules = field(default_factory=BlackjackRules)
    shoe: Shoe | None = None
    """The full shoe each shuffle starts from; ``None``: ``rules.decks`` decks."""
    shoes: int = 1
    seed: int = 0
    cut_card: int | None = None
    """Cards behind the cut card; ``None``: a quarter of the shoe. A round starts while the
    cut card has not come out."""
    burn: int = 1
    """Cards burned face down at the start of each shoe (they stay unseen)."""
    exact: bool = True
    """Exact (Fraction) EVs; else floats, labelled float."""

    def __post_init__(self) -> None:
        shoe = self.full_shoe
        if not 1 <= self.shoes <= MAX_SHOES:
            raise SimulationError(
                f"--shoes must be between 1 and {MAX_SHOES:,}, got {int_text(self.shoes, grouped=True)}"
                + (
                    ""
                    if self.shoes < 1
                    else " (every round is an exact solve, about a second on six decks)"
                )
            )
        if not 0 <= self.seed < 2**63:
            raise SimulationError(f"--seed must be between 0 and 2**63-1, got {self.seed}")
        check_dealing(shoe, self.burn, self.cut, self.cut_card is not None)
        if not priceable(shoe_counts(shoe), self.rules.split_hands):
            raise SimulationError(
                f"the shoe is too small to price a round exactly: it holds {points(shoe_counts(shoe))} "
                f"points (aces 1), and a round after any up card can take "
                f"{round_points(self.rules.split_hands)}"
            )

    @property
    def full_shoe(self) -> Shoe:
        """The shoe each shuffle starts from."""
        return self.shoe if self.shoe is not None else Shoe.from_decks(self.rules.decks)

    @property
    def cut(self) -> int:
        """Cards behind the cut card (the default resolved)."""
        return self.cut_card if self.cut_card is not None else self.full_shoe.cards // 4

    @property
    def dealt(self) -> int:
        """Cards from the burn to the cut card: the most a shoe deals before its last round
        (the steps of a shoe in :func:`simulate`'s progress)."""
        return self.full_shoe.cards - self.cut - self.burn


@dataclass(frozen=True, slots=True)
class Round:
    """One round dealt: where, and the exact value of playing it before it was dealt."""

    shoe: int
    """The shoe's number (0 first)."""
    depth: int
    """Cards dealt from the shoe before the round, the burn included."""
    ev: Value
    """The player's expected net win of the round under composition-dependent optimal play,
    for the cards not yet seen (a Fraction; a float in float mode)."""


@dataclass(frozen=True, slots=True)
class DepthBand:
    """Rounds that started after ``first``..``last`` cards were dealt (burn included)."""

    first: int
    last: int
    rounds: int
    positive: int
    """Rounds with EV > 0: the player had the edge."""
    mean_ev: float | None
    """Average EV of the band's rounds (a simulation estimate)."""
    best_ev: float | None
    """Largest EV seen in the band."""


@dataclass(frozen=True, slots=True)
class EvBin:
    """Rounds whose EV lies above ``low`` up to and including ``high`` (None: unbounded)."""

    low: Fraction | None
    high: Fraction | None
    rounds: int


@dataclass(frozen=True, slots=True, eq=False)
class BlackjackSimulation:
    """A simulation: its settings, every round's exact EV, and the estimates made from them."""

    settings: SimulationSettings
    strategy: BasicStrategy
    """The chart that played the rounds: the basic strategy of the full shoe."""
    strategy_value: Fraction
    """The chart's exact value per round on the full shoe."""
    rounds: tuple[Round, ...]
    """Every round dealt, in shoe order."""
    full_shoe_ev: Value
    """Exact: the value of a round from the full shoe, optimal play (every shoe's first round)."""
    mean_ev: Estimate
    """Average EV per round dealt."""
    positive_share: Estimate
    """Share of rounds with EV > 0."""
    positive_mean_ev: Estimate | None
    """Average EV of those rounds (None if there were none)."""
    positive_gain: Estimate
    """Expected units won per shoe by playing 1 unit only the rounds with EV > 0."""
    rounds_per_shoe: Estimate
    quantiles: tuple[tuple[str, float], ...]
    """EV at the 0 (least), 10, 50, 90 and 100 (largest) percentiles of the rounds."""
    bins: tuple[EvBin, ...]
    depth: tuple[DepthBand, ...]


def priceable(counts: tuple[int, ...], split_hands: int = 2) -> bool:
    """Whether the exact solver prices a round from ``counts``: after any up card the shoe
    still holds the points a round can take (more with resplits)."""
    largest = max((slot for slot in range(SLOTS) if counts[slot]), default=-1)
    return largest >= 0 and points(counts) - (largest + 1) >= round_points(split_hands)


def check_dealing(shoe: Shoe, burn: int, cut: int, cut_given: bool) -> None:
    """Refuse a shoe a simulation cannot shuffle and deal: an infinite one, one beyond
    :data:`MAX_CARDS`, a burn or a cut card (``cut`` cards behind it; ``cut_given``: the
    user's, not the default) that leaves no card for a round."""
    if shoe.infinite:
        raise SimulationError("a simulation deals real shoes: give a finite shoe")
    if shoe.cards > MAX_CARDS:
        raise SimulationError(
            f"a simulation shuffles every card: at most {MAX_CARDS:,} cards a shoe, "
            f"got {int_text(shoe.cards, grouped=True)}"
        )
    if not 0 <= burn < shoe.cards:
        raise SimulationError(
            f"--burn must be between 0 and {shoe.cards - 1} (cards in the shoe less one), "
            f"got {burn}"
        )
    most = shoe.cards - burn - 1
    if not 0 <= cut <= most:
        given = "" if cut_given else " (a quarter of the shoe by default)"
        raise SimulationError(
            f"--cut-card must be between 0 and {most} (cards behind it: the shoe of "
            f"{shoe.cards} less the burn of {burn}, and one card for a round), "
            f"got {cut}{given}"
        )


def shuffled(shoe: Shoe, seed: int, number: int) -> list[int]:
    """Shoe ``number``'s cards in dealing order (rank indices 0-12): every shoe its own
    random stream of ``seed``, so a seed deals the same shoes in every simulation, on any
    number of processes."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(number,)))
    order: list[int] = rng.permutation(np.repeat(np.arange(13), shoe.counts)).tolist()
    return order


@dataclass(frozen=True, slots=True)
class _Job:
    settings: SimulationSettings
    strategy: BasicStrategy
    shoe: int


def _deal_shoe(job: _Job, advance: Callable[[int], None] | None = None) -> tuple[Round, ...]:
    """Shuffle shoe ``job.shoe``, deal it to the cut card and price every round first
    (``advance``: told the cards dealt after each round, :attr:`SimulationSettings.dealt`
    in all)."""
    settings = job.settings
    shoe = settings.full_shoe
    order = shuffled(shoe, settings.seed, job.shoe)
    unseen = list(shoe.counts)
    stop = len(order) - settings.cut
    position = shown = settings.burn
    rounds: list[Round] = []
    while position < stop:
        left = Shoe.from_counts(unseen)
        if not priceable(shoe_counts(left), settings.rules.split_hands):
            break  # too few cards left to price a round exactly: the shoe is shuffled
        result = edge(left, settings.rules, exact=settings.exact)
        rounds.append(Round(job.shoe, position, result.optimal))
        played = play_round(order, position, job.strategy)
        for rank in order[position : played.end]:
            unseen[rank] -= 1
        position = played.end
        if advance is not None and min(position, stop) > shown:
            advance(min(position, stop) - shown)
            shown = min(position, stop)
        if not played.complete:
            break
    if advance is not None and stop > shown:
        advance(stop - shown)  # shuffled before the cut card: the rest of the shoe
    return tuple(rounds)


def simulate(
    settings: SimulationSettings,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    cluster: ClusterAddress | None = None,
    worker_setup: Callable[[], None] | None = None,
    on_workers: Callable[[int], None] | None = None,
) -> BlackjackSimulation:
    """Deal ``settings.shoes`` shoes and price every round exactly before it is dealt.

    ``jobs`` processes share the shoes, or the workers of a Dask ``cluster``
    (:mod:`..cluster`: one shoe per task); the result is the same whatever deals them.
    ``progress`` is told the cards dealt, :attr:`SimulationSettings.dealt` a shoe (after
    each round on one process, after each shoe on several). ``worker_setup`` runs once on
    each cluster worker; ``on_workers`` is told a cluster's worker threads once connected.
    """
    runner = Runner(jobs, cluster, worker_setup, on_workers)
    shoe = settings.full_shoe
    # the chart is derived exactly, so that --exact changes the arithmetic of the EVs only
    strategy, value = basic_strategy(shoe, settings.rules, exact=True)
    assert isinstance(value, Fraction)
    work = (_Job(settings, strategy, number) for number in range(settings.shoes))
    by_shoe: list[tuple[Round, ...]] = []
    if runner.here(settings.shoes):  # progress told after each round
        by_shoe = [_deal_shoe(job, progress) for job in work]
    else:
        for _, rounds in runner.map(_deal_shoe, work, settings.shoes):
            by_shoe.append(rounds)
            if progress is not None:
                progress(settings.dealt)
    return _summarize(settings, strategy, value, by_shoe)


def _positive(ev: Value) -> bool:
    return ev > 0


def _summarize(
    settings: SimulationSettings,
    strategy: BasicStrategy,
    value: Fraction,
    by_shoe: list[tuple[Round, ...]],
) -> BlackjackSimulation:
    rounds = tuple(r for shoe in by_shoe for r in shoe)
    evs = [float(r.ev) for r in rounds]
    count = [float(len(shoe)) for shoe in by_shoe]
    sums = [sum(float(r.ev) for r in shoe) for shoe in by_shoe]
    positive = [float(sum(_positive(r.ev) for r in shoe)) for shoe in by_shoe]
    gains = [sum(float(r.ev) for r in shoe if _positive(r.ev)) for shoe in by_shoe]
    mean_ev = ratio_estimate(sums, count, least=MIN_SHOES)
    share = ratio_estimate(positive, count, least=MIN_SHOES)
    assert mean_ev is not None and share is not None  # every shoe deals a round
    cards = settings.full_shoe.cards
    width = band_width(cards)
    bands = []
    for band in range(DEPTH_BANDS):
        first, last = band * width, min((band + 1) * width, cards)
        if first >= cards:
            break
        inside = [r for r in rounds if first <= r.depth < last]
        values = [float(r.ev) for r in inside]
        bands.append(
            DepthBand(
                first=first,
                last=last - 1,
                rounds=len(inside),
                positive=sum(_positive(r.ev) for r in inside),
                mean_ev=sum(values) / len(values) if values else None,
                best_ev=max(values) if values else None,
            )
        )
    edges: list[Fraction | None] = [None, *EV_BINS, None]
    bins = tuple(
        EvBin(
            low,
            high,
            sum((low is None or r.ev > low) and (high is None or r.ev <= high) for r in rounds),
        )
        for low, high in pairwise(edges)
    )
    percentiles = np.quantile(np.array(evs), [0.0, 0.1, 0.5, 0.9, 1.0])
    return BlackjackSimulation(
        settings=settings,
        strategy=strategy,
        strategy_value=value,
        rounds=rounds,
        full_shoe_ev=rounds[0].ev,
        mean_ev=mean_ev,
        positive_share=share,
        positive_mean_ev=ratio_estimate(gains, positive, least=MIN_SHOES),
        positive_gain=mean_estimate(gains, least=MIN_SHOES),
        rounds_per_shoe=mean_estimate(count, least=MIN_SHOES),
        quantiles=tuple(
            zip(("least", "10 %", "median", "90 %", "largest"), (float(q) for q in percentiles))
        ),
        bins=bins,
        depth=tuple(bands),
    )
