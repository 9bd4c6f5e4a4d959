"""Counts kept as rows (units, an unbalanced count's initial running count, red sevens)
at the table as it is (other players, the reckoned true count, wong-in, two hands): the
compiled kernel and the Python path give the same bytes; a reckoned true count divides by
the count's unit; an unbalanced count is read as its running count (wong-in and two hands
too) and is never reckoned (refused in one line)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from baccarat_exact.analysis.blackjack.counting import (
    FLAT,
    CountingSettings,
    _deal_compiled,
    _deal_python,
    _Job,
    _player,
)
from baccarat_exact.analysis.blackjack.counts import dealer_row, find_count, red_sevens
from baccarat_exact.analysis.ramps import parse_ramp
from baccarat_exact.blackjack.dealt import RoundDealer
from baccarat_exact.blackjack.index_play import IndexPolicy, illustrious_18
from baccarat_exact.blackjack.policy import ChartPolicy
from baccarat_exact.blackjack.rules import US_RULES
from baccarat_exact.blackjack.true_count import Reckoning, Seating
from baccarat_exact.errors import RulesError, SimulationError
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.model.shuffle import shuffled_with_stream
from tests.cli_runner import run_main
from tests.test_blackjack_counts import _chart
from tests.test_counting_kernel import KERNEL, needs_kernel

TABLES = [
    ("zen", None, Seating(seats=3, seat=2), Reckoning(resolution="half", rounding="floor")),
    ("ko", None, Seating(seats=4, seat=1, wong_in=-2.0, two_hands_at=1.0), Reckoning()),
    (
        "wong-halves",
        "hi-opt-ii",
        Seating(seats=2, seat=2),
        Reckoning(resolution="half", rounding="round", error=Fraction(1, 2)),
    ),
    ("red-7", None, Seating(seats=5, seat=5, wong_in=0.0, wong_out=-2.0), Reckoning()),
]
"""Zen at three players, reckoned to the half deck and floored; KO wonging in and playing
two hands by its running count; Wong Halves (half points) reckoned with an error, the plays
following Hi-Opt II; Red 7 (red sevens dealt apart) in the last of five seats."""


def _settings(
    bets: str, plays: str | None, seating: Seating, reckoning: Reckoning
) -> CountingSettings:
    shoe = Shoe.from_decks(2)
    count = find_count(bets)
    play = None if plays is None else find_count(plays)
    return CountingSettings(
        rules=US_RULES,
        shoe=shoe,
        strategy=_chart(),
        plays=illustrious_18(US_RULES) if count.irc is None else (),
        tags=dealer_row(count, 2),
        play_tags=None if play is None else dealer_row(play, 2),
        red_sevens=max(red_sevens(c, shoe) for c in (count, play or count)),
        shoes=16,
        seed=5,
        ramps=(parse_ramp("-1:2,1:4,3:8"),),
        wong_out=seating.wong_out,
        seating=seating,
        reckoning=reckoning,
    )


@needs_kernel
@pytest.mark.parametrize(("bets", "plays", "seating", "reckoning"), TABLES)
def test_counts_as_rows_at_a_table_are_dealt_alike_by_both_paths(
    bets: str, plays: str | None, seating: Seating, reckoning: Reckoning
) -> None:
    assert KERNEL is not None
    settings = _settings(bets, plays, seating, reckoning)
    job = _Job(settings, 0, 16, (FLAT, *settings.ramps))
    python, kernel = _deal_python(job), _deal_compiled(job, KERNEL)
    assert python.totals[:, 0, 4].sum() >= 16 * 2
    assert python.totals.tobytes() == kernel.totals.tobytes()
    assert python.lowest.tobytes() == kernel.lowest.tobytes()
    assert python.bins.tobytes() == kernel.bins.tobytes()


def test_the_reckoned_true_count_divides_by_the_count_s_unit() -> None:
    """Wong Halves (unit 2) reckoned to the half deck: every bet reads
    ``running · 52 / (2 · divisor)``, the divisor a whole number of half decks."""
    settings = _settings("wong-halves", None, Seating(seats=2), Reckoning(resolution="half"))
    player = _player(settings)
    cards = [r for r, n in enumerate(settings.full_shoe.counts) for _ in range(n)]
    order, stream = shuffled_with_stream(cards, 3, 0)
    played = player.play_shoe(order, 1, 78, stream)
    assert len(played.net) > 5
    for running, divisor, value in zip(played.running, played.unseen, played.true_count):
        assert divisor % 26 == 0
        assert value == running * 52 / (2 * divisor)
    assert any(r % 2 for r in played.running)  # half points were counted


def test_an_unbalanced_count_wongs_in_by_its_running_count() -> None:
    """KO's value before each round is its running count (from its IRC, −4 for two decks),
    and the counter sits down, leaves and plays two hands by it."""
    seating = Seating(seats=3, wong_in=-2.0, wong_out=-5.0, two_hands_at=0.0)
    settings = _settings("ko", None, seating, Reckoning())
    player = _player(settings)
    cards = [r for r, n in enumerate(settings.full_shoe.counts) for _ in range(n)]
    seen_hands = set()
    for number in range(4):
        order, stream = shuffled_with_stream(cards, 8, number)
        played = player.play_shoe(order, 1, 78, stream)
        assert played.running[0] == -4
        seated = False
        for running, value, hands in zip(played.running, played.true_count, played.hands):
            assert value == running
            seated = seating.seated_after(value, seated)
            assert hands == seating.hands_at(value, seated)
            seen_hands.add(hands)
    assert seen_hands == {0, 1, 2}


def test_an_unbalanced_count_is_not_reckoned() -> None:
    """KO or Red 7, bets or plays, with --tc, --tc-round or --deck-error: refused by the
    settings and by the dealer."""
    with pytest.raises(SimulationError, match="unbalanced count"):
        _settings("ko", None, Seating(), Reckoning(resolution="half"))
    with pytest.raises(SimulationError, match="unbalanced count"):
        _settings("hi-lo", "red-7", Seating(), Reckoning(error=Fraction(1)))
    chart = _chart()
    with pytest.raises(RulesError, match="unbalanced count"):
        RoundDealer(
            IndexPolicy(chart, ()),
            dealer_row(find_count("ko"), 2),
            reckoning=Reckoning(rounding="floor"),
            others=ChartPolicy(chart),
        )


@pytest.mark.parametrize(
    "options",
    [
        ("--count-system", "ko", "--tc", "half"),
        ("--count-system", "hi-lo", "--play-count-system", "red-7", "--tc-round", "round"),
        ("--count-system", "ko", "--deck-error", "1"),
    ],
)
def test_reckoning_an_unbalanced_count_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], options: tuple[str, ...]
) -> None:
    code, out, err = run_main(
        capsys, "blackjack", "counting", "-q", "--shoes", "3", "--indices", "none", *options
    )
    assert code == 2 and not out and err.count("\n") == 1, err
    assert "is read as its running count: give them with a balanced count" in err
