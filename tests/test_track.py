"""Live tracking: rounds read from text, removal equal to `odds --remove`, bad lines kept out."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from baccarat_exact.analysis.dealing import BurnRule, deal_shoe
from baccarat_exact.analysis.track import TrackProblem, TrackStep, read_round, track
from baccarat_exact.cli import app
from baccarat_exact.errors import BaccaratError, ShoeError
from baccarat_exact.model.cards import RANKS, parse_cards
from baccarat_exact.model.events import EVENTS, Event
from baccarat_exact.model.rules import STANDARD_TABLEAU
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds

runner = CliRunner()
EIGHT = Shoe.from_decks(8)


@pytest.mark.parametrize(
    ("cards", "event"),
    [
        # Worked from the tableau in RULES.md: natural 9 against 5, both stand.
        ("9 2 K 3", Event(9, 5, 2, 2)),
        # Player 4 draws a 7 (total 1); Banker 2 always draws, a 3: Banker 5 wins.
        ("5 K 9 2 7 3", Event(1, 5, 3, 3)),
        # Player 6 stands; Banker 5 draws when the Player stood: a K keeps 5.
        ("6 5 K K K", Event(6, 5, 2, 3)),
        # Player 3 draws an 8; Banker 3 stands on a Player's third card 8.
        ("A 3 2 K 8", Event(1, 3, 3, 2)),
        # Player 7 stands; Banker 6 stands too.
        ("7 6 K K", Event(7, 6, 2, 2)),
    ],
)
def test_read_round_follows_the_tableau(cards: str, event: Event) -> None:
    assert read_round(parse_cards(cards), STANDARD_TABLEAU) == event


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("9 2 K", "at least 4 cards"),
        ("5 K 9 2", "not a whole round: the Player draws a third card on 4"),
        ("9 2 K 3 4", "the tableau deals 4 cards, not 5"),
        ("5 K 9 2 7", "deals 6 cards, not 5"),
    ],
)
def test_read_round_rejects_impossible_rounds(cards: str, message: str) -> None:
    with pytest.raises(BaccaratError, match=message):
        read_round(parse_cards(cards), STANDARD_TABLEAU)


def test_read_round_agrees_with_the_simulation_dealer() -> None:
    """Every six-value prefix (10**6 / 10 sampled by a stride) ends the same way in both."""
    for values in itertools.islice(itertools.product(range(10), repeat=6), 0, 10**6, 997):
        ranks = [RANKS[v - 1] if v else RANKS[9] for v in values]
        dealt = deal_shoe([r.ordinal for r in ranks], STANDARD_TABLEAU, BurnRule.none, cut_card=0)
        start, end, event = dealt.hands[0]
        assert read_round(ranks[start:end], STANDARD_TABLEAU) == EVENTS[event]


def test_each_step_equals_odds_of_the_shoe_with_the_cards_removed() -> None:
    lines = ["5 K 9 2 7 3", "# a comment", "", "burn 7 K K", "9 2 K 3", "6 5 K K K"]
    removed = ""
    steps = [s for s in track(lines, EIGHT) if isinstance(s, TrackStep)]
    assert [s.line for s in steps] == [0, 1, 4, 5, 6]
    for step, line in zip(steps[1:], ["5 K 9 2 7 3", "7 K K", "9 2 K 3", "6 5 K K K"]):
        removed += " " + line
        expected = odds(EIGHT.remove(removed))
        assert step.bets is not None
        assert [s.ev for s in step.bets] == [b.ev for b in expected.bets]
        assert [s.win for s in step.bets] == [b.win for b in expected.bets]


def test_a_bad_line_is_reported_and_the_shoe_kept() -> None:
    results = list(track(["5 K 9 2 7 3", "5 K 9 2 Z", "Kx40 A A A", "9 2 K 3"], Shoe.from_decks(1)))
    problems = [r for r in results if isinstance(r, TrackProblem)]
    assert [(p.line, p.text) for p in problems] == [(2, "5 K 9 2 Z"), (3, "Kx40 A A A")]
    assert "unknown card 'Z'" in problems[0].message
    last = results[-1]
    assert isinstance(last, TrackStep) and last.line == 4
    assert last.shoe == Shoe.from_decks(1).remove("5 K 9 2 7 3 9 2 K 3")
    assert str(problems[0]).startswith("line 2: ")


def test_cards_the_shoe_does_not_hold() -> None:
    results = list(track(["A A A A K K", "A 2 3 A 2 3"], Shoe.from_decks(1)))
    problem = results[-1]
    assert isinstance(problem, TrackProblem) and "cannot remove" in problem.message


def test_too_few_cards_left_to_price() -> None:
    shoe = Shoe.from_counts({"9": 2, "K": 7})
    steps = list(track(["9 9 K K"], shoe))
    last = steps[-1]
    assert isinstance(last, TrackStep) and last.shoe.cards == 5 and last.bets is None


def test_marks_positive_and_surebets() -> None:
    (start,) = track([], Shoe.from_counts({"9": 1, "K": 80}))
    assert isinstance(start, TrackStep) and start.bets is not None
    tie = start.bets[2]
    assert tie.surebet and tie.ev > 0 and tie.ev == 9 * tie.win - 1


def test_tracking_needs_a_finite_shoe() -> None:
    with pytest.raises(ShoeError, match="finite shoe"):
        list(track([], Shoe.infinite_shoe()))


def test_cli_track_equals_cli_odds_remove() -> None:
    """`track` after a round prints what `odds --remove <the round>` prints."""
    track_out = runner.invoke(app, ["track", "-", "-f", "json"], input="5 K 9 2 7 3\n")
    odds_out = runner.invoke(app, ["odds", "--remove", "5 K 9 2 7 3", "-f", "json"])
    assert track_out.exit_code == 0 and odds_out.exit_code == 0
    after = json.loads(track_out.stdout)["steps"][-1]["bets"]
    expected = json.loads(odds_out.stdout)["bets"]
    for name in ("banker", "player", "tie"):
        assert Fraction(after[name]["ev"]) == Fraction(expected[name]["ev"])


def test_cli_track_keeps_going_and_exits_2() -> None:
    result = runner.invoke(app, ["track", "--decks", "1"], input="5 K 9 2 7 3\nQ Q\n9 2 K 3\n")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "Error: line 2: a round needs at least 4 cards (Player, Banker, Player, Banker), got 'Q Q'"
    ]
    rows = [line for line in result.stdout.splitlines() if line[:4].strip().isdigit()]
    assert [row.split()[0] for row in rows] == ["0", "1", "3"]
    tokens = rows[-1].split()
    assert "Player 9 Banker 5" in rows[-1] and tokens[tokens.index("Banker") + 2] == "42"


def test_cli_track_csv_is_exact() -> None:
    result = runner.invoke(app, ["track", "-f", "csv"], input="9 2 K 3\n")
    header, _start, row = result.stdout.splitlines()
    assert header.startswith("line,kind,cards,round,cards_left,banker_ev,banker_ev_float")
    values = dict(zip(header.split(","), row.split(",")))
    assert Fraction(values["banker_ev"]) == odds(EIGHT.remove("9 2 K 3")).bet("banker").ev
