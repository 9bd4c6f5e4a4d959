"""Golden Frog: one total beats another, whichever side holds it."""

from __future__ import annotations

from fractions import Fraction

from baccarat_exact.model.catalogue.entry import NEW, EventTest, Line, SideBet
from baccarat_exact.model.events import Event

__all__ = ["BETS"]

_SOURCE = (
    "Wizard of Odds, Golden Frog: https://wizardofodds.com/games/baccarat/side-bets/golden-frog/"
)


def _beats(high: int, low: int, cards: int | None) -> EventTest:
    """One hand ends on ``high`` and the other on ``low`` (each of ``cards`` cards, if given)."""

    def test(e: Event) -> bool:
        hands = ((e.player, e.player_cards), (e.banker, e.banker_cards))
        return any(
            a == high and b == low and (cards is None or a_cards == b_cards == cards)
            for (a, a_cards), (b, b_cards) in (hands, hands[::-1])
        )

    return test


BETS: tuple[SideBet, ...] = tuple(
    SideBet(
        name=name,
        title=f"Golden Frog: {title}",
        rule=f"{title[0].upper()}{title[1:]}, on either side.",
        lines=(Line(name="win", pays=Fraction(pays), events=_beats(high, low, cards)),),
        source=_SOURCE,
        family="golden-frog",
        since=NEW,
    )
    for name, title, high, low, cards, pays in (
        ("golden-frog-8-over-6", "any 8 beats any 6", 8, 6, None, 25),
        ("golden-frog-2-card-9-over-7", "a two-card 9 beats a two-card 7", 9, 7, 2, 50),
        ("golden-frog-3-card-9-over-1", "a three-card 9 beats a three-card 1", 9, 1, 3, 150),
        ("golden-frog-3-card-9-over-7", "a three-card 9 beats a three-card 7", 9, 7, 3, 200),
    )
)
