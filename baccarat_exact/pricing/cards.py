"""Bets on the ranks or suits of particular dealt cards, priced round by round.

Such a bet (a three-card poker hand of the Player's cards, the suit of the Banker's first
card) cannot be a pay table over the round's events: it is priced on every round by rank
(:mod:`~baccarat_exact.engine.ranked`, loaded on first use), and, for a condition on
suits, each round splits into the rounds where it holds — with its exact chance given
the ranks and any suits seen — and the rest. The round's other bets come from
:func:`~baccarat_exact.pricing.shoe.odds` as usual, and these are counted in their units.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from baccarat_exact.errors import RulesError
from baccarat_exact.model.bets import CARD_POSITIONS, Bet, SuitFeature
from baccarat_exact.model.cards import RANKS, SUITS
from baccarat_exact.model.rules import Rules, Tableau
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing.plan import require_round
from baccarat_exact.pricing.results import BetOdds, Odds, reduced_bet_odds

if TYPE_CHECKING:
    from baccarat_exact.model.seen import Seen

__all__ = ["agrees_with", "card_odds", "ranked", "suit_outcomes", "suit_split"]


def card_odds(
    shoe: Shoe, rules: Rules, bets: tuple[Bet, ...], seen: Seen | None, others: Odds
) -> Odds:
    """The odds of ``bets`` where some look at the ranks of dealt cards: those round by
    round, the rest as in ``others`` (the odds of the other bets, given ``seen``)."""
    card_bets = tuple(bet for bet in bets if bet.needs_cards)
    found = {
        result.name: result
        for result in (
            _fresh_round(shoe, rules.tableau, card_bets)
            if not seen
            else _card_results(shoe, rules.tableau, card_bets, seen)
        )
    }
    priced = {  # each result with the bet as asked (a kept one may be an equal bet)
        bet.name: _in_units_of(replace(found[bet.name], bet=bet), others) for bet in card_bets
    }
    mixed = tuple(priced.get(bet.name) or others.bet(bet.name) for bet in bets)
    return replace(others, bets=mixed)


@functools.lru_cache(maxsize=4)
def _fresh_round(shoe: Shoe, tableau: Tableau, card_bets: tuple[Bet, ...]) -> tuple[BetOdds, ...]:
    """:func:`_card_results` of the next round (nothing seen), kept: a listing or a check
    asks the same shoe about the same bets again, and the split by suits is the slow part."""
    return _card_results(shoe, tableau, card_bets, None)


def _card_results(
    shoe: Shoe, tableau: Tableau, card_bets: tuple[Bet, ...], seen: Seen | None
) -> tuple[BetOdds, ...]:
    """The bets on particular dealt cards, round by round, counted in the rounds' own units."""
    from baccarat_exact.engine.paths import sum_by
    from baccarat_exact.engine.ranked import line_of_rounds

    rounds = ranked(shoe, tableau)
    weight, denominator = rounds.weight, rounds.denominator
    agree = None if not seen else agrees_with(rounds.ranks, seen)
    if agree is not None:
        weight = weight[agree]
        denominator = int(weight.sum())  # > 0: the other bets refused an impossible round
    found: list[BetOdds] = []
    every = slice(None) if agree is None else agree
    suited = tuple(bet for bet in card_bets if bet.suit_features)
    for group in _by_suit_condition(suited):
        found.extend(_suited_odds(shoe, rounds, group, seen, every))
    plain = tuple(bet for bet in card_bets if not bet.suit_features)
    for bet, line in zip(plain, line_of_rounds(plain, rounds)):
        line = line if agree is None else line[agree]
        counts = [int(n) for n in sum_by(line, weight, len(bet.lines)).tolist()]
        found.append(BetOdds(bet, tuple(counts), denominator))
    return tuple(found)


def _by_suit_condition(bets: tuple[Bet, ...]) -> list[tuple[Bet, ...]]:
    """``bets`` grouped by what they ask of suits: each group is priced on its own split
    of the rounds (a bet that asks several things of suits on the joint split)."""
    groups: dict[frozenset[SuitFeature], list[Bet]] = {}
    for bet in bets:
        groups.setdefault(bet.suit_features, []).append(bet)
    return [tuple(group) for group in groups.values()]


def suit_split(
    shoe: Shoe, rounds: Any, bets: Sequence[Bet], seen: Seen | None
) -> tuple[Any, list[Fraction]]:
    """For bets with a condition on suits (one at a time): a group index per round by rank
    and each group's exact chance that the condition holds (:func:`suit_chances`);
    :class:`RulesError` where it cannot be priced."""
    suited = [bet for bet in bets if bet.suit_features]
    features = frozenset[SuitFeature]().union(*(bet.suit_features for bet in suited))
    if len(features) > 1:
        names = ", ".join(bet.name for bet in suited)
        shown = "; ".join(sorted(_describe_feature(f) for f in features))
        raise RulesError(
            f"{names}: a stake on several bets prices one condition on suits at a time, "
            f"these ask {shown}: price them without the combined stake"
        )
    (feature,) = features
    group, chances = suit_outcomes(shoe, rounds, bets, seen, (feature,))
    return group, [split[1] for split in chances]


def suit_outcomes(
    shoe: Shoe,
    rounds: Any,
    bets: Sequence[Bet],
    seen: Seen | None,
    features: tuple[SuitFeature, ...],
) -> tuple[Any, list[list[Fraction]]]:
    """For bets with conditions on suits (``features``, in this order): a group index per
    round by rank and, per group, the exact chance of each truth vector of the conditions
    (index Σ 2**i over those that hold): :func:`suit_chances` for one condition on every
    card, else :func:`joint_suit_chances`; :class:`RulesError` where it cannot be priced."""
    from baccarat_exact.engine.ranked import joint_suit_chances, suit_chances

    names = ", ".join(bet.name for bet in bets if bet.suit_features)
    if len(features) > 1 and not all(ranks for *_, ranks in features):
        shown = "; ".join(sorted(_describe_feature(f) for f in features))
        raise RulesError(  # their joint split reads every card at their positions: too many
            f"{names}: one condition on suits is priced at a time, these ask {shown}: "
            "price them in separate runs"
        )
    rows = shoe.suit_rows()
    unknown = [r.value for r, row, n in zip(RANKS, rows, shoe.counts) if n and row is None]
    if unknown:
        raise RulesError(
            f"{names}: bets on suits need every suit count, unknown for {' '.join(unknown)} "
            "(give the shoe by suits, or remove cards with their suits)"
        )
    known = (
        {
            offset + i: (card.rank.ordinal, card.suit.ordinal)
            for offset, hand in ((0, seen.player), (3, seen.banker))
            for i, card in enumerate(hand)
            if card is not None and card.suit is not None
        }
        if seen
        else {}
    )
    if len(features) == 1 and not features[0][3]:
        group, single = suit_chances(rounds, features[0], rows, infinite=shoe.infinite, known=known)
        return group, [[1 - chance, chance] for chance in single]
    return joint_suit_chances(rounds, features, rows, infinite=shoe.infinite, known=known)


def _suited_odds(
    shoe: Shoe, rounds: Any, bets: tuple[Bet, ...], seen: Seen | None, agree: Any
) -> list[BetOdds]:
    """Bets asking the same of suits: each round by rank splits into the ways their
    conditions fall (each with its exact chance given the ranks, and the suits seen); only
    the rounds that ``agree`` with the cards seen count."""
    from baccarat_exact.engine.paths import sum_by
    from baccarat_exact.engine.ranked import line_of_rounds

    features = tuple(sorted(bets[0].suit_features, key=repr))  # one group: the same ask
    group, chances = suit_outcomes(shoe, rounds, bets, seen, features)
    group, weight = group[agree], rounds.weight[agree]
    denominator = int(weight.sum())
    size = len(chances)
    found = []
    ways = [  # per truth vector, each bet's line in every round
        line_of_rounds(bets, rounds, suited={f: bool(v >> i & 1) for i, f in enumerate(features)})
        for v in range(2 ** len(features))
    ]
    for b, bet in enumerate(bets):
        width = len(bet.lines)
        sums = [
            sum_by(group * width + lines[b][agree], weight, size * width).tolist() for lines in ways
        ]
        counts = [Fraction(0)] * width
        for g, split in enumerate(chances):
            for v, chance in enumerate(split):
                if chance:
                    for i in range(width):
                        counts[i] += chance * sums[v][g * width + i]
        common = math.lcm(*(c.denominator for c in counts))
        scaled = [int(c * common) for c in counts]
        found.append(reduced_bet_odds(bet, scaled, denominator * common, common))
    return found


def _describe_feature(feature: SuitFeature) -> str:
    kind, positions, suits, ranks = feature
    cards = " ".join(CARD_POSITIONS[p] for p in positions)
    if ranks:
        cards += f" of rank {' '.join(RANKS[r].value for r in sorted(ranks))}"
    if kind == "flush":
        return f"a flush of {cards}"
    return f"the suit of {cards} ({' '.join(SUITS[s].value for s in sorted(suits))})"


def _in_units_of(result: BetOdds, others: Odds) -> BetOdds:
    """``result`` counted in the units of the other bets (the round's sequences as seen),
    where its counts divide exactly (they do: a round by rank weighs each seen card by its
    rank's count, the same for every round); else as it is, exact either way."""
    total = others.denominator * result.weight
    if result.denominator == total or result.denominator % total:
        return result
    scale = result.denominator // total
    if any(n % scale for n in result.line_counts):
        return result
    counts = tuple(n // scale for n in result.line_counts)
    return BetOdds(result.bet, counts, total, result.weight)


def agrees_with(ranks: Any, seen: Seen) -> Any:
    """Which rounds by rank (:attr:`RankedRounds.ranks`, columns P1 P2 P3 B1 B2 B3) deal
    the cards seen: each seen card's rank where it was dealt, a card face down dealt. A
    seen card's suit says nothing more about the ranks of the others, so rank bets need
    no suits."""
    from baccarat_exact.engine.ranked import NOT_DEALT

    agree = np.ones(len(ranks), dtype=bool)
    for offset, hand in ((0, seen.player), (3, seen.banker)):
        for i, card in enumerate(hand):
            column = ranks[:, offset + i]
            agree &= column != NOT_DEALT if card is None else column == card.rank.ordinal
    return agree


@functools.lru_cache(maxsize=2)
def ranked(shoe: Shoe, tableau: Tableau) -> Any:
    """The rounds of ``shoe`` by rank (kept for the next question about the same shoe)."""
    from baccarat_exact.engine.ranked import ranked_rounds

    if not shoe.infinite:
        require_round(shoe.cards)
    return ranked_rounds(shoe, tableau)
