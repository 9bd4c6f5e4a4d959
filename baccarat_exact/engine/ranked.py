"""Every round by the ranks of the cards it deals: for bets on any dealt card's rank and on
poker-style patterns of several cards (e.g. Lucky Match).

The fast engine counts by point value; a bet on ranks needs the rank of each card a
round deals. This module lists the rounds by rank, card by card, dealing a fifth or
sixth card only where the tableau draws it: the 13**4 first four cards, then a third
card for the hands that draw. Each round carries its exact weight over the same
denominator as the engine (six-card sequences N(N-1)…(N-5); an infinite shoe:
weights over (Σ weights)**6): the ordered ways to draw its cards, times the ways the
cards after the round can fall. Ranks are always known exactly, so so is every count.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.counting import fits_int64
from baccarat_exact.model.bets import PAIR_STATES, Bet, CardCondition, SuitFeature
from baccarat_exact.model.cards import POINT_VALUE
from baccarat_exact.model.events import N_EVENTS
from baccarat_exact.model.rules import PLAYER_STOOD, STANDARD_TABLEAU, Tableau
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "NOT_DEALT",
    "RankedRounds",
    "joint_suit_chances",
    "line_of_rounds",
    "ranked_rounds",
    "suit_chances",
]

NOT_DEALT = -1
"""The rank code of a third card the round does not deal."""

_POINT = np.array(POINT_VALUE, dtype=np.int64)
_HANDS = (0, 2, 4, 1, 3, 5)
"""Deal positions P1 B1 P2 B2 (0-3) and the third cards (4, 5) by hand order
P1 P2 P3 B1 B2 B3 — the columns of :attr:`RankedRounds.ranks`."""


@dataclass(frozen=True, slots=True)
class RankedRounds:
    """Every way a round can be dealt, by rank: its cards, its event and its weight."""

    ranks: npt.NDArray[np.int8]
    """(rounds, 6) rank ordinals of P1 P2 P3 B1 B2 B3; :data:`NOT_DEALT` for a third
    card not dealt."""
    event: npt.NDArray[np.intp]
    """Index into ``EVENTS``."""
    weight: npt.NDArray[Any]
    """Exact weight (int64, or Python integers for vast shoes)."""
    denominator: int
    """What the weights are out of: N(N-1)…(N-5), or (Σ weights)**6 for an infinite shoe."""


@functools.lru_cache(maxsize=4)
def _prefixes() -> npt.NDArray[np.int64]:
    """All 13**4 first four cards, P1 B1 P2 B2, as rank ordinals."""
    grid: npt.NDArray[np.int64] = np.indices((13,) * 4).reshape(4, -1).T.astype(np.int64)
    return grid


def ranked_rounds(shoe: Shoe, tableau: Tableau = STANDARD_TABLEAU) -> RankedRounds:
    """Every round ``shoe`` can deal, by the rank of each card, with its exact weight.

    >>> rounds = ranked_rounds(Shoe.from_decks(1))
    >>> int(rounds.weight.sum()) == rounds.denominator == 52 * 51 * 50 * 49 * 48 * 47
    True
    """
    shoe = shoe.reduced()
    cards = shoe.cards
    finite = not shoe.infinite
    dtype: type = np.int64 if fits_int64(max(cards, 1) ** 6) else object
    counts: npt.NDArray[Any] = np.array(shoe.counts, dtype=object).astype(dtype)
    prefix = _prefixes()

    def draw(
        weight: npt.NDArray[Any], earlier: list[npt.NDArray[np.int64]], rank: npt.NDArray[np.int64]
    ) -> npt.NDArray[Any]:
        available: npt.NDArray[Any] = counts[rank]
        if finite and earlier:
            available = available - sum((e == rank).astype(np.int64) for e in earlier)
        drawn: npt.NDArray[Any] = weight * available
        return drawn

    weight: npt.NDArray[Any] = np.ones(len(prefix), dtype=dtype)
    columns = [prefix[:, i] for i in range(4)]
    for i in range(4):
        weight = draw(weight, columns[:i], columns[i])
    keep = weight != 0
    prefix, weight = prefix[keep], weight[keep]
    columns = [prefix[:, i] for i in range(4)]
    values = _POINT[prefix]
    player = (values[:, 0] + values[:, 2]) % 10
    banker = (values[:, 1] + values[:, 3]) % 10
    naturals = np.array([t in tableau.naturals for t in range(10)])
    player_rule = np.array(tableau.player)
    banker_rule = np.array(tableau.banker)
    natural = naturals[player] | naturals[banker]
    player_draws = ~natural & player_rule[player]
    banker_stood = ~natural & ~player_draws & banker_rule[banker, PLAYER_STOOD]

    def rest(used: int) -> int:
        """Ways the cards after a round of ``used`` cards can fall (to six)."""
        return math.perm(cards - used, 6 - used) if finite else cards ** (6 - used)

    parts: list[tuple[npt.NDArray[Any], ...]] = []
    """(prefix rows, Player third, Banker third, weight, final totals) of each kind of round."""

    def add(
        rows: npt.NDArray[Any],
        third_p: npt.NDArray[Any] | None,
        third_b: npt.NDArray[Any] | None,
        *rest_of_it: npt.NDArray[Any],
    ) -> None:
        missing = np.full(len(rows), NOT_DEALT, dtype=np.int64)
        third = (missing if third_p is None else third_p, missing if third_b is None else third_b)
        parts.append((rows, *third, *rest_of_it))

    # rounds of four cards: a natural, or both hands stand
    four = natural | (~player_draws & ~banker_stood)
    add(np.flatnonzero(four), None, None, weight[four] * rest(4), player[four], banker[four])

    # the Player stands, the Banker draws (its third card is the fifth)
    idx = np.flatnonzero(banker_stood)
    rows = np.repeat(idx, 13)
    third = np.tile(np.arange(13, dtype=np.int64), len(idx))
    w = draw(weight[rows], [c[rows] for c in columns], third)
    add(rows, None, third, w * rest(5), player[rows], (banker[rows] + _POINT[third]) % 10)

    # the Player draws; the Banker draws or stands on the Player's third card
    idx = np.flatnonzero(player_draws)
    rows = np.repeat(idx, 13)
    p3 = np.tile(np.arange(13, dtype=np.int64), len(idx))
    earlier = [c[rows] for c in columns]
    w = draw(weight[rows], earlier, p3)
    final_p = (player[rows] + _POINT[p3]) % 10
    draws = banker_rule[banker[rows], _POINT[p3]]
    stands = ~draws
    add(rows[stands], p3[stands], None, w[stands] * rest(5), final_p[stands], banker[rows][stands])
    sel = np.flatnonzero(draws)
    rows2 = np.repeat(sel, 13)
    b3 = np.tile(np.arange(13, dtype=np.int64), len(sel))
    w2 = draw(w[rows2], [e[rows2] for e in earlier] + [p3[rows2]], b3)
    add(
        rows[rows2],
        p3[rows2],
        b3,
        w2 * rest(6),
        final_p[rows2],
        (banker[rows][rows2] + _POINT[b3]) % 10,
    )

    ranks_parts, events, weights = [], [], []
    for rows, third_p, third_b, w, final_p, final_b in parts:
        p = prefix[rows]
        ranks_parts.append(np.stack([p[:, 0], p[:, 2], third_p, p[:, 1], p[:, 3], third_b], axis=1))
        pc = np.where(third_p == NOT_DEALT, 2, 3)
        bc = np.where(third_b == NOT_DEALT, 2, 3)
        events.append(((final_p * 10 + final_b) * 2 + (pc - 2)) * 2 + (bc - 2))
        weights.append(w)
    ranks = np.concatenate(ranks_parts).astype(np.int8)
    weight_all = np.concatenate(weights)
    keep = weight_all != 0
    denominator = math.perm(cards, 6) if finite else cards**6
    return RankedRounds(
        ranks=ranks[keep],
        event=np.concatenate(events)[keep].astype(np.intp),
        weight=weight_all[keep],
        denominator=denominator,
    )


class _Rounds:
    """Per-round facts the conditions read, each worked out once per pricing."""

    def __init__(
        self, rounds: RankedRounds, suited: bool | Mapping[SuitFeature, bool] = False
    ) -> None:
        self.rounds = rounds
        self.suited = suited
        ranks = rounds.ranks
        player_pair = (ranks[:, 0] == ranks[:, 1]).astype(np.int64)
        banker_pair = (ranks[:, 3] == ranks[:, 4]).astype(np.int64)
        self.pair_state = 3 * player_pair + banker_pair
        self._shapes: dict[tuple[int, ...], _Shape] = {}
        self._held: dict[CardCondition, npt.NDArray[np.bool_]] = {}

    def shape(self, positions: tuple[int, ...]) -> _Shape:
        """For the cards at ``positions`` that were dealt: how many ranks hold at least
        ``t`` of them (t = 1…6), and whether they form a straight."""
        if positions not in self._shapes:
            self._shapes[positions] = _Shape(self.rounds.ranks[:, list(positions)])
        return self._shapes[positions]

    def _suited(self, condition: CardCondition) -> bool:
        """Whether the condition's ask of suits is taken to hold (one flag for every
        condition, or one per :data:`SuitFeature` where a bet asks several)."""
        if isinstance(self.suited, bool):
            return self.suited
        feature = condition.suit_feature
        assert feature is not None  # only conditions on suits ask
        return self.suited[feature]

    def holds(self, condition: CardCondition) -> npt.NDArray[np.bool_]:
        """Whether each round meets ``condition`` (worked out once: conditions recur
        across a bet's alternatives)."""
        if condition not in self._held:
            self._held[condition] = self._holds(condition)
        return self._held[condition]

    def _holds(self, condition: CardCondition) -> npt.NDArray[np.bool_]:
        if condition.ranks:
            (position,) = condition.positions
            return np.isin(self.rounds.ranks[:, position], list(condition.ranks))
        if condition.suits and condition.suit_ranks:  # its chance is 0 without such a card
            return np.full(len(self.rounds.event), self._suited(condition))
        if condition.suits:
            (position,) = condition.positions
            return np.asarray(
                (self.rounds.ranks[:, position] != NOT_DEALT) & self._suited(condition)
            )
        shape = self.shape(condition.positions)
        found = np.zeros(len(self.rounds.event), dtype=bool)
        for pattern in condition.patterns:
            if pattern in ("flush", "same suit"):
                found |= self._suited(condition)
            elif pattern == "straight flush":
                found |= shape.shows("straight") & self._suited(condition)
            else:
                found |= shape.shows(pattern)
        return found


class _Shape:
    """The poker shape of some cards of every round, from pairwise rank comparisons (at
    most six cards a round: 36 comparisons of int8 columns, no per-round loop)."""

    _NEEDS: ClassVar[dict[str, tuple[tuple[int, int], ...]]] = {
        "pair": ((2, 1),),
        "two pair": ((2, 2),),
        "three pairs": ((2, 3),),
        "three of a kind": ((3, 1),),
        "four of a kind": ((4, 1),),
        "five of a kind": ((5, 1),),
        "six of a kind": ((6, 1),),
        "full house": ((3, 1), (2, 2)),
        "double triplets": ((3, 2),),
    }
    """Pattern → (t, g) pairs that must all hold: at least g ranks hold t or more cards."""

    def __init__(self, ranks: npt.NDArray[np.int8]) -> None:
        self.ranks = ranks.astype(np.int8)
        dealt = [ranks[:, j] >= 0 for j in range(ranks.shape[1])]
        # c[j]: how many of the dealt cards share card j's rank (0 for a card not dealt)
        same: list[npt.NDArray[np.int8]] = []
        for j, col in enumerate(ranks.T):
            count = np.zeros(len(ranks), dtype=np.int8)
            for other in ranks.T:
                count += col == other
            same.append(np.where(dealt[j], count, 0).astype(np.int8))
        self.same = same
        self.dealt = dealt
        self._groups: dict[int, npt.NDArray[np.int16]] = {}

    def groups(self, t: int) -> npt.NDArray[np.int16]:
        """How many ranks hold at least ``t`` of the cards: each card of a rank held ``c``
        times adds 60/c (60 = lcm of 1…6), so a rank adds 60 once."""
        if t not in self._groups:
            share = np.array([60 // c if c >= t else 0 for c in range(7)], dtype=np.int16)
            total = np.zeros(len(self.ranks), dtype=np.int16)
            for c in self.same:
                total += share[c]
            self._groups[t] = total // 60
        return self._groups[t]

    def shows(self, pattern: str) -> npt.NDArray[np.bool_]:
        """Whether each round's cards show ``pattern``."""
        if pattern == "same rank":
            return np.asarray(self.groups(1) == 1)
        if pattern == "straight":
            return self._straight()
        found = np.ones(len(self.ranks), dtype=bool)
        for t, g in self._NEEDS[pattern]:
            found &= self.groups(t) >= g
        return found

    def _straight(self) -> npt.NDArray[np.bool_]:
        ranks = self.ranks.astype(np.int64)
        dealt = ranks >= 0
        dealt_count = dealt.sum(axis=1)
        run = dealt_count - 1
        low = np.where(dealt, ranks, 99).min(axis=1)
        high = ranks.max(axis=1)
        ace_high = np.where(ranks == 0, 13, ranks)
        low_ace = np.where(dealt, ace_high, 99).min(axis=1)
        high_ace = ace_high.max(axis=1)
        return np.asarray(
            (self.groups(1) == dealt_count)
            & (dealt_count >= 2)
            & ((high - low == run) | (high_ace - low_ace == run))
        )


def line_of_rounds(
    bets: Sequence[Bet],
    rounds: RankedRounds,
    *,
    suited: bool | Mapping[SuitFeature, bool] = False,
) -> list[npt.NDArray[np.int64]]:
    """For each bet, the pay line each round pays on (pair bets by rank only), taking
    the bets' conditions on suits (:attr:`Bet.suit_features`) to hold (``suited``) or
    not: one flag for all, or one per condition."""
    facts = _Rounds(rounds, suited)
    found: list[npt.NDArray[np.int64]] = []
    for bet in bets:
        if bet.card_lines is None:
            table = np.zeros(len(PAIR_STATES) * N_EVENTS, dtype=np.int64)
            for i, pay_line in enumerate(bet.lines):
                for cell in pay_line.cells():
                    table[cell] = i
            found.append(table[facts.pair_state * N_EVENTS + rounds.event])
            continue
        line = np.full(len(rounds.event), len(bet.lines) - 1, dtype=np.int64)
        taken = np.zeros(len(rounds.event), dtype=bool)
        for i, alternatives in enumerate(bet.card_lines[:-1]):
            matched = np.zeros(len(rounds.event), dtype=bool)
            for alternative in alternatives:
                if len(alternative.events) == N_EVENTS and len(alternative.pairs) == len(
                    PAIR_STATES
                ):  # any round: the conditions alone decide
                    mask = np.ones(len(rounds.event), dtype=bool)
                else:
                    events = np.zeros(N_EVENTS, dtype=bool)
                    events[list(alternative.events)] = True
                    pairs = np.zeros(len(PAIR_STATES), dtype=bool)
                    pairs[list(alternative.pairs)] = True
                    mask = events[rounds.event] & pairs[facts.pair_state]
                for condition in alternative.conditions:
                    mask &= facts.holds(condition)
                matched |= mask
            matched &= ~taken
            line[matched] = i
            taken |= matched
        found.append(line)
    return found


def suit_chances(
    rounds: RankedRounds,
    feature: SuitFeature,
    rows: Sequence[Sequence[int] | None],
    *,
    infinite: bool = False,
    known: Mapping[int, tuple[int, int]] | None = None,
) -> tuple[npt.NDArray[np.intp], list[Fraction]]:
    """The exact chance that a condition on suits holds given each round's ranks: a
    group index per round and the chance of each group.

    Given the ranks, the cards of one rank dealt are a uniform sample of that rank's
    cards (``rows``: the suit counts each rank started from; cards of unknown suit
    taken out since are one more uniform sample). So a flush of the cards at the
    feature's positions depends only on how many of each rank they hold (the group):
    the sum over suits s of the product over ranks r of ff(row[r][s], m_r) /
    ff(Σ row[r], m_r); one card's suit on its rank: Σ over the suits asked of
    row[r][s] / Σ row[r] (0 where the card is not dealt: the condition fails anyway).
    An ``infinite`` shoe deals each card alike: powers instead of falling factorials.

    ``known``: cards of the round seen with their suits (position → rank and suit
    ordinals; only the rounds that deal them count). They leave their rank's suit counts, and the
    cards of unknown suit are a uniform sample of what is left.
    """
    kind, positions, suits, _ = feature
    known = dict(known or {})
    left: list[list[int] | None] = [None if row is None else list(row) for row in rows]
    if not infinite:
        for rank, suit in known.values():
            row = left[rank]
            assert row is not None  # checked by the caller
            row[suit] -= 1
    rows = left
    unknown = [p for p in positions if p not in known]
    fixed = {known[p][1] for p in positions if p in known}
    ranks = rounds.ranks[:, unknown].astype(np.int64)
    digits = np.where(ranks >= 0, 7 ** np.clip(ranks, 0, 12), 0)
    keys, group = np.unique(digits.sum(axis=1), return_inverse=True)
    chances: list[Fraction] = []
    for key in keys.tolist():
        held = [(key // 7**r) % 7 for r in range(13)]
        if kind == "flush":
            chance = _flush(held, rows, infinite, fixed)
        elif fixed:
            chance = Fraction(int(fixed <= suits))
        else:
            chance = _suit(held, rows, suits)
        chances.append(chance)
    return np.asarray(group, dtype=np.intp).reshape(-1), chances


def _flush(
    held: list[int], rows: Sequence[Sequence[int] | None], infinite: bool, fixed: set[int]
) -> Fraction:
    total = Fraction(0)
    for suit in range(4):
        if fixed - {suit}:
            continue  # a card seen of another suit
        chance = Fraction(1)
        for r, m in enumerate(held):
            if m:
                row = rows[r]
                assert row is not None  # checked by the caller
                ways = sum(row) ** m if infinite else math.perm(sum(row), m)
                if not ways:
                    return Fraction(0)  # more of this rank than the seen cards leave: no round
                if infinite:
                    chance *= Fraction(row[suit], sum(row)) ** m
                else:
                    chance *= Fraction(math.perm(row[suit], m), ways)
        total += chance
    return total


def _suit(held: list[int], rows: Sequence[Sequence[int] | None], suits: frozenset[int]) -> Fraction:
    if not any(held):
        return Fraction(0)
    (r,) = (r for r, m in enumerate(held) if m)
    row = rows[r]
    assert row is not None  # checked by the caller
    if not sum(row):
        return Fraction(0)  # the seen cards leave none of this rank: no such round
    return Fraction(sum(row[s] for s in suits), sum(row))


def joint_suit_chances(
    rounds: RankedRounds,
    features: Sequence[SuitFeature],
    rows: Sequence[Sequence[int] | None],
    *,
    infinite: bool = False,
    known: Mapping[int, tuple[int, int]] | None = None,
) -> tuple[npt.NDArray[np.intp], list[list[Fraction]]]:
    """The exact chance of each way several conditions on suits can fall given each
    round's ranks: a group index per round and, per group, the chance of each truth
    vector (index Σ 2**i over the ``features`` i that hold).

    The suits of the cards the conditions read (at their positions, of their ranks; every
    rank where a feature names none) are enumerated, each assignment weighed as
    :func:`suit_chances` weighs them (a rank's cards a uniform sample of its suit counts,
    the ``known`` cards fixed and taken out): few cards, so few assignments.
    """
    known = dict(known or {})
    left: list[list[int] | None] = [None if row is None else list(row) for row in rows]
    if not infinite:
        for rank, suit in known.values():
            row = left[rank]
            assert row is not None  # checked by the caller
            row[suit] -= 1
    positions = sorted({p for feature in features for p in feature[1]})
    read = set(range(13))
    if all(feature[3] for feature in features):
        read = {r for feature in features for r in feature[3]}
    ranks = rounds.ranks[:, positions].astype(np.int64)
    codes = np.where(np.isin(ranks, sorted(read)), ranks + 1, 0)  # 0: a card not read
    keys, group = np.unique(codes @ (14 ** np.arange(len(positions))), return_inverse=True)
    chances: list[list[Fraction]] = []
    for key in keys.tolist():
        cards = {p: code - 1 for i, p in enumerate(positions) if (code := (key // 14**i) % 14)}
        chances.append(_joint(cards, features, left, infinite, known))
    return np.asarray(group, dtype=np.intp).reshape(-1), chances


def _joint(
    cards: Mapping[int, int],
    features: Sequence[SuitFeature],
    rows: Sequence[Sequence[int] | None],
    infinite: bool,
    known: Mapping[int, tuple[int, int]],
) -> list[Fraction]:
    """Per truth vector of ``features``, the chance over the suits of ``cards`` (position
    → rank), the ``known`` ones fixed."""
    found = [Fraction(0)] * 2 ** len(features)
    free = [p for p in cards if p not in known]
    for suits in itertools.product(range(4), repeat=len(free)):
        chance = Fraction(1)
        taken: dict[tuple[int, int], int] = {}
        of_rank: dict[int, int] = {}
        for p, s in zip(free, suits):
            r = cards[p]
            row = rows[r]
            assert row is not None  # checked by the caller
            if infinite:
                chance *= Fraction(row[s], sum(row)) if sum(row) else Fraction(0)
            else:
                ways = sum(row) - of_rank.get(r, 0)
                chance *= Fraction(max(row[s] - taken.get((r, s), 0), 0), ways) if ways > 0 else 0
            taken[r, s] = taken.get((r, s), 0) + 1
            of_rank[r] = of_rank.get(r, 0) + 1
        if not chance:
            continue
        suit_at = dict(zip(free, suits)) | {p: known[p][1] for p in cards if p in known}
        index = 0
        for i, (kind, at, asked, ranks) in enumerate(features):
            read = [suit_at[p] for p in at if p in cards and (not ranks or cards[p] in ranks)]
            held = bool(read) and (len(set(read)) == 1 if kind == "flush" else set(read) <= asked)
            index |= held << i
        found[index] += chance
    return found
