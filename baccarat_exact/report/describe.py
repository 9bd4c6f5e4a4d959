"""Short human descriptions of shoes and rules, for report titles."""

from __future__ import annotations

from baccarat_exact.model.cards import RANKS, format_cards
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe

__all__ = ["describe_rules", "describe_shoe"]


def describe_shoe(shoe: Shoe) -> str:
    """``8 decks (416 cards)``, ``infinite shoe``, or the composition when not whole decks.

    >>> describe_shoe(Shoe.from_decks(8))
    '8 decks (416 cards)'
    >>> describe_shoe(Shoe.from_decks(6).remove("5x3 K 9"))
    '6 decks less 5x3 9 K (307 cards)'
    >>> describe_shoe(Shoe.from_counts({"9": 6}))
    '6 cards: A=0,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=6,T=0,J=0,Q=0,K=0'
    """
    if shoe.infinite:
        if len(set(shoe.counts)) == 1:
            return "infinite shoe"
        return f"infinite shoe in proportions {shoe.composition().removeprefix('infinite ')}"
    decks = -(-max(shoe.counts) // 4)
    missing = [4 * decks - n for n in shoe.counts]
    name = f"{decks} deck{'s' if decks != 1 else ''}"
    if not any(missing):
        return f"{name} ({shoe.cards} cards)"
    if sum(missing) * 2 <= shoe.cards:
        dealt = format_cards([rank for rank, n in zip(RANKS, missing) for _ in range(n)])
        return f"{name} less {dealt} ({shoe.cards} cards)"
    return f"{shoe.cards} cards: {shoe.composition()}"


def describe_rules(rules: Rules) -> str:
    """``punto-banco, commission 1/20, tie pays 8 to 1``, then any special wins.

    >>> from baccarat_exact.model.games import find_rules
    >>> describe_rules(find_rules("ez"))
    'ez, commission 0, tie pays 8 to 1; banker win with three-card 7 pays 0'
    """
    text = f"{rules.game}, commission {rules.commission}, tie pays {rules.tie_pays} to 1"
    for win in rules.special_wins:
        text += f"; {win.bet} {win.name} pays {win.pays}"
    return text
