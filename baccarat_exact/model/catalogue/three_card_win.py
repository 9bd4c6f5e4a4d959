"""3-Card Win: the chosen side wins with a three-card hand."""

from __future__ import annotations

from fractions import Fraction

from baccarat_exact.model.catalogue.entry import NEW, Line, SideBet, win
from baccarat_exact.model.events import Outcome

__all__ = ["BETS"]

_SOURCE = (
    "Wizard of Odds, 3-Card Win: https://wizardofodds.com/games/baccarat/side-bets/3-card-win/"
)

BETS: tuple[SideBet, ...] = tuple(
    SideBet(
        name=f"3-card-win-{side.value}",
        title=f"3-Card Win ({side.value.title()})",
        rule=f"The {side.value.title()} wins with three cards, paying {pays} to 1.",
        lines=(Line(name="win", pays=Fraction(pays), events=win(side, cards=3)),),
        source=_SOURCE,
        family="3-card-win",
        since=NEW,
        aliases=(f"three-card-win-{side.value}",),
    )
    for side, pays in ((Outcome.PLAYER, 4), (Outcome.BANKER, 5))
)
