"""Dai Bacc's side bets (beside its Tiger 7, which is the Dragon 7): the Ox 6 and the Kill."""

from __future__ import annotations

from fractions import Fraction

from baccarat_exact.model.catalogue.entry import NEW, Line, SideBet, three_card, win
from baccarat_exact.model.events import Outcome

__all__ = ["BETS"]

_FAMILY = "dai-bacc"

BETS: tuple[SideBet, ...] = (
    SideBet(
        name="ox-6",
        title="Ox 6",
        rule="The Player wins with a three-card 6.",
        lines=(Line(name="win", pays=Fraction(40), events=win(Outcome.PLAYER, 6, 3)),),
        source="Wizard of Odds, Ox 6: https://wizardofodds.com/games/baccarat/side-bets/ox-6/",
        family=_FAMILY,
        since=NEW,
        aliases=("ox",),
    ),
    SideBet(
        name="kill-ox-tiger",
        title="Kill the Ox/Tiger",
        rule="A three-card Player 6 or a three-card Banker 7 that does not win (a tie counts).",
        lines=(
            Line(
                name="kill the ox",
                pays=Fraction(30),
                events=lambda e: three_card(e, "player", 6) and e.outcome is not Outcome.PLAYER,
            ),
            Line(
                name="kill the tiger",
                pays=Fraction(30),
                events=lambda e: three_card(e, "banker", 7) and e.outcome is not Outcome.BANKER,
            ),
        ),
        source="Wizard of Odds, Kill the Ox/Tiger: "
        "https://wizardofodds.com/games/baccarat/side-bets/kill-ox-tiger/",
        family=_FAMILY,
        since=NEW,
        aliases=("kill",),
    ),
)
