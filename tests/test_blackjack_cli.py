"""``baccarat-exact blackjack``: each command defined once (its request), one vocabulary,
every format, hostile input refused in one line, help text."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

import pytest
import typer
import typer.main
from typer.testing import CliRunner

from baccarat_exact.cli.blackjack import app
from baccarat_exact.commands import REQUESTS, request_class, request_of
from baccarat_exact.commands.blackjack import (
    BlackjackDealerRequest,
    BlackjackInsuranceRequest,
    BlackjackRequest,
    BlackjackRulesInput,
    BlackjackSimulateRequest,
)
from baccarat_exact.commands.inputs import ShoeInput
from baccarat_exact.errors import BaccaratError, RequestError
from tests import cli_runner

runner = CliRunner()
TINY = ["--counts", "A=3,5=3,6=4,7=4,9=2,T=8"]
"""A 24-card shoe: every command runs on it in well under a second."""
KINDS = [kind for kind in REQUESTS if kind.startswith("blackjack ")]


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.stdout


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``baccarat-exact blackjack ARGS``, the whole CLI as a shell runs it: (exit code, stdout,
    stderr)."""
    return cli_runner.run_main(capsys, "blackjack", *args)


def test_rules_lists_every_option_and_records_the_request() -> None:
    out = run("rules", "--h17", "--blackjack-pays", "6:5")
    assert "H17" in out and "BJ 6:5" in out
    doc = json.loads(run("rules", "--h17", "--format", "json"))
    assert (doc["schema"], doc["kind"]) == (3, "blackjack rules")
    assert doc["request"]["rules"]["h17"] is True and doc["request"]["rules"]["das"] is None
    assert doc["rules"]["dealer_hits_soft_17"] is True


def test_dealer_table_json_and_csv() -> None:
    out = run("dealer", "--decks", "1")
    assert "Dealer (stands on soft 17): 1 deck (52 cards)" in out and "bust" in out
    doc = json.loads(run("dealer", "--decks", "1", "--up", "T", "--format", "json"))
    (row,) = doc["up_cards"]
    assert row["outcomes"]["blackjack"] == "4/51" and row["probability"] == "4/13"
    rows = list(csv.reader(io.StringIO(run("dealer", "--decks", "2", "--h17", "--format", "csv"))))
    assert rows[0][:5] == ["up", "p_up", "p_up_float", "total_17", "total_17_float"]
    exact = [cell for cell, name in zip(rows[1][3:], rows[0][3:]) if not name.endswith("_float")]
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
    out = run("edge", *TINY, "--option-values", "-q")
    assert "composition-dependent optimal" in out and "Value of each rule option" in out
    doc = json.loads(run("edge", *TINY, "--format", "json"))
    assert Fraction(doc["player_ev_optimal"]) >= Fraction(doc["player_ev_basic"])
    assert [row["up"] for row in doc["up_cards"]] == ["A", "5", "6", "7", "9", "T"]
    rows = list(csv.reader(io.StringIO(run("edge", *TINY, "--format", "csv"))))
    assert rows[0][:3] == ["play", "player_ev", "player_ev_float"]
    assert rows[1][0] == "composition-dependent optimal" and "/" in rows[1][1]


def test_rule_sets_list_their_aliases_and_no_alias_names_another_casino() -> None:
    doc = json.loads(run("rulesets", "6:5", "--float", "-q", "--format", "json"))
    (entry,) = doc["rulesets"]
    assert entry["name"] == "single-deck-6-5" and entry["rules"]["blackjack_pays"] == "6/5"
    assert entry["aliases"] == ["6:5"]
    assert (
        json.loads(run("rules", "--rules", "strip", "-f", "json"))["rules"]
        == json.loads(run("rules", "--rules", "las-vegas-strip", "-f", "json"))["rules"]
    )
    casino = json.loads(run("rules", "--format", "json"))["rules"]
    for alias in ("casino", "European", "enhc"):
        assert json.loads(run("rules", "--rules", alias, "--format", "json"))["rules"] == casino
    out = run("rules", "--surrender", "late", "--double", "10-11", "--split-by", "rank")
    out = " ".join(out.split())  # the title wraps to the terminal
    assert "late surrender" in out and "double on 10-11" in out and "split by rank" in out
    assert "seed" not in run("rules").lower() and "seed" not in run("--help").lower()


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("vegas", "use las-vegas-strip (the Strip's game) or us"),
        ("peek", "use us, or any rule set with a hole card"),
        ("seed", "use european-777"),
    ],
)
def test_names_that_named_another_game_are_refused_with_what_to_write(
    capsys: pytest.CaptureFixture[str], name: str, hint: str
) -> None:
    code, out, err = run_main(capsys, "edge", "--rules", name)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"Error: {name!r} no longer names a blackjack rule set: {hint}"), err


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
    rich = json.loads(run("insurance", "T 9", "--counts", "A=1,T=5,9=5", "--format", "json"))
    assert rich["insurance"]["ten_chance"] == "1/2" and rich["insurance"]["take"] is True
    assert rich["even_money"] == {"possible": False}
    assert rich["request"]["cards"] == "T 9"
    six_five = json.loads(run("insurance", "--decks", "1", "--blackjack-pays", "6/5", "-f", "json"))
    assert six_five["even_money"]["take"] is True  # 6/5 × 34/49 = 204/245 < 1
    assert "insurance (pays 2:1)" in run("insurance")


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (("insurance", "--hand", "T 9"), "--hand"),
        (("simulate", "--shoes", "2", "--exact"), "--exact"),
    ],
)
def test_the_options_kept_one_release_are_gone(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], option: str
) -> None:
    """--hand (now the CARDS argument) and --exact (now the default) were taken for one
    release with a note; now they are refused in one line."""
    code, out, err = run_main(capsys, *args)
    assert code == 2 and out == "" and err == f"Error: No such option: {option}\n"


def test_effect_of_removal_and_its_count() -> None:
    doc = json.loads(run("eor", *TINY, "--format", "json"))
    effects = {row["card"]: row for row in doc["effects"]}
    assert effects["2"]["effect_optimal"] is None and effects["2"]["cards"] == 0
    assert Fraction(effects["A"]["effect_optimal"]) < 0 < Fraction(effects["5"]["effect_optimal"])
    tags = doc["count"]["tags"]
    assert sum(effects[c]["cards"] * t for c, t in tags.items()) == doc["count"]["imbalance"]
    assert "count tag" in run("eor", *TINY, "--float", "--level", "3", "-q")


def test_strategy_chart() -> None:
    out = run("strategy", *TINY, "--das")
    assert "pair A,A" in out and "hard 16" in out
    doc = json.loads(run("strategy", *TINY, "--float", "--format", "json"))
    assert doc["arithmetic"] == "float" and "player_ev_basic" not in doc
    assert len(doc["chart"]) == 38
    assert {"hard_16", "soft_12_a_a", "pair_t_t", "pair_a_a"} <= set(doc["chart"])
    assert all(set(row) == set("23456789TA") for row in doc["chart"].values())
    header = run("strategy", *TINY, "--float", "-f", "csv").splitlines()[0]
    assert header == "hand,up_2,up_3,up_4,up_5,up_6,up_7,up_8,up_9,up_t,up_a"


# -- one vocabulary ----------------------------------------------------------------------

CHEAP = {
    "rules": [],
    "rulesets": ["6:5", "--float", "-q"],
    "dealer": ["--decks", "1"],
    "hand": ["T 6", "--up", "T", *TINY],
    "insurance": ["T 9"],
    "edge": [*TINY, "--float", "-q"],
    "eor": [*TINY, "--float", "-q"],
    "strategy": [*TINY, "--float", "-q"],
    "round": [*TINY, "--float", "-q", "--strategy", "optimal"],
    "report": [*TINY, "--float", "-q", "--strategy", "optimal", "--rounds", "10"],
    "simulate": ["--counts", "A=1,5=4,6=4,7=3,8=2,T=8", "--float", "-q", "--shoes", "2"],
    "indices": [
        *TINY,
        "--decks-left",
        "20/52",
        "--float",
        "-q",
        "--samples",
        "2",
        "--decisions",
        "insurance,16vT",
    ],
    "counting": ["--decks", "1", "-q", "--shoes", "20", "--ramp", "1:2"],
}
"""Each command on inputs it answers in well under a second."""


@pytest.mark.parametrize("command", sorted(CHEAP))
def test_every_command_takes_every_format_and_a_table(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    args = CHEAP[command]
    doc = json.loads(run(command, *args, "--format", "json"))
    assert doc["kind"] == f"blackjack {command}" and doc["schema"] == 3
    for fmt in ("table", "csv", "markdown", "latex"):
        assert run(command, *args, "--format", fmt).strip()
    first = run(command, *args, "-f", "csv").splitlines()[0]
    assert all(name.isidentifier() and name == name.lower() for name in first.split(","))
    code, _, err = run_main(capsys, command, *args, "-t", "no-such-table")
    assert code == 2 and "no table 'no-such-table'" in err, err
    code, _, err = run_main(capsys, command, *args, "-f", "json", "-t", "x")
    assert code == 2 and err.startswith("Error:") and err.count("\n") == 1, err


def test_every_command_plays_six_decks_unless_told() -> None:
    for kind in KINDS:
        cls = request_class(kind)
        if issubclass(cls, BlackjackRequest):
            up = {"cards": "T 6", "up": "T"} if kind == "blackjack hand" else {}
            rules, shoe = cls(**up).game()  # type: ignore[arg-type]
            assert rules.decks == 6 and shoe.cards == 312, kind
    settings = BlackjackSimulateRequest().settings()
    assert settings.full_shoe.cards == 312 and settings.shoes == 10 and settings.exact
    assert settings.burn == 1
    short = BlackjackSimulateRequest(rules=BlackjackRulesInput(ruleset="single-deck-6-5"))
    assert short.settings().full_shoe.cards == 52


def test_a_few_shoes_give_no_standard_error_and_say_so() -> None:
    args = ["--counts", "A=1,5=4,6=4,7=3,8=2,T=8", "--float", "-q"]
    few = run("simulate", *args, "--shoes", "2")
    assert "no ± is given below 10 shoes" in " ".join(few.split())
    doc = json.loads(run("simulate", *args, "--shoes", "2", "-f", "json"))
    ((summary,), (edge,)) = doc["tables"]["summary"], doc["tables"]["edge"]
    assert summary["mean_ev_se_float"] is None and edge["positive_share_se_float"] is None
    many = json.loads(run("simulate", *args, "--shoes", "10", "-f", "json"))
    assert many["tables"]["summary"][0]["mean_ev_se_float"] is not None


def test_round_is_quiet_on_request_and_says_how_ties_go() -> None:
    out = run("round", *TINY, "--float", "-q", "--strategy", "optimal")
    assert "the first of stand, hit, double, surrender, split" in " ".join(out.split())
    assert "stand, hit, double, surrender, split" in " ".join(run("round", "--help").split())


def test_a_command_offers_only_the_rules_its_figures_depend_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for command, option in (
        ("dealer", "--das"),
        ("dealer", "--triple-seven-pays"),
        ("insurance", "--no-triple-seven"),
        ("insurance", "--h17"),
    ):
        code, _, err = run_main(capsys, command, option)
        assert code == 2 and "No such option" in err, (command, option, err)
    assert "--h17" in run("dealer", "--help") and "--blackjack-pays" in run("insurance", "--help")
    # a document's request is refused by the same rule
    with pytest.raises(BaccaratError, match="blackjack dealer takes no --das"):
        BlackjackDealerRequest(rules=BlackjackRulesInput(das=True))
    with pytest.raises(BaccaratError, match="blackjack insurance takes no --triple-seven"):
        BlackjackInsuranceRequest(rules=BlackjackRulesInput(triple_seven=False))


# -- the request is the command ------------------------------------------------------------


@pytest.mark.parametrize("command", sorted(CHEAP))
def test_a_document_runs_again_from_its_request(command: str) -> None:
    doc = json.loads(run(command, *CHEAP[command], "--format", "json"))
    again = request_of(doc).run().document()
    assert again is not None
    assert {k: v for k, v in again.items() if k != "version"} == {
        k: v for k, v in doc.items() if k != "version"
    }


@pytest.mark.parametrize(
    ("kind", "request_", "message"),
    [
        ("blackjack hand", {"cards": "T Z", "up": "5"}, "unknown card 'Z'"),
        ("blackjack hand", {"cards": "T 6"}, "give the dealer's up card (--up)"),
        ("blackjack hand", {"cards": "", "up": "5"}, "a hand needs at least two cards"),
        ("blackjack dealer", {"rules": {"das": True}}, "takes no --das"),
        ("blackjack dealer", {"shoe": {"decks": 2}}, "takes its decks from the rules"),
        ("blackjack edge", {"rules": {"split_hands": 9}}, "--split-hands must be 2, 3 or 4"),
        ("blackjack edge", {"rules": {"decks": 0}}, "--decks must be 1 or more, got 0"),
        ("blackjack edge", {"rules": {"decks": 2}, "shoe": {"counts": "T=9"}}, "conflict"),
        ("blackjack eor", {"level": 0}, "--level must be between 1 and 9"),
        ("blackjack round", {"strategy": "best"}, "unknown strategy 'best'"),
        ("blackjack simulate", {"shoes": 10**20}, "--shoes must be between 1 and 100,000"),
        ("blackjack simulate", {"shoe": {"remove": "A"}}, "takes no --remove"),
        ("blackjack simulate", {"burn": "most"}, "--burn must be standard, none or a number"),
        ("blackjack rulesets", {"names": ["vegas"]}, "'vegas' no longer names"),
        ("blackjack rules", {"rules": {"h17": "yes"}}, "request.rules.h17 must be true or false"),
    ],
)
def test_a_documents_request_is_refused_as_the_command_line_is(
    kind: str, request_: dict[str, Any], message: str
) -> None:
    document = {"schema": 3, "kind": kind, "request": request_}
    with pytest.raises(BaccaratError) as error:
        request_of(document)
    assert message in str(error.value)
    assert isinstance(error.value, RequestError) or "request." not in message


def test_the_shoe_input_is_the_shared_one() -> None:
    request = BlackjackDealerRequest(shoe=ShoeInput(remove="A A"))
    assert request.game()[1].cards == 310
    assert request.to_dict()["shoe"] == {
        "decks": None,
        "counts": None,
        "remove": "A A",
        "infinite": False,
    }


# -- hostile input: one clear line, exit 2 ---------------------------------------------------

HOSTILE = {
    "bad cards": [
        (["hand", "T Z", "--up", "5"], "unknown card 'Z'"),
        (["insurance", "Z 9"], "unknown card 'Z'"),
        (["dealer", "--remove", "Q W"], "unknown card 'W'"),
        (["edge", "--counts", "Z=4"], "Z"),
        (["round", "--remove", "A Ax30"], "cannot remove 31 aces"),
        (["simulate", "--counts", "T=9,W=3"], "W"),
        (["hand", "7 7 7", "--up", "7", "--decks", "1", "--remove", "7"], "cannot remove 4 sevens"),
        (["dealer", "--decks", "1", "--remove", "Ax5"], "cannot remove 5 aces"),
        (["insurance", "A A A A", "--decks", "1"], "does not hold the dealer's ace"),
    ],
    "bad up cards": [
        (["hand", "9 5", "--up", "5 6"], "the up card is one card"),
        (["hand", "9 5", "--up", "Z"], "unknown card 'Z'"),
        (["hand", "9 5", "--up", ""], "give the dealer's up card (--up)"),
        (["dealer", "--up", "A K"], "the up card is one card"),
        (["dealer", "--up", "2", "--counts", "A=4,T=30"], "the shoe holds no 2"),
        (["insurance", "--counts", "T=30,9=4"], "the shoe holds no ace"),
    ],
    "impossible rules": [
        (["rules", "--dealer-bj-takes", "half"], "--dealer-bj-takes must be one of all, original"),
        (["rules", "--blackjack-pays", "lots"], "blackjack pay must be a number"),
        (["rules", "--blackjack-pays", "-3/2"], "the blackjack pay must not be negative"),
        (["strategy", "--rules", "atlantis"], "unknown blackjack rule set"),
        (["rules", "--surrender", "sometimes"], "--surrender must be one of none, late, early"),
        (["rules", "--double", "8-11"], "--double must be one of any, 9-11, 10-11"),
        (["rules", "--split-by", "suit"], "--split-by must be one of value, rank"),
        (["rules", "--split-hands", "5"], "--split-hands must be 2, 3 or 4, got 5"),
        (["rules", "--resplit-aces"], "resplit aces needs split hands of 3 or 4"),
        (["rules", "--double-split-aces"], "double split aces needs double after split"),
        (
            ["rules", "--das", "--double-split-aces", "--one-card-split-aces"],
            "split aces that may be played on",
        ),
        (["rulesets", "atlantis"], "unknown blackjack rule set 'atlantis'"),
        (["round", "--split-hands", "3", "--split-by", "rank"], "pairs by value only"),
        (["edge", "--decks", "2", "--counts", "T=40"], "--decks and --counts conflict"),
        (["eor", "--infinite"], "an infinite shoe: removing a card changes nothing"),
        (["round", "--strategy", "best"], "unknown strategy 'best'"),
        (["report", "--strategy", "best"], "unknown strategy 'best'"),
        (["report", "--rounds", "0"], "--rounds takes whole numbers of rounds from 1, got '0'"),
        (["report", "--confidence", "100"], "--confidence takes per cents between 0 and 100"),
        (["report", "--loss", "-5"], "--loss takes amounts more than 0, got '-5'"),
        (["indices", "--count-system", "nonesuch"], "unknown count 'nonesuch'"),
    ],
    "empty hands": [
        (["hand", "9", "--up", "5"], "a hand needs at least two cards"),
        (["hand", "", "--up", "5"], "a hand needs at least two cards, got 0"),
        (["insurance", " "], "a hand needs at least two cards, got 0"),
        (["hand", "K Q 5", "--up", "5"], "already busted"),
        (["hand", "7 7 7", "--up", "5"], "Triple Seven"),
        (["dealer", "--counts", "T=1"], "too small"),
        (["edge", "--counts", "T=5,9=3"], "too small"),
        (["dealer", "--counts", "A=0"], ""),
    ],
    "huge numbers": [
        (["rules", "--split-hands", "99999999999999999999"], "--split-hands must be 2, 3 or 4"),
        (["edge", "--decks", "1000000000", "--float"], "at most 1,000,000 cards"),
        (["hand", "Ax99999999999", "--up", "5"], "too many to list one by one"),
        (["rules", "--blackjack-pays", "1e99999999"], ""),
        (["simulate", "--shoes", "99999999999999999999"], "--shoes must be between 1 and"),
        (["simulate", "--seed", "99999999999999999999"], "--seed must be between 0 and"),
        (["simulate", "--cut-card", "99999999999999999999", "--decks", "1"], "--cut-card must"),
        (["simulate", "--burn", "99999999999999999999", "--decks", "1"], "--burn must be fewer"),
        (["edge", "--split-hands", "4", "--counts", "A=3,5=3,6=4,7=4,9=2,T=3"], "can take 150"),
        (["eor", "--level", "99999999999999999999"], ""),
        (["counting", "--shoes", "99999999999999999999"], "past the day a run may take"),
        (["counting", "--ramp", "1:99999999999999999999"], "--ramp: units must be between"),
        (["counting", "--kelly", "1e99999999", "--max-bet", "8"], "--kelly"),
    ],
}


@pytest.mark.parametrize(
    ("args", "message"),
    [case for cases in HOSTILE.values() for case in cases],
    ids=[f"{kind}: {' '.join(a)[:40]}" for kind, cases in HOSTILE.items() for a, _ in cases],
)
def test_hostile_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run_main(capsys, *args)
    assert code == 2, (code, out, err)
    assert err.startswith("Error: ") and err.count("\n") == 1 and message in err, err
    assert "Traceback" not in err and "internal error" not in err and out == ""


def test_a_shoe_too_small_names_the_up_card_that_needs_the_most(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 89 points: after an ace 88 are left (enough), after a 5 84, after a ten 79 (the worst)
    for command in ("round", "edge"):
        code, _, err = run_main(capsys, command, "--counts", "A=4,5=1,T=8")
        assert code == 2 and "after the up card T it holds 79 points" in err, err


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
        "report",
        "simulate",
        "indices",
        "counting",
    }
    assert set(KINDS) == {f"blackjack {name}" for name in commands}
    for name, command in commands.items():
        assert command.help and command.help.strip(), name
        for param in command.params:
            assert getattr(param, "help", None), (name, param.name)
