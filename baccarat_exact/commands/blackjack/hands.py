"""``blackjack dealer``, ``blackjack hand`` and ``blackjack insurance``: the dealer's final
hand, one decision, and insurance against an ace."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.blackjack.inputs import (
    DEALER_RULES,
    INSURANCE_RULES,
    BlackjackRequest,
)
from baccarat_exact.errors import CardError

if TYPE_CHECKING:
    from baccarat_exact.blackjack.dealer import DealerChart
    from baccarat_exact.blackjack.hand import HandAnalysis
    from baccarat_exact.blackjack.insurance import InsuranceResult
    from baccarat_exact.report.model import Report

__all__ = ["BlackjackDealerRequest", "BlackjackHandRequest", "BlackjackInsuranceRequest"]


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackDealerRequest(BlackjackRequest["DealerChart"]):
    """The dealer's final hand for each up card (or one).

    >>> from baccarat_exact.commands.inputs import ShoeInput
    >>> from baccarat_exact.commands.blackjack.inputs import BlackjackRulesInput
    >>> request = BlackjackDealerRequest(rules=BlackjackRulesInput(decks=1), up="T")
    >>> request.run().document()["up_cards"][0]["outcomes"]["blackjack"]
    '4/51'
    >>> BlackjackDealerRequest(rules=BlackjackRulesInput(das=True))
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: blackjack dealer takes no --das/--no-das: its figures do not depend on it
    """

    KIND: ClassVar[str] = "blackjack dealer"
    RULES: ClassVar[tuple[str, ...]] = DEALER_RULES

    up: str | None = None
    """Only this up card (``None``: every one the shoe can show)."""

    def check(self) -> None:
        from baccarat_exact.blackjack.hands import parse_up

        if self.up is not None:
            parse_up(self.up)

    def compute(self, context: Context) -> DealerChart:
        from baccarat_exact.blackjack.dealer import dealer_chart
        from baccarat_exact.blackjack.hands import parse_up, slot_of

        rules, shoe = self.game()
        slot = None if self.up is None else slot_of(parse_up(self.up))
        return dealer_chart(shoe, hits_soft_17=rules.dealer_hits_soft_17, up=slot)

    def report(self, result: DealerChart, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.blackjack import dealer_report

        return dealer_report(result)


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackHandRequest(BlackjackRequest["HandAnalysis"]):
    """Every move's exact value for one hand against an up card, and the best.

    >>> from baccarat_exact.commands.blackjack.inputs import BlackjackRulesInput
    >>> BlackjackHandRequest(cards="T 6", up="T", rules=BlackjackRulesInput(decks=1)).run().document()["best"]
    'hit'
    """

    KIND: ClassVar[str] = "blackjack hand"
    OPTIMAL_SPLIT: ClassVar[bool] = True

    cards: str = ""
    """The player's cards, e.g. ``"T 6"`` (two or more)."""
    up: str = ""
    """The dealer's up card."""
    exact: bool = True
    """Exact fractions (false: float arithmetic, ``--float``)."""

    def check(self) -> None:
        from baccarat_exact.blackjack.hands import parse_hand, parse_up

        if not self.up.strip():
            raise CardError('give the dealer\'s up card (--up), e.g. "T"')
        parse_hand(self.cards)
        parse_up(self.up)

    def compute(self, context: Context) -> HandAnalysis:
        from baccarat_exact.blackjack.hand import analyze_hand

        rules, shoe = self.game()
        return analyze_hand(self.cards, self.up, shoe, rules, exact=self.exact)

    def report(self, result: HandAnalysis, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.blackjack import hand_report

        return hand_report(result)


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackInsuranceRequest(BlackjackRequest["InsuranceResult"]):
    """Insurance and even money against a dealer ace, and whether to take them.

    >>> from baccarat_exact.commands.blackjack.inputs import BlackjackRulesInput
    >>> doc = BlackjackInsuranceRequest(rules=BlackjackRulesInput(decks=1)).run().document()
    >>> doc["insurance"]["ten_chance"], doc["insurance"]["take"]
    ('16/51', False)
    """

    KIND: ClassVar[str] = "blackjack insurance"
    RULES: ClassVar[tuple[str, ...]] = INSURANCE_RULES

    cards: str | None = None
    """The player's cards, counted out of the shoe too (``None``: not known)."""

    def check(self) -> None:
        from baccarat_exact.blackjack.hands import parse_hand

        if self.cards is not None:
            parse_hand(self.cards)

    def compute(self, context: Context) -> InsuranceResult:
        from baccarat_exact.blackjack.insurance import insurance

        rules, shoe = self.game()
        return insurance(shoe, rules, self.cards)

    def report(self, result: InsuranceResult, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.blackjack import insurance_report

        return insurance_report(result)
