"""``compare``: every cell is what ``odds`` gives for that case; its formats and errors."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from baccarat_exact.analysis.compare import compare, parse_decks
from tests.cli_runner import run_main as run

FIGURES = ("house_edge", "variance", "hit_frequency", "element_of_risk")


def test_every_cell_is_what_odds_gives(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "compare",
        "--decks",
        "1,6,inf",
        "--game",
        "punto-banco,ez",
        "--commission",
        "5%,4%",
        "--tie-pays",
        "8,9",
        "--figure",
        "house-edge,variance,hit-frequency,element-of-risk",
        "-b",
        "banker",
        "-b",
        "tie",
        "-b",
        "dragon-7",
        "--format",
        "json",
    )
    assert code == 0, err
    cases = json.loads(out)["cases"]
    assert len(cases) == 3 * 2 * 2 * 2
    for case in cases:
        rules = case["rules"]
        shoe = ["--infinite"] if case["decks"] == "inf" else ["--decks", str(case["decks"])]
        _, odds_out, _ = run(
            capsys,
            "odds",
            *shoe,
            "--game",
            case["game"],
            "--commission",
            rules["commission"],
            "--tie-pays",
            rules["tie_pays"],
            "--bet",
            "dragon-7",
            "--format",
            "json",
        )
        priced: dict[str, Any] = json.loads(odds_out)["bets"]
        for bet, cell in case["bets"].items():
            for figure in FIGURES:
                assert cell[figure] == priced[bet][figure], (case["decks"], bet, figure)


def test_bets_of_a_bets_file_are_compared_as_odds_prices_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    toml = "docs/examples/lucky-match.toml"
    code, out, err = run(
        capsys, "compare", "--decks", "2,8", "--bets-file", toml, "-b", "lucky-match", "-f", "json"
    )
    assert code == 0, err
    cases = json.loads(out)["cases"]
    # --bet adds to Banker, Player and Tie, as everywhere; the file's bets come too
    every = ["banker", "player", "tie", "lucky-match", "player-three-card-poker"]
    assert [list(case["bets"]) for case in cases] == [every] * 2
    for case in cases:
        _, odds_out, _ = run(
            capsys, "odds", "--decks", str(case["decks"]), "--bets-file", toml, "-f", "json"
        )
        priced = json.loads(odds_out)["bets"]
        for bet, cell in case["bets"].items():
            assert cell["house_edge"] == priced[bet]["house_edge"]


def test_house_edges_by_decks_are_the_published_ones() -> None:
    # Wizard of Odds, Baccarat (https://wizardofodds.com/games/baccarat/): Banker house edge
    # 1 deck 1.01 %, 8 decks 1.06 %; Player 1.29 % and 1.24 %.
    result = compare(decks=(1, 8))
    shown = [
        tuple(f"{float(case.figures[b]['house-edge']) * 100:.2f}" for b in ("banker", "player"))
        for case in result.cases
    ]
    assert shown == [("1.01", "1.29"), ("1.06", "1.24")]
    assert result.cases[0].figures["banker"]["house-edge"] == Fraction(49303, 4873050)


def test_decks_are_read_with_inf() -> None:
    assert parse_decks("1,2,4,6,8,inf") == (1, 2, 4, 6, 8, None)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--decks", "0"], "Error: --decks takes whole numbers of decks from 1, or inf: got '0'"),
        (["--decks", "1,,2"], "Error: --decks takes a comma-separated list"),
        (["--figure", "edge"], "Error: unknown figure 'edge'"),
        (["--commission", "1.5"], "Error: commission must be"),
        (["--game", "nope"], "Error: unknown game 'nope'"),
        (["--bet", "dragon7"], "Error: unknown bet 'dragon7': did you mean dragon-7?"),
        (["--decks", "inf", "--remove", "5"], "Error: an infinite shoe has no cards to remove"),
        (["--format", "csv", "--table", "x"], "Error: no table 'x'"),
    ],
)
def test_bad_input_is_one_error_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "compare", *args)
    assert code == 2 and not out and err.startswith(message) and len(err.splitlines()) == 1


def test_formats(capsys: pytest.CaptureFixture[str]) -> None:
    _, table, _ = run(capsys, "compare", "--decks", "1,8")
    assert "1.0117%" in table and "1.0579%" in table
    _, markdown, _ = run(capsys, "compare", "--decks", "1,8", "-f", "markdown")
    first = next(line for line in markdown.splitlines() if line.startswith("| ") and "%" in line)
    assert [cell.strip() for cell in first.strip("|").split("|")] == [
        "1",
        "1.0117%",
        "1.2864%",
        "15.7461%",
    ]
    _, latex, _ = run(capsys, "compare", "--decks", "1,8", "-f", "latex")
    assert latex.startswith("\\begin{tabular}") and "1.0117\\%" in latex
    _, text, _ = run(capsys, "compare", "--decks", "1,8", "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0])[:6] == [
        "decks",
        "game",
        "commission",
        "commission_float",
        "tie_pays",
        "tie_pays_float",
    ]
    assert Fraction(rows[0]["banker_house_edge"]) == Fraction(49303, 4873050)
    assert float(rows[0]["banker_house_edge_float"]) == pytest.approx(49303 / 4873050)


def test_the_table_view_says_once_what_every_case_shares(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, table, _ = run(capsys, "compare", "--decks", "8", "--game", "punto-banco,ez")
    title = table.splitlines()[0]
    assert title == "House edge by decks, game, commission (per unit staked): tie pays 8 to 1"
    header = next(line for line in table.splitlines() if line.startswith("decks"))
    assert "game" in header and "tie pays" not in header


def test_bet_adds_a_column_beside_banker_player_and_tie(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    _, table, _ = run(capsys, "compare", "--bet", "dragon-7", "--bet", "panda-8")
    header = next(line for line in table.splitlines() if line.startswith("decks"))
    assert " ".join(header.split()) == "decks ≈ banker ≈ player ≈ tie ≈ dragon-7 ≈ panda-8"
    assert max(len(line) for line in table.splitlines()) <= 80
    _, out, _ = run(capsys, "compare", "--decks", "8", "--bet", "dragon-7", "-f", "json")
    (case,) = json.loads(out)["cases"]
    # EZ Baccarat's Dragon 7 on 8 decks: house edge 7.61 % (wizardofodds.com/games/ez-baccarat/)
    assert f"{float(Fraction(case['bets']['dragon-7']['house_edge'])):.4f}" == "0.0761"


def test_a_document_is_checked_through_its_request(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "compare.json"
    code, _, err = run(capsys, "check", "--write", str(path), "--", "compare", "--decks", "1,8")
    assert code == 0, err
    document = json.loads(path.read_text())
    assert document["request"]["decks"] == "1,8" and "remove" not in document
    document["request"]["decks"] = "0"
    path.write_text(json.dumps(document))
    code, out, err = run(capsys, "check", str(path))
    assert code == 2
    assert "--decks takes whole numbers of decks from 1, or inf: got '0'" in out + err
