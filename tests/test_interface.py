"""The interface at 80 columns: tables that fit, tidy CSV, help that is not cut short,
``-h`` everywhere, odds --brief, close matches for unknown bets, one wording per option."""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction

import pytest

from baccarat_exact.cli import COMMANDS, GROUPS, whole_app
from tests.cli_runner import run_main

WIDEST = 80
"""The widest line a default table view may write in an 80-column terminal."""

# Every baccarat command's default view (a small simulation; check and schema on their
# own data), and the other views a user meets first.
DEFAULT_VIEWS: list[list[str]] = [
    ["odds"],
    ["odds", "--brief"],
    ["odds", "--game", "ez"],
    ["odds", "--infinite"],
    ["odds", "-b", "perfect-pair", "-b", "dragon-bonus-player"],
    ["games"],
    ["bets"],
    ["bets", "--long"],
    ["bets", "super-6", "big-tiger"],
    ["rules"],
    ["eor"],
    ["formula"],
    ["breakeven"],
    ["schema"],
    ["simulate", "--shoes", "2"],
    ["check", "tests/golden/8-decks.json"],
    ["compare"],
    ["compare", "--figure", "house-edge,variance,hit-frequency,element-of-risk"],
    ["grid"],
    ["grid", "--rows", "banker-first", "--cols", "player-total", "--show", "player-wins"],
    ["grid", "--rows", "player-total", "--cols", "banker-total", "--show", "banker-wins"],
    ["odds", "--player", "? K", "--banker", "9"],
    ["odds", "--stake", "banker=10,player-pair=1,tie=1"],
    ["report"],
    ["report", "--mix", "banker=45,player=40,tie=5,dragon-7=10", "--actual", "3%"],
    ["programs"],
    ["programs", "banker", "--mix", "banker=9,tie=1", "--session", "100,1000", "--cap", "20"],
    ["chemin", "--decks", "1", "--model", "3"],
    [
        "design",
        "dragon-bonus-player",
        "--line",
        "win by 9",
        "--line",
        "win by 8",
        "--line",
        "win by 7",
        "--line",
        "win by 6",
        "--edge",
        "2%..3%",
    ],
]

# Blackjack's quick views (the rest take seconds; their widths are checked in the docs).
BLACKJACK_VIEWS: list[list[str]] = [
    ["blackjack", "rules"],
    ["blackjack", "rules", "--rules", "las-vegas-strip"],
    ["blackjack", "insurance"],
    ["blackjack", "dealer"],
    ["blackjack", "hand", "8 8", "--up", "6"],
    ["blackjack", "round", "--counts", "A=2,2=2,3=2,4=2,5=2,6=2,7=2,8=2,9=2,T=8"],
    ["blackjack", "report", "--counts", "A=2,2=2,3=2,4=2,5=2,6=2,7=2,8=2,9=2,T=8"],
    ["blackjack", "simulate", "--counts", "A=1,5=4,6=4,7=3,8=2,T=8", "--shoes", "3"],
    [
        "blackjack",
        "counting",
        "--shoes",
        "200",
        "--ramp",
        "1:2,2:4,3:8,4:12",
        "--kelly",
        "10000",
        "--max-bet",
        "8",
    ],
    [
        "blackjack",
        "simulate",
        "--counts",
        "A=1,5=4,6=4,7=3,8=2,T=8",
        "--rules",
        "strip",
        "--surrender",
        "early",
        "--double",
        "9-11",
        "--split-by",
        "rank",
        "--triple-seven",
    ],
]

# Commands that write CSV, each once: one rectangular table.
CSV_VIEWS: list[list[str]] = [
    ["odds"],
    ["odds", "--brief"],
    ["odds", "--game", "ez", "--decks", "1"],
    ["games"],
    ["bets"],
    ["bets", "--long"],
    ["rules"],
    ["eor"],
    ["breakeven"],
    ["schema"],
    ["simulate", "--shoes", "2"],
    ["compare", "--game", "punto-banco,ez", "--figure", "house-edge,element-of-risk"],
    ["grid", "--rows", "player-total", "--cols", "banker-first"],
    ["odds", "--stake", "banker=10,tie=1"],
    ["odds", "--player", "? K", "--banker", "9"],
    ["blackjack", "rules"],
    ["blackjack", "dealer"],
    ["blackjack", "insurance"],
    ["blackjack", "hand", "8 8", "--up", "6"],
    ["blackjack", "round", "--counts", "A=2,2=2,3=2,4=2,5=2,6=2,7=2,8=2,9=2,T=8"],
    [
        "blackjack",
        "round",
        "--counts",
        "A=2,2=2,3=2,4=2,5=2,6=2,7=2,8=2,9=2,T=8",
        "--table",
        "summary",
    ],
    ["blackjack", "simulate", "--counts", "A=1,5=4,6=4,7=3,8=2,T=8", "--shoes", "3"],
]


def run(capsys: pytest.CaptureFixture[str], *args: str, columns: int = 80) -> tuple[int, str, str]:
    """``baccarat-exact ARGS`` in a terminal of ``columns`` (80 unless told): exit code, stdout,
    stderr."""
    return run_main(capsys, *args, columns=columns)


@pytest.mark.parametrize("args", DEFAULT_VIEWS + BLACKJACK_VIEWS, ids=" ".join)
def test_every_default_view_fits_in_80_columns(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, _ = run(capsys, *args)
    wide = [line for line in out.splitlines() if len(line) > WIDEST]
    assert code == 0 and out and not wide


def test_a_wider_terminal_shows_the_columns_80_leave_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("odds", "--stake", "perfect-pair=1,dragon-7=1")
    _, narrow, _ = run(capsys, *args)
    _, wide, _ = run(capsys, *args, columns=120)
    assert "not shown for width" in narrow and "not shown for width" not in wide
    assert max(len(line) for line in wide.splitlines()) > 80
    assert max(len(line) for line in wide.splitlines()) <= 120


def test_every_baccarat_command_has_a_view_above() -> None:
    assert {args[0] for args in DEFAULT_VIEWS} == set(COMMANDS) - {"track"}


def test_track_fits_in_80_columns(
    capsys: pytest.CaptureFixture[str],
    tmp_path: pytest.TempPathFactory,
) -> None:
    rounds = tmp_path / "rounds.txt"  # type: ignore[operator]
    rounds.write_text("5 K 9 2 7 3\n8 9 A 4\n")
    code, out, _ = run(capsys, "track", str(rounds))
    assert code == 0 and max(len(line) for line in out.splitlines()) <= WIDEST


@pytest.mark.parametrize("args", CSV_VIEWS, ids=" ".join)
def test_every_csv_is_one_rectangular_table(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, _ = run(capsys, *args, "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and len(rows) >= 2
    assert {len(row) for row in rows} == {len(rows[0])}  # rectangular, header included
    assert len(set(rows[0])) == len(rows[0])  # a header row: every column named once


def test_every_exact_csv_value_has_a_decimal_beside_it(capsys: pytest.CaptureFixture[str]) -> None:
    for args in CSV_VIEWS:
        _, out, _ = run(capsys, *args, "--format", "csv")
        reader = csv.DictReader(io.StringIO(out))
        for row in reader:
            for key, value in row.items():
                if "/" in value and re.fullmatch(r"-?\d+/\d+", value):
                    assert f"{key}_float" in row, (args, key)
                    assert float(row[f"{key}_float"]) == pytest.approx(float(Fraction(value)))


def test_csv_table_picks_a_table_and_names_them_when_wrong(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "odds", "-f", "csv", "--decks", "1")
    bets = list(csv.DictReader(io.StringIO(out)))
    banker = next(row for row in bets if row["bet"] == "banker")
    assert code == 0 and Fraction(banker["ev"]) == Fraction(-49303, 4873050)  # 1 deck, WoO
    code, out, _ = run(capsys, "odds", "-f", "csv", "--table", "outcomes")
    outcomes = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and int(outcomes[0]["count"]) == 2_292_252_566_437_888  # published
    code, out, err = run(capsys, "odds", "-f", "csv", "--table", "nope")
    assert code == 2 and not out
    assert err.startswith("Error: no table 'nope'") and "pay-lines" in err
    assert len(err.splitlines()) == 1


def test_odds_leads_with_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds")
    first = out.split("\n\n")[1].splitlines()  # the table under the title
    assert first[0].split()[:8] == ["bet", "pays", "≈", "P(win)", "≈", "P(push)", "≈", "house"]
    banker = first[2].split()
    assert banker[0] == "banker" and banker[4] == "1.0579%"  # Wizard of Odds: 1.06 %
    assert banker[5] == "-0.010579"


def test_odds_brief_is_one_line_per_bet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--brief", "--decks", "1")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2 + 3  # header, rule, banker player tie
    banker = lines[2].split()
    assert banker[0] == "banker" and Fraction(banker[2]) == Fraction(-49303, 4873050)
    assert banker[3] == "1.0117%"  # 1 deck, Wizard of Odds: 1.01%


def test_odds_shows_the_house_edge_once(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds")
    assert out.count("1.0579%") == 1
    assert "surebet: wins with probability over 90 % (some casinos bar it from bonus" in out


def _help_commands() -> list[list[str]]:
    """Every command and group's command path."""
    import typer.main

    root = typer.main.get_command(whole_app())
    paths: list[list[str]] = [[]]
    for name, command in root.commands.items():  # type: ignore[attr-defined]
        paths.append([name])
        if hasattr(command, "commands"):
            paths.extend([name, sub] for sub in command.commands)
    return paths


@pytest.mark.parametrize("path", _help_commands(), ids=lambda p: " ".join(p) or "root")
def test_help_at_80_columns_cuts_no_option_short(
    capsys: pytest.CaptureFixture[str], path: list[str]
) -> None:
    code, out, _ = run(capsys, *path, "-h")
    assert code == 0 and out.startswith("Usage: baccarat-exact")
    option_names = re.findall(r"--[a-z0-9-]+\S?", out)
    assert option_names and not any(name.endswith("…") for name in option_names)
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize("columns", [80, 120])
def test_root_help_shows_every_summary_whole(
    capsys: pytest.CaptureFixture[str], columns: int
) -> None:
    for path in ([], ["blackjack"]):
        code, out, _ = run(capsys, *path, "--help", columns=columns)
        commands = out.split("Commands:\n", 1)[1]
        assert code == 0 and "..." not in commands
        assert max(len(line) for line in out.splitlines()) <= columns


SAME_OPTION_OTHER_WORDS = {
    "--quiet": "check prints its summary alone; a long command shows no progress bar",
    "--decks": "a number of decks, but a list in compare and a number or d in breakeven",
    "--game": "one game, but in compare a comma-separated list of the games compared",
    "--commission": "one commission, but in compare a list of the commissions compared",
    "--tie-pays": "one Tie pay, but in compare a list of the pays compared",
    "--up": "hand needs the up card; dealer shows every up card unless given one",
}
"""Options whose help rightly differs between commands, and why."""


def test_one_option_has_one_wording() -> None:
    """An option several commands take says the same thing in each (docs/cli.md's table)."""
    from docs.gen_cli import leaf_commands

    helps: dict[str, set[str]] = {}
    for _, command in leaf_commands():
        for param in getattr(command, "params", []):
            if getattr(param, "param_type_name", "") == "option" and not param.hidden:
                helps.setdefault(max(param.opts, key=len), set()).add(param.help or "")
    differ = {
        name: sorted(texts)
        for name, texts in helps.items()
        if len(texts) > 1 and name not in SAME_OPTION_OTHER_WORDS
    }
    assert not differ


def test_every_group_and_command_is_in_the_help_test() -> None:
    names = {path[0] for path in _help_commands() if path}
    assert names == set(COMMANDS) | set(GROUPS)


def test_shell_completion_is_offered(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "--install-completion" in out and "--show-completion" in out


def test_an_unknown_bet_names_the_close_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "odds", "--bet", "dragon7")
    assert code == 2 and not out
    assert err.startswith("Error: unknown bet 'dragon7': did you mean dragon-7?")
    code, out, err = run(capsys, "bets", "panda8")
    assert code == 2 and "did you mean panda-8?" in err and len(err.splitlines()) == 1


def test_bets_name_shows_that_bet_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bets", "dragon-7")
    assert code == 0 and "Dragon 7" in out and "Pay tables" in out and "panda-8" not in out
    code, out, _ = run(capsys, "bets", "dragon-7", "-f", "json")
    document = json.loads(out)
    assert [bet["name"] for bet in document["bets"]] == ["dragon-7"]
    assert document["bets"][0]["lines"][0]["pays"] == "40"  # EZ Baccarat: Dragon 7 pays 40


def test_bets_default_view_is_short(capsys: pytest.CaptureFixture[str]) -> None:
    _, short, _ = run(capsys, "bets")
    _, long, _ = run(capsys, "bets", "--long")
    assert "wins when" not in short and "wins when" in long and "Pay tables" in long


def test_track_csv_is_one_rectangular_table_with_decimals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "track", "docs/examples/rounds.txt", "-f", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 2  # the example file has one bad line, reported on stderr
    assert {len(row) for row in rows} == {len(rows[0])} and len(rows) > 2
    records = list(csv.DictReader(io.StringIO(out)))
    start = records[0]  # the full 8-deck shoe: the published Banker count over the total
    assert Fraction(start["banker_win"]) == Fraction(2_292_252_566_437_888, 4_998_398_275_503_360)
    assert float(start["banker_win_float"]) == pytest.approx(
        2_292_252_566_437_888 / 4_998_398_275_503_360
    )
