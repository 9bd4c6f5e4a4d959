"""``baccarat-exact blackjack``: one smoke test per command, bad input, help text."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest
import typer
import typer.main
from typer.testing import CliRunner

from baccarat_exact.cli.blackjack import app

runner = CliRunner()
TINY = ["--counts", "A=3,5=3,6=4,7=4,9=2,T=8"]
"""A 24-card shoe: every command runs on it in well under a second."""


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.stdout


def test_rules_lists_every_option() -> None:
    out = run("rules", "--h17", "--blackjack-pays", "6:5")
    assert "H17" in out and "BJ 6:5" in out
    doc = json.loads(run("rules", "--format", "json"))
    assert doc["schema"] == 1


def test_dealer_table_json_and_csv() -> None:
    out = run("dealer", "--decks", "1")
    assert "Dealer (stands on soft 17): 1 deck (52 cards)" in out and "blackjack" in out
    doc = json.loads(run("dealer", "--decks", "1", "--up", "T", "--format", "json"))
    (row,) = doc["up_cards"]
    assert row["outcomes"]["blackjack"] == "4/51" and row["probability"] == "4/13"
    rows = list(csv.reader(io.StringIO(run("dealer", "--decks", "2", "--h17", "--format", "csv"))))
    assert rows[0][:4] == ["up", "P(up)", "P(up)_float", "17"]  # a decimal beside each exact value
    exact = [cell for cell, name in zip(rows[1][2:], rows[0][2:]) if not name.endswith("_float")]
    assert sum(Fraction(cell) for cell in exact) == 1


def test_hand_decision() -> None:
    out = run("hand", "T 6", "--up", "T")
    assert "Best: HIT." in out  # two-card 16 against a ten: hit, in every published six-deck chart
    doc = json.loads(run("hand", "7,7", "--up", "6", "--format", "json", *TINY))
    assert doc["hand"] == "7 7" and {m["move"] for m in doc["moves"]} == {
        "stand",
        "hit",
        "double",
        "split",
    }
    assert sum(m["best"] for m in doc["moves"]) == 1
    peek = json.loads(run("hand", "T 6", "--up", "A", "--hole-card", "--float", "--format", "json"))
    assert peek["given_no_dealer_blackjack"] and peek["arithmetic"] == "float"
    assert all("ev" not in m for m in peek["moves"])


def test_edge_and_option_values() -> None:
    out = run("edge", *TINY, "--option-values")
    assert "composition-dependent optimal" in out and "Value of each rule option" in out
    doc = json.loads(run("edge", *TINY, "--format", "json"))
    assert Fraction(doc["player_ev_optimal"]) >= Fraction(doc["player_ev_basic"])
    assert [row["up"] for row in doc["up_cards"]] == ["A", "5", "6", "7", "9", "T"]
    rows = list(csv.reader(io.StringIO(run("edge", *TINY, "--format", "csv"))))
    assert rows[1][0] == "composition-dependent optimal" and "/" in rows[1][1]


def test_rule_sets_by_their_names_old_and_new() -> None:
    old = json.loads(run("rules", "--rules", "seed", "--format", "json"))
    new = json.loads(run("rules", "--rules", "european-777", "--format", "json"))
    assert old == new == json.loads(run("rules", "--format", "json"))
    out = run("rules", "--surrender", "late", "--double", "10-11", "--split-by", "rank")
    out = " ".join(out.split())  # the title wraps at 100 columns
    assert "late surrender" in out and "double on 10-11" in out and "split by rank" in out
    assert "seed" not in run("rules").lower() and "seed" not in run("--help").lower()
    doc = json.loads(run("rulesets", "6:5", "--float", "--format", "json"))
    (entry,) = doc["rulesets"]
    assert entry["name"] == "single-deck-6-5" and entry["rules"]["blackjack_pays"] == "6/5"


def test_surrender_is_a_move_of_the_hand() -> None:
    doc = json.loads(run("hand", "T 6", "--up", "T", "--surrender", "early", "--format", "json"))
    moves = {m["move"]: m for m in doc["moves"]}
    assert moves["surrender"]["ev"] == "-1/2" and doc["best"] == "surrender"
    ten_eleven = json.loads(run("hand", "6 3", "--up", "5", "--double", "10-11", "-f", "json"))
    assert "double" not in {m["move"] for m in ten_eleven["moves"]}
    by_rank = json.loads(run("hand", "K Q", "--up", "6", "--split-by", "rank", "-f", "json"))
    assert "split" not in {m["move"] for m in by_rank["moves"]}


def test_insurance_and_even_money() -> None:
    # A fresh deck, dealer ace: 16 tens among 51 unseen cards; with the player's blackjack
    # 15 among 49 (counted by hand); insurance pays 2:1, a blackjack 3:2.
    doc = json.loads(run("insurance", "--decks", "1", "--format", "json"))
    assert doc["insurance"]["ten_chance"] == "16/51"
    assert Fraction(doc["insurance"]["ev"]) == 2 * Fraction(16, 51) - Fraction(35, 51)
    assert doc["insurance"]["take"] is False
    even = doc["even_money"]
    assert even["ten_chance"] == "15/49" and even["take"] is False
    assert Fraction(even["ev_declined"]) == Fraction(3, 2) * Fraction(34, 49)
    # Ten-rich: 5 tens and 5 nines after the ace; the player's T 9 leaves 4 of 8: take it.
    rich = json.loads(
        run("insurance", "--counts", "A=1,T=5,9=5", "--hand", "T 9", "--format", "json")
    )
    assert rich["insurance"]["ten_chance"] == "1/2" and rich["insurance"]["take"] is True
    assert rich["even_money"] == {"possible": False}
    six_five = json.loads(run("insurance", "--decks", "1", "--blackjack-pays", "6/5", "-f", "json"))
    assert six_five["even_money"]["take"] is True  # 6/5 × 34/49 = 204/245 < 1
    assert "insurance (pays 2:1)" in run("insurance")


def test_effect_of_removal_and_its_count() -> None:
    doc = json.loads(run("eor", *TINY, "--format", "json"))
    effects = {row["card"]: row for row in doc["effects"]}
    assert effects["2"]["effect_optimal"] is None and effects["2"]["cards"] == 0
    assert Fraction(effects["A"]["effect_optimal"]) < 0 < Fraction(effects["5"]["effect_optimal"])
    tags = doc["count"]["tags"]
    assert sum(effects[c]["cards"] * t for c, t in tags.items()) == doc["count"]["imbalance"]
    assert "count tag" in run("eor", *TINY, "--float", "--level", "3")


def test_strategy_chart() -> None:
    out = run("strategy", *TINY, "--das")
    assert "pair A,A" in out and "hard 16" in out
    doc = json.loads(run("strategy", *TINY, "--float", "--format", "json"))
    assert doc["arithmetic"] == "float" and "player_ev_basic" not in doc
    assert len(doc["chart"]) == 38
    assert all(set(row) == set("23456789TA") for row in doc["chart"].values())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hand", "T Z", "--up", "5"], "unknown card 'Z'"),
        (["hand", "7 7 7", "--up", "7", "--decks", "1", "--remove", "7"], "cannot remove 4 sevens"),
        (["dealer", "--decks", "0"], "decks must be a whole number of 1 or more, got 0"),
        (["dealer", "--decks", "1", "--remove", "Ax5"], "cannot remove 5 aces"),
        (["hand", "9", "--up", "5"], "a hand needs at least two cards"),
        (["hand", "K Q 5", "--up", "5"], "already busted"),
        (["hand", "7 7 7", "--up", "5"], "Triple Seven"),
        (["hand", "9 5", "--up", "5 6"], "the up card is one card"),
        (["dealer", "--counts", "T=1"], "too small"),
        (["edge", "--counts", "T=5,9=3"], "too small"),
        (["edge", "--decks", "2", "--counts", "T=40"], "conflict"),
        (["rules", "--dealer-bj-takes", "half"], "'all' or 'original'"),
        (["rules", "--blackjack-pays", "lots"], "blackjack pay must be a number"),
        (["strategy", "--rules", "atlantis"], "unknown blackjack rule set"),
        (["rules", "--surrender", "sometimes"], "--surrender must be one of none, late, early"),
        (["rules", "--double", "8-11"], "--double must be one of any, 9-11, 10-11"),
        (["rules", "--split-by", "suit"], "--split-by must be one of value, rank"),
        (["rules", "--split-hands", "5"], "split_hands must be 2, 3 or 4, got 5"),
        (["rules", "--resplit-aces"], "resplit aces needs split hands of 3 or 4"),
        (["rules", "--double-split-aces"], "double split aces needs double after split"),
        (
            ["rules", "--das", "--double-split-aces", "--one-card-split-aces"],
            "split aces that may be played on",
        ),
        (["edge", "--counts", "A=3,5=3,6=4,7=4,9=2,T=3", "--split-hands", "4"], "can take 150"),
        (["round", "--split-hands", "3"], "resplits (--split-hands 3 or 4) are priced by edge"),
        (["rulesets", "atlantis"], "unknown blackjack rule set 'atlantis'"),
        (["insurance", "--counts", "T=30,9=4"], "the shoe holds no ace"),
        (["insurance", "--decks", "1", "--hand", "A A A A"], "does not hold the dealer's ace"),
        (["insurance", "--hand", "Z 9"], "unknown card 'Z'"),
        (["eor", "--infinite"], "an infinite shoe: removing a card changes nothing"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], result.stderr
    assert "Traceback" not in result.output


def test_every_command_and_option_has_help() -> None:
    group = typer.main.get_command(app)
    commands = getattr(group, "commands", {})
    assert set(commands) == {
        "rules",
        "rulesets",
        "dealer",
        "hand",
        "insurance",
        "edge",
        "eor",
        "strategy",
        "round",
        "simulate",
    }
    for name, command in commands.items():
        assert command.help and command.help.strip(), name
        for param in command.params:
            assert getattr(param, "help", None), (name, param.name)
