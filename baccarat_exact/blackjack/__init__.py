"""Blackjack, computed exactly: the casino's game and the common rule sets.

The casino's game (the default): the dealer takes one card and no hole card and
stands on soft 17; blackjack pays 3:2; a pair splits once; the first three cards
7 7 7 pay 3:2 at once (Triple Seven). Surrender, double restrictions, pairs by
rank and the US hole-card game are rule options. Every probability and expected
value is an exact Fraction; a float mode exists for speed and says so.

>>> from baccarat_exact.blackjack import BlackjackRules, analyze_hand
>>> analyze_hand("T 6", "T", rules=BlackjackRules(decks=1, triple_seven=False)).best
'hit'

The house edge of a round is :func:`baccarat_exact.blackjack.edge.edge` (``edge`` here is
that submodule).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from baccarat_exact.blackjack.dealer import (
        DealerChart,
        DealerDistribution,
        dealer_chart,
        dealer_distribution,
    )
    from baccarat_exact.blackjack.edge import EdgeResult, basic_strategy, strategy_value
    from baccarat_exact.blackjack.hand import HandAnalysis, analyze_hand
    from baccarat_exact.blackjack.rules import (
        CASINO_RULES,
        RULESETS,
        US_RULES,
        BlackjackRules,
        DealerBlackjackTakes,
        DoubleRule,
        SplitBy,
        Surrender,
        find_rules,
    )
    from baccarat_exact.blackjack.strategy import BasicStrategy, Move

# Names are loaded from their modules on first use (PEP 562), so that mounting the
# blackjack commands does not import the solvers into every baccarat command.
_HOME = {
    "DealerChart": "dealer",
    "DealerDistribution": "dealer",
    "dealer_chart": "dealer",
    "dealer_distribution": "dealer",
    "EdgeResult": "edge",
    "basic_strategy": "edge",
    "strategy_value": "edge",
    "HandAnalysis": "hand",
    "analyze_hand": "hand",
    "RULESETS": "rules",
    "CASINO_RULES": "rules",
    "DoubleRule": "rules",
    "SplitBy": "rules",
    "Surrender": "rules",
    "US_RULES": "rules",
    "BlackjackRules": "rules",
    "DealerBlackjackTakes": "rules",
    "find_rules": "rules",
    "BasicStrategy": "strategy",
    "Move": "strategy",
}


# ``edge`` is the submodule of that name: its function is
# ``baccarat_exact.blackjack.edge.edge`` (a package attribute of the same name as a
# submodule is overwritten by the submodule once anything imports it, so the package does
# not offer the function under that name; importing it here would cost every blackjack
# command the solver's start-up).


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(importlib.import_module(f"baccarat_exact.blackjack.{_HOME[name]}"), name)
    raise AttributeError(f"module 'baccarat_exact.blackjack' has no attribute {name!r}")


__all__ = [
    "CASINO_RULES",
    "RULESETS",
    "US_RULES",
    "BasicStrategy",
    "BlackjackRules",
    "DealerBlackjackTakes",
    "DealerChart",
    "DealerDistribution",
    "DoubleRule",
    "EdgeResult",
    "HandAnalysis",
    "Move",
    "SplitBy",
    "Surrender",
    "analyze_hand",
    "basic_strategy",
    "dealer_chart",
    "dealer_distribution",
    "find_rules",
    "strategy_value",
]
