"""The deal, written once: one round of punto banco played from a card sequence.

Cards come in deal order — Player, Banker, Player, Banker, then the third cards
(the Player's first when both draw) — and only their point values matter. The
naturals, the Player's rule and the Banker's tableau are read from a
:class:`~baccarat_exact.model.rules.Tableau`, so a variant is other data, not
other code. The engine's event table, the pair and joint counts, the shoe
simulation and live tracking all play their rounds through :func:`deal`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from baccarat_exact.errors import RoundError
from baccarat_exact.model.events import Event
from baccarat_exact.model.rules import PLAYER_STOOD, STANDARD_TABLEAU, Tableau

__all__ = ["ROUND_CARDS", "Round", "deal"]

ROUND_CARDS = 6
"""The most cards a round can take: two per hand and a third card each."""

_PLAYER = (0, 2)
_BANKER = (1, 3)


class Round(NamedTuple):
    """A round played out: how it ended and which cards of the sequence each hand took."""

    event: Event
    """Final totals and cards per hand."""
    player: tuple[int, ...]
    """Positions in the sequence of the Player's cards: (0, 2) or (0, 2, 4)."""
    banker: tuple[int, ...]
    """Positions of the Banker's cards: (1, 3), (1, 3, 4) or (1, 3, 5)."""
    player_two_card: int
    """The Player's two-card total."""
    banker_two_card: int
    """The Banker's two-card total."""

    @property
    def cards(self) -> int:
        """Cards the round took, 4–6."""
        return len(self.player) + len(self.banker)


def deal(values: Sequence[int], tableau: Tableau = STANDARD_TABLEAU) -> Round:
    """Play one round from point values in deal order (cards past the round are ignored).

    >>> deal([5, 0, 9, 2, 7, 3]).event  # Player 4 draws a 7; Banker 2 draws a 3
    Event(player=1, banker=5, player_cards=3, banker_cards=3)
    >>> deal([9, 2, 0, 3]).cards  # a natural 9: both stand
    4
    >>> deal([5, 0, 9, 2])
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RoundError: the Player draws a third card on 4
    """
    if len(values) < 4:
        raise RoundError(
            f"a round needs at least 4 cards (Player, Banker, Player, Banker), got {len(values)}",
            needed=4,
        )
    player = (values[0] + values[2]) % 10
    banker = (values[1] + values[3]) % 10
    naturals = tableau.naturals
    if player in naturals or banker in naturals:
        return Round(Event(player, banker, 2, 2), _PLAYER, _BANKER, player, banker)
    final_player, column, k = player, PLAYER_STOOD, 4
    player_cards: tuple[int, ...] = _PLAYER
    if tableau.player[player]:
        if len(values) <= k:
            raise RoundError(f"the Player draws a third card on {player}", needed=5)
        column = values[4]
        final_player, player_cards, k = (player + column) % 10, (0, 2, 4), 5
    if not tableau.banker[banker][column]:
        event = Event(final_player, banker, len(player_cards), 2)
        return Round(event, player_cards, _BANKER, player, banker)
    if len(values) <= k:
        raise RoundError(f"the Banker draws a third card on {banker}", needed=k + 1)
    event = Event(final_player, (banker + values[k]) % 10, len(player_cards), 3)
    return Round(event, player_cards, (1, 3, k), player, banker)
