"""Insurance and even money against a dealer ace: their exact value for a shoe, and whether to take them.

Insurance is a side bet, offered when the dealer shows an ace, that his next card
(the hole card, or with no hole card the card he draws next) is ten-valued; it pays
2 to 1. With ``p`` the chance of that ten, a unit insured returns ``2p - (1 - p)``.
Even money is insurance of a player blackjack: the player takes 1 to 1 at once
instead of the blackjack pay, which he gets only when the dealer has no blackjack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat_exact.blackjack.hands import ACE, TEN, hand_counts, parse_hand, shoe_counts
from baccarat_exact.blackjack.round.settle import INSURANCE_PAYS
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.errors import CardError, ShoeError
from baccarat_exact.model.cards import Rank
from baccarat_exact.model.exact import to_float
from baccarat_exact.model.shoe import Shoe

__all__ = ["INSURANCE_PAYS", "InsuranceResult", "insurance"]


@dataclass(frozen=True, slots=True, kw_only=True)
class InsuranceResult:
    """Insurance (for the shoe, or a given hand) and even money, against a dealer ace.

    >>> result = insurance(Shoe.from_decks(1))
    >>> result.ten_chance, result.insurance_ev, result.take_insurance
    (Fraction(16, 51), Fraction(-1, 17), False)
    """

    rules: BlackjackRules
    shoe: Shoe
    """The shoe before the dealer's ace (and the player's cards) came out."""
    hand: tuple[Rank, ...]
    """The player's cards, when given (insurance then counts them out); else empty."""
    ten_chance: Fraction
    """Chance that the dealer's next card is ten-valued, given the ace and the cards known."""
    insurance_ev: Fraction
    """Expected net win per unit insured: ``2p - (1 - p)``."""
    even_money_ten_chance: Fraction | None
    """The same chance when the player holds a blackjack (``None`` if the shoe cannot deal one)."""
    even_money_ev: Fraction | None
    """A blackjack's expected net win when even money is declined: ``pays × (1 - p)``
    (taking it wins exactly 1)."""

    @property
    def take_insurance(self) -> bool:
        """Insurance has a positive expected value."""
        return self.insurance_ev > 0

    @property
    def take_even_money(self) -> bool | None:
        """Even money (a sure 1) beats the blackjack's expected pay."""
        return None if self.even_money_ev is None else self.even_money_ev < 1

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON data (a command's document wraps it)."""
        even: dict[str, Any] = {"possible": self.even_money_ev is not None}
        if self.even_money_ev is not None and self.even_money_ten_chance is not None:
            even.update(
                ten_chance=str(self.even_money_ten_chance),
                ten_chance_float=to_float(self.even_money_ten_chance),
                ev_taken="1",
                ev_declined=str(self.even_money_ev),
                ev_declined_float=to_float(self.even_money_ev),
                take=self.take_even_money,
            )
        return {
            "rules": self.rules.to_dict(),
            "shoe": self.shoe.to_dict(),
            "hand": " ".join(rank.value for rank in self.hand) or None,
            "insurance": {
                "pays": str(INSURANCE_PAYS),
                "ten_chance": str(self.ten_chance),
                "ten_chance_float": to_float(self.ten_chance),
                "ev": str(self.insurance_ev),
                "ev_float": to_float(self.insurance_ev),
                "take": self.take_insurance,
            },
            "even_money": even,
        }


def _ten_chance(counts: Sequence[int], out: Sequence[int], infinite: bool) -> Fraction:
    """Chance the next card is a ten, the cards ``out`` (count vector) gone from ``counts``."""
    if infinite:
        return Fraction(counts[TEN], sum(counts))
    left = [c - k for c, k in zip(counts, out)]
    if any(n < 0 for n in left):
        raise ShoeError("the shoe does not hold the dealer's ace and the player's cards")
    if sum(left) == 0:
        raise ShoeError("the shoe holds no card after the dealer's ace and the player's cards")
    return Fraction(left[TEN], sum(left))


def insurance(
    shoe: Shoe | None = None,
    rules: BlackjackRules | None = None,
    hand: str | Sequence[Rank] | None = None,
) -> InsuranceResult:
    """Insurance and even money against a dealer ace dealt from ``shoe`` (default: a fresh
    shoe of ``rules.decks``); ``hand``, if given, is the player's cards, counted out too.

    :raises ShoeError: when the shoe holds no ace for the dealer.
    """
    rules = rules or BlackjackRules()
    shoe = shoe or Shoe.from_decks(rules.decks)
    counts = shoe_counts(shoe)
    if not counts[ACE]:
        raise ShoeError("the shoe holds no ace: the dealer cannot show one, no insurance")
    ranks = parse_hand(hand) if isinstance(hand, str) else tuple(hand or ())
    if ranks and len(ranks) < 2:
        raise CardError(f"a hand needs at least two cards, got {len(ranks)}")
    ace = (1,) + (0,) * 9
    known = tuple(a + h for a, h in zip(ace, hand_counts(ranks)))
    p = _ten_chance(counts, known, shoe.infinite)
    ev = INSURANCE_PAYS * p - (1 - p)
    blackjack = tuple(a + (slot in (ACE, TEN)) for slot, a in enumerate(ace))
    possible = shoe.infinite or all(c >= k for c, k in zip(counts, blackjack))
    p_even = _ten_chance(counts, blackjack, shoe.infinite) if possible else None
    return InsuranceResult(
        rules=rules,
        shoe=shoe,
        hand=ranks,
        ten_chance=p,
        insurance_ev=ev,
        even_money_ten_chance=p_even,
        even_money_ev=None if p_even is None else rules.blackjack_pays * (1 - p_even),
    )
