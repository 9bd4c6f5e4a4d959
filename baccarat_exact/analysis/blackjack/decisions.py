"""The decisions a count may flip, as ``blackjack indices`` values them: the Illustrious 18
and the Fab 4 (read from :func:`~baccarat_exact.blackjack.index_play.illustrious_18`, the one
statement of them) and any pair split, each a hand against an up card with the index play
and the move it replaces."""

from __future__ import annotations

import re
from dataclasses import dataclass

from baccarat_exact.blackjack.hands import SLOT_LABELS, SLOTS, Counts
from baccarat_exact.blackjack.index_play import IndexPlay, illustrious_18
from baccarat_exact.blackjack.rules import BlackjackRules, Surrender
from baccarat_exact.blackjack.strategy import Move

__all__ = [
    "DECISIONS",
    "SURRENDER_DECISIONS",
    "Decision",
    "decision_of",
    "named_decision",
    "pair_decision",
]


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision a count may flip: a hand (or insurance) against an up card, the index
    play and the move it replaces."""

    key: str
    """Short name, as ``--decisions`` takes it: ``16vT``, ``TTv5``, ``insurance``,
    ``15vT-surrender``."""
    up: int
    """The dealer's up card (slot)."""
    kind: str
    """``insurance``, ``hard`` (a hard two-card total), ``pair`` or ``surrender``."""
    total: int
    """The hard total (``hard``, ``surrender``) or the pair's slot (``pair``); 0 for insurance."""
    play: str
    """The index play: ``insure``, ``stand``, ``double``, ``split`` or ``surrender``."""
    other: str
    """The move it replaces: ``decline``, ``hit``, ``stand``, ``stand or hit`` (the better)
    or ``best other`` (the best of standing, hitting and doubling)."""

    @property
    def label(self) -> str:
        """How a table names it: ``16 v T``, ``T,T v 5``, ``insurance``."""
        if self.kind == "insurance":
            return "insurance"
        up = SLOT_LABELS[self.up]
        if self.kind == "pair":
            card = SLOT_LABELS[self.total]
            return f"{card},{card} v {up}"
        return f"{self.total} v {up}"

    def hands(self) -> tuple[Counts, ...]:
        """The two-card hands that make this decision (none for insurance)."""
        if self.kind == "insurance":
            return ()
        if self.kind == "pair":
            return (tuple(2 if s == self.total else 0 for s in range(SLOTS)),)
        found = []
        for a in range(1, SLOTS):  # no ace: A+x is soft
            b = self.total - (a + 1) - 1  # slot of the other card
            if a < b < SLOTS:
                found.append(tuple(int(s == a) + int(s == b) for s in range(SLOTS)))
        return tuple(found)


def _hard(total: int, up: int, play: str, other: str) -> Decision:
    return Decision(f"{total}v{SLOT_LABELS[up]}", up, "hard", total, play, other)


def _pair_key(pair: int, up: int) -> str:
    card = SLOT_LABELS[pair]
    return f"{card}{card}v{SLOT_LABELS[up]}"


def _surrender(total: int, up: int) -> Decision:
    return Decision(
        f"{total}v{SLOT_LABELS[up]}-surrender", up, "surrender", total, "surrender", "stand or hit"
    )


def decision_of(play: IndexPlay) -> Decision:
    """The decision an index play names (its up card 1 = ace … 10 as a slot; the play
    above the index is the index play, the one below the move it replaces).

    >>> decision_of(IndexPlay(10, "hard", 16, 0, Move.STAND, Move.HIT)).key
    '16vT'
    """
    up = play.up - 1
    if play.kind == "insurance":
        return Decision("insurance", up, "insurance", 0, "insure", "decline")
    if play.above is Move.SURRENDER:
        return _surrender(play.total, up)
    if play.above is None or play.below is None or play.kind not in ("hard", "pair"):
        raise ValueError(f"no decision of blackjack indices for {play}")
    if play.kind == "pair":
        return Decision(
            _pair_key(play.total - 1, up),
            up,
            "pair",
            play.total - 1,
            _PLAY_NAMES[play.above],
            _PLAY_NAMES[play.below],
        )
    return _hard(play.total, up, _PLAY_NAMES[play.above], _PLAY_NAMES[play.below])


_PLAY_NAMES = {Move.STAND: "stand", Move.HIT: "hit", Move.DOUBLE: "double", Move.SPLIT: "split"}

_PUBLISHED = illustrious_18(BlackjackRules(surrender=Surrender.LATE))

DECISIONS: tuple[Decision, ...] = tuple(
    decision_of(play) for play in _PUBLISHED if play.above is not Move.SURRENDER
)
"""Schlesinger's "Illustrious 18", in his order, each as the play made when the count is high."""

SURRENDER_DECISIONS: tuple[Decision, ...] = tuple(
    decision_of(play) for play in _PUBLISHED if play.above is Move.SURRENDER
)
"""The surrender set (where the rules offer surrender, Schlesinger's "Fab 4"): surrender
against the better of standing and hitting."""

_PAIR_KEY = re.compile(r"^([A2-9T])\1v([A2-9T])$", re.IGNORECASE)


def pair_decision(pair: int, up: int) -> Decision:
    """Split ``pair`` against ``up``, against the better of standing, hitting and doubling
    (those the Illustrious 18 state, T,T v 5 and T,T v 6, as they state them: against
    standing).

    >>> from baccarat_exact.blackjack.hands import ACE, TEN
    >>> pair_decision(TEN, 4).other, pair_decision(8, ACE).other
    ('stand', 'best other')
    """
    for decision in DECISIONS:
        if decision.kind == "pair" and (decision.total, decision.up) == (pair, up):
            return decision
    return Decision(_pair_key(pair, up), up, "pair", pair, "split", "best other")


def named_decision(key: str) -> Decision | None:
    """The decision ``key`` names, in any case (``16vT``, ``insurance``, ``15vT-surrender``,
    any pair as ``99v7``), or None.

    >>> named_decision("ttv5") == DECISIONS[3], named_decision("99v7").other
    (True, 'best other')
    """
    text = key.strip()
    for decision in (*DECISIONS, *SURRENDER_DECISIONS):
        if decision.key.lower() == text.lower():
            return decision
    pair = _PAIR_KEY.match(text)
    if pair is None:
        return None
    slots = {label: slot for slot, label in enumerate(SLOT_LABELS)}
    return pair_decision(slots[pair.group(1).upper()], slots[pair.group(2).upper()])
