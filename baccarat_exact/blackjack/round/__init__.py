"""Blackjack's round, stated once: the deal, what a hand may do, the dealer, the settlement.

A round goes so, and every part of the package that values or deals one reads it here:

1. **The deal.** The player's first card, the dealer's up card, the player's second card,
   then the hole card where the dealer takes one (:data:`DEAL_ORDER`).
2. **The peek** (:func:`~.dealer.peeks`). With a hole card the dealer checks for
   blackjack at once: one ends the round (:func:`~.settle.settle_peeked`).
3. **The player's hand or hands** (:mod:`.moves`): a blackjack is paid at once (without a
   hole card, the dealer's second card is dealt first when his up card is an ace or a
   ten); otherwise stand, hit, double, split, surrender as the rules allow; a split
   pair's hands are played in turn, each taking its second card when its turn comes
   (:func:`~.moves.split_deals`); three sevens may be paid at once.
4. **The dealer's draw** (:func:`~.dealer.dealer_stands`): his second card (without a hole
   card) and more, while some hand still waits for his total.
5. **Settlement** (:func:`~.settle.settle`): each finished hand against his final hand.

The exact engine (:mod:`~baccarat_exact.blackjack.solver`, :mod:`~baccarat_exact.
blackjack.graph`), the round's law (:mod:`~baccarat_exact.blackjack.round_stats`,
:mod:`~baccarat_exact.blackjack.split_round`), the resplit terms and the dealt round of
simulations (:mod:`~baccarat_exact.blackjack.dealt`) all call these functions; loops and
compiled kernels read tables made from them (:func:`~.dealer.stop_table`,
:func:`~.settle.settlement_table`).
"""

from __future__ import annotations

from baccarat_exact.blackjack.round.dealer import (
    BLACKJACK,
    BUST,
    OUTCOMES,
    blackjack_slot,
    dealer_stands,
    dealer_stops,
    final_outcome,
    outcome_of_total,
    peeks,
    stop_table,
)
from baccarat_exact.blackjack.round.moves import (
    ANY,
    CAPPED,
    LAST,
    PAIR,
    SplitDeal,
    forced_stand,
    hands_possible,
    is_triple_seven,
    may_double,
    may_split,
    may_surrender,
    pays_triple_seven,
    split_deals,
    split_share,
    surrenders_before_peek,
    tens_split_by_rank,
)
from baccarat_exact.blackjack.round.settle import (
    INSURANCE_PAYS,
    MOST_HANDS,
    End,
    SettlementTable,
    settle,
    settle_insurance,
    settle_peeked,
    settlement_scale,
    settlement_table,
    stand_margins,
)

__all__ = [
    "ANY",
    "BLACKJACK",
    "BUST",
    "CAPPED",
    "DEAL_ORDER",
    "INSURANCE_PAYS",
    "LAST",
    "MOST_HANDS",
    "OUTCOMES",
    "PAIR",
    "End",
    "SettlementTable",
    "SplitDeal",
    "blackjack_slot",
    "dealer_stands",
    "dealer_stops",
    "final_outcome",
    "forced_stand",
    "hands_possible",
    "is_triple_seven",
    "may_double",
    "may_split",
    "may_surrender",
    "outcome_of_total",
    "pays_triple_seven",
    "peeks",
    "settle",
    "settle_insurance",
    "settle_peeked",
    "settlement_scale",
    "settlement_table",
    "split_deals",
    "split_share",
    "stand_margins",
    "stop_table",
    "surrenders_before_peek",
    "tens_split_by_rank",
]

DEAL_ORDER: tuple[str, ...] = ("player", "dealer up card", "player", "dealer hole card")
"""Who takes each of a round's first cards; the fourth only where the dealer takes a hole
card (:func:`~.dealer.peeks`)."""
