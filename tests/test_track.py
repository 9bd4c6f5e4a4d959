"""Live tracking: rounds read from text, removal equal to `odds --remove`, bad lines kept out."""

from __future__ import annotations

import csv
import io
import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from baccarat_exact.analysis.dealing import BurnRule, deal_shoe
from baccarat_exact.analysis.track import UNREADABLE, TrackProblem, TrackStep, read_round, track
from baccarat_exact.cli import app
from baccarat_exact.commands import request_of
from baccarat_exact.commands.check import check_document
from baccarat_exact.commands.inputs import BetsInput, ShoeInput
from baccarat_exact.commands.track import TrackRequest
from baccarat_exact.errors import BaccaratError, ShoeError
from baccarat_exact.model.cards import RANKS, parse_cards
from baccarat_exact.model.events import EVENTS, Event
from baccarat_exact.model.rules import STANDARD_TABLEAU
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from tests.cli_runner import run_main

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
    assert "P 9 B 5" in rows[-1] and tokens[tokens.index("B") + 2] == "42"


def test_cli_track_csv_is_exact() -> None:
    result = runner.invoke(app, ["track", "-f", "csv"], input="9 2 K 3\n")
    header, _start, row = result.stdout.splitlines()
    assert header.startswith("line,kind,cards,round,cards_left,banker_ev,banker_ev_float")
    values = dict(zip(header.split(","), row.split(",")))
    assert Fraction(values["banker_ev"]) == odds(EIGHT.remove("9 2 K 3")).bet("banker").ev


def test_the_document_records_the_lines_and_checks_anywhere(tmp_path: Path) -> None:
    """The request holds the rounds themselves (not the file's name): the document is
    computed again from it alone, the same as the request run directly."""
    rounds = tmp_path / "rounds.txt"
    rounds.write_text("# a shoe\n5 K 9 2 7 3\n\nburn 7 K K\nQ Q\n9 2 K 3\n", encoding="utf-8")
    result = runner.invoke(app, ["track", "--decks", "1", str(rounds), "-f", "json"])
    assert result.exit_code == 2  # the bad line, reported and skipped
    document = json.loads(result.stdout)
    lines = ["# a shoe", "5 K 9 2 7 3", "", "burn 7 K K", "Q Q", "9 2 K 3"]
    assert document["request"]["rounds"] == lines
    rounds.unlink()  # not needed to check it
    request = request_of(document)
    assert request == TrackRequest(shoe=ShoeInput(decks=1), rounds=tuple(lines))
    assert check_document("track", document).differences == ()
    fresh = request.run().document()
    assert fresh["steps"] == document["steps"] and fresh["errors"] == document["errors"]
    assert [error["line"] for error in document["errors"]] == [5]


def test_an_unreadable_line_is_recorded_as_none(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(
        capsys, "track", "--decks", "1", "-f", "json", stdin=b"9 2 K 3\n\xff 2\n"
    )
    document = json.loads(out)
    assert code == 2 and err == f"Error: line 2: {UNREADABLE}\n"
    assert document["request"]["rounds"] == ["9 2 K 3", None]
    assert document["errors"] == [{"line": 2, "text": "", "message": UNREADABLE}]
    assert check_document("track", document).differences == ()


def test_the_live_csv_is_the_whole_report_s_csv(tmp_path: Path) -> None:
    """Rows written as they come are the rows of the report made at the end."""
    from baccarat_exact.report.render import render_csv

    lines = ("5h Ks 9c 2d 7s 3h", "burn 7 K K", "9 2 K 3")
    result = runner.invoke(
        app, ["track", "--decks", "1", "-b", "dragon-7", "-f", "csv"], input="\n".join(lines) + "\n"
    )
    request = TrackRequest(
        shoe=ShoeInput(decks=1), bets=BetsInput(names=("dragon-7",)), rounds=lines
    )
    assert result.exit_code == 0 and result.stdout == render_csv(request.run())
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["line"] for row in rows] == ["0", "1", "2", "3"]
    assert rows[1]["round"] == "Player 1 Banker 5" and rows[1]["cards_left"] == "46"


@pytest.mark.parametrize("bets", [(), ("-b", "dragon-7", "-b", "panda-8")])
def test_live_rows_fit_the_terminal(
    capsys: pytest.CaptureFixture[str], bets: tuple[str, ...]
) -> None:
    """80 columns hold the main bets with every column (decimals rounded: the exact
    values are in csv and json); more bets leave out the round's totals, then the bets
    not named (the named ones are what the user asked for), and say so; a wider terminal
    shows them."""
    rounds = b"5h Ks 9c 2d 7s 3h\nburn 7 K 3 Q 9 8 2 J 4 4\n9 2 K 3\n"
    code, narrow, _ = run_main(capsys, "track", *bets, stdin=rounds, columns=80)
    assert code == 0 and max(len(line) for line in narrow.splitlines()) <= 80
    assert ("Not shown for width: round, tie " in narrow) is bool(bets)
    assert "5h Ks 9c 2d 7s 3h" in narrow and "-1.058%" in narrow  # 8 decks: Banker
    code, wide, _ = run_main(capsys, "track", *bets, stdin=rounds, columns=120)
    assert code == 0 and "Not shown" not in wide and "P 1 B 5" in wide
    assert max(len(line) for line in wide.splitlines()) <= 120


def test_a_table_name_track_lacks_is_one_error_line() -> None:
    result = runner.invoke(app, ["track", "-t", "nope"], input="9 2 K 3\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "Error: no table 'nope' in this output: choose one of steps\n"
    steps = runner.invoke(app, ["track", "-t", "steps", "-f", "markdown"], input="9 2 K 3\n")
    assert steps.exit_code == 0 and "banker EV" in steps.stdout


def test_a_document_with_an_infinite_shoe_is_refused() -> None:
    with pytest.raises(ShoeError, match="finite shoe"):
        TrackRequest(shoe=ShoeInput(infinite=True)).run()
