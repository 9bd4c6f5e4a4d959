"""Exact odds of a shoe: outcome probabilities and each bet's win/push/lose and EV.

``odds(shoe, rules)`` runs the engine once for the *atoms* of the bets asked
for (the coarsest split of the 400 events that every pay line is a union of;
three atoms for the main bets) and returns exact ``Fraction``s.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import gcd
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat_exact.bets import Bet, main_bets
from baccarat_exact.engine import Compiled, compile_columns, count_array, six_card_total
from baccarat_exact.errors import ShoeError
from baccarat_exact.events import EVENTS, Outcome
from baccarat_exact.rules import Rules, Tableau
from baccarat_exact.shoe import Shoe

__all__ = ["SUREBET", "BetOdds", "Odds", "Plan", "odds", "plan"]

SUREBET = Fraction(9, 10)
"""A bet is a *surebet* when its probability of winning is over 90 % (seeds 000–002)."""

SCHEMA = 1


@dataclass(frozen=True, slots=True)
class Plan:
    """How to price a set of bets: the atoms the engine counts and how lines sum them."""

    bets: tuple[Bet, ...]
    compiled: Compiled
    outcome_atoms: tuple[tuple[int, ...], ...]
    """For banker, player, tie: the atoms that make up that outcome."""
    line_atoms: tuple[tuple[tuple[int, ...], ...], ...]
    """For each bet, for each pay line: the atoms that make it up."""


_PLANS: dict[tuple[int, ...], tuple[Rules, tuple[Bet, ...], Plan]] = {}


def plan(rules: Rules, bets: tuple[Bet, ...]) -> Plan:
    """How to price ``bets`` under ``rules``; cached by identity, then by value."""
    key = (id(rules), *map(id, bets))
    hit = _PLANS.get(key)
    if hit is not None and hit[0] is rules and all(a is b for a, b in zip(hit[1], bets)):
        return hit[2]
    result = _plan(rules.tableau, bets)
    if len(_PLANS) > 256:
        _PLANS.clear()
    _PLANS[key] = (rules, bets, result)
    return result


@functools.lru_cache(maxsize=256)
def _plan(tableau: Tableau, bets: tuple[Bet, ...]) -> Plan:
    """Group the events into atoms for ``bets`` (plus the three outcomes)."""
    signatures: dict[tuple[int, ...], list[int]] = {}
    for index, event in enumerate(EVENTS):
        signature = [list(Outcome).index(event.outcome)]
        for bet in bets:
            signature.append(next(i for i, line in enumerate(bet.lines) if index in line.events))
        signatures.setdefault(tuple(signature), []).append(index)
    keys = sorted(signatures)
    atoms = tuple(tuple(signatures[key]) for key in keys)
    outcome_atoms = tuple(
        tuple(a for a, key in enumerate(keys) if key[0] == o) for o in range(len(Outcome))
    )
    line_atoms = tuple(
        tuple(
            tuple(a for a, key in enumerate(keys) if key[1 + b] == li)
            for li in range(len(bet.lines))
        )
        for b, bet in enumerate(bets)
    )
    return Plan(bets, compile_columns(tableau, atoms), outcome_atoms, line_atoms)


@dataclass(frozen=True, slots=True)
class BetOdds:
    """One bet's exact result: each pay line's count, and from them the
    probabilities, win/push/lose and EV as exact fractions (computed on access)."""

    bet: Bet
    line_counts: tuple[int, ...]
    """Six-card sequences (infinite shoe: weights) ending on each pay line."""
    denominator: int

    @property
    def name(self) -> str:
        """The bet's name."""
        return self.bet.name

    @property
    def lines(self) -> tuple[tuple[str, Fraction, Fraction], ...]:
        """(line name, net pay, probability) for each pay line."""
        return tuple(
            (line.name, line.pays, Fraction(n, self.denominator))
            for line, n in zip(self.bet.lines, self.line_counts)
        )

    def _share(self, kind: str) -> Fraction:
        n = sum(c for line, c in zip(self.bet.lines, self.line_counts) if line.kind == kind)
        return Fraction(n, self.denominator)

    @property
    def win(self) -> Fraction:
        """Probability that the bet wins (any line with a positive pay)."""
        return self._share("win")

    @property
    def push(self) -> Fraction:
        """Probability that the stake is returned."""
        return self._share("push")

    @property
    def lose(self) -> Fraction:
        """Probability that the bet loses (any line with a negative pay)."""
        return self._share("lose")

    @property
    def ev(self) -> Fraction:
        """Expected net units per unit staked; the house edge is ``-ev``."""
        numerator = sum(
            (line.pays * n for line, n in zip(self.bet.lines, self.line_counts)), Fraction(0)
        )
        return numerator / self.denominator

    @property
    def surebet(self) -> bool:
        """Whether the probability of winning is over 90 % (the seeds' surebet rule)."""
        return self.win > SUREBET

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (schema 1)."""
        ev = self.ev
        return {
            "win": str(self.win),
            "push": str(self.push),
            "lose": str(self.lose),
            "ev": str(ev),
            "ev_float": float(ev),
            "surebet": self.surebet,
        }


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact odds of one shoe under one set of rules."""

    shoe: Shoe
    rules: Rules
    total: int | None
    """Six-card sequences the shoe can deal, N(N-1)…(N-5); None for an infinite shoe."""
    denominator: int
    """What every count is out of: ``total``, or (Σ weights)**6 for an infinite shoe."""
    counts: dict[Outcome, int]
    """Six-card sequences (infinite: weights) ending in each outcome."""
    bets: tuple[BetOdds, ...]

    def probability(self, outcome: Outcome | str) -> Fraction:
        """P(outcome) as an exact fraction."""
        return Fraction(self.counts[Outcome(outcome)], self.denominator)

    def bet(self, name: str) -> BetOdds:
        """The result for one bet by name."""
        for result in self.bets:
            if result.name == name:
                return result
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """The stable JSON document (schema 1): exact values as ``"p/q"`` strings."""
        outcomes = {}
        for outcome in Outcome:
            p = self.probability(outcome)
            outcomes[outcome.value] = {
                "count": None if self.total is None else self.counts[outcome],
                "probability": str(p),
                "probability_float": float(p),
            }
        return {
            "schema": SCHEMA,
            "shoe": {
                "cards": None if self.shoe.infinite else self.shoe.cards,
                "infinite": self.shoe.infinite,
                "counts": self.shoe.as_mapping(),
            },
            "rules": self.rules.to_dict(),
            "total": self.total,
            "outcomes": outcomes,
            "bets": {result.name: result.to_dict() for result in self.bets},
        }


def shoe_weights(shoe: Shoe) -> tuple[tuple[int, ...], int]:
    """Value counts the engine takes and what the counts are out of.

    For an infinite shoe the proportions are reduced by their gcd first.
    """
    if shoe.infinite:
        divisor = functools.reduce(gcd, shoe.counts)
        reduced = Shoe(counts=tuple(n // divisor for n in shoe.counts), infinite=True)
        return reduced.values, reduced.cards**6
    if shoe.cards < 6:
        raise ShoeError(
            f"the shoe holds {shoe.cards} card{'s' if shoe.cards != 1 else ''}; "
            "a round can need 6, so at least 6 must be left"
        )
    return shoe.values, six_card_total(shoe.cards)


def odds(shoe: Shoe, rules: Rules | None = None, bets: Sequence[Bet] | None = None) -> Odds:
    """Exact odds of the next round dealt from ``shoe``.

    ``bets`` defaults to Banker, Player and Tie under ``rules``; bets on pairs of the
    first cards are priced by :func:`baccarat_exact.betprice.price_exactly`.

    >>> result = odds(Shoe.from_decks(8))
    >>> result.total, result.counts[Outcome.TIE]
    (4998398275503360, 475627426473216)
    >>> f"{float(-result.bet('banker').ev):.4%}"
    '1.0579%'
    """
    rules = rules if rules is not None else Rules()
    chosen = tuple(bets) if bets is not None else main_bets(rules)
    if any(bet.needs_pairs for bet in chosen):  # ranks of the first cards, not only events
        from baccarat_exact.betprice import price_exactly

        return price_exactly(shoe, rules, chosen)
    how = plan(rules, chosen)
    values, denominator = shoe_weights(shoe)
    counts = count_array(np.asarray(values), how.compiled, infinite=shoe.infinite)[0].tolist()
    return _assemble(shoe, rules, how, counts, denominator)


def _assemble(shoe: Shoe, rules: Rules, how: Plan, counts: list[int], denominator: int) -> Odds:
    outcome_counts = {
        outcome: sum(counts[a] for a in how.outcome_atoms[i]) for i, outcome in enumerate(Outcome)
    }
    results = tuple(
        BetOdds(bet, tuple(sum(counts[a] for a in members) for members in atoms), denominator)
        for bet, atoms in zip(how.bets, how.line_atoms)
    )
    return Odds(
        shoe=shoe,
        rules=rules,
        total=None if shoe.infinite else denominator,
        denominator=denominator,
        counts=outcome_counts,
        bets=results,
    )


def atom_counts(
    values: npt.ArrayLike, how: Plan, *, infinite: bool = False
) -> npt.NDArray[np.generic]:
    """Counts of each atom of ``how`` for a batch of value-count vectors (B, 10)."""
    return count_array(values, how.compiled, infinite=infinite)
