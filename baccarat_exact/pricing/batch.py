"""Many shoe states at once: the engine's batch path.

:func:`price_batch` prices every bet of one plan in every shoe state of a batch (finite
shoes, or arrays of cards per rank and, where a bet looks at suits, per rank and suit)
and returns :class:`Prices`: exact integer EV numerators, win counts and denominators,
for effect of removal, simulation and tracking. Value-based bets are one engine batch
and one matrix product per array; pair and joint bets one batch of pair-state counts
while int64 holds them (:mod:`~baccarat_exact.engine.pair_batch`), else state by state
in Python integers.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.column_basis import column_basis, select_columns, ternary_columns
from baccarat_exact.engine.counting import (
    Compiled,
    compile_columns,
    count_array,
    fits_int64,
    six_card_total,
    value_counts,
)
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.bets import PAIR_STATES, Bet, main_bets
from baccarat_exact.model.deal import ROUND_CARDS
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing.plan import DEFAULT_RULES, Plan, plan, require_round
from baccarat_exact.pricing.results import Prices
from baccarat_exact.pricing.shoe import pair_counts

if TYPE_CHECKING:
    from baccarat_exact.engine.pairs import PairTerms

__all__ = ["price_batch"]


def _six_card_totals(cards: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """N(N-1)…(N-5) for each N, as int64 when every one fits, else Python ints."""
    largest = int(cards.max(initial=0))
    if cards.dtype != object and fits_int64(largest**6):
        total = np.ones_like(cards, dtype=np.int64)
        for i in range(ROUND_CARDS):
            total = total * (cards - i)
        return total
    return np.array([six_card_total(int(n)) for n in cards.tolist()], dtype=object)


def _spread(matrix: npt.NDArray[Any]) -> int:
    """The largest absolute column sum of ``matrix``: a product's partial sums are at most
    the largest count times it."""
    return int(np.abs(matrix.astype(object)).sum(axis=0).max(initial=0))


class _Engine(NamedTuple):
    """The engine columns one batch counts for a plan, and the integer matrices acting on
    [their counts, six-card total]."""

    compiled: Compiled
    pays: npt.NDArray[Any]
    """(basis + 1, value bets): EV numerators (× scale) of the value bets."""
    wins: npt.NDArray[Any]
    """(basis + 1, value bets): their win counts."""
    joint: npt.NDArray[np.int64]
    """(basis + 1, joint columns): the count of each of the joint bets' event sets."""
    spread: int
    """The largest absolute column sum of ``pays`` and ``wins``: a product's partial sums
    are at most the largest count times it."""
    joint_spread: int
    """The same of ``joint``."""


@functools.lru_cache(maxsize=64)
def _engine(planned: Plan) -> _Engine:
    """The columns one engine batch counts for ``planned``, so that the value bets and the
    joint bets' no-pair row share one pass over the half-multisets: its value columns and
    the event sets of its joint bets, less every column that is an integer combination
    of the others and of the six-card total
    (:func:`~baccarat_exact.engine.column_basis.column_basis`: Super 6 is Lucky 6's two
    lines, a joint bet's "Player wins" is the Player's column…); or, where they are fewer,
    columns counting events +1 or −1 that give what the batch reads of those (each value
    bet's EV numerator and win count, each joint event set's count) through their
    balanced-ternary digits (:func:`~baccarat_exact.engine.column_basis.ternary_columns`:
    a bet paying 30, 10, 6, 4, 2 or 1 by margin is a few digit columns, not seven)."""
    values = planned.columns
    joint = tuple(tuple(sorted(events)) for events in planned.joint_columns)
    n_values = planned.value_pays.shape[1]
    needs = _needs(planned, len(joint))
    if len(values) > n_values:  # more value lines than value bets: digits may take fewer
        digits = ternary_columns(values + joint, needs)
        if digits is not None and 0 < len(digits.columns) < digits.lines:
            compiled = compile_columns(planned.tableau, digits.columns)
            return _engine_of(compiled, digits.forms, n_values)
    kept, expand = column_basis(planned.tableau, values + joint)
    if not joint and len(kept) == len(values):
        return _engine_of(planned.compiled, needs, n_values)
    lift = np.zeros((len(kept) + 1, len(values) + len(joint) + 1), dtype=np.int64)
    lift[:, :-1] = expand
    lift[-1, -1] = 1
    compiled = select_columns(compile_columns(planned.tableau, values + joint), kept)
    return _engine_of(compiled, lift.astype(needs.dtype) @ needs, n_values)


def _engine_of(compiled: Compiled, forms: npt.NDArray[Any], n_values: int) -> _Engine:
    """The engine of ``compiled``'s columns with ``forms`` on [their counts, the six-card
    total]: each value bet's EV numerator, each one's win count, each joint event set's
    count."""
    pays = forms[:, :n_values]
    wins = forms[:, n_values : 2 * n_values].astype(np.int64)
    joint = np.ascontiguousarray(forms[:, 2 * n_values :].astype(np.int64))
    spread = max(_spread(pays), _spread(wins))
    return _Engine(compiled, pays, wins, joint, spread, _spread(joint))


def _needs(planned: Plan, joint: int) -> npt.NDArray[Any]:
    """(value columns + ``joint`` + 1, 2 · value bets + ``joint``): what a batch reads, as
    linear forms of [the value columns' counts, the joint event sets', the six-card
    total]: each value bet's EV numerator (× scale), then each one's win count, then each
    joint event set's count."""
    pays, wins = planned.value_pays, planned.value_wins
    lines, n_values = pays.shape[0] - 1, pays.shape[1]
    needs = np.zeros((lines + joint + 1, 2 * n_values + joint), dtype=pays.dtype)
    needs[:lines, :n_values], needs[-1, :n_values] = pays[:-1], pays[-1]
    needs[:lines, n_values : 2 * n_values] = wins[:-1]
    needs[-1, n_values : 2 * n_values] = wins[-1]
    needs[lines : lines + joint, 2 * n_values :] = np.eye(joint, dtype=np.int64)
    return needs


class _Counted(NamedTuple):
    """One batch's engine counts (:func:`_engine`)."""

    counts: npt.NDArray[Any]
    """(B, basis): the basis columns' counts."""
    totals: npt.NDArray[Any]
    """(B,) six-card totals N(N-1)…(N-5)."""
    largest_total: int
    """The six-card total of the largest shoe (at least 6 cards)."""

    def with_totals(self) -> npt.NDArray[Any]:
        """(B, basis + 1): the counts and the six-card total, as the matrices take them."""
        return np.concatenate([self.counts, self.totals[:, None]], axis=1)

    def whole(self) -> bool:
        """Whether counts and totals are int64 (not Python integers)."""
        return self.counts.dtype != object and self.totals.dtype != object


def _count(planned: Plan, ranks: npt.NDArray[Any]) -> _Counted:
    """The engine batch of ``planned`` on shoe states of ``ranks`` cards per rank."""
    counts: npt.NDArray[Any] = count_array(value_counts(ranks), _engine(planned).compiled)
    cards = ranks.sum(axis=1)
    largest_total = six_card_total(max(int(cards.max(initial=0)), 6))
    return _Counted(counts, _six_card_totals(cards), largest_total)


_SHIFT = 26
"""Counts split as high · 2**26 + low: the low parts times pays of absolute column sum
below 2**27 stay below 2**53, and so do the high parts where the largest count over
2**26 times that sum does, so float64 products of the parts are exact."""


def _exact_products(
    columns: npt.NDArray[np.int64], matrix: npt.NDArray[Any], largest: int, spread: int
) -> npt.NDArray[np.int64]:
    """``columns @ matrix`` in int64 (every partial sum fits, checked by the caller):
    through two float64 products of the parts of the counts where that is exact
    (BLAS, not numpy's integer loop), else numpy's integer product."""
    exact = ((largest >> _SHIFT) + 1) * spread < 2**53 and spread < 1 << (53 - _SHIFT)
    if matrix.dtype != object and exact:
        high, low = columns >> _SHIFT, columns & ((1 << _SHIFT) - 1)
        weights = matrix.astype(np.float64)
        top = (high.astype(np.float64) @ weights).astype(np.int64)
        bottom = (low.astype(np.float64) @ weights).astype(np.int64)
        return (top << _SHIFT) + bottom  # int64 wraps modulo 2**64; the sum fits
    product: npt.NDArray[np.int64] = columns @ matrix
    return product


def _basis_product(counted: _Counted, matrix: npt.NDArray[Any], spread: int) -> npt.NDArray[Any]:
    """[the basis counts, six-card total] @ ``matrix`` (absolute column sums at most
    ``spread``): int64 where every partial sum fits, else Python integers."""
    if counted.whole() and fits_int64(counted.largest_total * max(spread, 1)):
        return _exact_products(counted.with_totals(), matrix, counted.largest_total, spread)
    product: npt.NDArray[Any] = counted.with_totals().astype(object) @ matrix.astype(object)
    return product


def _value_prices(
    planned: Plan, counted: _Counted
) -> tuple[npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any]]:
    """The value-based bets of ``planned`` from the engine batch (a basis of the columns,
    the rest added up exactly): one product for EV numerators and wins together."""
    engine = _engine(planned)
    pays, totals = engine.pays, counted.totals
    # every partial sum of the products is at most 3 · largest pay · N(N-1)…(N-5): int64
    # then, as it always was (the arrays' dtype is part of the result)
    bound = 3 * max(planned.largest_pay, 1) * counted.largest_total
    whole = counted.whole() and fits_int64(bound)
    both = _basis_product(counted, np.concatenate([pays, engine.wins], axis=1), engine.spread)
    both = both.astype(np.int64 if whole else object)
    numerators, won = both[:, : pays.shape[1]], both[:, pays.shape[1] :]
    if not whole:
        totals = totals.astype(object)
    denominators = np.repeat(totals[:, None], len(planned.values), axis=1)
    return numerators, won, denominators


def _joint_totals(planned: Plan, counted: _Counted) -> npt.NDArray[Any]:
    """(B, joint columns) the count of each joint event set, from the engine batch: int64
    where every partial sum fits, else Python integers."""
    engine = _engine(planned)
    return _basis_product(counted, engine.joint, engine.joint_spread)


def _as_array(rows: list[list[int]]) -> npt.NDArray[Any]:
    """int64 when every value fits, else Python ints (dtype object)."""
    largest = max((abs(x) for row in rows for x in row), default=0)
    return np.array(rows, dtype=np.int64 if fits_int64(largest) else object)


def _pair_prices(
    planned: Plan, terms: Sequence[PairTerms], columns: tuple[int, ...]
) -> list[npt.NDArray[Any]]:
    """The pair bets ``columns`` of ``planned``, state by state: numerators, wins and
    denominators."""
    numerators, wins, denominators = [], [], []
    for state in terms:
        found = pair_counts(planned, state)
        num_row, win_row, den_row = [], [], []
        for b in columns:
            counts, total, _ = found[b]
            pays = planned.line_pays[b]
            num_row.append(sum(pay * n for pay, n in zip(pays, counts)))
            win_row.append(sum(n for pay, n in zip(pays, counts) if pay > 0))
            den_row.append(total)
        numerators.append(num_row)
        wins.append(win_row)
        denominators.append(den_row)
    return [_as_array(rows) for rows in (numerators, wins, denominators)]


@functools.lru_cache(maxsize=64)
def _pair_pays(planned: Plan) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """(9, pure pair bets) pay (× scale) and win (0/1) of each pure pair bet of ``planned`` in
    each pair state."""
    pays = np.zeros((len(PAIR_STATES), len(planned.pairs)), dtype=np.int64)
    wins = np.zeros_like(pays)
    for j, pair in enumerate(planned.pairs):
        for pay, states in zip(planned.line_pays[pair.position], pair.states):
            for s in states:
                pays[s, j], wins[s, j] = pay, int(pay > 0)
    return pays, wins


def _joint_batch(
    planned: Plan,
    ranks: npt.NDArray[np.int64],
    suits: Any,
    states: npt.NDArray[np.int64],
    totals: npt.NDArray[np.int64],
    counted: Callable[[], _Counted],
) -> tuple[npt.NDArray[np.int64], ...]:
    """The joint (pair state × event) bets of ``planned`` for a batch of shoe states with
    pair-state counts ``states`` out of ``totals``: numerators, wins and denominators,
    from one (state, pair state, column) table, whose no-pair row takes the event sets'
    counts from the engine batch ``counted`` (shared with the value bets)."""
    from baccarat_exact.engine.pair_batch import batch_joint_counts

    numerators = np.zeros((len(ranks), len(planned.joints)), dtype=np.int64)
    wins = np.zeros_like(numerators)
    counts = np.zeros((len(ranks), len(PAIR_STATES), 0), dtype=np.int64)
    if planned.joint_columns:
        counts, _ = batch_joint_counts(
            ranks,
            suits,
            planned.tableau,
            planned.joint_columns,
            totals=_joint_totals(planned, counted()),
        )
    for j, joint in enumerate(planned.joints):
        for pay, (pairs, column, complement) in zip(planned.line_pays[joint.position], joint.lines):
            count = counts[:, list(pairs), column].sum(axis=1) if column is not None else 0
            if complement:
                count = states[:, list(pairs)].sum(axis=1) - count
            numerators[:, j] += pay * count
            if pay > 0:
                wins[:, j] += count
    return numerators, wins, np.repeat(totals[:, None], len(planned.joints), axis=1)


def _pair_parts(
    planned: Plan,
    ranks: npt.NDArray[Any],
    shoes: Sequence[Shoe] | None,
    suits: npt.ArrayLike | None,
    counted: Callable[[], _Counted],
) -> list[tuple[tuple[int, ...], tuple[npt.NDArray[Any], ...]]]:
    """The pair and joint bets of ``planned``: of shoe states given as arrays, in one batch
    (:mod:`~baccarat_exact.engine.pair_batch`) while int64 holds them; the rest state by
    state in Python integers. ``counted``: the engine batch, counted on first use."""
    from baccarat_exact.engine.pair_batch import batch_fits, batch_pair_state_counts, joint_fits

    pure, joint = planned.pair_bets, planned.joint_bets
    suit_array = _batch_suits(planned, ranks, suits) if shoes is None else None
    largest = int(ranks.sum(axis=1).max(initial=0)) if ranks.dtype != object else 0
    vector = shoes is None and ranks.dtype != object and batch_fits(largest, planned.largest_pay)
    pure_batch = bool(pure) and vector
    joint_batch = bool(joint) and vector and joint_fits(largest)
    parts: list[tuple[tuple[int, ...], tuple[npt.NDArray[Any], ...]]] = []
    looped = (() if pure_batch else pure) + (() if joint_batch else joint)
    if pure_batch or joint_batch:
        states, totals = batch_pair_state_counts(ranks, suit_array)
    if pure_batch:
        pays, wins = _pair_pays(planned)
        denominators = np.repeat(totals[:, None], len(pure), axis=1)
        parts.append((pure, (states @ pays, states @ wins, denominators)))
    if joint_batch:
        parts.append((joint, _joint_batch(planned, ranks, suit_array, states, totals, counted)))
    if looped:
        order = tuple(sorted(looped))
        terms = _batch_terms(planned, ranks, shoes, suit_array)
        parts.append((order, tuple(_pair_prices(planned, terms, order))))
    return parts


def price_batch(
    states: Sequence[Shoe] | npt.ArrayLike,
    rules: Rules | None = None,
    bets: Sequence[Bet] | None = None,
    *,
    suits: npt.ArrayLike | None = None,
) -> Prices:
    """Exact prices of every bet in every shoe state: finite :class:`Shoe`\\ s, or a
    (B, 13) array of cards per rank with, where some bet looks at suits, ``suits``
    (B, 13, 4): the cards left of each rank and suit.

    Value-based bets go through the engine's batch path; pair bets through the pair
    counts, state by state, with what each state knows of its suits.

    >>> prices = price_batch([Shoe.from_decks(8).counts])
    >>> prices.ev(0, 0)  # banker, 8 decks
    Fraction(-114753351728, 10847218479825)
    """
    rules = rules if rules is not None else DEFAULT_RULES
    chosen = main_bets(rules) if bets is None else tuple(bets)
    planned = plan(rules.tableau, chosen)
    shoes: Sequence[Shoe] | None = None
    if isinstance(states, Sequence) and states and isinstance(states[0], Shoe):
        shoes = [state for state in states if isinstance(state, Shoe)]
        if any(shoe.infinite for shoe in shoes):
            raise ShoeError("pricing shoe states deals cards out of them: give finite shoes")
        ranks = _rank_array([shoe.counts for shoe in shoes])
    else:
        ranks = _rank_array(states)  # type: ignore[arg-type]  # not a list of shoes
    cards = ranks.sum(axis=1)
    if cards.size:
        require_round(int(cards.min()))
    parts: list[tuple[tuple[int, ...], tuple[npt.NDArray[Any], ...]]] = []
    # one engine batch for the value bets and the joint bets' no-pair row, made on first use
    counted = functools.cache(functools.partial(_count, planned, ranks))
    if planned.values:
        parts.append((planned.value_bets, _value_prices(planned, counted())))
    if planned.pairs or planned.joints:
        parts.extend(_pair_parts(planned, ranks, shoes, suits, counted))
    if len(parts) == 1 and parts[0][0] == tuple(range(len(chosen))):
        numerators, wins, denominators = parts[0][1]
    else:
        mixed = any(array.dtype == object for _, arrays in parts for array in arrays)
        dtype: type = object if mixed else np.int64
        shape = (len(ranks), len(chosen))
        numerators, wins, denominators = (np.zeros(shape, dtype=dtype) for _ in range(3))
        for columns, (num, win, den) in parts:
            numerators[:, columns] = num
            wins[:, columns] = win
            denominators[:, columns] = den
    return Prices(chosen, numerators, wins, denominators, planned.scales)


def _rank_array(states: npt.ArrayLike) -> npt.NDArray[Any]:
    """(B, 13) cards per rank: int64 while every sum fits, else Python integers."""
    ranks = np.asarray(states)
    if ranks.dtype.kind in "iu":  # machine integers: no Python objects while the sums fit
        ranks = ranks.reshape(-1, 13)
        largest = int(np.abs(ranks).max(initial=0))
        if fits_int64(13 * largest):
            return ranks.astype(np.int64, copy=False)
    ranks = np.asarray(states, dtype=object).reshape(-1, 13)
    largest = max((abs(int(n)) for n in ranks.reshape(-1).tolist()), default=0)
    return ranks.astype(np.int64) if fits_int64(13 * largest) else ranks


def _batch_suits(
    planned: Plan, ranks: npt.NDArray[Any], suits: npt.ArrayLike | None
) -> npt.NDArray[np.int64] | None:
    """(B, 13, 4) cards left by rank and suit where some bet looks at suits (checked
    against ``ranks``), else None."""
    if not planned.suits:
        return None
    if suits is None:
        raise ShoeError("suits matter to a bet here: give the cards left by rank and suit")
    from baccarat_exact.engine.pair_batch import suit_sums

    rows = np.asarray(suits, dtype=np.int64).reshape(-1, 13, 4)
    if rows.shape[0] != len(ranks) or not np.array_equal(suit_sums(rows), ranks):
        raise ShoeError("the suits given do not add up to the cards left of each rank")
    return rows


def _batch_terms(
    planned: Plan,
    ranks: npt.NDArray[Any],
    shoes: Sequence[Shoe] | None,
    suits: npt.NDArray[np.int64] | None,
) -> list[PairTerms]:
    """Each state's per-rank pair terms, from what it knows of its suits (``suits`` as
    checked by :func:`_batch_suits`)."""
    from baccarat_exact.engine.pairs import exact_suit_terms, pair_terms, suit_blind_terms

    if shoes is not None:
        return [pair_terms(shoe, planned.suits) for shoe in shoes]
    if suits is None:
        return [suit_blind_terms(row) for row in ranks.tolist()]
    return [exact_suit_terms(state) for state in suits.tolist()]
