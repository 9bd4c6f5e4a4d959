"""The command line: every option of odds and rules, every input error, the console script (check: test_check.py)."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tests.cli_runner import run_app as run
from tests.cli_runner import run_main

GOLDEN = Path(__file__).parent / "golden"


# -- odds ----------------------------------------------------------------------------


def test_odds_default_is_eight_decks() -> None:
    code, out, _ = run("odds")
    assert code == 0
    assert "8 decks (416 cards)" in out
    assert "2,292,252,566,437,888" in out  # published 8-deck Banker count
    assert "1.0579%" in out and "1.2351%" in out and "14.3596%" in out


def test_odds_json_is_the_contract() -> None:
    code, out, _ = run("odds", "--format", "json")
    document = json.loads(out)
    assert code == 0 and document["schema"] == 3 and document["total"] == 4_998_398_275_503_360
    assert document["kind"] == "odds" and list(document)[:4] == [
        "schema",
        "kind",
        "version",
        "request",
    ]
    assert document["request"]["shoe"] == {
        "decks": 8,
        "counts": None,
        "remove": "",
        "infinite": False,
    }


def test_odds_csv_is_exact() -> None:
    code, out, _ = run("odds", "-f", "csv", "--decks", "1")
    bets = list(csv.DictReader(io.StringIO(out)))  # the main table: one, rectangular
    banker = next(row for row in bets if row["bet"] == "banker")
    assert Fraction(banker["ev"]) == Fraction(-49303, 4873050)  # identity checked in test_odds
    assert float(banker["ev_float"]) == pytest.approx(-49303 / 4873050)
    assert code == 0 and list(bets[0]) == [
        "bet",
        "pays",
        "pays_float",
        "win",
        "win_float",
        "push",
        "push_float",
        "house_edge",
        "house_edge_float",
        "ev",
        "ev_float",
    ]


def test_odds_remove_counts_and_decks_agree() -> None:
    _, by_remove, _ = run("odds", "--decks", "1", "--remove", "5x3 K", "-f", "json")
    counts = "A=4,2=4,3=4,4=4,5=1,6=4,7=4,8=4,9=4,T=4,J=4,Q=4,K=3"
    _, by_counts, _ = run("odds", "--counts", counts, "-f", "json")
    removed, explicit = json.loads(by_remove), json.loads(by_counts)
    assert removed.pop("request") != explicit.pop("request")  # asked two ways: the same shoe
    assert removed["shoe"].pop("suits")["5"] == [1, 1, 1, 1]  # 3 fives of unknown suit out
    assert explicit["shoe"].pop("suits")["5"] is None  # given by count only
    assert removed == explicit


def test_odds_infinite_commission_and_tie_pays() -> None:
    code, out, _ = run("odds", "--infinite", "--commission", "4%", "--tie-pays", "9", "-f", "json")
    document = json.loads(out)
    assert code == 0 and document["shoe"]["infinite"] is True
    assert document["rules"] == {"game": "punto-banco", "commission": "1/25", "tie_pays": "9"}


def test_odds_output_is_deterministic() -> None:
    assert (
        run("odds", "--decks", "6", "--remove", "9x4")[1]
        == run("odds", "--decks", "6", "--remove", "9x4")[1]
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--remove", "Z"], "Error: unknown card 'Z'"),
        (["--remove", "5x0"], "Error: bad multiplicity in '5x0'"),
        (["--remove", "5x-1"], "Error: bad multiplicity in '5x-1'"),
        (
            ["--decks", "1", "--remove", "5x5"],
            "Error: cannot remove 5 fives: the shoe holds only 4 fives",
        ),
        (["--counts", "A=5"], "Error: the shoe holds 5 cards; a round can need 6"),
        (["--decks", "0"], "Error: the number of decks must be a whole number of 1 or more"),
        (["--commission", "1"], "Error: commission must be at least 0 and below 1"),
        (["--commission", "-5%"], "Error: commission must be at least 0 and below 1"),
        (["--commission", "abc"], "Error: commission must be a number"),
        (["--tie-pays", "-1"], "Error: tie pay must not be negative"),
        (["--decks", "2", "--infinite"], "Error: --decks and --infinite conflict"),
        (["--decks", "2", "--counts", "A=9"], "Error: --decks and --counts conflict"),
        (["--infinite", "--remove", "K"], "Error: --remove and --infinite conflict"),
        (["--counts", "A=x"], "Error: count of A must be a whole number"),
    ],
)
def test_odds_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("odds", *args)
    assert code == 2
    assert err.startswith(message)
    assert err.count("\n") == 1 and "Traceback" not in err and out == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["odds", "--decks", "x"], "Error: Invalid value for '--decks'"),
        (["odds", "--format", "xml"], "Error: Invalid value for '--format'"),
        (["odds", "--nope"], "Error: No such option: --nope"),
        (["roulette"], "Error: No such command 'roulette'"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run_main(capsys, *args)
    assert code == 2 and err.startswith(message) and err.count("\n") == 1 and out == ""


def test_main_runs_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "odds", "--decks", "1", "-f", "json")
    assert code == 0 and json.loads(out)["shoe"]["cards"] == 52


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "--version")
    assert code == 0 and out.startswith("baccarat-exact ")


# -- rules ---------------------------------------------------------------------------


def test_rules_prints_the_tableau() -> None:
    code, out, _ = run("rules")
    assert code == 0
    # the printed casino card's row for a Banker on 4 (docs/rules.md): draws on 2-7
    assert "    4  S  S  D  D  D  D  D  D  S  S  D" in out
    assert "Tie pays 8 to 1." in out


def test_rules_json_and_csv_give_the_tableau_as_data() -> None:
    code, out, _ = run("rules", "-f", "json")
    document = json.loads(out)
    assert code == 0 and document["tableau"]["banker"][4] == "SSDDDDDDSSD"
    assert document["tableau"]["player"] == "DDDDDDSSSS" and document["tableau"]["naturals"] == [
        8,
        9,
    ]
    code, out, _ = run("rules", "-f", "csv")
    assert code == 0 and "4,S,S,D,D,D,D,D,D,S,S,D" in out.splitlines()


def test_rules_with_overrides_and_unknown_game() -> None:
    assert "commission 1/25" in run("rules", "--commission", "0.04")[1]
    code, _, err = run("rules", "--game", "roulette")
    assert code == 2 and "unknown game 'roulette'" in err


# -- the installed console script ----------------------------------------------------


def test_console_script_runs_as_a_process() -> None:
    script = shutil.which("baccarat-exact", path=str(Path(sys.executable).parent))
    assert script is not None, "the package's console script is not installed in this environment"
    done = subprocess.run(
        [script, "odds", "--decks", "8", "-f", "json"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["outcomes"]["tie"]["count"] == 475_627_426_473_216
    bad = subprocess.run(
        [script, "odds", "--remove", "Q x2"], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "baccarat_exact", "odds", "--decks", "1", "-f", "csv"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.startswith("bet,pays,pays_float,win,win_float")
