"""baccarat-exact: exact odds for punto banco (and its casino's blackjack) from any shoe.

The library's front door: shoes and cards, rules and the deal, bets, and the pricer
(:func:`odds` for one shoe, :func:`price_batch` for many). The side-bet catalogue
(:func:`find_bet`), the named games (:func:`find_game`, :func:`find_rules`), bet
statistics (:func:`bet_stats`) and the analyses (:func:`effect_of_removal`,
:func:`simulate`, :func:`deck_formulas`, :func:`breakeven`, :func:`compare`). Every name
loads on first use: importing the package loads none of them (a blackjack command pays
for no baccarat module).

>>> from baccarat_exact import Shoe, Rules, odds
>>> odds(Shoe.from_decks(8), Rules()).bet("player").ev
Fraction(-...)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from baccarat_exact.errors import (
        BaccaratError,
        BetError,
        CardError,
        GoldenFileError,
        RulesError,
        ShoeError,
    )
    from baccarat_exact.model.bets import Bet, PayLine, main_bets, with_main_bets
    from baccarat_exact.model.cards import RANKS, SUITS, Card, Rank, Suit, parse_cards
    from baccarat_exact.model.catalogue import find_bet
    from baccarat_exact.model.deal import Round, deal
    from baccarat_exact.model.events import EVENTS, Event, Outcome
    from baccarat_exact.model.games import find_game, find_rules
    from baccarat_exact.model.rules import STANDARD_TABLEAU, Rules, Tableau
    from baccarat_exact.model.seen import Seen
    from baccarat_exact.model.shoe import Shoe
    from baccarat_exact.pricing import BetOdds, Odds, Prices, odds, price_batch
    from baccarat_exact.stats import bet_stats

__version__ = "0.3.0"

__all__ = [
    "EVENTS",
    "RANKS",
    "STANDARD_TABLEAU",
    "SUITS",
    "BaccaratError",
    "Bet",
    "BetError",
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
    "bet_stats",
    "breakeven",
    "compare",
    "deal",
    "deck_formulas",
    "effect_of_removal",
    "find_bet",
    "find_game",
    "find_rules",
    "main_bets",
    "odds",
    "parse_cards",
    "price_batch",
    "simulate",
    "with_main_bets",
]

_LAZY = {
    **dict.fromkeys(
        ("BaccaratError", "BetError", "CardError", "GoldenFileError", "RulesError", "ShoeError"),
        "baccarat_exact.errors",
    ),
    **dict.fromkeys(("Bet", "PayLine", "main_bets", "with_main_bets"), "baccarat_exact.model.bets"),
    **dict.fromkeys(
        ("RANKS", "SUITS", "Card", "Rank", "Suit", "parse_cards"), "baccarat_exact.model.cards"
    ),
    **dict.fromkeys(("Round", "deal"), "baccarat_exact.model.deal"),
    **dict.fromkeys(("EVENTS", "Event", "Outcome"), "baccarat_exact.model.events"),
    **dict.fromkeys(("STANDARD_TABLEAU", "Rules", "Tableau"), "baccarat_exact.model.rules"),
    "Shoe": "baccarat_exact.model.shoe",
    "BetOdds": "baccarat_exact.pricing",
    "Odds": "baccarat_exact.pricing",
    "Prices": "baccarat_exact.pricing",
    "odds": "baccarat_exact.pricing",
    "price_batch": "baccarat_exact.pricing",
    "Seen": "baccarat_exact.model.seen",
    "find_bet": "baccarat_exact.model.catalogue",
    "find_game": "baccarat_exact.model.games",
    "find_rules": "baccarat_exact.model.games",
    "bet_stats": "baccarat_exact.stats",
    "effect_of_removal": "baccarat_exact.analysis.eor",
    "simulate": "baccarat_exact.analysis.simulate",
    "deck_formulas": "baccarat_exact.analysis.formulas",
    "breakeven": "baccarat_exact.analysis.breakeven",
    "compare": "baccarat_exact.analysis.compare",
}
"""Where each name the package offers lives; it is imported when first asked for: the
analyses sit in a higher layer, numpy (the pricer), sympy and the catalogue cost start-up
time, and a command that deals no baccarat (``blackjack …``, ``--help``) imports none of
the baccarat model either."""


def __getattr__(name: str) -> Any:
    """A name of :data:`__all__`, imported on first use and kept (start-up time)."""
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'baccarat_exact' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's attributes and the names it offers, loaded or not."""
    return sorted({*globals(), *__all__})
