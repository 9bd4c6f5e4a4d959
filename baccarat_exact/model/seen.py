"""The cards of the current round seen so far: each hand's cards in order, ``?`` for one
dealt face down.

A card not listed is assumed nothing about (not dealt yet, or dealt and not seen);
``?`` says a card was dealt but is not seen, which matters for third cards: a
Banker ``?`` third card means the Banker drew. Suits are optional.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from baccarat_exact.errors import CardError
from baccarat_exact.model.cards import Card, format_cards, parse_cards

__all__ = ["HIDDEN", "Seen"]

HIDDEN = "?"
"""How a card dealt face down is written."""

SeenCard = Card | None
"""A seen card, or None for one dealt face down (``?``)."""


def _hand(text: str, hand: str) -> tuple[SeenCard, ...]:
    """One hand's cards in order: card notation or ``?``, separated by spaces or commas."""
    tokens = text.replace(",", " ").split()
    cards: list[SeenCard] = []
    for token in tokens:
        if token == HIDDEN:
            cards.append(None)
            continue
        if token.startswith(HIDDEN):
            raise CardError(
                f"{hand}: {token!r}: ? is one card dealt face down, without rank, suit or "
                'copies; write ? once for each, e.g. "? ? K"'
            )
        try:
            parsed = parse_cards(token)
        except CardError as error:
            raise CardError(f"{hand}: {error}") from None
        if len(parsed) != 1:
            raise CardError(f"{hand}: write each card once, in deal order, got {token!r}")
        cards.append(parsed[0])
    if len(cards) > 3:
        raise CardError(f"{hand}: a hand holds at most 3 cards, got {len(cards)} in {text!r}")
    return tuple(cards)


def _text(cards: Sequence[SeenCard]) -> str:
    return " ".join(HIDDEN if card is None else format_cards([card]) for card in cards)


@dataclass(frozen=True, slots=True)
class Seen:
    """What is seen of a round in progress: the Player's and the Banker's cards in deal
    order (first, second, third), None for a card dealt face down.

    >>> seen = Seen.parse("? K", "9")
    >>> seen.player, seen.banker
    ((None, Card(rank=<Rank.KING: 'K'>, suit=None)), (Card(rank=<Rank.NINE: '9'>, suit=None),))
    >>> str(seen)
    'Player ? K, Banker 9'
    """

    player: tuple[SeenCard, ...] = ()
    banker: tuple[SeenCard, ...] = ()

    def __post_init__(self) -> None:
        for hand, cards in (("Player", self.player), ("Banker", self.banker)):
            if len(cards) > 3:
                raise CardError(f"{hand}: a hand holds at most 3 cards, got {len(cards)}")

    @classmethod
    def parse(cls, player: str = "", banker: str = "") -> Seen:
        """Both hands from card notation, ``?`` for a card face down (``"? K"``, ``"9s"``)."""
        return cls(_hand(player, "Player"), _hand(banker, "Banker"))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Seen:
        """The JSON form back (:meth:`to_dict`)."""
        if not isinstance(data, Mapping):
            raise CardError(f"seen cards must be an object with player and banker, got {data!r}")
        hands = []
        for hand in ("player", "banker"):
            text = data.get(hand, "")
            if not isinstance(text, str):
                raise CardError(f"seen {hand} cards must be text, got {text!r}")
            hands.append(text)
        return cls.parse(*hands)

    def to_dict(self) -> dict[str, str]:
        """The JSON form: each hand's cards as card notation, ``?`` face down."""
        return {"player": _text(self.player), "banker": _text(self.banker)}

    def __bool__(self) -> bool:
        return bool(self.player or self.banker)

    def __str__(self) -> str:
        parts = [
            f"{hand} {_text(cards)}"
            for hand, cards in (("Player", self.player), ("Banker", self.banker))
            if cards
        ]
        return ", ".join(parts) if parts else "nothing seen"

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards seen face up (they are out of the shoe)."""
        return tuple(card for card in (*self.player, *self.banker) if card is not None)
