"""``bets``: every bet ``--bet`` accepts (and the user's own) with its exact house edge."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.inputs import PricingRequest

if TYPE_CHECKING:
    from baccarat_exact.model.rules import Rules
    from baccarat_exact.model.shoe import Shoe
    from baccarat_exact.pricing import Odds
    from baccarat_exact.report.bets import BetEntry
    from baccarat_exact.report.model import Report

__all__ = ["BetsRequest"]

_Listing = tuple["Shoe", "Rules", "tuple[BetEntry, ...]", "Odds"]


@dataclass(frozen=True, slots=True, kw_only=True)
class BetsRequest(PricingRequest["_Listing"]):
    """The bet listing: the catalogue and the user's bets (``bets.definitions``), or just
    the bets ``bets.names`` names, each with its house edge on one shoe.

    >>> from baccarat_exact.commands.inputs import BetsInput
    >>> document = BetsRequest(bets=BetsInput(names=("tie",), only_named=True)).run().document()
    >>> [(bet["name"], bet["house_edge"]) for bet in document["bets"]]
    [('tie', '103841353768/723147898655')]
    """

    KIND: ClassVar[str] = "bets"

    """The bets to show (``names``: only these; every bet when none) and the user's own
    (``definitions``)."""
    long: bool = False
    """Also each bet's rule, pay table and source (always so when bets are named)."""

    def compute(self, context: Context) -> _Listing:
        """The shoe, the rules, the bets listed and their odds."""
        from baccarat_exact.report.bets import catalogue_entries, chosen_entries, price_entries

        shoe = self.shoe.shoe()
        rules = self.rules.rules()
        every = catalogue_entries(rules, definitions=self.bets.definitions)
        entries = chosen_entries(every, list(self.bets.names))
        return shoe, rules, entries, price_entries(shoe, rules, entries)

    def report(self, result: _Listing, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.bets import bets_report

        shoe, rules, entries, priced = result
        long = self.long or bool(self.bets.names)
        return bets_report(shoe, rules, entries, long=long, priced=priced)
