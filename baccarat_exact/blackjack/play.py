"""One round dealt card by card from a shuffled shoe and played by a chart: the cards it takes.

A simulation must move through the shoe as a real table does, and the cards a round
uses depend on how it is played: a split or a hit takes cards, and so does the dealer,
who draws only while some hand of the player still waits for his total. Here one player
plays the round by a :class:`~baccarat_exact.blackjack.strategy.BasicStrategy` and every
rule of :class:`~baccarat_exact.blackjack.rules.BlackjackRules` that moves cards is
followed: the hole card and the peek, blackjacks, surrender, splits (by value or rank,
split aces that take one card), doubles and Triple Seven. Who wins is not settled here;
only the cards are counted.

Dealing order: the player's first card, the dealer's up card, the player's second card,
then the hole card (where the dealer takes one). Split hands are played one after the
other, each taking its second card when its turn comes; a pair card dealt as a split
hand's second card splits again where the rules allow resplits (the strategy
:mod:`~baccarat_exact.blackjack.resplit` values).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from baccarat_exact.blackjack.hands import ACE, SEVEN, SLOTS, TEN, Counts, hand_total
from baccarat_exact.blackjack.round.moves import hands_possible, pays_triple_seven
from baccarat_exact.blackjack.rules import BlackjackRules, SplitBy
from baccarat_exact.blackjack.strategy import BasicStrategy, Move, UpCardPlay

__all__ = ["SLOT_OF_RANK", "PlayedRound", "counts_of", "play_round"]

SLOT_OF_RANK = tuple(min(rank, TEN) for rank in range(13))
"""Value slot of each rank index 0-12 (A 2 … 9 T J Q K): T J Q K all ten."""


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """Where a round played from a shoe ended."""

    end: int
    """Position of the first card after the round (the next round's first card)."""
    complete: bool
    """False when the shoe ran out before the round was over (``end`` is then the shoe's end)."""


class _ShoeOut(Exception):
    """The shoe has no card left to deal."""


class _Cards:
    """The shoe's cards from a position on, dealt one at a time."""

    def __init__(self, order: Sequence[int], start: int) -> None:
        self.order = order
        self.position = start

    def draw(self) -> int:
        """The next card's rank index (0-12)."""
        if self.position >= len(self.order):
            raise _ShoeOut
        rank = self.order[self.position]
        self.position += 1
        return int(rank)


def counts_of(ranks: Sequence[int]) -> Counts:
    """Value counts (A 2 … 9 T) of cards given as rank indices 0-12."""
    counts = [0] * SLOTS
    for rank in ranks:
        counts[SLOT_OF_RANK[rank]] += 1
    return tuple(counts)


def _total(ranks: Sequence[int]) -> int:
    return hand_total(counts_of(ranks))[0]


def _natural(ranks: Sequence[int]) -> bool:
    return len(ranks) == 2 and _total(ranks) == 21


def play_round(order: Sequence[int], start: int, strategy: BasicStrategy) -> PlayedRound:
    """Deal the round whose first card is ``order[start]`` (cards as rank indices 0-12,
    A 2 … 9 T J Q K) and play it by ``strategy``; where it ended.

    >>> from baccarat_exact.blackjack.rules import BlackjackRules
    >>> from baccarat_exact.blackjack.strategy import UpCardPlay
    >>> chart = BasicStrategy(rules=BlackjackRules(), plays=tuple(UpCardPlay.starting(u) for u in range(10)))
    >>> play_round([9, 5, 6, 9, 8], 0, chart)  # T, up 6, 7: stands on 17; the dealer: 6 T 9, bust
    PlayedRound(end=5, complete=True)
    """
    cards = _Cards(order, start)
    try:
        _play(cards, strategy)
    except _ShoeOut:
        return PlayedRound(end=len(order), complete=False)
    return PlayedRound(end=cards.position, complete=True)


def _play(cards: _Cards, strategy: BasicStrategy) -> None:
    rules = strategy.rules
    first = cards.draw()
    up_rank = cards.draw()
    hand = [first, cards.draw()]
    dealer = [up_rank]
    if rules.hole_card:
        dealer.append(cards.draw())
        if _natural(dealer):  # the peek finds a blackjack: the round is over
            return
    up = SLOT_OF_RANK[up_rank]
    if _natural(hand):
        if not rules.hole_card and up in (ACE, TEN):
            cards.draw()  # the dealer's second card: does he have blackjack too?
        return
    play = strategy.plays[up]
    waiting = 0  # hands that stand on a total and wait for the dealer's
    move = play.move(counts_of(hand), -1, rules, splittable=_splittable(hand, rules))
    if move is Move.SURRENDER:
        return
    if move is Move.SPLIT:
        waiting += _play_split(cards, hand, play, rules)
    else:
        waiting += _play_hand(cards, hand, play, rules, -1, move)
    if not waiting:
        return  # every hand is settled (bust or Triple Seven): the dealer draws nothing
    while True:
        if len(dealer) == 1:
            dealer.append(cards.draw())
            if _natural(dealer):
                return
        total, soft = hand_total(counts_of(dealer))
        if total > 17 or (total == 17 and not (soft and rules.dealer_hits_soft_17)):
            return
        dealer.append(cards.draw())


def _play_split(cards: _Cards, pair: list[int], play: UpCardPlay, rules: BlackjackRules) -> int:
    """Play the hands a split pair becomes, one after the other; how many stand waiting.

    Each hand takes its second card when its turn comes. With resplits (``split_hands``
    3 or 4), a pair card dealt as a hand's second card splits again while fewer hands
    exist than the rules allow (aces only with ``resplit_aces``): it starts a hand of its
    own, played next, and the hand takes another second card.
    """
    slot = SLOT_OF_RANK[pair[0]]
    firsts = list(pair)
    hands = 2
    waiting = 0
    i = 0
    while i < len(firsts):
        second = cards.draw()
        while (
            hands < hands_possible(rules, slot)
            and _splittable([firsts[i], second], rules)
            and SLOT_OF_RANK[second] == slot
        ):
            firsts.insert(i + 1, second)
            hands += 1
            second = cards.draw()
        waiting += _play_hand(cards, [firsts[i], second], play, rules, slot, None)
        i += 1
    return waiting


def _splittable(hand: Sequence[int], rules: BlackjackRules) -> bool:
    """Whether two cards of equal value may split: by rank, only two of one rank."""
    return rules.split_by is SplitBy.VALUE or hand[0] == hand[1]


def _triple_seven(hand: Sequence[int], rules: BlackjackRules, split: bool, doubled: bool) -> bool:
    if len(hand) != 3 or any(SLOT_OF_RANK[rank] != SEVEN for rank in hand):
        return False
    return pays_triple_seven(rules, split=split, doubled=doubled)


def _play_hand(
    cards: _Cards,
    hand: list[int],
    play: UpCardPlay,
    rules: BlackjackRules,
    extra: int,
    move: Move | None,
) -> int:
    """Play one hand to its end (``extra``: the split card's slot, -1 unsplit; ``move``: its
    first move when already chosen); 1 if it stands waiting for the dealer, else 0."""
    split = extra >= 0
    doubled = False
    while True:
        total = _total(hand)
        if total > 21:
            return 0
        if len(hand) == 3 and _triple_seven(hand, rules, split, doubled):
            return 0  # paid at once
        if doubled or total == 21:
            return 1
        if move is None:
            move = play.move(counts_of(hand), extra, rules)
        if move is Move.STAND:
            return 1
        if move not in (Move.HIT, Move.DOUBLE):
            raise AssertionError(f"a chart cannot {move.name.lower()} a hand of {len(hand)} cards")
        doubled = move is Move.DOUBLE
        hand.append(cards.draw())
        move = None
