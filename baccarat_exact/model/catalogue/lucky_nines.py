"""Lucky Nines: the nines among the first two cards of each hand, more for suited nines."""

from __future__ import annotations

import itertools
from fractions import Fraction

from baccarat_exact.model.bets import CARD_POSITIONS, CardCondition
from baccarat_exact.model.cards import Rank, Suit
from baccarat_exact.model.catalogue.entry import NEW, Line, SideBet, card

__all__ = ["BETS"]

_SOURCE = (
    "Wizard of Odds, Lucky Nines: https://wizardofodds.com/games/baccarat/side-bets/lucky-nines/"
)

_FIRST_FOUR = ("P1", "P2", "B1", "B2")
"""The cards the bet reads: the first two of each hand (a third card never counts)."""
_NINE = Rank("9").ordinal

_ALL_ONE_SUIT = CardCondition(
    positions=tuple(CARD_POSITIONS.index(p) for p in _FIRST_FOUR),
    patterns=frozenset({"flush"}),
    suit_ranks=frozenset({_NINE}),
)
"""The nines among the first four cards are all of one suit."""
_DIAMONDS = CardCondition(
    positions=_ALL_ONE_SUIT.positions,
    suits=frozenset({Suit("d").ordinal}),
    suit_ranks=frozenset({_NINE}),
)
"""The nines among the first four cards are all diamonds."""


def _nines(k: int, *also: CardCondition) -> tuple[tuple[CardCondition, ...], ...]:
    """``k`` nines among the first four cards (with ``also``): one alternative per ``k`` of
    the four cards; read top-down, a line's rounds with more nines were paid above."""
    return tuple(
        tuple(card(p, "9") for p in chosen) + also
        for chosen in itertools.combinations(_FIRST_FOUR, k)
    )


def _lucky_nines(name: str, where: str, pays: tuple[int, ...], note: str) -> SideBet:
    four, three_suited, three, two_suited, two, diamond, one = (Fraction(p) for p in pays)
    return SideBet(
        name=name,
        title=f"Lucky Nines ({where})",
        rule="Nines among the first two cards of each hand: "
        f"four pay {four}, three {three_suited} suited or {three}, two {two_suited} suited or "
        f"{two}, one {diamond} if a diamond or {one} (to 1).",
        lines=(
            Line(name="4 nines", pays=four, cards=_nines(4)),
            Line(name="3 nines, same suit", pays=three_suited, cards=_nines(3, _ALL_ONE_SUIT)),
            Line(name="3 nines, mixed suits", pays=three, cards=_nines(3)),
            Line(name="2 nines, same suit", pays=two_suited, cards=_nines(2, _ALL_ONE_SUIT)),
            Line(name="2 nines, mixed suits", pays=two, cards=_nines(2)),
            Line(name="1 nine of diamonds", pays=diamond, cards=_nines(1, _DIAMONDS)),
            Line(name="1 nine", pays=one, cards=_nines(1)),
        ),
        source=f"{_SOURCE} ({where} pay table){note}",
        family="lucky-nines",
        since=NEW,
    )


BETS: tuple[SideBet, ...] = (
    _lucky_nines("lucky-nines", "Red Rock", (1000, 500, 35, 16, 5, 2, 1), ""),
    _lucky_nines(
        "lucky-nines-binions",
        "Binion's",
        (500, 250, 20, 8, 5, 2, 1),
        "; its published house edge, 19.46%, is wrong: its table counts 64,512 deals of "
        "three suited nines (and 1,840,128 unsuited) where there are 86,016 (4 suits x "
        "C(8,3) x 384, as its Red Rock table counts them); the exact edge is "
        "1953368/10249421 = 19.058%",
    ),
)
