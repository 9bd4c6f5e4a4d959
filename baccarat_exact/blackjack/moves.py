"""Which moves a hand may make under the rules: the one place each player rule is read.

A hand is described by what the rules look at: its total and whether it is soft, how many
cards it holds, and ``extra`` — for a split hand the slot of the pair card that went to the
other hand (-1 for an unsplit hand). The engine (:mod:`.graph`), the chart
(:mod:`.strategy`), the dealt round (:mod:`.play`) and the resplit terms (:mod:`.resplit`)
all ask here, so a rule is encoded once.

>>> from baccarat_exact.blackjack.rules import BlackjackRules
>>> rules = BlackjackRules(double_after_split=True)
>>> may_double(rules, 11, False, extra=4), may_double(rules, 11, False, extra=0)
(True, False)
"""

from __future__ import annotations

from baccarat_exact.blackjack.hands import ACE
from baccarat_exact.blackjack.rules import BlackjackRules, Surrender

__all__ = [
    "forced_stand",
    "hands_possible",
    "may_double",
    "may_surrender",
    "pays_triple_seven",
]


def forced_stand(rules: BlackjackRules, extra: int) -> bool:
    """Whether a split hand stands on its two cards: split aces that take one card each."""
    return extra == ACE and not rules.hit_split_aces


def may_double(rules: BlackjackRules, total: int, soft: bool, *, extra: int = -1) -> bool:
    """Whether a two-card hand of this total may double: the double rule's totals and, for a
    split hand, double after split (split aces: only when they may double and take cards)."""
    if extra >= 0:
        if not rules.double_after_split:
            return False
        if extra == ACE and not (rules.double_split_aces and rules.hit_split_aces):
            return False
    return rules.may_double(total, soft)


def may_surrender(rules: BlackjackRules, *, cards: int, extra: int = -1) -> bool:
    """Whether a hand may surrender: an unsplit hand of two cards, where surrender is offered
    (a blackjack never plays on, so never surrenders)."""
    return rules.surrender is not Surrender.NONE and cards == 2 and extra < 0


def pays_triple_seven(rules: BlackjackRules, *, split: bool, doubled: bool) -> bool:
    """Whether three sevens (the hand's first three cards) are paid at once, for a split hand or
    not, completed by a double or by a hit."""
    if not rules.triple_seven or (split and not rules.triple_seven_on_split):
        return False
    return not doubled or rules.triple_seven_on_double


def hands_possible(rules: BlackjackRules, slot: int) -> int:
    """Most hands a pair of ``slot`` may become (aces: two unless aces resplit)."""
    return 2 if slot == ACE and not rules.resplit_aces else rules.split_hands
