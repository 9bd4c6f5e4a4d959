"""EZ Baccarat's side bets: a three-card winning Banker 7 (Dragon 7, the Fortune 7 of
5 Treasures, Dai Bacc's Tiger 7) and Player 8 (Panda 8, the Golden 8)."""

from __future__ import annotations

from fractions import Fraction

from baccarat_exact.model.catalogue.entry import Line, SideBet, win
from baccarat_exact.model.events import Outcome

__all__ = ["BETS"]

_EZ = "Wizard of Odds, EZ Baccarat: https://wizardofodds.com/games/ez-baccarat/"

BETS: tuple[SideBet, ...] = (
    SideBet(
        name="dragon-7",
        title="Dragon 7",
        rule="The Banker wins with a three-card 7.",
        lines=(Line(name="win", pays=Fraction(40), events=win(Outcome.BANKER, 7, 3)),),
        source=_EZ,
        family="ez-baccarat",
        aliases=("dragon", "fortune-7", "tiger-7"),
    ),
    SideBet(
        name="panda-8",
        title="Panda 8",
        rule="The Player wins with a three-card 8.",
        lines=(Line(name="win", pays=Fraction(25), events=win(Outcome.PLAYER, 8, 3)),),
        source=_EZ,
        family="ez-baccarat",
        aliases=("panda", "golden-8"),
    ),
)
