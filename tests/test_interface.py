"""The interface at 80 columns: tables that fit, tidy CSV, help that is not cut short,
``-h`` everywhere, odds --brief, close matches for unknown bets, one wording per option."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from baccarat_exact.cli import COMMANDS, GROUPS, whole_app
from baccarat_exact.report.model import Report, Table
from tests.cli_runner import run_main
from tests.identifiers import IDENTIFIER, strays, table_names

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
    ["banque", "--infinite"],
    ["submission", "lucky-6", "--shoes", "200"],
    ["lucky-draw", "--decks", "1", "--model", "total"],
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


NARROW = 60
"""A narrow terminal every default view also fits (its reports rendered again)."""


@pytest.mark.parametrize("args", DEFAULT_VIEWS + BLACKJACK_VIEWS, ids=" ".join)
def test_every_default_view_fits_in_80_columns_and_in_60(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """At 80 columns as run; at 60, the same reports rendered again (no second run). A
    table that loses columns keeps those that carry its answer while others remain."""
    from baccarat_exact.report import render

    reports = []
    table_view = render.render_table

    def kept(report: Report, width: int | None = None) -> str:
        reports.append(report)
        return table_view(report, width)

    monkeypatch.setattr(render, "render_table", kept)
    code, out, _ = run(capsys, *args)
    wide = [line for line in out.splitlines() if len(line) > WIDEST]
    assert code == 0 and out and not wide
    for report in reports:
        narrow = table_view(report, NARROW)
        assert not [line for line in narrow.splitlines() if len(line) > NARROW], narrow
        for block in report.blocks:
            if not isinstance(block, Table) or not block.rows:
                continue
            dropped = set(render._fitted(block, NARROW)[1])
            others = {i for i, c in enumerate(block.columns) if i and not c.carries_answer}
            if any(block.columns[i].carries_answer for i in dropped):
                assert others <= dropped, (block.key, dropped)


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


def test_track_keeps_the_bets_named_where_the_width_runs_out(
    capsys: pytest.CaptureFixture[str],
    tmp_path: pytest.TempPathFactory,
) -> None:
    """EZ Baccarat with two pair bets named: at 80 columns the game's own bets make way
    for them, and the opening names those left out."""
    rounds = tmp_path / "rounds.txt"  # type: ignore[operator]
    rounds.write_text("5 K 9 2 7 3\n8 9 A 4\n")
    args = ("track", str(rounds), "--game", "ez", "--bet", "player-pair", "--bet", "perfect-pair")
    code, out, _ = run(capsys, *args)
    head = next(line for line in out.splitlines() if line.startswith("line "))
    assert code == 0 and head.split()[-2:] == ["player-pair", "perfect-pair"]
    assert "dragon-7" not in head and "dragon-7" in " ".join(out.split()).split("Not shown")[1]
    assert max(len(line) for line in out.splitlines()) <= WIDEST
    for columns in (40, 60):
        code, out, _ = run(capsys, *args, columns=columns)
        head = next(line for line in out.splitlines() if line.startswith("line "))
        assert code == 0 and "player-pair" in head


@pytest.mark.parametrize("args", CSV_VIEWS, ids=" ".join)
def test_every_csv_is_one_rectangular_table_with_a_decimal_beside_each_exact_value(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, _ = run(capsys, *args, "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and len(rows) >= 2
    assert {len(row) for row in rows} == {len(rows[0])}  # rectangular, header included
    assert len(set(rows[0])) == len(rows[0])  # a header row: every column named once
    for row in csv.DictReader(io.StringIO(out)):
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
    assert err.startswith("Error: no table 'nope'") and "pay_lines" in err
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
    "--format": "schema writes a schema as JSON alone; the other formats are for its list",
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


# -- issue 39: the README's contract: every command takes -f and -t ----------------------

BACCARAT_SHOE = "A=3,3=4,5=3,8=2,9=3,K=4"
"""Nineteen cards: every baccarat command's cheapest shoe (the golden *-19-cards)."""
BLACKJACK_SHOE = "A=2,5=3,7=4,9=2,T=8"
"""Nineteen cards: every blackjack command's cheapest shoe (the golden *-19-cards)."""
CHEAPEST = {
    "odds": ("odds", "--counts", BACCARAT_SHOE),
    "grid": ("grid", "--counts", BACCARAT_SHOE),
    "check": ("check", "tests/golden/rules-ez.json"),
    "schema": ("schema",),
    "rules": ("rules",),
    "games": ("games", "--counts", BACCARAT_SHOE),
    "bets": ("bets", "--decks", "1", "dragon-7"),
    "eor": ("eor", "--counts", BACCARAT_SHOE),
    "simulate": ("simulate", "--counts", "A=8,3=8,5=8,8=8,9=8,K=8", "--shoes", "2", "-q"),
    "track": ("track", "docs/examples/shoe-rounds.txt"),
    "formula": ("formula", "tie"),
    "breakeven": ("breakeven", "--counts", BACCARAT_SHOE),
    "compare": ("compare", "--decks", "1,2"),
    "report": ("report", "--counts", BACCARAT_SHOE, "--rounds", "10", "banker"),
    "design": ("design", "dragon-7", "--line", "win", "--counts", BACCARAT_SHOE, "--edge",
               "0%..50%", "--max-pay", "50"),
    "programs": ("programs", "--counts", BACCARAT_SHOE, "--mix", "banker=9,tie=1"),
    "submission": ("submission", "dragon-7", "--counts", BACCARAT_SHOE, "--shoes", "5"),
    "chemin": ("chemin", "--infinite", "--model", "A1"),
    "banque": ("banque", "--counts", "infinite: 2=3,5=3,T=2"),
    "lucky-draw": ("lucky-draw", "--counts", BACCARAT_SHOE),
    "dragon-tiger odds": ("dragon-tiger", "odds", "--decks", "1"),
    "dragon-tiger eor": ("dragon-tiger", "eor", "--counts", BACCARAT_SHOE),
    "dragon-tiger simulate": (
        "dragon-tiger", "simulate", "--decks", "1", "--shoes", "2", "--only", "dragon", "-q"
    ),
    "blackjack rules": ("blackjack", "rules"),
    "blackjack rulesets": ("blackjack", "rulesets", "--float", "-q"),
    "blackjack dealer": ("blackjack", "dealer", "--counts", BLACKJACK_SHOE),
    "blackjack hand": ("blackjack", "hand", "T 5", "--up", "T", "--counts", BLACKJACK_SHOE),
    "blackjack insurance": ("blackjack", "insurance", "--counts", BLACKJACK_SHOE),
    "blackjack edge": ("blackjack", "edge", "--counts", BLACKJACK_SHOE),
    "blackjack eor": ("blackjack", "eor", "--counts", BLACKJACK_SHOE),
    "blackjack strategy": ("blackjack", "strategy", "--counts", BLACKJACK_SHOE),
    "blackjack round": ("blackjack", "round", "--counts", BLACKJACK_SHOE, "-q"),
    "blackjack report": ("blackjack", "report", "--counts", BLACKJACK_SHOE, "--rounds", "10",
                         "-q"),
    "blackjack simulate": ("blackjack", "simulate", "--counts", "A=4,5=6,7=8,9=4,T=16", "--shoes",
                           "2", "--float", "-q"),
    "blackjack indices": ("blackjack", "indices", "--counts", "A=1,2=1,3=1,4=1,5=1,6=1,7=1,8=1,"
                          "9=1,T=8", "--rules", "us", "--decks-left", "15/52", "--true-counts",
                          "-1..1", "--samples", "2", "--decisions", "16vT", "-q"),
    "blackjack counting": ("blackjack", "counting", "--counts", "A=4,5=6,7=8,9=4,T=16", "--shoes",
                           "2", "-q"),
}  # fmt: skip
"""Each command with its cheapest arguments (seconds at most on one core)."""

FORMATS = ("table", "csv", "json", "markdown", "latex")


def command_paths() -> set[str]:
    """Every command of the tool, as typed after ``baccarat-exact``."""
    import typer

    def walk(command: Any, path: str) -> Iterator[str]:
        subcommands = getattr(command, "commands", None)
        if not subcommands:
            yield path
        for name, sub in (subcommands or {}).items():
            yield from walk(sub, f"{path} {name}".strip())

    return set(walk(typer.main.get_command(whole_app()), ""))


def test_every_command_is_walked() -> None:
    assert set(CHEAPEST) == command_paths(), command_paths() ^ set(CHEAPEST)


@pytest.fixture(scope="module")
def computed_once() -> Iterator[None]:
    """Each request computed once for the module, whatever format it is then shown in:
    the formats are renderings of one result (``Request.run``), so the walk over every
    format costs one computation a command."""
    from baccarat_exact.commands.base import Request

    results: dict[tuple[type, str], Any] = {}
    originals: dict[type, Any] = {}
    run = Request.run

    def remembering(self: Any, context: Any = None, view: Any = None) -> Any:
        kind = type(self)
        if kind not in originals:
            originals[kind] = kind.compute

            def compute(request: Any, how: Any, kind: type = kind) -> Any:
                key = (kind, repr(request))
                if key not in results:
                    results[key] = originals[kind](request, how)
                return results[key]

            kind.compute = compute  # type: ignore[method-assign]
        return run(self, context, view) if view is not None else run(self, context)

    Request.run = remembering  # type: ignore[method-assign]
    try:
        yield
    finally:
        Request.run = run  # type: ignore[method-assign]
        for kind, compute in originals.items():
            kind.compute = compute  # type: ignore[method-assign]


@pytest.mark.usefixtures("computed_once")
@pytest.mark.parametrize("name", sorted(CHEAPEST))
def test_every_command_in_every_format(capsys: pytest.CaptureFixture[str], name: str) -> None:
    """Every command writes every format (exit 0, something written, JSON a document, CSV
    a header and rows); ``-t`` with a name it does not have is one line listing the names
    (schema of a kind: JSON alone, ``-f``/``-t`` refused in one line)."""
    args = CHEAPEST[name]
    for fmt in FORMATS:
        code, out, err = run_main(capsys, *args, "-f", fmt)
        assert code == 0 and out.strip(), (name, fmt, err)
        if fmt == "json":
            assert isinstance(json.loads(out), dict), name
            if name != "schema":  # JSON Schema's keywords ($ref) are the standard's
                assert strays(json.loads(out)) == [], name  # identifiers or data
        if fmt == "csv":
            assert "," in out.splitlines()[0], (name, out[:200])
    code, out, err = run_main(capsys, *args, "-t", "no-such-table")
    assert code == 2 and err.startswith("Error: ") and err.count("\n") == 1, (name, err)
    assert "no-such-table" in err, (name, err)
    assert all(IDENTIFIER.fullmatch(n) for n in table_names(err)), (name, err)


def test_schema_of_a_kind_is_json_alone(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "schema", "odds", "-f", "json")
    assert code == 0 and json.loads(out)["title"]
    for fmt in ("table", "csv", "markdown", "latex"):
        code, out, err = run_main(capsys, "schema", "odds", "-f", fmt)
        assert code == 2 and out == "" and err.count("\n") == 1 and "-f json" in err, err
    code, out, err = run_main(capsys, "schema", "odds", "-t", "anything")
    assert code == 2 and out == "" and err.count("\n") == 1 and "-t" in err, err


def test_check_reports_its_results_in_every_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = json.loads(Path("tests/golden/rules-ez.json").read_text("utf-8"))
    broken["rules"]["commission"] = "1/3"  # a stored value that differs
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    code, out, err = run_main(capsys, "check", str(path), "-f", "json")
    assert code == 1, err
    tables = json.loads(out)["tables"]
    assert tables["documents"][0]["outcome"] == "FAIL"
    assert tables["differences"][0]["path"] == "rules.commission"
    code, out, err = run_main(capsys, "check", str(path), "-t", "differences", "-f", "csv")
    assert code == 1 and out.startswith("document,path,expected,got\n") and "1/3" in out
    code, out, err = run_main(
        capsys, "check", "--write", str(tmp_path), "-f", "json", "--", "rules"
    )
    assert code == 2 and err.count("\n") == 1 and "--write" in err, err


@pytest.mark.parametrize(
    "args",
    [
        ("report", "--counts", BACCARAT_SHOE, "--rounds", "10", "banker", "--html", "/dev/full"),
        ("eor", "--counts", BACCARAT_SHOE, "--plot", "{full}.png"),
        ("check", "--write", "/proc/baccarat-exact-rules.json", "--", "rules"),
    ],
    ids=["html", "plot", "check-write"],
)
def test_every_write_error_is_exit_74(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: tuple[str, ...]
) -> None:
    """A file the command line was told to write that cannot be written (a full disk:
    /dev/full) is one line and exit 74, as standard output's write errors are."""
    full = tmp_path / "full"
    (tmp_path / "full.png").symlink_to("/dev/full")  # a PNG name on a full disk
    given = [arg.format(full=full) for arg in args]
    code, _out, err = run_main(capsys, *given)
    assert code == 74 and err.startswith("Error: cannot") and err.count("\n") == 1, (code, err)
