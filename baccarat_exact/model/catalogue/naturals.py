"""Bets on naturals: a natural 8 or 9 on one side (Thorp's old bets), Lucky 99, and the
totals of both hands when one is a natural (88-89-98-99, 9 over 7, Bad Beat)."""

from __future__ import annotations

from fractions import Fraction

from baccarat_exact.model.catalogue.entry import NEW, Line, SideBet, natural
from baccarat_exact.model.events import Event

__all__ = ["BETS"]

_NATURAL = (
    "Wizard of Odds, Natural Hand Side Bets: "
    "https://wizardofodds.com/games/baccarat/side-bets/natural/"
)
_JACOBSON = (
    "Eliot Jacobson, Baccarat Side Bets: "
    "https://advancedadvantageplay.com/side-bets/baccarat-side-bets/"
)
_FAMILY = "naturals"


def _natural_bets() -> tuple[SideBet, ...]:
    """Natural 8 and Natural 9 on either side, at the 9 to 1 and the 8 to 1 pay table."""
    return tuple(
        SideBet(
            name=f"natural-{total}-{hand}" + ("" if pays == 9 else f"-{pays}-to-1"),
            title=f"Natural {total} ({hand.title()})" + ("" if pays == 9 else f", {pays} to 1"),
            rule=f"The {hand.title()} holds a two-card {total}, paying {pays} to 1.",
            lines=(
                Line(
                    name="natural",
                    pays=Fraction(pays),
                    events=lambda e, h=hand, t=total: natural(e, h, t),  # type: ignore[misc]
                ),
            ),
            source=_NATURAL,
            family=_FAMILY,
            since=NEW,
        )
        for total in (8, 9)
        for pays in (9, 8)
        for hand in ("player", "banker")
    )


def _natural_9_and_7(e: Event) -> bool:
    """A natural 9 against a 7 (the other hand stands on it: a two-card 7)."""
    return (natural(e, "player", 9) and e.banker == 7) or (
        e.player == 7 and natural(e, "banker", 9)
    )


def _natural_9_and_8(e: Event) -> bool:
    return (natural(e, "player", 9) and natural(e, "banker", 8)) or (
        natural(e, "player", 8) and natural(e, "banker", 9)
    )


BETS: tuple[SideBet, ...] = (
    *_natural_bets(),
    SideBet(
        name="lucky-99",
        title="Lucky 99",
        rule="A natural 9: on both sides 25 for 1, on the Banker only 5 for 1, on the Player "
        "only 2 for 1 (the stake is not returned).",
        lines=(
            Line(
                name="both natural 9s",
                pays=Fraction(24),
                events=lambda e: natural(e, "player", 9) and natural(e, "banker", 9),
            ),
            Line(
                name="banker natural 9", pays=Fraction(4), events=lambda e: natural(e, "banker", 9)
            ),
            Line(
                name="player natural 9", pays=Fraction(1), events=lambda e: natural(e, "player", 9)
            ),
        ),
        source="Wizard of Odds, Lucky 99 (pays 25, 5 and 2 for 1, written here to 1): "
        "https://wizardofodds.com/games/baccarat/side-bets/lucky-99/",
        family=_FAMILY,
        since=NEW,
    ),
    SideBet(
        name="88-89-98-99",
        title="88 89 98 99",
        rule="Both hands end on 8 or 9, however many cards they hold.",
        lines=(
            Line(name="win", pays=Fraction(20), events=lambda e: {e.player, e.banker} <= {8, 9}),
        ),
        source=_JACOBSON,
        family=_FAMILY,
        since=NEW,
    ),
    SideBet(
        name="9-over-7",
        title="9 over 7",
        rule="A natural 9 on one side against a 7 on the other.",
        lines=(Line(name="win", pays=Fraction(50), events=_natural_9_and_7),),
        source=_JACOBSON,
        family=_FAMILY,
        since=NEW,
    ),
    SideBet(
        name="bad-beat",
        title="Bad Beat",
        rule="A natural 9 beats a natural 8, on either side.",
        lines=(Line(name="win", pays=Fraction(50), events=_natural_9_and_8),),
        source=_JACOBSON + " (its house edge 8.459% is 8.458470% = 4334721/51247105 "
        "exactly: 89,717,848,178,688 winning sequences of 8 decks)",
        family=_FAMILY,
        since=NEW,
    ),
)
