"""What a player does at a dealt table: the policy hook of the one card-by-card dealer.

:class:`~baccarat_exact.blackjack.dealt.RoundDealer` deals and settles; a *policy* chooses
each move. :class:`ChartPolicy` plays a basic strategy chart; a counter's policy
(:class:`~baccarat_exact.blackjack.index_play.IndexPolicy`) departs from the chart at
the table's true count through :meth:`ChartPolicy.depart`. Moves are small integer codes
(:data:`STAND` … :data:`SURRENDER`), as a compiled kernel reads them; cards are rank
indices 0-12 (A 2 … 9 T J Q K).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from baccarat_exact.blackjack.hands import SLOTS, TEN, Counts
from baccarat_exact.blackjack.round.moves import forced_stand, may_double, may_surrender
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.strategy import BasicStrategy, Move, UpCardPlay

__all__ = [
    "DOUBLE",
    "HIT",
    "MOVE_CODES",
    "SLOT_OF_RANK",
    "SPLIT",
    "STAND",
    "SURRENDER",
    "ChartPolicy",
    "IndexEntries",
    "Policy",
    "Table",
    "counts_of",
    "may_make",
]

SLOT_OF_RANK = tuple(min(rank, TEN) for rank in range(13))
"""Value slot of each rank index 0-12 (A 2 … 9 T J Q K): T J Q K all ten."""

IndexEntries = tuple[tuple[int, int | None, int | None], ...]
"""A hand's index plays as a policy reads them, in order: (index, move at or above it, move
below it), moves as codes (None: the chart's)."""

STAND, HIT, DOUBLE, SPLIT, SURRENDER = range(5)
"""A move as the small integer the dealer and a compiled kernel use."""
MOVE_CODES = {Move.STAND: STAND, Move.HIT: HIT, Move.DOUBLE: DOUBLE, Move.SPLIT: SPLIT}
MOVE_CODES[Move.SURRENDER] = SURRENDER


def counts_of(ranks: Sequence[int]) -> Counts:
    """Value counts (A 2 … 9 T) of cards given as rank indices 0-12."""
    counts = [0] * SLOTS
    for rank in ranks:
        counts[SLOT_OF_RANK[rank]] += 1
    return tuple(counts)


class Table(Protocol):
    """What a policy may read of the table: the true count."""

    def true_count_at_least(self, index: int) -> bool:
        """Whether the true count now is at least ``index``."""
        ...


class Policy(Protocol):
    """What the player does at a table: the move for a hand, and whether to insure."""

    rules: BlackjackRules
    """The rules the player plays by (the table's)."""

    def decide(
        self,
        table: Table,
        up: int,
        cards: list[int],
        hard: int,
        soft: int,
        extra: int,
        pair: int,
    ) -> int:
        """The move code for ``cards`` (rank indices; ``hard`` their points, ``soft`` whether
        one is an ace) against the up card's slot ``up``; ``extra`` the split card's slot
        (-1 unsplit), ``pair`` the slot of a pair that may split (else -1)."""
        ...

    def insures(self, table: Table) -> bool:
        """Whether to take insurance against an ace, now."""
        ...


class ChartPolicy:
    """Play a basic strategy chart: its move for the hand, cached by all the chart reads (the
    total and whether it is soft, two cards or more, the split card, a pair that may split)."""

    def __init__(self, strategy: BasicStrategy) -> None:
        self.strategy = strategy
        self.rules = strategy.rules
        self._moves: dict[tuple[int, int, bool, int, int, int], int] = {}
        self._unsurrendered: dict[int, UpCardPlay] = {}
        self.departs = False
        """Whether :meth:`depart` may change the chart's move (a policy that departs sets it)."""

    def chart(
        self, up: int, cards: list[int], total: int, soft: bool, extra: int, pair: int
    ) -> int:
        """The chart's move for a hand of ``total`` (``soft``) against ``up``."""
        key = (up, total, soft, len(cards) if len(cards) < 3 else 3, extra, pair)
        move = self._moves.get(key)
        if move is None:
            play = self.strategy.plays[up]
            chosen = play.move(counts_of(cards), extra, self.rules, splittable=pair >= 0)
            move = MOVE_CODES[chosen]
            self._moves[key] = move
        return move

    def kept(self, up: int, cards: list[int], extra: int, pair: int) -> int:
        """The chart's move for a hand it surrenders, when the player keeps it."""
        play = self._unsurrendered.get(up)
        if play is None:
            play = replace(self.strategy.plays[up], surrenders=frozenset())
            self._unsurrendered[up] = play
        return MOVE_CODES[play.move(counts_of(cards), extra, self.rules, splittable=pair >= 0)]

    def decide(
        self,
        table: Table,
        up: int,
        cards: list[int],
        hard: int,
        soft: int,
        extra: int,
        pair: int,
    ) -> int:
        """The chart's move, as :meth:`depart` may change it."""
        is_soft = bool(soft) and hard <= 11
        total = hard + 10 if is_soft else hard
        move = self.chart(up, cards, total, is_soft, extra, pair)
        if not self.departs:
            return move
        return self.depart(table, move, up, cards, total, is_soft, extra, pair)

    def depart(
        self,
        table: Table,
        move: int,
        up: int,
        cards: list[int],
        total: int,
        soft: bool,
        extra: int,
        pair: int,
    ) -> int:
        """The move played where the chart says ``move`` (a chart plays it; a counter's
        policy may depart from it)."""
        return move

    def insures(self, table: Table) -> bool:
        """A chart never insures."""
        return False

    def index_plays(self, up: int, total: int, soft: bool, pair: int) -> IndexEntries:
        """The index plays :meth:`depart` reads for a hand, in order (a chart: none)."""
        return ()

    @property
    def insurance_index(self) -> int | None:
        """The true count from which insurance is taken (None: never)."""
        return None


def may_make(
    rules: BlackjackRules,
    move: int,
    cards: list[int],
    total: int,
    soft: bool,
    extra: int,
    pair: int,
) -> bool:
    """Whether the hand may make ``move`` under the rules (for a policy that departs from the
    chart: an index play's move may be one the hand cannot make)."""
    two = len(cards) == 2
    if two and forced_stand(rules, extra):
        return move == STAND
    if move == DOUBLE:
        return two and may_double(rules, total, soft, extra=extra)
    if move == SURRENDER:
        return may_surrender(rules, cards=len(cards), extra=extra)
    if move == SPLIT:
        return pair >= 0
    return True
