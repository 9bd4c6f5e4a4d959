"""What a catalogued side bet is: its pay table as lines read top-down, its family and the
source of its pay table, and the small tests its lines are written with.

A line pays on rounds that meet its test on the final event (``events``), on the first two
cards of each hand (``pairs``) and on the ranks or suits of particular dealt cards
(``cards``); a bet with a condition on cards is priced card by card
(:func:`~baccarat_exact.model.bets.card_match_bet`), the others over the 400 events.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.model.bets import (
    CARD_POSITIONS,
    Bet,
    CardCondition,
    EventCondition,
    PairState,
    card_match_bet,
    first_match_bet,
)
from baccarat_exact.model.cards import Rank
from baccarat_exact.model.events import Event, Outcome
from baccarat_exact.model.rules import STANDARD_TABLEAU, Tableau

__all__ = [
    "NEW",
    "WOO_SIDE",
    "EventTest",
    "Line",
    "PairTest",
    "SideBet",
    "card",
    "flush",
    "natural",
    "three_card",
    "win",
]

EventTest = Callable[[Event], bool]
PairTest = Callable[[PairState], bool]

NEW = "0.4.0"
"""The release the bets built in since 0.3.0 first ship in."""

WOO_SIDE = "Wizard of Odds, Baccarat Side Bets: https://wizardofodds.com/games/baccarat/appendix/5/"


@dataclass(frozen=True, slots=True, kw_only=True)
class Line:
    """One line of a side bet's pay table, before it is turned into event sets."""

    name: str
    pays: Fraction
    events: EventCondition | None = None
    """Which final rounds it pays on (None: any)."""
    pairs: PairTest | None = None
    """Which first-two-card states it pays on (None: any)."""
    cards: tuple[tuple[CardCondition, ...], ...] = ()
    """Conditions on particular dealt cards: the line pays when every condition of one of
    these alternatives holds (none: no condition on cards)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SideBet:
    """A catalogued side bet: its pay table, its family and where that table is published."""

    name: str
    title: str
    rule: str
    """When it wins, in one sentence."""
    lines: tuple[Line, ...]
    """Winning lines first; whatever no line covers loses the stake."""
    source: str
    """Where the rule and pay table are published (and any published figure found wrong)."""
    family: str
    """The bets it is offered with or built like (``bets`` lists the catalogue by family)."""
    aliases: tuple[str, ...] = ()
    since: str = "0.3.0"
    """The release that built it in."""

    @property
    def on_cards(self) -> bool:
        """Whether a line looks at particular dealt cards (the bet is priced card by card)."""
        return any(line.cards for line in self.lines)

    @property
    def bet(self) -> Bet:
        """The pay table as a :class:`Bet` under the standard tableau (built once)."""
        return _build(self, STANDARD_TABLEAU)

    def bet_for(self, tableau: Tableau) -> Bet:
        """The pay table under ``tableau`` (its natural totals matter to some bets)."""
        return _build(self, tableau)


@functools.cache
def _build(entry: SideBet, tableau: Tableau) -> Bet:
    """Turn lines (first match wins) into pay lines, whatever is left losing."""
    if any(line.cards for line in entry.lines):
        return card_match_bet(
            entry.name,
            [
                (
                    line.name,
                    line.pays,
                    [(line.events, line.pairs, alt) for alt in line.cards or ((),)],
                )
                for line in entry.lines
            ],
            tableau=tableau,
        )
    lines = [(line.name, line.pays, [(line.events, line.pairs)]) for line in entry.lines]
    return first_match_bet(entry.name, lines, tableau=tableau)


def win(side: Outcome, total: int | None = None, cards: int | None = None) -> EventTest:
    """``side`` wins, optionally with that final total and number of cards in its hand."""

    def test(e: Event) -> bool:
        own, own_cards = (
            (e.banker, e.banker_cards) if side is Outcome.BANKER else (e.player, e.player_cards)
        )
        return (
            e.outcome is side
            and (total is None or own == total)
            and (cards is None or own_cards == cards)
        )

    return test


def natural(e: Event, hand: str, total: int) -> bool:
    """``hand`` (``"player"`` or ``"banker"``) holds a two-card ``total``: a two-card 8 or 9
    is a natural and ends the round, so its final total is its two-card total."""
    cards, final = (e.player_cards, e.player) if hand == "player" else (e.banker_cards, e.banker)
    return cards == 2 and final == total


def three_card(e: Event, hand: str, total: int) -> bool:
    """``hand`` drew a third card and ends on ``total``."""
    cards, final = (e.player_cards, e.player) if hand == "player" else (e.banker_cards, e.banker)
    return cards == 3 and final == total


def card(position: str, *ranks: str) -> CardCondition:
    """The card at ``position`` (``P1`` … ``B3``) is of one of ``ranks`` (held only when that
    card is dealt).

    >>> card("P3", "8").ranks
    frozenset({7})
    """
    return CardCondition(
        positions=(CARD_POSITIONS.index(position),),
        ranks=frozenset(Rank(r).ordinal for r in ranks),
    )


def flush(*positions: str) -> CardCondition:
    """The cards at ``positions`` are all of one suit."""
    return CardCondition(
        positions=tuple(CARD_POSITIONS.index(p) for p in positions),
        patterns=frozenset({"flush"}),
    )
