"""The arithmetic of one up card: the shoe, the dealer, the pays and their common denominators.

One :class:`UpCardSolver` holds a shoe (the up card already out), the up card
and the rules, and values what ends a hand: standing's dealer distribution, a bust,
a blackjack, a Triple Seven, a surrender, a dealt two-card hand's weight. The player's
choices between them are the state graph's (:mod:`.graph`), the one engine. A player
*state* is his hand (a count vector) and, for a split hand, the slot of the pair card
that went to the other hand (``extra``, else -1).
Every value is a **numerator over a common denominator**: a state whose player
cards ``R`` number ``r`` has its values over ``D_r · S``, where

    D_r = ff(N - r, M - r)  (N ** (M - r) for an infinite shoe)

with ``M`` the most cards a round can take and ``S`` the pay scale (a multiple of
2 and of every pay's denominator). Then ``D_r = (N - r) · D_{r+1}``, so a hit is
``Σ_w (n_w - R_w) · value(hand + w)`` — integers only, no Fraction in the loops.
In float mode the same code runs on plain probabilities (``D_r = 1``, ``S = 1``).

Split hands are played by the best strategy for the hand's own cards, the up card
and both pair cards (not the other hand's cards); by symmetry of the deal the split
is then worth exactly twice the first hand (the blackjack page of the docs).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.dealer import (
    OUTCOMES,
    dealer_batch,
    dealer_sums,
    dealer_table,
    falling,
    restricted_table,
)
from baccarat_exact.blackjack.hands import (
    SEVEN,
    SLOT_LABELS,
    SLOTS,
    TEN,
    Counts,
    add_card,
    is_blackjack,
    points,
)
from baccarat_exact.blackjack.round import (
    BLACKJACK,
    BUST,
    End,
    blackjack_slot,
    is_triple_seven,
    may_surrender,
    peeks,
    settle,
    settle_peeked,
    split_share,
    surrenders_before_peek,
)
from baccarat_exact.blackjack.rules import BlackjackRules, PostSplit
from baccarat_exact.errors import RulesError, ShoeError
from baccarat_exact.model.exact import decimal_text, to_float

__all__ = ["ROUND_POINTS", "Number", "UpCardSolver", "require_round_depth", "round_points"]

Number = float
"""A value numerator: an ``int`` in exact mode (mypy reads int as float), a float in float mode."""

ROUND_POINTS = 88
"""Hard points (aces 1) a round can take from the shoe after the up card: two split hands of
at most 31 each and at most 26 more for the dealer; a shoe holding this many never runs out."""

_HAND_POINTS = 31
"""Most hard points one player hand can take (a hard 21 and a ten)."""

_MOST_PLAYER_CARDS = 22
"""Most cards a standing player state can hold, the other split card included (22 aces)."""


def round_points(split_hands: int = 2) -> int:
    """Hard points a round can take when a pair may become ``split_hands`` hands."""
    return ROUND_POINTS + _HAND_POINTS * (split_hands - 2)


def require_round_depth(
    counts: Counts, what: str = "a round of blackjack", split_hands: int = 2, up: int = -1
) -> None:
    """Refuse a shoe that might run out during a round (fewer than :func:`round_points`);
    ``counts`` is the shoe after the up card ``up`` (named in the message when given).

    >>> require_round_depth((1,) * 9 + (4,), up=9)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.ShoeError: the shoe is too small for a round of blackjack: after the up card T it holds 85 points (aces 1), and a round can take 88
    """
    need = round_points(split_hands)
    if points(counts) < need:
        card = f" {SLOT_LABELS[up]}" if up >= 0 else ""
        raise ShoeError(
            f"the shoe is too small for {what}: after the up card{card} it holds "
            f"{points(counts)} points (aces 1), and a round can take {need}"
        )


def _resplit_cards(split_hands: int) -> int:
    """More cards a state may stand for with resplits: the extra pair cards of
    :mod:`~baccarat_exact.blackjack.resplit` (at most 2·hands − 3)."""
    return 0 if split_hands <= 2 else 2 * split_hands - 3


def _player_cards(rules: BlackjackRules) -> int:
    """Most player cards out of the shoe when a hand stands: one hand (and the resplits'
    extra pair cards), or every hand of a pair played optimally (each to its bust card)."""
    if rules.post_split is PostSplit.OPTIMAL:
        return _MOST_PLAYER_CARDS * rules.split_hands
    return _MOST_PLAYER_CARDS + _resplit_cards(rules.split_hands)


_FLOAT_PAY = 1e250
"""Largest pay the float mode takes: its sums of products must stay far from overflow."""


class UpCardSolver:
    """The shoe after one up card, the dealer's outcomes from it and the pays, over common
    denominators: what the state graph values every hand with.

    >>> from baccarat_exact.blackjack.rules import BlackjackRules
    >>> solver = UpCardSolver((24,) * 9 + (95,), 9, BlackjackRules(triple_seven=False))
    >>> dealer = solver.dealer((0,) * 9 + (2,))  # after the player's T T
    >>> sum(dealer) == solver.unit(2), Fraction(dealer[-1], solver.unit(2))  # an ace next: 24/309
    (True, Fraction(8, 103))
    """

    def __init__(
        self,
        counts: Counts,
        up: int,
        rules: BlackjackRules,
        *,
        infinite: bool = False,
        exact: bool = True,
        dealer_cache: dict[Counts, tuple[Number, ...]] | None = None,
        same_rank_tens: Fraction = Fraction(1),
        out: Counts | None = None,
        sharing: int = 2,
        derived_cache: dict[Any, Any] | None = None,
    ) -> None:
        if not infinite and out is None:
            require_round_depth(counts, split_hands=rules.split_hands, up=up)
        self.out = out
        """Cards out of the shoe besides the player's (more pair cards, for resplits):
        every state then stands for its hand plus these."""
        self.sharing = sharing
        """Split hands sharing the original stake a dealer blackjack takes (when it takes the
        original only)."""
        self.counts = counts
        self.up = up
        self.rules = rules
        self.infinite = infinite
        self.exact = exact
        self.n_cards = sum(counts)
        self.table = dealer_table(up, rules.dealer_hits_soft_17)
        if not infinite:
            self.table = restricted_table(self.table, tuple(min(n, 11) for n in counts))
        most = _player_cards(rules) + self.table.longest
        self.budget = most if infinite else min(most, self.n_cards)
        self.scale: Number = rules.pay_scale if exact else 1.0
        self.bj_slot = blackjack_slot(up)
        self._units = [self._make_unit(r) for r in range(self.budget + 1)]
        self._dealer: dict[Counts, tuple[Number, ...]] = (
            {} if dealer_cache is None else dealer_cache
        )
        self.derived: dict[Any, Any] = {} if derived_cache is None else derived_cache
        """Arrays derived from the dealer distributions (the state graph's stand margins), shared
        like ``dealer_cache`` by solvers of one shoe, up card and dealer rule."""
        self._twin: UpCardSolver | None = None
        # pay constants scaled to the numerator unit
        self._settled: dict[tuple[End, int, int, int], Number] = {}
        self.k_one = self.scale
        self.k_bj = self.settled(End.BLACKJACK, 1, BUST)
        self.k_t7 = self.settled(End.TRIPLE_SEVEN, 1, BUST)
        self._peek = peeks(rules)
        self._lost = (0, self.settled(End.BUST, 1, BUST), self.settled(End.BUST, 2, BUST))
        """What a busted stake of 1 or 2 units loses (the settlement, scaled)."""
        self._blackjack_takes_all = settle(rules, End.BUST, 0, 2, BLACKJACK, 2) == settle(
            rules, End.BUST, 0, 2, BUST
        )
        """Whether a dealer blackjack found after the player acted takes every stake (what a
        busted split and doubled hand loses anyway)."""
        self.same_rank_tens = split_share(rules, TEN, same_rank_tens)
        """Chance that two ten-valued cards dealt to the player are of one rank (1 when pairs
        are by value): only those may split."""
        self.deal_scale = self.same_rank_tens.denominator
        """Deal weights are scaled by this so that the splittable share of ten pairs is whole."""

    # -- arithmetic -------------------------------------------------------------------

    def _pay(self, pay: Fraction) -> Number:
        """A result in original stakes (a win or a loss) scaled to the numerator unit."""
        if self.exact:
            scaled = pay * self.rules.pay_scale
            if scaled.denominator != 1:  # pragma: no cover - the pay scale's promise
                raise AssertionError(f"{pay} is not whole at scale {self.rules.pay_scale}")
            return int(scaled)
        value = to_float(pay)
        if value is None or abs(value) > _FLOAT_PAY:
            raise RulesError(
                f"a pay of {decimal_text(pay, 3)} to 1 is beyond float arithmetic: leave out "
                "--float (exact)"
            )
        return value

    def _make_unit(self, r: int) -> Number:
        if not self.exact:
            return 1.0
        if self.infinite:
            power: int = self.n_cards ** (self.budget - r)
            return power
        return falling(self.n_cards - r, self.budget - r)

    def unit(self, r: int) -> Number:
        """The denominator ``D_r`` of a state with ``r`` player cards (1.0 in float mode)."""
        return self._units[r]

    def weight(self, removed: Counts, r: int, slot: int) -> Number:
        """Weight of drawing ``slot`` next, given the player's cards ``removed`` (``r`` of them)."""
        left = self.counts[slot] if self.infinite else self.counts[slot] - removed[slot]
        if self.exact:
            return left
        return left / (self.n_cards if self.infinite else self.n_cards - r)

    def value_of(self, numerator: Number, r: int) -> Fraction:
        """A state value as an exact Fraction (exact mode only)."""
        if not self.exact:
            raise TypeError(
                "value_of needs exact mode (a float mode value is a probability already)"
            )
        return Fraction(int(numerator), int(self.unit(r)) * int(self.scale))

    # -- the dealer -------------------------------------------------------------------

    def removed(self, hand: Counts, extra: int) -> Counts:
        """Player cards out of the shoe: the hand, plus the other pair card for a split hand
        (and the cards :attr:`out`)."""
        cards = hand if extra < 0 else add_card(hand, extra)
        if self.out is not None:
            cards = tuple(a + b for a, b in zip(cards, self.out))
        return cards

    def twin(self, exact: bool) -> UpCardSolver:
        """This solver in exact or float arithmetic: itself, or a twin sharing no caches
        (made once)."""
        if exact == self.exact:
            return self
        if self._twin is None:
            self._twin = UpCardSolver(
                self.counts,
                self.up,
                self.rules,
                infinite=self.infinite,
                exact=exact,
                same_rank_tens=self.same_rank_tens,
                out=self.out,
                sharing=self.sharing,
            )
        return self._twin

    def with_out(self, slot: int, m: int, sharing: int = 2) -> UpCardSolver:
        """This solver for the shoe less ``m`` more cards of ``slot`` (values of states over
        the same units), with ``sharing`` split hands sharing a dealer blackjack's take."""
        if m == 0 and sharing == self.sharing and self.out is None:
            return self
        out = [0] * SLOTS
        out[slot] = m
        return UpCardSolver(
            self.counts,
            self.up,
            self.rules,
            infinite=self.infinite,
            exact=self.exact,
            dealer_cache=self._dealer,
            same_rank_tens=self.same_rank_tens,
            out=tuple(out),
            sharing=sharing,
        )

    def out_cards(self) -> Counts:
        """The cards :attr:`out` (zeros when there are none)."""
        return self.out if self.out is not None else (0,) * SLOTS

    def dealer(self, removed: Counts) -> tuple[Number, ...]:
        """Dealer outcome numerators over ``D_r`` after the player's cards ``removed``
        (float mode: probabilities)."""
        if self.infinite:  # an infinite shoe never changes
            return self.dealer_infinite(sum(removed))
        cached = self._dealer.get(removed)
        if cached is None:
            self.prefetch([removed])
            cached = self._dealer[removed]
        return cached

    def prefetch(self, removals: Iterable[Counts]) -> None:
        """Compute the dealer for many removals at once (vectorised) into the dealer cache."""
        if self.infinite:
            for removed in removals:
                self.dealer_infinite(sum(removed))
            return
        cache = self._dealer
        wanted = [removed for removed in dict.fromkeys(removals) if removed not in cache]
        if wanted:
            found = self._batch(wanted)
            cache.update(zip(wanted, map(tuple, found.tolist())))

    def _batch(self, removals: Sequence[Counts] | npt.NDArray[np.int64]) -> npt.NDArray[Any]:
        return dealer_batch(self.table, self.counts, removals, budget=self.budget, exact=self.exact)

    def dealer_rows(
        self, removals: Sequence[Counts] | npt.NDArray[np.int64], *, shared: bool = False
    ) -> npt.NDArray[Any]:
        """The dealer outcome numerators (as :meth:`dealer`) after each removal and the cards
        :attr:`out`, as a (removals × 7) array: Python ints (``object``) in exact mode, else
        float64, computed together (:func:`~baccarat_exact.blackjack.dealer.dealer_batch`).
        Not kept (the state graph keeps what it derives from them); with ``shared`` read from
        and added to the per-removal dealer cache, which solvers of one shoe less more pair
        cards share (a resplit's graphs overlap there)."""
        dtype: Any = object if self.exact else np.float64
        shifted = np.asarray(removals, dtype=np.int64).reshape(len(removals), SLOTS)
        if self.out is not None:  # a new array: the caller's removals stay as they are
            shifted = shifted + np.array(self.out, dtype=np.int64)
        if self.infinite:  # an infinite shoe never changes: one distribution per card count
            rows = [self.dealer_infinite(r) for r in shifted.sum(axis=1).tolist()]
            return np.array(rows, dtype=dtype).reshape(len(rows), len(OUTCOMES))
        if shared:
            wanted = list(map(tuple, shifted.tolist()))
            self.prefetch(wanted)
            rows = [self._dealer[removed] for removed in wanted]
            return np.array(rows, dtype=dtype).reshape(len(rows), len(OUTCOMES))
        return self._batch(shifted)

    def dealer_infinite(self, r: int) -> tuple[Number, ...]:
        """The dealer after ``r`` player cards from an infinite shoe (cached by ``r``)."""
        key = (r,)
        cached = self._dealer.get(key)
        if cached is None:
            (row,) = dealer_batch(
                self.table,
                self.counts,
                [(r,) + (0,) * (SLOTS - 1)],
                budget=self.budget,
                exact=self.exact,
                infinite=True,
            ).tolist()
            cached = tuple(row)
            self._dealer[key] = cached
        return cached

    def no_blackjack(self, removed: Counts, r: int) -> Number:
        """Numerator over ``D_r`` of the chance that the dealer has no blackjack."""
        if self.bj_slot < 0:
            return self.unit(r)
        tens = self.weight(removed, r, self.bj_slot)
        if self.exact:
            return self.unit(r) - tens * self.unit(r + 1)
        return 1.0 - tens

    # -- values of actions ----------------------------------------------------------------

    def settled(self, end: End, stake: int, outcome: int, hands: int = 1) -> Number:
        """:func:`~baccarat_exact.blackjack.round.settle.settle` for a hand that did not stand
        (its total plays no part), scaled to the numerator unit (cached: a handful exist)."""
        key = (end, stake, outcome, hands)
        found = self._settled.get(key)
        if found is None:
            found = self._pay(settle(self.rules, end, 0, stake, outcome, hands))
            self._settled[key] = found
        return found

    def bj_loss(self, stake: int, extra: int) -> Number:
        """What a dealer blackjack found after the player acted takes from a hand of ``stake``
        units (0 with a hole card: the round never got this far)."""
        if self._peek:
            return 0
        return -self.settled(End.BUST, stake, BLACKJACK, self.sharing if extra >= 0 else 1)

    def is_triple_seven(self, hand: Counts, extra: int, doubled: bool) -> bool:
        """Whether ``hand`` (just completed by a third card) is a paid Triple Seven."""
        return is_triple_seven(
            self.rules, hand[SEVEN], sum(hand), split=extra >= 0, doubled=doubled
        )

    def triple_seven(self, hand: Counts, extra: int, stake: int) -> Number:
        """A Triple Seven's pay, over ``D_r`` (with a hole card only when the dealer has no blackjack)."""
        removed = self.removed(hand, extra)
        r = sum(removed)
        base = self.no_blackjack(removed, r) if self._peek else self.unit(r)
        return self.settled(End.TRIPLE_SEVEN, stake, BUST) * base

    def bust(self, removed: Counts, r: int, stake: int = 1, extra: int = -1) -> Number:
        """A busted hand: its stake is lost. With a hole card this happens only when the dealer
        has no blackjack; when a dealer blackjack takes the original stake only, the busted
        stake is lost only when he has none, and the hand's share of the original otherwise."""
        lost = self._lost[stake]
        if self._peek:
            return lost * self.no_blackjack(removed, r)
        if self._blackjack_takes_all or self.bj_slot < 0:
            return lost * self._units[r]
        no_bj = self.no_blackjack(removed, r)
        return lost * no_bj - self.bj_loss(stake, extra) * (self._units[r] - no_bj)

    def surrender(self, hand: Counts) -> Number | None:
        """Surrendering an unsplit two-card hand, on the footing of every other move's value
        (joint with "no dealer blackjack" where there is a hole card), or ``None`` when not
        offered."""
        rules = self.rules
        if not may_surrender(rules, cards=sum(hand)) or is_blackjack(hand):
            return None
        kept = self.settled(End.SURRENDER, 1, BUST)  # half the stake back
        unit = self.unit(2)
        if self._peek:
            if not surrenders_before_peek(rules):
                return kept * self.no_blackjack(hand, 2)  # offered only after the peek
            return kept * unit - self.peek_loss(hand)  # before the peek: net of its losses
        taken = self.settled(End.SURRENDER, 1, BLACKJACK)
        if taken == kept:
            return kept * unit  # the same whatever the dealer draws
        no_bj = self.no_blackjack(hand, 2)  # a dealer blackjack found later takes more
        return kept * no_bj + taken * (unit - no_bj)

    def peek_loss(self, hand: Counts) -> Number:
        """With a hole card: the original stake lost to a dealer blackjack found by the peek
        (nothing for a player blackjack, which pushes)."""
        if not self._peek or self.bj_slot < 0 or is_blackjack(hand):
            return 0
        lost = self._pay(settle_peeked(self.rules, None))
        return lost * (self.unit(2) - self.no_blackjack(hand, 2))

    def deal_weight(self, hand: Counts) -> Number:
        """Weight of being dealt the two-card ``hand``; weights of all hands sum to ``deal_total``."""
        slots = [slot for slot in range(SLOTS) for _ in range(hand[slot])]
        a, b = slots
        na, nb = self.counts[a], self.counts[b]
        w = 2 * na * nb if a != b else na * na if self.infinite else na * (na - 1)
        if self.exact:
            return w * self.deal_scale
        return w / (self.n_cards * (self.n_cards if self.infinite else self.n_cards - 1))

    def pair_shares(self, hand: Counts) -> tuple[Number, Number]:
        """The deal weight of ``hand`` as (may split, may not): a ten pair split by rank
        splits only when both cards are of one rank."""
        weight = self.deal_weight(hand)
        if hand[TEN] != 2 or self.same_rank_tens == 1:
            return weight, 0
        if self.exact:
            same = int(weight) // self.deal_scale * self.same_rank_tens.numerator
            return same, weight - same
        same_float = weight * float(self.same_rank_tens)
        return same_float, weight - same_float

    def deal_total_int(self) -> int:
        """``N (N - 1)`` (``N²`` for an infinite shoe) times the deal scale: the two-card deal
        weights' total."""
        return (
            self.n_cards * (self.n_cards if self.infinite else self.n_cards - 1) * self.deal_scale
        )

    # -- asked by the state graph (graph_solver.GraphSolver), which reads no rule itself -----

    def blackjack(self, hand: Counts) -> Number:
        """A player blackjack's pay, over ``D_2``: paid unless the dealer has one too (a push)."""
        return self.k_bj * self.no_blackjack(hand, 2)

    def settlement_key(self) -> tuple[object, ...]:
        """What settling a stake (:meth:`bust`, :meth:`bj_loss`) depends on beyond the shoe, the
        up card and the dealer: a key for values derived from it in :attr:`derived`, which
        solvers of other rules may share."""
        return (self._peek, self._blackjack_takes_all, self.k_one, self.sharing)

    def split_sharing(self, made: int) -> int:
        """Split hands sharing what a dealer blackjack takes of the original stake when ``made``
        hands were made: all of them where it takes the original stake only and no hole card
        ended the round first; else 2 (the take does not depend on it, so the solvers of the
        plain split serve)."""
        shares = not self._peek and not self._blackjack_takes_all
        return made if shares else 2

    def dealer_sums(
        self,
        removals: npt.NDArray[np.int64],
        picks: npt.NDArray[np.int64],
        weights: npt.NDArray[np.signedinteger[Any]],
    ) -> npt.NDArray[Any] | None:
        """:func:`~baccarat_exact.blackjack.dealer.dealer_sums` on this shoe: one exact
        Σ weight × outcome numerator a pick, by the compiled step; ``None`` in float mode, for
        an infinite shoe, with cards :attr:`out` or where the step does not apply
        (:meth:`dealer_rows` then)."""
        if not self.exact or self.out is not None or self.infinite:
            return None
        return dealer_sums(self.table, self.counts, removals, picks, weights, budget=self.budget)
