"""Seeded Monte Carlo of rounds played by a basic strategy — an *estimate*, for tests.

Every round is dealt from the full shoe (a partial Fisher–Yates shuffle of one
array that stays a permutation of the shoe), so the mean estimates the exact
first-round value that :func:`baccarat_exact.blackjack.edge.edge` computes.
The game is played out card by card here, independently of the exact engine:
dealing order, hole card, blackjacks, Triple Seven, splits, doubles, settling.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.blackjack.hands import ACE, SEVEN, SLOTS, TEN, shoe_counts
from baccarat_exact.blackjack.rules import BlackjackRules, DealerBlackjackTakes
from baccarat_exact.blackjack.strategy import BasicStrategy, Move
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.shoe import Shoe

__all__ = ["SimulationEstimate", "simulate"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SimulationEstimate:
    """A sampled estimate of the player's value per round: not an exact result.

    >>> SimulationEstimate(rounds=4, seed=1, mean=0.5, standard_error=0.25).interval(2)
    (0.0, 1.0)
    """

    rounds: int
    seed: int
    mean: float
    """Average net win per round (per original unit)."""
    standard_error: float
    """Standard error of ``mean``."""

    def interval(self, errors: float = 3.0) -> tuple[float, float]:
        """``mean ± errors × standard_error``."""
        return (self.mean - errors * self.standard_error, self.mean + errors * self.standard_error)


def _total(cards: list[int]) -> tuple[int, bool]:
    hard = sum(slot + 1 for slot in cards)
    if ACE in cards and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def _counts(cards: list[int]) -> tuple[int, ...]:
    counts = [0] * SLOTS
    for slot in cards:
        counts[slot] += 1
    return tuple(counts)


class _Table:
    """One shoe and the dealing of rounds from it."""

    def __init__(self, shoe: Shoe, strategy: BasicStrategy, seed: int) -> None:
        if shoe.infinite:
            raise ShoeError("the simulation deals from a finite shoe")
        self.cards = [slot for slot, n in enumerate(shoe_counts(shoe)) for _ in range(n)]
        self.rng = random.Random(seed)
        self.strategy = strategy
        self.rules: BlackjackRules = strategy.rules
        self.position = 0

    def draw(self) -> int:
        cards, i = self.cards, self.position
        j = self.rng.randrange(i, len(cards))
        cards[i], cards[j] = cards[j], cards[i]
        self.position = i + 1
        return cards[i]

    def seven(self, hand: list[int], split: bool, doubled: bool) -> bool:
        rules = self.rules
        if not rules.triple_seven or len(hand) != 3 or any(card != SEVEN for card in hand):
            return False
        if split and not rules.triple_seven_on_split:
            return False
        return not doubled or rules.triple_seven_on_double

    def play(self, hand: list[int], up: int, extra: int) -> tuple[str, int, int]:
        """Play a hand by the chart: (kind, total, stake) with kind stand, bust or seven."""
        split = extra >= 0
        while True:
            move = self.strategy.move(up, _counts(hand), extra)
            if move is Move.STAND:
                return ("stand", _total(hand)[0], 1)
            hand.append(self.draw())
            doubled = move is Move.DOUBLE
            stake = 2 if doubled else 1
            total, _ = _total(hand)
            if total > 21:
                return ("bust", total, stake)
            if self.seven(hand, split, doubled):
                return ("seven", 21, stake)
            if doubled:
                return ("stand", total, stake)

    def round(self) -> Fraction:
        """Deal and settle one round from the full shoe; the player's net win."""
        rules = self.rules
        self.position = 0
        up = self.draw()
        hand = [self.draw(), self.draw()]
        dealer = [up]
        if rules.hole_card:
            dealer.append(self.draw())
            if _total(dealer)[0] == 21:  # peeked blackjack: the round ends
                return Fraction(0) if _total(hand)[0] == 21 else Fraction(-1)
        player_bj = _total(hand)[0] == 21
        if player_bj:
            if len(dealer) == 1:
                dealer.append(self.draw())
            return Fraction(0) if _total(dealer)[0] == 21 else rules.blackjack_pays
        results: list[tuple[str, int, int]]
        move = self.strategy.move(up, _counts(hand), -1)
        if move is Move.SPLIT:
            pair = hand[0]
            results = []
            for _ in range(2):
                split_hand = [pair, self.draw()]
                results.append(self.play(split_hand, up, pair))
            share = Fraction(1, 2)
        else:
            results = [self.play(hand, up, -1)]
            share = Fraction(1)
        while True:  # the dealer completes his hand
            total, soft = _total(dealer)
            if len(dealer) == 2 and total == 21:
                break
            if total > 17 or (total == 17 and not (soft and rules.dealer_hits_soft_17)):
                break
            dealer.append(self.draw())
        dealer_total, _ = _total(dealer)
        dealer_bj = len(dealer) == 2 and dealer_total == 21
        net = Fraction(0)
        for kind, total, stake in results:
            if kind == "seven":
                net += rules.triple_seven_pays * stake
            elif dealer_bj:
                takes_all = rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL
                net -= stake if takes_all else share
            elif kind == "bust":
                net -= stake
            elif dealer_total > 21 or total > dealer_total:
                net += stake
            elif total < dealer_total:
                net -= stake
        return net


def simulate(
    strategy: BasicStrategy, shoe: Shoe | None = None, *, rounds: int = 100_000, seed: int = 1
) -> SimulationEstimate:
    """Play ``rounds`` rounds by ``strategy`` from fresh shoes; the mean net win and its standard error."""
    if rounds < 2:
        raise ValueError(f"need at least 2 rounds, got {rounds}")
    shoe = shoe or Shoe.from_decks(strategy.rules.decks)
    table = _Table(shoe, strategy, seed)
    total = 0.0
    squares = 0.0
    for _ in range(rounds):
        net = float(table.round())
        total += net
        squares += net * net
    mean = total / rounds
    variance = (squares - rounds * mean * mean) / (rounds - 1)
    return SimulationEstimate(
        rounds=rounds, seed=seed, mean=mean, standard_error=math.sqrt(variance / rounds)
    )


assert TEN == SLOTS - 1
