"""Rounds dealt card by card from a shuffled shoe, played by a policy and settled.

A simulation moves through the shoe as a real table does, and the cards a round uses
depend on how it is played: a split or a hit takes cards, and so does the dealer, who
draws only while some hand still waits for his total. :class:`RoundDealer` is the one
card-by-card dealer: it follows the round of :mod:`~baccarat_exact.blackjack.round` (the
deal order, the peek, blackjacks, surrender, splits and resplits, split aces that take one
card, doubles, Triple Seven paid at once, the dealer's draw) and settles every hand with
its :class:`~baccarat_exact.blackjack.round.settle.SettlementTable`. Where the rules'
settlement turns on a dealer blackjack the round did not show (no hole card, an ace or ten
up, and hands that lose differently to it), the dealer's second card is dealt to settle,
as at a table.

What the player does is the *policy*'s (:mod:`~baccarat_exact.blackjack.policy`):
:class:`~baccarat_exact.blackjack.policy.ChartPolicy` plays a basic strategy chart,
:class:`~baccarat_exact.blackjack.index_play.IndexPolicy` a chart and its index plays at
the true count. The exact ``simulate`` uses only where a round ends (:func:`play_round`);
``counting`` also what it won and the count before it (:meth:`RoundDealer.play_shoe`).

**Counting.** The running count adds each card's tag when the card is seen: every card
of the player's hands and the dealer's up card when dealt, the dealer's other cards when
turned over; burned cards are never seen. The true count at a decision is the running
count per deck of the cards not yet seen (``running · 52 / unseen``), compared with an
index exactly (``running · 52 ≥ index · unseen``). A count is kept as a row of
:data:`COUNT_ROW` whole numbers: a tag per rank, a red seven's tag (a shoe whose red
sevens a count tags apart deals them as the card :data:`RED_SEVEN`, a seven to play), the
tags' unit (2: half points, the true count ``running · 52 / (2 · unseen)``), the running
count a shoe starts at (an unbalanced count's IRC, in units) and whether it is read per
deck left (1) or, unbalanced, as it runs (0: ``running ≥ index · unit``). As a counter
reckons a true count instead (decks estimated to a resolution, the quotient rounded, the
estimate misjudged): :class:`~baccarat_exact.blackjack.true_count.Reckoning`, whose divisor
takes the unseen cards' place (``running · 52 / (unit · divisor)``); an unbalanced count
has no divisor, so a dealer refuses a reckoning other than the exact one for it.

**The table.** The counter may share the table (:class:`~baccarat_exact.blackjack.
true_count.Seating`): every spot takes its first card in seat order, then the dealer his up
card, then every spot its second card (then the hole card); the spots play in seat order,
the others by the chart (their cards seen and counted); the dealer draws while any hand at
the table waits for his total, and, without a hole card, turns his second card where his
blackjack would change what some spot wins. Only the counter's spots are settled; with two
spots, his second sits right after his own. A counter who wongs in watches (no spot of
his) until the count calls him in (an unbalanced count: its running count, in points).

Results are integers: one unit's net result times :attr:`RoundDealer.scale` (the
settlement table's scale), so sums over millions of rounds stay exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from baccarat_exact.blackjack.hands import ACE, SEVEN, TEN
from baccarat_exact.blackjack.policy import (
    DOUBLE,
    SLOT_OF_RANK,
    SPLIT,
    STAND,
    SURRENDER,
    ChartPolicy,
    Policy,
)
from baccarat_exact.blackjack.round import (
    BLACKJACK,
    BUST,
    End,
    dealer_stops,
    hands_possible,
    is_triple_seven,
    may_split,
    peeks,
    settle_insurance,
    settle_peeked,
    settlement_table,
)
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.strategy import BasicStrategy
from baccarat_exact.blackjack.true_count import (
    ALONE,
    EXACT,
    Reckoning,
    Seating,
    rounded_quotient,
)
from baccarat_exact.errors import RulesError
from baccarat_exact.model.shuffle import Stream

__all__ = [
    "COUNT_ROW",
    "RED_SEVEN",
    "DealtTables",
    "PlayedRound",
    "PlayedShoe",
    "RoundDealer",
    "count_row",
    "dealt_tables",
    "play_round",
]

RED_SEVEN = 13
"""The card a red seven is dealt as where a count tags it apart (a seven to play)."""

COUNT_ROW = 17
"""Whole numbers a count is kept as (module docstring): 13 rank tags, a red seven's tag,
the unit, the running count a shoe starts at, 1 if read per deck left."""

_RED, _UNIT, _START, _PER_DECK = 13, 14, 15, 16


def count_row(tags: Sequence[int]) -> tuple[int, ...]:
    """A count as a :data:`COUNT_ROW` row: 13 rank tags make a balanced count of whole
    points (a red seven tagged as any seven); a full row is kept as it is.

    >>> count_row((-1, 1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1))[13:]
    (0, 1, 0, 1)
    """
    if len(tags) == 13:
        return (*(int(t) for t in tags), int(tags[SEVEN]), 1, 0, 1)
    if len(tags) != COUNT_ROW:
        raise RulesError(f"a count has one tag per rank (13), got {len(tags)}")
    if tags[_UNIT] < 1 or tags[_PER_DECK] not in (0, 1):
        raise RulesError(f"a count's unit must be 1 or more and it is read per deck or not: {tags}")
    return tuple(int(t) for t in tags)


_POINTS = tuple(slot + 1 for slot in SLOT_OF_RANK)
"""Points of each rank index 0-12, aces 1."""


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """Where a round played from a shoe ended."""

    end: int
    """Position of the first card after the round (the next round's first card)."""
    complete: bool
    """False when the shoe ran out before the round was over (``end`` is then the shoe's end)."""


@dataclass(frozen=True, slots=True)
class PlayedShoe:
    """One shoe's rounds: where each starts, the running count and the cards the counter
    divides it by before it (the cards not yet seen, as he reckons them); and what one unit
    bet on each of his spots won (× :attr:`RoundDealer.scale`)."""

    start: tuple[int, ...]
    running: tuple[int, ...]
    unseen: tuple[int, ...]
    net: tuple[int, ...]
    complete: bool
    """False when the shoe ran out in the middle of its last round (that round is left out)."""
    true_count: tuple[float, ...] = ()
    """The count the bets read before each round: the true count ``running · 52 / (unit ·
    unseen)`` or its rounded whole number; an unbalanced count's ``running / unit``."""
    hands: tuple[int, ...] = ()
    """The counter's spots each round: 1; 2 with two hands; 0 while he watches."""


@dataclass(frozen=True, slots=True, eq=False)
class DealtTables:
    """The round of ``rules`` as the tables a card-by-card dealer reads (this module's and
    the compiled counting kernel's): settlement rows (:class:`~baccarat_exact.blackjack.round.
    settle.SettlementTable`), the pairs that may split, the paid Triple Sevens, the peek,
    the dealer's stops, insurance and the peek's results, all × :attr:`scale`."""

    scale: int
    values: tuple[int, ...]
    """The settlement table's values."""
    natural_row: int
    surrender_row: int
    bust_rows: tuple[int, int, int]
    """Per stake (index 1 and 2): the row of a busted hand."""
    seven_rows: tuple[int, int, int]
    stand_rows: tuple[int, int, int]
    """Per stake: the row of a hand standing on total 0 (add ``total_step`` per point)."""
    total_step: int
    pairs: tuple[tuple[int, ...], ...]
    """Per two ranks dealt: the slot of the pair they make that may split, else -1."""
    sevens_paid: tuple[bool, ...]
    """Whether three sevens are paid, per (split hand, doubled)."""
    peek: bool
    stops: tuple[tuple[int, ...], tuple[int, ...]]
    insurance: tuple[int, int]
    """Insurance's result against a dealer blackjack, and against none."""
    peeked: tuple[int, int, int]
    """The round's result when the peek finds a blackjack: for a hand not yet played, a
    player blackjack, an (early) surrender."""
    possible: tuple[int, ...]
    """Most hands a pair of each slot may become."""


@cache
def dealt_tables(rules: BlackjackRules) -> DealtTables:
    """The :class:`DealtTables` of ``rules`` (made once per rules)."""
    table = settlement_table(rules)
    scale = table.scale
    base = table.base
    return DealtTables(
        scale=scale,
        values=table.values,
        natural_row=base(End.BLACKJACK, 0, 1),
        surrender_row=base(End.SURRENDER, 0, 1),
        bust_rows=(0, base(End.BUST, 0, 1), base(End.BUST, 0, 2)),
        seven_rows=(0, base(End.TRIPLE_SEVEN, 0, 1), base(End.TRIPLE_SEVEN, 0, 2)),
        stand_rows=(0, base(End.STAND, 0, 1), base(End.STAND, 0, 2)),
        total_step=base(End.STAND, 1, 1) - base(End.STAND, 0, 1),
        pairs=tuple(
            tuple(
                SLOT_OF_RANK[a]
                if may_split(rules, SLOT_OF_RANK[a], SLOT_OF_RANK[b], same_rank=a == b)
                else -1
                for b in range(13)
            )
            for a in range(13)
        ),
        sevens_paid=tuple(
            is_triple_seven(rules, 3, 3, split=split, doubled=doubled)
            for split in (False, True)
            for doubled in (False, True)
        ),
        peek=peeks(rules),
        stops=dealer_stops(rules),
        insurance=(
            int(settle_insurance(rules, True) * scale),
            int(settle_insurance(rules, False) * scale),
        ),
        peeked=(
            int(settle_peeked(rules, None) * scale),
            int(settle_peeked(rules, End.BLACKJACK) * scale),
            int(settle_peeked(rules, End.SURRENDER) * scale),
        ),
        possible=tuple(hands_possible(rules, slot) for slot in range(10)),
    )


class _ShoeOut(Exception):
    """The shoe has no card left to deal."""


class RoundDealer:
    """Deals rounds from a shuffled shoe (rank indices 0-12, A 2 … 9 T J Q K), has ``policy``
    play them, counts with ``tags`` (one per rank; zeros when nobody counts) and settles;
    the policy reads the true count of ``play_tags`` where given (a second count), else of
    ``tags``.

    >>> from baccarat_exact.blackjack.rules import BlackjackRules
    >>> from baccarat_exact.blackjack.strategy import UpCardPlay
    >>> chart = BasicStrategy(rules=BlackjackRules(), plays=tuple(UpCardPlay.starting(u) for u in range(10)))
    >>> dealer = RoundDealer(ChartPolicy(chart))
    >>> dealer.play_round([9, 5, 6, 9, 8], 0)  # T, up 6, 7: stands on 17; the dealer: 6 T 9, bust
    PlayedRound(end=5, complete=True)
    >>> dealer.last_net, dealer.scale  # won one unit, × 2
    (2, 2)
    """

    def __init__(
        self,
        policy: Policy,
        tags: Sequence[int] = (0,) * 13,
        play_tags: Sequence[int] | None = None,
        *,
        seating: Seating = ALONE,
        reckoning: Reckoning = EXACT,
        others: Policy | None = None,
    ) -> None:
        self.policy = policy
        rules = policy.rules
        self.rules = rules
        self.tags = count_row(tags)
        """The count bets follow, as a :data:`COUNT_ROW` row."""
        self.play_tags = self.tags if play_tags is None else count_row(play_tags)
        """The count whose true count the policy reads (index plays, insurance): a second
        count beside the one bets follow, or the same."""
        self._hole = 0
        tables = dealt_tables(rules)
        self.scale = tables.scale
        """Results are in units of 1/scale of the bet."""
        self._values = tables.values
        self._natural_row = tables.natural_row
        self._surrender_row = tables.surrender_row
        self._bust_rows = tables.bust_rows
        self._seven_rows = tables.seven_rows
        self._stand_rows = tables.stand_rows
        self._total_step = tables.total_step
        self._pairs = tables.pairs
        self._sevens_paid = tables.sevens_paid
        self._peek = tables.peek
        self._stops = tables.stops
        self._insurance = tables.insurance
        self._peeked = {
            None: tables.peeked[0],
            End.BLACKJACK: tables.peeked[1],
            End.SURRENDER: tables.peeked[2],
        }
        self.last_net = 0
        """What the last round :meth:`play_round` dealt won (× :attr:`scale`)."""
        self.seating = seating
        self.reckoning = reckoning
        self.others = others or (
            ChartPolicy(policy.strategy) if isinstance(policy, ChartPolicy) else policy
        )
        """How the other players play: the chart."""
        if not reckoning.is_exact and not (self.tags[_PER_DECK] and self.play_tags[_PER_DECK]):
            raise RulesError(
                "an unbalanced count is read as its running count: it has no true count to "
                "reckon (the true count exact, no rounding, no deck error)"
            )
        self._exact = reckoning.is_exact
        self._rounding = reckoning.rounding_code
        self._error = 0
        before, after = seating.seat - 1, seating.seats - seating.seat
        self._layouts = tuple(
            (False,) * before + (True,) * mine + (False,) * after for mine in range(3)
        )
        """The spots of a round in dealing order (True: the counter's), by his spots."""

    # -- shoes and rounds -----------------------------------------------------------------

    def _start(self, order: Sequence[int], position: int) -> None:
        self._order = order
        self._size = len(order)
        self._position = position
        self._running = self.tags[_START]
        self._play_running = self.play_tags[_START]
        self._seen = 0
        self._error = 0

    def play_round(self, order: Sequence[int], start: int) -> PlayedRound:
        """Deal and play the round whose first card is ``order[start]``; where it ended
        (its net in :attr:`last_net`)."""
        self._start(order, start)
        try:
            self.last_net = self._round()
        except _ShoeOut:
            return PlayedRound(end=len(order), complete=False)
        return PlayedRound(end=self._position, complete=True)

    def play_shoe(
        self, order: Sequence[int], burn: int, stop: int, stream: Stream | None = None
    ) -> PlayedShoe:
        """Deal rounds from ``order`` after ``burn`` cards, a new round while fewer than
        ``stop`` cards are dealt; each round's count before it and net. ``stream``: the
        shoe's random stream after its shuffle, for the deck-estimation error (None: no
        error)."""
        starts: list[int] = []
        runnings: list[int] = []
        unseens: list[int] = []
        nets: list[int] = []
        counts: list[float] = []
        spots: list[int] = []
        self._start(order, burn)
        complete = True
        seating, reckoning = self.seating, self.reckoning
        bound = reckoning.error_cards if stream is not None else 0
        seated = seating.wong_in is None
        unit, per_deck = self.tags[_UNIT], self.tags[_PER_DECK]
        one = seated and seating.two_hands_at is None  # one spot of his every round
        mine = 1
        while self._position < stop:
            start, running, seen = self._position, self._running, self._seen
            if bound:
                assert stream is not None
                self._error = stream.below(2 * bound + 1) - bound
            unseen = self._size - seen
            if not self._exact:
                unseen = reckoning.divisor(unseen, self._error)
            if not per_deck:  # an unbalanced count: its running count, in points
                true_count = float(running) / unit
            elif self._rounding:
                true_count = float(rounded_quotient(running * 52, unseen * unit, self._rounding))
            else:
                true_count = float(running) * 52 / (unseen * unit)
            if not one:
                seated = seating.seated_after(true_count, seated)
                mine = seating.hands_at(true_count, seated)
            try:
                net = self._round(mine)
            except _ShoeOut:
                complete = False
                break
            starts.append(start)
            runnings.append(running)
            unseens.append(unseen)
            nets.append(net)
            counts.append(true_count)
            spots.append(mine)
        return PlayedShoe(
            tuple(starts),
            tuple(runnings),
            tuple(unseens),
            tuple(nets),
            complete,
            tuple(counts),
            tuple(spots),
        )

    def true_count_at_least(self, index: int) -> bool:
        """Whether the true count now is at least ``index`` (as the counter reckons it; an
        unbalanced count: its running count, in points)."""
        row = self.play_tags
        unit = row[_UNIT]
        if not row[_PER_DECK]:
            return self._play_running >= index * unit
        unseen = self._size - self._seen
        if self._exact:
            return self._play_running * 52 >= index * unit * unseen
        divisor = self.reckoning.divisor(unseen, self._error) * unit
        if self._rounding:
            return rounded_quotient(self._play_running * 52, divisor, self._rounding) >= index
        return self._play_running * 52 >= index * divisor

    # -- the cards ------------------------------------------------------------------------

    def _draw(self, shown: bool = True) -> int:
        position = self._position
        if position >= self._size:
            raise _ShoeOut
        rank = self._order[position]
        self._position = position + 1
        if shown:
            self._running += self.tags[rank]
            self._play_running += self.play_tags[rank]
            self._seen += 1
        else:
            self._hole = rank
        return SEVEN if rank == RED_SEVEN else int(rank)

    def _show(self, rank: int) -> None:
        """The hole card (``rank``), turned over: counted as the card it is."""
        self._running += self.tags[self._hole]
        self._play_running += self.play_tags[self._hole]
        self._seen += 1

    # -- the round ------------------------------------------------------------------------

    def _round(self, mine: int = 1) -> int:
        """Deal, play and settle one round with ``mine`` spots of the counter's at the table;
        what one unit on each of them won × scale."""
        draw = self._draw
        spots = self._layouts[mine]
        firsts = [draw() for _ in spots]
        up_rank = draw()
        seconds = [draw() for _ in spots]
        up = SLOT_OF_RANK[up_rank]
        hole = draw(shown=False) if self._peek else -1
        insurance = 0
        dealer_natural = hole >= 0 and _natural(up_rank, hole)
        if hole >= 0 and up == ACE and mine and self.policy.insures(self):
            insurance = mine * self._insurance[0 if dealer_natural else 1]
        if dealer_natural:  # the peek: the round is over
            self._show(hole)
            for counter, first, second in zip(spots, firsts, seconds):
                if counter:
                    insurance += self._peeked_result(up, first, second)
            return insurance
        self._stood = 0  # hands standing on a total: they wait for the dealer's
        played: list[tuple[bool, list[int]]] = []
        for counter, first, second in zip(spots, firsts, seconds):
            hands: list[int] = []  # each finished hand's row in the settlement table
            played.append((counter, hands))
            if _natural(first, second):
                hands.append(self._natural_row)
                continue
            policy = self.policy if counter else self.others
            hard = _POINTS[first] + _POINTS[second]
            has_ace = int(ACE in (SLOT_OF_RANK[first], SLOT_OF_RANK[second]))
            pair = self._pairs[first][second]
            move = policy.decide(self, up, [first, second], hard, has_ace, -1, pair)
            if move == SURRENDER:
                hands.append(self._surrender_row)
            elif move == SPLIT:
                self._split(policy, up, [first, second], hands)
            else:
                self._hand(policy, up, [first, second], hard, has_ace, -1, move, hands)
        return insurance + self._finish(up_rank, hole, played)

    def _peeked_result(self, up: int, first: int, second: int) -> int:
        """What a spot of the counter's gets when the peek finds a dealer blackjack."""
        if _natural(first, second):
            return self._peeked[End.BLACKJACK]
        hard = _POINTS[first] + _POINTS[second]
        has_ace = int(ACE in (SLOT_OF_RANK[first], SLOT_OF_RANK[second]))
        pair = self._pairs[first][second]
        if self.policy.decide(self, up, [first, second], hard, has_ace, -1, pair) == SURRENDER:
            return self._peeked[End.SURRENDER]  # only early surrender keeps half
        return self._peeked[None]

    def _split(self, policy: Policy, up: int, pair: list[int], hands: list[int]) -> None:
        """Play the hands a split pair becomes, in turn, each taking its second card when its
        turn comes; a pair card dealt so makes one more hand while the rules allow."""
        slot = SLOT_OF_RANK[pair[0]]
        pairs = self._pairs
        firsts = list(pair)
        made = 2
        i = 0
        possible = hands_possible(self.rules, slot)
        while i < len(firsts):
            second = self._draw()
            while made < possible and pairs[firsts[i]][second] >= 0:
                firsts.insert(i + 1, second)
                made += 1
                second = self._draw()
            cards = [firsts[i], second]
            hard = _POINTS[cards[0]] + _POINTS[second]
            soft = int(slot == ACE or SLOT_OF_RANK[second] == ACE)
            self._hand(policy, up, cards, hard, soft, slot, None, hands)
            i += 1

    def _hand(
        self,
        policy: Policy,
        up: int,
        cards: list[int],
        hard: int,
        soft: int,
        extra: int,
        move: int | None,
        hands: list[int],
    ) -> None:
        """Play one hand to its end; append its settlement row."""
        paid = self._sevens_paid[2 if extra >= 0 else 0 :]
        stake = 1
        while True:
            if hard > 21:
                hands.append(self._bust_rows[stake])
                return
            if len(cards) == 3 and paid[stake - 1] and all(SLOT_OF_RANK[c] == SEVEN for c in cards):
                hands.append(self._seven_rows[stake])  # paid at once
                return
            total = hard + 10 if soft and hard <= 11 else hard
            if stake == 2:  # a double takes one card
                move = STAND
            elif move is None:
                move = policy.decide(self, up, cards, hard, soft, extra, -1)
            if move == STAND:
                hands.append(self._stand_rows[stake] + total * self._total_step)
                self._stood += 1
                return
            if move == DOUBLE:
                stake = 2
            card = self._draw()
            cards.append(card)
            hard += _POINTS[card]
            soft |= SLOT_OF_RANK[card] == ACE
            move = None

    def _finish(self, up_rank: int, hole: int, played: list[tuple[bool, list[int]]]) -> int:
        """The dealer's play, then the counter's spots settled (× scale)."""
        values = self._values
        if hole >= 0:
            self._show(hole)
        up = SLOT_OF_RANK[up_rank]
        if not self._stood:
            # no hand waits for the dealer's total; without a hole card his blackjack may
            # still change what some spot loses: then his second card is dealt
            net = _settled(values, played, BUST)
            if hole < 0 and up in (ACE, TEN):
                changes = any(
                    sum(values[row + BUST * 5 + len(hands)] for row in hands)
                    != sum(values[row + BLACKJACK * 5 + len(hands)] for row in hands)
                    for _, hands in played
                )
                if changes and _natural(up_rank, self._draw()):
                    return _settled(values, played, BLACKJACK)
            return net
        dealer = [up_rank] if hole < 0 else [up_rank, hole]
        if hole < 0:
            dealer.append(self._draw())
            if _natural(dealer[0], dealer[1]):
                return _settled(values, played, BLACKJACK)
        hard = sum(_POINTS[c] for c in dealer)
        ace = int(any(SLOT_OF_RANK[c] == ACE for c in dealer))
        stops = self._stops[ace]
        while (outcome := stops[hard]) < 0:
            card = self._draw()
            hard += _POINTS[card]
            if SLOT_OF_RANK[card] == ACE and not ace:
                ace = 1
                stops = self._stops[1]
        return _settled(values, played, outcome)


def _settled(values: tuple[int, ...], played: list[tuple[bool, list[int]]], outcome: int) -> int:
    """What the counter's spots win against the dealer's ``outcome`` (× scale)."""
    return sum(
        values[row + outcome * 5 + len(hands)]
        for counter, hands in played
        if counter
        for row in hands
    )


def _natural(a: int, b: int) -> bool:
    return _POINTS[a] + _POINTS[b] == 11 and ACE in (SLOT_OF_RANK[a], SLOT_OF_RANK[b])


def play_round(order: Sequence[int], start: int, strategy: BasicStrategy) -> PlayedRound:
    """Deal the round whose first card is ``order[start]`` (cards as rank indices 0-12,
    A 2 … 9 T J Q K) and play it by ``strategy``; where it ended.

    >>> from baccarat_exact.blackjack.rules import BlackjackRules
    >>> from baccarat_exact.blackjack.strategy import UpCardPlay
    >>> chart = BasicStrategy(rules=BlackjackRules(), plays=tuple(UpCardPlay.starting(u) for u in range(10)))
    >>> play_round([9, 5, 6, 9, 8], 0, chart)  # T, up 6, 7: stands on 17; the dealer: 6 T 9, bust
    PlayedRound(end=5, complete=True)
    """
    return RoundDealer(ChartPolicy(strategy)).play_round(order, start)
