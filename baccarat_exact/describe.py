"""Short human descriptions of shoes and rules, for report titles."""

from __future__ import annotations

from baccarat_exact.rules import Rules
from baccarat_exact.shoe import Shoe

__all__ = ["describe_rules", "describe_shoe"]


def describe_shoe(shoe: Shoe) -> str:
    """``8 decks (416 cards)``, ``infinite shoe``, or the composition when not whole decks.

    >>> describe_shoe(Shoe.from_decks(8))
    '8 decks (416 cards)'
    >>> describe_shoe(Shoe.from_decks(1).remove("K"))
    '51 cards: A=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,T=4,J=4,Q=4,K=3'
    """
    if shoe.infinite:
        if len(set(shoe.counts)) == 1:
            return "infinite shoe"
        return f"infinite shoe in proportions {shoe.composition().removeprefix('infinite ')}"
    first = shoe.counts[0]
    if first and first % 4 == 0 and all(n == first for n in shoe.counts):
        decks = first // 4
        return f"{decks} deck{'s' if decks != 1 else ''} ({shoe.cards} cards)"
    return f"{shoe.cards} cards: {shoe.composition()}"


def describe_rules(rules: Rules) -> str:
    """``punto-banco, commission 1/20, tie pays 8 to 1``."""
    return f"{rules.game}, commission {rules.commission}, tie pays {rules.tie_pays} to 1"
