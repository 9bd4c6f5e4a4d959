"""Types of the compiled counting kernel (``_counting.c``)."""

from typing import Any

MAX_CARDS: int
"""Most cards a shoe the kernel deals may hold (a larger one is dealt by the Python path)."""

def deal(
    cards: Any,
    tags: Any,
    play_count: int,
    values: Any,
    rows: Any,
    pairs: Any,
    sevens: Any,
    stops: Any,
    money: Any,
    possible: Any,
    peek: int,
    chart: Any,
    kept: Any,
    mask: Any,
    first: Any,
    number: Any,
    indices: Any,
    moves: Any,
    insurance_index: int,
    insures: int,
    seed: int,
    first_shoe: int,
    last_shoe: int,
    burn: int,
    stop: int,
    scale: int,
    steps: Any,
    thresholds: Any,
    units: Any,
    wong: Any,
    has_wong: Any,
    totals: Any,
    lowest: Any,
    bins: Any,
    orders: Any,
    seats: int,
    seat: int,
    wong_in: float,
    has_wong_in: int,
    wong_leave: float,
    has_wong_leave: int,
    two_hands_at: float,
    has_two_hands: int,
    step: int,
    rounding: int,
    error: int,
    /,
) -> None:
    """Deal shoes ``first_shoe``..``last_shoe``-1 of ``seed`` (``cards``: uint8 rank
    indices before the shuffle) with the tables of
    :class:`~baccarat_exact.blackjack.counting_kernel.KernelTables`, and write each
    strategy's per-shoe sums into ``totals`` ((shoes, strategies, 5) float64) and
    ``lowest`` ((shoes, strategies) float64), adding the rounds' sums by whole true count
    into ``bins`` ((2·range + 1, 3) int64: true counts −range … range, the ends taking the
    counts beyond). ``orders`` ((shoes, cards) uint8; empty: shuffle the
    shoes) deals given orders instead, as tests do. The table (``seats`` players, the
    counter in ``seat``, wong-in and the leaving count, two hands from a count) and the
    true count as the counter reckons it (cards a ``step`` of the deck estimate,
    ``rounding``, the error's bound in cards) are
    :mod:`~baccarat_exact.blackjack.true_count`'s."""
