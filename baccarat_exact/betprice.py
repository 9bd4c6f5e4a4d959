"""Pricing any mix of bets for one shoe: :func:`price`, the one call every analysis uses.

Main bets, value-based side bets and user-defined pay tables over events share
one engine pass (a column per distinct pay line); pure pair bets come from the
closed-form pair-state counts; bets that look at both pairs and the final
round use the joint table (:mod:`baccarat_exact.pairs`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from baccarat_exact.bets import Bet, main_bets
from baccarat_exact.engine import Compiled, compile_columns, count_array
from baccarat_exact.errors import RulesError
from baccarat_exact.events import EVENTS, Outcome
from baccarat_exact.odds import BetOdds, Odds, shoe_weights
from baccarat_exact.pairs import joint_counts, pair_state_counts
from baccarat_exact.rules import Rules, Tableau
from baccarat_exact.shoe import Shoe

__all__ = ["price", "price_exactly", "price_odds", "unique_bets"]


def price(
    shoe: Shoe,
    rules: Rules | None = None,
    bets: Sequence[Bet] | None = None,
    *,
    suits: Sequence[Sequence[int]] | None = None,
) -> tuple[BetOdds, ...]:
    """Exact results of ``bets`` (default: Banker, Player, Tie) for the next round from ``shoe``.

    Any mix is priced: main bets, value-based side bets and user-defined pay tables
    share one engine pass; pure pair bets come from the closed-form pair-state
    counts (:func:`~baccarat_exact.pairs.pair_state_counts`); bets that look at
    both pairs and the final round use the joint table
    (:func:`~baccarat_exact.pairs.joint_counts`). Results come back in the order
    of ``bets``. ``suits`` overrides the even-suits reading of a depleted shoe
    (see :mod:`baccarat_exact.pairs`).

    >>> from baccarat_exact.sidebets import find_bet
    >>> pair, = price(Shoe.from_decks(8), bets=[find_bet("player-pair")])
    >>> -pair.ev
    Fraction(43, 415)
    """
    rules = rules if rules is not None else Rules()
    chosen = tuple(bets) if bets is not None else main_bets(rules)
    return _price(shoe, rules, chosen, suits)[1]


_VALUE, _PAIRS, _JOINT = 0, 1, 2


@dataclass(frozen=True, slots=True, eq=False)
class _Plan:
    """How to price a tuple of bets: one engine pass with a column per distinct pay line
    of the value-based bets (each bet's last line is the rest), plus Banker and Player
    wins for the outcome counts; pair bets from the pair-state counts or the joint table."""

    compiled: Compiled
    items: tuple[tuple[Bet, int, tuple[tuple[int, ...], ...]], ...]
    """Per bet: how it is priced and, per line, its columns (value) or pair states (pairs)."""
    pairs: bool
    joint: bool


_PLANS: dict[tuple[int, ...], tuple[Tableau, tuple[Bet, ...], _Plan]] = {}
_OUTCOME_EVENTS = tuple(
    frozenset(i for i, e in enumerate(EVENTS) if e.outcome is o)
    for o in (Outcome.BANKER, Outcome.PLAYER)
)


def _plan(tableau: Tableau, bets: tuple[Bet, ...]) -> _Plan:
    """The plan for ``bets`` under ``tableau``; cached by identity (bets are built once)."""
    key = (id(tableau), *map(id, bets))
    hit = _PLANS.get(key)
    if hit is not None and hit[0] is tableau and all(a is b for a, b in zip(hit[1], bets)):
        return hit[2]
    index: dict[frozenset[int], int] = {}
    for events in _OUTCOME_EVENTS:
        index.setdefault(events, len(index))
    items: list[tuple[Bet, int, tuple[tuple[int, ...], ...]]] = []
    for bet in bets:
        if not bet.needs_pairs:
            own = tuple((index.setdefault(line.events, len(index)),) for line in bet.lines[:-1])
            items.append((bet, _VALUE, own))
        elif not bet.needs_events:
            items.append((bet, _PAIRS, tuple(tuple(sorted(line.pairs)) for line in bet.lines)))
        else:
            items.append((bet, _JOINT, ()))
    result = _Plan(
        compile_columns(tableau, tuple(tuple(sorted(events)) for events in index)),
        tuple(items),
        pairs=any(kind == _PAIRS for _, kind, _ in items),
        joint=any(kind == _JOINT for _, kind, _ in items),
    )
    if len(_PLANS) > 256:
        _PLANS.clear()
    _PLANS[key] = (tableau, bets, result)
    return result


def _price(
    shoe: Shoe, rules: Rules, chosen: tuple[Bet, ...], suits: Sequence[Sequence[int]] | None
) -> tuple[Odds, tuple[BetOdds, ...]]:
    """Every bet's result, and the outcome counts (from the same engine pass)."""
    how = _plan(rules.tableau, chosen)
    values, denominator = shoe_weights(shoe)
    row = count_array(np.asarray(values), how.compiled, infinite=shoe.infinite)[0].tolist()
    states, pair_total = pair_state_counts(shoe, suits) if how.pairs else ((), 0)
    table, joint_total = joint_counts(shoe, rules.tableau, suits) if how.joint else ([], 0)
    results: list[BetOdds] = []
    for bet, kind, spec in how.items:
        if kind == _VALUE:
            counts = [row[c] for (c,) in spec]
            counts.append(denominator - sum(counts))
            results.append(BetOdds(bet, tuple(counts), denominator))
        elif kind == _PAIRS:
            results.append(
                BetOdds(bet, tuple(sum(states[s] for s in line) for line in spec), pair_total)
            )
        else:
            joint = tuple(
                sum(table[s][e] for s in line.pairs for e in line.events) for line in bet.lines
            )
            results.append(BetOdds(bet, joint, joint_total))
    banker, player = int(row[0]), int(row[1])
    outcomes = {
        Outcome.BANKER: banker,
        Outcome.PLAYER: player,
        Outcome.TIE: denominator - banker - player,
    }
    bets = tuple(results)
    engine = Odds(
        shoe=shoe,
        rules=rules,
        total=None if shoe.infinite else denominator,
        denominator=denominator,
        counts=outcomes,
        bets=bets,
    )
    return engine, bets


def unique_bets(bets: Sequence[Bet]) -> tuple[Bet, ...]:
    """``bets`` without repeats; two different bets under one name are an error."""
    seen: dict[str, Bet] = {}
    for bet in bets:
        if bet.name in seen:
            if seen[bet.name] != bet:
                raise RulesError(f"two different bets are named {bet.name!r}: rename one")
            continue
        seen[bet.name] = bet
    return tuple(seen.values())


def price_exactly(shoe: Shoe, rules: Rules, bets: Sequence[Bet]) -> Odds:
    """``bets`` exactly as given (pair bets included) with the outcome counts, as an
    :class:`~baccarat_exact.odds.Odds`; what :func:`~baccarat_exact.odds.odds` uses
    when a bet looks at the ranks of the first cards."""
    return _price(shoe, rules, tuple(bets), None)[0]


def price_odds(
    shoe: Shoe,
    rules: Rules | None = None,
    bets: Sequence[Bet] = (),
    *,
    suits: Sequence[Sequence[int]] | None = None,
) -> Odds:
    """Banker, Player and Tie under ``rules`` plus ``bets`` (repeats dropped), with the
    outcome counts, as one :class:`~baccarat_exact.odds.Odds` from one engine pass."""
    rules = rules if rules is not None else Rules()
    chosen = unique_bets((*main_bets(rules), *bets))
    return _price(shoe, rules, chosen, suits)[0]
