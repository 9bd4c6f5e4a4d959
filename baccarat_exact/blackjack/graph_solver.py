"""What the state graph reads of an up card's arithmetic: :class:`GraphSolver`, the engine's seam.

The graph (:mod:`.graph` and the ``graph_*`` modules it is split into, and
:func:`.resplit.pair_chance` for its resplit terms) is typed against this protocol alone, so
``mypy --strict`` shows that it reads nothing else of the solver:
:class:`~baccarat_exact.blackjack.solver.UpCardSolver` satisfies it structurally. The rules
are read through the solver's methods (what a hand is paid, what a dealer blackjack takes,
the peek) or through :mod:`.moves`; ``rules`` itself is passed on to :mod:`.moves` and
keys caches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from baccarat_exact.blackjack.hands import Counts
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.solver import Number

if TYPE_CHECKING:  # typing.Self is Python 3.11's; only the type checker reads it here
    from typing_extensions import Self

__all__ = ["GraphSolver"]


class GraphSolver(Protocol):
    """One up card's shoe, dealer and pays over common denominators, as the graph reads them."""

    # -- the shoe and its denominators ------------------------------------------------

    rules: BlackjackRules
    """Passed on to :mod:`.moves` (what a hand may do); the graph reads its fields only to key
    caches (the Triple Seven options, which make states terminal)."""
    exact: bool
    """Python integers over common denominators, else float64 probabilities."""
    counts: Counts
    """The shoe after the up card."""
    infinite: bool
    n_cards: int
    budget: int
    """Most player cards a denominator covers (``unit`` is defined up to it)."""
    bj_slot: int
    """Slot of the card that gives the dealer a blackjack (-1: none can)."""
    k_one: Number
    """An even-money win of one unit, scaled."""
    scale: Number
    """The pay scale ``S`` of every numerator (1.0 in float mode)."""
    derived: dict[Any, Any]
    """Arrays the graph derives, shared by solvers of one shoe, up card and dealer rule."""

    def out_cards(self) -> Counts:
        """Cards out besides the player's (a resplit's more pair cards), zeros when none."""
        ...

    def unit(self, r: int) -> Number:
        """The denominator ``D_r`` of a state with ``r`` player cards out."""
        ...

    def weight(self, removed: Counts, r: int, slot: int) -> Number:
        """Weight of drawing ``slot`` next after the player's cards ``removed``."""
        ...

    def removed(self, hand: Counts, extra: int) -> Counts:
        """Player cards out for a hand (and the other pair card of a split hand)."""
        ...

    def with_out(self, slot: int, m: int, sharing: int = 2) -> Self:
        """The same arithmetic for the shoe less ``m`` more cards of ``slot``."""
        ...

    def twin(self, exact: bool) -> Self:
        """The same arithmetic, exact or float."""
        ...

    # -- the dealer -------------------------------------------------------------------

    def dealer_rows(
        self, removals: npt.NDArray[np.int64], *, shared: bool = False
    ) -> npt.NDArray[Any]:
        """(removals × 7) dealer outcome numerators after each removal."""
        ...

    def dealer_sums(
        self,
        removals: npt.NDArray[np.int64],
        picks: npt.NDArray[np.int64],
        weights: npt.NDArray[np.signedinteger[Any]],
    ) -> npt.NDArray[Any] | None:
        """Σ weight × dealer numerator per pick by the compiled step, or ``None``."""
        ...

    # -- what ends a hand -------------------------------------------------------------

    def settlement_key(self) -> tuple[object, ...]:
        """What settling a stake depends on beyond the shoe and the up card (a cache key)."""
        ...

    def bj_loss(self, stake: int, extra: int) -> Number:
        """What a dealer blackjack takes from a standing hand of ``stake`` units."""
        ...

    def bust(self, removed: Counts, r: int, stake: int = 1, extra: int = -1) -> Number:
        """A busted hand's value."""
        ...

    def blackjack(self, hand: Counts) -> Number:
        """A player blackjack's value."""
        ...

    def is_triple_seven(self, hand: Counts, extra: int, doubled: bool) -> bool:
        """Whether a hand just completed by its third card is a paid Triple Seven."""
        ...

    def triple_seven(self, hand: Counts, extra: int, stake: int) -> Number:
        """A paid Triple Seven's value."""
        ...

    def surrender(self, hand: Counts) -> Number | None:
        """Surrendering an opening hand, ``None`` where not offered."""
        ...

    # -- the deal and the split -------------------------------------------------------

    def deal_weight(self, hand: Counts) -> Number:
        """Weight of being dealt the two-card ``hand``."""
        ...

    def pair_shares(self, hand: Counts) -> tuple[Number, Number]:
        """The deal weight of ``hand`` as (may split, may not)."""
        ...

    def peek_loss(self, hand: Counts) -> Number:
        """The original stake lost to a dealer blackjack found by the peek."""
        ...

    def split_sharing(self, made: int) -> int:
        """Split hands sharing a dealer blackjack's take when ``made`` hands were made."""
        ...
