"""Stakes on several bets of one round at once, combined by the pricer.

The round's joint law comes from the same counts its odds do: the cells (pair state ×
event) of the round — conditional on the cards seen — when every staked bet is a pay
table over them, else the rounds by rank (:mod:`.cards`), each staked bet's line in every
one. :mod:`baccarat_exact.combination` turns them into the exact net result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from baccarat_exact.engine.counting import event_counts
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing.cards import agrees_with, ranked, suit_split
from baccarat_exact.pricing.plan import engine_input, refuse_suits
from baccarat_exact.pricing.results import Odds

if TYPE_CHECKING:
    from baccarat_exact.combination import Combination
    from baccarat_exact.model.seen import Seen

__all__ = ["combination"]


def combination(result: Odds, stakes: Mapping[str, Fraction | int]) -> Combination:
    """The net result of staking ``stakes`` (bet name → units) on the bets of
    ``result``'s round at once (what :meth:`Odds.combination` returns).

    >>> from baccarat_exact.pricing import odds
    >>> result = odds(Shoe.from_decks(8))
    >>> both = combination(result, {"banker": 1, "player": 1})
    >>> both.ev == result.bet("banker").ev + result.bet("player").ev  # EVs add
    True
    """
    from baccarat_exact.combination import combine, combine_lines, stake_units

    stakes = {str(name): stake_units(name, units) for name, units in stakes.items()}
    bets = tuple(priced.bet for priced in result.bets)
    chosen = tuple(bet for bet in bets if bet.name in stakes)
    shoe, rules, seen = result.shoe, result.rules, result.seen
    if not any(bet.needs_cards for bet in chosen):
        cells, denominator = _round_cells(shoe, rules, chosen, seen=seen)
        return combine(bets, stakes, cells, denominator)
    from baccarat_exact.engine.ranked import line_of_rounds

    refuse_suits(chosen, staked=True)
    rounds = ranked(shoe, rules.tableau)
    if any(bet.suit_features for bet in chosen):
        from baccarat_exact.combination import combine_split

        group, chances = suit_split(shoe, rounds, chosen, seen)
        every = agrees_with(rounds.ranks, seen) if seen else slice(None)
        names = [bet.name for bet in chosen]
        holds = {
            name: line[every]
            for name, line in zip(names, line_of_rounds(chosen, rounds, suited=True))
        }
        fails = {
            name: line[every]
            for name, line in zip(names, line_of_rounds(chosen, rounds, suited=False))
        }
        weight = rounds.weight[every]
        return combine_split(
            bets,
            stakes,
            (holds, fails),
            weight,
            (group[every], chances),
            int(weight.sum()) if seen else rounds.denominator,
        )
    agree = agrees_with(rounds.ranks, seen) if seen else slice(None)
    weight = rounds.weight[agree]
    lines = {
        bet.name: line[agree].tolist() for bet, line in zip(chosen, line_of_rounds(chosen, rounds))
    }
    denominator = int(weight.sum()) if seen else rounds.denominator
    return combine_lines(bets, stakes, lines, weight.tolist(), denominator)


def _round_cells(
    shoe: Shoe, rules: Rules, bets: Sequence[Bet], *, seen: Seen | None = None
) -> tuple[list[list[int]], int]:
    """The round's counts cell by cell and what they are out of: 9 pair states × 400
    events when some bet looks at pairs (times the suit weight where suits are averaged
    over), else one row of 400 events; conditional on ``seen`` when given."""
    from baccarat_exact.engine.pairs import joint_counts, pair_terms
    from baccarat_exact.engine.paths import round_paths

    pairs = any(bet.needs_pairs for bet in bets)
    if seen:
        refuse_suits(bets)
        paths = round_paths(shoe, seen, rules.tableau, by_rank=pairs)
        cells = paths.cell_counts()
        rows = cells.tolist() if pairs else [cells.sum(axis=0).tolist()]
        return [[int(n) for n in row] for row in rows], paths.total
    if pairs:
        terms = pair_terms(shoe, any(bet.needs_suits for bet in bets))
        return joint_counts(terms, rules.tableau)
    values, denominator = engine_input(shoe)
    return [event_counts(values, rules.tableau, infinite=shoe.infinite)], denominator
