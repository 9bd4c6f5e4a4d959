"""Rounds dealt from a shuffled shoe, played by a chart and its index plays, and settled.

A counting player plays the basic strategy (:class:`~baccarat_exact.blackjack.strategy.
BasicStrategy`) except where an *index play* (:class:`IndexPlay`) says otherwise: at a
true count at or above the index one move, below it another (16 v T: stand from 0, else
hit). Insurance is an index play of its own. Here a round is dealt card by card, played
so, and settled: what one unit bet won, and which cards it took. No exact solve is made —
this is the fast path of a counting simulation, thousands of rounds a second.

The deal and every rule that moves cards are those of :mod:`~baccarat_exact.blackjack.
play` (the player's first card, the up card, the second card, the hole card where the
dealer takes one; split hands played in turn, each taking its second card when its turn
comes; resplits; split aces that take one card; doubles; Triple Seven paid at once; the
dealer draws only while some hand waits for his total). Settlement is the engine's
(:mod:`~baccarat_exact.blackjack.round_stats`): blackjack pays the rules' pay, a dealer
blackjack found at the peek ends the round, one found later (no hole card) takes every
stake or the original only, surrender returns half. Where the rules' settlement turns on
a dealer blackjack the round did not show (no hole card, an ace or ten up, and hands
that lose differently to it), the dealer's second card is dealt to settle, as at a table.

**Counting.** The running count adds each card's tag when the card is seen: every card
of the player's hands and the dealer's up card when dealt, the dealer's other cards when
turned over; burned cards are never seen. The true count at a decision is the running
count per deck of the cards not yet seen (``running · 52 / unseen``), compared with an
index exactly (``running · 52 ≥ index · unseen``). Insurance is offered where the rules
have a hole card (the peek settles it at once): taken at a true count at or above its
index, it stakes half the bet and pays 2 to 1.

Results are integers: one unit's net result times :attr:`IndexPlayer.scale` (the least
common denominator of the pays), so sums over millions of rounds stay exact.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from baccarat_exact.blackjack.hands import ACE, SEVEN, TEN
from baccarat_exact.blackjack.play import SLOT_OF_RANK, counts_of
from baccarat_exact.blackjack.round.moves import (
    forced_stand,
    hands_possible,
    may_double,
    may_surrender,
    pays_triple_seven,
)
from baccarat_exact.blackjack.rules import (
    BlackjackRules,
    DealerBlackjackTakes,
    SplitBy,
    Surrender,
)
from baccarat_exact.blackjack.strategy import BasicStrategy, Move, UpCardPlay
from baccarat_exact.errors import RulesError

__all__ = ["HandKind", "IndexPlay", "IndexPlayer", "PlayedShoe", "illustrious_18"]

HandKind = str
"""``"hard"``, ``"soft"``, ``"pair"`` (the pair's value slot in ``total``) or
``"insurance"``."""

_KINDS = ("hard", "soft", "pair", "insurance")
_POINTS = tuple(slot + 1 for slot in SLOT_OF_RANK)
"""Points of each rank index 0-12 (A 2 … 9 T J Q K), aces 1."""

_STAND, _HIT, _DOUBLE, _SPLIT, _SURRENDER = range(5)
_CODE = {Move.STAND: _STAND, Move.HIT: _HIT, Move.DOUBLE: _DOUBLE, Move.SPLIT: _SPLIT}
_CODE[Move.SURRENDER] = _SURRENDER


@dataclass(frozen=True, slots=True)
class IndexPlay:
    """At true count ``index`` or above play ``above``, below it ``below`` (``None``: the
    chart's move), for one hand against one up card.

    ``kind`` and ``total`` name the hand: a ``"hard"`` or ``"soft"`` total (the two-card
    and later hands of that total alike), a ``"pair"`` (``total`` the pair card's value,
    1 for aces … 10), or ``"insurance"`` (``total`` 0, moves ``None``: insurance is taken
    at or above the index). The play applies where the chart's own move is one of the two;
    a move the hand may not make (a double on three cards) falls to the next play of the
    hand, else the chart's. A surrender play (``above`` :attr:`Move.SURRENDER`, ``below``
    ``None``) comes first: below its index the hand is kept and played as the chart plays
    it without surrendering (and the hand's other plays still apply).

    >>> IndexPlay(up=10, kind="hard", total=16, index=0, above=Move.STAND, below=Move.HIT)
    IndexPlay(up=10, kind='hard', total=16, index=0, above=<Move.STAND: 'S'>, below=<Move.HIT: 'H'>)
    """

    up: int
    """The dealer's up card: 1 (ace) … 10."""
    kind: HandKind
    total: int
    index: int
    above: Move | None
    below: Move | None

    def __post_init__(self) -> None:
        if not 1 <= self.up <= 10:
            raise RulesError(f"an index play's up card must be 1 (ace) to 10, got {self.up}")
        if self.kind not in _KINDS:
            raise RulesError(
                f"an index play's hand is hard, soft, pair or insurance, got {self.kind!r}"
            )


@dataclass(frozen=True, slots=True)
class PlayedShoe:
    """One shoe's rounds: where each starts, the running count and the cards not yet seen
    before it; and what one unit bet on it won (× :attr:`IndexPlayer.scale`)."""

    start: tuple[int, ...]
    running: tuple[int, ...]
    unseen: tuple[int, ...]
    net: tuple[int, ...]
    complete: bool
    """False when the shoe ran out in the middle of its last round (that round is left out)."""


class _ShoeOut(Exception):
    """The shoe has no card left to deal."""


class IndexPlayer:
    """Plays rounds by ``strategy`` and ``plays`` (index plays), counting with ``tags``
    (one tag per rank index 0-12, A 2 … 9 T J Q K)."""

    def __init__(
        self, strategy: BasicStrategy, plays: Sequence[IndexPlay], tags: Sequence[int]
    ) -> None:
        if len(tags) != 13:
            raise RulesError(f"a count has one tag per rank (13), got {len(tags)}")
        self.strategy = strategy
        rules = strategy.rules
        self.rules = rules
        self.tags = tuple(int(t) for t in tags)
        pays = (rules.blackjack_pays, rules.triple_seven_pays, Fraction(1, 2))
        # a dealer blackjack taking the original stake only shares it between the hands
        # a pair became: each loses 1/hands of it
        shares = (
            ()
            if rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL
            else range(2, rules.split_hands + 1)
        )
        self.scale = math.lcm(*(Fraction(p).denominator for p in pays), *shares)
        """Results are in units of 1/scale of the bet."""
        self._blackjack = int(rules.blackjack_pays * self.scale)
        self._seven = int(rules.triple_seven_pays * self.scale)
        self._half = self.scale // 2
        self._hole = rules.hole_card
        self._h17 = rules.dealer_hits_soft_17
        self._by_rank = rules.split_by is SplitBy.RANK
        self._takes_all = rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL
        self._early = rules.surrender is Surrender.EARLY
        self._moves: dict[tuple[int, int, bool, int, int, int], int] = {}
        self._index: dict[tuple[int, str, int], tuple[tuple[int, int | None, int | None], ...]] = {}
        self._unsurrendered: dict[int, UpCardPlay] = {}
        self._insurance: int | None = None
        for play in plays:
            if play.kind == "insurance":
                if play.up == 1:
                    self._insurance = play.index
                continue
            above = None if play.above is None else _CODE[play.above]
            below = None if play.below is None else _CODE[play.below]
            key = (play.up - 1, play.kind, play.total)
            entry = ((play.index, above, below),)
            before = self._index.get(key, ())
            # surrender is decided first, as at the table
            self._index[key] = entry + before if above == _SURRENDER else before + entry

    # -- the chart ------------------------------------------------------------------------

    def _chart(
        self, up: int, cards: list[int], total: int, soft: bool, extra: int, pair: int
    ) -> int:
        """The chart's move, cached by all the chart reads: the total and whether it is soft,
        two cards or more, the split card, and a pair that may split."""
        key = (up, total, soft, len(cards) if len(cards) < 3 else 3, extra, pair)
        move = self._moves.get(key)
        if move is None:
            play = self.strategy.plays[up]
            chosen = play.move(counts_of(cards), extra, self.rules, splittable=pair >= 0)
            move = _CODE[chosen]
            self._moves[key] = move
        return move

    # -- one shoe -------------------------------------------------------------------------

    def play_shoe(self, order: Sequence[int], burn: int, stop: int) -> PlayedShoe:
        """Deal rounds from ``order`` (rank indices 0-12) after ``burn`` cards, a new round
        while fewer than ``stop`` cards are dealt; each round's count before it and net."""
        starts: list[int] = []
        runnings: list[int] = []
        unseens: list[int] = []
        nets: list[int] = []
        self._order = order
        self._size = len(order)
        self._position = burn
        self._running = 0
        self._seen = 0
        complete = True
        while self._position < stop:
            start, running, seen = self._position, self._running, self._seen
            try:
                net = self._round()
            except _ShoeOut:
                complete = False
                break
            starts.append(start)
            runnings.append(running)
            unseens.append(self._size - seen)
            nets.append(net)
        return PlayedShoe(tuple(starts), tuple(runnings), tuple(unseens), tuple(nets), complete)

    def _draw(self, shown: bool = True) -> int:
        position = self._position
        if position >= self._size:
            raise _ShoeOut
        rank = self._order[position]
        self._position = position + 1
        if shown:
            self._running += self.tags[rank]
            self._seen += 1
        return int(rank)

    def _show(self, rank: int) -> None:
        self._running += self.tags[rank]
        self._seen += 1

    def _at_least(self, index: int) -> bool:
        """Whether the true count now is at least ``index``."""
        return self._running * 52 >= index * (self._size - self._seen)

    def _decide(
        self, up: int, cards: list[int], hard: int, has_ace: int, extra: int, pair: int
    ) -> int:
        """The move: the chart's, or an index play's where one applies and may be made (a
        pair's plays first, then the total's; surrender before the others)."""
        soft = bool(has_ace) and hard <= 11
        total = hard + 10 if soft else hard
        move = self._chart(up, cards, total, soft, extra, pair)
        if not self._index:
            return move
        found = self._index.get((up, "soft" if soft else "hard", total), ())
        if pair >= 0:
            found = self._index.get((up, "pair", pair + 1), ()) + found
        for index, above, below in found:
            if above is not None and below is not None and move != above and move != below:
                continue
            wanted = above if self._at_least(index) else below
            if wanted is None:
                if move == _SURRENDER and above == _SURRENDER:  # below a surrender index
                    move = self._kept(up, cards, extra, pair)
                continue
            if wanted == move or self._may(wanted, cards, total, soft, extra, pair):
                return wanted
        return move

    def _may(
        self, move: int, cards: list[int], total: int, soft: bool, extra: int, pair: int
    ) -> bool:
        """Whether the hand may make ``move`` under the rules."""
        two = len(cards) == 2
        if two and forced_stand(self.rules, extra):
            return move == _STAND
        if move == _DOUBLE:
            return two and may_double(self.rules, total, soft, extra=extra)
        if move == _SURRENDER:
            return may_surrender(self.rules, cards=len(cards), extra=extra)
        if move == _SPLIT:
            return pair >= 0
        return True

    def _kept(self, up: int, cards: list[int], extra: int, pair: int) -> int:
        """The chart's move for a hand it surrenders, when the player keeps it."""
        play = self._unsurrendered.get(up)
        if play is None:
            play = replace(self.strategy.plays[up], surrenders=frozenset())
            self._unsurrendered[up] = play
        return _CODE[play.move(counts_of(cards), extra, self.rules, splittable=pair >= 0)]

    def _round(self) -> int:
        """Deal, play and settle one round; one unit's net × scale."""
        draw = self._draw
        first = draw()
        up_rank = draw()
        second = draw()
        up = SLOT_OF_RANK[up_rank]
        hole = draw(shown=False) if self._hole else -1
        insurance = 0
        dealer_natural = hole >= 0 and _natural(up_rank, hole)
        taken = self._insurance is not None and self._at_least(self._insurance)
        if hole >= 0 and up == ACE and taken:  # half the bet, paying 2 to 1
            insurance = self.scale if dealer_natural else -self._half
        player_natural = _natural(first, second)
        slot = SLOT_OF_RANK[first]
        pair = (
            slot if slot == SLOT_OF_RANK[second] and (not self._by_rank or first == second) else -1
        )
        hard = _POINTS[first] + _POINTS[second]
        has_ace = int(ACE in (slot, SLOT_OF_RANK[second]))
        if dealer_natural:  # the peek: the round is over
            self._show(hole)
            if player_natural:
                return insurance
            if self._early and self._decide(up, [first, second], hard, has_ace, -1, pair) == (
                _SURRENDER
            ):
                return insurance - self._half  # surrendered before the peek
            return insurance - self.scale
        if player_natural:
            if hole < 0 and up in (ACE, TEN):
                if _natural(up_rank, draw()):
                    return insurance
            elif hole >= 0:
                self._show(hole)
            return insurance + self._blackjack
        hands: list[tuple[int, int, int]] = []  # (kind, total, stake) of each finished hand
        move = self._decide(up, [first, second], hard, has_ace, -1, pair)
        if move == _SURRENDER:
            return insurance + self._settle_surrender(up_rank, hole)
        if move == _SPLIT:
            self._split(up, [first, second], hands)
        else:
            self._hand(up, [first, second], hard, has_ace, -1, move, hands)
        return insurance + self._finish(up_rank, hole, hands, len(hands))

    def _settle_surrender(self, up_rank: int, hole: int) -> int:
        if hole >= 0:
            self._show(hole)
            return -self._half
        up = SLOT_OF_RANK[up_rank]
        if self._early or up not in (ACE, TEN):
            return -self._half
        # late surrender without a hole card: a dealer blackjack still takes the stake
        return -self.scale if _natural(up_rank, self._draw()) else -self._half

    def _split(self, up: int, pair: list[int], hands: list[tuple[int, int, int]]) -> None:
        slot = SLOT_OF_RANK[pair[0]]
        firsts = list(pair)
        made = 2
        i = 0
        possible = hands_possible(self.rules, slot)
        while i < len(firsts):
            second = self._draw()
            while (
                made < possible
                and SLOT_OF_RANK[second] == slot
                and (not self._by_rank or firsts[i] == second)
            ):
                firsts.insert(i + 1, second)
                made += 1
                second = self._draw()
            cards = [firsts[i], second]
            hard = _POINTS[cards[0]] + _POINTS[second]
            soft = int(slot == ACE or SLOT_OF_RANK[second] == ACE)
            self._hand(up, cards, hard, soft, slot, None, hands)
            i += 1

    def _hand(
        self,
        up: int,
        cards: list[int],
        hard: int,
        soft: int,
        extra: int,
        move: int | None,
        hands: list[tuple[int, int, int]],
    ) -> None:
        """Play one hand to its end; append how it ended."""
        split = extra >= 0
        stake = 1
        while True:
            total = hard + 10 if soft and hard <= 11 else hard
            if hard > 21:
                hands.append((0, hard, stake))  # bust
                return
            if len(cards) == 3 and self._sevens(cards, split, stake == 2):
                hands.append((2, 21, stake))  # Triple Seven, paid at once
                return
            if stake == 2:
                hands.append((1, total, stake))
                return
            if move is None:
                move = self._decide(up, cards, hard, soft, extra, -1)
            if move == _STAND:
                hands.append((1, total, stake))
                return
            if move == _DOUBLE:
                stake = 2
            card = self._draw()
            cards.append(card)
            hard += _POINTS[card]
            soft |= SLOT_OF_RANK[card] == ACE
            move = None

    def _sevens(self, cards: list[int], split: bool, doubled: bool) -> bool:
        return all(SLOT_OF_RANK[c] == SEVEN for c in cards) and pays_triple_seven(
            self.rules, split=split, doubled=doubled
        )

    def _finish(self, up_rank: int, hole: int, hands: list[tuple[int, int, int]], made: int) -> int:
        """The dealer's play, then every hand settled (× scale)."""
        waiting = any(kind == 1 for kind, _, _ in hands)
        dealer = [up_rank] if hole < 0 else [up_rank, hole]
        if hole >= 0:
            self._show(hole)
        up = SLOT_OF_RANK[up_rank]
        if not waiting:
            # no hand waits for the dealer's total; without a hole card his blackjack may
            # still change what busted or doubled hands lose: then his second card is dealt
            net = sum(self._settle(h, -1, made) for h in hands)
            if hole < 0 and up in (ACE, TEN):
                against = sum(self._settle(h, 22, made) for h in hands)
                if against != net and _natural(up_rank, self._draw()):
                    return against
            return net
        if hole < 0:
            dealer.append(self._draw())
            if _natural(dealer[0], dealer[1]):
                return sum(self._settle(h, 22, made) for h in hands)
        hard = sum(_POINTS[c] for c in dealer)
        soft = any(SLOT_OF_RANK[c] == ACE for c in dealer)
        while True:
            total = hard + 10 if soft and hard <= 11 else hard
            if total > 17 or (total == 17 and not (soft and hard <= 7 and self._h17)):
                break
            card = self._draw()
            hard += _POINTS[card]
            soft = soft or SLOT_OF_RANK[card] == ACE
        outcome = total if total <= 21 else 0
        return sum(self._settle(h, outcome, made) for h in hands)

    def _settle(self, hand: tuple[int, int, int], outcome: int, made: int) -> int:
        """One hand against the dealer's ``outcome`` (a total 17-21, 0 bust, 22 a blackjack
        found after the player acted, -1 no dealer hand needed) × scale."""
        kind, total, stake = hand
        scale = self.scale
        if kind == 2:
            return self._seven * stake
        if outcome == 22:
            if self._takes_all:
                return -stake * scale
            return -scale // made
        if kind == 0:
            return -stake * scale
        if outcome == 0:
            return stake * scale
        if total > outcome:
            return stake * scale
        return 0 if total == outcome else -stake * scale


def _natural(a: int, b: int) -> bool:
    return _POINTS[a] + _POINTS[b] == 11 and ACE in (SLOT_OF_RANK[a], SLOT_OF_RANK[b])


def illustrious_18(rules: BlackjackRules) -> tuple[IndexPlay, ...]:
    """Schlesinger's "Illustrious 18" Hi-Lo index plays, and with late surrender his "Fab 4"
    (D. Schlesinger, *Blackjack Attack*, 3rd ed., 2005, ch. 5: the multi-deck indices; as
    listed at blackjack.yuchunlab.com, "Deviations"). Published for the US six-deck game;
    on other rules they are a player's choice, not the rules' own indices (for those:
    ``blackjack indices``). 15 v A surrenders at +2 where the dealer stands on soft 17,
    +1 where he hits it.

    >>> len(illustrious_18(BlackjackRules())), len(illustrious_18(BlackjackRules(surrender=Surrender.LATE)))
    (18, 22)
    """
    s, h, d, p = Move.STAND, Move.HIT, Move.DOUBLE, Move.SPLIT
    plays = [
        IndexPlay(1, "insurance", 0, 3, None, None),
        IndexPlay(10, "hard", 16, 0, s, h),
        IndexPlay(10, "hard", 15, 4, s, h),
        IndexPlay(5, "pair", 10, 5, p, s),
        IndexPlay(6, "pair", 10, 4, p, s),
        IndexPlay(10, "hard", 10, 4, d, h),
        IndexPlay(3, "hard", 12, 2, s, h),
        IndexPlay(2, "hard", 12, 3, s, h),
        IndexPlay(1, "hard", 11, 1, d, h),
        IndexPlay(2, "hard", 9, 1, d, h),
        IndexPlay(1, "hard", 10, 4, d, h),
        IndexPlay(7, "hard", 9, 3, d, h),
        IndexPlay(9, "hard", 16, 5, s, h),
        IndexPlay(2, "hard", 13, -1, s, h),
        IndexPlay(4, "hard", 12, 0, s, h),
        IndexPlay(5, "hard", 12, -2, s, h),
        IndexPlay(6, "hard", 12, -1, s, h),
        IndexPlay(3, "hard", 13, -2, s, h),
    ]
    if rules.surrender is Surrender.LATE:
        r = Move.SURRENDER
        ace = 1 if rules.dealer_hits_soft_17 else 2
        plays += [
            IndexPlay(10, "hard", 14, 3, r, None),
            IndexPlay(10, "hard", 15, 0, r, None),
            IndexPlay(9, "hard", 15, 2, r, None),
            IndexPlay(1, "hard", 15, ace, r, None),
        ]
    return tuple(plays)
