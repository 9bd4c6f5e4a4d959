"""The formula and breakeven commands: output forms, exactness of JSON, input errors."""

from __future__ import annotations

import csv
import doctest
import io
import json
import re
import shlex
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from baccarat_exact.engine.counting import six_card_total
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from tests.cli_runner import run_app, run_main

# DESIGN.md / casinoexploit.com/baccarat.html: 8-deck six-card counts.
BANKER_8, PLAYER_8, TIE_8 = 2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216


def run(*args: str) -> tuple[int, str, str]:
    """In an 80-column terminal, as docs/gen_examples.py runs the pages' examples."""
    return run_app(*args, columns=80)


def run_wide(*args: str) -> tuple[int, str, str]:
    """For the text checks: a terminal wide enough that no column is left out."""
    return run_app(*args, columns=160)


def _evaluate(coefficients: list[int], d: int) -> int:
    return sum(c * d**i for i, c in enumerate(coefficients))


# -- formula ---------------------------------------------------------------------------


def test_formula_text_shows_formulas_limits_and_series() -> None:
    code, out, _ = run_wide("formula")
    assert code == 0
    assert out.startswith("Formulas in the number of decks d: d decks; punto-banco")
    assert "Exact for every whole number of decks d ≥ 1" in out
    assert "(13*(13*d - 1)*(26*d - 1)*(52*d - 5)*(52*d - 3)*(52*d - 1))" in out
    assert "+ O(1/d**4)" in out
    # the limit column shows the engine's own infinite-shoe value (an identity, not a typed number)
    infinite_banker = odds(Shoe.infinite_shoe()).probability("banker")
    assert str(infinite_banker) in out
    limits = out.split("Limits as d → ∞")[1].split("\n\n")[0].splitlines()[3:]
    assert [line.rsplit(" ", 1)[-1] for line in limits] == ["yes"] * 11


def test_formula_json_has_exact_integer_coefficients() -> None:
    code, out, _ = run("formula", "--format", "json")
    document = json.loads(out)
    assert code == 0 and document["schema"] == 3 and document["variable"] == "d"
    assert document["request"]["bets"] == {"names": [], "definitions": {}, "only_named": False}
    total = six_card_total(416)
    for name, count in (("banker", BANKER_8), ("player", PLAYER_8), ("tie", TIE_8)):
        formula = document["outcomes"][name]
        assert all(isinstance(c, int) for c in formula["numerator"] + formula["denominator"])
        value = Fraction(_evaluate(formula["numerator"], 8), _evaluate(formula["denominator"], 8))
        assert value == Fraction(count, total)
        assert formula["limit"] == formula["infinite_shoe"]
    assert len(document["bets"]["tie"]["ev"]["series"]) == 4


def test_formula_latex() -> None:
    code, out, _ = run("formula", "tie", "--format", "latex", "--terms", "2")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("% baccarat-exact formula: d decks;")
    assert lines[2] == r"\begin{align*}" and r"\end{align*}" in lines
    assert r"\mathrm{EV}_{\text{tie}}" in out and r"O\left(d^{-2}\right)" in out
    assert r"P_{\text{banker}}" not in out
    # the limits follow the typeset formulas, as a table
    assert lines.index(r"\end{align*}") < lines.index(r"\begin{tabular}{llrrrr}")


def test_formula_with_removed_cards_says_from_which_d() -> None:
    code, out, _ = run_wide("formula", "player", "--remove", "5x5 K", "--commission", "4%")
    assert code == 0
    assert "d decks less 5x5 K; punto-banco, commission 1/25" in out
    assert "d ≥ 2 (fewer decks cannot hold the removed cards)" in out


def test_formula_is_deterministic() -> None:
    assert run("formula", "-f", "json")[1] == run("formula", "-f", "json")[1]


def test_formula_unknown_bet_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "formula", "nonsense")
    assert code == 2 and out == ""
    assert err.startswith("Error: unknown bet 'nonsense'") and err.count("\n") == 1


def test_formula_bad_card_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(capsys, "formula", "--remove", "Z")
    assert code == 2 and err.count("\n") == 1 and "'Z'" in err


def test_formula_bad_terms_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(capsys, "formula", "--terms", "0")
    assert code == 2 and err.startswith("Error: ") and err.count("\n") == 1


def test_formula_bad_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(capsys, "formula", "--format", "text")
    assert code == 2 and err.startswith("Error: ") and err.count("\n") == 1


def test_formula_csv_is_a_table_of_formulas_with_snake_case_headers() -> None:
    code, out, _ = run("formula", "tie", "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and list(rows[0]) == ["bet", "value", "formula", "limit", "limit_float"]
    assert [row["value"] for row in rows] == ["P(win)", "P(lose)", "EV"]
    # the tie's limit is P(tie) on an infinite shoe (vegastrip.com, see test_formulas)
    assert round(float(Fraction(rows[0]["limit"])) * 100, 4) == 9.5426
    code, out, _ = run("formula", "tie", "-f", "csv", "-t", "limits")
    header = out.splitlines()[0].split(",")
    assert code == 0 and header[:4] == ["bet", "value", "limit", "limit_float"]
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", name) for name in header)


def test_formula_markdown_shows_the_formulas() -> None:
    code, out, _ = run("formula", "tie", "-f", "markdown")
    assert code == 0 and out.startswith("## Formulas in the number of decks d: d decks;")
    assert "| tie   | EV      | -4*(21804800*d**5" in out


def test_formula_table_option_picks_the_limits(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_wide("formula", "tie", "-t", "limits")
    assert code == 0 and "P(win)" in out and "d**" not in out
    code, _, err = run_main(capsys, "formula", "-t", "nothing")
    assert code == 2 and err == "Error: no table 'nothing' in this output: choose one of limits\n"


def test_formula_bet_adds_to_the_default_bets_and_positional_bets_are_the_only_ones() -> None:
    document = json.loads(run("formula", "--bet", "dragon-7", "-f", "json")[1])
    assert list(document["bets"]) == ["banker", "player", "tie", "dragon-7"]
    assert document["request"]["bets"]["only_named"] is False
    document = json.loads(run("formula", "tie", "--bet", "dragon-7", "-f", "json")[1])
    assert list(document["bets"]) == ["tie", "dragon-7"]
    assert document["request"]["bets"] == {
        "names": ["tie", "dragon-7"],
        "definitions": {},
        "only_named": True,
    }


# -- breakeven -------------------------------------------------------------------------


def test_breakeven_table() -> None:
    code, out, _ = run_wide("breakeven")
    assert code == 0
    assert "Break-even pays: 8 decks (416 cards)" in out
    # tie is fair at P(not tie)/P(tie), from the published 8-deck counts
    fair_tie = Fraction(BANKER_8 + PLAYER_8, TIE_8)
    assert f"tie is fair when its win pays {fair_tie}" in out
    assert "banker is fair at a commission of" in out


def test_breakeven_csv_is_exact() -> None:
    code, out, _ = run("breakeven", "tie", "--decks", "8", "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and rows[0]["line"] == "win"
    assert list(rows[0]) == ["bet", "line", "pays", "pays_float", "break_even", "break_even_float"]
    assert Fraction(rows[0]["break_even"]) == Fraction(BANKER_8 + PLAYER_8, TIE_8)
    code, out, _ = run("breakeven", "tie", "-f", "csv", "-t", "linear-ev")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and Fraction(rows[0]["probability"]) == Fraction(TIE_8, six_card_total(416))
    assert list(rows[0]) == [
        "bet",
        "line",
        "pays",
        "pays_float",
        "probability",
        "probability_float",
    ]


def test_breakeven_in_d_csv_has_the_limit_beside_its_decimal() -> None:
    code, out, _ = run("breakeven", "tie", "-d", "d", "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and list(rows[0]) == [
        "bet",
        "line",
        "pays",
        "pays_float",
        "break_even",
        "limit",
        "limit_float",
    ]
    assert "d**" in rows[0]["break_even"]


def test_breakeven_bet_adds_to_the_default_bets_and_positional_bets_are_the_only_ones() -> None:
    document = json.loads(run("breakeven", "--bet", "dragon-7", "-f", "json")[1])
    assert list(document["bets"]) == ["banker", "player", "tie", "dragon-7"]
    document = json.loads(run("breakeven", "dragon-7", "-f", "json")[1])
    assert list(document["bets"]) == ["dragon-7"] and document["request"]["bets"]["only_named"]


def test_breakeven_decks_help_says_it_also_takes_d() -> None:
    _, out, _ = run_wide("breakeven", "--help")
    help_text = " ".join(out.split())
    assert "unlike other commands' --decks, d: every value a function of the number of decks d" in (
        help_text
    )


def test_breakeven_prices_card_bets_on_one_shoe_and_refuses_them_in_d(
    capsys: pytest.CaptureFixture[str],
) -> None:
    toml = "docs/examples/lucky-match.toml"
    code, out, _ = run("breakeven", "lucky-match", "--bets-file", toml, "-f", "json")
    assert code == 0 and "lucky-match" in json.loads(out)["bets"]
    code, out, err = run_main(capsys, "breakeven", "-d", "d", "--bets-file", toml)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("Error: lucky-match, player-three-card-poker look at the ranks")


def test_breakeven_in_d_json() -> None:
    code, out, _ = run("breakeven", "--decks", "d", "--remove", "9", "--format", "json")
    document = json.loads(out)
    assert code == 0 and document["symbolic"] is True and document["request"]["symbolic"]
    assert document["request"]["shoe"] == {
        "decks": None,
        "counts": None,
        "remove": "9",
        "infinite": False,
    }
    assert document["shoe"] == {"decks": "d", "removed": "9", "valid_from_decks": 1}
    commission = document["bets"]["banker"]["fair_commission"]
    assert all(isinstance(c, int) for c in commission["numerator"])
    assert document["bets"]["tie"]["lines"][0]["symbol"] == "x_win"


def test_breakeven_in_d_table() -> None:
    code, out, _ = run_wide("breakeven", "tie", "-d", "d")
    assert code == 0 and "Break-even pays: d decks;" in out and "as d → ∞" in out


def test_breakeven_infinite_shoe() -> None:
    code, out, _ = run("breakeven", "--infinite", "--format", "json")
    document = json.loads(out)
    tie = document["bets"]["tie"]["lines"][0]
    # P(tie) on the infinite shoe is 9.5426 % (vegastrip.com/game_baccarat.html, see
    # test_formulas); the fair pay is (1 - p)/p.
    assert code == 0 and round(float(Fraction(tie["probability"])) * 100, 4) == 9.5426
    assert Fraction(tie["fair_pay"]) == (1 - Fraction(tie["probability"])) / Fraction(
        tie["probability"]
    )


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        (["breakeven", "--decks", "x"], "'x'"),
        (["breakeven", "--decks", "0"], "'0'"),
        (["breakeven", "--decks", "d", "--counts", "A=8"], "--decks d and --counts conflict"),
        (["breakeven", "--decks", "d", "--infinite"], "--infinite"),
        (["breakeven", "--decks", "2", "--counts", "A=8"], "--counts"),
        (["breakeven", "--decks", "1", "--remove", "Kx5"], "5 kings"),
        (["breakeven", "--tie-pays", "lots"], "'lots'"),
    ],
)
def test_breakeven_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], quoted: str
) -> None:
    code, out, err = run_main(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("Error: ") and err.count("\n") == 1 and quoted in err


def test_sympy_is_not_imported_by_the_cli() -> None:
    code = "import sys, baccarat_exact.cli; print('sympy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_formula_for_a_game_includes_its_side_bets() -> None:
    code, out, _ = run_wide("formula", "--game", "ez", "--terms", "1")
    assert code == 0 and "ez, commission 0" in out
    assert "P(win with three-card 7)" in out and "dragon-7 (pays: win 40, lose -1)" in out


def test_formula_of_a_pair_bet() -> None:
    code, out, _ = run_wide("formula", "player-pair")
    assert code == 0 and "P(pair) = (4*d - 1)/(52*d - 1)" in out  # 4d - 1 of 52d - 1 cards


# -- docs/formulas.md shows the tool as it is -------------------------------------------

PAGE = Path(__file__).resolve().parent.parent / "docs" / "formulas.md"
EXAMPLE = re.compile(r"```console\n\$ baccarat-exact (?P<args>[^\n]*)\n(?P<output>.*?)\n```", re.S)


@pytest.mark.parametrize(("args", "output"), EXAMPLE.findall(PAGE.read_text(encoding="utf-8")))
def test_formulas_page_shows_real_output(args: str, output: str) -> None:
    code, out, _ = run(*shlex.split(args))
    shown = "\n".join(line.rstrip() for line in out.splitlines())
    assert code == 0 and shown.rstrip() == output.rstrip(), f"docs/formulas.md: {args!r} changed"


def test_formulas_page_examples_run() -> None:
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    failed, attempted = doctest.testfile(str(PAGE), module_relative=False, optionflags=flags)
    assert attempted > 0 and failed == 0


def test_formula_of_a_bet_from_a_file(tmp_path: Path) -> None:
    # the Dragon 7 pay table written by hand: 8-deck wins 112,633,011,329,024 (see
    # test_formulas for the source)
    path = tmp_path / "mine.toml"
    path.write_text(
        '[[bet]]\nname = "my-dragon"\n[[bet.line]]\nname = "win"\npays = 40\n'
        'when = { winner = "banker", banker_cards = 3, banker_total = 7 }\n',
        encoding="utf-8",
    )
    code, out, _ = run("formula", "my-dragon", "--bets-file", str(path), "-f", "json")
    win = json.loads(out)["bets"]["my-dragon"]["lines"][0]["probability"]
    value = Fraction(_evaluate(win["numerator"], 8), _evaluate(win["denominator"], 8))
    assert code == 0 and value == Fraction(112_633_011_329_024, six_card_total(416))


# -- check runs the stored request the command line's way --------------------------------


@pytest.mark.parametrize(
    ("command", "change", "message"),
    [
        (["formula", "tie", "--terms", "2"], {"terms": 0}, "--terms must be 1 to 12, got 0"),
        (
            ["breakeven", "tie", "--decks", "d"],
            {"shoe": {"counts": "A=8"}},
            "--decks d and --counts conflict: d means whole decks",
        ),
        (
            ["breakeven", "tie"],
            {"bets": {"names": ["dragon7"], "only_named": True}},
            "unknown bet 'dragon7': did you mean dragon-7?",
        ),
    ],
)
def test_a_stored_request_is_checked_and_refused_as_the_command_line_is(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    command: list[str],
    change: dict[str, object],
    message: str,
) -> None:
    path = tmp_path / "document.json"
    code, _, err = run_main(capsys, "check", "--write", str(path), "--", *command)
    assert code == 0, err
    code, out, _ = run_main(capsys, "check", str(path))
    assert code == 0 and out.startswith(f"ok   {path}: ")
    document = json.loads(path.read_text())
    document["request"] = {**document["request"], **change}
    path.write_text(json.dumps(document))
    code, out, err = run_main(capsys, "check", str(path))
    assert code == 2 and message in out + err
