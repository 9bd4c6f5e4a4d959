"""Conditional tables (``grid``): the published mid-round tables for 8 decks, and every cell
against dealing every physical card of small shoes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from baccarat_exact.analysis.grid import KEYS, grid
from baccarat_exact.errors import RulesError
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.events import Outcome
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.seen import Seen
from baccarat_exact.model.shoe import Shoe
from tests.cli_runner import run_main
from tests.reference_rounds import DealtRound, matches_seen
from tests.test_seen import _rounds, shoes_and_seen

APPENDIX_3 = "https://wizardofodds.com/games/baccarat/appendix/3/"

# Wizard of Odds, baccarat appendix 3 (APPENDIX_3), 8 decks, "Probabilities after Two Player
# Cards": Player two-card total -> (Player win, Banker win, Tie win), six decimals.
AFTER_TWO_CARDS = {
    0: ("0.278792", "0.654627", "0.066581"),
    1: ("0.282833", "0.647252", "0.069915"),
    2: ("0.290303", "0.634207", "0.07549"),
    3: ("0.303386", "0.615539", "0.081075"),
    4: ("0.322084", "0.579983", "0.097933"),
    5: ("0.358488", "0.537849", "0.103663"),
    6: ("0.430362", "0.427801", "0.141838"),
    7: ("0.572657", "0.285046", "0.142297"),
    8: ("0.810911", "0.094938", "0.094151"),
    9: ("0.905475", "0", "0.094525"),
}

# The same page, "Probabilities of Player Win after Three Cards — 8 Decks": rows the Banker's
# first card 0-7, columns the Player's two-card total 0-9.
PLAYER_WIN_AFTER_THREE_CARDS = {
    0: "0.306893 0.322192 0.33142 0.345345 0.36393 0.397013 0.478841 0.609314 0.846542 0.923724",
    1: "0.303056 0.307637 0.327876 0.341492 0.359810 0.392935 0.479214 0.609687 0.846552 0.922813",
    2: "0.29888 0.303544 0.313111 0.337875 0.356007 0.388382 0.4794 0.60969 0.845637 0.922813",
    3: "0.297826 0.301239 0.309319 0.321807 0.349428 0.381111 0.481816 0.608594 0.845637 0.922813",
    4: "0.293968 0.289011 0.288859 0.293017 0.315714 0.404964 0.481161 0.611379 0.84804 0.922813",
    5: "0.281471 0.273613 0.270579 0.285812 0.305842 0.341949 0.478745 0.60915 0.845627 0.922813",
    6: "0.264707 0.254029 0.262176 0.274764 0.293293 0.325144 0.318854 0.662697 0.845637 0.922813",
    7: "0.242915 0.242836 0.248376 0.260008 0.274153 0.302702 0.318691 0.43136 0.845637 0.922813",
}

# An earlier edition of the page (https://www.wizardofodds.com/baccarat/baccaratapx3.html,
# Dec 11, 2006), "Probability of Banker Win" after four cards: rows the Banker's two-card
# total, columns the Player's, 0-7. Its last digits differ from ours by up to 1e-6 in either
# direction (its own rounding), so these are compared to within 1.5e-6.
BANKER_WIN_AFTER_FOUR_CARDS = {
    0: "0.427793 0.40973 0.391882 0.374037 0.356195 0.33765 0.231516 0.15434",
    6: "0.721859 0.710369 0.698539 0.687609 0.675001 0.662331 0 0",
}


def _rounded(value: Fraction | None) -> str:
    assert value is not None
    return f"{float(value):.6f}".rstrip("0").rstrip(".") if value else "0"


@pytest.fixture(scope="module")
def eight_decks_by_first_card() -> object:
    return grid(Shoe.from_decks(8), "banker-first", "player-total")


def test_after_two_player_cards_is_the_published_table() -> None:
    table = grid(Shoe.from_decks(8), "player-total")
    for total, (player, banker, tie) in AFTER_TWO_CARDS.items():
        cell = table.cell(str(total))
        shown = tuple(
            _rounded(cell.outcomes[o]) for o in (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE)
        )
        assert shown == (player, banker, tie), total


def test_player_win_after_three_cards_is_the_published_table() -> None:
    table = grid(Shoe.from_decks(8), "banker-first", "player-total")
    for first, row in PLAYER_WIN_AFTER_THREE_CARDS.items():
        shown = [
            _rounded(table.cell(str(first), str(total)).outcomes[Outcome.PLAYER])
            for total in range(10)
        ]
        assert shown == [x.rstrip("0") for x in row.split()], first


def test_banker_win_after_four_cards_is_the_published_table() -> None:
    table = grid(Shoe.from_decks(8), "banker-total", "player-total")
    for banker, row in BANKER_WIN_AFTER_FOUR_CARDS.items():
        for player, published in enumerate(row.split()):
            value = table.cell(str(banker), str(player)).outcomes[Outcome.BANKER]
            assert value is not None
            assert abs(float(value) - float(published)) < 1.5e-6, (banker, player)


def _key_of(name: str, r: DealtRound, rules: Rules) -> str:
    values = [c.rank.point for c in (r.player[0], r.banker[0], r.player[1], r.banker[1])]
    player, banker = (values[0] + values[2]) % 10, (values[1] + values[3]) % 10
    found = {
        "player-total": player,
        "banker-total": banker,
        "player-first": values[0],
        "banker-first": values[1],
        "player-second": values[2],
        "banker-second": values[3],
        "player-cards": len(r.player),
        "banker-cards": len(r.banker),
        "cards": len(r.player) + len(r.banker),
        "natural": "yes" if {player, banker} & set(rules.tableau.naturals) else "no",
    }
    return str(found[name])


@settings(max_examples=15, deadline=None)
@given(shoes_and_seen())
def test_every_cell_agrees_with_dealing_every_card(case: tuple[Shoe, Seen]) -> None:
    shoe, seen = case
    rules = Rules()
    rows, cols = "banker-first", "player-total"
    bets = (find_bet("player-pair"), find_bet("dragon-7"))
    table = grid(shoe, rows, cols, rules, bets, seen=seen)
    by_cell: dict[tuple[str, str], list[DealtRound]] = {}
    for r in _rounds(shoe):
        if matches_seen(r.player, seen.player) and matches_seen(r.banker, seen.banker):
            key = (_key_of(rows, r, rules), _key_of(cols, r, rules))
            by_cell.setdefault(key, []).append(r)
    total = sum((r.probability for inside in by_cell.values() for r in inside), Fraction(0))
    for cell in table.cells:
        inside = by_cell.get((cell.row, cell.col), [])
        mass = sum((r.probability for r in inside), Fraction(0))
        assert cell.probability == mass / total
        for outcome in Outcome:
            won = sum(r.probability for r in inside if _winner(r) is outcome)
            assert cell.outcomes[outcome] == (won / mass if mass else None)
        pair = sum(r.probability for r in inside if r.player[0].rank == r.player[1].rank)
        assert cell.evs["player-pair"] == ((12 * pair - mass) / mass if mass else None)


def _winner(r: DealtRound) -> Outcome:
    player, banker = r.totals()
    return Outcome.BANKER if banker > player else Outcome.PLAYER if player > banker else Outcome.TIE


@pytest.mark.parametrize("key", list(KEYS))
def test_every_key_splits_the_whole_round(key: str) -> None:
    table = grid(Shoe.from_decks(1), key)
    assert sum(cell.probability for cell in table.cells) == 1


def test_bad_keys_are_refused() -> None:
    with pytest.raises(RulesError, match="unknown grid key 'nope'"):
        grid(Shoe.from_decks(8), "nope")
    with pytest.raises(RulesError, match="both"):
        grid(Shoe.from_decks(8), "natural", "natural")
    with pytest.raises(RulesError, match="perfect-pair"):
        grid(Shoe.from_decks(8), "natural", bets=[find_bet("perfect-pair")])


# -- the command: one request, every format ----------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *args: str, columns: int = 80) -> tuple[int, str, str]:
    """``baccarat-exact ARGS`` in a terminal of ``columns`` (80 unless told)."""
    return run_main(capsys, *args, columns=columns)


MATRIX = ("grid", "--rows", "banker-first", "--cols", "player-total")


def test_json_keys_each_value_beside_its_decimal(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code, out, _ = _run(capsys, *MATRIX, "--bet", "dragon-7", "-f", "json")
    document = json.loads(out)
    assert (
        code == 0 and document["kind"] == "grid" and document["request"]["rows"] == "banker-first"
    )
    cell = document["cells"][10 * 7 + 7]  # Banker's first card a 7, the Player's total 7
    assert (cell["row"], cell["col"]) == ("7", "7")
    assert list(cell) == ["row", "col", "probability", "probability_float", "outcomes", "bets"]
    player = cell["outcomes"]["player"]
    assert float(Fraction(player["probability"])) == player["probability_float"]
    # Wizard of Odds appendix 3 (APPENDIX_3): the Player wins 0.43136 after B1 = 7, P = 7
    published = PLAYER_WIN_AFTER_THREE_CARDS[7].split()[7]
    assert _rounded(Fraction(player["probability"])) == published
    assert list(cell["bets"]["dragon-7"]) == ["ev", "ev_float"]


def test_csv_writes_every_cell_exactly_and_each_figure_as_a_matrix(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import csv
    import io

    code, out, _ = _run(capsys, *MATRIX, "--show", "player-wins", "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 100
    assert list(rows[0]) == [
        "banker_first",
        "player_total",
        "player_wins",
        "player_wins_float",
    ]
    code, out, _ = _run(capsys, *MATRIX, "--show", "player-wins", "-f", "csv", "-t", "player-wins")
    matrix = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and list(matrix[0])[:3] == [
        "banker_first",
        "player_total_0",
        "player_total_0_float",
    ]
    assert matrix[9]["player_total_7"] == rows[97]["player_wins"]


def test_the_matrices_fit_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    for columns in (80, 120):
        code, out, _ = _run(capsys, *MATRIX, "--show", "player-wins", columns=columns)
        assert code == 0 and max(len(line) for line in out.splitlines()) <= columns
        assert "not shown for width" not in out
        assert "0.431" in out  # B1 = 7, P = 7: 0.43136 (APPENDIX_3)
    code, out, _ = _run(capsys, *MATRIX, "--show", "player-wins", columns=120)
    assert "banker-first \\ player-total" not in out and "0.431360" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rows", "nope"], "Error: --rows: unknown key 'nope'; use player-total, "),
        (["--cols", "x"], "Error: --cols: unknown key 'x'; use player-total, "),
        (["--rows", "natural", "--cols", "natural"], "Error: --rows and --cols are both natural"),
        (["--show", "dragon-7"], "Error: unknown figure 'dragon-7': use cell, banker-wins"),
        (["--bet", "perfect-pair"], "Error: perfect-pair tell suited pairs apart: a grid"),
        (["--player", "9 9 9 9"], "Error: Player: a hand holds at most 3 cards"),
        (["-f", "json", "-t", "cell"], "Error: --table picks one table"),
    ],
)
def test_bad_input_is_one_error_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = _run(capsys, "grid", *args)
    assert code == 2 and not out and err.startswith(message) and len(err.splitlines()) == 1


def test_a_stored_request_is_refused_as_the_command_line_is() -> None:
    from baccarat_exact.commands.grid import GridRequest

    with pytest.raises(RulesError, match="--cols: unknown key 'nope'"):
        GridRequest.from_dict({"rows": "player-total", "cols": "nope"})
    request = GridRequest.from_dict({"rows": "natural", "show": ["cell"]})
    document = request.run().document()
    assert document["request"] == request.to_dict()
    assert [cell["row"] for cell in document["cells"]] == ["no", "yes"]
