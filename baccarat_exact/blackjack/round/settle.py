"""Settling a finished hand: what it wins or loses against the dealer's final hand.

One function, :func:`settle`, states every pay of the round: a player blackjack (pushing
a dealer blackjack), a Triple Seven (paid at once, whatever the dealer then holds), a
surrender (half the stake; an early one keeps that against a dealer blackjack, a late one
without a hole card does not), a bust (lost before the dealer plays), a dealer blackjack
found after the player acted (all stakes, or only the original stake shared by the hands a
pair became), and a standing total against the dealer's. :func:`settle_peeked` is the
round's result when the peek finds a dealer blackjack before anyone acts.

Everything that values or deals a round settles here: the engine's pays
(:class:`~baccarat_exact.blackjack.solver.UpCardSolver`), the round's exact law
(:mod:`~baccarat_exact.blackjack.round_stats`) and the dealt rounds of simulations
(:mod:`~baccarat_exact.blackjack.dealt`), the last through :class:`SettlementTable`, the
same results as whole numbers in a flat table a compiled kernel can read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from functools import cache, lru_cache

from baccarat_exact.blackjack.round.dealer import BLACKJACK, BUST, OUTCOMES
from baccarat_exact.blackjack.rules import (
    CASINO_RULES,
    BlackjackRules,
    DealerBlackjackTakes,
    Surrender,
)

__all__ = [
    "INSURANCE_PAYS",
    "MOST_HANDS",
    "End",
    "SettlementTable",
    "settle",
    "settle_insurance",
    "settle_peeked",
    "settlement_scale",
    "settlement_table",
    "stand_margins",
]

MOST_HANDS = 4
"""Most hands one pair can become (split to 4 hands)."""

_HALF = Fraction(1, 2)

INSURANCE_PAYS = Fraction(2)
"""Insurance pays 2 to 1."""


class End(IntEnum):
    """How a player's hand ended, before the dealer's hand is known."""

    BLACKJACK = 0
    """A player blackjack: paid the rules' pay, pushing a dealer blackjack."""
    BUST = 1
    """Went over 21: its stake is lost (to a dealer blackjack as the rules say)."""
    TRIPLE_SEVEN = 2
    """Three sevens as its first three cards, where the rules pay them: paid at once."""
    STAND = 3
    """Stood on a total (after a double too): settled against the dealer's total."""
    SURRENDER = 4
    """Given up on two cards: half the stake back."""


@lru_cache(maxsize=4096)
def settle(
    rules: BlackjackRules, end: End, total: int, stake: int, outcome: int, hands: int = 1
) -> Fraction:
    """Net result, in original stakes, of a hand that ended so (``total`` its total when it
    stood, ``stake`` 2 when doubled), one of the ``hands`` a pair became (1: unsplit), against
    the dealer's final hand ``outcome`` (an index of ``OUTCOMES``; ``BLACKJACK`` is one found
    after the player acted: with a hole card the peek settles it, :func:`settle_peeked`).
    Kept per argument: solvers of many shoes ask the same few.

    >>> from baccarat_exact.blackjack.rules import BlackjackRules
    >>> rules = BlackjackRules(dealer_blackjack_takes="original")
    >>> settle(rules, End.STAND, 20, 2, 2), settle(rules, End.STAND, 18, 1, 2)  # v 19
    (Fraction(2, 1), Fraction(-1, 1))
    >>> settle(rules, End.BUST, 0, 2, BLACKJACK, hands=2)  # his half of the original
    Fraction(-1, 2)
    >>> settle(rules, End.BLACKJACK, 21, 1, BLACKJACK), settle(rules, End.TRIPLE_SEVEN, 21, 1, BLACKJACK)
    (Fraction(0, 1), Fraction(3, 2))
    """
    if end is End.BLACKJACK:
        return Fraction(0) if outcome == BLACKJACK else rules.blackjack_pays
    if end is End.TRIPLE_SEVEN:
        return rules.triple_seven_pays * stake
    if outcome == BLACKJACK:
        if end is End.SURRENDER:
            return -_HALF if rules.surrender is Surrender.EARLY else Fraction(-1)
        if rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL:
            return Fraction(-stake)
        return Fraction(-1, hands)
    if end is End.SURRENDER:
        return -_HALF
    if end is End.BUST:
        return Fraction(-stake)
    if outcome == BUST:
        return Fraction(stake)
    dealer = 17 + outcome
    return Fraction(stake if total > dealer else 0 if total == dealer else -stake)


def settle_peeked(rules: BlackjackRules, end: End | None) -> Fraction:
    """With a hole card: the round's net result when the peek finds a dealer blackjack —
    a player blackjack pushes, an early surrender (made before the peek) loses half, any
    other hand (``None``: one not yet played) the original stake.

    >>> from baccarat_exact.blackjack.rules import US_RULES
    >>> settle_peeked(US_RULES, End.BLACKJACK), settle_peeked(US_RULES, None)
    (Fraction(0, 1), Fraction(-1, 1))
    """
    if end is End.BLACKJACK:
        return Fraction(0)
    if end is End.SURRENDER and rules.surrender is Surrender.EARLY:
        return -_HALF
    return Fraction(-1)


def settle_insurance(rules: BlackjackRules, dealer_blackjack: bool) -> Fraction:
    """Insurance taken against an ace: half the original stake staked on a dealer blackjack,
    paid :data:`INSURANCE_PAYS` to 1 — in original stakes, +1 or -1/2.

    >>> from baccarat_exact.blackjack.rules import US_RULES
    >>> settle_insurance(US_RULES, True), settle_insurance(US_RULES, False)
    (Fraction(1, 1), Fraction(-1, 2))
    """
    return _HALF * INSURANCE_PAYS if dealer_blackjack else -_HALF


def settlement_scale(rules: BlackjackRules) -> int:
    """The least whole number that makes every result of :func:`settle` whole when
    multiplied by it: the pays' denominators, half a stake, and the hands a dealer
    blackjack shares the original stake between (when it takes only that).

    >>> from baccarat_exact.blackjack.rules import BlackjackRules
    >>> settlement_scale(BlackjackRules()), settlement_scale(BlackjackRules(blackjack_pays=Fraction(6, 5)))
    (2, 10)
    """
    pays = (rules.blackjack_pays, rules.triple_seven_pays, _HALF)
    shares = (
        ()
        if rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL
        else range(2, rules.split_hands + 1)
    )
    return math.lcm(*(pay.denominator for pay in pays), *shares)


_TOTALS = 22
"""Totals a table row holds (0–21: a hand that stood is at most 21)."""
_STAKES = 3
"""Stakes a table row holds (index 1 and 2)."""
_HANDS = MOST_HANDS + 1


@dataclass(frozen=True, slots=True, eq=False)
class SettlementTable:
    """:func:`settle` for every hand end, as whole numbers × :attr:`scale` in one flat
    tuple: the entry of (end, total, stake, outcome, hands) is at
    ``base(end, total, stake) + outcome * 5 + hands`` (a total only for ``STAND``; 0
    otherwise). A dealt round keeps each finished hand as its base and looks up the
    dealer's outcome once he is done; a compiled kernel reads the same numbers.

    >>> from baccarat_exact.blackjack.rules import BlackjackRules
    >>> table = settlement_table(BlackjackRules())
    >>> table.values[table.base(End.STAND, 20, 1) + 1 * 5 + 1], table.scale  # 20 v 18: + 1
    (2, 2)
    """

    rules: BlackjackRules
    scale: int
    values: tuple[int, ...]

    @staticmethod
    def base(end: End, total: int, stake: int) -> int:
        """Where the results of a hand that ended so start in :attr:`values`."""
        row = total if end is End.STAND else 0
        return ((int(end) * _STAKES + stake) * _TOTALS + row) * len(OUTCOMES) * _HANDS


@cache
def settlement_table(rules: BlackjackRules) -> SettlementTable:
    """The :class:`SettlementTable` of ``rules`` (made once per rules)."""
    scale = settlement_scale(rules)
    values: list[int] = []
    for end in End:
        for stake in range(_STAKES):
            for total in range(_TOTALS):
                relevant = stake >= 1 and (total == 0 or end is End.STAND)
                for outcome in range(len(OUTCOMES)):
                    for hands in range(_HANDS):
                        if not relevant or not 1 <= hands <= rules.split_hands:
                            values.append(0)
                            continue
                        result = settle(rules, end, total, stake, outcome, hands) * scale
                        if result.denominator != 1:  # pragma: no cover - the scale's promise
                            raise AssertionError(f"{result} is not whole at scale {scale}")
                        values.append(int(result))
    return SettlementTable(rules=rules, scale=scale, values=tuple(values))


@cache
def stand_margins() -> tuple[tuple[int, ...], ...]:
    """:func:`settle` of one stake standing on each total 0–21 against each dealer outcome
    but a blackjack (+1, 0 or -1; the blackjack column 0, a dealer blackjack being valued
    apart): the table a stand's value sums over. No rule changes it.

    >>> stand_margins()[18]  # v 17, 18, 19, 20, 21, bust, blackjack
    (1, 0, -1, -1, -1, 1, 0)
    """
    return tuple(
        tuple(
            0 if outcome == BLACKJACK else int(settle(CASINO_RULES, End.STAND, total, 1, outcome))
            for outcome in range(len(OUTCOMES))
        )
        for total in range(_TOTALS)
    )
