"""The compiled counting dealer's inputs: the round and the player's policy as tables.

``_counting.c`` deals shoes card by card as :class:`~baccarat_exact.blackjack.dealt.
RoundDealer` does, and reads everything the rules and the player decide from tables made
here from the same definitions: the round's (:func:`~baccarat_exact.blackjack.dealt.
dealt_tables`: settlement rows, the dealer's stops, the pairs that may split, the paid
Triple Sevens, the peek, insurance), and the policy's, one entry per *decision state*
(up card, the split card or none, two cards or more, soft or hard, total; or an unsplit
pair that may split): the chart's move (:meth:`~baccarat_exact.blackjack.policy.
ChartPolicy.chart`), the move kept below a surrender index, the moves the hand may make
(:func:`~baccarat_exact.blackjack.policy.may_make`) and the hand's index plays in the
order the policy tries them (:meth:`~baccarat_exact.blackjack.policy.ChartPolicy.
index_plays`). The kernel runs the policy's :meth:`~baccarat_exact.blackjack.index_play.
IndexPolicy.depart` loop over those entries at the table's true count.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import ModuleType

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.dealt import COUNT_ROW, count_row, dealt_tables
from baccarat_exact.blackjack.hands import ACE, SLOTS
from baccarat_exact.blackjack.index_play import IndexPlay, IndexPolicy
from baccarat_exact.blackjack.policy import SURRENDER, may_make
from baccarat_exact.blackjack.strategy import BasicStrategy
from baccarat_exact.blackjack.true_count import ALONE, EXACT, Reckoning, Seating

__all__ = [
    "HAND_STATES",
    "KELLY_RANGE",
    "STATES",
    "KernelTables",
    "Ramps",
    "ShoeSums",
    "compiled",
    "deal_shoes",
    "hand_state",
    "kernel_tables",
    "pair_state",
]

KELLY_RANGE = 30
"""True counts below −30 or above +30 are binned with ±30 for the Kelly ramp."""

_TOTALS = 22
"""Totals a decision state holds (0–21)."""
HAND_STATES = SLOTS * (SLOTS + 1) * 2 * 2 * _TOTALS
"""States of a hand played by its total: (up, split card + 1, two cards or more, soft,
total)."""
STATES = HAND_STATES + SLOTS * SLOTS
"""And an unsplit pair that may split: (up, pair slot)."""
_MOVES = 5


try:
    from baccarat_exact.blackjack import _counting
except ImportError:  # pragma: no cover - built in the tested install
    _counting = None  # type: ignore[assignment]


def compiled() -> ModuleType | None:
    """The compiled kernel, or None where it was not built (the Python path then deals)."""
    return _counting


def hand_state(up: int, extra: int, two: bool, soft: bool, total: int) -> int:
    """The index of a hand's decision state (as ``_counting.c`` computes it)."""
    return (((up * (SLOTS + 1) + extra + 1) * 2 + int(two)) * 2 + int(soft)) * _TOTALS + total


def pair_state(up: int, pair: int) -> int:
    """The index of an unsplit pair's decision state."""
    return HAND_STATES + up * SLOTS + pair


@cache
def _hand_classes() -> dict[tuple[bool, bool, int], list[int]]:
    """A hand (value slots, which are also rank indices) of every (two cards, soft, total)
    a hand of at most 21 points can have."""
    found: dict[tuple[bool, bool, int], list[int]] = {}

    def visit(cards: tuple[int, ...], hard: int) -> None:
        if len(cards) >= 2:
            soft = ACE in cards and hard <= 11
            found.setdefault((len(cards) == 2, soft, hard + 10 if soft else hard), list(cards))
        for slot in range(cards[-1], SLOTS):
            if hard + slot + 1 <= 21:
                visit((*cards, slot), hard + slot + 1)

    for slot in range(SLOTS):
        visit((slot,), slot + 1)
    return found


@dataclass(frozen=True, slots=True, eq=False)
class KernelTables:
    """Everything ``_counting.deal`` reads of the rules, the policy and the counts (numpy
    arrays of the dtypes it checks)."""

    tags: npt.NDArray[np.int32]
    """(counts, :data:`~baccarat_exact.blackjack.dealt.COUNT_ROW`): each count's row (its
    tag per rank, a red seven's, unit, start, read per deck); the first is the count bets
    follow."""
    play_count: int
    """The count whose true count the index plays and insurance read."""
    values: npt.NDArray[np.int64]
    rows: npt.NDArray[np.int64]
    """natural, surrender, bust (stake 1, 2), seven (1, 2), stand (1, 2), total step."""
    pairs: npt.NDArray[np.int8]
    sevens: npt.NDArray[np.int8]
    stops: npt.NDArray[np.int8]
    money: npt.NDArray[np.int64]
    """Insurance v a dealer blackjack and v none; the peek's results (unplayed, player
    blackjack, surrender)."""
    possible: npt.NDArray[np.int8]
    peek: int
    scale: int
    chart: npt.NDArray[np.int8]
    kept: npt.NDArray[np.int8]
    mask: npt.NDArray[np.int8]
    """Per state: bit m set where the hand may make move m."""
    first: npt.NDArray[np.int32]
    number: npt.NDArray[np.int32]
    indices: npt.NDArray[np.int32]
    moves: npt.NDArray[np.int8]
    """Per index play: its move at or above the index, below it (-1: none)."""
    insurance: int | None

    def arguments(self) -> tuple[object, ...]:
        """The table arguments of ``_counting.deal``, in its order."""
        return (
            self.tags,
            self.play_count,
            self.values,
            self.rows,
            self.pairs,
            self.sevens,
            self.stops,
            self.money,
            self.possible,
            self.peek,
            self.chart,
            self.kept,
            self.mask,
            self.first,
            self.number,
            self.indices,
            self.moves,
            -(2**31) if self.insurance is None else self.insurance,
            int(self.insurance is not None),
        )


@cache
def kernel_tables(
    strategy: BasicStrategy,
    plays: tuple[IndexPlay, ...],
    tags: tuple[tuple[int, ...], ...],
    play_count: int = 0,
) -> KernelTables:
    """The tables of the player who plays ``strategy`` and ``plays`` at the true count of
    ``tags[play_count]`` and bets by ``tags[0]`` (made once per process and player)."""
    rules = strategy.rules
    policy = IndexPolicy(strategy, plays)
    round_ = dealt_tables(rules)
    chart = np.full(STATES, -1, dtype=np.int8)
    kept = np.full(STATES, -1, dtype=np.int8)
    mask = np.zeros(STATES, dtype=np.int8)
    first = np.zeros(STATES, dtype=np.int32)
    number = np.zeros(STATES, dtype=np.int32)
    indices: list[int] = []
    moves: list[int] = []

    masks: dict[tuple[int, bool, bool, int, int], int] = {}

    def state(index: int, up: int, cards: list[int], total: int, soft: bool, extra: int) -> None:
        pair = cards[0] if index >= HAND_STATES else -1
        move = policy.chart(up, cards, total, soft, extra, pair)
        chart[index] = move
        # the kernel reads the move kept only where the chart surrenders
        kept[index] = policy.kept(up, cards, extra, pair) if move == SURRENDER else move
        key = (extra, len(cards) == 2, soft, total, pair)  # what may_make reads
        if key not in masks:
            masks[key] = sum(
                1 << m for m in range(_MOVES) if may_make(rules, m, cards, total, soft, extra, pair)
            )
        mask[index] = masks[key]
        entries = policy.index_plays(up, total, soft, pair)
        first[index], number[index] = len(indices), len(entries)
        for at, above, below in entries:
            indices.append(at)
            moves.extend((-1 if above is None else above, -1 if below is None else below))

    for up in range(SLOTS):
        for (two, soft, total), cards in _hand_classes().items():
            for extra in range(-1, SLOTS):
                state(hand_state(up, extra, two, soft, total), up, cards, total, soft, extra)
        for slot in range(SLOTS):
            soft = slot == ACE
            total = 12 if soft else 2 * (slot + 1)
            state(pair_state(up, slot), up, [slot, slot], total, soft, -1)
    return KernelTables(
        tags=np.array([count_row(t) for t in tags], dtype=np.int32).reshape(len(tags), COUNT_ROW),
        play_count=play_count,
        values=np.array(round_.values, dtype=np.int64),
        rows=np.array(
            [
                round_.natural_row,
                round_.surrender_row,
                *round_.bust_rows[1:],
                *round_.seven_rows[1:],
                *round_.stand_rows[1:],
                round_.total_step,
            ],
            dtype=np.int64,
        ),
        pairs=np.array(round_.pairs, dtype=np.int8).reshape(-1),
        sevens=np.array(round_.sevens_paid, dtype=np.int8),
        stops=np.array(round_.stops, dtype=np.int8).reshape(-1),
        money=np.array([*round_.insurance, *round_.peeked], dtype=np.int64),
        possible=np.array(round_.possible, dtype=np.int8),
        peek=int(round_.peek),
        scale=round_.scale,
        chart=chart,
        kept=kept,
        mask=mask,
        first=first,
        number=number,
        indices=np.array(indices, dtype=np.int32),
        moves=np.array(moves, dtype=np.int8),
        insurance=policy.insurance_index,
    )


@dataclass(frozen=True, slots=True)
class Ramps:
    """Every way of betting as the kernel reads it: ``steps`` (one offset per ramp into
    ``thresholds``, and the end), ``units`` (per ramp its minimum, then its steps' units),
    ``wong`` (a ramp's wong-out count where ``has_wong``)."""

    steps: npt.NDArray[np.int64]
    thresholds: npt.NDArray[np.float64]
    units: npt.NDArray[np.int64]
    wong: npt.NDArray[np.float64]
    has_wong: npt.NDArray[np.int8]


@dataclass(frozen=True, slots=True)
class ShoeSums:
    """What ``_counting.deal`` writes: per shoe and way of betting, units won, its square,
    units bet, rounds bet, rounds dealt; the lowest running win; and by whole true count
    the rounds, Σ net and Σ net² (× scale, scale²)."""

    totals: npt.NDArray[np.float64]
    lowest: npt.NDArray[np.float64]
    bins: npt.NDArray[np.int64]


def deal_shoes(
    kernel: ModuleType,
    tables: KernelTables,
    cards: list[int],
    ramps: Ramps,
    *,
    seed: int,
    first: int,
    last: int,
    burn: int,
    stop: int,
    orders: npt.NDArray[np.uint8] | None = None,
    seating: Seating = ALONE,
    reckoning: Reckoning = EXACT,
) -> ShoeSums:
    """Deal shoes ``first``..``last``-1 of ``seed`` (``cards``: the shoe as rank indices in
    rank order) with the compiled kernel, at the table ``seating`` with the true count as
    ``reckoning`` says; ``orders`` ((shoes, cards)) deals given orders instead of
    shuffling."""
    shoes, strategies = last - first, len(ramps.wong)
    sums = ShoeSums(
        np.zeros((shoes, strategies, 5)),
        np.zeros((shoes, strategies)),
        np.zeros((2 * KELLY_RANGE + 1, 3), dtype=np.int64),
    )
    kernel.deal(
        np.array(cards, dtype=np.uint8),
        *tables.arguments(),
        seed,
        first,
        last,
        burn,
        stop,
        tables.scale,
        ramps.steps,
        ramps.thresholds,
        ramps.units,
        ramps.wong,
        ramps.has_wong,
        sums.totals,
        sums.lowest,
        sums.bins,
        np.zeros(0, dtype=np.uint8) if orders is None else np.ascontiguousarray(orders),
        *_table_arguments(seating, reckoning),
    )
    return sums


def _table_arguments(seating: Seating, reckoning: Reckoning) -> tuple[int | float, ...]:
    """The table and the reckoning as ``_counting.deal``'s last arguments read them."""

    def given(value: float | None) -> tuple[float, int]:
        return (0.0, 0) if value is None else (float(value), 1)

    return (
        seating.seats,
        seating.seat,
        *given(seating.wong_in),
        *given(seating.wong_out),
        *given(seating.two_hands_at),
        reckoning.step,
        reckoning.rounding_code,
        reckoning.error_cards,
    )
