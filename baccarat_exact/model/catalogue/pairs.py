"""Pair bets: the first two cards of a hand are of one rank (Perfect Pair: and one suit)."""

from __future__ import annotations

from fractions import Fraction

from baccarat_exact.model.bets import NO_PAIR, SUITED_PAIR
from baccarat_exact.model.catalogue.entry import Line, PairTest, SideBet

__all__ = ["BETS"]

_JACOBSON = (
    "Eliot Jacobson, Computer-perfect play against the baccarat Pairs bet: "
    "https://www.888casino.com/blog/side-bets/computer-perfect-play-against-the-baccarat-pairs-bet/"
)
_PLAYER_PAIR: PairTest = lambda s: s.player != NO_PAIR  # noqa: E731
_BANKER_PAIR: PairTest = lambda s: s.banker != NO_PAIR  # noqa: E731
_ONE_PERFECT: PairTest = lambda s: SUITED_PAIR in (s.player, s.banker)  # noqa: E731
_TWO_PERFECT: PairTest = lambda s: s.player == s.banker == SUITED_PAIR  # noqa: E731
_FAMILY = "pairs"

BETS: tuple[SideBet, ...] = (
    SideBet(
        name="player-pair",
        title="Player Pair",
        rule="The Player's first two cards are of the same rank.",
        lines=(Line(name="pair", pays=Fraction(11), pairs=_PLAYER_PAIR),),
        source=_JACOBSON,
        family=_FAMILY,
        aliases=("p-pair",),
    ),
    SideBet(
        name="banker-pair",
        title="Banker Pair",
        rule="The Banker's first two cards are of the same rank.",
        lines=(Line(name="pair", pays=Fraction(11), pairs=_BANKER_PAIR),),
        source=_JACOBSON,
        family=_FAMILY,
        aliases=("b-pair",),
    ),
    SideBet(
        name="either-pair",
        title="Either Pair",
        rule="The first two cards of the Player or of the Banker (or both) are a pair.",
        lines=(
            Line(
                name="pair",
                pays=Fraction(5),
                pairs=lambda s: s.player != NO_PAIR or s.banker != NO_PAIR,
            ),
        ),
        source="Pay table and house edge 13.71%: "
        "https://wordstreetjournal.com/top-ten-baccarat-side-games-detailed-odds-and-payouts/",
        family=_FAMILY,
    ),
    SideBet(
        name="perfect-pair",
        title="Perfect Pair",
        rule="The first two cards of the Player or of the Banker are the same rank and suit.",
        lines=(Line(name="perfect pair", pays=Fraction(25), pairs=_ONE_PERFECT),),
        source="Wizard of Odds, Perfect Pairs (Version 1): "
        "https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver1/",
        family=_FAMILY,
    ),
    SideBet(
        name="perfect-pair-both",
        title="Perfect Pair, both-hands table",
        rule="As Perfect Pair, paying more when both hands start with a suited pair.",
        lines=(
            Line(name="two perfect pairs", pays=Fraction(250), pairs=_TWO_PERFECT),
            Line(name="one perfect pair", pays=Fraction(25), pairs=_ONE_PERFECT),
        ),
        source="Wizard of Odds, Perfect Pairs (Version 2): "
        "https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver2/",
        family=_FAMILY,
    ),
)
