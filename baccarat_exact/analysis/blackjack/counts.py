"""The count a blackjack analysis keeps: a published count by name, ``TAGS`` or
``NAME=TAGS``, read by :func:`~baccarat_exact.analysis.counting.parse_count_system` (the one
syntax of both games; the one catalogue of named counts,
:data:`~baccarat_exact.analysis.counting.PUBLISHED_COUNTS`: Hi-Lo, Zen, Hi-Opt II, Omega II,
Wong Halves, KO, Red 7, each with its source), with its tags by blackjack slot.

How each is kept, exactly:

- **Balanced** counts (Hi-Lo, Zen, Hi-Opt II, Omega II, Wong Halves, your own) are read
  as a *true count*: the running count per deck of the cards not yet seen.
- **Half points** (Wong Halves) are kept as whole numbers of half points (its ``unit``,
  2): the true count is the running count in half points over twice the decks left, so
  no rounding enters.
- **Unbalanced** counts (KO, Red 7) are read as their players read them: the *running
  count* itself, started at the count's initial running count (IRC: KO 4 − 4 × decks,
  Red 7 −2 × decks), with no division; their indices and ramps are running counts.
- **Red 7** tags a red seven +1 and a black seven 0, so it needs the colour of the shoe's
  sevens: a shoe of whole decks (``--decks``) holds as many red sevens as black (two a
  deck); a shoe given by ``--counts`` must give its sevens by suit (``7h=…,7d=…``), red
  being hearts and diamonds. The cards are dealt as they fall: which sevens are red is
  part of the shuffle, not an average.
"""

from __future__ import annotations

from baccarat_exact.analysis.counting import CountSystem, parse_count_system
from baccarat_exact.blackjack.hands import SLOTS, TEN
from baccarat_exact.errors import CountError
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "HI_LO",
    "SEVEN",
    "dealer_row",
    "deck_sum",
    "find_count",
    "kind_counts",
    "kind_tags",
    "red_sevens",
    "slot_tags",
]

SEVEN = 6
"""The slot (and rank index) of the sevens."""


def find_count(text: str) -> CountSystem:
    """A count system as ``--count-system`` gives it: by name (``hi-lo``, ``zen``, ``ko`` …),
    as ``TAGS`` or ``NAME=TAGS`` (tags as baccarat's ``eor --count-system`` reads them:
    ``A:-1,2:1,…``); a count of your own must be balanced (its tags sum to zero over a deck):
    only the published unbalanced counts carry the initial running count they are read from.

    >>> find_count("hi-lo").label()
    'A:-1 2:+1 3:+1 4:+1 5:+1 6:+1 7:0 8:0 9:0 T:-1'
    >>> find_count("mine=2:1,3:1,4:1,5:1,6:1,T:-1,A:-1").name
    'mine'
    >>> find_count("wong-halves").label()
    'A:-1 2:+0.5 3:+1 4:+1 5:+1.5 6:+1 7:+0.5 8:0 9:-0.5 T:-1'
    >>> find_count("nonesuch")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CountError: unknown count 'nonesuch': use hi-lo, zen, hi-opt-ii, omega-ii, wong-halves, ko, red-7, or NAME=TAGS such as 'mine=2:1,3:1,4:1,5:1,6:1,T:-1,A:-1'
    """
    count = parse_count_system(text, "blackjack")
    deck = deck_sum(count)
    if deck and count.irc is None:
        raise CountError(
            f"the count {count.name!r} is unbalanced (its tags sum to {deck:+d} over a "
            "deck): a true count needs a balanced count"
        )
    if not any(count.tags) and not count.red_seven:
        raise CountError(f"the count {count.name!r} tags every card 0: nothing to count")
    return count


def deck_sum(count: CountSystem) -> int:
    """The count's tags summed over a deck, in its unit (a red seven's own tag for half its
    sevens): 0 for a balanced count, KO's +4.

    >>> deck_sum(find_count("ko")), deck_sum(find_count("red-7"))
    (4, 2)
    """
    total = sum(count.tags[v] * (16 if v == 0 else 4) for v in range(10))
    if count.red_seven is not None:
        total += 2 * (count.red_seven - count.tags[7])
    return total


HI_LO = find_count("hi-lo")
"""Hi-Lo: 2–6 count +1, 7–9 count 0, tens and aces −1 (tags by point value, 0 = tens)."""


def slot_tags(count: CountSystem) -> tuple[int, ...]:
    """The count's tag of each blackjack slot ``A 2 … 9 T`` (a seven's: a black seven's).

    >>> slot_tags(HI_LO)
    (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1)
    """
    return tuple(count.tags[0 if slot == TEN else slot + 1] for slot in range(SLOTS))


def red_sevens(count: CountSystem, shoe: Shoe) -> int:
    """How many of the shoe's sevens are red, for a count that tags them apart (0 for any
    other): hearts and diamonds where the shoe knows the sevens' suits.

    >>> red_sevens(find_count("red-7"), Shoe.from_decks(6))
    12

    :raises CountError: where the shoe does not know the suits of its sevens.
    """
    if count.red_seven is None:
        return 0
    suits = shoe.suits[SEVEN] if shoe.suits is not None else None
    if suits is None or sum(suits) != shoe.counts[SEVEN]:
        raise CountError(
            f"the count {count.name!r} tags red and black sevens apart: give a shoe of whole "
            "decks (--decks, half its sevens red) or its sevens by suit (--counts "
            "'7h=…,7d=…,7s=…,7c=…', hearts and diamonds red)"
        )
    return int(suits[1] + suits[2])  # s h d c


def kind_counts(count: CountSystem, counts: tuple[int, ...], reds: int) -> tuple[int, ...]:
    """The shoe's cards by *kind*: the slots ``A … T``, the sevens black only where the
    count tags red ones apart, and then the red sevens (``reds`` of them)."""
    if count.red_seven is None:
        return tuple(counts)
    by_kind = list(counts)
    by_kind[SEVEN] -= reds
    return (*by_kind, reds)


def kind_tags(count: CountSystem) -> tuple[int, ...]:
    """The count's tag of each kind of :func:`kind_counts`."""
    tags = slot_tags(count)
    return tags if count.red_seven is None else (*tags, count.red_seven)


def dealer_row(count: CountSystem, decks: int) -> tuple[int, ...]:
    """The count as the card-by-card dealer keeps it
    (:data:`~baccarat_exact.blackjack.dealt.COUNT_ROW`): its tag of each rank ``A … K``, a
    red seven's, its unit, the running count a shoe of ``decks`` decks starts at, and
    whether the count is read per deck left (a true count) or as it runs.

    >>> dealer_row(find_count("ko"), 6)
    (-1, 1, 1, 1, 1, 1, 1, 0, 0, -1, -1, -1, -1, 1, 1, -20, 0)
    """
    ranks = count.rank_tags()
    red = ranks[SEVEN] if count.red_seven is None else count.red_seven
    return (*ranks, red, count.unit, count.initial_count(decks), int(count.irc is None))
