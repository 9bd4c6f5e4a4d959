"""The final state of a round: the 400 events every value-based bet is a function of.

An event is (player total, banker total, player cards 2|3, banker cards 2|3).
Winner, margin, three-card totals, Big/Small and the like are all functions of
it (naturals too, given the tableau's natural totals:
:meth:`~baccarat_exact.model.rules.Tableau.natural`), so any value-based bet is a
pay table over events.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

__all__ = ["EVENTS", "N_EVENTS", "Event", "Outcome", "event_index"]


class Outcome(str, Enum):
    """Who wins the round."""

    BANKER = "banker"
    PLAYER = "player"
    TIE = "tie"


class Event(NamedTuple):
    """How a round ended: both totals and how many cards each hand holds."""

    player: int
    """Player's final total, 0–9."""
    banker: int
    """Banker's final total, 0–9."""
    player_cards: int
    """2 or 3."""
    banker_cards: int
    """2 or 3."""

    @property
    def outcome(self) -> Outcome:
        """The winner: the higher total; equal totals tie."""
        if self.banker > self.player:
            return Outcome.BANKER
        if self.player > self.banker:
            return Outcome.PLAYER
        return Outcome.TIE

    @property
    def cards(self) -> int:
        """Cards dealt in the round, 4–6."""
        return self.player_cards + self.banker_cards

    @property
    def margin(self) -> int:
        """Winning margin (banker total minus player total, as an absolute value)."""
        return abs(self.banker - self.player)


def event_index(player: int, banker: int, player_cards: int, banker_cards: int) -> int:
    """Position of an event in ``EVENTS`` (the engine's column order).

    >>> EVENTS[event_index(7, 6, 3, 2)]
    Event(player=7, banker=6, player_cards=3, banker_cards=2)
    """
    return ((player * 10 + banker) * 2 + (player_cards - 2)) * 2 + (banker_cards - 2)


EVENTS: tuple[Event, ...] = tuple(
    Event(p, b, pc, bc) for p in range(10) for b in range(10) for pc in (2, 3) for bc in (2, 3)
)
"""All 400 events, ordered by :func:`event_index`."""

N_EVENTS = len(EVENTS)
