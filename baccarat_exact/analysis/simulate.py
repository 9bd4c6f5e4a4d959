"""Shoe simulation: deal shuffled shoes and price every hand exactly.

Each shoe is shuffled with its own random stream (``SeedSequence(seed,
spawn_key=(i,))`` for shoe i), dealt as in punto banco (burn rule, cut card),
and before every hand the exact EV of every bet is computed for the cards the
table has not seen, through the engine's batch path. Those per-hand values are
exact; what this module adds up from them is a *simulation estimate* with a
standard error over shoes, kept in its own types (:mod:`.estimates`) so it is
never confused with an exact result. Shoes are processed in fixed chunks and
combined in shoe order, so a seed gives the same numbers whatever ``jobs``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

import numpy as np

from baccarat_exact.analysis.counting import (
    DEFAULT_LEVEL,
    CountFit,
    CountSystem,
    derive_count,
    fit_count,
)
from baccarat_exact.analysis.eor import EffectOfRemoval, effect_of_removal
from baccarat_exact.analysis.pricing import price_batch
from baccarat_exact.bets import Bet, main_bets
from baccarat_exact.cards import POINT_VALUE
from baccarat_exact.errors import BaccaratError
from baccarat_exact.events import event_index
from baccarat_exact.pairs import even_suits
from baccarat_exact.rules import PLAYER_STOOD, Rules, Tableau
from baccarat_exact.shoe import Shoe
from baccarat_exact.tuning import keep_freed_memory, one_blas_thread

if TYPE_CHECKING:
    from baccarat_exact.analysis.estimates import ChunkTotals, SimulationResult

__all__ = [
    "BurnRule",
    "DealtShoe",
    "SimulationError",
    "SimulationSettings",
    "deal_shoe",
    "simulate",
]

CHUNK_SHOES = 25
"""Shoes per unit of work; fixed, so results never depend on the number of jobs."""

PLOT_SHOES = 5000
"""Per-hand EVs of at most this many shoes are kept for plots."""


class SimulationError(BaccaratError):
    """Simulation settings that cannot be dealt (no shoes, a cut card outside the shoe…)."""


class BurnRule(str, Enum):
    """What the dealer burns at the start of each shoe."""

    standard = "standard"
    """Turn the first card face up and burn that many more face down (10-value cards: 10)."""
    none = "none"
    """Burn nothing."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SimulationSettings:
    """Everything that determines a simulation's result (with the seed)."""

    shoe: Shoe = field(default_factory=lambda: Shoe.from_decks(8))
    """The full shoe each shuffle starts from."""
    rules: Rules = field(default_factory=Rules)
    bets: tuple[Bet, ...] = ()
    """Bets to price at every hand (empty: Banker, Player, Tie)."""
    shoes: int = 1000
    seed: int = 0
    burn: BurnRule = BurnRule.standard
    cut_card: int = 16
    """Cards behind the cut card. When it comes out the hand is finished and one
    more is dealt (if it is the first card of a hand, that hand is the last)."""
    count: CountSystem | None = None
    """The count of the counting player; None: each bet's own derived count."""
    level: int = DEFAULT_LEVEL
    """Largest tag of the derived counts."""
    threshold: float | None = None
    """Bet when the true count is at least this; None: the break-even of the linear model."""

    def __post_init__(self) -> None:
        if self.shoe.infinite:
            raise SimulationError("a simulation deals real shoes: give a finite shoe")
        if self.shoes < 1:
            raise SimulationError(f"--shoes must be 1 or more, got {self.shoes}")
        if not 0 <= self.cut_card <= self.shoe.cards:
            raise SimulationError(
                f"--cut-card must be between 0 and {self.shoe.cards} (cards behind it), got {self.cut_card}"
            )
        if self.shoe.cards < 6:
            raise SimulationError(f"the shoe holds {self.shoe.cards} cards; a round can need 6")
        if not 0 <= self.seed < 2**63:
            raise SimulationError(f"--seed must be between 0 and 2**63-1, got {self.seed}")

    @property
    def chosen_bets(self) -> tuple[Bet, ...]:
        """The bets priced: ``bets`` or the three main bets."""
        return self.bets or main_bets(self.rules)


@dataclass(frozen=True, slots=True)
class DealtShoe:
    """How one shuffled shoe was dealt."""

    hands: tuple[tuple[int, int, int], ...]
    """(first card, one past the last card, event index) of each hand, by position."""
    hidden: frozenset[int]
    """Positions burned face down (never seen by the table)."""


def _round(values: Sequence[int], at: int, tableau: Tableau) -> tuple[int, int]:
    """Deal one round from position ``at``: (one past its last card, event index)."""
    player = (values[at] + values[at + 2]) % 10
    banker = (values[at + 1] + values[at + 3]) % 10
    k = at + 4
    if player in tableau.naturals or banker in tableau.naturals:
        return k, event_index(player, banker, 2, 2)
    player_cards = banker_cards = 2
    column = PLAYER_STOOD
    if tableau.player[player]:
        column = values[k]
        player = (player + column) % 10
        player_cards, k = 3, k + 1
    if tableau.banker[banker][column]:
        banker = (banker + values[k]) % 10
        banker_cards, k = 3, k + 1
    return k, event_index(player, banker, player_cards, banker_cards)


def deal_shoe(order: Sequence[int], tableau: Tableau, burn: BurnRule, cut_card: int) -> DealtShoe:
    """Deal a shoe whose cards (rank indices 0–12, top first) are ``order``.

    Burn: the first card is turned up and as many cards as its value (10 for a
    10-value card) are burned face down. A hand is dealt while at least 6 cards
    are left; after a hand that started at or past the cut card the shoe ends.
    """
    values = [POINT_VALUE[r] for r in order]
    size = len(values)
    cut = size - cut_card
    position = 0
    hidden: frozenset[int] = frozenset()
    if burn is BurnRule.standard and size:
        burned = values[0] or 10
        hidden = frozenset(range(1, min(1 + burned, size)))
        position = min(1 + burned, size)
    hands = []
    while size - position >= 6:
        start = position
        position, event = _round(values, start, tableau)
        hands.append((start, position, event))
        if start >= cut:
            break
    return DealtShoe(hands=tuple(hands), hidden=hidden)


@dataclass(frozen=True, slots=True)
class _Job:
    settings: SimulationSettings
    fits: tuple[CountFit, ...]
    first: int
    last: int
    keep_hands: bool


def _simulate_chunk(job: _Job) -> ChunkTotals:
    """Deal shoes ``first``..``last``-1 and total their exact per-hand prices."""
    keep_freed_memory()
    with one_blas_thread():
        return _deal_and_price(job)


def _deal_and_price(job: _Job) -> ChunkTotals:
    from baccarat_exact.analysis.estimates import ChunkTotals

    settings = job.settings
    bets = settings.chosen_bets
    # Cards are (rank, suit) identities 4·rank + suit: pair bets need the suits left.
    by_suit = np.array(even_suits(settings.shoe), dtype=np.int64).reshape(52)
    deck = np.repeat(np.arange(52), by_suit)
    size = len(deck)
    tags = np.array([fit.count.rank_tags() for fit in job.fits], dtype=np.float64).T  # (13, bets)
    means = np.array([float(fit.mean_tag) for fit in job.fits])
    shoe_of_hand, depth, states, seen, running = [], [], [], [], []
    for shoe_number in range(job.first, job.last):
        rng = np.random.default_rng(np.random.SeedSequence(settings.seed, spawn_key=(shoe_number,)))
        cards = rng.permutation(deck)
        order = cards // 4
        dealt = deal_shoe(order.tolist(), settings.rules.tableau, settings.burn, settings.cut_card)
        starts = [start for start, _, _ in dealt.hands]
        # Cards seen before hand k: visible cards at positions below its start, i.e. those
        # with at most k hand starts at or before them; kept small (hands × 52), no per-card table.
        visible = np.ones(size)
        visible[list(dealt.hidden)] = 0
        group = np.searchsorted(starts, np.arange(size), side="right")
        by_group = np.bincount(
            group * 52 + cards, weights=visible, minlength=(len(starts) + 1) * 52
        )
        seen_cards = (
            np.cumsum(by_group.reshape(-1, 52), axis=0)[: len(starts)].round().astype(np.int64)
        )
        seen_ranks = seen_cards.reshape(-1, 13, 4).sum(axis=2)
        shoe_of_hand.extend([shoe_number] * len(starts))
        depth.extend(starts)
        states.append(by_suit - seen_cards)
        seen.append(seen_ranks.sum(axis=1))
        running.append(seen_ranks @ tags)
    n_bets = len(job.fits)
    if not depth:
        return ChunkTotals.empty(job.first, job.last, n_bets, size, job.keep_hands)
    unseen_suits = np.concatenate(states).reshape(-1, 13, 4)
    unseen = unseen_suits.sum(axis=2)
    needs_suits = any(bet.needs_pairs for bet in bets)
    prices = price_batch(unseen, settings.rules, bets, suits=unseen_suits if needs_suits else None)
    seen_cards = np.concatenate(seen).astype(np.float64)
    true_count = (
        (np.concatenate(running) - seen_cards[:, None] * means) * 52 / unseen.sum(axis=1)[:, None]
    )
    if settings.threshold is not None:
        count_bets = true_count >= settings.threshold
    else:
        slope = np.array([fit.ev_per_true_count for fit in job.fits])
        base = np.array([float(fit.ev) for fit in job.fits])
        count_bets = base + slope * true_count > 0
    return ChunkTotals.from_hands(
        first=job.first,
        last=job.last,
        shoe_of_hand=np.array(shoe_of_hand, dtype=np.int64),
        depth=np.array(depth, dtype=np.int64),
        ev=prices.ev_float(),
        positive=prices.positive(),
        surebet=prices.surebet(),
        count_bets=count_bets,
        cards=size,
        keep_hands=job.keep_hands,
    )


def count_fits(settings: SimulationSettings, eor: EffectOfRemoval) -> tuple[CountFit, ...]:
    """The counting player's count for each bet and how it fits that bet."""
    fits = []
    for b in range(len(eor.bets)):
        count = (
            settings.count if settings.count is not None else derive_count(eor, b, settings.level)
        )
        fits.append(fit_count(eor, b, count))
    return tuple(fits)


def simulate(
    settings: SimulationSettings,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    keep_hands: bool = False,
) -> SimulationResult:
    """Deal ``settings.shoes`` shoes and estimate what exact play at every hand is worth.

    ``jobs`` processes share the work; ``progress`` is called with the number of
    shoes finished after each chunk. ``keep_hands`` keeps per-hand EVs (of the
    first :data:`PLOT_SHOES` shoes) for plots.
    """
    if jobs < 1:
        raise SimulationError(f"--jobs must be 1 or more, got {jobs}")
    eor = effect_of_removal(settings.shoe, settings.rules, settings.chosen_bets)
    fits = count_fits(settings, eor)
    work = [
        _Job(
            settings,
            fits,
            first,
            min(first + CHUNK_SHOES, settings.shoes),
            keep_hands and first < PLOT_SHOES,
        )
        for first in range(0, settings.shoes, CHUNK_SHOES)
    ]
    from baccarat_exact.analysis.estimates import summarise

    chunks: list[ChunkTotals] = []
    if jobs == 1 or len(work) == 1:
        for job in work:
            chunks.append(_simulate_chunk(job))
            if progress is not None:
                progress(job.last - job.first)
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        # fork where the platform has it: measured faster than spawn here (docs/performance.md)
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        context = multiprocessing.get_context(method)
        with ProcessPoolExecutor(max_workers=min(jobs, len(work)), mp_context=context) as pool:
            for job, chunk in zip(work, pool.map(_simulate_chunk, work)):
                chunks.append(chunk)
                if progress is not None:
                    progress(job.last - job.first)
    return summarise(settings=settings, reference=eor, fits=fits, chunks=chunks)
