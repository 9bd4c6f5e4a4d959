"""baccarat-exact: exact odds for punto banco (and its casino's blackjack) from any shoe.

The library's front door: shoes and cards, rules and the deal, bets, and the pricer
(:func:`odds` for one shoe, :func:`price_batch` for many). The side-bet catalogue
(:func:`find_bet`) and the named games (:func:`find_game`, :func:`find_rules`) load on
first use.

>>> from baccarat_exact import Shoe, Rules, odds
>>> odds(Shoe.from_decks(8), Rules()).bet("player").ev
Fraction(-...)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from baccarat_exact.errors import BaccaratError, CardError, GoldenFileError, RulesError, ShoeError
from baccarat_exact.model.bets import Bet, PayLine, main_bets, with_main_bets
from baccarat_exact.model.cards import RANKS, SUITS, Card, Rank, Suit, parse_cards
from baccarat_exact.model.deal import Round, deal
from baccarat_exact.model.events import EVENTS, Event, Outcome
from baccarat_exact.model.rules import STANDARD_TABLEAU, Rules, Tableau
from baccarat_exact.model.seen import Seen
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import BetOdds, Odds, Prices, odds, price_batch

if TYPE_CHECKING:
    from baccarat_exact.model.catalogue import find_bet
    from baccarat_exact.model.games import find_game, find_rules

__version__ = "0.1.0"

__all__ = [
    "EVENTS",
    "RANKS",
    "STANDARD_TABLEAU",
    "SUITS",
    "BaccaratError",
    "Bet",
    "BetOdds",
    "Card",
    "CardError",
    "Event",
    "GoldenFileError",
    "Odds",
    "Outcome",
    "PayLine",
    "Prices",
    "Rank",
    "Round",
    "Rules",
    "RulesError",
    "Seen",
    "Shoe",
    "ShoeError",
    "Suit",
    "Tableau",
    "deal",
    "find_bet",
    "find_game",
    "find_rules",
    "main_bets",
    "odds",
    "parse_cards",
    "price_batch",
    "with_main_bets",
]

_LAZY = {
    "find_bet": "baccarat_exact.model.catalogue",
    "find_game": "baccarat_exact.model.games",
    "find_rules": "baccarat_exact.model.games",
}


def __getattr__(name: str) -> Any:
    """The catalogue's and the games' finders, imported on first use (start-up time)."""
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'baccarat_exact' has no attribute {name!r}")
