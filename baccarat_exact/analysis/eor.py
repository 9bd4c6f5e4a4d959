"""Effect of removal: how much taking one card of a rank out of the shoe moves each bet.

The effect of removal (EOR) of rank r on a bet is ``EV(shoe − r) − EV(shoe)``,
exact. Burning one card unseen does not change the odds of the next round, so
the effects weighted by the cards of each rank in the shoe sum to exactly zero:
``Σ_r n_r · EOR_r = 0`` (:meth:`EffectOfRemoval.weighted_sum`). That identity is
what makes linear card counts (``counting``) balanced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat_exact.errors import ShoeError
from baccarat_exact.model.bets import Bet, main_bets
from baccarat_exact.model.cards import RANKS, Rank, parse_rank
from baccarat_exact.model.exact import exact_text, to_float
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import price_batch

__all__ = ["EffectOfRemoval", "RemovalRow", "effect_of_removal"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RemovalRow:
    """One card (or several ranks with the same effect, e.g. ``T J Q K``)."""

    ranks: tuple[Rank, ...]
    """The ranks this row stands for; removing one card of any of them has these effects."""
    value: int
    """Their baccarat point value."""
    cards: int
    """Cards of these ranks in the shoe (the weight of the row in the zero-sum identity)."""
    effects: tuple[Fraction, ...] | None
    """EV(shoe − one card) − EV(shoe) for each bet; None when the shoe holds none."""
    win_effects: tuple[Fraction, ...] | None
    """The same for each bet's probability of winning."""

    @property
    def label(self) -> str:
        """``A``, ``2`` … or ``T J Q K`` for a group."""
        return " ".join(rank.value for rank in self.ranks)


@dataclass(frozen=True, slots=True, kw_only=True)
class EffectOfRemoval:
    """Exact effects of removal of every rank on every bet, for one shoe and rules.

    >>> eor = effect_of_removal(Shoe.from_decks(8))
    >>> [row.label for row in eor.rows][-1], eor.weighted_sum(0)
    ('T J Q K', Fraction(0, 1))
    """

    shoe: Shoe
    rules: Rules
    bets: tuple[Bet, ...]
    evs: tuple[Fraction, ...]
    """EV of each bet for the shoe itself."""
    wins: tuple[Fraction, ...]
    """Probability that each bet wins, for the shoe itself."""
    rows: tuple[RemovalRow, ...]

    def bet_index(self, name: str) -> int:
        """Position of the bet called ``name``."""
        for i, bet in enumerate(self.bets):
            if bet.name == name:
                return i
        raise KeyError(name)

    def effect(self, rank: Rank | str, bet: str | int = 0) -> Fraction:
        """The EOR of one card of ``rank`` on ``bet`` (name or position)."""
        b = self.bet_index(bet) if isinstance(bet, str) else bet
        wanted = rank if isinstance(rank, Rank) else parse_rank(str(rank))
        for row in self.rows:
            if wanted in row.ranks:
                if row.effects is None:
                    raise ShoeError(f"the shoe holds no {wanted.value}: it cannot be removed")
                return row.effects[b]
        raise KeyError(rank)  # pragma: no cover - every rank is in a row

    def weighted_sum(self, bet: int) -> Fraction:
        """Σ cards · EOR over the rows: exactly zero for every shoe and bet."""
        return sum(
            (row.cards * row.effects[bet] for row in self.rows if row.effects is not None),
            Fraction(0),
        )

    def value_effects(self, bet: int) -> tuple[tuple[int, Fraction | None], ...]:
        """(cards, effect) for each point value 0–9: the card-weighted mean of its rows."""
        result: list[tuple[int, Fraction | None]] = []
        for value in range(10):
            rows = [row for row in self.rows if row.value == value and row.effects is not None]
            cards = sum(row.cards for row in rows)
            if not cards:
                result.append((0, None))
                continue
            total = sum(
                (row.cards * row.effects[bet] for row in rows if row.effects is not None),
                Fraction(0),
            )
            result.append((cards, total / cards))
        return tuple(result)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: exact fractions as strings, each beside its decimal under
        ``*_float``; a row's effects keyed by its first rank (``T`` for ``T J Q K``),
        its ranks listed in ``ranks``."""
        bets: dict[str, Any] = {}
        for b, bet in enumerate(self.bets):
            effects = {}
            for row in self.rows:
                effect = None if row.effects is None else row.effects[b]
                win = None if row.win_effects is None else row.win_effects[b]
                effects[row.ranks[0].value] = {
                    "ranks": [rank.value for rank in row.ranks],
                    "cards": row.cards,
                    "effect": None if effect is None else exact_text(effect),
                    "effect_float": None if effect is None else to_float(effect),
                    "win_effect": None if win is None else exact_text(win),
                    "win_effect_float": None if win is None else to_float(win),
                }
            bets[bet.name] = {
                "ev": exact_text(self.evs[b]),
                "ev_float": to_float(self.evs[b]),
                "win": exact_text(self.wins[b]),
                "win_float": to_float(self.wins[b]),
                "effects": effects,
                "weighted_sum": exact_text(self.weighted_sum(b)),
            }
        return {
            "shoe": self.shoe.to_dict(),
            "rules": self.rules.to_dict(),
            "bets": bets,
        }


def effect_of_removal(
    shoe: Shoe, rules: Rules | None = None, bets: Sequence[Bet] | None = None
) -> EffectOfRemoval:
    """The exact effect of removing one card of each rank on each bet's EV.

    Ranks with the same point value and the same effect on every bet (the four
    10-value ranks of a full shoe) share one row.

    :raises ShoeError: for an infinite shoe, or one of fewer than 7 cards.
    """
    rules = rules if rules is not None else Rules()
    chosen = tuple(bets) if bets is not None else main_bets(rules)
    if shoe.infinite:
        raise ShoeError("effect of removal needs a finite shoe: an infinite shoe never runs out")
    if shoe.cards < 7:
        raise ShoeError(
            f"effect of removal needs at least 7 cards (6 left after removing one), the shoe holds {shoe.cards}"
        )
    present = [rank for rank in RANKS if shoe.count(rank)]
    states = [shoe] + [shoe.remove(rank) for rank in present]  # one card of unknown suit
    prices = price_batch(states, rules, chosen)
    n_bets = len(chosen)
    evs = tuple(prices.ev(0, b) for b in range(n_bets))
    wins = tuple(prices.win(0, b) for b in range(n_bets))
    by_rank: dict[Rank, tuple[tuple[Fraction, ...], tuple[Fraction, ...]] | None] = dict.fromkeys(
        RANKS
    )
    for i, rank in enumerate(present, start=1):
        by_rank[rank] = (
            tuple(prices.ev(i, b) - evs[b] for b in range(n_bets)),
            tuple(prices.win(i, b) - wins[b] for b in range(n_bets)),
        )
    rows: list[RemovalRow] = []
    for rank in RANKS:
        found = by_rank[rank]
        previous = rows[-1] if rows else None
        if (
            previous is not None
            and previous.value == rank.point
            and (previous.effects, previous.win_effects) == (found or (None, None))
        ):
            rows[-1] = RemovalRow(
                ranks=(*previous.ranks, rank),
                value=rank.point,
                cards=previous.cards + shoe.count(rank),
                effects=previous.effects,
                win_effects=previous.win_effects,
            )
            continue
        rows.append(
            RemovalRow(
                ranks=(rank,),
                value=rank.point,
                cards=shoe.count(rank),
                effects=None if found is None else found[0],
                win_effects=None if found is None else found[1],
            )
        )
    return EffectOfRemoval(
        shoe=shoe, rules=rules, bets=chosen, evs=evs, wins=wins, rows=tuple(rows)
    )
