"""Exact prices of many shoe states at once: each bet's EV numerator and win count.

The analyses here (effect of removal, simulation, tracking) all need the same
thing: for a batch of shoes (cards left of each rank), every selected bet's
exact EV and probability of winning. :func:`price_batch` gets them from the
engine's batch path (``plan`` + ``atom_counts``) as exact integers: a bet's EV
is ``numerator / (scale · denominator)``, where ``scale`` clears the
denominators of its pays (20 for a Banker win paying 19/20).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat_exact.bets import PAIR, PAIR_STATES, Bet, main_bets
from baccarat_exact.cards import POINT_VALUE
from baccarat_exact.engine import number_kind
from baccarat_exact.errors import ShoeError
from baccarat_exact.odds import SUREBET, Plan, atom_counts, plan
from baccarat_exact.rules import Rules
from baccarat_exact.shoe import Shoe

__all__ = ["Prices", "price_batch", "price_shoes", "rank_matrix", "value_matrix"]

_INT64_LIMIT = 2**63

# (13, 10) 0/1 matrix summing rank counts into point-value counts.
_RANK_TO_VALUE = np.zeros((13, 10), dtype=np.int64)
for _rank, _value in enumerate(POINT_VALUE):
    _RANK_TO_VALUE[_rank, _value] = 1


def rank_matrix(shoes: Sequence[Shoe]) -> npt.NDArray[np.int64]:
    """(B, 13) cards of each rank A..K for finite shoes."""
    for shoe in shoes:
        if shoe.infinite:
            raise ShoeError("this analysis deals cards out of the shoe, so it needs a finite shoe")
    return np.array([shoe.counts for shoe in shoes], dtype=np.int64).reshape(-1, 13)


def value_matrix(ranks: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """(B, 10) cards of each point value 0–9 from (B, 13) rank counts."""
    return ranks @ _RANK_TO_VALUE


def _six_card_totals(cards: npt.NDArray[np.int64]) -> npt.NDArray[Any]:
    """N(N-1)…(N-5) for each N, as int64 when every one fits, else Python ints."""
    largest = int(cards.max(initial=0))
    if largest**6 < _INT64_LIMIT:
        total = np.ones_like(cards)
        for i in range(6):
            total = total * (cards - i)
        return total
    return np.array([math.perm(int(n), 6) for n in cards.tolist()], dtype=object)


@dataclass(frozen=True, slots=True)
class _BetTable:
    """How one plan's atoms pay for each bet, as integer columns."""

    pays: npt.NDArray[np.int64]
    """(n_atoms, n_bets): net pay of each atom × the bet's scale."""
    wins: npt.NDArray[np.int64]
    """(n_atoms, n_bets): 1 where the atom is a win for the bet."""
    scales: tuple[int, ...]
    largest_pay: int


def _bet_table(how: Plan) -> _BetTable:
    n_atoms = len(how.compiled.columns)
    pays = np.zeros((n_atoms, len(how.bets)), dtype=np.int64)
    wins = np.zeros((n_atoms, len(how.bets)), dtype=np.int64)
    scales = []
    for b, (bet, atoms) in enumerate(zip(how.bets, how.line_atoms)):
        scale = math.lcm(*(line.pays.denominator for line in bet.lines))
        scales.append(scale)
        for line, members in zip(bet.lines, atoms):
            for a in members:
                pays[a, b] = int(line.pays * scale)
                wins[a, b] = 1 if line.pays > 0 else 0
    largest = int(np.abs(pays).max(initial=0))
    return _BetTable(pays=pays, wins=wins, scales=tuple(scales), largest_pay=largest)


_TABLES: dict[int, tuple[Plan, _BetTable]] = {}


def _table_for(how: Plan) -> _BetTable:
    hit = _TABLES.get(id(how))
    if hit is not None and hit[0] is how:
        return hit[1]
    table = _bet_table(how)
    if len(_TABLES) > 64:
        _TABLES.clear()
    _TABLES[id(how)] = (how, table)
    return table


@dataclass(frozen=True, slots=True)
class Prices:
    """Exact prices of a batch of shoe states for some bets.

    Row i, bet b: EV = ``numerators[i, b] / (scales[b] · denominators[i, b])``,
    P(win) = ``wins[i, b] / denominators[i, b]``, all exact integers (int64 arrays
    while they fit, Python ints in object arrays beyond).
    """

    bets: tuple[Bet, ...]
    numerators: npt.NDArray[Any]
    wins: npt.NDArray[Any]
    denominators: npt.NDArray[Any]
    scales: tuple[int, ...]

    def __len__(self) -> int:
        return int(self.denominators.shape[0])

    def ev(self, row: int, bet: int) -> Fraction:
        """The exact EV of bet ``bet`` in shoe state ``row``."""
        scale = self.scales[bet] * int(self.denominators[row, bet])
        return Fraction(int(self.numerators[row, bet]), scale)

    def win(self, row: int, bet: int) -> Fraction:
        """The exact probability that bet ``bet`` wins in shoe state ``row``."""
        return Fraction(int(self.wins[row, bet]), int(self.denominators[row, bet]))

    def positive(self) -> npt.NDArray[np.bool_]:
        """(B, n_bets): whether each EV is above zero (decided on exact integers)."""
        return np.asarray(self.numerators > 0, dtype=np.bool_)

    def surebet(self) -> npt.NDArray[np.bool_]:
        """(B, n_bets): P(win) over 90 %, decided exactly (10·wins > 9·denominator)."""
        limit = self.denominators * SUREBET.numerator
        return np.asarray(self.wins * SUREBET.denominator > limit, dtype=np.bool_)

    def ev_float(self) -> npt.NDArray[np.float64]:
        """(B, n_bets) EVs as floats, for aggregation and display only."""
        if self.numerators.dtype == object or self.denominators.dtype == object:
            rows = [
                [int(n) / (s * int(d)) for n, s, d in zip(num, self.scales, den)]
                for num, den in zip(self.numerators.tolist(), self.denominators.tolist())
            ]
            return np.array(rows, dtype=np.float64).reshape(self.numerators.shape)
        den = self.denominators.astype(np.float64) * np.array(self.scales, dtype=np.float64)
        return np.asarray(self.numerators.astype(np.float64) / den, dtype=np.float64)


def _scale(bet: Bet) -> int:
    return math.lcm(*(line.pays.denominator for line in bet.lines))


def _value_prices(
    ranks: npt.NDArray[np.int64], rules: Rules, bets: tuple[Bet, ...]
) -> tuple[npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any]]:
    """Value-based bets: one engine batch (``plan`` + ``atom_counts``)."""
    how = plan(rules, bets)
    table = _table_for(how)
    counts: npt.NDArray[Any] = atom_counts(value_matrix(ranks), how)
    cards = ranks.sum(axis=1)
    totals = _six_card_totals(cards)
    largest = int(cards.max(initial=0))
    exact_int64 = (
        counts.dtype != object
        and totals.dtype != object
        and number_kind(largest) != "object"
        and math.perm(max(largest, 6), 6) * max(table.largest_pay, 1) < _INT64_LIMIT
    )
    if exact_int64:
        numerators = counts @ table.pays
        wins = counts @ table.wins
    else:
        as_object = counts.astype(object)
        numerators = as_object @ table.pays.astype(object)
        wins = as_object @ table.wins.astype(object)
        totals = totals.astype(object)
    denominators = np.repeat(totals[:, None], len(bets), axis=1)
    return numerators, wins, denominators


def _suit_blind(bet: Bet) -> bool:
    """Whether no line of ``bet`` tells a suited pair from an unsuited one."""
    blind = [3 * min(p, PAIR) + min(b, PAIR) for p, b in PAIR_STATES]
    return all(
        (s in line.pairs) == (blind[s] in line.pairs) for line in bet.lines for s in range(9)
    )


def _pair_prices(
    ranks: npt.NDArray[np.int64],
    rules: Rules,
    bets: tuple[Bet, ...],
    suits: npt.NDArray[np.int64] | None,
) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    """Bets on the first two cards' ranks (and suits): priced shoe by shoe through the
    pair counts of :mod:`baccarat_exact.pairs` (pure pair bets, closed form) and
    :func:`baccarat_exact.sidebets.price` (bets on pairs and the round together).
    Suits are passed on only when some bet pays differently on a suited pair."""
    from baccarat_exact.pairs import pair_state_counts
    from baccarat_exact.sidebets import price

    if suits is not None and all(_suit_blind(bet) for bet in bets):
        suits = None
    pure = [b for b, bet in enumerate(bets) if not bet.needs_events]
    joint = [b for b, bet in enumerate(bets) if bet.needs_events]
    pays = [[(int(line.pays * _scale(bet)), line.pays > 0) for line in bet.lines] for bet in bets]
    numerators, wins, denominators = [], [], []
    for i, row in enumerate(ranks.tolist()):
        shoe = Shoe(counts=tuple(row))
        suit_rows = None if suits is None else suits[i].tolist()
        line_counts: dict[int, tuple[tuple[int, ...], int]] = {}
        if pure:
            states, total = pair_state_counts(shoe, suit_rows)
            for b in pure:
                counts = tuple(sum(states[s] for s in line.pairs) for line in bets[b].lines)
                line_counts[b] = (counts, total)
        if joint:
            chosen = tuple(bets[b] for b in joint)
            for b, result in zip(joint, price(shoe, rules, chosen, suits=suit_rows)):
                line_counts[b] = (result.line_counts, result.denominator)
        num_row, win_row, den_row = [], [], []
        for b in range(len(bets)):
            counts, total = line_counts[b]
            num_row.append(sum(pay * n for (pay, _), n in zip(pays[b], counts)))
            win_row.append(sum(n for (_, won), n in zip(pays[b], counts) if won))
            den_row.append(total)
        numerators.append(num_row)
        wins.append(win_row)
        denominators.append(den_row)
    return numerators, wins, denominators


def _as_array(rows: list[list[int]]) -> npt.NDArray[Any]:
    """int64 when every value fits, else Python ints (dtype object)."""
    largest = max((abs(x) for row in rows for x in row), default=0)
    return np.array(rows, dtype=np.int64 if largest < _INT64_LIMIT else object)


def price_batch(
    ranks: npt.ArrayLike,
    rules: Rules | None = None,
    bets: Sequence[Bet] | None = None,
    *,
    suits: npt.ArrayLike | None = None,
) -> Prices:
    """Exact prices of every bet in every shoe state of ``ranks`` (B, 13 cards per rank).

    Value-based bets go through the engine's batch path; pair bets (which look at
    ranks and suits of the first cards) through the pair counts, with ``suits``
    (B, 13, 4) when the suits of the cards left are known, else the even reading.

    >>> prices = price_batch([Shoe.from_decks(8).counts])
    >>> prices.ev(0, 0)  # banker, 8 decks
    Fraction(-114753351728, 10847218479825)
    """
    rules = rules if rules is not None else Rules()
    chosen = tuple(bets) if bets is not None else main_bets(rules)
    counts_by_rank = np.asarray(ranks, dtype=np.int64).reshape(-1, 13)
    cards = counts_by_rank.sum(axis=1)
    if cards.size and int(cards.min()) < 6:
        raise ShoeError(
            f"a shoe state holds {int(cards.min())} cards; a round can need 6, so at least 6 must be left"
        )
    value = tuple(b for b, bet in enumerate(chosen) if not bet.needs_pairs)
    pairs = tuple(b for b, bet in enumerate(chosen) if bet.needs_pairs)
    parts: list[tuple[tuple[int, ...], tuple[npt.NDArray[Any], ...]]] = []
    if value:
        parts.append((value, _value_prices(counts_by_rank, rules, tuple(chosen[b] for b in value))))
    if pairs:
        suit_array = None if suits is None else np.asarray(suits, dtype=np.int64).reshape(-1, 13, 4)
        found = _pair_prices(counts_by_rank, rules, tuple(chosen[b] for b in pairs), suit_array)
        parts.append((pairs, tuple(_as_array(rows) for rows in found)))
    if len(parts) == 1 and parts[0][0] == tuple(range(len(chosen))):
        numerators, wins, denominators = parts[0][1]
    else:
        mixed = any(array.dtype == object for _, arrays in parts for array in arrays)
        dtype: type = object if mixed else np.int64
        shape = (len(counts_by_rank), len(chosen))
        numerators, wins, denominators = (np.zeros(shape, dtype=dtype) for _ in range(3))
        for columns, (num, win, den) in parts:
            numerators[:, columns] = num
            wins[:, columns] = win
            denominators[:, columns] = den
    return Prices(chosen, numerators, wins, denominators, tuple(_scale(bet) for bet in chosen))


def price_shoes(
    shoes: Sequence[Shoe], rules: Rules | None = None, bets: Sequence[Bet] | None = None
) -> Prices:
    """:func:`price_batch` for a list of finite shoes."""
    return price_batch(rank_matrix(shoes), rules, bets)
