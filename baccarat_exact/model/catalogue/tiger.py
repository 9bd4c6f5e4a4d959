"""Bets on a winning Banker 6, the hand commission-free games pay half on: Super 6,
Lucky 6 (the Tiger of some tables), Big Tiger and Small Tiger."""

from __future__ import annotations

from fractions import Fraction

from baccarat_exact.model.catalogue.entry import NEW, Line, SideBet, win
from baccarat_exact.model.events import Outcome

__all__ = ["BETS"]

_LUCKY_6 = "https://wizardofodds.com/games/baccarat/side-bets/lucky-6/"
_SMALL_6 = "https://www.ggrasia.com/side-bet-small-6big-6-now-common-in-macau-casinos/"
_FAMILY = "tiger"

BETS: tuple[SideBet, ...] = (
    SideBet(
        name="super-6",
        title="Super 6",
        rule="The Banker wins with a total of 6 (the Super 6 game's side bet).",
        lines=(Line(name="win", pays=Fraction(12), events=win(Outcome.BANKER, 6)),),
        source="Pay 12 to 1: https://casino.bodog.eu/live-dealer-super6; house edge 29.98%: "
        "https://www.leovegas.com/en-row/blog/live-casino/baccarat-academy/side-bets-guide/super-6-side-bet",
        family=_FAMILY,
        aliases=("super6",),
    ),
    SideBet(
        name="lucky-6",
        title="Lucky 6",
        rule="The Banker wins with a 6: two cards pay 12 to 1, three cards 23 to 1.",
        lines=(
            Line(name="two-card 6", pays=Fraction(12), events=win(Outcome.BANKER, 6, 2)),
            Line(name="three-card 6", pays=Fraction(23), events=win(Outcome.BANKER, 6, 3)),
        ),
        source=f"Wizard of Odds, Lucky 6 (liberal pay table): {_LUCKY_6}",
        family=_FAMILY,
    ),
    SideBet(
        name="big-tiger",
        title="Big Tiger",
        rule="The Banker wins with a three-card 6.",
        lines=(Line(name="win", pays=Fraction(50), events=win(Outcome.BANKER, 6, 3)),),
        source="Eliot Jacobson, Card counting the Big Tiger baccarat side bet: "
        "https://advancedadvantageplay.com/2024/07/card-counting-the-big-tiger-baccarat-side-bet",
        family=_FAMILY,
        aliases=("big-6",),
    ),
    SideBet(
        name="lucky-6-macau",
        title="Lucky 6, Macau pay table",
        rule="The Banker wins with a 6: two cards pay 12 to 1, three cards 20 to 1.",
        lines=(
            Line(name="two-card 6", pays=Fraction(12), events=win(Outcome.BANKER, 6, 2)),
            Line(name="three-card 6", pays=Fraction(20), events=win(Outcome.BANKER, 6, 3)),
        ),
        source=f"Wizard of Odds, Lucky 6 (Macau, or stingy, pay table): {_LUCKY_6}",
        family=_FAMILY,
        since=NEW,
    ),
    SideBet(
        name="small-tiger",
        title="Small Tiger",
        rule="The Banker wins with a two-card 6 (Big Tiger's two-card twin).",
        lines=(Line(name="win", pays=Fraction(22), events=win(Outcome.BANKER, 6, 2)),),
        source="Pays 22 to 1 (the Small 6 of Macau's Small 6/Big 6, its Big 6 the Big Tiger "
        f"at 50 to 1), GGRAsia, 16 July 2024: {_SMALL_6}; its winning rounds are Lucky 6's "
        "two-card line, 186,173,936,904,192 six-card sequences of 8 decks (Wizard of Odds, "
        f"Lucky 6: {_LUCKY_6}), so its house edge is 1 - 23 x that over all sequences, "
        "14.33% (296036033/2065481145 exactly; no published edge found)",
        family=_FAMILY,
        since=NEW,
        aliases=("small-6",),
    ),
)
