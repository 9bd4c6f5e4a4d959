"""Every way the six-card sequence of a round can fall, one path at a time, given what is
seen of it: the round in progress and the conditional tables.

The fast engine (:mod:`.counting`) sums over multisets of values, which forgets
*where* each card was dealt. Questions about positions — the Player's first card is
a 9, the Banker's third card is face down, the Player's two-card total is 5 — need
the sequence itself. This module lists the sequences as paths: the first four
positions (P1 B1 P2 B2) by rank when pairs matter, else by point value, and the 5th
and 6th cards by value; seen cards pin their positions (a third card's position
depends on whether the Player drew). Each path carries its exact weight:

* finite shoe: the ordered ways to draw its unseen cards from the shoe less the seen
  cards, position by position (``n_c`` less the earlier unseen cards of the same
  class c; a rank's cards are among its value's). Seen cards contribute the same
  factor to every path and cancel in every conditional probability;
* infinite shoe: the product of the unseen cards' weights.

At most 13**4 · 100 paths (nothing seen, pairs asked for); the weights are int64
while N**6 fits, Python integers beyond.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.counting import fits_int64
from baccarat_exact.engine.tables import deal_grid
from baccarat_exact.model.bets import NO_PAIR, PAIR, PAIR_STATES
from baccarat_exact.model.cards import POINT_VALUE
from baccarat_exact.model.events import EVENTS, N_EVENTS
from baccarat_exact.model.rules import STANDARD_TABLEAU, Tableau
from baccarat_exact.model.seen import Seen
from baccarat_exact.model.shoe import Shoe

__all__ = ["Paths", "round_paths"]

_POINT = np.array(POINT_VALUE, dtype=np.int64)
_PLAYER_CARDS = np.array([e.player_cards for e in EVENTS], dtype=np.int64)
_BANKER_CARDS = np.array([e.banker_cards for e in EVENTS], dtype=np.int64)
# deal positions of the Player's and the Banker's first two cards
_FIRST_FOUR = ((0, 2), (1, 3))


@dataclass(frozen=True, slots=True)
class Paths:
    """The paths a round can take given what is seen, each with its weight (every path
    with weight 0 left out)."""

    weight: npt.NDArray[Any]
    """Exact weight of each path (int64, or Python integers)."""
    event: npt.NDArray[np.intp]
    """Index into ``EVENTS`` of how the round ends."""
    first: npt.NDArray[np.int64]
    """(paths, 4) point values of P1 B1 P2 B2."""
    pair: npt.NDArray[np.int64] | None
    """Index into ``PAIR_STATES`` (pairs by rank, suits not told apart); None when the
    paths were listed by value."""

    @property
    def total(self) -> int:
        """The sum of the weights: what every conditional count is out of."""
        return (
            int(sum(self.weight.tolist()))
            if self.weight.dtype == object
            else int(self.weight.sum())
        )

    def cell_counts(self) -> npt.NDArray[Any]:
        """(9, 400) summed weights by pair state and event (pair state 0 only when the
        paths were listed by value)."""
        cells = self.event if self.pair is None else self.pair * N_EVENTS + self.event
        return sum_by(cells, self.weight, len(PAIR_STATES) * N_EVENTS).reshape(
            len(PAIR_STATES), N_EVENTS
        )


def sum_by(keys: npt.NDArray[Any], weights: npt.NDArray[Any], size: int) -> npt.NDArray[Any]:
    """Exact sums of ``weights`` grouped by integer ``keys`` in ``range(size)`` (int64 or
    Python integers, never floats)."""
    out = np.zeros(size, dtype=weights.dtype)
    np.add.at(out, keys, weights)
    return out


def _options(seen: Seen, by_rank: bool) -> tuple[list[npt.NDArray[np.int64]], list[bool]]:
    """Per position P1 B1 P2 B2: the codes it may hold (rank ordinals, or values) and
    whether it is unseen."""
    options: list[npt.NDArray[np.int64]] = [np.zeros(0, dtype=np.int64)] * 4
    unseen = [True] * 4
    every = np.arange(13 if by_rank else 10, dtype=np.int64)
    for hand, positions in zip((seen.player, seen.banker), _FIRST_FOUR):
        for k, position in enumerate(positions):
            card = hand[k] if k < len(hand) else None
            if card is None:
                options[position] = every
            else:
                code = card.rank.ordinal if by_rank else card.point
                options[position] = np.array([code], dtype=np.int64)
                unseen[position] = False
    return options, unseen


def round_paths(
    shoe: Shoe, seen: Seen | None = None, tableau: Tableau = STANDARD_TABLEAU, *, by_rank: bool
) -> Paths:
    """Every path of the next round dealt from ``shoe`` (the shoe before the round) that
    agrees with ``seen``, with its exact weight.

    ``by_rank`` lists the first four cards by rank (pair bets need it), else by value.
    Raises :class:`ShoeError` when the seen cards are not in the shoe.

    >>> paths = round_paths(Shoe.from_decks(8), by_rank=False)
    >>> paths.total == 416 * 415 * 414 * 413 * 412 * 411
    True
    """
    seen = seen if seen is not None else Seen()
    left = shoe if shoe.infinite else shoe.remove(seen.cards)
    options, unseen = _options(seen, by_rank)
    grids = np.meshgrid(*options, np.arange(10), np.arange(10), indexing="ij")
    codes = [g.reshape(-1) for g in grids]
    first = np.stack([_POINT[c] if by_rank else c for c in codes[:4]], axis=1)
    player = (first[:, 0] + first[:, 2]) % 10
    banker = (first[:, 1] + first[:, 3]) % 10
    fifth, sixth = codes[4], codes[5]
    event = deal_grid(tableau)[player, banker, fifth, sixth]
    player_cards, banker_cards = _PLAYER_CARDS[event], _BANKER_CARDS[event]

    keep = np.ones(len(event), dtype=bool)
    pinned = [np.zeros(len(event), dtype=bool), np.zeros(len(event), dtype=bool)]
    third_player = seen.player[2:3]
    third_banker = seen.banker[2:3]
    if third_player:
        keep &= player_cards == 3
        if third_player[0] is not None:
            keep &= fifth == third_player[0].point
            pinned[0] |= player_cards == 3
    if third_banker:
        keep &= banker_cards == 3
        if third_banker[0] is not None:
            at_fifth = player_cards == 2
            value = third_banker[0].point
            keep &= np.where(at_fifth, fifth == value, sixth == value)
            pinned[0] |= at_fifth
            pinned[1] |= ~at_fifth

    weight = _weights(left, codes, first, unseen, pinned, by_rank)
    keep &= weight != 0
    pair = None
    if by_rank:
        pair_player = np.where(codes[0] == codes[2], PAIR, NO_PAIR)
        pair_banker = np.where(codes[1] == codes[3], PAIR, NO_PAIR)
        pair = (3 * pair_player + pair_banker)[keep]
    return Paths(weight[keep], event[keep], first[keep], pair)


def _weights(
    left: Shoe,
    codes: list[npt.NDArray[np.int64]],
    first: npt.NDArray[np.int64],
    unseen: list[bool],
    pinned: list[npt.NDArray[np.bool_]],
    by_rank: bool,
) -> npt.NDArray[Any]:
    """Each path's weight: the unseen cards drawn one by one from the shoe ``left``."""
    shoe = left.reduced()
    dtype: type = np.int64 if fits_int64(max(shoe.cards, 1) ** 6) else object
    ranks: npt.NDArray[Any] = np.array(shoe.counts, dtype=object).astype(dtype)
    values: npt.NDArray[Any] = np.array(shoe.values, dtype=object).astype(dtype)
    weight: npt.NDArray[Any] = np.ones(len(codes[0]), dtype=dtype)
    drawn: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.bool_]]] = []
    """(rank code or -1, value, drawn here) of each unseen card so far."""
    for position in range(6):
        if position < 4:
            if not unseen[position]:
                continue
            value = first[:, position]
            rank = codes[position] if by_rank else np.full_like(value, -1)
            here = np.ones(len(value), dtype=bool)
        else:
            value, rank = codes[position], np.full_like(codes[position], -1)
            here = ~pinned[position - 4]
        if by_rank and position < 4:
            available = ranks[rank]
            same = [(r == rank) & h for r, _, h in drawn]
        else:
            available = values[value]
            same = [(v == value) & h for _, v, h in drawn]
        if not shoe.infinite and same:
            available = available - sum(s.astype(np.int64) for s in same)
        weight = np.where(here, weight * available, weight)
        drawn.append((rank, value, here))
    return weight
