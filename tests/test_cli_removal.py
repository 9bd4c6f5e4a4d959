"""The eor, simulate and track commands through the CLI, and every bad input: one line, exit 2."""

from __future__ import annotations

import csv
import io
import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from baccarat_exact.cli import app, main
from baccarat_exact.cli.progress import progress
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds

runner = CliRunner()
PNG = b"\x89PNG\r\n\x1a\n"


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    captured = capsys.readouterr()
    return int(exit_info.value.code or 0), captured.out, captured.err


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
    assert code == 0 and document["schema"] == 1
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
    code, out, _ = run(
        "eor", "--count", "A:0,2:0,3:0,4:-1,5:-1,6:-1,7:-1,8:2,9:2", "--bet", "dragon-7"
    )
    assert code == 0
    assert "Your count: A:0 2:0 3:0 4:-1 5:-1 6:-1 7:-1 8:+2 9:+2 T:0" in out
    assert "dragon-7" in out


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
        (("eor", "--count", "A:1,4:x"), ("tag of 4 must be a whole number", "'x'")),
        (("eor", "--count", "Z:1"), ("unknown card 'Z'",)),
        (("eor", "--counts", "A=3,K=3"), ("at least 7 cards",)),
        (("eor", "--decks", "0"), ("number of decks",)),
        (("eor", "--bet", "no-such-bet"), ("no-such-bet",)),
        (("eor", "--plot", "/no/such/folder/x.png"), ("does not exist",)),
        (("eor", "--plot", "chart.jpg"), ("ending in .png",)),
        (("simulate", "--shoes", "0"), ("--shoes must be 1 or more",)),
        (("simulate", "--cut-card", "999"), ("--cut-card must be between 0 and 416",)),
        (("simulate", "--count", "A=1=2"), ("A=1=2",)),
        (("simulate", "--seed", "-3"), ("--seed must be between",)),
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
        (("simulate", "--jobs", "0"), "--jobs"),
        (("simulate", "--burn", "half"), "--burn"),
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
    assert "simulation estimate" in out and "30" in out and "full-shoe EV" in out
    assert run(*args)[1] == out
    assert run(*args, "--jobs", "2")[1] == out
    assert run("simulate", "--shoes", "30", "--seed", "8")[1] != out


def test_simulate_json_and_side_bets() -> None:
    code, out, _ = run(
        "simulate", "--shoes", "25", "--bet", "dragon-7", "--burn", "none", "-f", "json", "-q"
    )
    tables = json.loads(out)["tables"]
    per_hand = tables[
        "Exact EV before every hand, averaged over the hands dealt (simulation estimate ± 1 SE)"
    ]
    assert code == 0 and [row["bet"] for row in per_hand] == ["banker", "player", "tie", "dragon-7"]
    (dragon,) = odds(Shoe.from_decks(8), bets=[find_bet("dragon-7")]).bets
    assert Fraction(per_hand[3]["full_shoe_ev"]) == dragon.ev
    assert isinstance(per_hand[0]["mean_ev_float"], float)


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


def test_track_from_a_file(tmp_path: Path) -> None:
    rounds = tmp_path / "rounds.txt"
    rounds.write_text("# shoe 1\nburn 3 K K K\n9 2 K 3\n", encoding="utf-8")
    code, out, err = run("track", str(rounds), "--bet", "dragon-7")
    assert code == 0 and err == ""
    assert "burn" in out and "Player 9 Banker 5" in out and "dragon-7" in out
    assert "408" in out  # 416 - 4 burned - 4 dealt
