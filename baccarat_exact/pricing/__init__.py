"""The pricer: these bets, on this shoe (or these shoe states), under these rules, exactly.

One planner and one cache serve every question (:mod:`.plan`): :func:`plan` turns a
tuple of bets into what must be counted — one engine column per distinct pay line of the
value-based bets (plus Banker and Player wins, for the outcomes), the pair states pure
pair bets read, and the joint (pair state × event) table for bets that look at both.
Then two entry points price:

* :func:`odds` prices one shoe (:mod:`.shoe`; bets on particular dealt cards in
  :mod:`.cards`), or the round in progress given the cards seen, and returns an
  :class:`Odds` of exact ``Fraction``\\ s — the library's friendly face, and what the CLI
  calls; a combined stake on its bets is :meth:`Odds.combination` (:mod:`.stakes`);
* :func:`price_batch` prices many shoe states at once (:mod:`.batch`, the engine's batch
  path) and returns :class:`Prices`: every bet's exact EV numerator, win count and
  denominator as integer arrays, for effect of removal, simulation and tracking.

The result types (:mod:`.results`) hold counts and price nothing. Every count is of
six-card sequences (infinite shoe: weights) out of the same denominator; a bet whose
counts are expectations over unknown suits carries a ``weight``
(:mod:`baccarat_exact.engine.pairs`).
"""

from typing import TYPE_CHECKING, Any

from baccarat_exact.pricing.plan import Plan, plan, require_round
from baccarat_exact.pricing.results import SUREBET, BetOdds, Odds, Prices, is_surebet
from baccarat_exact.pricing.shoe import odds

if TYPE_CHECKING:
    from baccarat_exact.pricing.batch import price_batch

__all__ = [
    "SUREBET",
    "BetOdds",
    "Odds",
    "Plan",
    "Prices",
    "is_surebet",
    "odds",
    "plan",
    "price_batch",
    "require_round",
]


def __getattr__(name: str) -> Any:
    """:func:`price_batch`, imported on first use: ``odds`` on one shoe never needs the
    batch path (start-up time)."""
    if name == "price_batch":
        from baccarat_exact.pricing.batch import price_batch

        return price_batch
    raise AttributeError(f"module 'baccarat_exact.pricing' has no attribute {name!r}")
