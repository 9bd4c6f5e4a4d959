"""Big and Small: how many cards the round takes."""

from __future__ import annotations

from fractions import Fraction

from baccarat_exact.model.catalogue.entry import WOO_SIDE, Line, SideBet

__all__ = ["BETS"]

BETS: tuple[SideBet, ...] = (
    SideBet(
        name="big",
        title="Big",
        rule="The round takes 5 or 6 cards.",
        lines=(Line(name="5 or 6 cards", pays=Fraction(27, 50), events=lambda e: e.cards >= 5),),
        source="Pay table and house edge 4.35%: "
        "https://vegasfreedom.com/baccarat/what-is-big-and-small-in-baccarat/; "
        "probability of 4 cards: Wizard of Odds 4-5-6 bet, " + WOO_SIDE,
        family="big-small",
    ),
    SideBet(
        name="small",
        title="Small",
        rule="The round takes 4 cards.",
        lines=(Line(name="4 cards", pays=Fraction(3, 2), events=lambda e: e.cards == 4),),
        source="Wizard of Odds 4-5-6 bet (4 cards pays 3 to 2), " + WOO_SIDE,
        family="big-small",
    ),
)
