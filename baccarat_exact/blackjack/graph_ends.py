"""What each state is worth when its hand ends there: stand, bust, double, blackjack, surrender.

The values a sweep of the graph (:mod:`.graph`) starts from, vectorised over every state of a
shape: standing (the dealer's outcomes after the state's cards, as one margin a state),
the part of a hit that busts, doubling (one more card, twice the stake), a blackjack's or a
Triple Seven's pay and surrendering. Each is a numerator over the state's denominator
``D_r · S`` (Python integers in ``object`` arrays), or a float64 probability in float mode.
What a hand is paid is the solver's (:class:`~.graph_solver.GraphSolver`): the bust, the
blackjack, the Triple Seven, what a dealer blackjack takes; this module only lays its values
out over the states, with the caches that let rule flips and graphs of one shoe share them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from baccarat_exact.blackjack.graph_links import Links
from baccarat_exact.blackjack.graph_solver import GraphSolver
from baccarat_exact.blackjack.hands import SLOTS
from baccarat_exact.blackjack.round.moves import may_double
from baccarat_exact.blackjack.round.settle import stand_margins
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.shape import (
    BUSTS,
    PAIR,
    SEVEN_KIND,
    SPLIT_TWO,
    TWO,
    BoolArray,
    GraphShape,
    IntArray,
    NumArray,
)

__all__ = ["EndValues", "end_values"]


@lru_cache(maxsize=64)
def _double_table(rules: BlackjackRules) -> BoolArray:
    """:func:`~.moves.may_double` for every (other pair card's slot + 1, soft, total): read
    once per rule set, not once per graph (an option flip builds ten graphs)."""
    table: BoolArray = np.array(
        [
            [
                [may_double(rules, total, soft, extra=extra) for total in range(22)]
                for soft in (False, True)
            ]
            for extra in range(-1, SLOTS)
        ]
    )
    return table


def _row_sums(chances: NumArray) -> NumArray:
    """Each row's sum of a float64 (states × 10) array, as ``chances.sum(axis=1)`` gives it
    (numpy's pairwise order for ten: eight partial sums added in pairs, then the last two
    in turn), by columns: a third of the time of numpy's per-row reduction."""
    c = chances.T
    first: NumArray = c[0] + c[1]
    first += c[2] + c[3]
    second = c[4] + c[5]
    second += c[6] + c[7]
    first += second
    first += c[8]
    first += c[9]
    return first


# dealer outcome weights of a stand by player total: (17, 18, 19, 20, 21, bust, blackjack)
_MARGIN = np.array(stand_margins(), dtype=np.int64)
"""Per player total, the dealer outcome weights of a stand (the round's settlement)."""


def _dealer_margins(
    solver: GraphSolver, shape: GraphShape, blackjack: bool = True
) -> tuple[NumArray, NumArray | None]:
    """Per state: Σ outcome numerator × (win +1 / push 0 / loss -1) of standing (the dealer's
    blackjack left out), and the dealer-blackjack numerator (with ``blackjack``; else it may
    be ``None``: exact stands where a dealer blackjack takes nothing never read it). Shared
    by every rule flip of the same shoe, up card and dealer rule (cached in the solver's
    derived cache)."""
    key, blackjack_key = ("margins", shape), ("dealer blackjack", shape)
    margin = solver.derived.get(key)
    dealer_blackjack = solver.derived.get(blackjack_key)
    if margin is not None and (dealer_blackjack is not None or not blackjack):
        return margin, dealer_blackjack
    removals = shape.removals
    weights = _MARGIN[shape.total]
    if solver.exact:
        # the sums wanted per state by the compiled step: a big integer each, not seven
        n = len(weights)
        both = shape.memo.get("margin picks")
        if both is None:
            outcome_weights = np.concatenate([weights, np.zeros_like(weights)])
            outcome_weights[:n, 6] = 0  # the margin leaves the dealer's blackjack out
            outcome_weights[n:, 6] = 1
            both = (  # weights -1, 0 or 1: int8, as the compiled step reads them
                np.concatenate([shape.removal_of, shape.removal_of]),
                outcome_weights.astype(np.int8),
            )
            shape.memo["margin picks"] = both
        picks, outcome_weights = both
        wanted = slice(0 if margin is None else n, 2 * n if blackjack else n)
        found = solver.dealer_sums(removals, picks[wanted], outcome_weights[wanted])
        if found is not None:
            if margin is None:
                margin = solver.derived[key] = found[:n]
            if blackjack:
                dealer_blackjack = solver.derived[blackjack_key] = found[len(found) - n :]
            return margin, dealer_blackjack
    # exact rows of part of the hands are shared by the solver's graphs (a resplit's overlap
    # there); float rows cost less to compute again in one batch than to look up one by one
    dealer = solver.dealer_rows(removals, shared=solver.exact and not shape.whole)
    if solver.exact:
        per_state = dealer[shape.removal_of]
        margin = (per_state[:, :6] * weights[:, :6].astype(object)).sum(axis=1)
        dealer_blackjack = per_state[:, 6]
    else:
        # the weights in float64 once per shape: the same sums as from int64 (einsum casts
        # them), without the cast a call
        signs = shape.memo.get("margin signs")
        if signs is None:
            signs = shape.memo["margin signs"] = np.ascontiguousarray(weights[:, :6], np.float64)
        margin = np.einsum("ij,ij->i", dealer[shape.removal_of, :6], signs)
        dealer_blackjack = dealer[shape.removal_of, 6]
    solver.derived[key], solver.derived[blackjack_key] = margin, dealer_blackjack
    return margin, dealer_blackjack


@dataclass(frozen=True, eq=False)
class EndValues:
    """Per state, what its hand is worth if it ends there (one unit staked, over the state's
    denominator): the graph's starting values."""

    bust_part: NumArray
    """Σ weight × value over the cards that bust the hand (fixed, whatever the strategy)."""
    terminal_values: NumArray
    """A blackjack's or a Triple Seven's value (0 for the other states)."""
    stand_values: NumArray
    """Standing (0 for a blackjack or a Triple Seven)."""
    double_mask: BoolArray
    """Two-card hands the rules let double."""
    double_values: NumArray
    surrender_mask: BoolArray
    """Opening hands that may surrender."""
    surrender_values: NumArray

    def rounded(self, per_state: NumArray) -> EndValues:
        """Exact values as float64 over each state's denominator ``per_state`` (each value
        within 3 units in the last place; :exc:`OverflowError` beyond float range)."""
        return EndValues(
            bust_part=self.bust_part.astype(np.float64) / per_state,
            terminal_values=self.terminal_values.astype(np.float64) / per_state,
            stand_values=self.stand_values.astype(np.float64) / per_state,
            double_mask=self.double_mask,
            double_values=self.double_values.astype(np.float64) / per_state,
            surrender_mask=self.surrender_mask,
            surrender_values=self.surrender_values.astype(np.float64) / per_state,
        )


def end_values(
    solver: GraphSolver, shape: GraphShape, links: Links, r_out: IntArray, bj_out: IntArray
) -> EndValues:
    """Every state's :class:`EndValues` (``r_out``, ``bj_out``: each state's cards out and
    dealer-blackjack cards out, the solver's own included)."""
    return _Ends(solver, shape, links, r_out, bj_out).values()


class _Ends:
    """The building of :class:`EndValues`: the bust tables and the stands they share."""

    def __init__(
        self,
        solver: GraphSolver,
        shape: GraphShape,
        links: Links,
        r_out: IntArray,
        bj_out: IntArray,
    ) -> None:
        self.solver = solver
        self.shape = shape
        self.links = links
        self.r_out = r_out
        self.bj_out = bj_out
        self.dtype: Any = object if solver.exact else np.float64
        self.margin: NumArray | None = None
        self.dealer_bj: NumArray | None = None

    def values(self) -> EndValues:
        solver, shape, links = self.solver, self.shape, self.links
        kind, forced, dtype = links.kind, links.forced, self.dtype
        n = len(shape.found)
        bust_key = ("bust_part", links, solver.settlement_key())
        bust_part = solver.derived.get(bust_key)
        if bust_part is None:
            bust_part = solver.derived[bust_key] = self._bust_part()
        # terminal values (few states: plain loops)
        terminal = np.zeros(n, dtype=dtype)
        for i in np.nonzero(links.terminal_mask)[0].tolist():
            hand, extra = shape.found[i]
            if kind[i] == SEVEN_KIND:
                terminal[i] = solver.triple_seven(hand, extra, 1)
            else:
                terminal[i] = solver.blackjack(hand)
        # stand: k_one × margin − (what a dealer blackjack takes) × its numerator
        # a dealer blackjack's numerators only where it takes something from a stand
        taken = not solver.exact or any(solver.bj_loss(1, extra) for extra in (0, -1))
        self.margin, self.dealer_bj = _dealer_margins(solver, shape, taken)
        stand_values = np.where(links.terminal_mask, 0, self._stand(1, shape.extra >= 0))
        # double: two-card hands the rules let double
        allowed = _double_table(solver.rules)
        doubles = ((kind == TWO) | (kind == PAIR) | ((kind == SPLIT_TWO) & ~forced)) & allowed[
            shape.extra + 1, shape.soft.astype(np.int64), shape.total
        ]
        double_values = np.zeros(n, dtype=dtype)
        rows = np.nonzero(doubles)[0]
        if len(rows):
            double_values[rows] = self._double(rows, terminal)
        surrender_mask = np.zeros(n, dtype=np.bool_)
        surrender_values = np.zeros(n, dtype=dtype)
        for i in np.nonzero((kind == TWO) | (kind == PAIR))[0].tolist():
            value = solver.surrender(shape.found[i][0])
            if value is not None:
                surrender_mask[i] = True
                surrender_values[i] = value
        return EndValues(
            bust_part=bust_part,
            terminal_values=terminal,
            stand_values=stand_values,
            double_mask=doubles,
            double_values=double_values,
            surrender_mask=surrender_mask,
            surrender_values=surrender_values,
        )

    def _bust_part(self) -> NumArray:
        """Per state: Σ weight × value of busting (one unit staked) over the cards that bust it.
        Exact: the value depends on the card only through whether it is the dealer-blackjack
        card, so the other busting cards' counts are summed first (two big-integer products a
        state, not ten); float: the same grouping over the chances (the busting cards'
        chances summed, then two products a state: a (states × 10) product and its table
        lookups a card cost more than the sweep itself)."""
        links = self.links
        if not self.solver.exact:
            table = self._bust_table(1)
            bj = self.solver.bj_slot
            r1 = self.r_out + 1
            split = (self.shape.extra >= 0).astype(np.int64)
            tens = self.bj_out
            chances = np.where(links.busts, links.weight, 0.0)
            if bj < 0:
                part: NumArray = _row_sums(chances) * table[r1, tens, split]
                return part
            ten = chances[:, bj].copy()
            chances[:, bj] = 0.0  # the others' chances alone (no sum less the ten's)
            part = _row_sums(chances) * table[r1, tens, split] + ten * table[r1, tens + 1, split]
            return part
        table = self._bust_table(1)
        bj = self.solver.bj_slot
        busting = np.where(links.busts, links.left, 0)
        r1 = self.r_out + 1
        split = (self.shape.extra >= 0).astype(np.int64)
        tens = self.bj_out
        others = busting.sum(axis=1) - (busting[:, bj] if bj >= 0 else 0)
        part = others.astype(object) * table[r1, tens, split]
        if bj >= 0:
            part += busting[:, bj].astype(object) * table[r1, tens + 1, split]
        return part

    def _bust_table(self, stake: int) -> NumArray:
        """Value of busting with ``stake`` units by (cards out after the card, dealer-blackjack
        cards out after it, split or not), cached per shoe, up card and the rules it needs:
        one table for every graph of the solver, made again only when a graph reaches
        further (``indices`` builds thousands of small graphs on one solver)."""
        solver = self.solver
        bj = solver.bj_slot
        key = ("bust", stake, solver.settlement_key())
        table = solver.derived.get(key)
        top = int(self.r_out.max(initial=0)) + 2
        tens_top = int(self.bj_out.max(initial=0)) + 2 if bj >= 0 else 1
        if table is None or table.shape[0] < top or table.shape[1] < tens_top:
            if table is not None:  # the larger of the two in each direction
                top, tens_top = max(top, table.shape[0]), max(tens_top, table.shape[1])
            table = np.zeros((top, tens_top, 2), dtype=self.dtype)
            # every count of cards out the table may be asked for (whatever ``busts`` holds
            # now: the table is shared), within the solver's denominators
            dealt = [
                tuple(ten if slot == bj else 0 for slot in range(SLOTS)) for ten in range(tens_top)
            ]
            for r1 in range(1, min(top, solver.budget)):
                # no state has more dealer-blackjack cards out than cards out: the entries
                # past ``r1`` are never read (left 0)
                for ten, removed in enumerate(dealt[: r1 + 1]):
                    for split in (0, 1):
                        table[r1, ten, split] = solver.bust(removed, r1, stake, split - 1)
            solver.derived[key] = table
        found: NumArray = table
        return found

    def _bust_values(self, busts: BoolArray, stake: int, rows: IntArray | None = None) -> NumArray:
        """(states × 10, or ``rows`` × 10) value of busting by each card (0 where the card does
        not bust): it depends only on the cards out, the dealer-blackjack cards out and
        whether the hand is split."""
        bj = self.solver.bj_slot
        table = self._bust_table(stake)
        at: IntArray | slice = slice(None) if rows is None else rows
        # one table entry a state for every card but the dealer-blackjack card, one for it:
        # two lookups a state, not ten
        r1 = self.r_out[at] + 1
        split_of = (self.shape.extra[at] >= 0).astype(np.int64)
        tens = self.bj_out[at]
        busting = busts[at]
        out: NumArray = np.where(busting, table[r1, tens, split_of][:, None], 0)
        if bj >= 0:
            out[:, bj] = np.where(busting[:, bj], table[r1, tens + 1, split_of], 0)
        return out

    def _stand(self, stake: int, split: BoolArray, rows: NumArray | None = None) -> NumArray:
        """Standing with ``stake`` units, every state (or those of ``rows``; blackjacks and
        Triple Sevens included). Exact: nothing taken by a dealer blackjack (a hole card)
        is no product at all."""
        solver = self.solver
        margin, dealer_bj = self.margin, self.dealer_bj
        assert margin is not None  # set by values() before any stand
        if rows is not None:
            margin, split = margin[rows], split[rows]
        scale = stake * solver.k_one
        taken = solver.bj_loss(stake, 0), solver.bj_loss(stake, -1)
        if solver.exact and not any(taken):
            plain: NumArray = scale * margin
            return plain
        assert dealer_bj is not None  # asked for wherever a dealer blackjack takes a stake
        if rows is not None:
            dealer_bj = dealer_bj[rows]
        loss = np.where(split, *taken)
        if solver.exact:
            loss = loss.astype(object)
        result: NumArray = scale * margin - loss * dealer_bj
        return result

    def _double(self, rows: IntArray, terminal: NumArray) -> NumArray:
        """Doubling each state of ``rows``: twice the stake, exactly one more card (a paid
        Triple Seven made by it: twice its ``terminal`` value)."""
        solver, shape, links = self.solver, self.shape, self.links
        succ = shape.succ[rows]
        available = links.left[rows] > 0
        outcome = np.zeros(succ.shape, dtype=self.dtype)
        on = available & (succ >= 0)
        targets = succ[on]
        values = self._stand(2, shape.extra >= 0, targets)
        sevens = links.kind[targets] == SEVEN_KIND  # paid when hit: and when doubled?
        for k in np.flatnonzero(sevens).tolist():
            hand, extra = shape.found[int(targets[k])]
            sevens[k] = solver.is_triple_seven(hand, extra, doubled=True)
        if sevens.any():
            values = np.where(sevens, 2 * terminal[targets], values)
        outcome[on] = values
        busts = np.zeros(shape.succ.shape, dtype=np.bool_)
        busts[rows] = available & (succ == BUSTS)
        outcome += self._bust_values(busts, 2, rows)
        result: NumArray = (np.where(available, links.weight[rows], 0) * outcome).sum(axis=1)
        return result
