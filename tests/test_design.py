"""``design``: pay tables for a target house edge, against published pay tables and a brute
force over the same grid."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import baccarat_exact.analysis.design as design_module
from baccarat_exact.analysis.design import Grid, design, parse_range
from baccarat_exact.commands.check import check_document
from baccarat_exact.commands.design import DesignRequest
from baccarat_exact.commands.inputs import RulesInput
from baccarat_exact.commands.schemas import schema
from baccarat_exact.errors import BetsFileError, RequestError, RulesError
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.custom_bets import parse_bets
from baccarat_exact.model.games import find_rules
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from baccarat_exact.stats import bet_stats
from tests.cli_runner import run_app

ROOT = Path(__file__).parent.parent
GOLDEN = Path(__file__).parent / "golden"
TWO_LINES = ROOT / "docs" / "examples" / "sevens-and-eights.toml"

# Wizard of Odds, "EZ Baccarat" (https://wizardofodds.com/games/ez-baccarat/), 8 decks:
# Dragon 7 pays 40 to 1 and wins in 112,633,011,329,024 of the 4,998,398,275,503,360
# six-card sequences; Panda 8 pays 25 to 1 and wins in 172,660,763,262,976 of them.
TOTAL_8 = 4_998_398_275_503_360
DRAGON_7_PAYS, DRAGON_7_WINS = 40, 112_633_011_329_024
PANDA_8_PAYS, PANDA_8_WINS = 25, 172_660_763_262_976


def run(*args: str) -> tuple[int, str, str]:
    """``baccarat-exact design ARGS``: (exit code, stdout, stderr)."""
    return run_app("design", *args)


def one_line_bet_figures(pays: int, wins: int) -> tuple[Fraction, Fraction]:
    """House edge and variance of a bet paying ``pays`` to 1 on ``wins`` of ``TOTAL_8``."""
    p = Fraction(wins, TOTAL_8)
    ev = pays * p - (1 - p)
    return -ev, pays * pays * p + (1 - p) - ev * ev


# -- the published pay tables ------------------------------------------------------------


@pytest.mark.parametrize(
    ("bet", "edge", "pays", "wins"),
    [
        ("dragon-7", "7%..8%", DRAGON_7_PAYS, DRAGON_7_WINS),
        ("panda-8", "9%..11%", PANDA_8_PAYS, PANDA_8_WINS),
    ],
)
def test_design_finds_the_published_pay_among_those_in_the_edge_range(
    bet: str, edge: str, pays: int, wins: int
) -> None:
    ez = RulesInput(game="ez")  # 8 decks, EZ Baccarat: the game the pay tables are for
    document = DesignRequest(rules=ez, bet=bet, lines=("win",), edge=edge).run().document()
    assert document is not None
    found = {table["pays"][0]: table for table in document["tables"]}
    assert str(pays) in found
    house_edge, variance = one_line_bet_figures(pays, wins)
    assert Fraction(found[str(pays)]["house_edge"]) == house_edge
    assert Fraction(found[str(pays)]["variance"]) == variance
    assert Fraction(found[str(pays)]["hit_frequency"]) == Fraction(wins, TOTAL_8)
    # every whole-number pay in range is there and no other: the edge 1 − (x + 1)·p is in
    # the range exactly for these x
    low, high = parse_range(edge, "--edge")
    p = Fraction(wins, TOTAL_8)
    expected = [x for x in range(1, 1001) if low <= 1 - (x + 1) * p <= high]
    assert sorted(int(x) for x in found) == expected
    assert document["found"] == len(expected)


def test_the_golden_dragon_7_document_holds_the_published_figures() -> None:
    document = json.loads((GOLDEN / "design-dragon-7-8-decks.json").read_text())
    house_edge, variance = one_line_bet_figures(DRAGON_7_PAYS, DRAGON_7_WINS)
    (table,) = document["tables"]
    assert table["pays"] == ["40"]
    assert Fraction(table["house_edge"]) == house_edge
    assert Fraction(table["variance"]) == variance
    assert round(table["std_dev_float"], 4) == 6.0849  # Jacobson's published SD of Dragon 7
    assert document["request"]["rules"]["game"] == "ez"


@pytest.mark.parametrize(
    "name", ["design-dragon-7-8-decks.json", "design-two-open-lines-1-deck.json"]
)
def test_golden_documents_are_recomputed_by_check(name: str) -> None:
    document = json.loads((GOLDEN / name).read_text())
    assert not check_document(name, document).differences
    assert not list(Draft202012Validator(schema("design")).iter_errors(document))


# -- the pruned search against a brute force ----------------------------------------------


def _line_probabilities(shoe: Shoe, rules: Rules, bet: Bet) -> list[tuple[str, Fraction, Fraction]]:
    """(name, pays, probability) of each line, merged by name and pay, from ``odds``."""
    merged: dict[tuple[str, Fraction], Fraction] = {}
    for name, pays, probability in odds(shoe, rules, [bet]).bets[0].lines:
        merged[(name, pays)] = merged.get((name, pays), Fraction(0)) + probability
    return [(name, pays, p) for (name, pays), p in merged.items()]


def brute_force(
    shoe: Shoe,
    rules: Rules,
    bet: Bet,
    opened: Sequence[str],
    edge: tuple[Fraction, Fraction],
    pays: Sequence[Fraction],
    *,
    ordered: bool = False,
    hits: tuple[Fraction, Fraction] | None = None,
) -> list[tuple[Fraction, tuple[Fraction, ...], Fraction, Fraction, Fraction]]:
    """Every table of ``pays`` for the open lines, its edge computed in full: (distance to
    the middle, pays, house edge, variance, hit frequency) of those that meet the
    constraints, nearest first (ties: lower pays first)."""
    lines = _line_probabilities(shoe, rules, bet)
    middle = (edge[0] + edge[1]) / 2
    found = []
    for table in itertools.product(pays, repeat=len(opened)):
        if ordered and any(a < b for a, b in itertools.pairwise(table)):
            continue
        given = dict(zip(opened, table))
        paid = [(given.get(name, fixed), p) for name, fixed, p in lines]
        ev = sum((x * p for x, p in paid), Fraction(0))
        hit = sum((p for x, p in paid if x > 0), Fraction(0))
        if not edge[0] <= -ev <= edge[1]:
            continue
        if hits is not None and not hits[0] <= hit <= hits[1]:
            continue
        variance = sum((x * x * p for x, p in paid), Fraction(0)) - ev * ev
        found.append((abs(-ev - middle), table, -ev, variance, hit))
    return sorted(found, key=lambda row: (row[0], row[1]))


BONUS_LINES = ("win by 9", "win by 8", "win by 7")


@pytest.mark.parametrize(
    ("grid", "hits", "edge"),
    [
        (Grid(max_pay=Fraction(30)), None, (Fraction(1, 100), Fraction(6, 100))),
        (Grid(max_pay=Fraction(30), ordered=True), None, (Fraction(0), Fraction(8, 100))),
        (
            Grid(step=Fraction(1, 2), min_pay=Fraction(-1), max_pay=Fraction(12)),
            (Fraction(25, 100), Fraction(40, 100)),
            (Fraction(-5, 100), Fraction(5, 100)),
        ),
    ],
    ids=["whole", "ordered", "halves-from-a-loss-with-hit-frequency"],
)
def test_the_pruned_search_equals_a_brute_force_over_the_grid(
    grid: Grid, hits: tuple[Fraction, Fraction] | None, edge: tuple[Fraction, Fraction]
) -> None:
    shoe, rules, bet = Shoe.from_decks(1), Rules(), find_bet("dragon-bonus-player")
    pays = [grid.step * k for k in range(grid.low, grid.high + 1)]
    expected = brute_force(
        shoe, rules, bet, BONUS_LINES, edge, pays, ordered=grid.ordered, hits=hits
    )
    result = design(shoe, rules, bet, BONUS_LINES, edge, grid, hits, top=15)
    assert len(expected) > 15  # the grid holds more tables than are shown
    assert result.found == len(expected)
    got = [(t.distance, t.pays, t.house_edge, t.variance, t.hit_frequency) for t in result.tables]
    assert got == expected[:15]


def test_a_reported_table_has_the_figures_of_the_bet_with_those_pays() -> None:
    shoe, rules, bet = Shoe.from_decks(2), Rules(), find_bet("dragon-bonus-player")
    result = design(shoe, rules, bet, BONUS_LINES, (Fraction(2, 100), Fraction(3, 100)), top=3)
    for table in result.tables:
        given = dict(zip(BONUS_LINES, table.pays))
        lines = tuple(replace(line, pays=given.get(line.name, line.pays)) for line in bet.lines)
        stats = bet_stats(odds(shoe, rules, [Bet(name=bet.name, lines=lines)]).bets[0])
        assert (stats.house_edge, stats.variance, stats.hit_frequency) == (
            table.house_edge,
            table.variance,
            table.hit_frequency,
        )


def test_a_four_line_table_is_searched_whole() -> None:
    """Four open lines of 8 decks, whole pays to 1000: every table counted, the search
    bounded (far fewer partial tables visited than the grid's 10⁹)."""
    opened = (*BONUS_LINES, "win by 6")
    result = design(
        Shoe.from_decks(8),
        find_rules("ez"),
        find_bet("dragon-bonus-player"),
        opened,
        (Fraction(2, 100), Fraction(3, 100)),
    )
    assert result.found > 1000 and len(result.tables) == 20
    assert all(Fraction(2, 100) <= t.house_edge <= Fraction(3, 100) for t in result.tables)
    distances = [t.distance for t in result.tables]
    assert distances == sorted(distances)


# -- bets files: open pays ----------------------------------------------------------------


def test_a_bets_file_with_two_open_lines_is_designed() -> None:
    code, out, err = run(
        "--bets-file", str(TWO_LINES), "--decks", "1", "--game", "ez", "--edge", "5%..8%",
        "--ordered", "--format", "json",
    )  # fmt: skip
    assert code == 0, err
    document = json.loads(out)
    assert document["open_lines"] == ["dragon 7", "panda 8"]
    assert document["tables"] and document["found"] >= len(document["tables"])
    for table in document["tables"]:
        dragon, panda = (Fraction(x) for x in table["pays"])
        assert dragon >= panda >= 1
        assert Fraction(5, 100) <= Fraction(table["house_edge"]) <= Fraction(8, 100)
    assert not list(Draft202012Validator(schema("design")).iter_errors(document))


def test_every_other_reader_refuses_an_open_pay_in_one_line() -> None:
    code, _, err = run_app("odds", "--bets-file", str(TWO_LINES))
    assert code == 2
    message = err.strip()
    assert "\n" not in message
    assert "pay line 'dragon 7'" in message and "price it with `baccarat-exact design`" in message
    with pytest.raises(BetsFileError, match="the pay is open"):
        parse_bets(TWO_LINES.read_text(), "two.toml")
    (custom,) = parse_bets(TWO_LINES.read_text(), "two.toml", open_pays=True)
    assert custom.open_lines == ("dragon 7", "panda 8")


# -- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["dragon-7", "--line", "dragon 7", "--edge", "7%..8%"], "has no line 'dragon 7': its lines are win, lose"),
        (["dragon-7", "--edge", "7%..8%"], "has no open line: name the lines"),
        (["dragon7", "--line", "win", "--edge", "7%..8%"], "unknown bet 'dragon7': did you mean dragon-7?"),
        (["--edge", "7%..8%"], "name the bet to design"),
        (["dragon-7", "--line", "win"], "give the target house edge, e.g. --edge 7%..8%"),
        (["dragon-7", "--line", "win", "--edge", "7..8"], "7 is 700%; write per cents with %"),
        (["dragon-7", "--line", "win", "--edge", "7%..8"], "write both ends as per cents"),
        (["dragon-7", "--line", "win", "--edge", "8%..7%"], "the low end is above the high end"),
        (["dragon-7", "--line", "win", "--edge", "7%"], "takes a range low..high"),
        (["dragon-7", "--line", "win", "--edge", "a..b"], "--edge must be a number"),
        (["dragon-7", "--line", "win", "--edge", "7%..8%", "--step", "0"], "--step must be more than 0"),
        (["dragon-7", "--line", "win", "--edge", "7%..8%", "--step", "half"], "--step must be a number"),
        (["dragon-7", "--line", "win", "--edge", "7%..8%", "--min-pay", "-2"], "loses at most the stake"),
        (["dragon-7", "--line", "win", "--edge", "7%..8%", "--min-pay", "50", "--max-pay", "10"], "no pay on the grid"),
        (["dragon-7", "--line", "win", "--edge", "7%..8%", "--hit-frequency", "10%..120%"], "between 0% and 100%"),
        (["dragon-7", "--line", "win", "--edge", "7%..8%", "--top", "0"], "--top"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, _, err = run("--decks", "1", *args)
    assert code == 2
    assert message in err, err
    assert len(err.strip().splitlines()) <= 1 or "Usage" in err


def test_a_file_with_no_open_line_or_several_bets_open_is_refused(tmp_path: Path) -> None:
    closed = tmp_path / "closed.toml"
    closed.write_text(TWO_LINES.read_text().replace('"?"', "10"))
    code, _, err = run("--bets-file", str(closed), "--edge", "7%..8%")
    assert code == 2 and "no bet of the bets file leaves a pay open" in err
    twice = tmp_path / "twice.toml"
    text = TWO_LINES.read_text()
    twice.write_text(text + "\n" + text.replace("sevens-and-eights", "other"))
    code, _, err = run("--bets-file", str(twice), "--edge", "7%..8%")
    assert code == 2 and "several bets leave a pay open (sevens-and-eights, other)" in err
    code, _out, err = run("--bets-file", str(twice), "other", "--decks", "1", "--edge", "5%..8%")
    assert code == 0, err


def test_a_line_that_never_happens_is_refused() -> None:
    shoe = Shoe.parse("A=8,K=8")  # no Player win by 9 without a 9
    with pytest.raises(RulesError, match="never happens on this shoe"):
        design(
            shoe, Rules(), find_bet("dragon-bonus-player"), ["win by 9"], (Fraction(0), Fraction(1))
        )


def test_an_empty_answer_says_so_and_exits_0() -> None:
    code, out, _ = run(
        "dragon-7", "--line", "win", "--game", "ez", "--decks", "1", "--edge", "1%..2%"
    )
    assert code == 0
    assert "No pay table on this grid gives a house edge in 1%..2%." in out


def test_when_none_meets_the_target_the_nearest_on_each_side_and_a_finer_step_are_the_brute_force_ones() -> (
    None
):
    """The nearest table below the range and above it are the brute force's over the whole
    grid; half pays (the first finer step) meet the target, at the brute force's nearest."""
    grid, edge = Grid(max_pay=Fraction(30)), (Fraction(-8, 1000), Fraction(-7999, 1_000_000))
    shoe, rules, bet = Shoe.from_decks(1), Rules(), find_bet("dragon-bonus-player")
    lines = BONUS_LINES[:2]
    result = design(shoe, rules, bet, lines, edge, grid)
    pays = [grid.step * k for k in range(grid.low, grid.high + 1)]
    everything = (Fraction(-(10**6)), Fraction(10**6))
    every = brute_force(shoe, rules, bet, lines, everything, pays, ordered=grid.ordered)
    assert result.found == 0 and every
    middle = (edge[0] + edge[1]) / 2
    below = [row for row in every if row[2] < edge[0]]
    above = [row for row in every if row[2] > edge[1]]
    expected = []
    if below:
        expected.append(max(below, key=lambda row: (row[2], [-x for x in row[1]])))
    if above:
        expected.append(min(above, key=lambda row: (row[2], row[1])))
    got = sorted(((t.house_edge, t.distance) for t in result.nearest), key=lambda r: r[1])
    assert got == sorted(((row[2], abs(row[2] - middle)) for row in expected), key=lambda r: r[1])
    assert result.finer is not None
    step, table = result.finer
    assert step == design_module.FINER_STEPS[0] == Fraction(1, 2)
    halves = [step * k for k in range(2, 61)]
    found = brute_force(shoe, rules, bet, lines, edge, halves)
    assert (table.distance, table.pays) == found[0][:2]


def test_the_text_names_the_nearest_tables_and_the_step_that_finds_one() -> None:
    """The case a user met: nothing whole gives 7 %..7.2 % for Dragon 7 (40 gives 7.61 %,
    41 gives 5.36 %); quarter pays do (161/4, 7.048 %)."""
    code, out, _ = run("dragon-7", "--line", "win", "--game", "ez", "--edge", "7%..7.2%")
    assert code == 0
    assert "Nearest: 40 → 7.6113%, 41 → 5.3580%." in " ".join(out.split())
    assert "--step 1/4 finds one: 161/4 → 7.0480%." in " ".join(out.split())
    _, out, _ = run("dragon-7", "--line", "win", "--game", "ez", "--edge", "7%..7.2%", "-f", "json")
    document = json.loads(out)
    assert not list(Draft202012Validator(schema("design")).iter_errors(document))
    assert [table["pays"] for table in document["nearest"]] == [["40"], ["41"]]
    assert (document["finer"]["step"], document["finer"]["pays"]) == ("1/4", ["161/4"])


def test_a_grid_too_large_to_search_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(design_module, "MAX_PARTIAL_TABLES", 10)
    code, _, err = run(
        "dragon-bonus-player", "--decks", "1", "--edge", "2%..3%",
        *itertools.chain.from_iterable(("--line", line) for line in BONUS_LINES),
    )  # fmt: skip
    assert code == 2 and "the grid is too large to search" in err


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7%..8%", (Fraction(7, 100), Fraction(8, 100))),
        ("0.07..0.08", (Fraction(7, 100), Fraction(8, 100))),
        ("7/100..2/25", (Fraction(7, 100), Fraction(8, 100))),
        (" -1% .. 1% ", (Fraction(-1, 100), Fraction(1, 100))),
    ],
)
def test_edge_ranges_read_per_cents_or_shares(
    text: str, expected: tuple[Fraction, Fraction]
) -> None:
    assert parse_range(text, "--edge") == expected


def test_a_request_with_bad_input_is_refused_before_it_runs() -> None:
    with pytest.raises(RequestError, match="--top must be at least 1"):
        DesignRequest(bet="dragon-7", lines=("win",), edge="7%..8%", top=0)
