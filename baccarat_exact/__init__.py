"""baccarat-exact: exact odds for punto banco (and its casino's blackjack) from any shoe.

>>> from baccarat_exact import Shoe, Rules, odds
>>> odds(Shoe.from_decks(8), Rules()).bet("player").ev
Fraction(-...)
"""

from baccarat_exact.errors import BaccaratError, CardError, GoldenFileError, RulesError, ShoeError
from baccarat_exact.model.bets import Bet, PayLine, main_bets
from baccarat_exact.model.cards import RANKS, Rank, parse_cards
from baccarat_exact.model.events import EVENTS, Event, Outcome
from baccarat_exact.model.rules import STANDARD_TABLEAU, Rules, Tableau
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import BetOdds, Odds, odds

__version__ = "0.1.0"

__all__ = [
    "EVENTS",
    "RANKS",
    "STANDARD_TABLEAU",
    "BaccaratError",
    "Bet",
    "BetOdds",
    "CardError",
    "Event",
    "GoldenFileError",
    "Odds",
    "Outcome",
    "PayLine",
    "Rank",
    "Rules",
    "RulesError",
    "Shoe",
    "ShoeError",
    "Tableau",
    "main_bets",
    "odds",
    "parse_cards",
]
