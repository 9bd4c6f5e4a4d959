"""Short human descriptions of shoes and rules, for report titles."""

from __future__ import annotations

from baccarat_exact.model.cards import RANKS, Card, format_card_counts
from baccarat_exact.model.exact import int_text
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe

__all__ = ["describe_rules", "describe_shoe"]


def describe_shoe(shoe: Shoe) -> str:
    """``8 decks (416 cards)``, ``6 decks less 5x3 As (307 cards)``, ``infinite shoe``, or
    the composition when it is not whole decks less a few cards; counted, never listed
    card by card, so any size is instant.

    >>> describe_shoe(Shoe.from_decks(8))
    '8 decks (416 cards)'
    >>> describe_shoe(Shoe.from_decks(6).remove("5x3 K 9 As"))
    '6 decks less 5x3 9 K As (306 cards)'
    >>> describe_shoe(Shoe.from_counts({"9": 6}))
    '6 cards: 9=6'
    """
    if shoe.infinite:
        if len(set(shoe.counts)) == 1:
            return "infinite shoe"
        return f"infinite shoe in proportions {shoe.composition().removeprefix('infinite ')}"
    form = shoe.deck_shortfall()
    if form is None:  # ranks by count: d decks less the ranks they lack, if few
        decks = -(-max(shoe.counts) // 4)
        lacking = tuple((Card(rank), 4 * decks - n) for rank, n in zip(RANKS, shoe.counts))
        form = (decks, lacking) if decks else None
    if form is not None and sum(n for _, n in form[1]) * 2 <= shoe.cards:
        decks, out = form
        name = f"{int_text(decks)} deck{'s' if decks != 1 else ''}"
        less = format_card_counts(out)
        return f"{name}{' less ' + less if less else ''} ({int_text(shoe.cards)} cards)"
    return f"{int_text(shoe.cards)} cards: {shoe.composition()}"


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
