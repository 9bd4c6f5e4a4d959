"""3 Giving 8: the Player draws an 8 to a Banker two-card 3 (the one hand the Banker
stands on 3)."""

from __future__ import annotations

from fractions import Fraction

from baccarat_exact.model.catalogue.entry import NEW, Line, SideBet, card
from baccarat_exact.model.events import Event

__all__ = ["BETS"]

_GIVING = (
    "Wizard of Odds, 3 Giving 8: https://wizardofodds.com/games/baccarat/side-bets/3-giving-8/"
)


def _banker_stands_on_3(e: Event) -> bool:
    """The Banker keeps a two-card 3 and the Player drew: with the Player's third card an 8,
    that is a Banker two-card 3 (it stands on it, and on nothing else it holds)."""
    return e.banker_cards == 2 and e.banker == 3 and e.player_cards == 3


def _giving(pays: int, where: str) -> SideBet:
    return SideBet(
        name="3-giving-8" + ("" if pays == 200 else f"-{pays}-to-1"),
        title="3 Giving 8" + ("" if pays == 200 else f", {pays} to 1"),
        rule=f"The Banker starts on 3 and the Player draws an 8, paying {pays} to 1 ({where}).",
        lines=(
            Line(
                name="win",
                pays=Fraction(pays),
                events=_banker_stands_on_3,
                cards=((card("P3", "8"),),),
            ),
        ),
        source=_GIVING,
        family="3-giving-8",
        since=NEW,
        aliases=("three-giving-eight",) if pays == 200 else (),
    )


BETS: tuple[SideBet, ...] = (
    _giving(200, "the Hippodrome, London"),
    _giving(180, "the Empire, London"),
)
