"""blackjack counting's compiled kernel (``_counting.c``): the same bytes as the Python path
on seeded runs, and over every order of a small shoe the first round's exact law."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from baccarat_exact.analysis.blackjack.counting import (
    FLAT,
    CountingSettings,
    _deal_compiled,
    _deal_python,
    _Job,
    _ramp_arrays,
    count_shoes,
)
from baccarat_exact.analysis.ramps import Ramp, parse_ramp
from baccarat_exact.blackjack.counting_kernel import compiled, deal_shoes, kernel_tables
from baccarat_exact.blackjack.dealt import RoundDealer
from baccarat_exact.blackjack.edge import basic_strategy
from baccarat_exact.blackjack.index_play import (
    ILLUSTRIOUS_18,
    IndexPlay,
    IndexPolicy,
    illustrious_18,
)
from baccarat_exact.blackjack.round_stats import round_stats
from baccarat_exact.blackjack.rules import (
    BlackjackRules,
    DealerBlackjackTakes,
    DoubleRule,
    SplitBy,
    Surrender,
)
from baccarat_exact.blackjack.strategy import BasicStrategy, Move
from baccarat_exact.model.shoe import Shoe
from tests.test_dealer_native import _c_compiler
from tests.test_index_play import _Needs, _Prefix

KERNEL = compiled()
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the compiled kernel is not built")


@pytest.mark.skipif(_c_compiler() is None, reason="no C compiler: the Python path is used")
def test_the_compiled_kernel_is_built() -> None:
    """Where a compiler exists the kernel must be built: without it every answer is the
    same, and counting about a hundred times slower."""
    assert KERNEL is not None, "baccarat_exact.blackjack._counting was not built (setup.py)"


HI_LO = (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1)
KO = (-1, 1, 1, 1, 1, 1, 1, 0, 0, -1, -1, -1, -1)
"""Knock-out (unbalanced: the sevens count +1)."""
HI_OPT_II = (0, 1, 1, 2, 2, 1, 1, 0, 0, -2, -2, -2, -2)
ACES = (-3, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)
"""A lopsided count of aces against small cards: true counts that swing far."""

US = BlackjackRules(hole_card=True, double_after_split=True, hit_split_aces=False)
RULE_SETS = (
    BlackjackRules(),
    US,
    BlackjackRules(hole_card=True, dealer_hits_soft_17=True, surrender=Surrender.LATE),
    BlackjackRules(surrender=Surrender.EARLY, blackjack_pays=Fraction(6, 5)),
    BlackjackRules(
        dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL,
        triple_seven_on_split=True,
        double_after_split=True,
        split_hands=4,
    ),
    BlackjackRules(hole_card=True, split_by=SplitBy.RANK, double_after_split=True),
    BlackjackRules(
        hole_card=True,
        resplit_aces=True,
        double_split_aces=True,
        double_after_split=True,
        split_hands=3,
    ),
    BlackjackRules(double=DoubleRule.NINE_TO_ELEVEN, triple_seven_on_double=False),
    BlackjackRules(hole_card=True, surrender=Surrender.EARLY, dealer_hits_soft_17=True),
)
"""The casino's game; the US game; H17 with late surrender; early surrender and 6:5 without
a hole card; a dealer blackjack taking the original stake and four hands from a pair;
pairs by rank; three hands with resplit and doubled aces; doubles on 9-11 only; early
surrender with a peek."""

RAMPS = (
    parse_ramp("1:2,2:4,3:8"),
    parse_ramp("-1:1,0.5:2,2.25:6", minimum=1),
    parse_ramp("0:1,2:3", wong_out=-0.5),
    parse_ramp("2:1,4:2", minimum=0, wong_out=1.5),
)


@cache
def _derived(hole_card: bool) -> BasicStrategy:
    surrender = Surrender.LATE if hole_card else Surrender.EARLY
    rules = BlackjackRules(hole_card=hole_card, surrender=surrender, double_after_split=True)
    return basic_strategy(Shoe.from_decks(2), rules, exact=False)[0]


def _chart(rules: BlackjackRules) -> BasicStrategy:
    """A chart played at a table of ``rules``: two derived ones (with and without a hole
    card, both surrendering) serve every rule set, as any chart will do to compare two
    dealers (a move the rules forbid is never made: the chart asks them)."""
    return replace(_derived(rules.hole_card), rules=rules)


def _index_plays(rules: BlackjackRules, which: int) -> tuple[IndexPlay, ...]:
    if which == 0:
        return ()
    if which == 1:
        return illustrious_18(rules)
    # plays at extreme counts both ways, insurance at a low count and a surrender play
    return (
        IndexPlay(1, "insurance", 0, -1, None, None),
        IndexPlay(10, "hard", 16, -2, Move.STAND, Move.HIT),
        IndexPlay(10, "hard", 15, -3, Move.SURRENDER, None),
        IndexPlay(6, "pair", 10, 1, Move.SPLIT, Move.STAND),
        IndexPlay(3, "hard", 11, 2, Move.DOUBLE, Move.HIT),
        IndexPlay(1, "soft", 18, -1, Move.DOUBLE, Move.STAND),
        *ILLUSTRIOUS_18[1:6],
    )


CASES = [
    (rules, decks, tags, play_tags, which, ramps)
    for r, rules in enumerate(RULE_SETS)
    for decks, tags, play_tags, which, ramps in (
        (1 + r % 2, HI_LO, None, 1, RAMPS[:1]),
        (2 - r % 2, KO, HI_OPT_II, 2, RAMPS[1:3]),
        (1, (HI_OPT_II, ACES)[r % 2], None, 2, RAMPS[3:]),
        (2, HI_LO, None, 0, RAMPS),
    )
]
"""Every rule set with four players: Hi-Lo and the Illustrious 18; bets by KO and plays
at extreme counts by Hi-Opt II (two counts); Hi-Opt II or a lopsided ace count; and the
chart alone under every ramp (minimums, fractional steps, wong-out); one- and two-deck
shoes."""


def _settings(
    rules: BlackjackRules,
    decks: int,
    tags: tuple[int, ...],
    play_tags: tuple[int, ...] | None,
    which: int,
    ramps: tuple[Ramp, ...],
    **more: object,
) -> CountingSettings:
    return CountingSettings(
        rules=rules,
        shoe=Shoe.from_decks(decks),
        strategy=_chart(rules),
        plays=_index_plays(rules, which),
        tags=tags,
        play_tags=play_tags,
        ramps=ramps,
        **more,  # type: ignore[arg-type]
    )


@needs_kernel
@pytest.mark.parametrize(("rules", "decks", "tags", "play_tags", "which", "ramps"), CASES)
def test_the_kernel_deals_the_python_path_s_bytes(
    rules: BlackjackRules,
    decks: int,
    tags: tuple[int, ...],
    play_tags: tuple[int, ...] | None,
    which: int,
    ramps: tuple[Ramp, ...],
) -> None:
    """Seeded shoes (numbered from 7, so not from the first) give every per-shoe sum, every
    lowest running win and every sum by true count bit for bit alike."""
    assert KERNEL is not None
    settings = _settings(rules, decks, tags, play_tags, which, ramps, seed=11 + decks, shoes=30)
    job = _Job(settings, 7, 37, (FLAT, *ramps))
    python, kernel = _deal_python(job), _deal_compiled(job, KERNEL)
    assert python.totals[:, 0, 4].sum() > 30 * (3 if decks == 1 else 10)
    assert python.totals.tobytes() == kernel.totals.tobytes()
    assert python.lowest.tobytes() == kernel.lowest.tobytes()
    assert python.bins.tobytes() == kernel.bins.tobytes()


@needs_kernel
def test_a_run_is_the_same_bytes_with_or_without_the_kernel_at_any_jobs() -> None:
    """count_shoes end to end, a Kelly ramp measured and bet (two passes), on two processes
    and on one, compiled and not: the same result."""
    settings = _settings(US, 1, HI_LO, None, 1, RAMPS[:2], seed=5, shoes=250, kelly=500.0)
    python = count_shoes(settings, use_compiled=False)
    assert python.kelly_ramp is not None
    for jobs in (1, 2):
        assert repr(count_shoes(settings, jobs=jobs)) == repr(python)


def _prefixes(player: RoundDealer, counts: list[int]) -> list[tuple[list[int], Fraction]]:
    """Every sequence of cards the shoe's first round can read (by the Python dealer), with
    its chance, and the rest of the shoe after it in rank order: together every order."""
    size = sum(counts)
    found: list[tuple[list[int], Fraction]] = []

    def walk(prefix: list[int], left: list[int], p: Fraction) -> None:
        try:
            player.play_shoe(_Prefix(prefix, size), 0, 1)
        except _Needs:
            total = sum(left)
            for rank, n in enumerate(left):
                if n:
                    left[rank] -= 1
                    prefix.append(rank)
                    walk(prefix, left, p * Fraction(n, total))
                    prefix.pop()
                    left[rank] += 1
            return
        rest = [rank for rank, n in enumerate(left) for _ in range(n)]
        found.append(([*prefix, *rest], p))

    walk([], list(counts), Fraction(1))
    return found


def _kernel_law(
    strategy: BasicStrategy,
    plays: tuple[IndexPlay, ...],
    tags: tuple[int, ...],
    counts: list[int],
    play_tags: tuple[int, ...] | None = None,
) -> dict[Fraction, Fraction]:
    """The law of the first round's net as the kernel deals and settles every order (the
    plays by ``play_tags`` where given)."""
    assert KERNEL is not None
    orders = _prefixes(RoundDealer(IndexPolicy(strategy, plays), tags, play_tags), counts)
    if play_tags is None:
        tables = kernel_tables(strategy, plays, (tags,))
    else:
        tables = kernel_tables(strategy, plays, (tags, play_tags), play_count=1)
    sums = deal_shoes(
        KERNEL,
        tables,
        [rank for rank, n in enumerate(counts) for _ in range(n)],
        _ramp_arrays((FLAT,)),
        seed=0,
        first=0,
        last=len(orders),
        burn=0,
        stop=1,
        orders=np.array([order for order, _ in orders], dtype=np.uint8),
    )
    assert (sums.totals[:, 0, 4] == 1).all()
    law: dict[Fraction, Fraction] = defaultdict(Fraction)
    for won, (_, p) in zip(sums.totals[:, 0, 0], orders):
        law[Fraction(round(won * tables.scale), tables.scale)] += p
    return {net: p for net, p in sorted(law.items()) if p}


SMALL = "A=2,5=2,7=3,9=1,T=6"
"""Aces, fives to double, three sevens to split or make a Triple Seven, and tens."""


@needs_kernel
@pytest.mark.parametrize("rules", [RULE_SETS[0], RULE_SETS[3], RULE_SETS[8]])
def test_the_first_round_s_law_over_every_order_is_the_engine_s(rules: BlackjackRules) -> None:
    """The kernel plays the engine's derived chart over every order of a small shoe: the
    first round's net has exactly the law the exact engine finds (the casino's game with
    Triple Seven, early surrender and 6:5 without a hole card, early surrender with a peek
    and H17)."""
    shoe = Shoe.parse(SMALL)
    stats = round_stats(shoe, rules, strategies=["basic"])
    assert stats.basic is not None
    law = _kernel_law(stats.basic, (), (0,) * 13, list(shoe.counts))
    assert law == dict(stats.play("basic").probabilities)


@needs_kernel
def test_index_plays_and_insurance_over_every_order_are_the_python_dealer_s() -> None:
    """With a count and index plays that fire within the round (insurance, a surrender play,
    a split and doubles by the count), the kernel's law over every order is the Python
    dealer's, exactly; and so with the plays following a second count (the bets' count,
    Hi-Lo, then reads nothing in the first round)."""
    from tests.test_index_play import first_round_law

    rules = RULE_SETS[2]
    shoe = Shoe.parse(SMALL)
    strategy = _chart(rules)
    plays = _index_plays(rules, 2)
    counts = list(shoe.counts)
    python = first_round_law(RoundDealer(IndexPolicy(strategy, plays), ACES), counts)
    assert _kernel_law(strategy, plays, ACES, counts) == python
    assert _kernel_law(strategy, plays, HI_LO, counts, play_tags=ACES) == python
    assert python != first_round_law(RoundDealer(IndexPolicy(strategy, ()), ACES), counts)
