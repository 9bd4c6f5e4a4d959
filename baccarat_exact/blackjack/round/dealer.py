"""The dealer's part of the round: the peek, his draw, and the final hands he can end with.

The dealer takes his up card as the round's second card. With a hole card (US style) he
takes a second card as the round's fourth and *peeks*: a blackjack ends the round before
the player acts. Without one (the casino's game) he takes his second card only after the
player has played, and a blackjack found then takes what the rules say
(:func:`~baccarat_exact.blackjack.round.settle.settle`). He then draws while his total is
below 17 (or is a soft 17, where he hits it), but only while some hand of the player
still waits for his total.

``OUTCOMES`` numbers his final hands; every distribution vector, settlement table and
compiled step uses that order.
"""

from __future__ import annotations

from functools import cache

from baccarat_exact.blackjack.hands import ACE, TEN
from baccarat_exact.blackjack.rules import BlackjackRules

__all__ = [
    "BLACKJACK",
    "BUST",
    "OUTCOMES",
    "blackjack_slot",
    "dealer_stands",
    "dealer_stops",
    "final_outcome",
    "outcome_of_total",
    "peeks",
    "stop_table",
]

OUTCOMES: tuple[str, ...] = ("17", "18", "19", "20", "21", "bust", "blackjack")
"""The dealer's final hands, in the order of every distribution vector."""
BUST, BLACKJACK = 5, 6
"""Indexes of bust and blackjack in ``OUTCOMES`` (0–4 are totals 17–21)."""


def peeks(rules: BlackjackRules) -> bool:
    """Whether the dealer takes a hole card and checks it for blackjack before the player
    acts: a dealer blackjack then ends the round at once, and every later move is made
    knowing he has none.

    >>> from baccarat_exact.blackjack.rules import CASINO_RULES, US_RULES
    >>> peeks(CASINO_RULES), peeks(US_RULES)
    (False, True)
    """
    return rules.hole_card


def blackjack_slot(up: int) -> int:
    """The value slot that gives the dealer a blackjack with up card ``up`` (ten for an ace,
    ace for a ten), or -1 when no second card can.

    >>> blackjack_slot(ACE), blackjack_slot(TEN), blackjack_slot(5)
    (9, 0, -1)
    """
    return TEN if up == ACE else ACE if up == TEN else -1


def dealer_stands(hard: int, has_ace: bool, hits_soft_17: bool) -> bool:
    """Whether a dealer hand of this hard total (aces 1; ``has_ace``: it holds one) stops
    drawing: at 17 or more, a soft 17 too unless he hits soft 17, and once bust.

    >>> dealer_stands(7, True, False), dealer_stands(7, True, True), dealer_stands(16, False, True)
    (True, False, False)
    """
    if hard > 21:
        return True
    if has_ace and hard + 10 <= 21:
        total = hard + 10
        return total >= 18 or (total == 17 and not hits_soft_17)
    return hard >= 17


def final_outcome(hard: int, has_ace: bool) -> int:
    """Index in ``OUTCOMES`` of a dealer hand that stands (blackjack decided by the caller).

    >>> final_outcome(8, True), final_outcome(22, False)
    (1, 5)
    """
    if hard > 21:
        return BUST
    total = hard + 10 if has_ace and hard + 10 <= 21 else hard
    return total - 17


def outcome_of_total(total: int) -> int:
    """Index in ``OUTCOMES`` of a dealer total that stood (17–21) or busted (above 21)."""
    return BUST if total > 21 else total - 17


@cache
def stop_table(hits_soft_17: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The dealer's draw as a table, for loops and compiled steps: per (holds an ace, hard
    total 0–31), the ``OUTCOMES`` index where he stops, else -1 (he draws).

    >>> plain, with_ace = stop_table(False)
    >>> plain[16], plain[17], with_ace[7], stop_table(True)[1][7]
    (-1, 0, 0, -1)
    """
    plain, with_ace = (
        tuple(
            final_outcome(hard, ace) if dealer_stands(hard, ace, hits_soft_17) else -1
            for hard in range(32)
        )
        for ace in (False, True)
    )
    return plain, with_ace


def dealer_stops(rules: BlackjackRules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`stop_table` for the dealer's rule of ``rules`` (S17 or H17)."""
    return stop_table(rules.dealer_hits_soft_17)
