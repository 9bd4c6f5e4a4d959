"""A deliberately simple second implementation: deal card by card, recursively.

It shares nothing with the engine but the shoe and the rules: it follows the
protocol of RULES.md literally, one card at a time, with ``Fraction``
probabilities, and returns the probability of every final event. Slow
(hundreds of thousands of branches for a full shoe); it exists to check the
engine on random shoes and as the baseline of the speed benchmark.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from baccarat_exact.model.cards import POINT_VALUE
from baccarat_exact.model.events import Event
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe

__all__ = ["reference_event_probabilities"]

_Deal = Callable[[list[int], Fraction], None]


def reference_event_probabilities(shoe: Shoe, rules: Rules | None = None) -> dict[Event, Fraction]:
    """P(event) for the next round from ``shoe``, by dealing every card in turn.

    >>> probs = reference_event_probabilities(Shoe.from_counts({"9": 2, "8": 4}))
    >>> sum(probs.values())
    Fraction(1, 1)
    """
    tableau = (rules or Rules()).tableau
    ranks = list(shoe.counts)
    size = sum(ranks)
    result: dict[Event, Fraction] = {}

    def draw(p: Fraction, then: Callable[[int, Fraction], None]) -> None:
        """Draw one card: for each rank left, remove it and continue with its value."""
        left = sum(ranks) if not shoe.infinite else size
        for r, n in enumerate(ranks):
            if n == 0:
                continue
            if not shoe.infinite:
                ranks[r] -= 1
            then(POINT_VALUE[r], p * Fraction(n, left))
            if not shoe.infinite:
                ranks[r] += 1

    def finish(player: int, banker: int, player_cards: int, banker_cards: int, p: Fraction) -> None:
        event = Event(player % 10, banker % 10, player_cards, banker_cards)
        result[event] = result.get(event, Fraction(0)) + p

    def deal(p1: int, b1: int, p2: int, b2: int, p: Fraction) -> None:
        player, banker = (p1 + p2) % 10, (b1 + b2) % 10
        if player in tableau.naturals or banker in tableau.naturals:
            finish(player, banker, 2, 2, p)
        elif tableau.player_draws(player):

            def after_player_third(p3: int, q: Fraction) -> None:
                if tableau.banker_draws(banker, p3):
                    draw(q, lambda b3, r: finish(player + p3, banker + b3, 3, 3, r))
                else:
                    finish(player + p3, banker, 3, 2, q)

            draw(p, after_player_third)
        elif tableau.banker_draws(banker, None):
            draw(p, lambda b3, q: finish(player, banker + b3, 2, 3, q))
        else:
            finish(player, banker, 2, 2, p)

    draw(
        Fraction(1),
        lambda p1, q1: draw(
            q1,
            lambda b1, q2: draw(
                q2, lambda p2, q3: draw(q3, lambda b2, q4: deal(p1, b1, p2, b2, q4))
            ),
        ),
    )
    return result
