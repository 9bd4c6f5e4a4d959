"""``odds``: exact probabilities and EVs of the next round (or of the round in progress,
given the cards seen), and of a combined stake."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.inputs import PricingRequest, seen_cards

if TYPE_CHECKING:
    from baccarat_exact.combination import Combination
    from baccarat_exact.pricing import Odds
    from baccarat_exact.report.model import Report

__all__ = ["OddsRequest"]


@dataclass(frozen=True, slots=True, kw_only=True)
class OddsRequest(PricingRequest["tuple[Odds, Combination | None]"]):
    """The odds of every bet on one shoe.

    >>> from baccarat_exact.commands.inputs import ShoeInput
    >>> report = OddsRequest(shoe=ShoeInput(decks=8)).run()
    >>> report.document()["bets"]["banker"]["ev"]
    '-114753351728/10847218479825'
    """

    KIND: ClassVar[str] = "odds"

    player: str | None = None
    """The Player's cards of the round seen so far (``?`` face down)."""
    banker: str | None = None
    """The Banker's cards seen so far."""
    stake: str | None = None
    """Stakes on several bets at once: ``"banker=10,tie=1"``."""

    def compute(self, context: Context) -> tuple[Odds, Combination | None]:
        """The odds of the bets (and of every staked bet), and the combined stake."""
        from baccarat_exact.model.bets import unique_bets
        from baccarat_exact.pricing import odds

        shoe, rules, bets = self.chosen()
        seen = seen_cards(self.player, self.banker)
        stakes = None
        if self.stake is not None:
            from baccarat_exact.combination import parse_stakes
            from baccarat_exact.model.catalogue import find_bet

            stakes = parse_stakes(self.stake)
            named = {bet.name for bet in bets}
            bets = unique_bets(
                (*bets, *(find_bet(name, rules) for name in stakes if name not in named))
            )
        result = odds(shoe, rules, bets, seen=seen)
        return result, (result.combination(stakes) if stakes is not None else None)

    def report(self, result: tuple[Odds, Combination | None], view: View = EVERY_FORMAT) -> Report:
        """Every bet's odds, pay lines and statistics (and the combined stake's); with
        ``view.brief``, a line per bet."""
        from baccarat_exact.report.odds import brief_report, odds_report

        return brief_report(*result) if view.brief else odds_report(*result)
