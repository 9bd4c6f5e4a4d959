"""Bets on the ranks and suits of one hand's first two cards: Majestic Match (a suited
start, a suited king and queen paying most) and the Perfect 9 Bonus (a two-card 9)."""

from __future__ import annotations

from fractions import Fraction

from baccarat_exact.model.catalogue.entry import NEW, Line, SideBet, card, flush, natural

__all__ = ["BETS"]

_FAMILY = "first-two-cards"


def _majestic(hand: str) -> SideBet:
    first, second = ("P1", "P2") if hand == "player" else ("B1", "B2")
    return SideBet(
        name=f"majestic-match-{hand}",
        title=f"Majestic Match ({hand.title()})",
        rule=f"The {hand.title()}'s first two cards are suited: a king and queen 25 to 1, "
        "any other two 5 to 2.",
        lines=(
            Line(
                name="suited king and queen",
                pays=Fraction(25),
                cards=(
                    (card(first, "K"), card(second, "Q"), flush(first, second)),
                    (card(first, "Q"), card(second, "K"), flush(first, second)),
                ),
            ),
            Line(name="suited", pays=Fraction(5, 2), cards=((flush(first, second),),)),
        ),
        source="Wizard of Odds, Majestic Match: "
        "https://wizardofodds.com/games/baccarat/side-bets/majestic-match/",
        family=_FAMILY,
        since=NEW,
    )


_TENS = ("T", "J", "Q", "K")

BETS: tuple[SideBet, ...] = (
    _majestic("player"),
    _majestic("banker"),
    SideBet(
        name="perfect-9",
        title="Perfect 9 Bonus (Okada pay table)",
        rule="The Player's first two cards total 9: a nine with a ten or face 5 to 1, other "
        "suited 20 to 1, other unsuited 10 to 1.",
        lines=(
            Line(
                name="nine and ten or face",
                pays=Fraction(5),
                cards=(
                    (card("P1", "9"), card("P2", *_TENS)),
                    (card("P1", *_TENS), card("P2", "9")),
                ),
            ),
            Line(
                name="suited",
                pays=Fraction(20),
                events=lambda e: natural(e, "player", 9),
                cards=((flush("P1", "P2"),),),
            ),
            Line(name="unsuited", pays=Fraction(10), events=lambda e: natural(e, "player", 9)),
        ),
        source="Wizard of Odds, Perfect 9 Bonus Baccarat (pay table 16 of the developer's 16, "
        "the Okada casino's): https://wizardofodds.com/article/perfect-9-bonus-baccarat/",
        family=_FAMILY,
        since=NEW,
        aliases=("perfect-9-bonus",),
    ),
)
