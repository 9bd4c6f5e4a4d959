"""The command line for variants and side bets: odds --game/--bet/--bets-file, games, bets,
and check on the side-bet golden files."""

from __future__ import annotations

import csv
import io
import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest

from baccarat_exact.model.catalogue import SIDE_BET_NAMES, SIDE_BETS, find_bet
from baccarat_exact.model.events import EVENTS
from baccarat_exact.model.shoe import Shoe
from tests.cli_runner import run_app as run
from tests.cli_runner import run_main
from tests.reference import reference_event_probabilities
from tests.test_pairs import _physical, _state

GOLDEN = Path(__file__).parent / "golden"
EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"


# -- odds ----------------------------------------------------------------------------


def test_odds_game_ez_prices_its_side_bets() -> None:
    code, out, _ = run("odds", "--game", "ez", "-f", "json")
    document = json.loads(out)
    assert code == 0 and list(document["bets"]) == [
        "banker",
        "player",
        "tie",
        "dragon-7",
        "panda-8",
    ]
    # Wizard of Odds, EZ Baccarat (8 decks): Dragon 7 wins 112,633,011,329,024 times.
    assert document["bets"]["dragon-7"]["lines"][0] == {
        "name": "win",
        "pays": "40",
        "count": 112_633_011_329_024,
        "probability": str(Fraction(112_633_011_329_024, 4_998_398_275_503_360)),
        "probability_float": pytest.approx(0.022534, abs=5e-7),
    }
    assert document["rules"]["special_wins"] == [
        {"bet": "banker", "total": 7, "cards": 3, "pays": "0"}
    ]


def test_odds_bets_repeat_and_table_shows_statistics() -> None:
    code, out, _ = run("odds", "--bet", "player-pair", "-b", "big", "--bet", "player-pair")
    assert code == 0
    assert "Pay lines (per unit staked)" in out and "Bet statistics (per unit staked)" in out
    assert "10.3614%" in out and "4.3457%" in out  # Jacobson 10.361 %; Big 4.35 %
    assert out.count("player-pair  pair") == 1


def test_odds_csv_writes_each_table_on_its_own() -> None:
    code, out, _ = run("odds", "-f", "csv", "--game", "super-6")
    bets = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and [row["bet"] for row in bets] == ["banker", "player", "tie", "super-6"]
    # Wizard of Odds, Nepal baccarat: house edge -0.014581 (exact value in CSV).
    assert round(float(Fraction(bets[0]["house_edge"])), 6) == 0.014581
    code, out, _ = run("odds", "-f", "csv", "--game", "super-6", "--table", "bet-statistics")
    stats = {row["bet"]: row for row in csv.DictReader(io.StringIO(out))}
    assert stats["tie"]["element_of_risk"] == ""


def test_odds_bets_file_recreates_the_builtin() -> None:
    code, out, _ = run(
        "odds", "--bets-file", str(EXAMPLES / "custom-bets.toml"), "--bet", "dragon-7", "-f", "json"
    )
    bets = json.loads(out)["bets"]
    assert code == 0 and bets["my-dragon-7"] == bets["dragon-7"]


def test_odds_game_takes_a_commission() -> None:
    _, out, _ = run("odds", "--game", "ez", "--commission", "5%", "-f", "json")
    lines = json.loads(out)["bets"]["banker"]["lines"]
    assert [(line["name"], line["pays"]) for line in lines] == [
        ("win", "19/20"),
        ("win with three-card 7", "0"),
        ("push", "0"),
        ("lose", "-1"),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--game", "chemmy"],
            "Error: unknown game 'chemmy': known games are baccarat-gold, baccarat-gold-stand-5, ez, punto-banco, super-6, tie-9",
        ),
        (
            ["--bet", "nonsense"],
            "Error: unknown bet 'nonsense': (known bets: banker, player, tie, ",
        ),
        (["--bets-file", "missing.toml"], "Error: missing.toml: cannot read"),
        (
            ["--bets-file", str(EXAMPLES / "typo.toml")],
            "unknown condition 'player_three_card_totl'",
        ),
        (["--counts", "A=5", "--bet", "player-pair"], "Error: the shoe holds 5 cards"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("odds", *args)
    assert code == 2 and message in err
    assert err.count("\n") == 1 and "Traceback" not in err and out == ""


def test_usage_errors_through_main(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(capsys, "games", "--decks", "many")
    assert code == 2 and err.startswith("Error: ") and err.count("\n") == 1


# -- games and bets --------------------------------------------------------------------


def test_games_lists_every_preset() -> None:
    code, out, _ = run("games")
    assert code == 0 and "Games (--game)" in out
    for name in ("punto-banco", "tie-9", "ez", "super-6"):
        assert name in out
    assert "1.0183%" in out and "1.4581%" in out and "4.8440%" in out  # WoO EZ, Nepal; tie 9 to 1


def test_games_json() -> None:
    code, out, _ = run("games", "--decks", "6", "-f", "json")
    document = json.loads(out)
    games = {game["name"]: game for game in document["games"]}
    assert code == 0 and document["shoe"]["cards"] == 312
    # Wizard of Odds, Nepal baccarat, six decks: house edge 1.45% (return -0.014548).
    assert round(float(Fraction(games["super-6"]["house_edge"]["banker"])), 6) == 0.014548
    assert games["ez"]["side_bets"] == ["dragon-7", "panda-8"]


def test_bets_lists_the_catalogue_with_pay_tables() -> None:
    code, out, _ = run("bets", "-f", "json", "--bets-file", str(EXAMPLES / "eights-and-nines.toml"))
    document = json.loads(out)
    names = [bet["name"] for bet in document["bets"]]
    assert code == 0 and names == ["banker", "player", "tie", *SIDE_BETS, "eights-and-nines"]
    entry = {bet["name"]: bet for bet in document["bets"]}
    assert entry["egalite-2"]["lines"] == [
        {"name": "tie at 2", "pays": "225"},
        {"name": "lose", "pays": "-1"},
    ]
    assert entry["perfect-pair"]["pair_bet"] is True
    assert (
        round(float(Fraction(entry["eights-and-nines"]["house_edge"])) * 100, 3) == 7.372
    )  # Jacobson


def test_bets_table() -> None:
    code, out, _ = run("bets", "--game", "ez", "--long")
    assert code == 0 and "Pay tables" in out and "win with three-card 7" in out and "Sources" in out


def test_bets_bad_file() -> None:
    code, _, err = run("bets", "--bets-file", str(EXAMPLES / "typo.toml"))
    assert code == 2 and "typo.toml:6: bet 'p8', pay line 'win': unknown condition" in err


# -- golden files ----------------------------------------------------------------------------


def test_check_finds_a_changed_side_bet(tmp_path: Path) -> None:
    document = json.loads((GOLDEN / "sidebets-8-decks.json").read_text())
    document["bets"]["perfect-pair"]["lines"][0]["count"] += 1
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(document))
    code, out, _ = run("check", str(path))
    assert code == 1 and f"FAIL {path}: bets.perfect-pair.lines[0].count: expected " in out


def test_check_rejects_an_unknown_bet(tmp_path: Path) -> None:
    document = json.loads((GOLDEN / "variant-ez-8-decks.json").read_text())
    document["request"]["bets"]["names"] = ["nonsense"]
    path = tmp_path / "unknown.json"
    path.write_text(json.dumps(document))
    code, _, err = run("check", str(path))
    assert code == 2 and "unknown bet 'nonsense'" in err


def test_small_shoe_golden_file_agrees_with_independent_counts() -> None:
    """The 19-card golden case: value bets against the reference, pair bets against a
    direct enumeration of the first four cards (with the suits the document records)."""
    document = json.loads((GOLDEN / "sidebets-19-cards.json").read_text())
    shoe = Shoe.from_dict(document["shoe"])
    assert shoe.suits_exact
    probs = reference_event_probabilities(shoe)
    cards = _physical([row or (0, 0, 0, 0) for row in shoe.suit_rows()])
    states = [0] * 9
    for p1, b1, p2, b2 in itertools.permutations(cards, 4):
        states[3 * _state(p1, p2) + _state(b1, b2)] += 1
    for name in SIDE_BET_NAMES:
        bet = find_bet(name)
        entry = document["bets"][name]
        for line, stored in zip(bet.lines, entry["lines"]):
            if bet.needs_pairs:
                expected = Fraction(sum(states[s] for s in line.pairs), sum(states))
            else:
                expected = sum(
                    (probs.get(EVENTS[e], Fraction(0)) for e in line.events), Fraction(0)
                )
            assert Fraction(stored["probability"]) == expected, (name, line.name)


def test_a_combined_stake_comes_right_after_the_bets_and_in_every_brief_view(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The stake the user named is the answer: it follows the bets table in the full view,
    and ``--brief`` keeps it (text and JSON) rather than dropping it."""
    args = ("odds", "--decks", "1", "--stake", "banker=10,tie=1")
    _, full, _ = run_main(capsys, *args)
    assert full.index("Combined stake:") < full.index("Outcomes (")
    _, brief, _ = run_main(capsys, *args, "--brief")
    assert "Combined stake: banker 10, tie 1" in brief
    _, full_json, _ = run_main(capsys, *args, "-f", "json")
    _, brief_json, _ = run_main(capsys, *args, "--brief", "-f", "json")
    assert json.loads(brief_json)["combination"] == json.loads(full_json)["combination"]
