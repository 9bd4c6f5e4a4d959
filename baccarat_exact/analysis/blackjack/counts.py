"""The count a blackjack analysis keeps: a published count by name, ``TAGS`` or
``NAME=TAGS``, read by :func:`~baccarat_exact.analysis.counting.parse_count_system` (the
one registry of named counts, the one syntax of both games), balanced, with its tags by
blackjack slot."""

from __future__ import annotations

from baccarat_exact.analysis.counting import CountSystem, parse_count_system
from baccarat_exact.blackjack.hands import SLOTS, TEN
from baccarat_exact.errors import CountError

__all__ = ["HI_LO", "find_count", "slot_tags"]


def find_count(text: str) -> CountSystem:
    """A count system as ``--count-system`` gives it: by name (``hi-lo``), as ``TAGS`` or
    ``NAME=TAGS`` (tags as baccarat's ``eor --count-system`` reads them: ``A:-1,2:1,…``);
    the count must be balanced (its tags sum to zero over a deck).

    >>> find_count("hi-lo").label()
    'A:-1 2:+1 3:+1 4:+1 5:+1 6:+1 7:0 8:0 9:0 T:-1'
    >>> find_count("mine=2:1,3:1,4:1,5:1,6:1,T:-1,A:-1").name
    'mine'
    >>> find_count("zen")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CountError: unknown count 'zen': use hi-lo, or NAME=TAGS such as 'mine=2:1,3:1,4:1,5:1,6:1,T:-1,A:-1'
    """
    count = parse_count_system(text, "blackjack")
    deck = sum(count.tags[v] * (16 if v == 0 else 4) for v in range(10))
    if deck:
        raise CountError(
            f"the count {count.name!r} is unbalanced (its tags sum to {deck:+d} over a "
            "deck): a true count needs a balanced count"
        )
    if not any(count.tags):
        raise CountError(f"the count {count.name!r} tags every card 0: nothing to count")
    return count


HI_LO = find_count("hi-lo")
"""Hi-Lo: 2–6 count +1, 7–9 count 0, tens and aces −1 (tags by point value, 0 = tens)."""


def slot_tags(count: CountSystem) -> tuple[int, ...]:
    """The count's tag of each blackjack slot ``A 2 … 9 T``.

    >>> slot_tags(HI_LO)
    (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1)
    """
    return tuple(count.tags[0 if slot == TEN else slot + 1] for slot in range(SLOTS))
