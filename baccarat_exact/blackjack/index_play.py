"""Index plays: a counter's departures from the chart at a true count, and the published ones.

A counting player plays the basic strategy (:class:`~baccarat_exact.blackjack.strategy.
BasicStrategy`) except where an *index play* (:class:`IndexPlay`) says otherwise: at a
true count at or above the index one move, below it another (16 v T: stand from 0, else
hit). Insurance is an index play of its own: offered where the rules have a hole card (the
peek settles it at once), taken at a true count at or above its index. :class:`IndexPolicy`
is that player for the one card-by-card dealer (:class:`~baccarat_exact.blackjack.dealt.
RoundDealer`), which deals, counts and settles; :data:`ILLUSTRIOUS_18` and :data:`FAB_4`
are the published Hi-Lo plays, as data, up cards numbered 1 (ace) … 10.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from baccarat_exact.blackjack.policy import (
    MOVE_CODES,
    SURRENDER,
    ChartPolicy,
    IndexEntries,
    Table,
    may_make,
)
from baccarat_exact.blackjack.rules import BlackjackRules, Surrender
from baccarat_exact.blackjack.strategy import BasicStrategy, Move
from baccarat_exact.errors import RulesError

__all__ = ["FAB_4", "ILLUSTRIOUS_18", "HandKind", "IndexPlay", "IndexPolicy", "illustrious_18"]

HandKind = str
"""``"hard"``, ``"soft"``, ``"pair"`` (the pair's value slot in ``total``) or
``"insurance"``."""

_KINDS = ("hard", "soft", "pair", "insurance")


@dataclass(frozen=True, slots=True)
class IndexPlay:
    """At true count ``index`` or above play ``above``, below it ``below`` (``None``: the
    chart's move), for one hand against one up card.

    ``kind`` and ``total`` name the hand: a ``"hard"`` or ``"soft"`` total (the two-card
    and later hands of that total alike), a ``"pair"`` (``total`` the pair card's value,
    1 for aces … 10), or ``"insurance"`` (``total`` 0, moves ``None``: insurance is taken
    at or above the index). The play applies where the chart's own move is one of the two;
    a move the hand may not make (a double on three cards) falls to the next play of the
    hand, else the chart's. A surrender play (``above`` :attr:`Move.SURRENDER`, ``below``
    ``None``) comes first: below its index the hand is kept and played as the chart plays
    it without surrendering (and the hand's other plays still apply).

    >>> IndexPlay(up=10, kind="hard", total=16, index=0, above=Move.STAND, below=Move.HIT)
    IndexPlay(up=10, kind='hard', total=16, index=0, above=<Move.STAND: 'S'>, below=<Move.HIT: 'H'>)
    """

    up: int
    """The dealer's up card: 1 (ace) … 10."""
    kind: HandKind
    total: int
    index: int
    above: Move | None
    below: Move | None

    def __post_init__(self) -> None:
        if not 1 <= self.up <= 10:
            raise RulesError(f"an index play's up card must be 1 (ace) to 10, got {self.up}")
        if self.kind not in _KINDS:
            raise RulesError(
                f"an index play's hand is hard, soft, pair or insurance, got {self.kind!r}"
            )


class IndexPolicy(ChartPolicy):
    """Play ``strategy``'s chart and ``plays`` (index plays) at the table's true count: a
    pair's plays first, then the total's; surrender before the others."""

    def __init__(self, strategy: BasicStrategy, plays: Sequence[IndexPlay]) -> None:
        super().__init__(strategy)
        self._index: dict[tuple[int, str, int], IndexEntries] = {}
        self._insurance: int | None = None
        for play in plays:
            if play.kind == "insurance":
                if play.up == 1:
                    self._insurance = play.index
                continue
            above = None if play.above is None else MOVE_CODES[play.above]
            below = None if play.below is None else MOVE_CODES[play.below]
            key = (play.up - 1, play.kind, play.total)
            entry = ((play.index, above, below),)
            before = self._index.get(key, ())
            # surrender is decided first, as at the table
            self._index[key] = entry + before if above == SURRENDER else before + entry
        self.departs = bool(self._index)

    def insures(self, table: Table) -> bool:
        """Insurance at or above its index."""
        return self._insurance is not None and table.true_count_at_least(self._insurance)

    @property
    def insurance_index(self) -> int | None:
        """The true count from which insurance is taken (None: never)."""
        return self._insurance

    def index_plays(self, up: int, total: int, soft: bool, pair: int) -> IndexEntries:
        """The index plays of a hand in the order :meth:`depart` tries them: a pair's
        (``pair`` its slot, else -1) before its total's."""
        found = self._index.get((up, "soft" if soft else "hard", total), ())
        if pair >= 0:
            found = self._index.get((up, "pair", pair + 1), ()) + found
        return found

    def depart(
        self,
        table: Table,
        move: int,
        up: int,
        cards: list[int],
        total: int,
        soft: bool,
        extra: int,
        pair: int,
    ) -> int:
        """An index play's move where one applies and may be made, else the chart's."""
        found = self.index_plays(up, total, soft, pair)
        for index, above, below in found:
            if above is not None and below is not None and move != above and move != below:
                continue
            wanted = above if table.true_count_at_least(index) else below
            if wanted is None:
                if move == SURRENDER and above == SURRENDER:  # below a surrender index
                    move = self.kept(up, cards, extra, pair)
                continue
            if wanted == move or may_make(self.rules, wanted, cards, total, soft, extra, pair):
                return wanted
        return move


_S, _H, _D, _P, _R = Move.STAND, Move.HIT, Move.DOUBLE, Move.SPLIT, Move.SURRENDER

ILLUSTRIOUS_18: tuple[IndexPlay, ...] = (
    IndexPlay(1, "insurance", 0, 3, None, None),
    IndexPlay(10, "hard", 16, 0, _S, _H),
    IndexPlay(10, "hard", 15, 4, _S, _H),
    IndexPlay(5, "pair", 10, 5, _P, _S),
    IndexPlay(6, "pair", 10, 4, _P, _S),
    IndexPlay(10, "hard", 10, 4, _D, _H),
    IndexPlay(3, "hard", 12, 2, _S, _H),
    IndexPlay(2, "hard", 12, 3, _S, _H),
    IndexPlay(1, "hard", 11, 1, _D, _H),
    IndexPlay(2, "hard", 9, 1, _D, _H),
    IndexPlay(1, "hard", 10, 4, _D, _H),
    IndexPlay(7, "hard", 9, 3, _D, _H),
    IndexPlay(9, "hard", 16, 5, _S, _H),
    IndexPlay(2, "hard", 13, -1, _S, _H),
    IndexPlay(4, "hard", 12, 0, _S, _H),
    IndexPlay(5, "hard", 12, -2, _S, _H),
    IndexPlay(6, "hard", 12, -1, _S, _H),
    IndexPlay(3, "hard", 13, -2, _S, _H),
)
"""Schlesinger's "Illustrious 18" Hi-Lo index plays, in his order of value (D. Schlesinger,
*Blackjack Attack*, 3rd ed., 2005, ch. 5: the multi-deck indices; as listed at
blackjack.yuchunlab.com, "Deviations"). Published for the US six-deck game; on other rules
they are a player's choice, not the rules' own indices (for those: ``blackjack indices``)."""

FAB_4: tuple[IndexPlay, ...] = (
    IndexPlay(10, "hard", 14, 3, _R, None),
    IndexPlay(10, "hard", 15, 0, _R, None),
    IndexPlay(9, "hard", 15, 2, _R, None),
    IndexPlay(1, "hard", 15, 2, _R, None),
)
"""Schlesinger's "Fab 4" late-surrender index plays (the same source), the dealer standing
on soft 17; where he hits it, 15 v A surrenders from +1 (:func:`illustrious_18`)."""

_FAB_4_H17_ACE = 1
"""The index of 15 v A's surrender where the dealer hits soft 17."""


def illustrious_18(rules: BlackjackRules) -> tuple[IndexPlay, ...]:
    """The Illustrious 18 and, with late surrender, the Fab 4 for the dealer's rule of
    ``rules`` (15 v A surrenders at +2 where the dealer stands on soft 17, +1 where he hits
    it).

    >>> len(illustrious_18(BlackjackRules())), len(illustrious_18(BlackjackRules(surrender=Surrender.LATE)))
    (18, 22)
    """
    if rules.surrender is not Surrender.LATE:
        return ILLUSTRIOUS_18
    fab = tuple(
        IndexPlay(1, "hard", 15, _FAB_4_H17_ACE, _R, None)
        if play.up == 1 and rules.dealer_hits_soft_17
        else play
        for play in FAB_4
    )
    return ILLUSTRIOUS_18 + fab
