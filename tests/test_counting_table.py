"""``blackjack counting`` at the table as it is (issue 41, item 2): other players, the
counter's seat, the true count as a counter reckons it, wong-in and two hands; the compiled
kernel and the Python path give the same bytes, and with other players seated the first
round's law over every order of a small shoe is still the exact engine's."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from baccarat_exact.analysis.blackjack.counting import (
    FLAT,
    CountingSettings,
    _Chunk,
    _deal_compiled,
    _deal_python,
    _Job,
    _player,
    _ramp_arrays,
)
from baccarat_exact.blackjack.counting_kernel import deal_shoes, kernel_tables
from baccarat_exact.blackjack.dealt import RoundDealer
from baccarat_exact.blackjack.index_play import IndexPolicy
from baccarat_exact.blackjack.policy import ChartPolicy
from baccarat_exact.blackjack.round_stats import round_stats
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.true_count import (
    EXACT,
    HANDS_PER_HOUR_BY_SEATS,
    Reckoning,
    Seating,
    rounded_quotient,
)
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.model.shuffle import shuffled_with_stream
from tests.cli_runner import run_main
from tests.test_counting_kernel import (
    ACES,
    HI_LO,
    KERNEL,
    KO,
    RAMPS,
    RULE_SETS,
    _chart,
    _index_plays,
    _prefixes,
    needs_kernel,
)
from tests.test_index_play import _Needs, _Prefix, first_round_law
from tests.test_schemas import _errors

TABLES = (
    (Seating(seats=3, seat=2), Reckoning()),
    (Seating(seats=7, seat=7), Reckoning(resolution="half", rounding="floor")),
    (Seating(seats=2, seat=1, two_hands_at=1.0), Reckoning(resolution="quarter")),
    (Seating(seats=4, seat=1, wong_in=1.0, wong_out=-0.5), Reckoning(rounding="truncate")),
    (
        Seating(seats=5, seat=3, wong_in=0.5, two_hands_at=2.0),
        Reckoning(resolution="full", rounding="round", error=Fraction(1, 2)),
    ),
    (Seating(), Reckoning(error=Fraction(1, 4))),
    (Seating(seats=6, seat=6, two_hands_at=-1.0), Reckoning(rounding="round")),
    (Seating(seats=2, seat=2, wong_in=2.0), Reckoning(resolution="half", error=Fraction(1))),
)
"""Tables of two to seven players, the counter first, last or between, wong-in with and
without a leaving count, two hands (from a low count, so often), every resolution and
rounding, deck-estimation errors; and the counter alone with an error."""

CASES = [
    (RULE_SETS[i % len(RULE_SETS)], seating, reckoning, i % 3)
    for i, (seating, reckoning) in enumerate(TABLES * 2)
]
"""Every table under two rule sets, index plays none, the Illustrious 18 or plays at
extreme counts (insurance, a surrender play, splits and doubles by the count)."""


def _settings(
    rules: BlackjackRules, seating: Seating, reckoning: Reckoning, which: int, **more: Any
) -> CountingSettings:
    return CountingSettings(
        rules=rules,
        shoe=Shoe.from_decks(2 - which % 2),
        strategy=_chart(rules),
        plays=_index_plays(rules, which),
        tags=(HI_LO, KO, ACES)[which],
        play_tags=None if which != 1 else HI_LO,
        ramps=(RAMPS[0], RAMPS[3]),
        wong_out=seating.wong_out,
        seating=seating,
        reckoning=reckoning,
        **more,
    )


@needs_kernel
@pytest.mark.parametrize(("rules", "seating", "reckoning", "which"), CASES)
def test_the_kernel_deals_the_python_path_s_bytes_at_every_table(
    rules: BlackjackRules, seating: Seating, reckoning: Reckoning, which: int
) -> None:
    """Seeded shoes at a table of several players, the true count reckoned as a counter
    does: every per-shoe sum, lowest running win and Kelly bin bit for bit alike."""
    assert KERNEL is not None
    settings = _settings(rules, seating, reckoning, which, seed=21 + which, shoes=24)
    job = _Job(settings, 3, 27, (FLAT, *settings.ramps))
    python, kernel = _deal_python(job), _deal_compiled(job, KERNEL)
    assert python.totals[:, 0, 4].sum() >= 24 * 2
    assert python.totals.tobytes() == kernel.totals.tobytes()
    assert python.lowest.tobytes() == kernel.lowest.tobytes()
    assert python.bins.tobytes() == kernel.bins.tobytes()


def test_the_table_changes_the_rounds() -> None:
    """Each part of the table is used: other players take cards (fewer rounds a shoe),
    wong-in leaves rounds unbet, two hands bet more than one unit a round, and a reckoned
    true count bets differently from the exact one."""
    rules = RULE_SETS[1]

    def dealt(seating: Seating, reckoning: Reckoning = EXACT) -> _Chunk:
        job_settings = _settings(rules, seating, reckoning, 0, seed=4, shoes=40)
        return _deal_python(_Job(job_settings, 0, 40, (FLAT, RAMPS[0])))

    alone, three = dealt(Seating()), dealt(Seating(seats=3, seat=2))
    assert three.totals[:, 0, 4].sum() < 0.6 * alone.totals[:, 0, 4].sum()
    wong = dealt(Seating(seats=3, seat=2, wong_in=1.0))
    assert wong.totals[:, 0, 3].sum() < 0.5 * wong.totals[:, 0, 4].sum()  # rounds bet
    two = dealt(Seating(seats=3, seat=2, two_hands_at=0.0))
    assert two.totals[:, 0, 2].sum() > 1.2 * two.totals[:, 0, 4].sum()  # units bet
    half = dealt(Seating(), Reckoning(resolution="half", rounding="floor"))
    assert half.totals[:, 0, 4].sum() == alone.totals[:, 0, 4].sum()  # the same rounds
    assert half.totals[:, 1, 2].sum() != alone.totals[:, 1, 2].sum()  # bet otherwise


def test_wong_in_and_two_hands_follow_the_true_count() -> None:
    """Round by round: the counter sits down at a true count at or above --wong-in, stays
    while it is at least --wong-out, watches otherwise (no spot, nothing won); two spots
    from --two-hands-at; the deck estimate within the error and a multiple of its step."""
    rules = RULE_SETS[2]
    seating = Seating(seats=4, seat=2, wong_in=1.0, wong_out=0.0, two_hands_at=2.5)
    reckoning = Reckoning(resolution="half", error=Fraction(1, 4))
    settings = _settings(rules, seating, reckoning, 1, seed=9, shoes=30)
    player = _player(settings)
    cards = [rank for rank, n in enumerate(settings.full_shoe.counts) for _ in range(n)]
    seen_spots = set()
    for number in range(30):
        order, stream = shuffled_with_stream(cards, 9, number)
        played = player.play_shoe(order, 1, len(cards) - 26, stream)
        seated = False
        for tc, hands, net, unseen in zip(
            played.true_count, played.hands, played.net, played.unseen
        ):
            seated = tc >= 1.0 if not seated else tc >= 0.0
            assert hands == (0 if not seated else 2 if tc >= 2.5 else 1)
            assert net == 0 or hands > 0
            assert unseen % 26 == 0
            seen_spots.add(hands)
    assert seen_spots == {0, 1, 2}


def test_the_reckoned_true_count() -> None:
    """The divisor is the unseen cards to the nearest step (halves up, at least one step);
    the rounding of a quotient as named; an index compared with the reckoned count."""
    assert [Reckoning(resolution="full").divisor(n) for n in (25, 26, 77, 78, 1)] == [
        52,
        52,
        52,
        104,
        52,
    ]
    assert Reckoning(resolution="quarter").divisor(100, -20) == 78
    assert Reckoning().divisor(10, -30) == 1
    for n in range(-30, 31):
        for d in (1, 2, 4, 13, 52):
            q = Fraction(n, d)
            assert rounded_quotient(n, d, 3) == q.__floor__()
            assert rounded_quotient(n, d, 2) == int(q)
            nearest = rounded_quotient(n, d, 1)
            assert abs(nearest - q) <= Fraction(1, 2)
            assert abs(nearest - q) < Fraction(1, 2) or abs(nearest) > abs(q)
    player = RoundDealer(
        ChartPolicy(_chart(RULE_SETS[0])), reckoning=Reckoning(resolution="full", rounding="floor")
    )
    player._start([0] * 104, 0)
    player._play_running, player._seen = 5, 26  # 78 unseen: two decks; 5 / 2 = 2.5
    assert player.true_count_at_least(2) and not player.true_count_at_least(3)


@pytest.mark.parametrize(("rules", "seat"), [(RULE_SETS[0], 1), (RULE_SETS[8], 2)])
def test_the_first_round_s_law_with_another_player_is_the_engine_s(
    rules: BlackjackRules, seat: int
) -> None:
    """Another player at the table, after or before the counter, playing the chart: over
    every order of a small shoe the counter's first round (the chart) has exactly the law
    the exact engine finds for him alone — the other's cards come from the same shoe, and
    what he takes before the dealer draws does not change the law of what the dealer
    draws (the casino's game, and early surrender with a peek and H17); the Python dealer
    and the compiled kernel alike."""
    shoe = Shoe.parse("A=2,7=3,T=8")
    stats = round_stats(shoe, rules, strategies=["basic"])
    assert stats.basic is not None
    seating = Seating(seats=2, seat=seat)
    player = RoundDealer(ChartPolicy(stats.basic), seating=seating)
    exact = dict(stats.play("basic").probabilities)
    assert first_round_law(player, list(shoe.counts)) == exact
    if KERNEL is not None:  # and the compiled kernel over the same orders
        assert _kernel_law(player, list(shoe.counts)) == exact


def _kernel_law(player: RoundDealer, counts: list[int]) -> dict[Fraction, Fraction]:
    """The law of the first round's net as the kernel deals every order the Python
    ``player`` reads (the chart, at its table)."""
    assert KERNEL is not None and isinstance(player.policy, ChartPolicy)
    orders = _prefixes(player, counts)
    sums = deal_shoes(
        KERNEL,
        kernel_tables(player.policy.strategy, (), ((0,) * 13,)),
        [rank for rank, n in enumerate(counts) for _ in range(n)],
        _ramp_arrays((FLAT,)),
        seed=0,
        first=0,
        last=len(orders),
        burn=0,
        stop=1,
        orders=np.array([order for order, _ in orders], dtype=np.uint8),
        seating=player.seating,
    )
    assert (sums.totals[:, 0, 4] == 1).all()
    law: dict[Fraction, Fraction] = {}
    for won, (_, p) in zip(sums.totals[:, 0, 0], orders, strict=True):
        net = Fraction(round(won * player.scale), player.scale)
        law[net] = law.get(net, Fraction(0)) + p
    return {net: p for net, p in sorted(law.items()) if p}


@needs_kernel
def test_every_order_of_a_small_shoe_is_dealt_alike_at_a_table() -> None:
    """Every order the first round can read, the counter on two spots before another
    player: the kernel's net is the Python dealer's, order by order (rounds that run out
    of cards alike), index plays and insurance firing on the counted cards of every
    player."""
    assert KERNEL is not None
    seating = Seating(seats=2, seat=1, two_hands_at=-9.0)
    rules = RULE_SETS[2]
    strategy = _chart(rules)
    plays = _index_plays(rules, 2)
    counts = list(Shoe.parse("A=2,5=1,7=2,T=7").counts)
    player = RoundDealer(IndexPolicy(strategy, plays), ACES, seating=seating)
    orders = _orders_and_nets(player, counts)
    assert len(orders) > 300
    sums = deal_shoes(
        KERNEL,
        kernel_tables(strategy, plays, (ACES,)),
        [rank for rank, n in enumerate(counts) for _ in range(n)],
        _ramp_arrays((FLAT,)),
        seed=0,
        first=0,
        last=len(orders),
        burn=0,
        stop=1,
        orders=np.array([order for order, _ in orders], dtype=np.uint8),
        seating=seating,
    )
    for k, (_, net) in enumerate(orders):
        assert int(sums.totals[k, 0, 4]) == len(net)
        if net:
            assert round(sums.totals[k, 0, 0] * player.scale) == net[0]


def _orders_and_nets(
    player: RoundDealer, counts: list[int]
) -> list[tuple[list[int], tuple[int, ...]]]:
    """Every order of the shoe the first round can read (its cards, then the rest in rank
    order) with the Python dealer's net of that round (none where the shoe ran out)."""
    size = sum(counts)
    found: list[tuple[list[int], tuple[int, ...]]] = []

    def walk(prefix: list[int], left: list[int]) -> None:
        try:
            played = player.play_shoe(_Prefix(prefix, size), 0, 1)  # type: ignore[arg-type]
        except _Needs:
            for rank, n in enumerate(left):
                if n:
                    left[rank] -= 1
                    prefix.append(rank)
                    walk(prefix, left)
                    prefix.pop()
                    left[rank] += 1
            return
        rest = [rank for rank, n in enumerate(left) for _ in range(n)]
        found.append(([*prefix, *rest], played.net))

    walk([], list(counts))
    return found


def test_hands_per_hour_follow_the_players() -> None:
    """200, 160, 140, 120, 100, 80, 65 rounds an hour for 1 … 7 players, unless given."""
    rules = RULE_SETS[0]
    for seats, per_hour in zip(range(1, 8), HANDS_PER_HOUR_BY_SEATS, strict=True):
        settings = _settings(rules, Seating(seats=seats), Reckoning(), 0)
        assert settings.per_hour == per_hour
    assert _settings(rules, Seating(seats=3), Reckoning(), 0, hands_per_hour=90).per_hour == 90


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (("--seats", "0"), "--seats"),
        (("--seats", "3", "--seat", "4"), "--seat must be between 1 and --seats (3)"),
        (("--tc", "tenth"), "--tc must be one of exact, full, half, quarter"),
        (("--tc-round", "ceil"), "--tc-round must be one of none"),
        (("--deck-error", "-1"), "--deck-error must be between 0 and 8 decks"),
        (("--deck-error", "lots"), "--deck-error must be a number"),
        (("--wong-in", "2"), "--wong-in: a counter back-counts"),
        (("--seats", "3", "--wong-in", "1", "--wong-out", "2"), "must not be above --wong-in"),
        (("--seats", "7", "--two-hands-at", "2"), "--two-hands-at: the second hand"),
        (("--two-hands-at", "inf"), "--two-hands-at must be"),
        (("--seats", "2", "--indices", "none", "--exact-ev"), "--exact-ev values the counter"),
    ],
)
def test_bad_table_options_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], options: tuple[str, ...], words: str
) -> None:
    code, out, err = run_main(capsys, "blackjack", "counting", "--shoes", "5", *options)
    assert code == 2 and words in err and err.count("\n") == 1 and not out, err


def test_the_library_refuses_a_table_it_cannot_seat() -> None:
    with pytest.raises(SimulationError, match="--seat must be"):
        Seating(seats=2, seat=3)
    with pytest.raises(SimulationError, match="--tc must be"):
        Reckoning(resolution="eighth")


def test_a_table_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI end to end: the settings name the table and the reckoning, and the win per
    hour is for the players seated."""
    code, out, _ = run_main(
        capsys,
        *("blackjack", "counting", "--decks", "1", "--shoes", "40", "--seed", "2", "-q"),
        *("--ramp", "1:2,3:4", "--seats", "4", "--seat", "2", "--tc", "half"),
        *("--tc-round", "floor", "--wong-in", "1", "--two-hands-at", "3", "-f", "json"),
    )
    assert code == 0
    document = json.loads(out)
    assert document["hands_per_hour"] == 120
    assert document["request"]["hands_per_hour"] is None
    assert _errors(document, "blackjack counting") == []  # the kind's schema holds it
    assert "4 players, the counter in seat 2" in out
    assert "decks left estimated to the half deck; floored" in out
