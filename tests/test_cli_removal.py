"""The eor, simulate and track commands through the CLI, and every bad input: one line, exit 2."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from baccarat_exact.cli.progress import progress
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from tests.cli_runner import run_app as run
from tests.cli_runner import run_main

PNG = b"\x89PNG\r\n\x1a\n"


def assert_one_error_line(code: int, err: str, *fragments: str) -> None:
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in lines[0]


# -- eor ----------------------------------------------------------------------------------


def test_eor_table() -> None:
    code, out, _ = run("eor")
    assert code == 0
    assert "8 decks (416 cards)" in out and "T J Q K" in out
    assert "0.011572%" in out  # banker, one 4 removed (exact value checked in test_eor)
    assert "Balanced counts" in out


def test_eor_json_is_exact_and_sums_to_zero() -> None:
    code, out, _ = run("eor", "--decks", "1", "-f", "json")
    document = json.loads(out)
    assert code == 0 and document["schema"] == 3 and document["kind"] == "eor"
    assert document["request"]["counting"] == {"tags": None, "level": 2}
    one_deck = Shoe.from_decks(1)
    expected = odds(one_deck.remove("6")).bet("tie").ev - odds(one_deck).bet("tie").ev
    assert Fraction(document["bets"]["tie"]["effects"]["6"]["effect"]) == expected
    assert all(bet["weighted_sum"] == "0" for bet in document["bets"].values())
    assert document["counts"]["banker"]["imbalance"] == 0


def test_eor_csv_is_exact() -> None:
    code, out, _ = run("eor", "-f", "csv", "--remove", "5x3 K 9")
    effects = list(csv.DictReader(io.StringIO(out.split("\n\n")[0])))
    shoe = Shoe.from_decks(8).remove("5x3 K 9")
    four = next(row for row in effects if row["card"] == "4")
    assert code == 0
    assert (
        Fraction(four["player_effect"])
        == odds(shoe.remove("4")).bet("player").ev - odds(shoe).bet("player").ev
    )


def test_eor_with_own_count_and_side_bet() -> None:
    code, out, err = run(
        "eor", "--count-system", "A:0,2:0,3:0,4:-1,5:-1,6:-1,7:-1,8:2,9:2", "--bet", "dragon-7"
    )
    assert code == 0 and err == ""
    assert "Your count: A:0 2:0 3:0 4:-1 5:-1 6:-1 7:-1 8:+2 9:+2 T:0" in out
    assert "dragon-7" in out


@pytest.mark.parametrize("command", ["eor", "simulate"])
def test_the_old_count_option_is_gone(command: str) -> None:
    """--count was --count-tags' old name for one release (0.2); now it is refused here (a
    usage error; blackjack's --count is --count-system's deprecated spelling there), and
    the help explains --count-system."""
    code, _, err = run(command, "--decks", "1", "--count", "A:1,5:-1")
    assert code == 2 and "Error: No such option: --count " in err
    help_text = run(command, "--help")[1]
    assert "--count-system" in help_text and "--count " not in help_text
    assert "unlike --counts, where T is the tens only" in " ".join(help_text.split())


def test_eor_plot(tmp_path: Path) -> None:
    target = tmp_path / "eor.png"
    code, _, _ = run("eor", "--plot", str(target))
    assert code == 0 and target.read_bytes().startswith(PNG)


def test_plot_without_matplotlib(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, _, err = run("eor", "--plot", str(tmp_path / "x.png"))
    assert_one_error_line(
        code, err, "matplotlib", "make plot (from a clone), or .venv/bin/pip install -e '.[plot]'"
    )


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("eor", "--count-system", "A:1,4:x"), ("tag of 4 must be a whole number", "'x'")),
        (("eor", "--count-system", "Z:1"), ("unknown card 'Z'",)),
        (("eor", "--counts", "A=3,K=3"), ("at least 7 cards",)),
        (("eor", "--bet", "no-such-bet"), ("no-such-bet",)),
        (("eor", "--plot", "/no/such/folder/x.png"), ("does not exist",)),
        (("eor", "--plot", "chart.jpg"), ("ending in .png",)),
        (("simulate", "--cut-card", "999"), ("--cut-card must be between 0 and 416",)),
        (("simulate", "--count-system", "A=1=2"), ("A=1=2",)),
        (("simulate", "--burn", "half"), ("--burn must be standard, none or a number",)),
        (("simulate", "--burn", "416"), ("--burn must be fewer cards than the shoe holds",)),
        (("simulate", "--threshold", "x"), ("--threshold must be a number",)),
        (("simulate", "--threshold", "2e308"), ("--threshold must be a finite number",)),
        (("track", "--counts", "A=x"), ("count of A must be a whole number",)),
    ],
)
def test_bad_input_is_one_line(args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    code, _, err = run(*args)
    assert_one_error_line(code, err, *fragments)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("eor", "--level", "0"), "--level"),
        (("eor", "--decks", "0"), "number of decks"),
        (("simulate", "--jobs", "0"), "--jobs"),
        (("simulate", "--shoes", "0"), "--shoes"),
        (("simulate", "--seed", "-3"), "--seed"),
        (("track", "/no/such/rounds.txt"), "rounds.txt"),
    ],
)
def test_usage_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], fragment: str
) -> None:
    code, _, err = run_main(capsys, *args)
    assert_one_error_line(code, err, fragment)


# -- simulate -----------------------------------------------------------------------------


def test_simulate_table_and_same_bytes() -> None:
    args = ("simulate", "--shoes", "30", "--seed", "7")
    code, out, err = run(*args)
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    assert "(estimate ± 1 SE)" in out and "30" in out and "full-shoe EV" in out
    assert run(*args)[1] == out
    assert run(*args, "--jobs", "2")[1] == out
    assert run("simulate", "--shoes", "30", "--seed", "8")[1] != out


def test_simulate_json_and_side_bets() -> None:
    code, out, _ = run(
        "simulate", "--shoes", "25", "--bet", "dragon-7", "--burn", "none", "-f", "json", "-q"
    )
    tables = json.loads(out)["tables"]
    assert list(tables) == [
        "per_hand",
        "perfect",
        "count",
        "depth",
        "depth_surebets",
        "economics",
        "risk",
        "planning",
    ]
    per_hand = tables["per_hand"]
    assert code == 0 and [row["bet"] for row in per_hand] == ["banker", "player", "tie", "dragon-7"]
    (dragon,) = odds(Shoe.from_decks(8), bets=(find_bet("dragon-7"),)).bets
    assert Fraction(per_hand[3]["full_shoe_ev"]) == dragon.ev
    assert per_hand[3]["full_shoe_ev_float"] == float(dragon.ev)
    assert isinstance(per_hand[0]["mean_ev_float"], float)
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", key) for row in per_hand for key in row)
    assert tables["depth"][0]["dragon_7_positive_float"] == 0.0  # a full shoe: never


def test_simulate_burns_a_number_of_cards() -> None:
    """--burn N burns N cards face down: the first hand starts after them."""
    args = ("simulate", "--decks", "1", "--shoes", "30", "--cut-card", "0", "-f", "json")
    burned = json.loads(run(*args, "--burn", "12")[1])
    none = json.loads(run(*args, "--burn", "none")[1])
    assert burned["request"]["burn"] == "12"
    assert burned["tables"]["depth"][0]["hands"] < none["tables"]["depth"][0]["hands"]
    assert burned["hands"] < none["hands"]


@pytest.mark.parametrize(
    ("args", "estimate"),
    [
        (("--shoes", "99999999999999999999"), "years on one core"),
        (("--shoes", "1000000000", "--jobs", "2"), "days on"),
    ],
)
def test_a_run_beyond_a_day_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], estimate: str
) -> None:
    """Refused before any shoe is dealt, whether stdout is a terminal or not."""
    code, out, err = run_main(capsys, "simulate", *args)
    assert_one_error_line(code, err, "would take roughly", estimate, "give fewer shoes")
    assert out == ""


def test_a_long_run_says_so_first(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run estimated past a minute says so, with its estimate, before it starts."""
    from baccarat_exact.commands.simulate import SimulateRequest
    from baccarat_exact.errors import SimulationError

    assert 60 < SimulateRequest(shoes=1_000_000).within_a_day(1) < 86_400  # long, not refused

    def stop(*args: object, **kwargs: object) -> None:
        raise SimulationError("stopped here")

    monkeypatch.setattr(SimulateRequest, "compute", stop)
    code, _, err = run_main(capsys, "simulate", "--shoes", "1000000")
    note, error = err.splitlines()
    assert code == 2 and error == "Error: stopped here"
    assert note.startswith("note: 1,000,000 shoes take roughly ")
    assert note.endswith(" min on one core (--jobs N shares it)")
    if (os.cpu_count() or 1) >= 2:  # a local cluster's workers, up to the cores
        code, _, err = run_main(capsys, "simulate", "--shoes", "1000000", "--cluster", "local:2")
        assert err.splitlines()[0].endswith(" min on 2 processes")
    code, _, err = run_main(capsys, "simulate", "--shoes", "9000000", "--cluster", "127.0.0.1:9")
    assert err.splitlines()[0].endswith(" hours on one core (the cluster's workers share it)")


def test_simulate_plot(tmp_path: Path) -> None:
    target = tmp_path / "sim.png"
    code, _, _ = run("simulate", "--shoes", "25", "--plot", str(target))
    assert code == 0 and target.read_bytes().startswith(PNG)


def test_progress_bar_runs_on_a_terminal() -> None:
    with progress(10, "dealing shoes", True) as advance:
        assert advance is not None
        advance(10)
    with progress(10, "dealing shoes", False) as nothing:
        assert nothing is None


# -- track --------------------------------------------------------------------------------


def test_track_from_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")  # room for the round's totals beside four bets
    rounds = tmp_path / "rounds.txt"
    rounds.write_text("# shoe 1\nburn 3 K K K\n9 2 K 3\n", encoding="utf-8")
    code, out, err = run("track", str(rounds), "--bet", "dragon-7")
    assert code == 0 and err == ""
    assert "burn" in out and "P 9 B 5" in out and "dragon-7" in out
    assert "408" in out  # 416 - 4 burned - 4 dealt
